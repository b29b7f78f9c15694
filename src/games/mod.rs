//! The games and boards, with their rules, file formats and the search problems they pose.
//! No GUI code lives here.

pub mod link;
mod parse_error;
pub mod sandbox;
pub mod snake;
pub mod sokoban;

pub use parse_error::ParseError;
