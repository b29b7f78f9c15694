//! Jump Point Search's straight scans, worked out once per board: the straight half of
//! JPS+ (Rabin and Sturtevant, "Combining Bounding Boxes and JPS to Prune Grid Pathfinding",
//! AAAI 2016; Harabor and Grastien's "Improving Jump Point Search", ICAPS 2014). A scan along
//! a row or column stops at the first cell with a forced neighbour, or before a wall, and
//! neither depends on where the search started or is going; only the goal does, and a
//! search checks that itself. So every diagonal step of a scan, which looks along a row and
//! a column, costs two lookups instead of two walks.

use std::sync::Arc;

use super::move_order::MOVES;
use crate::grid::Pos;

/// For each cell and orthogonal direction (in [`MOVES`] order: up, right, down, left), how
/// a straight scan from the cell ends: `k > 0`, at the jump point `k` cells on; `-m <= 0`,
/// against a wall after `m` cells without a jump point.
///
/// Kept line by line, each line behind an [`Arc`]: the rows for the scans along rows, the
/// columns for the others, so that a scan's line is one slice. A copy of the board shares
/// every line (a 3000 x 3000 board's table is 72 MB, which each copy used to duplicate), an
/// edit makes new only the lines it changes, and a big board's table can be made a few
/// lines a frame ([`JumpDistances::advance`]).
#[derive(Clone, Debug, PartialEq)]
pub struct JumpDistances {
    width: usize,
    height: usize,
    /// Each direction's lines made so far, in order.
    by_direction: [Vec<Arc<[i16]>>; 4],
}

impl JumpDistances {
    /// The distances on a board of `width` x `height` cells whose move sets are `sets`.
    pub fn new(sets: &[u8], width: usize, height: usize) -> JumpDistances {
        let mut table = JumpDistances::begin(width, height);
        table.advance(sets, usize::MAX);
        table
    }

    /// A table with no line made yet: [`advance`](Self::advance) makes them.
    pub fn begin(width: usize, height: usize) -> JumpDistances {
        JumpDistances {
            width,
            height,
            by_direction: Default::default(),
        }
    }

    /// Makes up to `lines` more lines; true once the table is whole.
    pub fn advance(&mut self, sets: &[u8], lines: usize) -> bool {
        let mut left = lines;
        for direction in 0..4 {
            let wanted = self.lines_of(direction);
            while self.by_direction[direction].len() < wanted {
                if left == 0 {
                    return false;
                }
                let line = self.by_direction[direction].len();
                let made = self.line(sets, direction, line);
                self.by_direction[direction].push(made);
                left -= 1;
            }
        }
        true
    }

    /// How many lines there are to make, and how many are made.
    pub fn progress(&self) -> (usize, usize) {
        let made = self.by_direction.iter().map(Vec::len).sum();
        (made, 2 * (self.width + self.height))
    }

    pub fn is_whole(&self) -> bool {
        let (made, all) = self.progress();
        made == all
    }

    /// Every line of `direction`'s table: rows for right (1) and left (3), columns for up
    /// (0) and down (2), so that `lines(d)[line][along]` is `get(d, pos)`.
    pub fn lines(&self, direction: usize) -> &[Arc<[i16]>] {
        &self.by_direction[direction]
    }

    /// How a scan from the cell at `pos` in orthogonal direction `direction` ends.
    #[inline]
    pub fn get(&self, direction: usize, pos: Pos) -> i16 {
        let (line, along) = if direction % 2 == 1 {
            (pos.y, pos.x)
        } else {
            (pos.x, pos.y)
        };
        self.by_direction[direction][line as usize][along as usize]
    }

    /// How many lines this table holds in the very memory `other` holds them in.
    #[cfg(test)]
    fn lines_shared_with(&self, other: &JumpDistances) -> usize {
        (self.by_direction.iter().zip(&other.by_direction))
            .map(|(mine, theirs)| {
                (mine.iter().zip(theirs))
                    .filter(|(a, b)| Arc::ptr_eq(a, b))
                    .count()
            })
            .sum()
    }

    /// Rows for the scans along rows (right, left), columns for the others.
    fn lines_of(&self, direction: usize) -> usize {
        if direction % 2 == 1 {
            self.height
        } else {
            self.width
        }
    }

    /// One line's distances: its cells are visited against the direction, so the cell a
    /// scan steps onto is known before the cell it steps from. (The direction's bits and
    /// offsets are worked out once a line: a 3000 x 3000 board's four tables took 600 ms
    /// cell by cell.)
    fn line(&self, sets: &[u8], direction: usize, line: usize) -> Arc<[i16]> {
        let width = self.width;
        let (dx, dy) = MOVES[direction];
        let own = 1u8 << direction;
        let back = bit(-dx, -dy);
        // The cell after and the cells beside it, across the scan, with the move onto each.
        let (first, step, length, sides) = if dx != 0 {
            let sides = [(-(width as isize), bit(0, -1)), (width as isize, bit(0, 1))];
            (line * width, dx as isize, width, sides)
        } else {
            let step = dy as isize * width as isize;
            (line, step, self.height, [(-1, bit(-1, 0)), (1, bit(1, 0))])
        };
        let along = if dx != 0 { 1 } else { width };
        let mut out = vec![0i16; length];
        let from_first = dx < 0 || dy < 0;
        for k in 0..length {
            let k = if from_first { k } else { length - 1 - k };
            let index = first + k * along;
            if sets[index] & own == 0 {
                continue;
            }
            let next = index.wrapping_add_signed(step);
            let forced = sides.iter().any(|&(beside, onto)| {
                sets[next] & onto != 0 && sets[next.wrapping_add_signed(beside)] & back == 0
            });
            out[k] = if forced {
                1
            } else {
                // The move is legal, so the next cell is on the board and in the line.
                let after = if from_first { k - 1 } else { k + 1 };
                match out[after] {
                    d if d > 0 => d.saturating_add(1),
                    m => m.saturating_sub(1),
                }
            };
        }
        out.into()
    }

