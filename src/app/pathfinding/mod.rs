//! The Pathfinding tab: paint a board, pick an algorithm, and watch it search step by step.

mod colors;
mod files;
mod panels;
mod saved;
mod session;
mod teach;

use std::path::PathBuf;
use std::sync::Arc;

use egui::{Key, Modifiers, Ui};

pub use colors::Overlays;
pub use saved::PathfindingSaved;
pub use session::Session;

use super::notice::Notice;

use crate::games::sandbox::edit::{BoardEdit, Stroke};
use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::{Board, Connectivity, GridProblem, Heuristic, PathAlgorithm};
use crate::grid::Pos;
use crate::history::History;
use crate::search::{Algorithm, Cost, Event, Search};
use crate::ui::plot::RunSeries;
use crate::ui::step_controls::{FRAME_BUDGET, step_within_budget};
use crate::ui::{BoardInput, Playback, StepAction};

/// Earlier runs kept for the chart.
const PREVIOUS_RUNS: usize = 5;

/// What a press on the board paints or moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tool {
    /// Paint this legend entry (the eraser paints floor).
    Paint(u8),
    Start,
    Goal,
}

/// The choices that persist with the app.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    pub algorithm: PathAlgorithm,
    pub heuristic: Heuristic,
    pub connectivity: Connectivity,
    /// A second algorithm run in lockstep beside the first.
    pub compare_with: Option<PathAlgorithm>,
    pub overlays: Overlays,
    pub tool: Tool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            algorithm: PathAlgorithm::Search(Algorithm::AStar),
            heuristic: Heuristic::Manhattan,
            connectivity: Connectivity::Four,
            compare_with: None,
            overlays: Overlays::default(),
            tool: Tool::Paint(1),
        }
    }
}

/// A mouse gesture in progress on the board.
enum Gesture {
    Painting { stroke: Stroke, terrain: u8 },
    MovingStart { from: Pos },
    MovingGoal { from: Pos },
}

/// Dijkstra's cost on the current board, computed a few milliseconds per frame, so the
/// stats can say whether the shown path is optimal.
struct Reference {
    search: Option<Search<GridProblem>>,
    cost: Option<Option<Cost>>,
}

impl Reference {
    fn new(board: Arc<Board>, connectivity: Connectivity) -> Reference {
        let problem = GridProblem::new(board, connectivity, Heuristic::Zero);
        Reference {
            search: Some(Search::new(problem, Algorithm::Dijkstra)),
            cost: None,
        }
    }

    /// Steps for at most `budget`; true while unfinished.
    fn advance(&mut self, budget: std::time::Duration) -> bool {
        let Some(search) = &mut self.search else {
            return false;
        };
        let mut last = None;
        step_within_budget(usize::MAX, budget, || {
            last = search.next();
            last.is_some() && !last.is_some_and(|e| e.is_final())
        });
        match last {
            Some(Event::Found { goal }) => self.cost = Some(Some(search.g(goal))),
            Some(Event::Exhausted) => self.cost = Some(None),
            Some(Event::GaveUp(_)) => self.cost = None,
            _ => return true,
        }
        self.search = None;
        false
    }
}

pub struct PathfindingTab {
    pub board: Board,
    pub history: History<BoardEdit>,
    gesture: Option<Gesture>,
    pub settings: Settings,
    pub playback: Playback,
    pub sessions: Vec<Session>,
    previous: Vec<RunSeries>,
    reference: Reference,
    /// The file the board was opened from or saved to.
    pub file: Option<PathBuf>,
    /// Edited since it was opened or saved.
    pub dirty: bool,
    pub notice: Option<Notice>,
    hovered: Option<Pos>,
    files: files::FileState,
    pub new_size: [usize; 2],
    pub generator: Generator,
    pub seed: u64,
}

impl PathfindingTab {
    pub fn new(board: Board, settings: Settings, playback: Playback) -> PathfindingTab {
        let shared = Arc::new(board.clone());
        let mut tab = PathfindingTab {
            new_size: [board.width(), board.height()],
            reference: Reference::new(shared.clone(), settings.connectivity),
            sessions: vec![],
            board,
            history: History::new(256 << 20),
            gesture: None,
            settings,
            playback,
            previous: vec![],
            file: None,
            dirty: false,
            notice: None,
            hovered: None,
            files: files::FileState::default(),
            generator: Generator::RecursiveBacktracker,
            seed: 1,
        };
        tab.settings.tool = tab.valid_tool(tab.settings.tool);
        tab.rebuild_sessions();
        tab
    }

