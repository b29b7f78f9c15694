//! The Pathfinding tab: paint a board, pick an algorithm, and watch it search step by step.
//! Split by concern: `edit` (painting, moving start and goal, undo, resizing, generating),
//! `runs` (the runs on the board, stepped in lockstep, and the optimal cost beside them),
//! `session` (one run on one view), `files`, `panels` (controls, teaching, drawing),
//! and `colors`; its pseudo-code and narration are `games::sandbox::narrate`.

mod board;
mod code;
mod colors;
mod edit;
mod export;
mod files;
mod inspect;
mod lesson;
mod panels;
mod robot;
mod runs;
mod saved;
mod session;
mod share;

use crate::ui::side_panels::{PanelSpec, Side, SidePanels};
use std::path::PathBuf;
use std::sync::Arc;

use egui::{Key, Modifiers, Ui};

pub use crate::app::tab::AnswerMark;
use crate::games::sandbox::narrate as teach;
use crate::games::sandbox::predict_feedback as predict;
pub use colors::Overlays;
use predict::BoardAnswer;
pub use runs::Preparing;
pub use saved::PathfindingSaved;
pub use session::Session;

use edit::Gesture;
use runs::Reference;

use super::notice::Notice;
use crate::names;
use crate::share::View;
use crate::tr;

use crate::app::watch::{Player, keys};
use crate::games::sandbox::edit::BoardEdit;
use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::{Board, Connectivity, Heuristic, PathAlgorithm};
use crate::grid::Pos;
use crate::history::History;
use crate::search::Algorithm;
use crate::ui::Playback;
use crate::ui::plot::RunSeries;
use crate::ui::step_controls::FrameBudget;

/// What a press on the board paints or moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tool {
    /// Paint this legend entry (the eraser paints floor).
    Paint(u8),
    Start,
    Goal,
    /// Predict mode's: a click on the board is the answer (the cell expanded next, or a
    /// cell picked). The tool in hand otherwise paints, as it always does.
    Answer,
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
    /// Bidirectional searches stop at their first meeting: the rule students guess, shown
    /// returning a dearer path.
    pub first_meeting: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            algorithm: PathAlgorithm::search(Algorithm::AStar),
            heuristic: Heuristic::Manhattan,
            connectivity: Connectivity::Four,
            compare_with: None,
            overlays: Overlays::default(),
            tool: Tool::Paint(1),
            first_meeting: false,
        }
    }
}

/// Editing the board: the undo history, the stroke under way, and the fields of a new one.
pub(super) struct Editing {
    history: History<BoardEdit>,
    gesture: Option<Gesture>,
    new_size: [usize; 2],
    generator: Generator,
    seed: u64,
}

/// Where the board came from, and whether it has changed since.
pub(super) struct Origin {
    /// The file the board was opened from or saved to.
    file: Option<PathBuf>,
    /// The preset the board was opened from, when it was one (and not saved since).
    preset: Option<String>,
    /// Where in the undo history the board was as opened or saved (None: never saved, and
    /// not a preset's): it has unsaved edits whenever the history stands elsewhere.
    saved_at: Option<u64>,
}

impl Origin {
    /// The name a file of the board is offered under: its file's, or "board".
    fn file_stem(&self) -> String {
        let stem = self.file.as_ref().and_then(|f| f.file_stem());
        stem.map_or("board".to_string(), |s| s.to_string_lossy().into_owned())
    }
}

/// What the board is asked about: predict mode's answers and a lesson's question.
pub(super) struct Asking {
    /// With "Predict the next step" on: the answers given, by the step they led to.
    predictions: Option<crate::app::predictions::Predictions<BoardAnswer>>,
    /// Predict mode asks which cells join the frontier (not which cell is expanded).
    asking_joins: bool,
    /// The cells picked so far in answer to "which cells join the frontier?".
    picked: Vec<Pos>,
    /// A lesson asks for a cell: a click on the board answers it instead of painting.
    cell_asked: bool,
    /// The cell clicked in answer, until the lesson takes it.
    cell_answer: Option<Pos>,
    /// The cells named in answer to the lesson's question, outlined on the board.
    lesson_marks: Vec<(Pos, AnswerMark)>,
}

