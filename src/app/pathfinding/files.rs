//! Opening and saving boards: menu, keyboard, dropped files, presets; errors shown with the
//! line and the reason, and the board on screen left as it was; unsaved edits are never
//! thrown away without asking.

use std::path::{Path, PathBuf};

use egui::Ui;

use super::PathfindingTab;
use crate::app::notice::{Notice, error_window};
use crate::files::{read_text, write_text};
use crate::games::sandbox::edit::MoveRules;
use crate::games::sandbox::{Board, is_moving_ai_map, parse_board_or_map, presets};
use crate::tr;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};

/// A board that will replace the current one once the user says what to do with unsaved
/// edits.
/// A board on its way in: where it comes from, and the move rules it comes with (a Moving
/// AI map's optimal lengths assume them).
struct Incoming {
    board: Board,
    source: Source,
    rules: Option<MoveRules>,
}

/// Where a board came from: what the status line names it by.
enum Source {
    File(PathBuf),
    Preset(String),
    /// Dropped without a path, or pasted: its name, if it had one.
    Text(String),
}

#[derive(Default)]
pub(super) struct FileState {
    dialog: Option<FileDialog>,
    pending: Option<Incoming>,
    /// The text in Edit → Paste a board…, while that window is open.
    paste: Option<String>,
    /// Where dialogs open.
    folder: Option<PathBuf>,
}

impl FileState {
    /// Whether a file dialog or the unsaved-edits question is open.
    pub(super) fn asking(&self) -> bool {
        self.dialog.is_some() || self.pending.is_some() || self.paste.is_some()
    }
}

impl PathfindingTab {
    /// Where the dialogs open: the folder used last here, else the board's own; None
    /// leaves it to the dialog (the folder used last anywhere, else Home).
    fn dialog_folder(&self) -> Option<PathBuf> {
        self.files.folder.clone().or_else(|| {
            self.origin
                .file
                .as_ref()
                .and_then(|f| f.parent().map(Path::to_path_buf))
        })
    }

    pub fn open_dialog(&mut self) {
        let folder = self.dialog_folder();
        let filters = vec![
            FileFilter::new(tr!("dialog-boards-and-maps"), &["board", "map"]),
            FileFilter::text(),
            FileFilter::all(),
        ];
        let dialog = FileDialog::new(
            DialogMode::Open,
            &tr!("dialog-open-board"),
            folder.as_deref(),
            "",
            filters,
        );
        self.files.dialog = Some(dialog.with_presets("boards"));
    }

    pub fn save_as_dialog(&mut self) {
        let folder = self.dialog_folder();
        let name = self.origin.file_stem();
        self.files.dialog = Some(FileDialog::new(
            DialogMode::Save,
            &tr!("dialog-save-board"),
            folder.as_deref(),
            &format!("{name}.board"),
            vec![FileFilter::new(tr!("dialog-boards"), &["board"])],
        ));
    }

    /// Saves to the board's file, or asks where (Moving AI maps are saved as boards).
    pub fn save(&mut self) {
        match self.origin.file.clone() {
            Some(path) if path.extension().is_some_and(|e| e == "board") => self.save_to(&path),
            _ => self.save_as_dialog(),
        }
    }

