//! The eframe shell: tabs, menus, files, persistence, shortcuts.

pub mod assignments;
mod clipboard;
pub mod code;
mod deepening_rows;
pub mod export_window;
pub mod fonts;
pub mod lessons;
mod link;
#[cfg(not(target_arch = "wasm32"))]
mod native;
mod notice;
#[cfg(target_arch = "wasm32")]
mod page;
mod pathfinding;
pub mod persistence;
mod predictions;
#[cfg(not(target_arch = "wasm32"))]
pub mod saved_file;
mod shell;
mod sliding;
mod snake;
mod sokoban;
pub mod tab;
pub mod view;
mod watch;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use link::{LinkSaved, LinkTab};
pub use notice::Notice;
pub use pathfinding::{Overlays, PathfindingSaved, PathfindingTab, Session, Settings, Tool};
pub use persistence::{STORAGE_KEY, SavedState};
pub use shell::{FrontierApp, TabId, Tabs, getting_started};
pub use sliding::{Mode as SlidingMode, PuzzleSession, SlidingSaved, SlidingTab};
pub use snake::{Pilot, SnakeSaved, SnakeTab};
pub use sokoban::{Best, Mode as SokobanMode, Progress, SokobanSaved, SokobanTab, fingerprint};
pub use tab::{Restore, Tab};

#[cfg(not(target_arch = "wasm32"))]
pub use native::{run, run_with};
