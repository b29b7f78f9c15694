//! A position of the sliding puzzle: the tiles row by row, 0 for the blank, on a square of
//! side 2 to 5. Stored packed, five bits a cell in one `u128`, with the blank's place beside
//! it, so a search holds a 4 x 4 position in 24 bytes and compares it in one instruction.

use std::fmt;

use crate::i18n::Message;
use crate::msg;

/// The smallest and largest sides offered.
pub const MIN_SIDE: usize = 2;
pub const MAX_SIDE: usize = 5;

const BITS: u32 = 5;
const MASK: u128 = (1 << BITS) - 1;

/// Where the blank moves (the tile beside it slides the other way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
}

impl Move {
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The letter of a solution string: U, D, L or R.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move a solution's letter names (either case).
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }

    /// Its direction in words, for messages.
    pub fn way(self) -> Message {
        Message::new(match self {
            Move::Up => "dir-up",
            Move::Down => "dir-down",
            Move::Left => "dir-left",
            Move::Right => "dir-right",
        })
    }

    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }
}

/// A position: which tile is in each cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    cells: u128,
    side: u8,
    blank: u8,
}

/// Why a position cannot reach a goal, in words a student can check by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable {
    /// Swaps of two tiles that turn the position into the goal (blank included), odd or even.
    pub swaps_odd: bool,
    /// Rows plus columns the blank is from its place in the goal, odd or even.
    pub blank_distance_odd: bool,
}