    pub fn save_to(&mut self, path: &Path) {
        let path = if path.extension().is_none() {
            path.with_extension("board")
        } else {
            path.to_path_buf()
        };
        match write_text(&path, &self.board.to_text()) {
            Ok(()) => {
                crate::ui::recent::remember(&path);
                self.mark_saved();
                self.notice = Some(Notice::info(crate::msg!(
                    "saved-file",
                    file = path.display().to_string()
                )));
                self.files.folder = path.parent().map(Path::to_path_buf);
                self.origin.file = Some(path);
            }
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Reads a board or Moving AI map; on error the current board stays and the error shows.
    pub fn load_file(&mut self, path: &Path) {
        let loaded = read_text(path).and_then(|text| {
            let rules = is_moving_ai_map(&text).then_some(MoveRules::MOVING_AI);
            parse_board_or_map(&text)
                .map(|board| (board, rules))
                .map_err(|e| {
                    tr!(
                        "could-not-open",
                        name = path.display().to_string(),
                        why = e.to_string()
                    )
                })
        });
        match loaded {
            Ok((board, rules)) => {
                crate::ui::recent::remember(path);
                self.files.folder = path.parent().map(Path::to_path_buf);
                self.request_board(Incoming {
                    board,
                    source: Source::File(path.to_path_buf()),
                    rules,
                });
            }
            Err(message) => {
                let message = if message.contains(&path.display().to_string()) {
                    message
                } else {
                    tr!(
                        "could-not-open",
                        name = path.display().to_string(),
                        why = message
                    )
                };
                self.notice = Some(Notice::error(message));
            }
        }
    }

    /// Reads a board from text (a dropped file without a path, or a paste).
    pub fn load_text(&mut self, name: &str, text: &str) {
        let rules = is_moving_ai_map(text).then_some(MoveRules::MOVING_AI);
        match parse_board_or_map(text) {
            Ok(board) => self.request_board(Incoming {
                board,
                source: Source::Text(name.to_string()),
                rules,
            }),
            Err(e) => self.notice = Some(Notice::could_not_open(name, e)),
        }
    }

    pub fn open_preset(&mut self, file: &str) {
        match presets::board(file) {
            Some(board) => self.request_board(Incoming {
                board,
                source: Source::Preset(file.to_string()),
                rules: None,
            }),
            None => self.notice = Some(Notice::error(crate::msg!("no-preset", name = file))),
        }
    }

    /// Replaces the board, after asking if the current one has unsaved edits.
    fn request_board(&mut self, incoming: Incoming) {
        if self.dirty() {
            self.files.pending = Some(incoming);
        } else {
            self.take_board(incoming);
        }
    }

    fn take_board(&mut self, incoming: Incoming) {
        let Incoming {
            board,
            source,
            rules,
        } = incoming;
        let switched = self.replace_board_and_rules(board, rules);
        let name = match source {
            Source::File(path) => {
                let name = path.display().to_string();
                self.origin.file = Some(path);
                self.origin.preset = None;
                name
            }
            Source::Preset(preset) => {
                self.origin.file = None;
                self.origin.preset = Some(preset.clone());
                preset
            }
            Source::Text(name) => {
                self.origin.file = None;
                self.origin.preset = None;
                name
            }
        };
        // A board with no file or preset behind it is unsaved work until saved.
        self.origin.saved_at = (self.origin.file.is_some() || self.origin.preset.is_some())
            .then(|| self.edit.history.position());
        self.notice = Some(Notice::info(if switched {
            crate::msg!("opened-map-rules", name = name)
        } else {
            crate::msg!("opened", name = name)
        }));
    }

    /// Opens Edit → Paste a board…: a window to paste a board's text (or a Moving AI map)
    /// into, where the keyboard cannot paste on the board itself (a page without the
    /// clipboard, say).
    pub fn open_paste_window(&mut self) {
        self.files.paste = Some(String::new());
    }

    /// A board pasted (Ctrl+V on the board, or the paste window): it opens as a file
    /// would, after asking if the board on screen has unsaved edits; text that is no
    /// board says why, and the board stays.
    pub fn paste_board(&mut self, text: &str) {
        self.load_text(&tr!("pasted-board"), text);
    }

    fn paste_window(&mut self, ctx: &egui::Context) {
        let Some(text) = &mut self.files.paste else {
            return;
        };
        let mut open = true;
        let mut load = false;
        crate::ui::touch::closable(egui::Window::new(tr!("paste-board-title")), ctx, &mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                let label = ui.label(tr!("paste-board-text"));
                ui.add(
                    egui::TextEdit::multiline(text)
                        .code_editor()
                        .desired_rows(12)
                        .desired_width(360.0),
                )
                .labelled_by(label.id);
                load = ui.button(tr!("paste-board-open")).clicked();
            });
        if load {
            let text = std::mem::take(text);
            self.files.paste = None;
            self.paste_board(&text);
        } else if !open {
            self.files.paste = None;
        }
    }

    /// The file dialog, the paste window, the unsaved-edits question and the error window.
    pub(super) fn file_windows(&mut self, ui: &Ui) {
        let ctx = ui.ctx().clone();
        self.paste_window(&ctx);
        if let Some(dialog) = &mut self.files.dialog
            && let Some(outcome) = dialog.show(&ctx)
        {
            let mode = dialog.mode();
            self.files.dialog = None;
            if let DialogOutcome::Chosen(path) = outcome {
                match mode {
                    DialogMode::Open => self.load_file(&path),
                    DialogMode::Save => {
                        self.save_to(&path);
                        // Saved on the way to opening another board: open it now.
                        if !self.dirty()
                            && let Some(pending) = self.files.pending.take()
                        {
                            self.take_board(pending);
                        }
                    }
                }
            }
        }
        if self.files.pending.is_some() && self.files.dialog.is_none() {
            let mut choice = None;
            egui::Modal::new(egui::Id::unique("unsaved-board")).show(&ctx, |ui| {
                ui.heading(tr!("unsaved-title"));
                ui.label(tr!("unsaved-text"));
                ui.horizontal(|ui| {
                    if ui.button(tr!("unsaved-save")).clicked() {
                        choice = Some("save");
                    }
                    if ui.button(tr!("unsaved-discard")).clicked() {
                        choice = Some("discard");
                    }
                    if ui.button(tr!("cancel")).clicked() {
                        choice = Some("cancel");
                    }
                });
            });
            match choice {
                Some("save") => {
                    self.save();
                    if !self.dirty()
                        && let Some(pending) = self.files.pending.take()
                    {
                        self.take_board(pending);
                    }
                }
                Some("discard") => {
                    if let Some(pending) = self.files.pending.take() {
                        self.take_board(pending);
                    }
                }
                Some(_) => self.files.pending = None,
                None => {}
            }
        }
        error_window(&ctx, &mut self.notice, &tr!("board-unchanged"));
    }
}
