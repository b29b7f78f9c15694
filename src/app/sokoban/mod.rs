//! The Sokoban tab: play levels, edit them, and watch BFS, DFS, A* and greedy solve them.

mod aid;
mod board;
mod progress;
mod solve;

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers, Ui};

pub use progress::{Best, Progress, fingerprint};
pub use solve::SolveSession;

use super::notice::{Notice, error_window};
use crate::files::{read_text, write_text};
use crate::games::sokoban::solver::Detail;
use crate::games::sokoban::solver::analysis::Analysis;
use crate::games::sokoban::{Entry, Game, Level, Square, box_route, parse_collection, presets};
use crate::grid::{Dir, Pos};
use crate::search::{Algorithm, Event};
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog};
use crate::ui::plot::series_plot;
use crate::ui::step_controls::{FRAME_BUDGET, step_controls, step_within_budget};
use crate::ui::{BoardView, Playback, StepAction};

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

/// What the tab remembers between runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SokobanSaved {
    pub collection_name: String,
    pub collection_text: String,
    pub index: usize,
    pub progress: Progress,
    pub algorithm: Algorithm,
    pub detail: Detail,
}

/// The largest collection kept in the saved state (bigger ones are reopened from the menu).
const MAX_SAVED_TEXT: usize = 4 << 20;

/// A solution being replayed move by move.
struct Replay {
    game: Game,
}

pub struct SokobanTab {
    pub collection_name: String,
    collection_text: String,
    pub entries: Vec<Entry>,
    pub index: usize,
    pub mode: Mode,
    /// The level being played (None when the current entry is not a valid level).
    pub game: Option<Game>,
    pub progress: Progress,
    view: BoardView,
    /// The level in the editor, with its undo snapshots.
    pub editing: Level,
    edit_undo: Vec<Level>,
    edit_redo: Vec<Level>,
    pub tool: EditTool,
    edit_stroke: bool,
    pub check_message: Option<Result<String, String>>,
    pub algorithm: Algorithm,
    pub detail: Detail,
    pub max_states: usize,
    pub playback: Playback,
    pub session: Option<SolveSession>,
    replay: Option<Replay>,
    pub notice: Option<Notice>,
    dialog: Option<(FileDialog, bool)>,
    paste: Option<String>,
    /// The win has been recorded for the current game (so it is counted once).
    won_recorded: bool,
    /// Lost boxes and hints while playing.
    pub aid: aid::PlayAid,
    /// The box picked up by a press, to be pushed where the pointer lets go.
    dragging_box: Option<Pos>,
    /// Solve from the position reached in Play instead of the level's start.
    pub solve_from_play: bool,
    /// Mark the dead squares on the board while solving.
    pub show_dead_squares: bool,
    /// The dead squares of the level last asked about.
    dead_squares: Option<(Level, Vec<Pos>)>,
}

impl SokobanTab {
    pub fn new(saved: Option<SokobanSaved>) -> SokobanTab {
        let (name, text) = match &saved {
            Some(s) if parse_collection(&s.collection_text).is_ok() => {
                (s.collection_name.clone(), s.collection_text.clone())
            }
            _ => (
                presets::COLLECTIONS[0].0.to_string(),
                presets::COLLECTIONS[0].1.to_string(),
            ),
        };
        let entries = parse_collection(&text).unwrap_or_default();
        let mut tab = SokobanTab {
            collection_name: name,
            collection_text: text,
            entries,
            index: 0,
            mode: Mode::Play,
            game: None,
            progress: saved
                .as_ref()
                .map(|s| s.progress.clone())
                .unwrap_or_default(),
            view: BoardView::new("sokoban-board", 8, 8).with_max_fit(64.0),
            editing: Level::empty(10, 8),
            edit_undo: vec![],
            edit_redo: vec![],
            tool: EditTool::Wall,
            edit_stroke: false,
            check_message: None,
            algorithm: saved.as_ref().map_or(Algorithm::AStar, |s| s.algorithm),
            detail: saved.as_ref().map_or(Detail::Pushes, |s| s.detail),
            max_states: 2_000_000,
            playback: Playback::default(),
            session: None,
            replay: None,
            notice: None,
            dialog: None,
            paste: None,
            won_recorded: false,
            aid: aid::PlayAid::default(),
            dragging_box: None,
            solve_from_play: false,
            show_dead_squares: true,
            dead_squares: None,
        };
        if !matches!(
            tab.algorithm,
            Algorithm::Bfs | Algorithm::Dfs | Algorithm::AStar | Algorithm::Greedy
        ) {
            tab.algorithm = Algorithm::AStar;
        }
        let index = saved.map_or(0, |s| s.index);
        tab.select(index.min(tab.entries.len().saturating_sub(1)));
        tab
    }

