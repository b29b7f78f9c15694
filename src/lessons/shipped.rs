//! The lessons Frontier ships, in every language (`presets/lessons/`).

/// (file name, text) of every shipped lesson, in the order the list shows them.
pub const LESSONS: &[(&str, &str)] = &[(
    "01-frontier-bfs.en.toml",
    include_str!("../../presets/lessons/01-frontier-bfs.en.toml"),
)];