    /// After the cell at `pos` was painted: the lines that can have changed are made again,
    /// not the whole table (those not made yet are left for [`advance`](Self::advance)). A
    /// scan reads only orthogonal moves (its own, and the forced-neighbour test's, to and
    /// from the cells beside it), and an orthogonal move changes only when the cell it
    /// enters does: so the rows through and beside `pos` for the scans along rows, and the
    /// columns through and beside it for the others. (The test checks this against a table
    /// made afresh after every edit.)
    pub fn repair(&mut self, sets: &[u8], pos: Pos) {
        for direction in 0..4 {
            let (at, lines) = if direction % 2 == 1 {
                (pos.y, self.height)
            } else {
                (pos.x, self.width)
            };
            let near = (at - 1).max(0) as usize..=((at + 1).max(0) as usize).min(lines - 1);
            for line in near {
                if line < self.by_direction[direction].len() {
                    self.by_direction[direction][line] = self.line(sets, direction, line);
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
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

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
                for pos in board.cells().positions() {
                    for direction in 0..4 {
                        assert_eq!(
                            table.get(direction, pos),
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
        let mut rng = StdRng::seed_from_u64(12345);
        let mut next = |n: usize| rng.random_range(0..n);
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

    /// A copy of the board shares its cells and tables; painting a cell of the copy makes new only the
    /// lines through and beside that cell (three rows for each scan along rows, three
    /// columns for each other), and leaves the original's as they were.
    #[test]
    fn copies_share_cells_and_tables_and_an_edit_renews_only_the_lines_near_it() {
        let board = Generator::Scatter { density: 0.2 }.generate(40, 30, 3);
        let original = board.jump_distances().clone();
        let mut copy = board.clone();
        let all = original.progress().1;
        assert_eq!(copy.jump_distances().lines_shared_with(&original), all);
        assert!(
            std::ptr::eq(copy.cells(), board.cells()),
            "the cells are shared too"
        );
        assert!(std::ptr::eq(copy.move_sets(), board.move_sets()));
        let pos = Pos::new(20, 15);
        let terrain = if copy.is_passable(pos) { 1 } else { 0 };
        assert!(copy.paint(pos, terrain));
        let shared = copy.jump_distances().lines_shared_with(&original);
        assert_eq!(shared, all - 12, "3 lines in each of 4 directions renewed");
        assert!(!std::ptr::eq(copy.cells(), board.cells()));
        assert_ne!(copy.cells(), board.cells(), "the original keeps its cell");
        assert_eq!(board.jump_distances(), &original);
        let afresh = JumpDistances::new(copy.move_sets(), copy.width(), copy.height());
        assert_eq!(copy.jump_distances(), &afresh);
    }

    /// Made a few lines at a time, with cells painted between the parts, the tables are the
    /// ones made at once from the board as it ends up; the count of lines made only grows.
    #[test]
    fn tables_made_a_part_at_a_time_through_edits_equal_tables_made_at_once() {
        let mut rng = StdRng::seed_from_u64(99);
        let mut next = |n: usize| rng.random_range(0..n);
        for seed in 0..6 {
            let mut board = Generator::Scatter { density: 0.25 }.generate(29, 21, seed);
            let lines = 1 + seed as usize;
            let (mut made, mut parts) = (0, 0);
            loop {
                let step = board.prepare(true, lines);
                assert!(
                    step.made >= made && step.made <= step.of,
                    "seed {seed}: {step:?}"
                );
                assert!(step.made - made <= lines, "at most {lines} lines a part");
                made = step.made;
                parts += 1;
                if step.is_done() {
                    assert_eq!(step.of, 21 + 2 * (29 + 21));
                    break;
                }
                let pos = Pos::new(next(29) as i32, next(21) as i32);
                board.paint(pos, (parts % 2) as u8);
            }
            assert!(parts >= 121 / lines, "seed {seed}: {parts} parts");
            let mut afresh = board.clone();
            afresh.fill_from(board.cells().clone());
            assert_eq!(board.move_sets(), afresh.move_sets(), "seed {seed}");
            assert_eq!(
                board.jump_distances(),
                afresh.jump_distances(),
                "seed {seed}"
            );
        }
    }

    /// On a board whose steps cost differently (no JPS there), only the move sets are made.
    #[test]
    fn a_weighted_board_is_prepared_without_jump_distances() {
        let mut board = Generator::Scatter { density: 0.25 }.generate(20, 10, 1);
        let grass = (board.legend().iter().position(|t| t.cost == Some(2.0))).expect("grass");
        board.paint(Pos::new(5, 5), grass as u8);
        let mut step = board.prepare(true, 3);
        assert_eq!(step.of, 10 + 2 * (20 + 10), "not yet known to be weighted");
        while !step.is_done() {
            step = board.prepare(true, 3);
        }
        assert_eq!(
            step,
            crate::games::sandbox::Preparation { made: 10, of: 10 }
        );
    }
}
