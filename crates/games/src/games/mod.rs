//! The games and boards, with their rules, file formats and the search problems they pose.
//! No GUI code lives here.

pub mod link;
mod parse_error;
pub mod sandbox;
pub mod sliding;
pub mod snake;
pub mod sokoban;

pub use parse_error::ParseError;

/// The name a menu shows for a preset file, in the current language: its message
/// `preset-<stem>`, or else the file's stem in words ("rooms-with-doors.board" becomes
/// "Rooms with doors").
pub fn preset_title(file: &str) -> String {
    let stem = preset_stem(file);
    if let Some(title) = crate::i18n::try_tr(&format!("preset-{stem}"), None) {
        return title;
    }
    let words = stem.replace('-', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A preset's notes (what it is there to teach), in the current language: the message
/// `preset-<stem>-notes`, or else the notes the file holds.
pub fn preset_notes(file: &str, own: &[String]) -> String {
    crate::i18n::try_tr(&format!("preset-{}-notes", preset_stem(file)), None)
        .unwrap_or_else(|| own.join(" "))
}

/// A file name without its extension.
fn preset_stem(file: &str) -> &str {
    file.rsplit_once('.').map_or(file, |(stem, _)| stem)
}
