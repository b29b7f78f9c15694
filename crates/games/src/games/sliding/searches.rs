//! The board's searches that run on the sliding puzzle, taken from the board's registry by
//! their shape: the best-first family (BFS, DFS, Dijkstra, A*, weighted A*, greedy), the
//! searches from both ends, and iterative deepening (IDA*, IDDFS). JPS, D* Lite and Theta*
//! read a grid of cells and are refused.

use super::problem::SlidingProblem;
use crate::games::sandbox::PathAlgorithm;
use crate::games::sandbox::algorithms::Shape;
use crate::search::{BiSearch, Budget, Deepening, Engine, Search};

/// `algorithm`'s run on `problem` within `budget`, or why it cannot run on a puzzle.
pub fn run_on_puzzle(
    problem: SlidingProblem,
    algorithm: PathAlgorithm,
    budget: Budget,
) -> Result<Engine<SlidingProblem>, String> {
    match algorithm.descriptor().shape {
        Shape::BestFirst(_) => {
            let policy = algorithm
                .best_first()
                .unwrap_or(crate::search::Algorithm::AStar);
            Ok(Engine::new(
                Search::new(problem, policy).with_budget(budget),
            ))
        }
        Shape::TwoSided(each) => Ok(Engine::new(
            BiSearch::with_algorithm(problem, each).with_budget(budget),
        )),
        Shape::Deepening(limit) => Ok(Engine::new(
            Deepening::new(problem, limit).with_budget(budget),
        )),
        Shape::Own => Err(format!(
            "{} searches a grid of cells and does not run on the sliding puzzle: use bfs, \
             bibfs, astar, idastar, greedy or wastar:W",
            algorithm.code()
        )),
    }
}
