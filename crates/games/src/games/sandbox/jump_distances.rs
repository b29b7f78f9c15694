//! Jump Point Search's straight scans, worked out once per board: the straight half of
//! JPS+ (Rabin and Sturtevant, "Combining Bounding Boxes and JPS to Prune Grid Pathfinding",
//! AAAI 2016; Harabor and Grastien's "Improving Jump Point Search", ICAPS 2014). A scan along
//! a row or column stops at the first cell with a forced neighbour, or before a wall, and
//! neither depends on where the search started or is going; only the goal does, and a
//! search checks that itself. So every diagonal step of a scan, which looks along a row and
//! a column, costs two lookups instead of two walks.

use super::move_order::MOVES;
use crate::grid::Pos;

/// For each cell and orthogonal direction (in [`MOVES`] order: up, right, down, left), how
/// a straight scan from the cell ends: `k > 0`, at the jump point `k` cells on; `-m <= 0`,
/// against a wall after `m` cells without a jump point.
#[derive(Clone, Debug, PartialEq)]
pub struct JumpDistances {
    by_direction: [Vec<i16>; 4],
}

impl JumpDistances {
    /// The distances on a board of `width` x `height` cells whose move sets are `sets`.
    pub fn new(sets: &[u8], width: usize, height: usize) -> JumpDistances {
        let by_direction = std::array::from_fn(|d| distances(sets, width, height, d));
        JumpDistances { by_direction }
    }

    /// How a scan from cell `index` in orthogonal direction `direction` ends.
    #[inline]
    pub fn get(&self, direction: usize, index: usize) -> i16 {
        self.by_direction[direction][index]
    }
}

/// One direction's distances: cells are visited against the direction, so the cell a scan
/// steps onto is known before the cell it steps from. (What [`distance`] does for one
/// cell, with the direction's bits and offsets worked out once: a 3000 x 3000 board's four
/// tables took 600 ms cell by cell.)
fn distances(sets: &[u8], width: usize, height: usize, direction: usize) -> Vec<i16> {
    let (dx, dy) = MOVES[direction];
    let own = 1u8 << direction;
    let step = dy as isize * width as isize + dx as isize;
    let back = bit(-dx, -dy);
    // The cells beside the next one, across the scan, and the move onto each.
    let sides: [(isize, u8); 2] = if dx != 0 {
        [(-(width as isize), bit(0, -1)), (width as isize, bit(0, 1))]
    } else {
        [(-1, bit(-1, 0)), (1, bit(1, 0))]
    };
    let mut out = vec![0i16; sets.len()];
    let rows: Vec<usize> = if dy > 0 {
        (0..height).rev().collect()
    } else {
        (0..height).collect()
    };
    for y in rows {
        let row = y * width;
        let mut cell = |index: usize| {
            if sets[index] & own == 0 {
                return;
            }
            let next = index.wrapping_add_signed(step);
            let forced = sides.iter().any(|&(beside, onto)| {
                sets[next] & onto != 0 && sets[next.wrapping_add_signed(beside)] & back == 0
            });
            out[index] = if forced {
                1
            } else {
                match out[next] {
                    k if k > 0 => k.saturating_add(1),
                    m => m.saturating_sub(1),
                }
            };
        };
        if dx > 0 {
            (row..row + width).rev().for_each(&mut cell);
        } else {
            (row..row + width).for_each(&mut cell);
        }
    }
    out
}

/// The distance of the cell at `index` in `direction`, the next cell's being known.
#[inline]
fn distance(out: &[i16], sets: &[u8], width: usize, index: usize, direction: usize) -> i16 {
    let (dx, dy) = MOVES[direction];
    if sets[index] & (1 << direction) == 0 {
        return 0;
    }
    let next = (index as isize + dy as isize * width as isize + dx as isize) as usize;
    if forced(sets, width, next, dx, dy) {
        1
    } else {
        match out[next] {
            k if k > 0 => k.saturating_add(1),
            m => m.saturating_sub(1),
        }
    }
}