    pub fn saved(&self) -> SokobanSaved {
        let keep_text = self.collection_text.len() <= MAX_SAVED_TEXT;
        SokobanSaved {
            collection_name: self.collection_name.clone(),
            collection_text: if keep_text {
                self.collection_text.clone()
            } else {
                String::new()
            },
            index: self.index,
            progress: self.progress.clone(),
            algorithm: self.algorithm,
            detail: self.detail,
        }
    }

    pub fn level(&self) -> Option<&Level> {
        self.entries
            .get(self.index)
            .and_then(|e| e.level.as_ref().ok())
    }

    /// Goes to level `index` of the collection, ready to play.
    pub fn select(&mut self, index: usize) {
        self.index = index;
        self.game = self.level().cloned().map(Game::new);
        self.session = None;
        self.replay = None;
        self.won_recorded = false;
        self.dragging_box = None;
        if let Some(level) = self.level() {
            self.editing = level.clone();
        }
        self.edit_undo.clear();
        self.edit_redo.clear();
        self.check_message = None;
        self.view.fit();
    }

    /// Replaces the collection (from a file, a paste or a preset).
    pub fn load_collection(&mut self, name: &str, text: &str) {
        match parse_collection(text) {
            Ok(entries) => {
                self.collection_name = name.to_string();
                self.collection_text = text.to_string();
                self.entries = entries;
                let first_good = self
                    .entries
                    .iter()
                    .position(|e| e.level.is_ok())
                    .unwrap_or(0);
                self.select(first_good);
                self.mode = Mode::Play;
                let bad = self.entries.iter().filter(|e| e.level.is_err()).count();
                self.notice = Some(Notice::info(if bad == 0 {
                    format!("Opened {name}: {} levels", self.entries.len())
                } else {
                    format!(
                        "Opened {name}: {} levels, {bad} with mistakes",
                        self.entries.len()
                    )
                }));
            }
            Err(e) => self.notice = Some(Notice::error(format!("Could not open {name}: {e}"))),
        }
    }

    pub fn load_file(&mut self, path: &Path) {
        match read_text(path) {
            Ok(text) => {
                let name = path
                    .file_name()
                    .map_or("levels".into(), |n| n.to_string_lossy().into_owned());
                self.load_collection(&name, &text);
            }
            Err(message) => self.notice = Some(Notice::error(format!("Could not open: {message}"))),
        }
    }

    pub fn open_dialog(&mut self) {
        let folder = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        self.dialog = Some((
            FileDialog::new(
                DialogMode::Open,
                "Open Sokoban levels",
                &folder,
                "",
                &["xsb", "txt", "sok"],
            ),
            false,
        ));
    }

    fn save_dialog(&mut self) {
        let folder = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        self.dialog = Some((
            FileDialog::new(
                DialogMode::Save,
                "Save the level as XSB",
                &folder,
                "level.xsb",
                &["xsb"],
            ),
            true,
        ));
    }

    // ----- play -----

    fn play_step(&mut self, dir: Dir) {
        if let Some(game) = &mut self.game
            && !game.is_won()
        {
            game.step(dir);
        }
        self.after_play();
    }

    /// Records a win once.
    fn after_play(&mut self) {
        let Some(game) = &self.game else { return };
        if game.is_won() && !self.won_recorded {
            self.won_recorded = true;
            let (moves, pushes) = (game.moves(), game.pushes());
            let level = game.level().clone();
            let record = self.progress.record(&level, moves, pushes);
            self.notice = Some(Notice::info(format!(
                "Solved in {moves} moves and {pushes} pushes{}",
                if record { " — a new best!" } else { "" }
            )));
        }
        if !game.is_won() {
            self.won_recorded = false;
        }
    }

