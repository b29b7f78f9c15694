//! Frontier: watch search algorithms think, step by step, on boards you paint; then play the
//! games those algorithms solve.
//!
//! Three crates, one per layer, arrows pointing down only: this one, `app` (the eframe
//! shell), `ui` (widgets) and `cli` (the games headless) → `frontier-games` (rules, formats,
//! the problems each game poses, lessons, pictures, links, the two languages) →
//! `frontier-engine` (`search`, `grid`). The lower crates do not depend on egui, so the
//! compiler keeps them free of it. Their modules are re-exported here, so `frontier::search`
//! and `frontier::games` read as they always have.

pub use frontier_games::{
    assets, assignments, files, games, grid, history, i18n, judged, lessons, msg, names, palette,
    render, search, share, teach, tr, watch,
};

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod ui;