impl JumpDistances {
    /// After the cell at `pos` was painted: the scans that can have changed are worked out
    /// again, not the whole board. A scan reads only orthogonal moves (its own, and the
    /// forced-neighbour test's, to and from the cells beside it), and an orthogonal move
    /// changes only when the cell it enters does: so the rows through and beside `pos`
    /// for the scans along rows, and the columns through and beside it for the others.
    /// (The test checks this against a table made afresh after every edit.)
    pub fn repair(&mut self, sets: &[u8], width: usize, height: usize, pos: Pos) {
        let near = |at: i32, size: usize| {
            (at - 1).max(0) as usize..=((at + 1).max(0) as usize).min(size.saturating_sub(1))
        };
        for (direction, out) in self.by_direction.iter_mut().enumerate() {
            let (dx, dy) = MOVES[direction];
            // The lines to redo, each as (its first cell, the step to the next, its length),
            // walked against the direction.
            let lines: Vec<(usize, usize, usize)> = if dx != 0 {
                near(pos.y, height).map(|y| (y * width, 1, width)).collect()
            } else {
                near(pos.x, width).map(|x| (x, width, height)).collect()
            };
            let backwards = dx > 0 || dy > 0;
            for (first, stride, length) in lines {
                for k in 0..length {
                    let k = if backwards { length - 1 - k } else { k };
                    let index = first + k * stride;
                    out[index] = distance(out, sets, width, index, direction);
                }
            }
        }
    }
}

/// Whether a straight scan in (`dx`, `dy`) reaching the cell at `index` finds a forced
/// neighbour there: a free cell beside it whose way back is walled, so a path may turn.
#[inline]
pub(super) fn forced(sets: &[u8], width: usize, index: usize, dx: i32, dy: i32) -> bool {
    let can = |at: usize, dx: i32, dy: i32| sets[at] & bit(dx, dy) != 0;
    // Beside the cell, and then back along the scan: the side cell's own move.
    let side = |sx: i32, sy: i32| {
        let beside = (index as isize + sy as isize * width as isize + sx as isize) as usize;
        can(index, sx, sy) && !can(beside, -dx, -dy)
    };
    if dx != 0 && dy != 0 {
        false
    } else if dx != 0 {
        side(0, -1) || side(0, 1)
    } else {
        side(-1, 0) || side(1, 0)
    }
}

/// The bit of a move set that stands for the move (`dx`, `dy`).
#[inline]
pub(super) fn bit(dx: i32, dy: i32) -> u8 {
    match (dx, dy) {
        (0, -1) => 1,
        (1, 0) => 2,
        (0, 1) => 4,
        (-1, 0) => 8,
        (1, -1) => 16,
        (1, 1) => 32,
        (-1, 1) => 64,
        _ => 128,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sandbox::Board;
    use crate::games::sandbox::generate::Generator;

    /// A scan the slow way: step by step, as JPS does without the table.
    fn walked(board: &Board, from: Pos, direction: usize) -> i16 {
        let sets = board.move_sets();
        let width = board.width();
        let (dx, dy) = MOVES[direction];
        let (mut at, mut steps) = (from, 0i16);
        loop {
            let index = at.y as usize * width + at.x as usize;
            if sets[index] & (1 << direction) == 0 {
                return -steps;
            }
            at = at.offset(dx, dy);
            steps += 1;
            if forced(sets, width, at.y as usize * width + at.x as usize, dx, dy) {
                return steps;
            }
        }
    }

    #[test]
    fn the_table_says_where_every_straight_scan_ends_and_follows_edits() {
        for seed in 0..6 {
            let mut board = Generator::Scatter { density: 0.3 }.generate(23, 17, seed);
            for round in 0..2 {
                let table = board.jump_distances().clone();
                let width = board.width();
                for pos in board.cells().positions() {
                    for direction in 0..4 {
                        let index = pos.y as usize * width + pos.x as usize;
                        assert_eq!(
                            table.get(direction, index),
                            walked(&board, pos, direction),
                            "seed {seed} round {round} {pos} direction {direction}"
                        );
                    }
                }
                // Knock a hole in the middle of the board: the table must follow.
                board.paint(Pos::new(11, 8), 0);
                board.paint(Pos::new(12, 8), 1);
            }
        }
    }

    /// The table is repaired around each painted cell, not made again: after every edit
    /// (walls and floor, in the middle, on the edges and in the corners) it must equal a
    /// table made from scratch.
    #[test]
    fn the_table_repaired_after_each_edit_equals_one_made_afresh() {
        let mut x = 12345u64;
        let mut next = |n: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize % n
        };
        for seed in 0..4 {
            let mut board = Generator::Scatter { density: 0.3 }.generate(31, 19, seed);
            board.jump_distances();
            let corners = [(0, 0), (30, 0), (0, 18), (30, 18), (1, 1), (29, 17)];
            for edit in 0..80 {
                let (x, y) = match corners.get(edit) {
                    Some(&corner) => corner,
                    None => (next(31), next(19)),
                };
                board.paint(Pos::new(x as i32, y as i32), (edit % 2) as u8);
                let afresh = JumpDistances::new(board.move_sets(), board.width(), board.height());
                assert_eq!(
                    board.jump_distances(),
                    &afresh,
                    "seed {seed}, edit {edit} at ({x}, {y})"
                );
            }
        }
    }
}
