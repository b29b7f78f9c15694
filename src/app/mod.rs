//! The eframe shell.

use std::process::ExitCode;

/// Opens the app window.
pub fn run() -> ExitCode {
    eprintln!("the app is not built yet; see `frontier help` for the command line");
    ExitCode::from(2)
}
