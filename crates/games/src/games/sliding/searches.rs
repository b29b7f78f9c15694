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
    run_on_puzzle_holding(problem, algorithm, budget, Holding::Table)
}

/// What an iterative deepening search holds beside its path (the other searches ignore it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Holding {
    /// A table of the states reached in the iteration: a repeat is skipped.
    #[default]
    Table,
    /// The path alone, as the textbook's IDA* (Korf's).
    PathOnly,
}

/// As [`run_on_puzzle`], an iterative deepening search holding what `holding` says.
pub fn run_on_puzzle_holding(
    problem: SlidingProblem,
    algorithm: PathAlgorithm,
    budget: Budget,
    holding: Holding,
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
        Shape::Deepening(limit) => {
            let run = Deepening::new(problem, limit).with_budget(budget);
            Ok(match holding {
                Holding::Table => Engine::new(run),
                Holding::PathOnly => Engine::new(run.path_only()),
            })
        }
        Shape::Own => Err(format!(
            "{} searches a grid of cells and does not run on the sliding puzzle: use bfs, \
             bibfs, astar, idastar, greedy or wastar:W",
            algorithm.code()
        )),
    }
}