    /// Keyboard shortcuts of this tab (skipped while a text field has focus).
    pub fn handle_keys(&mut self, ui: &Ui) {
        match self.mode {
            Mode::Play => {
                let (dirs, undo, redo, restart, next, previous, hint) = ui.input_mut(|i| {
                    let dirs = crate::ui::consume_direction_keys(i);
                    (
                        dirs,
                        i.consume_key(Modifiers::COMMAND, Key::Z)
                            || i.consume_key(Modifiers::NONE, Key::Backspace)
                            || i.consume_key(Modifiers::NONE, Key::U),
                        i.consume_key(Modifiers::COMMAND, Key::Y)
                            || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
                        i.consume_key(Modifiers::NONE, Key::R),
                        i.consume_key(Modifiers::NONE, Key::N),
                        i.consume_key(Modifiers::NONE, Key::P),
                        i.consume_key(Modifiers::NONE, Key::H),
                    )
                });
                if hint && let Some(game) = &self.game {
                    self.aid.request_hint(game);
                }
                for dir in dirs {
                    self.play_step(dir);
                }
                if let Some(game) = &mut self.game {
                    if undo {
                        game.undo();
                    }
                    if redo {
                        game.redo();
                    }
                    if restart {
                        game.restart();
                    }
                }
                if undo || redo || restart {
                    self.after_play();
                }
                if next && self.index + 1 < self.entries.len() {
                    self.select(self.index + 1);
                }
                if previous && self.index > 0 {
                    self.select(self.index - 1);
                }
            }
            Mode::Edit => {
                let (undo, redo) = ui.input_mut(|i| {
                    (
                        i.consume_key(Modifiers::COMMAND, Key::Z),
                        i.consume_key(Modifiers::COMMAND, Key::Y)
                            || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
                    )
                });
                if undo {
                    self.edit_undo_step();
                }
                if redo {
                    self.edit_redo_step();
                }
            }
            Mode::Solve => {
                let (space, right, left, home, end, faster, slower) = ui.input_mut(|i| {
                    (
                        i.consume_key(Modifiers::NONE, Key::Space),
                        i.consume_key(Modifiers::NONE, Key::ArrowRight),
                        i.consume_key(Modifiers::NONE, Key::ArrowLeft),
                        i.consume_key(Modifiers::NONE, Key::Home),
                        i.consume_key(Modifiers::NONE, Key::End),
                        i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
                        i.key_pressed(Key::Minus),
                    )
                });
                for (pressed, action) in [
                    (space, StepAction::TogglePlay),
                    (right, StepAction::Step),
                    (left, StepAction::StepBack),
                    (home, StepAction::Reset),
                    (end, StepAction::RunToEnd),
                ] {
                    if pressed {
                        self.apply(action);
                    }
                }
                if faster {
                    self.playback.faster();
                }
                if slower {
                    self.playback.slower();
                }
            }
        }
        if let Some(text) = ui.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) => Some(text.clone()),
                _ => None,
            })
        }) {
            self.load_collection("pasted level", &text);
        }
    }

    // ----- edit -----

    fn edit_snapshot(&mut self) {
        self.edit_undo.push(self.editing.clone());
        self.edit_redo.clear();
        self.check_message = None;
    }

    fn edit_undo_step(&mut self) {
        if let Some(previous) = self.edit_undo.pop() {
            self.edit_redo
                .push(std::mem::replace(&mut self.editing, previous));
        }
    }

    fn edit_redo_step(&mut self) {
        if let Some(next) = self.edit_redo.pop() {
            self.edit_undo
                .push(std::mem::replace(&mut self.editing, next));
        }
    }

    fn paint(&mut self, pos: Pos) {
        let level = &mut self.editing;
        match self.tool {
            EditTool::Wall => level.set_square(pos, Square::Wall),
            EditTool::Floor => {
                level.set_square(pos, Square::Floor);
                level.set_box(pos, false);
            }
            EditTool::Goal => level.set_square(pos, Square::Goal),
            EditTool::Box => level.set_box(pos, true),
            EditTool::Player => level.set_player(pos),
        }
    }

    /// Checks the level in the editor and says what is wrong (or that it is fine).
    pub fn check_editing(&mut self) {
        self.check_message = Some(match self.editing.check() {
            Ok(()) => Ok("The level is ready to play.".into()),
            Err(problem) => Err(problem.to_string()),
        });
    }

    /// Puts the edited level into the collection in place of the current one and plays it.
    pub fn play_edited(&mut self) {
        self.check_editing();
        if let Ok(()) = self.editing.check() {
            let entry = Entry {
                title: if self.editing.title.is_empty() {
                    "Edited level".into()
                } else {
                    self.editing.title.clone()
                },
                level: Ok(self.editing.clone()),
            };
            if self.entries.is_empty() {
                self.entries.push(entry);
            } else {
                self.entries[self.index] = entry;
            }
            self.collection_text = self
                .entries
                .iter()
                .filter_map(|e| e.level.as_ref().ok())
                .map(|l| l.to_xsb())
                .collect::<Vec<_>>()
                .join("\n");
            let index = self.index;
            self.select(index);
            self.mode = Mode::Play;
        }
    }

    // ----- solve -----

    /// Whether Start solving will start from the position reached in Play (asked for, and
    /// there is such a position) rather than from the level's start.
    pub fn solves_from_play(&self) -> bool {
        self.solve_from_play
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.moves() > 0 && !g.is_won())
    }

    pub fn start_solving(&mut self) {
        let start = if self.solves_from_play() {
            self.game.as_ref().map(Game::position)
        } else {
            self.level().cloned()
        };
        if let Some(level) = start.filter(|l| l.check().is_ok()) {
            self.session = Some(SolveSession::new(
                level,
                self.algorithm,
                self.detail,
                self.max_states,
            ));
            self.replay = None;
        }
    }

    pub fn apply(&mut self, action: StepAction) {
        if let Some(replay) = &mut self.replay {
            let game = &mut replay.game;
            match action {
                StepAction::TogglePlay => {
                    if !self.playback.playing && !game.can_redo() {
                        game.restart();
                    }
                    self.playback.playing = !self.playback.playing;
                }
                StepAction::Step => {
                    self.playback.playing = false;
                    game.redo();
                }
                StepAction::StepBack => {
                    self.playback.playing = false;
                    game.undo();
                }
                StepAction::Reset => {
                    self.playback.playing = false;
                    game.restart();
                }
                StepAction::RunToEnd => {
                    self.playback.playing = false;
                    while game.redo() {}
                }
                StepAction::Seek(k) => {
                    self.playback.playing = false;
                    while game.moves() > k && game.undo() {}
                    while game.moves() < k && game.redo() {}
                }
            }
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        match action {
            StepAction::TogglePlay => {
                if !self.playback.playing && session.at_end() {
                    session.seek(0);
                }
                self.playback.playing = !self.playback.playing;
            }
            StepAction::Step => {
                self.playback.playing = false;
                session.step();
            }
            StepAction::StepBack => {
                self.playback.playing = false;
                let at = session.position().saturating_sub(1);
                session.seek(at);
            }
            StepAction::Reset => {
                self.playback.playing = false;
                session.seek(0);
            }
            StepAction::RunToEnd => {
                self.playback.playing = false;
                session.catch_up = Some(usize::MAX);
            }
            StepAction::Seek(k) => {
                self.playback.playing = false;
                session.seek(k);
            }
        }
    }

    /// This frame's share of solving or replaying; true while more frames are needed.
    pub fn advance(&mut self, dt: f64) -> bool {
        if self.mode != Mode::Solve {
            return false;
        }
        let due = self.playback.steps_due(dt);
        if let Some(replay) = &mut self.replay {
            for _ in 0..due.min(1000) {
                if !replay.game.redo() {
                    self.playback.playing = false;
                    break;
                }
            }
            return self.playback.playing;
        }
        let Some(session) = &mut self.session else {
            return false;
        };
        let mut busy = false;
        if let Some(target) = session.catch_up {
            let due = target.saturating_sub(session.position());
            step_within_budget(due, FRAME_BUDGET, || session.step());
            if session.at_end() || session.position() >= target {
                session.catch_up = None;
            } else {
                busy = true;
            }
        } else if due > 0 {
            step_within_budget(due, FRAME_BUDGET, || session.step());
            if session.at_end() {
                self.playback.playing = false;
            }
        }
        busy || self.playback.playing
    }

    /// Starts replaying the found solution.
    pub fn replay_solution(&mut self) {
        let Some(session) = &self.session else { return };
        let Some(Ok(lurd)) = &session.solution else {
            return;
        };
        let mut game = Game::new(session.level.clone());
        if game.play_lurd(lurd).is_ok() {
            game.restart();
            self.replay = Some(Replay { game });
            self.playback.playing = false;
        }
    }

    // ----- the panels -----

    pub fn ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        egui::Panel::left("sokoban-controls")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.controls(ui))
            });
        if self.mode == Mode::Solve {
            egui::Panel::right("sokoban-solver")
                .resizable(true)
                .default_size(340.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| self.solver_panel(ui))
                });
        }
        if self.mode == Mode::Play {
            self.aid.update_in_frame(self.game.as_ref());
            if self.aid.is_thinking() {
                ctx.request_repaint();
            }
        }
        egui::CentralPanel::default_margins().show(ui, |ui| self.board(ui));
        self.windows(&ctx);
    }

    fn controls(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for (mode, name) in [
                (Mode::Play, "Play"),
                (Mode::Edit, "Edit level"),
                (Mode::Solve, "Solve"),
            ] {
                if ui.selectable_label(self.mode == mode, name).clicked() && self.mode != mode {
                    self.mode = mode;
                    self.playback.playing = false;
                }
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Open…").clicked() {
                self.open_dialog();
            }
            if ui
                .button("Paste level")
                .on_hover_text("Paste XSB text (or press Ctrl+V)")
                .clicked()
            {
                self.paste = Some(String::new());
            }
        });
        ui.horizontal(|ui| {
            ui.label("Presets");
            for (file, text) in presets::COLLECTIONS {
                if ui.button(file.trim_end_matches(".xsb")).clicked() {
                    self.load_collection(file, text);
                }
            }
        });
        ui.label(format!(
            "{} — {} levels",
            self.collection_name,
            self.entries.len()
        ));
        let mut chosen = None;
        egui::ScrollArea::vertical()
            .id_salt("level-list")
            .max_height(220.0)
            .show(ui, |ui| {
                for (i, entry) in self.entries.iter().enumerate() {
                    let mark = match &entry.level {
                        Err(_) => "(has a mistake)".to_string(),
                        Ok(level) => match self.progress.best(level) {
                            Some(best) => {
                                format!("(solved: {} moves, {} pushes)", best.moves, best.pushes)
                            }
                            None => String::new(),
                        },
                    };
                    let label = format!("{:>3}  {}  {mark}", i + 1, entry.title);
                    if ui.selectable_label(i == self.index, label).clicked() {
                        chosen = Some(i);
                    }
                }
            });
        if let Some(i) = chosen {
            self.select(i);
        }
        if let Some(Err(problem)) = self.entries.get(self.index).map(|e| &e.level) {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("This level cannot be played: {problem}"),
            );
        }
        ui.separator();
        match self.mode {
            Mode::Play => self.play_controls(ui),
            Mode::Edit => self.edit_controls(ui),
            Mode::Solve => self.solve_controls(ui),
        }
    }

    fn play_controls(&mut self, ui: &mut Ui) {
        let Some(game) = &mut self.game else { return };
        ui.heading(format!("Moves {}   Pushes {}", game.moves(), game.pushes()));
        if let Some(best) = self.progress.best(game.level()) {
            ui.label(format!(
                "Best: {} moves, {} pushes",
                best.moves, best.pushes
            ));
        }
        if game.is_won() {
            ui.colored_label(
                egui::Color32::from_rgb(0x3a, 0x8f, 0x3e),
                egui::RichText::new("Solved! Press N for the next level.").heading(),
            );
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(game.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z, U or Backspace")
                .clicked()
            {
                game.undo();
            }
            if ui
                .add_enabled(game.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                game.redo();
            }
            if ui.button("Restart").on_hover_text("R").clicked() {
                game.restart();
            }
        });
        let stuck = self.aid.stuck(game);
        if !stuck.is_empty() {
            ui.colored_label(
                egui::Color32::from_rgb(0xd6, 0x45, 0x2a),
                format!(
                    "{} can never reach a goal now (marked red): undo (Ctrl+Z).",
                    if stuck.len() == 1 {
                        "A box".to_string()
                    } else {
                        format!("{} boxes", stuck.len())
                    }
                ),
            );
        }
        if ui
            .add_enabled(!game.is_won(), egui::Button::new("Hint"))
            .on_hover_text(
                "H: the solver works out the first push of a shortest solution from here",
            )
            .clicked()
        {
            self.aid.request_hint(game);
        }
        self.aid.show_status(ui);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.index > 0, egui::Button::new("Previous level"))
                .on_hover_text("P")
                .clicked()
            {
                self.select(self.index - 1);
            }
            if ui
                .add_enabled(
                    self.index + 1 < self.entries.len(),
                    egui::Button::new("Next level"),
                )
                .on_hover_text("N")
                .clicked()
            {
                self.select(self.index + 1);
            }
        });
        ui.small(
            "Arrows or WASD move; click a square to walk there; click a box beside you to push it, or drag a box where it should go; H asks for a hint.",
        );
        self.after_play();
    }

    /// A press on a square steps or walks there; a box is picked up instead and, when let
    /// go on another square, pushed there by the fewest pushes (let go where it was, it is a
    /// click: pushed if the player stands beside it).
    fn play_pointer(&mut self, input: &crate::ui::BoardInput) {
        let Some(game) = &mut self.game else { return };
        if game.is_won() {
            self.dragging_box = None;
            return;
        }
        if let Some(pos) = input.pressed {
            if game.has_box(pos) {
                self.dragging_box = Some(pos);
            } else {
                match Dir::between(game.player(), pos) {
                    Some(dir) => {
                        game.step(dir);
                    }
                    None => {
                        game.walk_to(pos);
                    }
                }
            }
        }
        if input.released
            && let Some(from) = self.dragging_box.take()
        {
            let to = input.hovered.unwrap_or(from);
            if to == from {
                if let Some(dir) = Dir::between(game.player(), from) {
                    game.step(dir);
                }
            } else if let Some(route) = box_route(game, from, to) {
                for dir in route {
                    game.step(dir);
                }
            } else {
                self.notice = Some(Notice::info(
                    "That box cannot be pushed there without moving another box.".to_string(),
                ));
            }
        }
        self.after_play();
    }

    fn edit_controls(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            for (tool, name) in [
                (EditTool::Wall, "Wall"),
                (EditTool::Floor, "Floor"),
                (EditTool::Goal, "Goal"),
                (EditTool::Box, "Box"),
                (EditTool::Player, "Player"),
            ] {
                ui.selectable_value(&mut self.tool, tool, name);
            }
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!self.edit_undo.is_empty(), egui::Button::new("Undo"))
                .clicked()
            {
                self.edit_undo_step();
            }
            if ui
                .add_enabled(!self.edit_redo.is_empty(), egui::Button::new("Redo"))
                .clicked()
            {
                self.edit_redo_step();
            }
            if ui.button("New empty level").clicked() {
                self.edit_snapshot();
                self.editing = Level::empty(10, 8);
                self.view.fit();
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Title");
            ui.text_edit_singleline(&mut self.editing.title)
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let (mut w, mut h) = (self.editing.width(), self.editing.height());
            let label = ui.label("Size");
            let a = ui
                .add(egui::DragValue::new(&mut w).range(3..=crate::games::sokoban::MAX_LEVEL_SIDE))
                .labelled_by(label.id);
            ui.label("×");
            let b = ui
                .add(egui::DragValue::new(&mut h).range(3..=crate::games::sokoban::MAX_LEVEL_SIDE))
                .on_hover_text("Height");
            if (a.changed() || b.changed())
                && (w, h) != (self.editing.width(), self.editing.height())
            {
                self.edit_snapshot();
                self.editing = self.editing.resized(w, h);
                self.view.fit();
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Check").clicked() {
                self.check_editing();
            }
            if ui.button("Play it").clicked() {
                self.play_edited();
            }
            if ui.button("Save as XSB…").clicked() {
                self.save_dialog();
            }
        });
        match &self.check_message {
            Some(Ok(text)) => {
                ui.colored_label(egui::Color32::from_rgb(0x3a, 0x8f, 0x3e), text);
            }
            Some(Err(text)) => {
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            None => {}
        }
    }

    fn solve_controls(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("Algorithm");
            egui::ComboBox::from_id_salt("sokoban-algorithm")
                .selected_text(self.algorithm.to_string())
                .show_ui(ui, |ui| {
                    for a in [
                        Algorithm::Bfs,
                        Algorithm::Dfs,
                        Algorithm::AStar,
                        Algorithm::Greedy,
                    ] {
                        ui.selectable_value(&mut self.algorithm, a, a.to_string());
                    }
                })
                .response
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            ui.label("States are");
            ui.radio_value(&mut self.detail, Detail::Pushes, "pushes");
            ui.radio_value(&mut self.detail, Detail::Moves, "single moves");
        });
        ui.horizontal(|ui| {
            let label = ui.label("Give up after");
            ui.add(
                egui::DragValue::new(&mut self.max_states)
                    .range(1_000..=50_000_000)
                    .speed(10_000),
            )
            .labelled_by(label.id);
            ui.label("states");
        });
        let played = self
            .game
            .as_ref()
            .is_some_and(|g| g.moves() > 0 && !g.is_won());
        ui.add_enabled(
            played,
            egui::Checkbox::new(&mut self.solve_from_play, "Start from the position in Play"),
        )
        .on_hover_text("Solve from where you left the level in Play, not from its start.");
        ui.checkbox(&mut self.show_dead_squares, "Show dead squares")
            .on_hover_text("A box pushed onto a square marked × can never reach a goal; the solvers never push one there.");
        if ui
            .add_enabled(self.level().is_some(), egui::Button::new("Start solving"))
            .clicked()
        {
            self.start_solving();
        }
        if let Some(session) = &self.session {
            ui.separator();
            let (position, known, finished) = match &self.replay {
                Some(r) => (r.game.moves(), r.game.moves() + r.game.redo_len(), true),
                None => (
                    session.position(),
                    session.timeline.furthest(),
                    session.timeline.end().is_some(),
                ),
            };
            if self.replay.is_some() {
                ui.strong("Replaying the solution");
            }
            for action in step_controls(ui, &mut self.playback, position, known, finished) {
                self.apply(action);
            }
            if self.replay.is_some() && ui.button("Back to the search").clicked() {
                self.replay = None;
            }
        }
    }

    fn solver_panel(&mut self, ui: &mut Ui) {
        let Some(session) = &self.session else {
            ui.label("Pick an algorithm and press Start solving.");
            return;
        };
        let run = session.run();
        let prunes = run.prunes();
        ui.heading(format!(
            "{} over {}",
            session.algorithm,
            match session.detail {
                Detail::Pushes => "pushes",
                Detail::Moves => "moves",
            }
        ));
        egui::Grid::new("sokoban-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for (name, value) in [
                    ("Expanded", run.expansions().to_string()),
                    ("Frontier", run.frontier_len().to_string()),
                    ("Stored", run.stored().to_string()),
                    ("Pruned: dead squares", prunes.dead_squares.to_string()),
                    ("Pruned: freeze deadlocks", prunes.freezes.to_string()),
                    ("Pruned: no matching", prunes.matchings.to_string()),
                    ("PI-corral cuts", prunes.corrals.to_string()),
                ] {
                    ui.label(name);
                    ui.label(value);
                    ui.end_row();
                }
                if let Some((g, h)) = run.last_costs() {
                    // These describe the state expanded last (the one drawn on the board).
                    let (units, unit) = match session.detail {
                        Detail::Pushes => ("Pushes", "pushes"),
                        Detail::Moves => ("Moves", "moves"),
                    };
                    let bound = if h.is_finite() {
                        format!("{h}")
                    } else {
                        "none (dead end)".to_string()
                    };
                    let mut rows = vec![(format!("{units} so far (g)"), format!("{g}"))];
                    if session.algorithm.uses_heuristic() {
                        rows.push((format!("Lower bound on {unit} left (h)"), bound));
                        if h.is_finite() {
                            rows.push(("g + h".to_string(), format!("{}", g + h)));
                        }
                    }
                    for (name, value) in rows {
                        ui.label(name);
                        ui.label(value);
                        ui.end_row();
                    }
                }
            });
        let outcome = match run.ended() {
            Some(Event::Found { .. }) => "Solved.".to_string(),
            Some(Event::Exhausted) => {
                "No solution: every reachable position was searched.".to_string()
            }
            Some(Event::GaveUp(limit)) => format!("Not solved: {limit}."),
            _ => "Searching…".to_string(),
        };
        ui.label(outcome);
        let mut replay = false;
        if let Some(solution) = &session.solution {
            match solution {
                Ok(lurd) => {
                    let (moves, pushes) = (
                        lurd.len(),
                        lurd.chars().filter(|c| c.is_ascii_uppercase()).count(),
                    );
                    ui.label(format!(
                        "Solution: {moves} moves, {pushes} pushes (checked by replaying it)."
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Copy LURD").clicked() {
                            ui.ctx().copy_text(lurd.clone());
                        }
                        replay = ui.button("Replay solution").clicked();
                    });
                    let mut shown = if lurd.len() > 2000 {
                        format!("{}…", &lurd[..2000])
                    } else {
                        lurd.clone()
                    };
                    ui.add(
                        egui::TextEdit::multiline(&mut shown)
                            .desired_rows(3)
                            .interactive(false),
                    );
                }
                Err(problem) => {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        format!("The solution did not replay: {problem}"),
                    );
                }
            }
        }
        ui.separator();
        ui.label("Frontier size (solid) and visited (dashed) against step");
        series_plot(
            ui,
            "sokoban-chart",
            &[&session.series],
            Some(session.position()),
        );
        if replay {
            self.replay_solution();
        }
    }

    /// The dead squares of the level on the Solve board, when they are to be shown.
    pub fn dead_squares_shown(&mut self) -> Vec<Pos> {
        if self.mode != Mode::Solve || !self.show_dead_squares {
            return vec![];
        }
        let level = match &self.session {
            Some(session) => Some(&session.level),
            None => self.level(),
        };
        let Some(level) = level.filter(|l| l.check().is_ok()) else {
            return vec![];
        };
        match &self.dead_squares {
            Some((cached, dead)) if cached == level => dead.clone(),
            _ => {
                let dead: Vec<Pos> = Analysis::new(level).dead_positions().collect();
                self.dead_squares = Some((level.clone(), dead.clone()));
                dead
            }
        }
    }

    fn board(&mut self, ui: &mut Ui) {
        let dead = self.dead_squares_shown();
        let input = match self.mode {
            Mode::Play => match &self.game {
                Some(game) => {
                    let stuck = self.aid.stuck(game);
                    let inside = game.level().inside();
                    let position = board::Position {
                        level: game.level(),
                        inside: &inside,
                        boxes: &|p| game.has_box(p),
                        player: Some(game.player()),
                        heat: None,
                        player_is_region: false,
                        dead: &[],
                        stuck: &stuck,
                        hint: self.aid.hinted_push(),
                        picked: self.dragging_box,
                    };
                    board::draw(ui, &mut self.view, &position)
                }
                None => {
                    ui.label("Open or pick a level to play.");
                    return;
                }
            },
            Mode::Edit => {
                let level = &self.editing;
                let inside = crate::grid::Grid::new(level.width(), level.height(), true);
                let position = board::Position {
                    level,
                    inside: &inside,
                    boxes: &|p| level.has_box(p),
                    player: level.player,
                    heat: None,
                    player_is_region: false,
                    dead: &[],
                    stuck: &[],
                    hint: None,
                    picked: None,
                };
                board::draw(ui, &mut self.view, &position)
            }
            Mode::Solve => {
                if let Some(replay) = &self.replay {
                    let game = &replay.game;
                    let inside = game.level().inside();
                    let position = board::Position {
                        level: game.level(),
                        inside: &inside,
                        boxes: &|p| game.has_box(p),
                        player: Some(game.player()),
                        heat: None,
                        player_is_region: false,
                        dead: &dead,
                        stuck: &[],
                        hint: None,
                        picked: None,
                    };
                    board::draw(ui, &mut self.view, &position)
                } else if let Some(session) = &self.session {
                    let level = &session.level;
                    let inside = level.inside();
                    let heat = session.heat();
                    let shown = session.run().last_expanded();
                    let boxes: Vec<Pos> = shown
                        .as_ref()
                        .map_or_else(|| level.boxes().collect(), |(b, _)| b.clone());
                    let player = shown.as_ref().map(|(_, p)| *p).or(level.player);
                    let position = board::Position {
                        level,
                        inside: &inside,
                        boxes: &|p| boxes.contains(&p),
                        player,
                        heat: Some(&heat),
                        player_is_region: session.detail == Detail::Pushes && shown.is_some(),
                        dead: &dead,
                        stuck: &[],
                        hint: None,
                        picked: None,
                    };
                    board::draw(ui, &mut self.view, &position)
                } else if let Some(game) = &self.game {
                    let inside = game.level().inside();
                    let level = game.level();
                    let from_play = self.solves_from_play();
                    let position = board::Position {
                        level,
                        inside: &inside,
                        boxes: &|p| {
                            if from_play {
                                game.has_box(p)
                            } else {
                                level.has_box(p)
                            }
                        },
                        player: if from_play {
                            Some(game.player())
                        } else {
                            level.player
                        },
                        heat: None,
                        player_is_region: false,
                        dead: &dead,
                        stuck: &[],
                        hint: None,
                        picked: None,
                    };
                    board::draw(ui, &mut self.view, &position)
                } else {
                    return;
                }
            }
        };
        match self.mode {
            Mode::Play => self.play_pointer(&input),
            Mode::Edit => {
                if let Some(pos) = input.pressed {
                    self.edit_snapshot();
                    self.edit_stroke = true;
                    self.paint(pos);
                }
                if self.edit_stroke {
                    for pos in input.dragged {
                        self.paint(pos);
                    }
                }
                if input.released {
                    self.edit_stroke = false;
                }
            }
            Mode::Solve => {}
        }
    }

    fn windows(&mut self, ctx: &egui::Context) {
        if let Some((dialog, _)) = &mut self.dialog
            && let Some(outcome) = dialog.show(ctx)
        {
            let saving = self.dialog.take().is_some_and(|(_, saving)| saving);
            if let DialogOutcome::Chosen(path) = outcome {
                if saving {
                    let path = if path.extension().is_none() {
                        path.with_extension("xsb")
                    } else {
                        path
                    };
                    self.notice = Some(match write_text(&path, &self.editing.to_xsb()) {
                        Ok(()) => Notice::info(format!("Saved {}", path.display())),
                        Err(message) => Notice::error(message),
                    });
                } else {
                    self.load_file(&path);
                }
            }
        }
        if let Some(text) = &mut self.paste {
            let mut open = true;
            let mut load = false;
            egui::Window::new("Paste a level")
                .open(&mut open)
                .show(ctx, |ui| {
                    ui.label("Paste one level or a collection in XSB:");
                    ui.add(
                        egui::TextEdit::multiline(text)
                            .code_editor()
                            .desired_rows(12)
                            .desired_width(360.0),
                    );
                    load = ui.button("Open it").clicked();
                });
            if load {
                let text = text.clone();
                self.paste = None;
                self.load_collection("pasted level", &text);
            } else if !open {
                self.paste = None;
            }
        }
        error_window(ctx, &mut self.notice, "Nothing you had open was changed.");
    }

    /// The game the solution replay is showing, while replaying.
    pub fn replay_game(&self) -> Option<&Game> {
        self.replay.as_ref().map(|r| &r.game)
    }

    /// Where the centre of square `pos` was drawn last frame.
    pub fn view_center(&self, pos: Pos) -> Option<egui::Pos2> {
        self.view.screen_center(pos)
    }

    /// Whether a dialog is open (shortcuts wait).
    pub fn modal_open(&self) -> bool {
        self.dialog.is_some() || self.paste.is_some()
    }

    pub fn status(&self) -> String {
        let mut parts = vec![];
        if let Some(notice) = &self.notice
            && !notice.error
        {
            parts.push(notice.text.clone());
        }
        if let Some(entry) = self.entries.get(self.index) {
            parts.push(format!(
                "{} — level {} of {}: {}",
                self.collection_name,
                self.index + 1,
                self.entries.len(),
                entry.title
            ));
        }
        parts.join("   ·   ")
    }
}