pub struct PathfindingTab {
    board: Board,
    settings: Settings,
    edit: Editing,
    origin: Origin,
    /// Plays the runs on the board, or the robot's walk.
    player: Player,
    sessions: Vec<Session>,
    /// Finished runs kept on the chart, each with what names it (named afresh each frame, so
    /// the legend follows a language switch).
    previous: Vec<(RunSeries, (PathAlgorithm, Connectivity, Heuristic))>,
    reference: Reference,
    /// A big board's tables being made over frames, before its runs begin.
    preparing: Option<runs::Preparing>,
    /// D* Lite's robot, walking the board instead of the search being shown.
    robot: Option<robot::RobotRun>,
    /// How far the robot sees, in cells.
    robot_radius: u32,
    asking: Asking,
    notice: Option<Notice>,
    /// A link's board replaced one with unsaved edits: the undo position right after, while
    /// the strip above the board offers to bring the old one back.
    replaced_by_link: Option<u64>,
    hovered: Option<Pos>,
    files: files::FileState,
    export: crate::app::export_window::ExportWindow,
    /// The student's own search: the program and its last run.
    code: code::CodeState,
}

impl PathfindingTab {
    pub fn new(board: Board, settings: Settings, playback: Playback) -> PathfindingTab {
        // A big board (one saved at the last session's end) gets its tables made over the
        // first frames with a progress bar, as an opened one does: the runs wait on a small
        // board meanwhile, instead of the first frame waiting for all of it.
        let big = board.width() * board.height() >= runs::PREPARED_OVER_FRAMES;
        let (board, waiting) = if big {
            (Board::new(2, 2), Some(board))
        } else {
            (board, None)
        };
        let shared = Arc::new(board.clone());
        let mut tab = PathfindingTab {
            reference: Reference::new(shared.clone(), settings.connectivity),
            sessions: vec![],
            preparing: None,
            edit: Editing {
                history: History::new(256 << 20),
                gesture: None,
                new_size: [board.width(), board.height()],
                generator: Generator::RecursiveBacktracker,
                seed: 1,
            },
            origin: Origin {
                file: None,
                preset: None,
                saved_at: Some(0),
            },
            board,
            settings,
            player: Player::new(playback),
            previous: vec![],
            notice: None,
            replaced_by_link: None,
            hovered: None,
            files: files::FileState::default(),
            export: export::window(),
            code: code::CodeState::new(&crate::app::code::CodeSaved::default()),
            robot: None,
            robot_radius: robot::DEFAULT_RADIUS,
            asking: Asking {
                predictions: None,
                asking_joins: false,
                picked: vec![],
                cell_asked: false,
                cell_answer: None,
                lesson_marks: vec![],
            },
        };
        tab.rebuild_sessions();
        if let Some(board) = waiting {
            tab.edit.new_size = [board.width(), board.height()];
            tab.board = board;
            tab.restart_at(false, runs::Place::Start);
        }
        tab.settings.tool = tab.valid_tool(tab.settings.tool);
        tab
    }

    /// The main run.
    pub fn session(&self) -> &Session {
        &self.sessions[0]
    }

    fn boards(&mut self, ui: &mut Ui, headed: bool) {
        if let Some(preparing) = self.preparing {
            return self.preparing_view(ui, preparing);
        }
        let count = self.sessions.len();
        let mut inputs = vec![];
        let overlays = self.settings.overlays;
        let board = &self.board;
        let width = (ui.available_width() - 8.0 * (count as f32 - 1.0)) / count as f32;
        let mut answers: Vec<(Pos, AnswerMark)> = self.asking.lesson_marks.clone();
        answers.extend(self.divergence_marks());
        let shown = self.sessions[0].position();
        match self.asking.predictions.as_ref().and_then(|p| p.at(shown)) {
            Some(BoardAnswer::Next(prediction)) => {
                let mark = if prediction.verdict.is_right() {
                    AnswerMark::Right
                } else {
                    AnswerMark::Wrong
                };
                answers.push((prediction.answer, mark));
            }
            Some(BoardAnswer::Joins(joining)) => {
                answers.extend(joining.joined.iter().map(|&p| (p, AnswerMark::Right)));
                answers.extend(joining.extra.iter().map(|&p| (p, AnswerMark::Wrong)));
            }
            None => {}
        }
        if self.asking.predictions.is_some() {
            answers.extend(self.asking.picked.iter().map(|&p| (p, AnswerMark::Picked)));
        }
        if let Some(robot) = &mut self.robot {
            robot.refresh_view(&mut self.sessions[0].view, overlays);
            let input = robot.draw(ui, &mut self.sessions[0].view, overlays);
            self.hovered = None;
            self.board_input(input);
            return;
        }
        ui.horizontal_top(|ui| {
            for (i, session) in self.sessions.iter_mut().enumerate() {
                session.refresh_view(overlays);
                let answers = if i == 0 { &answers[..] } else { &[] };
                ui.allocate_ui(egui::vec2(width, ui.available_height()), |ui| {
                    ui.vertical(|ui| {
                        if count > 1 && headed {
                            ui.strong(crate::names::path_algorithm(session.algorithm));
                        }
                        let input = board::draw_board(ui, session, board, overlays, answers);
                        inputs.push(input);
                    });
                });
            }
        });
        // The status line tells of the cell under the pointer only while it is there.
        self.hovered = None;
        for input in inputs {
            self.board_input(input);
        }
    }

