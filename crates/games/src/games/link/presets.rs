//! Link boards that Frontier ships (made by this project).

use super::LinkBoard;

/// (file name, text) of every preset board, in menu order.
pub const BOARDS: [(&str, &str); 2] = [
    (
        "first-steps.link",
        include_str!("../../../../../presets/link/first-steps.link"),
    ),
    (
        "naive-trap.link",
        include_str!("../../../../../presets/link/naive-trap.link"),
    ),
];

/// A preset board by file name, parsed.
pub fn board(name: &str) -> Result<LinkBoard, String> {
    let (_, text) = BOARDS
        .iter()
        .find(|(file, _)| *file == name)
        .ok_or_else(|| crate::tr!("no-preset", name = name))?;
    LinkBoard::parse(text)
        .map_err(|e| crate::tr!("could-not-open", name = name, why = e.to_string()))
}
