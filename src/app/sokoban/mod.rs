//! The Sokoban tab: play levels, edit them, and watch BFS, DFS, A* and greedy solve them.

mod aid;
mod board;
mod collection;
mod compact;
mod edit_mode;
use collection::Collection;
use edit_mode::Editing;
mod export;
mod files;
use crate::games::sokoban::solver::hint_worker;
mod inspect;
mod play_mode;
use play_mode::Play;
mod saved;
mod share;
use crate::games::sokoban::solver::session as solve;
mod solve_mode;
use solve_mode::Solving;
mod view;

use crate::ui::side_panels::{PanelSpec, Side, SidePanels};
use std::path::Path;

use egui::Ui;

pub use crate::games::sokoban::progress::{Best, Progress, fingerprint};
pub use saved::SokobanSaved;
pub use solve::SolveSession;

use super::notice::Notice;
use crate::games::sokoban::{Entry, Game, Level, presets};
use crate::grid::Pos;
use crate::share::View;
use crate::ui::BoardView;
use crate::ui::file_dialog::FileDialog;
use crate::ui::step_controls::FrameBudget;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    Play,
    Edit,
    Solve,
}

/// What a press paints in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditTool {
    Wall,
    Floor,
    Goal,
    Box,
    Player,
}

pub struct SokobanTab {
    collection: Collection,
    mode: Mode,
    play: Play,
    edit: Editing,
    solve: Solving,
    view: BoardView,
    /// File → Export.
    export: crate::app::export_window::ExportWindow,
    notice: Option<Notice>,
    dialog: Option<FileDialog>,
}

impl SokobanTab {
    /// The tab as `saved` left it (checked already: see [`SokobanSaved`]).
    pub fn new(saved: SokobanSaved) -> SokobanTab {
        let mut tab = SokobanTab {
            collection: Collection::new(saved.collection_name, saved.collection_text),
            mode: Mode::Play,
            play: Play::new(saved.progress),
            edit: Editing::new(),
            solve: Solving::new(saved.algorithm, saved.detail),
            view: BoardView::new("sokoban-board", 8, 8).with_max_fit(96.0),
            export: export::window(),
            notice: None,
            dialog: None,
        };
        tab.select(saved.index);
        tab
    }

    pub fn level(&self) -> Option<&Level> {
        self.collection.level()
    }

    /// The current level as the editor takes it: titled as the list shows it, a preset's
    /// in the language on screen (the file's own English beside the Chinese list read as a
    /// mistake).
    pub(super) fn level_to_edit(&self) -> Option<Level> {
        let mut level = self.level()?.clone();
        level.title = self.collection.title(self.collection.index());
        Some(level)
    }

    /// Goes to level `index` of the collection, ready to play.
    pub fn select(&mut self, index: usize) {
        self.collection.choose(index);
        self.play.start(self.collection.level());
        self.solve.forget_level();
        self.edit.start(self.level_to_edit());
        // A message about the level left ("Solved in 3 moves, a new best!") is not about
        // this one; errors stay until read.
        if self.notice.as_ref().is_some_and(|n| !n.error) {
            self.notice = None;
        }
        self.view.fit();
    }

    /// Play, Edit level and Solve, as a row of choices.
    fn mode_picker(&mut self, ui: &mut Ui) {
        for (mode, name) in [
            (Mode::Play, crate::tr!("sk-mode-play")),
            (Mode::Edit, crate::tr!("sk-mode-edit")),
            (Mode::Solve, crate::tr!("sk-mode-solve")),
        ] {
            if ui.selectable_label(self.mode == mode, name).clicked() && self.mode != mode {
                self.mode = mode;
                self.solve.stop();
            }
        }
    }

    fn controls(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| self.mode_picker(ui));
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button(crate::tr!("sk-open")).clicked() {
                self.open_dialog();
            }
            if ui
                .button(crate::tr!("sk-paste"))
                .on_hover_text(crate::tr!("sk-paste-tip"))
                .clicked()
            {
                self.collection.open_paste();
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(crate::tr!("sk-presets"));
            for (file, text) in presets::COLLECTIONS {
                if ui.button(crate::games::preset_title(file)).clicked() {
                    self.load_collection(file, text);
                }
            }
        });
        if let Some(i) = self.collection.list(ui, self.play.progress()) {
            self.select(i);
        }
        match self.collection.current().map(|e| &e.level) {
            Some(Err(problem)) => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    crate::tr!("sk-cannot-play", why = problem.to_string()),
                );
            }
            Some(Ok(level)) => {
                let notes = self.collection.notes(self.collection.index(), level);
                if !notes.is_empty() {
                    egui::CollapsingHeader::new(crate::tr!("sk-about-level"))
                        .id_salt("sokoban-about-level")
                        .default_open(true)
                        .show(ui, |ui| ui.label(notes));
                }
            }
            None => {}
        }
        ui.separator();
        match self.mode {
            Mode::Play => self.play_controls(ui),
            Mode::Edit => self.edit_controls(ui),
            Mode::Solve => self.solve_controls(ui),
        }
    }

    /// The colour square `pos` was painted last frame.
    pub fn view_color(&self, pos: Pos) -> Option<egui::Color32> {
        self.view.cell_color(pos)
    }

    /// Where the centre of square `pos` was drawn last frame.
    pub fn view_center(&self, pos: Pos) -> Option<egui::Pos2> {
        self.view.screen_center(pos)
    }
}