    /// The main run.
    pub fn session(&self) -> &Session {
        &self.sessions[0]
    }

    fn valid_tool(&self, tool: Tool) -> Tool {
        match tool {
            Tool::Paint(t) if (t as usize) < self.board.legend().len() => tool,
            Tool::Paint(_) => Tool::Paint(self.board.wall_terrain().unwrap_or(0)),
            other => other,
        }
    }

    fn algorithms(&self) -> Vec<PathAlgorithm> {
        let mut list = vec![self.settings.algorithm];
        list.extend(self.settings.compare_with);
        list
    }

    /// New runs for the current board and settings, from step 0 (views are kept).
    fn rebuild_sessions(&mut self) {
        // Work the move sets out on the board being edited, not on each copy: edits then
        // keep them up to date cell by cell, and every copy carries them along.
        self.board.move_sets();
        let board = Arc::new(self.board.clone());
        let algorithms = self.algorithms();
        let overlays = self.settings.overlays;
        self.sessions.truncate(algorithms.len());
        for (i, algorithm) in algorithms.into_iter().enumerate() {
            let (heuristic, connectivity) = (self.settings.heuristic, self.settings.connectivity);
            match self.sessions.get_mut(i) {
                Some(session) => {
                    session.restart(board.clone(), algorithm, heuristic, connectivity, overlays)
                }
                None => self.sessions.push(Session::new(
                    &format!("pathfinding-board-{i}"),
                    board.clone(),
                    algorithm,
                    heuristic,
                    connectivity,
                    overlays,
                )),
            }
        }
        self.reference = Reference::new(board, self.settings.connectivity);
    }

    /// Restarts the runs after the board or the settings changed, keeping the play state:
    /// the new runs catch up with the step the old ones had reached (or their end), so a
    /// student dragging the goal sees the search re-plan at once.
    pub fn restart_runs(&mut self, same_board: bool) {
        let reached = if self.sessions.iter().all(|s| s.at_end()) {
            usize::MAX
        } else {
            self.session().position()
        };
        if same_board {
            // Keep the finished series for comparison on the chart.
            for session in &self.sessions {
                if !session.series.is_empty() {
                    self.previous.push(session.series.clone());
                }
            }
            let excess = self.previous.len().saturating_sub(PREVIOUS_RUNS);
            self.previous.drain(..excess);
        } else {
            self.previous.clear();
        }
        self.rebuild_sessions();
        if reached > 0 {
            for session in &mut self.sessions {
                session.catch_up = Some(reached);
            }
        }
    }

    /// The board changed (painted, dragged, undone...).
    fn board_changed(&mut self) {
        self.dirty = true;
        self.restart_runs(false);
    }

    /// Replaces the whole board as one undoable edit.
    pub fn replace_board(&mut self, board: Board) {
        let before = Box::new(self.board.clone());
        self.board = board;
        self.history.record(BoardEdit::Replace {
            before,
            after: Box::new(self.board.clone()),
        });
        self.new_size = [self.board.width(), self.board.height()];
        self.settings.tool = self.valid_tool(self.settings.tool);
        for session in &mut self.sessions {
            session.view.fit();
        }
        self.board_changed();
    }

    pub fn undo(&mut self) {
        if self.history.undo(&mut self.board) {
            self.after_history_step();
        }
    }

    pub fn redo(&mut self) {
        if self.history.redo(&mut self.board) {
            self.after_history_step();
        }
    }

    fn after_history_step(&mut self) {
        self.new_size = [self.board.width(), self.board.height()];
        self.settings.tool = self.valid_tool(self.settings.tool);
        self.board_changed();
    }

