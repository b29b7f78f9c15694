//! What a new game touches outside its own folders, held to what docs/design.md says
//! ("What a new game touches"): the registries read here (the games crate's `pub mod` list
//! and the app's `register_tabs!`) name every game, and outside its folders a game's code
//! is named only by its registry lines, its link, its lesson scene and its command.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The places outside its own folders that may name a game: its `mod` and re-export lines
/// (`src/app/mod.rs`), its `register_tabs!` line (`src/app/shell/mod.rs`), its link (a
/// `View` and an `Opened` variant), its lesson scene and its command.
const REGISTRIES: [&str; 7] = [
    "src/app/mod.rs",
    "src/app/shell/mod.rs",
    "crates/games/src/share.rs",
    "crates/games/src/lessons/scene.rs",
    "crates/games/src/lessons/format.rs",
    // The problems an assignment's tests pose (a board, a puzzle position).
    "crates/games/src/assignments/instances.rs",
    "src/cli/",
];

/// The game whose board the lessons, predict mode and the shared teaching words are built
/// on (the Pathfinding board); it is the ground the others stand on, not one of them.
const GROUND: &str = "sandbox";

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The games the games crate registers: its `pub mod` lines that are folders.
fn registered_games() -> Vec<String> {
    let text = std::fs::read_to_string("crates/games/src/games/mod.rs").expect("the games list");
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("pub mod "))
        .map(|name| name.trim_end_matches(';').to_string())
        .filter(|name| Path::new("crates/games/src/games").join(name).is_dir())
        .collect()
}

/// The tabs the app registers: the folders named by `register_tabs!`'s lines.
fn registered_tabs() -> BTreeSet<String> {
    let text = std::fs::read_to_string("src/app/shell/mod.rs").expect("the shell");
    let start = text.find("register_tabs! {").expect("the tab registry");
    let block = &text[start..start + text[start..].find('}').expect("its end")];
    block
        .lines()
        .filter_map(|line| line.split_once("=>")?.1.split_once(':'))
        .map(|(field, _)| field.trim().to_string())
        .collect()
}

/// The files outside `game`'s folders and the registries that name its code.
fn places_naming(game: &str, tab_folder: &str) -> Vec<String> {
    let mut files = vec![];
    sources(Path::new("src"), &mut files);
    sources(Path::new("crates/games/src"), &mut files);
    let own = [
        format!("crates/games/src/games/{game}/"),
        format!("src/app/{tab_folder}/"),
    ];
    let needle = format!("games::{game}");
    let mut found = vec![];
    for file in files {
        let name = file.to_string_lossy().replace('\\', "/");
        if own.iter().any(|o| name.starts_with(o.as_str()))
            || REGISTRIES.iter().any(|r| name.starts_with(r))
        {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        let names_it = text.match_indices(&needle).any(|(at, _)| {
            let after = text[at + needle.len()..].chars().next();
            !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
        if names_it {
            found.push(name);
        }
    }
    found
}

#[test]
fn every_game_has_a_tab_and_is_named_outside_its_folders_only_by_the_registries() {
    let games = registered_games();
    let tabs = registered_tabs();
    assert!(games.len() >= 5 && tabs.len() >= 5, "{games:?} {tabs:?}");
    for game in games.iter().filter(|g| g.as_str() != GROUND) {
        assert!(
            tabs.contains(game),
            "{game} has a tab in register_tabs!: {tabs:?}"
        );
        let stray = places_naming(game, game);
        assert!(
            stray.is_empty(),
            "outside its folders and the registries, {game} is named by {stray:?}"
        );
    }
}

#[test]
fn a_game_named_outside_its_folders_is_caught() {
    // The ground game's code is named widely (the lessons check answers on its board), so
    // the check finds it: it reads the sources it claims to.
    assert!(!places_naming(GROUND, "pathfinding").is_empty());
}
