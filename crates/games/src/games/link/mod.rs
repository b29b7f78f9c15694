//! Link (连连看 / Onet): boards of tile pairs, the fewest-turns link search, dealing,
//! playing, clearing a board automatically, and the contest problem POJ 1101.

pub mod autoplay;
mod board;
pub mod colors;
pub mod deal;
pub mod finder;
pub mod game;
pub mod narrate;
pub mod picture;
pub mod poj;
pub mod predict;
pub mod presets;
pub mod reach;
pub mod records;
pub mod tints;

pub use board::{LinkBoard, MAX_SIDE, SYMBOLS};
