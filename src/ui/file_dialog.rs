//! A dialog to pick a file to open or a name to save under. On the desktop it is drawn in
//! the app (see [`in_app`]); in a browser it is the browser's own file picker, and saving
//! downloads (see [`browser`]). Both answer the tab the same way: a path chosen, or
//! cancelled.

#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(not(target_arch = "wasm32"))]
mod in_app;

use std::path::{Path, PathBuf};

#[cfg(target_arch = "wasm32")]
pub use browser::FileDialog;
#[cfg(not(target_arch = "wasm32"))]
pub use in_app::FileDialog;

use crate::tr;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogMode {
    Open,
    Save,
}

/// What the dialog ended with this frame, if it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogOutcome {
    Chosen(PathBuf),
    Cancelled,
}

/// A kind of file a command reads or writes: its name and extensions (none: all files).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileFilter {
    pub name: String,
    pub extensions: Vec<String>,
}

impl FileFilter {
    pub fn new(name: String, extensions: &[&str]) -> FileFilter {
        FileFilter {
            name,
            extensions: extensions.iter().map(|e| e.to_string()).collect(),
        }
    }

    /// Every file.
    pub fn all() -> FileFilter {
        FileFilter::new(tr!("dialog-all-files"), &[])
    }

    /// Text files.
    pub fn text() -> FileFilter {
        FileFilter::new(tr!("dialog-text-files"), &["txt"])
    }
}

/// The user's home folder, if the system says.
pub fn home() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
        .filter(|p| p.is_dir())
}

/// The presets folder of the clone the app was built from, if it is still there.
pub fn presets_folder(sub: &str) -> Option<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("presets")
        .join(sub);
    folder.is_dir().then_some(folder)
}
