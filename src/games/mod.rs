//! The games and boards, with their rules, file formats and the search problems they pose.
//! No GUI code lives here.

pub mod link;
mod parse_error;
pub mod sandbox;
pub mod snake;
pub mod sokoban;

pub use parse_error::ParseError;

/// The name a menu shows for a preset file: "rooms-with-doors.board" becomes "Rooms with
/// doors".
pub fn preset_title(file: &str) -> String {
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    let words = stem.replace('-', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
