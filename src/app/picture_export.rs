//! File → Export picture (PNG) for the game tabs: the board on screen drawn by
//! `render::games` at a fixed cell size, to a file chosen in the file dialog.

use std::path::PathBuf;

use egui::Context;

use super::notice::Notice;
use crate::render::games::CellPicture;
use crate::tr;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};

/// Pixels a square in exported pictures.
pub const CELL: u32 = 32;
/// The pictures' file extension.
const EXTENSION: &str = "png";

#[derive(Default)]
pub struct PictureExport {
    dialog: Option<FileDialog>,
}

impl PictureExport {
    /// Opens the dialog, suggesting `name`.png.
    pub fn open(&mut self, name: &str) {
        self.dialog = Some(FileDialog::new(
            DialogMode::Save,
            &tr!("dialog-export"),
            None,
            &format!("{name}.png"),
            vec![FileFilter::new(tr!("dialog-png"), &["png"])],
        ));
    }

    pub fn is_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Shows the dialog; once a file is chosen, writes `picture` there and returns the
    /// message saying how it went.
    pub fn show(&mut self, ctx: &Context, picture: impl FnOnce() -> CellPicture) -> Option<Notice> {
        let outcome = self.dialog.as_mut()?.show(ctx)?;
        self.dialog = None;
        let DialogOutcome::Chosen(path) = outcome else {
            return None;
        };
        Some(write_png(path, &picture()))
    }
}

/// Writes `picture` as PNG to `path` (".png" added when it has no extension).
pub fn write_png(path: PathBuf, picture: &CellPicture) -> Notice {
    let path = if path.extension().is_none() {
        path.with_extension(EXTENSION)
    } else {
        path
    };
    let written = picture
        .pixmap(CELL, true)
        .map_err(|e| e.to_string())
        .and_then(|pixmap| {
            let bytes = pixmap
                .encode_png()
                .map_err(|e| tr!("export-cannot-encode", why = e.to_string()))?;
            crate::files::write_bytes(&path, &bytes)
        });
    match written {
        Ok(()) => Notice::info(tr!("export-done", file = path.display().to_string())),
        Err(e) => Notice::error(e),
    }
}
