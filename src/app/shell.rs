use std::collections::BTreeMap;
use std::path::PathBuf;

use egui::{Key, Ui};

use super::link::LinkTab;
use super::notice::{Notice, error_window};
use super::pathfinding::PathfindingTab;
use super::persistence::{Fields, STORAGE_KEY, SavedState, VERSION};
use super::saved_file;
use super::snake::SnakeTab;
use super::sokoban::SokobanTab;
use super::tab::{Restore, Shortcut, Tab};

/// Lists the tabs once: each line names a tab, the field that holds it and its type. From
/// this come the `TabId` of each tab, the `Tabs` that hold them, and the loops over them.
macro_rules! register_tabs {
    ($($id:ident => $field:ident: $kind:ty,)*) => {
        /// Which tab is open.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub enum TabId {
            $($id,)*
        }

        impl TabId {
            pub const ALL: &[TabId] = &[$(TabId::$id,)*];

            /// The name of the tab's part of the saved state.
            pub fn key(self) -> &'static str {
                match self {
                    $(TabId::$id => stringify!($field),)*
                }
            }

            fn from_key(key: &str) -> Option<TabId> {
                TabId::ALL.iter().copied().find(|id| id.key() == key)
            }
        }

        /// Every tab of the app.
        pub struct Tabs {
            $(pub $field: $kind,)*
        }

        impl Tabs {
            pub fn get(&self, id: TabId) -> &dyn Tab {
                match id {
                    $(TabId::$id => &self.$field,)*
                }
            }

            pub fn get_mut(&mut self, id: TabId) -> &mut dyn Tab {
                match id {
                    $(TabId::$id => &mut self.$field,)*
                }
            }

            /// Each tab from its part of a saved state, with the messages of what was reset.
            fn restore(parts: &BTreeMap<String, Fields>) -> (Tabs, Vec<String>) {
                let mut resets = vec![];
                let tabs = Tabs {
                    $($field: {
                        let (tab, reset) = <$kind as Restore>::restore(parts.get(TabId::$id.key()));
                        resets.extend(reset);
                        tab
                    },)*
                };
                (tabs, resets)
            }
        }
    };
}

register_tabs! {
    Pathfinding => pathfinding: PathfindingTab,
    Sokoban => sokoban: SokobanTab,
    Snake => snake: SnakeTab,
    Link => link: LinkTab,
}

/// The most reset fields a message lists by name.
const LISTED_RESETS: usize = 6;

/// Shortcuts that work in every tab.
const SHELL_SHORTCUTS: &[Shortcut] = &[("F1 or ?", "this help")];

pub struct FrontierApp {
    pub tab: TabId,
    pub tabs: Tabs,
    pub help_open: bool,
    /// A message about the app as a whole (a saved state that could not be used, say).
    pub notice: Option<Notice>,
    /// The file eframe keeps the saved state in, when known: a damaged state is copied
    /// aside from it before it is overwritten.
    storage_file: Option<PathBuf>,
}

impl FrontierApp {
    pub fn new(cc: &eframe::CreationContext<'_>, storage_file: Option<PathBuf>) -> FrontierApp {
        let saved = cc.storage.and_then(|s| s.get_string(STORAGE_KEY));
        let mut app = FrontierApp::from_saved(saved.as_deref());
        app.storage_file = storage_file;
        if app.notice.is_some()
            && let Some(file) = &app.storage_file
        {
            let kept = saved_file::keep_copy(file, std::time::SystemTime::now());
            if let Some(notice) = &mut app.notice {
                notice.text.push_str(&kept);
            }
        }
        app
    }

    /// The app as a saved state describes it: every tab from its part, each damaged field
    /// reset with a message (or all fresh, with a message, if the text is no saved state).
    pub fn from_saved(saved: Option<&str>) -> FrontierApp {
        let (tab, parts, mut problems) = match saved.map(SavedState::read) {
            None => (None, BTreeMap::new(), vec![]),
            Some(Ok((tab, parts))) => (tab, parts, vec![]),
            Some(Err(why)) => (
                None,
                BTreeMap::new(),
                vec![format!(
                    "The saved state could not be used: {why}. Frontier started fresh."
                )],
            ),
        };
        let (tabs, resets) = Tabs::restore(&parts);
        if !resets.is_empty() {
            let mut listed = resets[..resets.len().min(LISTED_RESETS)].join("\n");
            if resets.len() > LISTED_RESETS {
                listed.push_str(&format!("\n…and {} more", resets.len() - LISTED_RESETS));
            }
            problems.push(format!(
                "Part of the saved state could not be used; the rest came back:\n{listed}"
            ));
        }
        FrontierApp {
            tab: tab
                .as_deref()
                .and_then(TabId::from_key)
                .unwrap_or(TabId::Pathfinding),
            tabs,
            help_open: false,
            notice: (!problems.is_empty()).then(|| Notice::error(problems.join("\n"))),
            storage_file: None,
        }
    }

