//! Playing the sliding puzzle: a tile slides into the blank by a click (a whole row or
//! column of tiles at once, as on a real tray) or an arrow key, moves are undone, a game is
//! shuffled by random moves of the blank or dealt as a random position that can reach the
//! goal, and the goal is the arrangement the player picks.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};

use super::position::{Move, Position};
use crate::i18n::Message;

/// The goals offered: the blank first (Korf's 100 use it), the blank last (the shop-bought
/// 15-puzzle), the snail with the blank in the middle (八数码难题 in Chinese contest training:
/// `1 2 3 / 8 0 4 / 7 6 5`), or any arrangement the player types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Goal {
    BlankFirst,
    BlankLast,
    Snail,
    Custom(#[serde(with = "position_text")] Position),
}

impl Goal {
    /// The three named goals, in the order the tab offers them.
    pub const NAMED: [Goal; 3] = [Goal::BlankFirst, Goal::BlankLast, Goal::Snail];

    /// The goal's arrangement on a square of `side` (a typed goal keeps its own side).
    pub fn position(self, side: usize) -> Position {
        match self {
            Goal::BlankFirst => Position::blank_first(side),
            Goal::BlankLast => Position::blank_last(side),
            Goal::Snail => snail(side),
            Goal::Custom(position) => position,
        }
    }

    /// The command line's (and a link's) name: `snail`, `blank-first`, `blank-last`, or
    /// the position itself.
    pub fn code(self) -> String {
        match self {
            Goal::BlankFirst => "blank-first".into(),
            Goal::BlankLast => "blank-last".into(),
            Goal::Snail => "snail".into(),
            Goal::Custom(position) => position.to_string(),
        }
    }

    /// Reads a goal's [`Goal::code`].
    pub fn parse(text: &str) -> Result<Goal, String> {
        Ok(match text.trim() {
            "snail" => Goal::Snail,
            "blank-first" => Goal::BlankFirst,
            "blank-last" => Goal::BlankLast,
            position => Goal::Custom(Position::parse(position).map_err(|why| {
                format!("{why} (a goal is snail, blank-first, blank-last or a position)")
            })?),
        })
    }

    /// The name best results are kept under, with the side: `3x3 snail`.
    pub fn key(self, side: usize) -> String {
        let name = match self {
            Goal::BlankFirst => "blank first".to_string(),
            Goal::BlankLast => "blank last".to_string(),
            Goal::Snail => "snail".to_string(),
            Goal::Custom(position) => position.to_string(),
        };
        format!("{side}x{side} {name}")
    }
}

/// The tiles 1, 2, 3... clockwise round the square from the top left corner, inwards, the
/// blank where the spiral ends.
fn snail(side: usize) -> Position {
    let mut tiles = vec![0u8; side * side];
    let (mut top, mut left, mut bottom, mut right) = (0, 0, side - 1, side - 1);
    let mut next = 1u8;
    let mut place = |row: usize, col: usize, tiles: &mut Vec<u8>| {
        if (next as usize) < side * side {
            tiles[row * side + col] = next;
            next += 1;
        }
    };
    while top <= bottom && left <= right {
        for col in left..=right {
            place(top, col, &mut tiles);
        }
        for row in top + 1..=bottom {
            place(row, right, &mut tiles);
        }
        if top < bottom {
            for col in (left..right).rev() {
                place(bottom, col, &mut tiles);
            }
        }
        if left < right {
            for row in (top + 1..bottom).rev() {
                place(row, left, &mut tiles);
            }
        }
        top += 1;
        left += 1;
        if right == 0 || bottom == 0 {
            break;
        }
        right -= 1;
        bottom -= 1;
    }
    Position::new(&tiles).expect("every tile once")
}

/// A position saved as its text, `1 2 3 8 0 4 7 6 5`, so a saved state reads well (for
/// `#[serde(with = "position_text")]`).
pub mod position_text {
    use super::Position;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(position: &Position, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&position.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let text = String::deserialize(d)?;
        Position::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A position in a file or a message is its text (`1 2 3 8 0 4 7 6 5`): a student's recorded
/// search crosses from the browser's Python worker so.
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        position_text::serialize(self, s)
    }
}

impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        position_text::deserialize(d)
    }
}

/// A game: where it began, where it stands, the goal, the moves played (the blank's) and
/// the moves undone, which redo plays again until a new move is made.
#[derive(Clone, Debug, PartialEq)]
pub struct SlidingGame {
    start: Position,
    position: Position,
    goal: Position,
    played: Vec<Move>,
    /// Moves undone, the latest last.
    undone: Vec<Move>,
}

impl SlidingGame {
    /// A game from `start` towards `goal`, refused with the parity reason when it cannot
    /// reach it.
    pub fn new(start: Position, goal: Position) -> Result<SlidingGame, Message> {
        start.reaches(goal)?;
        Ok(SlidingGame {
            start,
            position: start,
            goal,
            played: vec![],
            undone: vec![],
        })
    }

    pub fn start(&self) -> Position {
        self.start
    }

    pub fn position(&self) -> Position {
        self.position
    }

