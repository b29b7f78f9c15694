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
        if let Err(why) = self.collection.replace(name, text) {
            self.notice = Some(Notice::could_not_open(name, why));
            return false;
        }
        self.select(self.collection.index());
        self.mode = Mode::Play;
        let count = self.collection.entries().len();
        let bad = (self.collection.entries().iter())
            .filter(|e| e.level.is_err())
            .count();
        self.notice = Some(Notice::info(match bad {
            0 => crate::msg!("sk-opened", name = name, count = count),
            _ => crate::msg!("sk-opened-mistakes", name = name, count = count, bad = bad),
        }));
        true
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
        let added = good.len();
        self.collection.add(name, good);
        self.select(self.collection.index());
        self.mode = Mode::Play;
        self.notice = Some(Notice::info(crate::msg!(
            "sk-added",
            added = added,
            name = self.collection.name().to_string(),
            count = self.collection.entries().len()
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
        if let Some(text) = self.collection.paste_window(ctx) {
            self.add_levels(&crate::tr!("sk-pasted-level"), &text);
        }
        error_window(ctx, &mut self.notice, &crate::tr!("sk-unchanged"));
    }
}
