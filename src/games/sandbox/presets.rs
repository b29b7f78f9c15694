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