    /// The state to save.
    pub fn saved_state(&self) -> SavedState {
        SavedState {
            version: VERSION,
            tab: self.tab.key().to_string(),
            tabs: TabId::ALL
                .iter()
                .filter_map(|&id| {
                    let text = self.tabs.get(id).save();
                    let raw = ron::value::RawValue::from_boxed_ron(text.into()).ok()?;
                    Some((id.key().to_string(), raw))
                })
                .collect(),
        }
    }

    /// The open tab.
    pub fn current(&mut self) -> &mut dyn Tab {
        self.tabs.get_mut(self.tab)
    }

    /// Files dropped on the window go to the tab that reads them: the one claiming the
    /// extension, else the open tab if it reads other files, else the first that does.
    fn dropped_files(&mut self, ui: &Ui) {
        let dropped = ui.input(|i| i.raw.dropped_files.clone());
        let Some(file) = dropped.first() else { return };
        let path = file.path().to_path_buf();
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        let claimed = TabId::ALL
            .iter()
            .copied()
            .find(|&id| self.tabs.get(id).extensions().contains(&extension.as_str()));
        let Some(target) = claimed
            .or_else(|| {
                self.tabs
                    .get(self.tab)
                    .opens_other_files()
                    .then_some(self.tab)
            })
            .or_else(|| {
                (TabId::ALL.iter().copied()).find(|&id| self.tabs.get(id).opens_other_files())
            })
        else {
            return;
        };
        let on_disk = path.is_file().then_some(path.as_path());
        let text = match on_disk {
            Some(path) => crate::files::read_text(path),
            None => file.bytes().and_then(|bytes| {
                String::from_utf8(bytes).map_err(|_| "it is not a text file".to_string())
            }),
        };
        let name = path.file_name().map_or("the dropped file".into(), |n| {
            n.to_string_lossy().into_owned()
        });
        self.tab = target;
        self.current().open_dropped(&name, on_disk, text);
    }

    /// The whole window.
    pub fn show(&mut self, ui: &mut Ui) {
        let typing = ui.ctx().text_edit_focused();
        if !typing && ui.input(|i| i.key_pressed(Key::F1) || i.key_pressed(Key::Questionmark)) {
            self.help_open = !self.help_open;
        }
        self.dropped_files(ui);
        // Shortcuts go first, before any widget: a focused button must not also take Space.
        if !typing && !self.current().modal_open() {
            let tab = self.tabs.get_mut(self.tab);
            tab.handle_keys(ui);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui));
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| ui.label(self.tabs.get(self.tab).status()));
        });
        let dt = ui.input(|i| i.unstable_dt) as f64;
        let tab = self.tabs.get_mut(self.tab);
        if tab.advance(dt) {
            ui.ctx().request_repaint();
        }
        tab.ui(ui);
        if self.help_open {
            self.help(ui);
        }
        // The message itself says what came back.
        error_window(ui.ctx(), &mut self.notice, "");
    }

    fn menu(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                for (i, &id) in TabId::ALL.iter().enumerate() {
                    if i > 0 {
                        ui.separator();
                    }
                    if self.tabs.get_mut(id).file_menu(ui) {
                        self.tab = id;
                    }
                }
            });
            ui.menu_button("Edit", |ui| self.current().edit_menu(ui));
            ui.menu_button("Help", |ui| {
                if ui.button("Keyboard shortcuts  (F1)").clicked() {
                    self.help_open = true;
                }
            });
            ui.separator();
            for &id in TabId::ALL {
                let title = self.tabs.get(id).title();
                ui.selectable_value(&mut self.tab, id, title);
            }
        });
    }

    fn help(&mut self, ui: &Ui) {
        let mut open = true;
        let sections: Vec<(String, &[Shortcut])> = TabId::ALL
            .iter()
            .map(|&id| (self.tabs.get(id).title(), self.tabs.get(id).shortcuts()))
            .chain([("Anywhere".to_string(), SHELL_SHORTCUTS)])
            .collect();
        egui::Window::new("Keyboard shortcuts")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ui.ctx(), |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                        for (title, shortcuts) in &sections {
                            ui.heading(title);
                            ui.end_row();
                            for (keys, what) in shortcuts.iter() {
                                ui.strong(*keys);
                                ui.label(*what);
                                ui.end_row();
                            }
                        }
                    });
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