    /// In place of the boards while a big board's tables are made: what is being made and
    /// how far it has got.
    fn preparing_view(&mut self, ui: &mut Ui, preparing: Preparing) {
        self.hovered = None;
        let (width, height) = (self.board.width(), self.board.height());
        let what = if self.wants_jumps() {
            tr!("preparing-board-jumps", width = width, height = height)
        } else {
            tr!("preparing-board", width = width, height = height)
        };
        ui.add_space(ui.available_height() / 3.0);
        ui.vertical_centered(|ui| {
            ui.label(what);
            let bar = egui::ProgressBar::new(preparing.done())
                .show_percentage()
                .desired_width(ui.available_width().min(420.0));
            ui.add(bar).on_hover_text(tr!("preparing-board-why"));
        });
    }

    /// Text for the status line.
    pub fn status(&self) -> String {
        let mut parts = vec![];
        if let Some(pos) = self.hovered {
            if let Some(terrain) = self.board.terrain(pos) {
                let cost = terrain
                    .cost
                    .map_or(tr!("status-impassable"), |c| tr!("status-cost", cost = c));
                let name = names::terrain(&terrain.name);
                parts.push(format!("{pos} {name} ({cost})"));
            }
            if let Some(info) = self.session().run().info(pos) {
                parts.push(format!("g {:.2} h {:.2} f {:.2}", info.g, info.h, info.f));
            }
        }
        let name = match (&self.origin.file, &self.origin.preset) {
            (Some(file), _) => file
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
            (None, Some(preset)) => tr!("status-preset", name = preset),
            (None, None) => tr!("status-unsaved-board"),
        };
        let kept_somewhere = self.origin.file.is_some() || self.origin.preset.is_some();
        parts.push(format!(
            "{name}{}",
            if kept_somewhere && self.dirty() {
                tr!("status-edited")
            } else {
                String::new()
            }
        ));
        parts.join("   ·   ")
    }
}

/// Shortcuts of the Pathfinding tab (Sokoban's solver shares the run keys).
const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
    ("keys-space", "does-play-pause"),
    ("keys-right", "does-step"),
    ("keys-left", "does-step-back"),
    ("keys-home", "does-reset"),
    ("keys-end", "does-run-to-end"),
    ("keys-plus-minus", "does-faster-slower"),
    ("keys-ctrl-z", "does-undo-edit"),
    ("keys-ctrl-y", "does-redo"),
    ("keys-ctrl-s", "does-save-board"),
    ("keys-ctrl-o", "does-open-board"),
    ("keys-ctrl-v", "does-paste-board"),
    ("keys-f", "does-fit"),
    ("keys-zoom-pan", "does-zoom-pan"),
];

impl crate::app::tab::Tab for PathfindingTab {
    fn test_state(&self) -> serde_json::Value {
        self.state_for_tests()
    }

    fn lesson_board(&mut self) -> Option<&mut dyn crate::app::tab::LessonBoard> {
        Some(self)
    }

    fn show_lesson_scene(&mut self, scene: &crate::lessons::Scene, steps: usize) -> bool {
        let crate::lessons::Scene::Board(scene) = scene else {
            return false;
        };
        self.show_lesson_board(scene, steps);
        true
    }

