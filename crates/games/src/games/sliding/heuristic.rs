//! The heuristics the textbooks compare on the sliding puzzle, each a lower bound on the
//! moves left: misplaced tiles (relax "a tile moves only into the blank beside it" to "a
//! tile moves anywhere in one move"), Manhattan distance (relax it to "a tile moves to any
//! cell beside it"), and Manhattan plus linear conflicts (Hansson, Mayer and Yung 1992: two
//! tiles in their goal row, in the wrong order, cost two moves more than their distances
//! say, as one must leave the row to let the other pass). Each dominates the one before.

use super::position::{MAX_SIDE, Position};

/// Which estimate of the moves left a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PuzzleHeuristic {
    /// Tiles not on their goal cell (the blank not counted).
    Misplaced,
    /// Each tile's rows plus columns from its goal cell.
    Manhattan,
    /// Manhattan plus two moves for each tile that must leave its row or column to let
    /// another pass.
    LinearConflict,
    /// Additive pattern databases: groups of tiles, each group's fewest own moves home
    /// looked up in a table made once (see [`super::PatternDatabase`]).
    PatternDatabase,
    /// None: 0 everywhere (the searches then run blind).
    Zero,
    /// Manhattan distance on about half the positions and 0 on the others, picked by a
    /// hash of the position: admissible (never above Manhattan) but not consistent, as one
    /// move can drop the estimate by far more than the move costs; the lesson on
    /// consistency shows A* expanding positions again with it.
    Inconsistent,
}

impl PuzzleHeuristic {
    pub const ALL: [PuzzleHeuristic; 6] = [
        PuzzleHeuristic::Misplaced,
        PuzzleHeuristic::Manhattan,
        PuzzleHeuristic::LinearConflict,
        PuzzleHeuristic::PatternDatabase,
        PuzzleHeuristic::Zero,
        PuzzleHeuristic::Inconsistent,
    ];

    /// Its name in the current language.
    pub fn name(self) -> String {
        match self {
            PuzzleHeuristic::Misplaced => crate::tr!("sliding-h-misplaced"),
            PuzzleHeuristic::Manhattan => crate::tr!("sliding-h-manhattan"),
            PuzzleHeuristic::LinearConflict => crate::tr!("sliding-h-linear-conflict"),
            PuzzleHeuristic::PatternDatabase => crate::tr!("sliding-h-pdb"),
            PuzzleHeuristic::Zero => crate::tr!("sliding-h-zero"),
            PuzzleHeuristic::Inconsistent => crate::tr!("sliding-h-inconsistent"),
        }
    }

    /// The command line's name.
    pub fn code(self) -> &'static str {
        match self {
            PuzzleHeuristic::Misplaced => "misplaced",
            PuzzleHeuristic::Manhattan => "manhattan",
            PuzzleHeuristic::LinearConflict => "linear-conflict",
            PuzzleHeuristic::PatternDatabase => "pdb",
            PuzzleHeuristic::Zero => "zero",
            PuzzleHeuristic::Inconsistent => "inconsistent",
        }
    }

    /// Reads a command-line name (`lc` for linear conflict).
    pub fn parse(text: &str) -> Result<PuzzleHeuristic, String> {
        let lower = text.to_ascii_lowercase();
        let lower = if lower == "lc" {
            "linear-conflict".into()
        } else {
            lower
        };
        PuzzleHeuristic::ALL
            .into_iter()
            .find(|h| h.code() == lower)
            .ok_or_else(|| {
                format!(
                    "unknown heuristic `{}`: expected misplaced, manhattan, linear-conflict, pdb, zero or inconsistent",
                    crate::files::quote(text)
                )
            })
    }
}

/// Heads or tails for a position, the same in every build: a multiplicative hash of its
/// tiles (written out, not a library hasher, whose output may change between versions and
/// would change the lesson's counts).
fn coin(position: Position) -> bool {
    let mixed = position.tiles().iter().fold(0u64, |hash, &tile| {
        (hash ^ tile as u64).wrapping_mul(0x100_0000_01b3)
    });
    (mixed >> 31) & 1 == 1
}

