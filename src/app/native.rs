//! The app in a desktop window: eframe's native runner, the saved state in a file (looked at
//! before eframe reads it, see [`super::saved_file`]).

use std::process::ExitCode;

use super::{FrontierApp, Notice, TabId, saved_file};

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
                Some(other) => format!("{message}\n{}", other.text()),
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
