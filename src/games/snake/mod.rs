//! Snake: the game, its rules, and the planners that play it.

pub mod classic;
pub mod cycle;
mod field;
mod game;
pub mod play;

pub use game::{Death, MAX_SIDE, MIN_SIDE, Outcome, SnakeGame, Status};
