//! Level collections that Frontier ships (made by this project).

use super::level::{Entry, parse_collection};

/// (file name, text) of every preset collection, in menu order.
pub const COLLECTIONS: [(&str, &str); 1] = [(
    "frontier-tutorial.xsb",
    include_str!("../../../../../presets/sokoban/frontier-tutorial.xsb"),
)];

/// A preset collection by file name, parsed.
pub fn collection(name: &str) -> Option<Vec<Entry>> {
    COLLECTIONS
        .iter()
        .find(|(file, _)| *file == name)
        .and_then(|(_, text)| parse_collection(text).ok())
}

/// The title of level `index` (from 0) of `collection`, in the current language when the
/// collection is a preset (the message `preset-<stem>-<number>`); `own` otherwise.
pub fn title(collection: &str, index: usize, own: &str) -> String {
    translated(collection, index, "").unwrap_or_else(|| own.to_string())
}

/// The notes of level `index` of `collection`, as [`title`] finds its title.
pub fn notes(collection: &str, index: usize, own: &[String]) -> String {
    translated(collection, index, "-notes").unwrap_or_else(|| own.join(" "))
}

fn translated(collection: &str, index: usize, suffix: &str) -> Option<String> {
    let (file, _) = COLLECTIONS.iter().find(|(file, _)| *file == collection)?;
    let stem = file.trim_end_matches(".xsb");
    crate::i18n::try_tr(&format!("preset-{stem}-{}{suffix}", index + 1), None)
}
