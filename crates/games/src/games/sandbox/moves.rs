//! Each cell's legal moves as a bit set, worked out once per board rather than on every
//! expansion: a search then reads one byte per cell instead of testing eight neighbours
//! and their corners.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use super::jump_distances::JumpDistances;
use super::move_order::MOVES;
use crate::grid::{Grid, Pos};

/// The move set of every cell, and which terrains the board uses, computed on first use (or
/// a few rows at a time by [`MoveSets::prepare`]) and kept up to date by the board's edits
/// once they exist. Derived data: it takes no part in comparing boards. Copies of the board
/// share it until one is edited.
#[derive(Clone, Default)]
pub(super) struct MoveSets {
    moves: OnceLock<Arc<Moves>>,
    /// Jump Point Search's straight scans, worked out from the move sets when first asked.
    jumps: OnceLock<JumpDistances>,
    /// What [`MoveSets::prepare`] has made so far, until it is whole.
    partial: Option<Box<Partial>>,
}

#[derive(Clone)]
enum Partial {
    /// The move sets of the first rows.
    Moves(Moves),
    /// The jump distances' first lines (the move sets are whole).
    Jumps(JumpDistances),
}

#[derive(Clone)]
pub(super) struct Moves {
    /// Every cell's move set, row by row.
    pub sets: Vec<u8>,
    /// Bit `t` is set if terrain `t` is (or once was) on the board: a superset of the
    /// terrains in use, which is all that pricing moves needs.
    pub terrains: u32,
}

/// How far [`MoveSets::prepare`] has got: lines made, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preparation {
    pub made: usize,
    pub of: usize,
}

impl Preparation {
    pub fn is_done(self) -> bool {
        self.made >= self.of
    }
}

impl MoveSets {
    /// The moves of every cell. `passable` says which terrains can be entered.
    #[inline]
    pub fn get(&self, cells: &Grid<u8>, passable: impl Fn(u8) -> bool) -> &Moves {
        self.moves.get_or_init(|| {
            let mut moves = Moves::begin(cells);
            moves.advance(cells, &by_terrain(passable), usize::MAX);
            Arc::new(moves)
        })
    }

    /// Makes up to `lines` more rows of move sets, then (if `with_jumps` of them) lines of jump
    /// distances: the same tables as [`MoveSets::get`] and [`MoveSets::jumps`], a part at a
    /// time, so that a big board's can be spread over frames.
    pub fn prepare(
        &mut self,
        cells: &Grid<u8>,
        passable: impl Fn(u8) -> bool,
        with_jumps: impl Fn(&Moves) -> bool,
        lines: usize,
    ) -> Preparation {
        let (width, height) = (cells.width(), cells.height());
        let jump_lines = 2 * (width + height);
        // Until the move sets are whole, counting the jump distances as if they were wanted.
        let of = height + jump_lines;
        let mut left = lines;
        if self.moves.get().is_none() {
            let mut moves = match self.partial.take().map(|p| *p) {
                Some(Partial::Moves(moves)) => moves,
                _ => Moves::begin(cells),
            };
            let rows = moves.advance(cells, &by_terrain(passable), left);
            left -= rows;
            if moves.sets.len() < width * height {
                let made = moves.sets.len() / width.max(1);
                self.partial = Some(Box::new(Partial::Moves(moves)));
                return Preparation { made, of };
            }
            let _ = self.moves.set(Arc::new(moves));
        }
        let moves = self.moves.get().expect("made above");
        if !with_jumps(moves) {
            return Preparation {
                made: height,
                of: height,
            };
        }
        if self.jumps.get().is_some() {
            return Preparation { made: of, of };
        }
        let sets = &moves.sets;
        let mut table = match self.partial.take().map(|p| *p) {
            Some(Partial::Jumps(table)) => table,
            _ => JumpDistances::begin(width, height),
        };
        let whole = table.advance(sets, left);
        let made = height + table.progress().0;
        if whole {
            let _ = self.jumps.set(table);
        } else {
            self.partial = Some(Box::new(Partial::Jumps(table)));
        }
        Preparation { made, of }
    }

