//! The search problem a sliding puzzle poses: from a position to a goal, each move of the
//! blank costing 1, estimated by a chosen heuristic. It runs on the same engine as every
//! other search (BFS, A*, IDA*, greedy, weighted A*), and from both ends (the moves are
//! their own reverse).

use super::heuristic::{GoalCells, PuzzleHeuristic};
use super::position::{Move, Position};
use crate::search::{Cost, Problem, ReversibleProblem};

/// A position to solve, the goal, and the estimate the searches use.
#[derive(Clone, Debug)]
pub struct SlidingProblem {
    pub start: Position,
    pub goal: Position,
    pub heuristic: PuzzleHeuristic,
    cells: GoalCells,
    start_cells: GoalCells,
}

impl SlidingProblem {
    /// The problem of reaching `goal` from `start`; refused, with the parity reason, when
    /// the goal cannot be reached.
    pub fn new(
        start: Position,
        goal: Position,
        heuristic: PuzzleHeuristic,
    ) -> Result<SlidingProblem, String> {
        start.reaches(goal)?;
        Ok(SlidingProblem {
            start,
            goal,
            heuristic,
            cells: GoalCells::of(goal),
            start_cells: GoalCells::of(start),
        })
    }

    /// The heuristic's estimate of the moves from `position` to the goal.
    pub fn estimate(&self, position: Position) -> u32 {
        self.cells.estimate(self.heuristic, position)
    }

    /// The moves of the blank along `path` (consecutive positions), as U, D, L and R.
    pub fn moves_of(path: &[Position]) -> String {
        path.windows(2)
            .filter_map(|pair| {
                Move::ALL
                    .into_iter()
                    .find(|&m| pair[0].moved(m) == Some(pair[1]))
                    .map(Move::letter)
            })
            .collect()
    }
}

impl Problem for SlidingProblem {
    type State = Position;

    fn start(&self) -> Position {
        self.start
    }

    fn is_goal(&self, state: &Position) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        out.extend(state.moves().map(|(_, next)| (next, 1.0)));
    }

    fn heuristic(&self, state: &Position) -> Cost {
        self.estimate(*state) as Cost
    }
}

impl ReversibleProblem for SlidingProblem {
    fn goal(&self) -> Position {
        self.goal
    }

    fn predecessors(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        self.successors(state, out);
    }

    fn heuristic_to_start(&self, state: &Position) -> Cost {
        self.start_cells.estimate(self.heuristic, *state) as Cost
    }
}