/// Where each tile belongs: its goal cell's row and column, by tile.
#[derive(Clone, Debug)]
pub struct GoalCells {
    side: usize,
    row: [u8; MAX_SIDE * MAX_SIDE],
    col: [u8; MAX_SIDE * MAX_SIDE],
}

impl GoalCells {
    pub fn of(goal: Position) -> GoalCells {
        let side = goal.side();
        let (mut row, mut col) = ([0; MAX_SIDE * MAX_SIDE], [0; MAX_SIDE * MAX_SIDE]);
        for i in 0..goal.len() {
            let tile = goal.tile(i) as usize;
            row[tile] = (i / side) as u8;
            col[tile] = (i % side) as u8;
        }
        GoalCells { side, row, col }
    }

    /// `heuristic`'s estimate of the moves from `position` to the goal.
    pub fn estimate(&self, heuristic: PuzzleHeuristic, position: Position) -> u32 {
        match heuristic {
            PuzzleHeuristic::Zero => 0,
            PuzzleHeuristic::Inconsistent if coin(position) => self.manhattan(position),
            PuzzleHeuristic::Inconsistent => 0,
            PuzzleHeuristic::Misplaced => self.misplaced(position),
            PuzzleHeuristic::Manhattan => self.manhattan(position),
            PuzzleHeuristic::LinearConflict => {
                self.manhattan(position) + 2 * self.conflicts(position)
            }
            // The tables live with the problem; without them, the bound they improve on.
            PuzzleHeuristic::PatternDatabase => self.manhattan(position),
        }
    }

    fn misplaced(&self, position: Position) -> u32 {
        let side = self.side;
        (0..position.len())
            .filter(|&i| {
                let tile = position.tile(i) as usize;
                tile != 0
                    && (self.row[tile] as usize != i / side || self.col[tile] as usize != i % side)
            })
            .count() as u32
    }

    fn manhattan(&self, position: Position) -> u32 {
        let side = self.side;
        let mut sum = 0;
        for i in 0..position.len() {
            let tile = position.tile(i) as usize;
            if tile != 0 {
                sum += (self.row[tile] as usize).abs_diff(i / side)
                    + (self.col[tile] as usize).abs_diff(i % side);
            }
        }
        sum as u32
    }

    /// The tiles that must leave their line, over every row and column: in each line, of
    /// the tiles whose goal is in that line, all but a longest run already in goal order.
    fn conflicts(&self, position: Position) -> u32 {
        let side = self.side;
        let mut total = 0;
        for fixed in 0..side {
            // Row `fixed`, left to right: its tiles' goal columns; then column `fixed`, top to
            // bottom: its tiles' goal rows.
            total +=
                self.line_conflicts(position, |k| fixed * side + k, &self.row, &self.col, fixed);
            total +=
                self.line_conflicts(position, |k| k * side + fixed, &self.col, &self.row, fixed);
        }
        total as u32
    }

    /// In the line whose k-th cell is `cell(k)`, the tiles that belong to it (`home[tile]`
    /// is `fixed`) and must leave it to let another pass: all but a longest run already in
    /// the order of their goal places `along`.
    fn line_conflicts(
        &self,
        position: Position,
        cell: impl Fn(usize) -> usize,
        home: &[u8],
        along: &[u8],
        fixed: usize,
    ) -> usize {
        let mut line = [0u8; MAX_SIDE];
        let mut n = 0;
        for k in 0..self.side {
            let tile = position.tile(cell(k)) as usize;
            if tile != 0 && home[tile] as usize == fixed {
                line[n] = along[tile];
                n += 1;
            }
        }
        n - longest_increasing(&line[..n])
    }
}

/// The length of a longest strictly increasing subsequence (at most five numbers).
fn longest_increasing(values: &[u8]) -> usize {
    let mut best = [0usize; MAX_SIDE];
    let mut longest = 0;
    for i in 0..values.len() {
        best[i] = 1
            + (0..i)
                .filter(|&j| values[j] < values[i])
                .map(|j| best[j])
                .max()
                .unwrap_or(0);
        longest = longest.max(best[i]);
    }
    longest
}
