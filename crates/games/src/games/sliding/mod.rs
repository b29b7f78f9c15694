//! The sliding puzzle (八数码 on 3 x 3, the 15-puzzle on 4 x 4, up to 5 x 5): its positions,
//! the moves of the blank, which positions can reach which (the parity rule), the search
//! problem a position and a goal pose, and the heuristics the textbooks compare.

mod heuristic;
mod pattern_database;
mod position;
mod problem;
mod searches;

pub use heuristic::PuzzleHeuristic;
pub use pattern_database::PatternDatabase;
pub use position::{MAX_SIDE, MIN_SIDE, Move, Position, Unsolvable};
pub use problem::SlidingProblem;
pub use searches::run_on_puzzle;
