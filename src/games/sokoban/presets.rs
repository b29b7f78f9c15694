//! Level collections that Frontier ships (made by this project).

use super::level::{Entry, parse_collection};

/// (file name, text) of every preset collection, in menu order.
pub const COLLECTIONS: [(&str, &str); 1] = [(
    "frontier-tutorial.xsb",
    include_str!("../../../presets/sokoban/frontier-tutorial.xsb"),
)];

/// A preset collection by file name, parsed.
pub fn collection(name: &str) -> Option<Vec<Entry>> {
    COLLECTIONS
        .iter()
        .find(|(file, _)| *file == name)
        .and_then(|(_, text)| parse_collection(text).ok())
}