    fn title(&self) -> String {
        tr!("tab-pathfinding")
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    /// Keyboard shortcuts of this tab (the caller skips this while a text field has focus).
    fn handle_keys(&mut self, ui: &Ui) {
        let panned = self.sessions.iter().any(|s| s.view.panned_with_space());
        for action in keys(ui, &mut self.player.playback, panned) {
            self.apply(action);
        }
        let fit = ui.input(|i| i.key_pressed(Key::F) && i.modifiers.is_none());
        let (undo, redo, save, open) = ui.input_mut(|i| {
            (
                i.consume_key(Modifiers::COMMAND, Key::Z),
                i.consume_key(Modifiers::COMMAND, Key::Y)
                    || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
                i.consume_key(Modifiers::COMMAND, Key::S),
                i.consume_key(Modifiers::COMMAND, Key::O),
            )
        });
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
        // Ctrl+V outside a text field opens the board pasted (or says why it cannot).
        if let Some(text) = crate::ui::pasted(ui) {
            self.paste_board(&text);
        }
    }

    fn status(&self) -> String {
        let status = PathfindingTab::status(self);
        match &self.notice {
            Some(notice) if !notice.error => format!("{}   ·   {status}", notice.text()),
            _ => status,
        }
    }

    fn advance(&mut self, dt: f64, budget: FrameBudget) -> bool {
        self.advance_runs(dt, budget) || self.export.writing()
    }

    fn ui(&mut self, ui: &mut Ui) {
        const CONTROLS: PanelSpec = PanelSpec {
            id: "pathfinding-controls",
            title: "panel-title-controls",
            side: Side::Left,
            width: 300.0,
        };
        const PANELS: [PanelSpec; 2] = [
            CONTROLS,
            PanelSpec {
                id: "pathfinding-teaching",
                title: "panel-title-explained",
                side: Side::Right,
                width: 360.0,
            },
        ];
        // The student's program wants room for a line of code (some 60 characters).
        const CODE_PANELS: [PanelSpec; 2] = [
            CONTROLS,
            PanelSpec {
                id: "pathfinding-code",
                title: "panel-title-code",
                side: Side::Right,
                width: 470.0,
            },
        ];
        let specs = if self.runs_your_code() {
            &CODE_PANELS
        } else {
            &PANELS
        };
        let panels = SidePanels::plan(ui, specs);
        // "Your code" just chosen: its panel opens, however small the window (once; closed
        // again by hand, it stays closed).
        let code = self.runs_your_code();
        if code && !self.code.panel_asked && !panels.is_open(1) {
            crate::ui::side_panels::request_toggle(ui.ctx(), Side::Right);
        }
        self.code.panel_asked = code;
        panels.show(ui, 0, |ui| self.controls(ui));
        panels.show(ui, 1, |ui| self.teaching(ui));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            if !panels.is_open(0) {
                self.compact_bar(ui);
            }
            let narrated_here = !panels.is_open(1);
            if narrated_here {
                self.compact_narration(ui);
            }
            self.replaced_by_link_strip(ui);
            self.verdict_strip(ui);
            // The narration above names the runs; otherwise each board is headed by its
            // algorithm.
            self.boards(ui, !narrated_here);
        });
        self.file_windows(ui);
        self.export_window(ui.ctx());
    }

    fn modal_open(&self) -> bool {
        self.files.asking() || self.export.busy()
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    /// What a link to this tab carries: the board, the search and its options, the step.
    fn shared_view(&self) -> Option<View> {
        Some(View::Board {
            board: self.board.to_text(),
            search: self.settings.algorithm.code(),
            heuristic: self.settings.heuristic.code().to_string(),
            diagonal: self.settings.connectivity == Connectivity::Eight,
            // The step the searches stand at together: the furthest of them (one that has
            // ended stays at its end, as it does on screen).
            step: self
                .sessions
                .iter()
                .map(|s| s.position())
                .max()
                .unwrap_or(0),
            compare: self.settings.compare_with.map(|a| a.code()),
            program: self.runs_your_code().then(|| self.code.run.source.clone()),
        })
    }

    fn open_view(
        &mut self,
        view: Box<crate::share::Opened>,
    ) -> Result<(), Box<crate::share::Opened>> {
        let crate::share::Opened::Board {
            board,
            algorithm,
            heuristic,
            connectivity,
            step,
            compare,
            program,
        } = *view
        else {
            return Err(view);
        };
        self.open_shared(
            board,
            (algorithm, heuristic, connectivity),
            compare,
            step,
            program,
        );
        Ok(())
    }

    fn check_code_against(&mut self, rule: crate::search::judge::Rule) {
        self.code.run.check = Some(rule);
    }

    fn code_judged(&self, rule: crate::search::judge::Rule) -> Option<(bool, String)> {
        self.code.run.judged_against(rule)
    }

    fn file_menu(&mut self, ui: &mut Ui) -> bool {
        let mut used = false;
        if ui.button(tr!("menu-open-board")).clicked() {
            self.open_dialog();
            used = true;
        }
        if ui.button(tr!("menu-save-board")).clicked() {
            self.save();
            used = true;
        }
        if ui.button(tr!("menu-save-board-as")).clicked() {
            self.save_as_dialog();
            used = true;
        }
        if ui.button(tr!("menu-export-pathfinding")).clicked() {
            self.open_export();
            used = true;
        }
        ui.menu_button(tr!("menu-preset-boards"), |ui| {
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
        let button = egui::Button::new(tr!("menu-undo"));
        if ui
            .add_enabled(self.edit.history.can_undo(), button)
            .clicked()
        {
            self.undo();
        }
        let button = egui::Button::new(tr!("menu-redo"));
        if ui
            .add_enabled(self.edit.history.can_redo(), button)
            .clicked()
        {
            self.redo();
        }
        if ui
            .button(tr!("menu-paste-board"))
            .on_hover_text(tr!("menu-paste-board-tip"))
            .clicked()
        {
            self.open_paste_window();
            ui.close();
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
            (_, Err(e)) => self.notice = Some(Notice::could_not_open(name, e)),
        }
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
