//! "Your code" on the Pathfinding board: the student's program runs on the board as it
//! stands (again after each edit of the board, the moves or the heuristic; again when Run
//! is pressed after editing the program), and its recording is the main run the board
//! steps. The verdict of the check is said above the board, and at the step where the run
//! broke the rule the board outlines the cell expanded out of turn and the one that should
//! have come first.

use std::sync::Arc;

use egui::Ui;

use super::PathfindingTab;
use super::runs::Place;
use crate::app::code::{CodeRun, CodeSaved, code_panel};
use crate::app::tab::AnswerMark;
use crate::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};
use crate::grid::Pos;
use crate::search::recorded::Recording;
use crate::ui::StepAction;
use crate::ui::step_controls::FrameBudget;

/// The program, and what its last run was of.
pub(super) struct CodeState {
    pub(super) run: CodeRun<GridProblem>,
    /// The board, moves and heuristic the last run (or the one under way) searched.
    of: Option<(Arc<Board>, Connectivity, Heuristic)>,
    /// Play the run from step 0 once it is recorded (Run was pressed).
    play_when_ready: bool,
    /// The step to show once the run is recorded (a link's).
    seek_when_ready: Option<usize>,
    /// Whether the code panel was asked open when "Your code" was chosen (a small window
    /// keeps its side panels closed: the program would be out of sight).
    pub(super) panel_asked: bool,
}

impl CodeState {
    pub(super) fn new(saved: &CodeSaved) -> CodeState {
        CodeState {
            run: CodeRun::new(saved),
            of: None,
            play_when_ready: false,
            seek_when_ready: None,
            panel_asked: false,
        }
    }
}

impl PathfindingTab {
    /// Whether the main search is the student's program.
    pub fn runs_your_code(&self) -> bool {
        self.settings.algorithm.is_your_code()
    }

    /// The recording the main run replays on `board`: the last run's, if it searched this
    /// board with these moves and heuristic; else none yet, and the program starts on it.
    pub(super) fn code_recording(&mut self, board: &Arc<Board>) -> Option<Arc<Recording<Pos>>> {
        let (connectivity, heuristic) = (self.settings.connectivity, self.settings.heuristic);
        let same = self
            .code
            .of
            .as_ref()
            .is_some_and(|(b, c, h)| **b == **board && *c == connectivity && *h == heuristic);
        if !same {
            self.code.of = Some((board.clone(), connectivity, heuristic));
            let problem = GridProblem::new(board.clone(), connectivity, heuristic);
            self.code.run.forget();
            self.code.run.start(problem);
            return None;
        }
        if self.code.run.running() {
            return None;
        }
        self.code.run.recording()
    }

    /// Runs the program in the editor again on the board as it stands, and plays it once
    /// recorded.
    pub fn run_code(&mut self) {
        self.player.stop();
        let board = Arc::new(self.board.clone());
        let (connectivity, heuristic) = (self.settings.connectivity, self.settings.heuristic);
        self.code.of = Some((board.clone(), connectivity, heuristic));
        self.code
            .run
            .start(GridProblem::new(board, connectivity, heuristic));
        self.code.play_when_ready = true;
    }

    /// Puts `source` in the editor (a link's program, a saved one) and runs it, showing
    /// `step` once recorded.
    pub fn set_program(&mut self, source: String, step: Option<usize>) {
        self.code.run.replace_source(source);
        self.code.of = None;
        self.code.run.forget();
        self.code.seek_when_ready = step;
        if self.runs_your_code() {
            self.settings_changed();
        }
    }

    /// Takes back the program and the check saved.
    pub(super) fn restore_code(&mut self, saved: CodeSaved) {
        let check = CodeRun::<GridProblem>::new(&saved).check;
        self.code.run.check = check;
        if saved.source != self.code.run.source {
            self.set_program(saved.source, None);
        }
    }

    /// The program and the search it is checked against, as saved.
    pub fn code_saved(&self) -> CodeSaved {
        self.code.run.saved()
    }

    /// Looks at the program's run this frame (or records a share of it); once it ends,
    /// the board's runs start over on it. True while recording.
    pub(super) fn advance_code(&mut self, budget: FrameBudget) -> bool {
        let busy = self.code.run.advance(budget);
        if self.code.run.take_fresh() && self.runs_your_code() {
            self.restart_at(true, Place::Start);
            if let Some(step) = self.code.seek_when_ready.take() {
                self.apply(StepAction::Seek(step));
            } else if std::mem::take(&mut self.code.play_when_ready) {
                self.player.playback.playing = true;
            }
        }
        busy
    }

    /// The code panel, in place of the pseudo-code.
    pub(super) fn code_panel(&mut self, ui: &mut Ui) {
        let step = self.session().position();
        let action = code_panel(ui, &mut self.code.run, step);
        if action.check_changed
            && let Some((board, connectivity, heuristic)) = self.code.of.clone()
        {
            let problem = GridProblem::new(board, connectivity, heuristic);
            self.code.run.rejudge(&problem);
        }
        if action.run {
            self.run_code();
        }
    }

    /// Above the board: the program running, or why it stopped, or the verdict, with a
    /// button to the step where the run broke the rule.
    pub(super) fn verdict_strip(&mut self, ui: &mut Ui) {
        if !self.runs_your_code() {
            return;
        }
        if let Some(step) =
            crate::app::code::verdict_strip(ui, &self.code.run, self.sessions[0].position())
        {
            self.player.stop();
            self.apply(StepAction::Seek(step));
        }
    }

    /// At the step where the run broke the rule: the cell it expanded out of turn (wrong)
    /// and the one the rule takes first (right).
    pub fn divergence_marks(&self) -> Vec<(Pos, AnswerMark)> {
        let Some(outcome) = self.code.run.outcome().filter(|_| self.runs_your_code()) else {
            return vec![];
        };
        if outcome.divergence_step() != Some(self.sessions[0].position()) {
            return vec![];
        }
        let Some((expanded, waiting)) = outcome.divergence_states() else {
            return vec![];
        };
        let mut marks = vec![(*expanded, AnswerMark::Wrong)];
        marks.extend(waiting.map(|w| (*w, AnswerMark::Right)));
        marks
    }
}

impl crate::app::code::Recordable for GridProblem {
    fn spec(&self) -> frontier_script::wire::ProblemSpec {
        frontier_script::wire::ProblemSpec::Board {
            board: self.board().to_text(),
            diagonal: self.connectivity == Connectivity::Eight,
            heuristic: self.heuristic.code().to_owned(),
        }
    }

    fn read_reply(json: &str) -> Result<frontier_script::Ran<Self::State>, String> {
        frontier_script::wire::board_reply(json)
    }
}