    pub fn goal(&self) -> Position {
        self.goal
    }

    pub fn is_solved(&self) -> bool {
        self.position == self.goal
    }

    /// Moves played and not undone (a row slid at once counts a move a tile).
    pub fn moves(&self) -> usize {
        self.played.len()
    }

    /// The moves played, as the blank's letters U, D, L and R.
    pub fn played(&self) -> String {
        self.played.iter().map(|m| m.letter()).collect()
    }

    /// Slides the tile that can move in direction `tile_goes` into the blank (an arrow key:
    /// Left slides the tile right of the blank to the left). False when none can.
    pub fn slide(&mut self, tile_goes: Move) -> bool {
        self.move_blank(tile_goes.opposite())
    }

    /// Moves the blank by `m` (a move of a solution); false when it cannot go that way.
    /// A new move forgets the moves undone.
    pub fn move_blank(&mut self, m: Move) -> bool {
        let moved = self.step_blank(m);
        if moved {
            self.undone.clear();
        }
        moved
    }

    fn step_blank(&mut self, m: Move) -> bool {
        match self.position.moved(m) {
            Some(next) => {
                self.position = next;
                self.played.push(m);
                true
            }
            None => false,
        }
    }

    /// Plays `moves` of the blank, then takes them back, so that redo plays them one by
    /// one: a solution replayed. False, with the game unchanged, when one does not fit.
    pub fn queue(&mut self, moves: &[Move]) -> bool {
        let before = (self.position, self.played.len(), self.undone.clone());
        for &m in moves {
            if !self.step_blank(m) {
                self.played.truncate(before.1);
                (self.position, self.undone) = (before.0, before.2);
                return false;
            }
        }
        self.undone.clear();
        for _ in moves {
            self.undo();
        }
        true
    }

    /// Slides the tile in `cell` towards the blank, with every tile between them, when it is
    /// in the blank's row or column. Returns the tiles moved (0 for any other cell).
    pub fn click(&mut self, cell: usize) -> usize {
        let side = self.position.side();
        let blank = self.position.blank();
        if cell >= side * side || cell == blank {
            return 0;
        }
        let (row, col) = (cell / side, cell % side);
        let (blank_row, blank_col) = (blank / side, blank % side);
        let (m, count) = if row == blank_row {
            if col < blank_col {
                (Move::Left, blank_col - col)
            } else {
                (Move::Right, col - blank_col)
            }
        } else if col == blank_col {
            if row < blank_row {
                (Move::Up, blank_row - row)
            } else {
                (Move::Down, row - blank_row)
            }
        } else {
            return 0;
        };
        for _ in 0..count {
            self.move_blank(m);
        }
        count
    }

    /// Takes back the last move. False when there is none.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some(m) => {
                self.position = self
                    .position
                    .moved(m.opposite())
                    .expect("a move played can be taken back");
                self.undone.push(m);
                true
            }
            None => false,
        }
    }

    /// Plays again the last move undone. False when there is none.
    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(m) => {
                let moved = self.step_blank(m);
                debug_assert!(moved, "a move undone can be played again");
                moved
            }
            None => false,
        }
    }

    /// Moves undone that redo can play again.
    pub fn redoable(&self) -> usize {
        self.undone.len()
    }

    /// Starts again from where the game began (no move left to redo).
    pub fn restart(&mut self) {
        self.position = self.start;
        self.played.clear();
        self.undone.clear();
    }
}

/// How to shuffle a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Shuffle {
    /// This many random moves of the blank from the goal, never straight back: the
    /// position is at most that many moves from the goal.
    Moves(usize),
    /// Any position that can reach the goal, each as likely (a random permutation; when its
    /// parity is wrong two tiles are swapped, which flips it).
    Uniform,
}

