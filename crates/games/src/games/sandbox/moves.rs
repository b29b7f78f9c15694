//! Each cell's legal moves as a bit set, worked out once per board rather than on every
//! expansion: a search then reads one byte per cell instead of testing eight neighbours
//! and their corners.

use std::sync::OnceLock;

use super::jump_distances::JumpDistances;
use super::move_order::MOVES;
use crate::grid::{Grid, Pos};

/// The move set of every cell, and which terrains the board uses, computed on first use and
/// kept up to date by the board's edits once they exist. Derived data: it takes no part in
/// comparing boards.
#[derive(Clone, Default)]
pub(super) struct MoveSets {
    moves: OnceLock<Moves>,
    /// Jump Point Search's straight scans, worked out from the move sets when first asked.
    jumps: OnceLock<JumpDistances>,
}

#[derive(Clone)]
pub(super) struct Moves {
    /// Every cell's move set, row by row.
    pub sets: Vec<u8>,
    /// Bit `t` is set if terrain `t` is (or once was) on the board: a superset of the
    /// terrains in use, which is all that pricing moves needs.
    pub terrains: u32,
}

impl MoveSets {
    /// The moves of every cell. `passable` says which terrains can be entered.
    pub fn get(&self, cells: &Grid<u8>, passable: impl Fn(u8) -> bool) -> &Moves {
        self.moves.get_or_init(|| Moves {
            sets: all_move_sets(cells, passable),
            terrains: cells.cells().iter().fold(0, |set, &t| set | 1 << (t % 32)),
        })
    }

    /// After the cell at `pos` changed: its neighbours' move sets (and its own) are
    /// recomputed, if move sets were computed at all.
    pub fn cell_changed(&mut self, cells: &Grid<u8>, pos: Pos, passable: impl Fn(u8) -> bool) {
        let Some(Moves { sets, terrains }) = self.moves.get_mut() else {
            self.jumps = OnceLock::new();
            return;
        };
        if let Some(&terrain) = cells.get(pos) {
            *terrains |= 1 << (terrain % 32);
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                let at = pos.offset(dx, dy);
                if cells.contains(at) {
                    let open = |(dx, dy)| {
                        (cells.get(at.offset(dx, dy))).is_some_and(|&terrain| passable(terrain))
                    };
                    sets[at.y as usize * cells.width() + at.x as usize] = move_set(open);
                }
            }
        }
        // A changed cell can end or lengthen scans along the rows and columns near it.
        if let Some(jumps) = self.jumps.get_mut() {
            jumps.repair(sets, cells.width(), cells.height(), pos);
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

/// Every cell's move set, row by row: which cells are passable first, once, in a grid with
/// a border of walls around it, so that each cell's neighbours are read at fixed offsets
/// with no test for the board's edges (a 3000 x 3000 board: 169 ms with the tests, about
/// a tenth of that without).
fn all_move_sets(cells: &Grid<u8>, passable: impl Fn(u8) -> bool) -> Vec<u8> {
    let by_terrain: [bool; 256] = std::array::from_fn(|t| passable(t as u8));
    let (w, h) = (cells.width(), cells.height());
    let stride = w + 2;
    let mut open = vec![0u8; stride * (h + 2)];
    for (row, cells) in cells.cells().chunks_exact(w.max(1)).enumerate() {
        let start = (row + 1) * stride + 1;
        for (place, &terrain) in open[start..start + w].iter_mut().zip(cells) {
            *place = by_terrain[terrain as usize] as u8;
        }
    }
    let offsets = MOVES.map(|(dx, dy)| dy as isize * stride as isize + dx as isize);
    let mut sets = Vec::with_capacity(w * h);
    for y in 0..h {
        let start = (y + 1) * stride + 1;
        sets.extend((start..start + w).map(|p| {
            let at = |i: usize| open[p.wrapping_add_signed(offsets[i])];
            move_set_of([at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7)])
        }));
    }
    sets
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
