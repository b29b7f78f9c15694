//! Collections in and out: loading a collection (from a file, a paste or a preset), the file
//! dialogs, the paste window, and saving the edited level as XSB.

use std::path::Path;

use super::{Mode, SokobanTab};
use crate::app::notice::{Notice, error_window};
use crate::files::{read_text, write_text};
use crate::games::sokoban::parse_collection;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};

impl SokobanTab {
    /// Replaces the collection (from a file, a paste or a preset); false (and the message)
    /// when the text holds no level.
    pub fn load_collection(&mut self, name: &str, text: &str) -> bool {
        match parse_collection(text) {
            Ok(entries) => {
                self.collection.collection_name = name.to_string();
                self.collection.collection_text = text.to_string();
                self.collection.entries = entries;
                let first_good = self
                    .collection
                    .entries
                    .iter()
                    .position(|e| e.level.is_ok())
                    .unwrap_or(0);
                self.select(first_good);
                self.mode = Mode::Play;
                let bad = self
                    .collection
                    .entries
                    .iter()
                    .filter(|e| e.level.is_err())
                    .count();
                self.notice = Some(Notice::info(if bad == 0 {
                    crate::msg!(
                        "sk-opened",
                        name = name,
                        count = self.collection.entries.len()
                    )
                } else {
                    crate::msg!(
                        "sk-opened-mistakes",
                        name = name,
                        count = self.collection.entries.len(),
                        bad = bad
                    )
                }));
                true
            }
            Err(e) => {
                self.notice = Some(Notice::could_not_open(name, e));
                false
            }
        }
    }

    /// Adds the levels of a paste (or a link) to the open collection and opens the first:
    /// the collection, its other levels and the player's progress stay. Text that holds no
    /// valid level is refused with its first mistake, and nothing changes.
    pub fn add_levels(&mut self, name: &str, text: &str) {
        let entries = match parse_collection(text) {
            Ok(entries) => entries,
            Err(e) => {
                self.notice = Some(Notice::could_not_open(name, e));
                return;
            }
        };
        let (good, bad): (Vec<_>, Vec<_>) = entries.into_iter().partition(|e| e.level.is_ok());
        if good.is_empty() {
            let why = bad
                .first()
                .and_then(|e| e.level.as_ref().err())
                .map_or_else(String::new, |e| e.to_string());
            self.notice = Some(Notice::could_not_open(name, why));
            return;
        }
        if self.collection.entries.is_empty() {
            self.collection.collection_name = name.to_string();
            self.collection.collection_text.clear();
        }
        let first = self.collection.entries.len();
        for entry in &good {
            if let Ok(level) = &entry.level {
                if !self.collection.collection_text.is_empty()
                    && !self.collection.collection_text.ends_with("\n\n")
                {
                    self.collection.collection_text.push('\n');
                }
                self.collection.collection_text.push_str(&level.to_xsb());
            }
        }
        self.collection.entries.extend(good);
        self.select(first);
        self.mode = Mode::Play;
        self.notice = Some(Notice::info(crate::msg!(
            "sk-added",
            added = self.collection.entries.len() - first,
            name = self.collection.collection_name.clone(),
            count = self.collection.entries.len()
        )));
    }

    pub fn load_file(&mut self, path: &Path) {
        match read_text(path) {
            Ok(text) => {
                let name = path.file_name().map_or(crate::tr!("sk-levels"), |n| {
                    n.to_string_lossy().into_owned()
                });
                if self.load_collection(&name, &text) {
                    crate::ui::recent::remember(path);
                }
            }
            Err(message) => {
                let name = path.display().to_string();
                self.notice = Some(Notice::could_not_open(name, message))
            }
        }
    }

    pub fn open_dialog(&mut self) {
        let filters = vec![
            FileFilter::new(crate::tr!("dialog-sokoban-levels"), &["xsb", "sok"]),
            FileFilter::text(),
            FileFilter::all(),
        ];
        let dialog = FileDialog::new(
            DialogMode::Open,
            &crate::tr!("dialog-open-levels"),
            None,
            "",
            filters,
        );
        self.dialog = Some(dialog.with_presets("sokoban"));
    }

    pub(super) fn save_dialog(&mut self) {
        self.dialog = Some(FileDialog::new(
            DialogMode::Save,
            &crate::tr!("dialog-save-level"),
            None,
            "level.xsb",
            vec![FileFilter::new(
                crate::tr!("dialog-sokoban-levels"),
                &["xsb"],
            )],
        ));
    }

    pub(super) fn windows(&mut self, ctx: &egui::Context) {
        if let Some(dialog) = &mut self.dialog
            && let Some(outcome) = dialog.show(ctx)
        {
            let saving = dialog.mode() == DialogMode::Save;
            self.dialog = None;
            if let DialogOutcome::Chosen(path) = outcome {
                if saving {
                    let path = if path.extension().is_none() {
                        path.with_extension("xsb")
                    } else {
                        path
                    };
                    self.notice = Some(match write_text(&path, &self.edit.level().to_xsb()) {
                        Ok(()) => {
                            crate::ui::recent::remember(&path);
                            Notice::info(crate::msg!(
                                "saved-file",
                                file = path.display().to_string()
                            ))
                        }
                        Err(message) => Notice::error(message),
                    });
                } else {
                    self.load_file(&path);
                }
            }
        }
        if let Some(text) = &mut self.collection.paste {
            let mut open = true;
            let mut load = false;
            egui::Window::new(crate::tr!("sk-paste-title"))
                .open(&mut open)
                .show(ctx, |ui| {
                    ui.label(crate::tr!("sk-paste-text"));
                    ui.add(
                        egui::TextEdit::multiline(text)
                            .code_editor()
                            .desired_rows(12)
                            .desired_width(360.0),
                    );
                    load = ui.button(crate::tr!("sk-paste-open")).clicked();
                });
            if load {
                let text = text.clone();
                self.collection.paste = None;
                self.add_levels(&crate::tr!("sk-pasted-level"), &text);
            } else if !open {
                self.collection.paste = None;
            }
        }
        error_window(ctx, &mut self.notice, &crate::tr!("sk-unchanged"));
    }
}
