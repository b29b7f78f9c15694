use egui::{Key, Ui};

use super::pathfinding::{PathfindingTab, Settings};
use super::persistence::{STORAGE_KEY, SavedState};
use crate::games::sandbox::presets;
use crate::ui::Playback;

/// The board kinds, one tab each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tab {
    Pathfinding,
    Sokoban,
    Snake,
    Link,
}

impl Tab {
    const ALL: [Tab; 4] = [Tab::Pathfinding, Tab::Sokoban, Tab::Snake, Tab::Link];

    fn title(self) -> &'static str {
        match self {
            Tab::Pathfinding => "Pathfinding",
            Tab::Sokoban => "Sokoban",
            Tab::Snake => "Snake",
            Tab::Link => "Link",
        }
    }
}

/// Keyboard shortcuts, as the help overlay lists them.
pub const SHORTCUTS: [(&str, &str); 13] = [
    ("Space", "play / pause"),
    ("Right arrow", "step forward"),
    ("Left arrow", "step back"),
    ("Home", "back to the start of the run"),
    ("End", "run to the end"),
    ("+ / -", "faster / slower"),
    ("Ctrl+Z", "undo a board edit"),
    ("Ctrl+Y, Ctrl+Shift+Z", "redo"),
    ("Ctrl+S", "save the board"),
    ("Ctrl+O", "open a board"),
    ("F", "fit the board in view"),
    ("Wheel / middle-drag / Space+drag", "zoom / pan"),
    ("F1 or ?", "this help"),
];

pub struct FrontierApp {
    pub tab: Tab,
    pub pathfinding: PathfindingTab,
    pub help_open: bool,
}

impl FrontierApp {
    pub fn new(cc: &eframe::CreationContext<'_>) -> FrontierApp {
        let saved = cc.storage.and_then(|s| s.get_string(STORAGE_KEY));
        FrontierApp::from_saved(saved.as_deref())
    }

    /// The app as a saved state describes it (or fresh, with a message, if it cannot be
    /// read).
    pub fn from_saved(saved: Option<&str>) -> FrontierApp {
        let fresh = || {
            let board = presets::board("rooms-with-doors.board")
                .unwrap_or_else(|| crate::games::sandbox::Board::new(40, 25));
            PathfindingTab::new(board, Settings::default(), Playback::default())
        };
        let (tab, pathfinding) = match saved.map(SavedState::restore) {
            None => (Tab::Pathfinding, fresh()),
            Some(Ok(restored)) => {
                let mut pathfinding =
                    PathfindingTab::new(restored.board, restored.settings, restored.playback);
                pathfinding.file = restored.file;
                pathfinding.dirty = restored.dirty;
                (restored.tab, pathfinding)
            }
            Some(Err(problem)) => {
                let mut pathfinding = fresh();
                pathfinding.notice = Some(super::Notice {
                    error: true,
                    text: format!(
                        "The saved state could not be used: {problem}. Frontier started fresh."
                    ),
                });
                (Tab::Pathfinding, pathfinding)
            }
        };
        FrontierApp {
            tab,
            pathfinding,
            help_open: false,
        }
    }

    /// The state to save.
    pub fn saved_state(&self) -> SavedState {
        let p = &self.pathfinding;
        SavedState::new(
            self.tab,
            &p.board,
            p.file.clone(),
            p.dirty,
            p.settings.clone(),
            p.playback.clone(),
        )
    }

    /// The whole window.
    pub fn show(&mut self, ui: &mut Ui) {
        let typing = ui.ctx().text_edit_focused();
        if !typing && ui.input(|i| i.key_pressed(Key::F1) || i.key_pressed(Key::Questionmark)) {
            self.help_open = !self.help_open;
        }
        // Shortcuts go first, before any widget: a focused button must not also take Space.
        if self.tab == Tab::Pathfinding && !typing && !self.pathfinding.modal_open() {
            self.pathfinding.handle_keys(ui);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui));
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| match self.tab {
                Tab::Pathfinding => {
                    if let Some(notice) = &self.pathfinding.notice
                        && !notice.error
                    {
                        ui.label(&notice.text);
                        ui.separator();
                    }
                    ui.label(self.pathfinding.status());
                }
                other => {
                    ui.label(format!("{}: coming in a later version", other.title()));
                }
            });
        });
        match self.tab {
            Tab::Pathfinding => {
                let dt = ui.input(|i| i.unstable_dt) as f64;
                if self.pathfinding.advance(dt) {
                    ui.ctx().request_repaint();
                }
                self.pathfinding.ui(ui);
            }
            other => {
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    ui.heading(other.title());
                    ui.label(match other {
                        Tab::Sokoban => "Sokoban (play, edit, and watch BFS, DFS and A* solve levels) is coming in a later version.",
                        Tab::Snake => "Snake (play, and watch its autopilot plan every move) is coming in a later version.",
                        _ => "Link / Onet (play, and watch the fewest-turns link search) is coming in a later version.",
                    });
                });
            }
        }
        if self.help_open {
            self.help(ui);
        }
    }

    fn menu(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("Open board…  (Ctrl+O)").clicked() {
                    self.tab = Tab::Pathfinding;
                    self.pathfinding.open_dialog();
                }
                if ui.button("Save board  (Ctrl+S)").clicked() {
                    self.pathfinding.save();
                }
                if ui.button("Save board as…").clicked() {
                    self.pathfinding.save_as_dialog();
                }
                ui.menu_button("Preset boards", |ui| {
                    for (file, _) in presets::BOARDS {
                        if ui.button(presets::title(file)).clicked() {
                            self.tab = Tab::Pathfinding;
                            self.pathfinding.open_preset(file);
                        }
                    }
                });
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(
                        self.pathfinding.history.can_undo(),
                        egui::Button::new("Undo  (Ctrl+Z)"),
                    )
                    .clicked()
                {
                    self.pathfinding.undo();
                }
                if ui
                    .add_enabled(
                        self.pathfinding.history.can_redo(),
                        egui::Button::new("Redo  (Ctrl+Y)"),
                    )
                    .clicked()
                {
                    self.pathfinding.redo();
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Keyboard shortcuts  (F1)").clicked() {
                    self.help_open = true;
                }
            });
            ui.separator();
            for tab in Tab::ALL {
                ui.selectable_value(&mut self.tab, tab, tab.title());
            }
        });
    }

    fn help(&mut self, ui: &Ui) {
        let mut open = true;
        egui::Window::new("Keyboard shortcuts")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ui.ctx(), |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for (keys, what) in SHORTCUTS {
                        ui.strong(keys);
                        ui.label(what);
                        ui.end_row();
                    }
                });
            });
        self.help_open &= open;
    }
}

impl eframe::App for FrontierApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        storage.set_string(STORAGE_KEY, self.saved_state().to_ron());
    }
}