    /// Applies a control action to every run (they move in lockstep).
    pub fn apply(&mut self, action: StepAction) {
        let overlays = self.settings.overlays;
        match action {
            StepAction::TogglePlay => {
                if !self.playback.playing && self.sessions.iter().all(|s| s.at_end()) {
                    for session in &mut self.sessions {
                        session.seek(0, overlays);
                    }
                }
                self.playback.playing = !self.playback.playing;
            }
            StepAction::Step => {
                self.playback.playing = false;
                for session in &mut self.sessions {
                    match session.replaying_to() {
                        Some(target) => session.seek(target + 1, overlays),
                        None => {
                            session.catch_up = None;
                            session.step(overlays);
                        }
                    }
                }
            }
            StepAction::StepBack => {
                self.playback.playing = false;
                for session in &mut self.sessions {
                    let at = session.intended_position().saturating_sub(1);
                    session.seek(at, overlays);
                }
            }
            StepAction::Reset => {
                self.playback.playing = false;
                for session in &mut self.sessions {
                    session.seek(0, overlays);
                }
            }
            StepAction::RunToEnd => {
                self.playback.playing = false;
                for session in &mut self.sessions {
                    session.catch_up = Some(usize::MAX);
                }
            }
            StepAction::Seek(k) => {
                self.playback.playing = false;
                for session in &mut self.sessions {
                    session.seek(k, overlays);
                }
            }
        }
    }

    /// Runs this frame's share of the search. Returns whether more frames are needed.
    pub fn advance(&mut self, dt: f64) -> bool {
        let overlays = self.settings.overlays;
        let began = std::time::Instant::now();
        let mut busy = false;
        for session in &mut self.sessions {
            if let Some(target) = session.catch_up {
                let due = target.saturating_sub(session.position());
                let left = FRAME_BUDGET.saturating_sub(began.elapsed());
                step_within_budget(due, left, || session.step(overlays));
                if session.position() >= target || session.at_end() {
                    session.catch_up = None;
                } else {
                    busy = true;
                }
            }
        }
        let due = self.playback.steps_due(dt);
        if due > 0 && !busy {
            let sessions = &mut self.sessions;
            let left = FRAME_BUDGET.saturating_sub(began.elapsed());
            step_within_budget(due, left, || {
                let mut any = false;
                for session in sessions.iter_mut() {
                    any |= session.step(overlays);
                }
                any
            });
            if self.sessions.iter().all(|s| s.at_end()) {
                self.playback.playing = false;
            }
        }
        let reference_busy = self.reference.advance(std::time::Duration::from_millis(2));
        busy || self.playback.playing || reference_busy
    }

    /// Keyboard shortcuts of this tab (the caller skips this while a text field has focus).
    pub fn handle_keys(&mut self, ui: &Ui) {
        let panned = self.sessions.iter().any(|s| s.view.panned_with_space());
        let (space, right, left, home, end, faster, slower, fit) = ui.input(|i| {
            (
                i.key_released(Key::Space) && !panned,
                i.key_pressed(Key::ArrowRight),
                i.key_pressed(Key::ArrowLeft),
                i.key_pressed(Key::Home),
                i.key_pressed(Key::End),
                i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
                i.key_pressed(Key::Minus),
                i.key_pressed(Key::F) && i.modifiers.is_none(),
            )
        });
        let (undo, redo, save, open) = ui.input_mut(|i| {
            // Space belongs to play/pause here: take its press away from focused buttons.
            i.consume_key(Modifiers::NONE, Key::Space);
            (
                i.consume_key(Modifiers::COMMAND, Key::Z),
                i.consume_key(Modifiers::COMMAND, Key::Y)
                    || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
                i.consume_key(Modifiers::COMMAND, Key::S),
                i.consume_key(Modifiers::COMMAND, Key::O),
            )
        });
        if space {
            self.apply(StepAction::TogglePlay);
        }
        if right {
            self.apply(StepAction::Step);
        }
        if left {
            self.apply(StepAction::StepBack);
        }
        if home {
            self.apply(StepAction::Reset);
        }
        if end {
            self.apply(StepAction::RunToEnd);
        }
        if faster {
            self.playback.faster();
        }
        if slower {
            self.playback.slower();
        }
        if fit {
            for session in &mut self.sessions {
                session.view.fit();
            }
        }
        if undo {
            self.undo();
        }
        if redo {
            self.redo();
        }
        if save {
            self.save();
        }
        if open {
            self.open_dialog();
        }
    }

