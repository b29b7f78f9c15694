//! The program the code panel opens with: a short BFS, commented in the language of the
//! interface, which the student turns into the search they are asked to write.

use frontier_games::i18n::Language;

/// The starter program in each language, English first.
pub const STARTERS: [(Language, &str); 2] = [
    (Language::English, include_str!("../starters/bfs.en.py")),
    (Language::Chinese, include_str!("../starters/bfs.zh-CN.py")),
];

/// The starter program commented in `language`.
pub fn starter(language: Language) -> &'static str {
    STARTERS
        .iter()
        .find(|(l, _)| *l == language)
        .map_or(STARTERS[0].1, |(_, text)| text)
}
