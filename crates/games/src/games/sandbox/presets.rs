//! Boards that Frontier ships, each made to teach one thing (see the notes in each file).

use super::Board;

/// (file name, text) of every preset board, in menu order.
pub const BOARDS: [(&str, &str); 7] = [
    (
        "open-field.board",
        include_str!("../../../../../presets/boards/open-field.board"),
    ),
    (
        "concave-trap.board",
        include_str!("../../../../../presets/boards/concave-trap.board"),
    ),
    (
        "maze.board",
        include_str!("../../../../../presets/boards/maze.board"),
    ),
    (
        "rooms-with-doors.board",
        include_str!("../../../../../presets/boards/rooms-with-doors.board"),
    ),
    (
        "far-doors.board",
        include_str!("../../../../../presets/boards/far-doors.board"),
    ),
    (
        "weighted-swamp.board",
        include_str!("../../../../../presets/boards/weighted-swamp.board"),
    ),
    (
        "diagonal-squeeze.board",
        include_str!("../../../../../presets/boards/diagonal-squeeze.board"),
    ),
];

/// A board's notes in the current language: a preset's translated (it is known by its
/// notes, however it came: the menu, a saved state, or a copy saved to a file), any other
/// board's as they are written.
pub fn notes(own: &[String]) -> String {
    let notes_of = |text: &'static str| {
        text.lines()
            .filter_map(|line| line.strip_prefix(';'))
            .map(|note| note.strip_prefix(' ').unwrap_or(note))
    };
    BOARDS
        .iter()
        .find(|(_, text)| !own.is_empty() && notes_of(text).eq(own.iter().map(String::as_str)))
        .map_or_else(
            || own.join(" "),
            |(file, _)| crate::games::preset_notes(file, own),
        )
}

/// A preset by file name, parsed.
pub fn board(name: &str) -> Option<Board> {
    BOARDS
        .iter()
        .find(|(file, _)| *file == name)
        .and_then(|(_, text)| Board::parse(text).ok())
}
