//! Frontier: watch search algorithms think, step by step, on boards you paint; then play the
//! games those algorithms solve.
//!
//! Layers, arrows pointing down only: `app` (the eframe shell) → `ui` (widgets) → `games`
//! (rules, formats, the problems each game poses) → `search` (the engine) → `grid`.
//! `search` and `games` never touch the GUI. `cli` runs the games headless.

pub mod app;
pub mod assets;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod files;
pub mod games;
pub mod grid;
pub mod history;
pub mod i18n;
pub mod lessons;
pub mod palette;
pub mod render;
pub mod search;
pub mod share;
pub mod ui;