    /// What the mouse did on a board view.
    fn board_input(&mut self, input: BoardInput) {
        if input.hovered.is_some() {
            self.hovered = input.hovered;
        }
        if let Some(pos) = input.pressed {
            self.gesture = Some(if pos == self.board.start {
                Gesture::MovingStart { from: pos }
            } else if pos == self.board.goal {
                Gesture::MovingGoal { from: pos }
            } else {
                match self.settings.tool {
                    Tool::Start => {
                        let from = self.board.start;
                        if self.board.move_start(pos) {
                            self.board_changed();
                        }
                        Gesture::MovingStart { from }
                    }
                    Tool::Goal => {
                        let from = self.board.goal;
                        if self.board.move_goal(pos) {
                            self.board_changed();
                        }
                        Gesture::MovingGoal { from }
                    }
                    Tool::Paint(terrain) => {
                        // Pressing on a cell that already has the tool's terrain erases.
                        let terrain = if self.board.terrain_index(pos) == Some(terrain) {
                            self.board.floor_terrain()
                        } else {
                            terrain
                        };
                        let mut stroke = Stroke::default();
                        if stroke.paint(&mut self.board, pos, terrain) {
                            self.board_changed();
                        }
                        Gesture::Painting { stroke, terrain }
                    }
                }
            });
        }
        if !input.dragged.is_empty() {
            let mut changed = false;
            match &mut self.gesture {
                Some(Gesture::Painting { stroke, terrain }) => {
                    for &pos in &input.dragged {
                        changed |= stroke.paint(&mut self.board, pos, *terrain);
                    }
                }
                Some(Gesture::MovingStart { .. }) => {
                    if let Some(&pos) = input
                        .dragged
                        .iter()
                        .rev()
                        .find(|&&p| self.board.is_passable(p) && p != self.board.goal)
                    {
                        changed = self.board.start != pos && self.board.move_start(pos);
                    }
                }
                Some(Gesture::MovingGoal { .. }) => {
                    if let Some(&pos) = input
                        .dragged
                        .iter()
                        .rev()
                        .find(|&&p| self.board.is_passable(p) && p != self.board.start)
                    {
                        changed = self.board.goal != pos && self.board.move_goal(pos);
                    }
                }
                None => {}
            }
            if changed {
                self.board_changed();
            }
        }
        if input.released {
            let edit = match self.gesture.take() {
                Some(Gesture::Painting { stroke, .. }) => stroke.finish(),
                Some(Gesture::MovingStart { from }) => {
                    (from != self.board.start).then_some(BoardEdit::MoveStart {
                        from,
                        to: self.board.start,
                    })
                }
                Some(Gesture::MovingGoal { from }) => {
                    (from != self.board.goal).then_some(BoardEdit::MoveGoal {
                        from,
                        to: self.board.goal,
                    })
                }
                None => None,
            };
            if let Some(edit) = edit {
                self.history.record(edit);
            }
        }
    }

    /// Resizes the board to `new_size`, keeping what fits.
    pub fn apply_new_size(&mut self) {
        let [w, h] = self.new_size;
        match self.board.resized(w, h) {
            Ok(board) => self.replace_board(board),
            Err(message) => {
                self.notice = Some(Notice {
                    error: true,
                    text: message,
                })
            }
        }
    }

    /// Replaces the board with a generated one.
    pub fn generate(&mut self) {
        let [w, h] = self.new_size;
        if let Err(message) = crate::games::sandbox::board_check_size(w, h) {
            self.notice = Some(Notice {
                error: true,
                text: message,
            });
            return;
        }
        let board = self.generator.generate(w, h, self.seed);
        self.replace_board(board);
        self.notice = Some(Notice {
            error: false,
            text: format!("{} with seed {}", self.generator, self.seed),
        });
    }

