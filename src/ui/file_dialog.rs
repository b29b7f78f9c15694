//! An in-app dialog to pick a file to open or a name to save under: folders, matching
//! files, a name field. (No native dialog crate: they pull in a desktop toolkit.)

use std::path::{Path, PathBuf};

use egui::{Context, Ui};

use crate::tr;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogMode {
    Open,
    Save,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    is_dir: bool,
}

/// What the dialog ended with this frame, if it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogOutcome {
    Chosen(PathBuf),
    Cancelled,
}

pub struct FileDialog {
    mode: DialogMode,
    title: String,
    folder: PathBuf,
    folder_text: String,
    name: String,
    extensions: Vec<String>,
    entries: Vec<Entry>,
    error: Option<String>,
}

impl FileDialog {
    /// A dialog in `folder` showing folders and files ending in one of `extensions`.
    pub fn new(
        mode: DialogMode,
        title: &str,
        folder: &Path,
        name: &str,
        extensions: &[&str],
    ) -> FileDialog {
        let mut dialog = FileDialog {
            mode,
            title: title.to_string(),
            folder: folder.to_path_buf(),
            folder_text: folder.display().to_string(),
            name: name.to_string(),
            extensions: extensions.iter().map(|e| e.to_string()).collect(),
            entries: vec![],
            error: None,
        };
        dialog.refresh();
        dialog
    }

    pub fn mode(&self) -> DialogMode {
        self.mode
    }

    fn refresh(&mut self) {
        self.entries.clear();
        self.error = None;
        match std::fs::read_dir(&self.folder) {
            Ok(listing) => {
                for entry in listing.flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                    let matches = self.extensions.is_empty()
                        || self
                            .extensions
                            .iter()
                            .any(|e| name.to_ascii_lowercase().ends_with(&format!(".{e}")));
                    if is_dir || matches {
                        self.entries.push(Entry { name, is_dir });
                    }
                }
                self.entries.sort_by(|a, b| {
                    b.is_dir
                        .cmp(&a.is_dir)
                        .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                });
            }
            Err(e) => {
                self.error = Some(tr!(
                    "dialog-cannot-list",
                    folder = self.folder.display().to_string(),
                    why = e.to_string()
                ))
            }
        }
    }

    fn enter(&mut self, folder: PathBuf) {
        self.folder = folder;
        self.folder_text = self.folder.display().to_string();
        self.refresh();
    }

    fn chosen_path(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return None;
        }
        let path = PathBuf::from(name);
        Some(if path.is_absolute() {
            path
        } else {
            self.folder.join(path)
        })
    }

    /// Shows the dialog; returns what the user chose once they chose.
    pub fn show(&mut self, ctx: &Context) -> Option<DialogOutcome> {
        let mut outcome = None;
        let mut open = true;
        egui::Window::new(self.title.clone())
            .open(&mut open)
            .collapsible(false)
            .default_size([520.0, 420.0])
            .show(ctx, |ui| outcome = self.contents(ui));
        if !open {
            outcome = Some(DialogOutcome::Cancelled);
        }
        outcome
    }

    fn contents(&mut self, ui: &mut Ui) -> Option<DialogOutcome> {
        let mut outcome = None;
        ui.horizontal(|ui| {
            if ui
                .button(tr!("dialog-up"))
                .on_hover_text(tr!("dialog-up-tip"))
                .clicked()
                && let Some(parent) = self.folder.parent()
            {
                self.enter(parent.to_path_buf());
            }
            let label = ui.label(tr!("dialog-folder"));
            let response = ui
                .add(egui::TextEdit::singleline(&mut self.folder_text).desired_width(f32::INFINITY))
                .labelled_by(label.id);
            if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                self.enter(PathBuf::from(self.folder_text.trim()));
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        let list_height = (ui.available_height() - 60.0).max(120.0);
        let mut enter = None;
        egui::ScrollArea::vertical()
            .max_height(list_height)
            .show(ui, |ui| {
                for entry in &self.entries {
                    let label = if entry.is_dir {
                        format!("{}/", entry.name)
                    } else {
                        entry.name.clone()
                    };
                    let response =
                        ui.selectable_label(!entry.is_dir && entry.name == self.name, label);
                    if response.clicked() {
                        if entry.is_dir {
                            enter = Some(self.folder.join(&entry.name));
                        } else {
                            self.name = entry.name.clone();
                        }
                    }
                    if response.double_clicked() && !entry.is_dir {
                        outcome = Some(DialogOutcome::Chosen(self.folder.join(&entry.name)));
                    }
                }
            });
        if let Some(folder) = enter {
            self.enter(folder);
        }
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label(tr!("dialog-file-name"));
            let response = ui
                .add(egui::TextEdit::singleline(&mut self.name).desired_width(260.0))
                .labelled_by(label.id);
            let confirm = match self.mode {
                DialogMode::Open => tr!("dialog-open"),
                DialogMode::Save => tr!("dialog-save"),
            };
            let enter_pressed =
                response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button(confirm).clicked() || enter_pressed)
                && let Some(path) = self.chosen_path()
            {
                outcome = Some(DialogOutcome::Chosen(path));
            }
            if ui.button(tr!("cancel")).clicked() {
                outcome = Some(DialogOutcome::Cancelled);
            }
        });
        outcome
    }
}