    /// After the cell at `pos` changed: its neighbours' move sets (and its own) are
    /// recomputed, if move sets were computed at all.
    pub fn cell_changed(&mut self, cells: &Grid<u8>, pos: Pos, passable: impl Fn(u8) -> bool) {
        if let (None, Some(Partial::Moves(moves))) = (self.moves.get(), self.partial.as_deref_mut())
        {
            return moves.cell_changed(cells, pos, passable);
        }
        let Some(moves) = self.moves.get_mut() else {
            self.jumps = OnceLock::new();
            self.partial = None;
            return;
        };
        let moves = Arc::make_mut(moves);
        moves.cell_changed(cells, pos, passable);
        // A changed cell can end or lengthen scans along the rows and columns near it.
        match (self.jumps.get_mut(), self.partial.as_deref_mut()) {
            (Some(table), _) | (None, Some(Partial::Jumps(table))) => {
                table.repair(&moves.sets, pos)
            }
            _ => {}
        }
    }

    /// Forgets the move sets (after a change to many cells).
    pub fn reset(&mut self) {
        *self = MoveSets::default();
    }

    /// The straight scans' distances of a board whose move sets are `sets`.
    pub fn jumps(&self, sets: &[u8], width: usize, height: usize) -> &JumpDistances {
        self.jumps
            .get_or_init(|| JumpDistances::new(sets, width, height))
    }
}

impl Moves {
    fn begin(cells: &Grid<u8>) -> Moves {
        Moves {
            sets: Vec::with_capacity(cells.width() * cells.height()),
            terrains: 0,
        }
    }

    /// After the cell at `pos` changed: the move sets made so far around it.
    fn cell_changed(&mut self, cells: &Grid<u8>, pos: Pos, passable: impl Fn(u8) -> bool) {
        if let Some(&terrain) = cells.get(pos) {
            self.terrains |= 1 << (terrain % 32);
        }
        let width = cells.width();
        for dy in -1..=1 {
            for dx in -1..=1 {
                let at = pos.offset(dx, dy);
                let index = |at: Pos| at.y as usize * width + at.x as usize;
                if cells.contains(at) && index(at) < self.sets.len() {
                    let open = |(dx, dy)| {
                        (cells.get(at.offset(dx, dy))).is_some_and(|&terrain| passable(terrain))
                    };
                    self.sets[index(at)] = move_set(open);
                }
            }
        }
    }

    /// Makes up to `rows` more rows; returns how many it made.
    fn advance(&mut self, cells: &Grid<u8>, passable: &[bool; 256], rows: usize) -> usize {
        let (width, height) = (cells.width().max(1), cells.height());
        let first = self.sets.len() / width;
        let rows = first..(first.saturating_add(rows)).min(height);
        let made = rows.len();
        for row in cells.cells().chunks_exact(width).skip(first).take(made) {
            self.terrains = row
                .iter()
                .fold(self.terrains, |set, &t| set | 1 << (t % 32));
        }
        move_set_rows(cells, passable, rows, &mut self.sets);
        made
    }
}

impl PartialEq for MoveSets {
    fn eq(&self, _: &MoveSets) -> bool {
        true
    }
}

impl std::fmt::Debug for MoveSets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MoveSets")
    }
}

/// Which of the 256 terrain indices `passable` lets a move enter.
fn by_terrain(passable: impl Fn(u8) -> bool) -> [bool; 256] {
    std::array::from_fn(|t| passable(t as u8))
}

