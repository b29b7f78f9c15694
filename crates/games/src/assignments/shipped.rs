//! The assignments Frontier ships (`presets/assignments/`): each once in English and once
//! in Chinese, the pair sharing an id. Their reference solutions are not here: they sit
//! with the tests (`tests/assignments/`), out of the app a student runs.

/// (file name, text) of every shipped assignment, in the order the list shows them.
pub const ASSIGNMENTS: &[(&str, &str)] = &[
    (
        "search-basics.en.toml",
        include_str!("../../../../presets/assignments/search-basics.en.toml"),
    ),
    (
        "search-basics.zh-CN.toml",
        include_str!("../../../../presets/assignments/search-basics.zh-CN.toml"),
    ),
    (
        "heuristics.en.toml",
        include_str!("../../../../presets/assignments/heuristics.en.toml"),
    ),
    (
        "heuristics.zh-CN.toml",
        include_str!("../../../../presets/assignments/heuristics.zh-CN.toml"),
    ),
];

/// The shipped assignment `id` (`search-basics`, `heuristics`) in `language` (`en`,
/// `zh-CN`), as text.
pub fn text(id: &str, language: &str) -> Option<&'static str> {
    let name = format!("{id}.{language}.toml");
    ASSIGNMENTS
        .iter()
        .find(|(file, _)| *file == name)
        .map(|(_, text)| *text)
}
