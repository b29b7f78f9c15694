//! The dialog drawn in the app: places (Home, the presets folder, the folder the app started
//! in, recent folders and files), the folder's subfolders and files of the chosen type, a
//! name field. (No native dialog crate: they pull in a desktop toolkit.)

use std::path::{Path, PathBuf};

use egui::{Context, Ui};

use super::{DialogMode, DialogOutcome, FileFilter, home, presets_folder};
use crate::tr;
use crate::ui::recent;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    is_dir: bool,
}

impl FileFilter {
    fn matches(&self, name: &str) -> bool {
        let name = name.to_ascii_lowercase();
        self.extensions.is_empty()
            || self
                .extensions
                .iter()
                .any(|e| name.ends_with(&format!(".{e}")))
    }

    /// The name with its patterns: "Boards (*.board, *.map)".
    fn label(&self) -> String {
        if self.extensions.is_empty() {
            return self.name.clone();
        }
        let patterns: Vec<String> = self.extensions.iter().map(|e| format!("*.{e}")).collect();
        format!("{} ({})", self.name, patterns.join(", "))
    }
}

pub struct FileDialog {
    mode: DialogMode,
    title: String,
    folder: PathBuf,
    folder_text: String,
    name: String,
    filters: Vec<FileFilter>,
    filter: usize,
    presets: Option<PathBuf>,
    entries: Vec<Entry>,
    error: Option<String>,
    /// A file chosen for saving that exists already: replaced only once the user says so.
    replacing: Option<PathBuf>,
}

impl FileDialog {
    /// A dialog showing folders and the files of the first of `filters` (the others are
    /// on offer), in `folder` or else the folder used last, else Home.
    pub fn new(
        mode: DialogMode,
        title: &str,
        folder: Option<&Path>,
        name: &str,
        filters: Vec<FileFilter>,
    ) -> FileDialog {
        let folder = folder
            .map(Path::to_path_buf)
            .filter(|f| f.is_dir())
            .or_else(|| recent::get().folders.into_iter().find(|f| f.is_dir()))
            .or_else(home)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."));
        let filters = if filters.is_empty() {
            vec![FileFilter::all()]
        } else {
            filters
        };
        let mut dialog = FileDialog {
            mode,
            title: title.to_string(),
            folder_text: folder.display().to_string(),
            folder,
            name: name.to_string(),
            filters,
            filter: 0,
            presets: None,
            entries: vec![],
            error: None,
            replacing: None,
        };
        dialog.refresh();
        dialog
    }

    /// Offers the presets folder `sub` (of `presets/`) among the places.
    pub fn with_presets(mut self, sub: &str) -> FileDialog {
        self.presets = presets_folder(sub);
        self
    }

