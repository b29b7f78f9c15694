//! The sliding puzzle (八数码 on 3 x 3, the 15-puzzle on 4 x 4, up to 5 x 5): its positions,
//! the moves of the blank, which positions can reach which (the parity rule), the search
//! problem a position and a goal pose, the heuristics the textbooks compare, and the game
//! people play: sliding tiles, shuffling, goals and best results.

pub mod colors;
mod compare;
mod game;
mod heuristic;
mod pattern_database;
pub mod picture;
mod position;
mod problem;
mod records;
pub mod replay;
pub mod search_tree;
mod searches;
pub mod session;
pub mod tables;
mod watch;

pub use compare::{
    Cell, Comparison, DepthRow, compare_heuristics, draw_at_depth, positions_by_depth,
};
pub use game::{Goal, Shuffle, SlidingGame, position_text, shuffled};
pub use heuristic::PuzzleHeuristic;
pub use pattern_database::{PatternDatabase, TablesBuild};
pub use position::{MAX_SIDE, MIN_SIDE, Move, Position, Unsolvable};
pub use problem::SlidingProblem;
pub use records::{Best, BestResults, Solved};
pub use searches::{Holding, run_on_puzzle, run_on_puzzle_holding};
pub use watch::{ExpansionsByDepth, Waiting, frontier_preview};