/// A position shuffled from `goal` by `shuffle`, the same for the same `seed`.
pub fn shuffled(goal: Position, shuffle: Shuffle, seed: u64) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    match shuffle {
        Shuffle::Moves(count) => {
            let mut at = goal;
            let mut last: Option<Move> = None;
            for _ in 0..count {
                let choices: Vec<(Move, Position)> = at
                    .moves()
                    .filter(|(m, _)| Some(m.opposite()) != last)
                    .collect();
                let (m, next) = *choices.choose(&mut rng).expect("a blank always has a move");
                at = next;
                last = Some(m);
            }
            at
        }
        Shuffle::Uniform => {
            let mut tiles = goal.tiles();
            tiles.shuffle(&mut rng);
            let mut position = Position::new(&tiles).expect("a permutation of the goal");
            if position.reaches(goal).is_err() {
                let others: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i] != 0).collect();
                tiles.swap(others[0], others[1]);
                position = Position::new(&tiles).expect("a permutation of the goal");
            }
            position
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snail_is_the_contest_goal_on_3_by_3_and_spirals_on_4_by_4() {
        assert_eq!(snail(3).to_string(), "1 2 3 8 0 4 7 6 5");
        assert_eq!(
            snail(4).to_string(),
            "1 2 3 4 12 13 14 5 11 0 15 6 10 9 8 7"
        );
        assert_eq!(snail(2).to_string(), "1 2 0 3");
        assert_eq!(
            snail(5).tiles().iter().filter(|&&t| t == 0).count(),
            1,
            "one blank"
        );
        assert_eq!(snail(5).blank(), 12, "the middle of 5 x 5");
    }

    #[test]
    fn a_click_slides_a_whole_row_and_undo_takes_back_each_tile() {
        let goal = Position::blank_last(3);
        let mut game = SlidingGame::new(goal, goal).unwrap();
        assert!(game.is_solved());
        // The blank is in the bottom right corner: the bottom left tile slides two along.
        assert_eq!(game.click(6), 2);
        assert_eq!(game.position().to_string(), "1 2 3 4 5 6 0 7 8");
        assert_eq!(game.played(), "LL");
        assert_eq!(game.click(4), 0, "not in the blank's row or column");
        assert_eq!(game.click(0), 2, "the left column slides down");
        assert_eq!(game.position().to_string(), "0 2 3 1 5 6 4 7 8");
        assert!(game.undo());
        assert_eq!(game.moves(), 3);
        assert_eq!(game.position().to_string(), "1 2 3 0 5 6 4 7 8");
        assert!(game.redo());
        assert_eq!(game.position().to_string(), "0 2 3 1 5 6 4 7 8");
        assert!(!game.redo(), "nothing more was undone");
        game.undo();
        assert_eq!(game.click(5), 2, "the blank's row slides left");
        assert!(!game.redo(), "a new move forgets the moves undone");
        game.restart();
        assert_eq!(game.position(), goal);
        assert!(!game.undo());
    }

    #[test]
    fn a_queued_solution_is_played_by_redo_from_where_the_game_stands() {
        let goal = Position::blank_last(3);
        let start = goal.after("LU").unwrap();
        let mut game = SlidingGame::new(start, goal).unwrap();
        // A move by hand first: the solution is found from there, not from the start.
        assert!(game.move_blank(Move::Left));
        let at = game.position();
        let solution = [Move::Right, Move::Down, Move::Right];
        assert!(game.queue(&solution));
        assert_eq!((game.position(), game.moves(), game.redoable()), (at, 1, 3));
        while game.redo() {}
        assert!(game.is_solved());
        assert_eq!(game.moves(), 4);
        // A solution that does not fit is refused whole.
        game.restart();
        let before = game.clone();
        assert!(!game.queue(&[Move::Up, Move::Up, Move::Up]));
        assert_eq!(game, before);
    }

    #[test]
    fn an_arrow_slides_the_tile_that_moves_that_way() {
        let goal = Position::blank_last(3);
        let mut game = SlidingGame::new(goal, goal).unwrap();
        assert!(!game.slide(Move::Left), "nothing is right of the blank");
        assert!(game.slide(Move::Right));
        assert_eq!(game.position().to_string(), "1 2 3 4 5 6 7 0 8");
        assert!(game.slide(Move::Down));
        assert_eq!(game.position().to_string(), "1 2 3 4 0 6 7 5 8");
    }

    #[test]
    fn a_game_that_cannot_reach_its_goal_is_refused_with_the_parity_reason() {
        let start = Position::parse("2 1 3 4 5 6 7 8 0").unwrap();
        let why = SlidingGame::new(start, Position::blank_last(3))
            .unwrap_err()
            .to_string();
        assert!(why.contains("odd"), "{why}");
    }

    #[test]
    fn shuffles_reach_the_goal_and_repeat_with_the_seed() {
        for side in 2..=5 {
            for goal in Goal::NAMED.map(|g| g.position(side)) {
                for seed in 0..20 {
                    for shuffle in [Shuffle::Moves(30), Shuffle::Uniform] {
                        let position = shuffled(goal, shuffle, seed);
                        assert_eq!(position.reaches(goal), Ok(()), "{shuffle:?} {position}");
                        assert_eq!(position, shuffled(goal, shuffle, seed));
                    }
                }
            }
        }
        let goal = Position::blank_last(4);
        let walked = shuffled(goal, Shuffle::Moves(1), 3);
        assert_eq!(
            goal.moves().filter(|(_, p)| *p == walked).count(),
            1,
            "one move"
        );
        let dealt: std::collections::HashSet<Position> = (0..50)
            .map(|seed| shuffled(goal, Shuffle::Uniform, seed))
            .collect();
        assert!(dealt.len() > 45, "random positions differ");
    }

    #[test]
    fn goals_are_saved_as_text_and_a_bad_one_is_refused() {
        let goal = Goal::Custom(Position::parse("1 2 3 8 0 4 7 6 5").unwrap());
        let text = ron::to_string(&goal).unwrap();
        assert_eq!(text, "Custom(\"1 2 3 8 0 4 7 6 5\")");
        assert_eq!(ron::from_str::<Goal>(&text).unwrap(), goal);
        let bad = ron::from_str::<Goal>("Custom(\"1 2 3 3 0 4 7 6 5\")");
        assert!(bad.is_err());
        assert_eq!(Goal::Snail.key(3), "3x3 snail");
    }
}