/// The move sets of `rows`, appended to `out`: which cells are passable first, once, in a
/// grid with a border of walls around it, so that each cell's neighbours are read at fixed
/// offsets with no test for the board's edges (a 3000 x 3000 board: 169 ms with the tests,
/// about a tenth of that without).
fn move_set_rows(cells: &Grid<u8>, passable: &[bool; 256], rows: Range<usize>, out: &mut Vec<u8>) {
    let (w, h) = (cells.width(), cells.height());
    if rows.is_empty() || w == 0 {
        return;
    }
    let stride = w + 2;
    // The rows wanted and one on either side, if the board has them.
    let above = rows.start.saturating_sub(1);
    let below = (rows.end + 1).min(h);
    let mut open = vec![0u8; stride * (rows.len() + 2)];
    for y in above..below {
        let start = (y + 1 - rows.start) * stride + 1;
        let row = &cells.cells()[y * w..(y + 1) * w];
        for (place, &terrain) in open[start..start + w].iter_mut().zip(row) {
            *place = passable[terrain as usize] as u8;
        }
    }
    let offsets = MOVES.map(|(dx, dy)| dy as isize * stride as isize + dx as isize);
    for y in 0..rows.len() {
        let start = (y + 1) * stride + 1;
        out.extend((start..start + w).map(|p| {
            let at = |i: usize| open[p.wrapping_add_signed(offsets[i])];
            move_set_of([at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7)])
        }));
    }
}

/// [`move_set`] of a cell whose neighbours in the order of [`MOVES`] are passable (1) or
/// not (0), without branches.
#[inline]
fn move_set_of(open: [u8; 8]) -> u8 {
    let mut set = open[0] | open[1] << 1 | open[2] << 2 | open[3] << 3;
    for i in 0..4 {
        let sides = (set >> i) & (set >> ((i + 1) % 4)) & 1;
        set |= (sides & open[4 + i]) << (4 + i);
    }
    set
}

/// The moves out of a cell whose neighbour at offset (dx, dy) is passable when `open` says
/// so: onto passable cells, and diagonally only when both orthogonal cells beside the
/// diagonal are passable (no cutting corners). Orthogonal bits stand on their own, so
/// 4-connected searches can use those bits alone.
fn move_set(open: impl Fn((i32, i32)) -> bool) -> u8 {
    let mut set = 0u8;
    for (i, &step) in MOVES[..4].iter().enumerate() {
        set |= (open(step) as u8) << i;
    }
    for (i, &step) in MOVES[4..].iter().enumerate() {
        // Diagonal i lies between orthogonal moves i and i + 1.
        let sides = set >> i & 1 == 1 && set >> ((i + 1) % 4) & 1 == 1;
        set |= ((sides && open(step)) as u8) << (4 + i);
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sandbox::Board;
    use crate::games::sandbox::generate::Generator;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The move sets, worked out the slow way: every neighbour tested on its own.
    fn by_hand(board: &Board) -> Vec<u8> {
        let open = |p: Pos| board.is_passable(p);
        board
            .cells()
            .positions()
            .map(|p| {
                let mut set = 0;
                for (i, &(dx, dy)) in MOVES.iter().enumerate() {
                    let legal = open(p.offset(dx, dy))
                        && (i < 4 || (open(p.offset(dx, 0)) && open(p.offset(0, dy))));
                    set |= (legal as u8) << i;
                }
                set
            })
            .collect()
    }

    #[test]
    fn move_sets_match_the_neighbours_and_follow_every_edit() {
        let mut rng = StdRng::seed_from_u64(5);
        for seed in 0..20 {
            let mut board = Generator::Scatter { density: 0.3 }.generate(13, 9, seed);
            assert_eq!(board.move_sets(), by_hand(&board), "seed {seed}");
            let wall = board.wall_terrain().expect("a wall terrain");
            for _ in 0..60 {
                let pos = Pos::new(rng.random_range(0..13), rng.random_range(0..9));
                let terrain = if rng.random_bool(0.5) {
                    wall
                } else {
                    rng.random_range(0..board.legend().len() as u8)
                };
                if rng.random_bool(0.5) {
                    board.paint(pos, terrain);
                } else {
                    board.set_terrain(pos, terrain);
                }
                assert_eq!(
                    board.move_sets(),
                    by_hand(&board),
                    "seed {seed} after painting {pos}"
                );
            }
        }
    }
}