const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
    ("keys-arrows-wasd", "does-move-push"),
    ("keys-undo-move", "does-undo-move"),
    ("keys-r", "does-restart-level"),
    ("keys-n-p", "does-next-previous"),
    ("keys-h", "does-hint-push"),
    ("keys-ctrl-v", "does-paste-level"),
    ("keys-run", "does-run-solve"),
];

impl crate::app::tab::Tab for SokobanTab {
    fn test_state(&self) -> serde_json::Value {
        self.state_for_tests()
    }

    fn show_lesson_scene(&mut self, scene: &crate::lessons::Scene, steps: usize) -> bool {
        let crate::lessons::Scene::Sokoban(scene) = scene else {
            return false;
        };
        self.show_lesson_level(scene, steps);
        true
    }

    fn title(&self) -> String {
        crate::tr!("tab-sokoban")
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    /// Keyboard shortcuts of this tab (skipped while a text field has focus).
    fn handle_keys(&mut self, ui: &Ui) {
        match self.mode {
            Mode::Play => self.play_keys(ui),
            Mode::Edit => self.edit.keys(ui),
            Mode::Solve => self.solve_keys(ui),
        }
        if let Some(text) = crate::ui::pasted(ui) {
            self.add_levels(&crate::tr!("sk-pasted-level"), &text);
        }
    }

    fn status(&self) -> String {
        let mut parts = vec![];
        if let Some(notice) = &self.notice
            && !notice.error
        {
            parts.push(notice.text());
        }
        let collection = &self.collection;
        if collection.current().is_some() {
            parts.push(crate::tr!(
                "sk-status",
                name = collection.name(),
                number = collection.index() + 1,
                count = collection.entries().len(),
                title = collection.title(collection.index())
            ));
        }
        parts.join("   ·   ")
    }

    /// This frame's share of playing, solving or replaying; true while more frames are
    /// needed.
    fn advance(&mut self, dt: f64, budget: FrameBudget) -> bool {
        match self.mode {
            Mode::Play => self.advance_play(dt),
            Mode::Solve => self.advance_solve(dt, budget),
            Mode::Edit => self.edit.advance(),
        }
    }

    fn ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        const CONTROLS: PanelSpec = PanelSpec {
            id: "sokoban-controls",
            title: "panel-title-controls",
            side: Side::Left,
            width: 300.0,
        };
        const SOLVER: PanelSpec = PanelSpec {
            id: "sokoban-solver",
            title: "panel-title-solver",
            side: Side::Right,
            width: 340.0,
        };
        let solving = self.mode == Mode::Solve;
        let panels = if solving {
            SidePanels::plan(ui, &[CONTROLS, SOLVER])
        } else {
            SidePanels::plan(ui, &[CONTROLS])
        };
        panels.show(ui, 0, |ui| self.controls(ui));
        if solving {
            panels.show(ui, 1, |ui| self.solver_panel(ui));
        }
        self.export_window(&ctx);
        egui::CentralPanel::default_margins().show(ui, |ui| {
            if !panels.is_open(0) {
                self.compact_bar(ui);
            }
            if solving && !panels.is_open(1) {
                self.compact_narration(ui);
            }
            self.board(ui);
        });
        self.windows(&ctx);
    }

    /// Whether a dialog is open (shortcuts wait).
    fn modal_open(&self) -> bool {
        self.dialog.is_some() || self.collection.pasting() || self.export.busy()
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    /// What a link to this tab carries: the level, and in the Solve view the search and its
    /// step. None when no valid level is open.
    fn shared_view(&self) -> Option<View> {
        let level = self.level()?;
        let title = (self.collection.current())
            .map(|e| e.title.clone())
            .unwrap_or_default();
        let watched = (self.mode == Mode::Solve).then(|| self.solve.watched());
        let watched = watched.flatten();
        Some(View::Level {
            xsb: level.to_xsb(),
            title,
            search: watched.map(|(algorithm, _)| algorithm.code()),
            step: watched.map_or(0, |(_, step)| step),
        })
    }

    fn open_view(
        &mut self,
        view: Box<crate::share::Opened>,
    ) -> Result<(), Box<crate::share::Opened>> {
        let crate::share::Opened::Level {
            level,
            title,
            algorithm,
            step,
        } = *view
        else {
            return Err(view);
        };
        self.open_shared(&level, &title, algorithm, step);
        Ok(())
    }

    fn file_menu(&mut self, ui: &mut Ui) -> bool {
        let mut used = false;
        if ui.button(crate::tr!("menu-open-levels")).clicked() {
            self.open_dialog();
            used = true;
        }
        let button = egui::Button::new(crate::tr!("menu-export-sokoban"));
        if ui.add_enabled(self.play.game().is_some(), button).clicked() {
            self.open_export();
            used = true;
        }
        ui.menu_button(crate::tr!("menu-preset-levels"), |ui| {
            for (file, text) in presets::COLLECTIONS {
                if ui.button(crate::games::preset_title(file)).clicked() {
                    self.load_collection(file, text);
                    used = true;
                }
            }
        });
        used
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["xsb", "sok"]
    }

    fn opens_other_files(&self) -> bool {
        true
    }

    fn open_dropped(&mut self, name: &str, _path: Option<&Path>, text: Result<String, String>) {
        match text {
            Ok(text) => {
                self.load_collection(name, &text);
            }
            Err(e) => self.notice = Some(Notice::could_not_open(name, e)),
        }
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
