//! Snake: the game, its rules, and the planners that play it.

pub mod blocks;
pub mod classic;
pub mod colors;
pub mod cycle;
mod field;
mod game;
pub mod narrate;
pub mod picture;
pub mod planner;
pub mod play;
pub mod realign;
pub mod records;
pub mod rewire;

pub use game::{Death, MAX_SIDE, MIN_SIDE, Outcome, SnakeGame, Status};
