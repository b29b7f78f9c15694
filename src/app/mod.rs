//! The eframe shell: tabs, menus, files, persistence, shortcuts.

mod deepening_rows;
pub mod export_window;
pub mod fonts;
pub mod getting_started;
pub mod lessons;
mod link;
mod names;
mod notice;
mod pathfinding;
pub mod persistence;
mod predictions;
pub mod saved_file;
mod shell;
mod snake;
mod sokoban;
pub mod tab;
mod teach_text;
pub mod view;

use std::process::ExitCode;

pub use link::{LinkSaved, LinkTab};
pub use notice::Notice;
pub use pathfinding::{Overlays, PathfindingSaved, PathfindingTab, Session, Settings, Tool};
pub use persistence::{STORAGE_KEY, SavedState};
pub use shell::{FrontierApp, TabId, Tabs};
pub use snake::{Pilot, SnakeSaved, SnakeTab};
pub use sokoban::{Best, Mode as SokobanMode, Progress, SokobanSaved, SokobanTab, fingerprint};
pub use tab::{Restore, Tab};

/// Opens the app window.
pub fn run() -> ExitCode {
    run_with(None)
}

/// Opens the app window, with a board file opened in the Pathfinding tab if given.
pub fn run_with(board_file: Option<std::path::PathBuf>) -> ExitCode {
    let storage_file = saved_file::default_path();
    let preflight = storage_file
        .as_deref()
        .and_then(|file| saved_file::preflight(file, std::time::SystemTime::now()));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Frontier")
            .with_inner_size([1400.0, 860.0])
            .with_min_inner_size([900.0, 600.0])
            .with_drag_and_drop(true),
        persistence_path: storage_file.clone(),
        ..Default::default()
    };
    let creator = move |cc: &eframe::CreationContext<'_>| {
        let mut app = FrontierApp::new(cc, storage_file);
        if let Some(message) = preflight {
            let text = match app.notice.take() {
                Some(other) => format!("{message}\n{}", other.text),
                None => message,
            };
            app.notice = Some(Notice::error(text));
        }
        if let Some(file) = &board_file {
            app.tab = TabId::Pathfinding;
            app.tabs.pathfinding.load_file(file);
        }
        Ok(Box::new(app) as Box<dyn eframe::App>)
    };
    match eframe::run_native("Frontier", options, Box::new(creator)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("frontier: could not open the window: {e}");
            eprintln!("(the command line works without a display: try `frontier help`)");
            ExitCode::from(2)
        }
    }
}