    /// The folder shown.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The names listed (folders end in `/`).
    pub fn listed(&self) -> Vec<String> {
        self.entries
            .iter()
            .map(|e| {
                if e.is_dir {
                    format!("{}/", e.name)
                } else {
                    e.name.clone()
                }
            })
            .collect()
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
                    if is_dir || self.filters[self.filter].matches(&name) {
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
        crate::ui::touch::closable(egui::Window::new(self.title.clone()), ctx, &mut open)
            .collapsible(false)
            .default_size([640.0, 440.0])
            .show(ctx, |ui| outcome = self.contents(ui));
        if !open {
            outcome = Some(DialogOutcome::Cancelled);
        }
        // (A file goes among the recent ones once it has opened or saved: see
        // `recent::remember`.)
        outcome
    }

    /// How tall the lists may be: the window must fit in the app's window with its name
    /// row and buttons.
    fn list_height(&self, ui: &Ui) -> f32 {
        (ui.ctx().content_rect().height() - 360.0).clamp(80.0, 300.0)
    }

    /// Home, presets, the starting folder, recent folders and (to open) recent files.
    fn places(&mut self, ui: &mut Ui) -> Option<DialogOutcome> {
        let mut outcome = None;
        let mut go = None;
        ui.strong(tr!("dialog-places"));
        let mut fixed = vec![];
        if let Some(home) = home() {
            fixed.push((tr!("dialog-home"), home));
        }
        if let Some(presets) = &self.presets {
            fixed.push((tr!("dialog-presets"), presets.clone()));
        }
        if let Ok(current) = std::env::current_dir() {
            fixed.push((tr!("dialog-started-in"), current));
        }
        for (name, folder) in fixed {
            if ui
                .selectable_label(self.folder == folder, name)
                .on_hover_text(folder.display().to_string())
                .clicked()
            {
                go = Some(folder);
            }
        }
        let recent = recent::get();
        if !recent.folders.is_empty() {
            ui.add_space(6.0);
            ui.strong(tr!("dialog-recent-folders"));
            for folder in recent.folders.iter().filter(|f| f.is_dir()) {
                if ui
                    .selectable_label(self.folder == *folder, format!("{}/", short(folder)))
                    .on_hover_text(folder.display().to_string())
                    .clicked()
                {
                    go = Some(folder.clone());
                }
            }
        }
        if self.mode == DialogMode::Open && !recent.files.is_empty() {
            ui.add_space(6.0);
            ui.strong(tr!("dialog-recent-files"));
            for file in recent.files.iter().filter(|f| f.is_file()) {
                let response = ui
                    .selectable_label(false, short(file))
                    .on_hover_text(file.display().to_string());
                if response.clicked() {
                    if let Some(folder) = file.parent() {
                        go = Some(folder.to_path_buf());
                    }
                    self.name = short(file);
                }
                if response.double_clicked() {
                    outcome = Some(DialogOutcome::Chosen(file.clone()));
                }
            }
        }
        if let Some(folder) = go {
            let name = self.name.clone();
            self.enter(folder);
            self.name = name;
        }
        outcome
    }

    fn contents(&mut self, ui: &mut Ui) -> Option<DialogOutcome> {
        let mut outcome = None;
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(150.0);
                egui::ScrollArea::vertical()
                    .id_salt("dialog-places")
                    .max_height(self.list_height(ui))
                    .show(ui, |ui| outcome = self.places(ui));
            });
            // (A separator here would stretch the row to the window's full height.)
            ui.add_space(12.0);
            ui.vertical(|ui| {
                if let Some(chosen) = self.listing(ui) {
                    outcome = Some(chosen);
                }
            });
        });
        ui.separator();
        if let Some(chosen) = self.name_row(ui) {
            outcome = Some(chosen);
        }
        let outcome = self.unless_it_replaces(outcome);
        match self.replace_row(ui) {
            Some(replace) => Some(replace),
            None => outcome,
        }
    }

    /// `outcome`, unless it saves over a file that exists: that is asked about first.
    fn unless_it_replaces(&mut self, outcome: Option<DialogOutcome>) -> Option<DialogOutcome> {
        match outcome {
            Some(DialogOutcome::Chosen(path))
                if self.mode == DialogMode::Save && path.is_file() =>
            {
                self.replacing = Some(path);
                None
            }
            other => other,
        }
    }

    /// "… already exists. Replace it?" with Replace and Cancel.
    fn replace_row(&mut self, ui: &mut Ui) -> Option<DialogOutcome> {
        let path = self.replacing.clone()?;
        let mut outcome = None;
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr!("dialog-replace-question", name = short(&path)),
            );
            if ui.button(tr!("dialog-replace")).clicked() {
                self.replacing = None;
                outcome = Some(DialogOutcome::Chosen(path.clone()));
            }
            if ui.button(tr!("dialog-keep")).clicked() {
                self.replacing = None;
            }
        });
        outcome
    }

    /// The folder field and the folder's entries.
    fn listing(&mut self, ui: &mut Ui) -> Option<DialogOutcome> {
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
        let list_height = self.list_height(ui);
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
        outcome
    }

    /// The file's name, its type, and the buttons.
    fn name_row(&mut self, ui: &mut Ui) -> Option<DialogOutcome> {
        let mut outcome = None;
        if self.filters.len() > 1 {
            ui.horizontal(|ui| {
                let label = ui.label(tr!("dialog-file-type"));
                let before = self.filter;
                egui::ComboBox::from_id_salt("dialog-file-type")
                    .selected_text(self.filters[self.filter].label())
                    .show_ui(ui, |ui| {
                        for (i, filter) in self.filters.iter().enumerate() {
                            ui.selectable_value(&mut self.filter, i, filter.label());
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if self.filter != before {
                    self.refresh();
                }
            });
        }
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

/// A path's last part (the whole path when it has none).
fn short(path: &Path) -> String {
    path.file_name().map_or(path.display().to_string(), |n| {
        n.to_string_lossy().into_owned()
    })
}
