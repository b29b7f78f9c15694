//! Solving Sokoban with the stepping engine: the push-level and move-level problems, their
//! static analysis (dead squares, push distances), freeze deadlocks, the matching lower
//! bound, and turning a found path into LURD.

mod algorithm;
pub mod analysis;
mod box_squares;
mod corral;
mod corral_deadlock;
pub mod fess;
mod freeze_deadlock;
mod goal_walls;
mod hint;
pub mod hint_worker;
mod lurd;
pub mod matching;
pub mod novelty;
pub mod portfolio;
pub mod predict;
pub mod predicting;
mod problem;
pub mod pull;
mod push;
mod racer;
mod reach;
pub mod session;
mod solve;
mod stuck;

pub use algorithm::{ALGORITHMS, SokobanAlgorithm, parse_algorithm};
pub use box_squares::BoxSquares;
pub use corral_deadlock::{DeadlockStats, DeadlockTable};
pub use fess::solve_fess;
pub use hint::{HINT_PACE, HINT_STATES, HINT_TIME, Hint, HintOutcome, HintSearch};
pub use lurd::meeting_to_lurd;
pub use portfolio::{PortfolioReport, solve_portfolio};
pub use problem::{MoveProblem, PullProblem, PushProblem, SokobanProblem};
pub use push::{Detail, Position, Prunes, Pruning, SharedDeadlocks, Sokoban};
pub use solve::{SokobanRun, SolveOutcome, SolveReport, solve, solve_pruned, verified_solution};
pub use stuck::stuck_boxes;
