//! Sokoban: levels in XSB, the game itself, and the search problems it poses.

pub mod box_route;
pub mod colors;
pub mod game;
pub mod level;
pub mod names;
pub mod narrate;
pub mod picture;
pub mod presets;
pub mod progress;
pub mod solver;

pub use box_route::box_route;
pub use game::{Game, Step, verify_solution};
pub use level::{
    Entry, Level, MAX_LEVEL_SIDE, Problem as LevelProblem, Square, parse_collection, parse_level,
};
