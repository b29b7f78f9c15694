use egui::{Key, Ui};

use super::link::LinkTab;
use super::notice::Notice;
use super::pathfinding::{PathfindingTab, Settings};
use super::persistence::{STORAGE_KEY, SavedState};
use super::snake::SnakeTab;
use super::sokoban::SokobanTab;
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
pub const SHORTCUTS: [(&str, &str); 30] = [
    ("Pathfinding, and Sokoban's solver", ""),
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
    ("Sokoban, playing", ""),
    ("Arrows or WASD", "move and push"),
    ("Ctrl+Z, U or Backspace", "undo a move (Ctrl+Y redoes)"),
    ("R", "restart the level"),
    ("N / P", "next / previous level"),
    ("H", "hint: the first push of a shortest solution from here"),
    ("Ctrl+V", "paste a level"),
    ("Snake", ""),
    ("Arrows or WASD", "steer (the first key starts the game)"),
    ("Space", "pause / resume"),
    (". or Enter", "one move"),
    (",", "one part of the planner's decision"),
    ("1 / 2 / 3", "you steer / classic planner / cycle planner"),
    ("Link", ""),
    ("H / S / U", "hint / shuffle / undo"),
    ("Anywhere", ""),
    ("F1 or ?", "this help"),
];

pub struct FrontierApp {
    pub tab: Tab,
    pub pathfinding: PathfindingTab,
    pub sokoban: SokobanTab,
    pub snake: SnakeTab,
    pub link: LinkTab,
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
        match saved.map(SavedState::restore) {
            None => FrontierApp {
                tab: Tab::Pathfinding,
                pathfinding: fresh(),
                sokoban: SokobanTab::new(None),
                snake: SnakeTab::new(None),
                link: LinkTab::new(None),
                help_open: false,
            },
            Some(Ok(restored)) => {
                let mut pathfinding =
                    PathfindingTab::new(restored.board, restored.settings, restored.playback);
                pathfinding.file = restored.file;
                pathfinding.dirty = restored.dirty;
                FrontierApp {
                    tab: restored.tab,
                    pathfinding,
                    sokoban: SokobanTab::new(restored.sokoban),
                    snake: SnakeTab::new(restored.snake),
                    link: LinkTab::new(restored.link),
                    help_open: false,
                }
            }
            Some(Err(problem)) => {
                let mut pathfinding = fresh();
                pathfinding.notice = Some(Notice::error(format!(
                    "The saved state could not be used: {problem}. Frontier started fresh."
                )));
                FrontierApp {
                    tab: Tab::Pathfinding,
                    pathfinding,
                    sokoban: SokobanTab::new(None),
                    snake: SnakeTab::new(None),
                    link: LinkTab::new(None),
                    help_open: false,
                }
            }
        }
    }

    /// The state to save.
    pub fn saved_state(&self) -> SavedState {
        let p = &self.pathfinding;
        SavedState {
            version: super::persistence::VERSION,
            tab: self.tab,
            board: p.board.to_text(),
            file: p.file.clone(),
            dirty: p.dirty,
            settings: p.settings.clone(),
            playback: p.playback.clone(),
            sokoban: Some(self.sokoban.saved()),
            snake: Some(self.snake.saved()),
            link: Some(self.link.saved()),
        }
    }

    /// Files dropped on the window go to the tab that reads them.
    fn dropped_files(&mut self, ui: &Ui) {
        let dropped = ui.input(|i| i.raw.dropped_files.clone());
        let Some(file) = dropped.first() else { return };
        let path = file.path().to_path_buf();
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        if extension == "link" && path.is_file() {
            self.tab = Tab::Link;
            self.link.load_file(&path);
            return;
        }
        let sokoban = matches!(extension.as_str(), "xsb" | "sok")
            || (extension != "board" && extension != "map" && self.tab == Tab::Sokoban);
        let text = if path.is_file() {
            crate::files::read_text(&path)
        } else {
            file.bytes().and_then(|bytes| {
                String::from_utf8(bytes).map_err(|_| "it is not a text file".to_string())
            })
        };
        let name = path.file_name().map_or("the dropped file".into(), |n| {
            n.to_string_lossy().into_owned()
        });
        match (sokoban, text) {
            (true, Ok(text)) => {
                self.tab = Tab::Sokoban;
                self.sokoban.load_collection(&name, &text);
            }
            (false, Ok(_)) if path.is_file() => {
                self.tab = Tab::Pathfinding;
                self.pathfinding.load_file(&path);
            }
            (false, Ok(text)) => {
                self.tab = Tab::Pathfinding;
                self.pathfinding.load_text(&name, &text);
            }
            (true, Err(e)) => {
                self.sokoban.notice = Some(Notice::error(format!("Could not open {name}: {e}")))
            }
            (false, Err(e)) => {
                self.pathfinding.notice = Some(Notice::error(format!("Could not open {name}: {e}")))
            }
        }
    }

    /// The whole window.
    pub fn show(&mut self, ui: &mut Ui) {
        let typing = ui.ctx().text_edit_focused();
        if !typing && ui.input(|i| i.key_pressed(Key::F1) || i.key_pressed(Key::Questionmark)) {
            self.help_open = !self.help_open;
        }
        self.dropped_files(ui);
        // Shortcuts go first, before any widget: a focused button must not also take Space.
        if !typing {
            match self.tab {
                Tab::Pathfinding if !self.pathfinding.modal_open() => {
                    self.pathfinding.handle_keys(ui)
                }
                Tab::Sokoban if !self.sokoban.modal_open() => self.sokoban.handle_keys(ui),
                Tab::Snake => self.snake.handle_keys(ui),
                Tab::Link if !self.link.modal_open() => self.link.handle_keys(ui),
                _ => {}
            }
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
                Tab::Sokoban => {
                    ui.label(self.sokoban.status());
                }
                Tab::Snake => {
                    ui.label(self.snake.status());
                }
                Tab::Link => {
                    ui.label(self.link.status());
                }
            });
        });
        let dt = ui.input(|i| i.unstable_dt) as f64;
        match self.tab {
            Tab::Pathfinding => {
                if self.pathfinding.advance(dt) {
                    ui.ctx().request_repaint();
                }
                self.pathfinding.ui(ui);
            }
            Tab::Sokoban => {
                if self.sokoban.advance(dt) {
                    ui.ctx().request_repaint();
                }
                self.sokoban.ui(ui);
            }
            Tab::Snake => {
                if self.snake.advance(dt) {
                    ui.ctx().request_repaint();
                }
                self.snake.ui(ui);
            }
            Tab::Link => {
                if self.link.advance(dt) {
                    ui.ctx().request_repaint();
                }
                self.link.ui(ui);
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
                        if ui.button(crate::games::preset_title(file)).clicked() {
                            self.tab = Tab::Pathfinding;
                            self.pathfinding.open_preset(file);
                        }
                    }
                });
                ui.separator();
                if ui.button("Open Sokoban levels…").clicked() {
                    self.tab = Tab::Sokoban;
                    self.sokoban.open_dialog();
                }
                ui.menu_button("Preset Sokoban levels", |ui| {
                    for (file, text) in crate::games::sokoban::presets::COLLECTIONS {
                        if ui.button(file).clicked() {
                            self.tab = Tab::Sokoban;
                            self.sokoban.load_collection(file, text);
                        }
                    }
                });
                ui.separator();
                ui.menu_button("Preset Link boards", |ui| {
                    for (file, _) in crate::games::link::presets::BOARDS {
                        if ui.button(crate::games::preset_title(file)).clicked() {
                            self.tab = Tab::Link;
                            self.link.open_preset(file);
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
                        if what.is_empty() {
                            ui.heading(keys);
                        } else {
                            ui.strong(keys);
                            ui.label(what);
                        }
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
