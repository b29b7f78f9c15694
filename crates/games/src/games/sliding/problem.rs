//! The search problem a sliding puzzle poses: from a position to a goal, each move of the
//! blank costing 1, estimated by a chosen heuristic. It runs on the same engine as every
//! other search (BFS, A*, IDA*, greedy, weighted A*), and from both ends (the moves are
//! their own reverse).

use std::sync::Arc;

use super::heuristic::{GoalCells, PuzzleHeuristic};
use super::pattern_database::PatternDatabase;
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
    tables: Option<Arc<PatternDatabase>>,
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
        let tables = match heuristic {
            PuzzleHeuristic::PatternDatabase => Some(PatternDatabase::cached(goal)?),
            _ => None,
        };
        Ok(SlidingProblem {
            tables,
            start,
            goal,
            heuristic,
            cells: GoalCells::of(goal),
            start_cells: GoalCells::of(start),
        })
    }

    /// The problem of reaching `goal` from `start`, estimated by the pattern database
    /// `tables` (made for `goal`, in any split).
    pub fn with_tables(
        start: Position,
        goal: Position,
        tables: Arc<PatternDatabase>,
    ) -> Result<SlidingProblem, String> {
        let mut problem = SlidingProblem::new(start, goal, PuzzleHeuristic::Manhattan)?;
        problem.heuristic = PuzzleHeuristic::PatternDatabase;
        problem.tables = Some(tables);
        Ok(problem)
    }

    /// The heuristic's estimate of the moves from `position` to the goal.
    pub fn estimate(&self, position: Position) -> u32 {
        match &self.tables {
            Some(tables) => tables.estimate(position),
            None => self.cells.estimate(self.heuristic, position),
        }
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