    /// Changing algorithm, heuristic or connectivity starts the runs over on the same board.
    pub fn settings_changed(&mut self) {
        self.restart_runs(true);
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        egui::Panel::left("pathfinding-controls")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.controls(ui));
            });
        egui::Panel::right("pathfinding-teaching")
            .resizable(true)
            .default_size(360.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.teaching(ui));
            });
        egui::CentralPanel::default_margins().show(ui, |ui| self.boards(ui));
        self.file_windows(ui);
    }

    fn boards(&mut self, ui: &mut Ui) {
        let count = self.sessions.len();
        let mut inputs = vec![];
        let overlays = self.settings.overlays;
        let board = &self.board;
        let width = (ui.available_width() - 8.0 * (count as f32 - 1.0)) / count as f32;
        ui.horizontal_top(|ui| {
            for session in self.sessions.iter_mut() {
                ui.allocate_ui(egui::vec2(width, ui.available_height()), |ui| {
                    ui.vertical(|ui| {
                        if count > 1 {
                            ui.strong(session.algorithm.to_string());
                        }
                        let input = panels::draw_board(ui, session, board, overlays);
                        inputs.push(input);
                    });
                });
            }
        });
        for input in inputs {
            self.board_input(input);
        }
    }

    /// Text for the status line.
    pub fn status(&self) -> String {
        let mut parts = vec![];
        if let Some(pos) = self.hovered {
            if let Some(terrain) = self.board.terrain(pos) {
                let cost = terrain
                    .cost
                    .map_or("impassable".into(), |c| format!("cost {c}"));
                parts.push(format!("{pos} {} ({cost})", terrain.name));
            }
            if let Some(info) = self.session().run().info(pos) {
                parts.push(format!("g {:.2} h {:.2} f {:.2}", info.g, info.h, info.f));
            }
        }
        let name = self
            .file
            .as_ref()
            .and_then(|f| f.file_name())
            .map_or("unsaved board".to_string(), |n| {
                n.to_string_lossy().into_owned()
            });
        parts.push(format!(
            "{name}{}",
            if self.dirty { " (edited)" } else { "" }
        ));
        parts.join("   ·   ")
    }
}

/// Shortcuts of the Pathfinding tab (Sokoban's solver shares the run keys).
const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
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
];

impl crate::app::tab::Tab for PathfindingTab {
    fn title(&self) -> String {
        "Pathfinding".into()
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    fn handle_keys(&mut self, ui: &Ui) {
        PathfindingTab::handle_keys(self, ui);
    }

    fn status(&self) -> String {
        let status = PathfindingTab::status(self);
        match &self.notice {
            Some(notice) if !notice.error => format!("{}   ·   {status}", notice.text),
            _ => status,
        }
    }

    fn advance(&mut self, dt: f64) -> bool {
        PathfindingTab::advance(self, dt)
    }

    fn ui(&mut self, ui: &mut Ui) {
        PathfindingTab::ui(self, ui);
    }

    fn modal_open(&self) -> bool {
        PathfindingTab::modal_open(self)
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    fn file_menu(&mut self, ui: &mut Ui) -> bool {
        let mut used = false;
        if ui.button("Open board…  (Ctrl+O)").clicked() {
            self.open_dialog();
            used = true;
        }
        if ui.button("Save board  (Ctrl+S)").clicked() {
            self.save();
            used = true;
        }
        if ui.button("Save board as…").clicked() {
            self.save_as_dialog();
            used = true;
        }
        ui.menu_button("Preset boards", |ui| {
            for (file, _) in crate::games::sandbox::presets::BOARDS {
                if ui.button(crate::games::preset_title(file)).clicked() {
                    self.open_preset(file);
                    used = true;
                }
            }
        });
        used
    }

    fn edit_menu(&mut self, ui: &mut Ui) {
        if ui
            .add_enabled(self.history.can_undo(), egui::Button::new("Undo  (Ctrl+Z)"))
            .clicked()
        {
            self.undo();
        }
        if ui
            .add_enabled(self.history.can_redo(), egui::Button::new("Redo  (Ctrl+Y)"))
            .clicked()
        {
            self.redo();
        }
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["board", "map"]
    }

    fn opens_other_files(&self) -> bool {
        true
    }

    fn open_dropped(
        &mut self,
        name: &str,
        path: Option<&std::path::Path>,
        text: Result<String, String>,
    ) {
        match (path, text) {
            (Some(path), Ok(_)) => self.load_file(path),
            (None, Ok(text)) => self.load_text(name, &text),
            (_, Err(e)) => self.notice = Some(Notice::error(format!("Could not open {name}: {e}"))),
        }
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