impl Unsolvable {
    /// The reason, in words put together when shown.
    pub fn message(&self) -> Message {
        let parity = |odd: bool| Message::new(if odd { "puzzle-odd" } else { "puzzle-even" });
        msg!(
            "puzzle-unsolvable",
            swaps = parity(self.swaps_odd),
            distance = parity(self.blank_distance_odd)
        )
    }
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl Position {
    /// The position with `tiles` row by row (0 the blank): a square number of them, 4 to
    /// 25, each of 0 to n - 1 once.
    pub fn new(tiles: &[u8]) -> Result<Position, Message> {
        let side = (MIN_SIDE..=MAX_SIDE)
            .find(|s| s * s == tiles.len())
            .ok_or_else(|| msg!("puzzle-count", count = tiles.len()))?;
        let mut seen = [false; MAX_SIDE * MAX_SIDE];
        for &tile in tiles {
            let t = tile as usize;
            if t >= tiles.len() {
                return Err(msg!(
                    "puzzle-not-a-tile",
                    tile = tile,
                    side = side,
                    last = tiles.len() - 1
                ));
            }
            if seen[t] {
                return Err(msg!("puzzle-twice", tile = tile));
            }
            seen[t] = true;
        }
        let mut cells = 0u128;
        let mut blank = 0;
        for (i, &tile) in tiles.iter().enumerate() {
            cells |= (tile as u128) << (BITS * i as u32);
            if tile == 0 {
                blank = i as u8;
            }
        }
        Ok(Position {
            cells,
            side: side as u8,
            blank,
        })
    }

    /// Reads numbers separated by spaces, commas or new lines ("1 2 3 4 5 6 7 8 0"); `_`,
    /// `.` and `x` stand for the blank too.
    pub fn parse(text: &str) -> Result<Position, Message> {
        let mut tiles = vec![];
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
            .filter(|w| !w.is_empty())
        {
            let tile = match word {
                "_" | "." | "x" | "X" => 0,
                number => number
                    .parse::<u8>()
                    .map_err(|_| msg!("puzzle-not-a-number", word = crate::files::quote(number)))?,
            };
            if tiles.len() == MAX_SIDE * MAX_SIDE {
                return Err(msg!("puzzle-too-many"));
            }
            tiles.push(tile);
        }
        Position::new(&tiles)
    }

    /// The goal with the blank first: 0 1 2 ... (Korf's).
    pub fn blank_first(side: usize) -> Position {
        let tiles: Vec<u8> = (0..(side * side) as u8).collect();
        Position::new(&tiles).expect("a side from 2 to 5")
    }

    /// The goal with the blank last: 1 2 ... n-1 0.
    pub fn blank_last(side: usize) -> Position {
        let n = side * side;
        let tiles: Vec<u8> = (1..n as u8).chain([0]).collect();
        Position::new(&tiles).expect("a side from 2 to 5")
    }

    pub fn side(self) -> usize {
        self.side as usize
    }

    /// Cells, `side * side`.
    pub fn len(self) -> usize {
        self.side() * self.side()
    }

    pub fn is_empty(self) -> bool {
        false
    }

    /// The blank's cell (row-major index).
    pub fn blank(self) -> usize {
        self.blank as usize
    }

    /// The tile in cell `index` (0 for the blank).
    #[inline]
    pub fn tile(self, index: usize) -> u8 {
        ((self.cells >> (BITS * index as u32)) & MASK) as u8
    }

    /// The tiles row by row.
    pub fn tiles(self) -> Vec<u8> {
        (0..self.len()).map(|i| self.tile(i)).collect()
    }

    /// The cell the blank moves to by `m`, if it stays on the board.
    pub fn target(self, m: Move) -> Option<usize> {
        let (side, blank) = (self.side(), self.blank());
        let (row, col) = (blank / side, blank % side);
        match m {
            Move::Up if row > 0 => Some(blank - side),
            Move::Down if row + 1 < side => Some(blank + side),
            Move::Left if col > 0 => Some(blank - 1),
            Move::Right if col + 1 < side => Some(blank + 1),
            _ => None,
        }
    }

    /// The position after the blank moves by `m`, if it can.
    pub fn moved(self, m: Move) -> Option<Position> {
        let to = self.target(m)?;
        let tile = self.tile(to) as u128;
        let cells =
            (self.cells & !(MASK << (BITS * to as u32))) | (tile << (BITS * self.blank as u32));
        Some(Position {
            cells,
            side: self.side,
            blank: to as u8,
        })
    }

    /// The moves the blank can make, in the order U, D, L, R.
    pub fn moves(self) -> impl Iterator<Item = (Move, Position)> {
        Move::ALL
            .into_iter()
            .filter_map(move |m| self.moved(m).map(|p| (m, p)))
    }

    /// The position after `moves`, a string of U, D, L and R (what the command line prints);
    /// an error names the first move that does not fit.
    pub fn after(self, moves: &str) -> Result<Position, Message> {
        let mut at = self;
        for (i, letter) in moves.chars().enumerate() {
            let Some(m) = Move::from_letter(letter) else {
                return Err(msg!("puzzle-bad-letter", at = i + 1, letter = letter));
            };
            at = at
                .moved(m)
                .ok_or_else(|| msg!("puzzle-blocked-move", at = i + 1, way = m.way()))?;
        }
        Ok(at)
    }

    /// Whether `goal` can be reached from this position, and if not why (the parity rule).
    /// Also refuses a goal of another size.
    pub fn reaches(self, goal: Position) -> Result<(), Message> {
        if goal.side != self.side {
            return Err(msg!(
                "puzzle-other-size",
                goal = goal.side,
                side = self.side
            ));
        }
        // Follow the cycles of the permutation taking each cell's tile to its goal cell:
        // a cycle of length k is k - 1 swaps.
        let mut goal_cell = [0usize; MAX_SIDE * MAX_SIDE];
        for i in 0..goal.len() {
            goal_cell[goal.tile(i) as usize] = i;
        }
        let mut visited = [false; MAX_SIDE * MAX_SIDE];
        let mut swaps = 0;
        for start in 0..self.len() {
            let mut at = start;
            let mut length = 0usize;
            while !visited[at] {
                visited[at] = true;
                at = goal_cell[self.tile(at) as usize];
                length += 1;
            }
            swaps += length.saturating_sub(1);
        }
        let side = self.side();
        let (b, g) = (self.blank(), goal.blank());
        let distance = (b / side).abs_diff(g / side) + (b % side).abs_diff(g % side);
        let why = Unsolvable {
            swaps_odd: swaps % 2 == 1,
            blank_distance_odd: distance % 2 == 1,
        };
        if why.swaps_odd == why.blank_distance_odd {
            Ok(())
        } else {
            Err(why.message())
        }
    }
}

impl fmt::Display for Position {
    /// The tiles row by row, separated by spaces (the blank as 0): what `parse` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.tiles().iter().map(u8::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
