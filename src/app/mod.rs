//! The eframe shell: tabs, menus, files, persistence, shortcuts.

mod pathfinding;
mod persistence;
mod shell;

use std::process::ExitCode;

pub use pathfinding::{Notice, Overlays, PathfindingTab, Session, Settings, Tool};
pub use persistence::{STORAGE_KEY, SavedState};
pub use shell::{FrontierApp, Tab};

/// Opens the app window.
pub fn run() -> ExitCode {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Frontier")
            .with_inner_size([1400.0, 860.0])
            .with_min_inner_size([900.0, 600.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    match eframe::run_native(
        "Frontier",
        options,
        Box::new(|cc| Ok(Box::new(FrontierApp::new(cc)))),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("frontier: could not open the window: {e}");
            eprintln!("(the command line works without a display: try `frontier help`)");
            ExitCode::from(2)
        }
    }
}
