//! Boards that Frontier ships, each made to teach one thing (see the notes in each file).

use super::Board;

/// (file name, text) of every preset board, in menu order.
pub const BOARDS: [(&str, &str); 6] = [
    (
        "open-field.board",
        include_str!("../../../presets/boards/open-field.board"),
    ),
    (
        "concave-trap.board",
        include_str!("../../../presets/boards/concave-trap.board"),
    ),
    (
        "maze.board",
        include_str!("../../../presets/boards/maze.board"),
    ),
    (
        "rooms-with-doors.board",
        include_str!("../../../presets/boards/rooms-with-doors.board"),
    ),
    (
        "weighted-swamp.board",
        include_str!("../../../presets/boards/weighted-swamp.board"),
    ),
    (
        "diagonal-squeeze.board",
        include_str!("../../../presets/boards/diagonal-squeeze.board"),
    ),
];

/// A preset by file name, parsed.
pub fn board(name: &str) -> Option<Board> {
    BOARDS
        .iter()
        .find(|(file, _)| *file == name)
        .and_then(|(_, text)| Board::parse(text).ok())
}

/// A readable title for a preset file name: `concave-trap.board` -> `Concave trap`.
pub fn title(file: &str) -> String {
    let stem = file.trim_end_matches(".board").replace('-', " ");
    let mut chars = stem.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
