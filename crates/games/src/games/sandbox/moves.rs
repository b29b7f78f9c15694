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

/// Every cell's move set, row by row: the passable cells first, once, then each cell's
/// neighbours looked up in that (a board of 4096 x 4096 takes a fraction of a second).
fn all_move_sets(cells: &Grid<u8>, passable: impl Fn(u8) -> bool) -> Vec<u8> {
    let by_terrain: [bool; 256] = std::array::from_fn(|t| passable(t as u8));
    let open: Vec<bool> = (cells.cells().iter())
        .map(|&t| by_terrain[t as usize])
        .collect();
    let (w, h) = (cells.width() as i32, cells.height() as i32);
    let mut sets = Vec::with_capacity(open.len());
    for y in 0..h {
        for x in 0..w {
            sets.push(move_set(|(dx, dy)| {
                let (nx, ny) = (x + dx, y + dy);
                nx >= 0 && ny >= 0 && nx < w && ny < h && open[(ny * w + nx) as usize]
            }));
        }
    }
    sets
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
