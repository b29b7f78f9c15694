//! "Your code" on the sliding puzzle: the student's program searches the position the game
//! stands at (again when Run is pressed, or for another position, goal or heuristic), and its
//! recording is the first search watched. The verdict of the check is said above the boards.

use egui::Ui;

use super::run_label;
use crate::app::code::{CodeRun, CodeSaved, code_panel};
use crate::app::sliding::session::PuzzleSession;
use crate::app::sliding::{Mode, SlidingTab};
use crate::games::sliding::{Position, PuzzleHeuristic, SlidingProblem};
use crate::ui::step_controls::{FrameBudget, StepAction};

/// The program, and what its last run was of.
pub(in crate::app::sliding) struct CodeState {
    pub(in crate::app::sliding) run: CodeRun<SlidingProblem>,
    /// The start, goal and heuristic the last run (or the one under way) searched.
    of: Option<(Position, Position, PuzzleHeuristic)>,
    /// Play the run from step 0 once it is recorded (Run was pressed).
    play_when_ready: bool,
    /// The step to show once the run is recorded (a link's).
    seek_when_ready: Option<usize>,
}

impl CodeState {
    pub(in crate::app::sliding) fn new(saved: &CodeSaved) -> CodeState {
        CodeState {
            run: CodeRun::new(saved),
            of: None,
            play_when_ready: false,
            seek_when_ready: None,
        }
    }

    /// The replay of the program's search of `problem`, if its last run searched it; else
    /// none yet, and the program starts on it.
    pub(in crate::app::sliding) fn session_for(
        &mut self,
        problem: SlidingProblem,
    ) -> Option<PuzzleSession> {
        let key = (problem.start, problem.goal, problem.heuristic);
        if self.of != Some(key) {
            self.of = Some(key);
            self.run.forget();
            self.run.start(problem);
            return None;
        }
        let recording = self.run.recording().filter(|_| !self.run.running())?;
        let label = run_label(crate::games::sandbox::PathAlgorithm::your_code(), key.2);
        Some(PuzzleSession::recorded(problem, recording, label))
    }
}

impl SlidingTab {
    /// Whether the first search is the student's program.
    pub fn runs_your_code(&self) -> bool {
        self.watch.search().0.is_your_code()
    }

    /// The student's program and its last run.
    pub fn code(&self) -> &CodeRun<SlidingProblem> {
        &self.watch.code.run
    }

    /// The program and the search it is checked against, as saved.
    pub fn code_saved(&self) -> CodeSaved {
        self.watch.code.run.saved()
    }

    /// Takes back the program and the check saved.
    pub(in crate::app::sliding) fn restore_code(&mut self, saved: CodeSaved) {
        self.watch.code = CodeState::new(&saved);
    }

    /// Checks the program against `rule` from now on.
    pub(in crate::app::sliding) fn set_code_check(&mut self, rule: crate::search::judge::Rule) {
        self.watch.code.run.check = Some(rule);
    }

    /// Puts `source` in the editor (a link's program) and, watching the student's search,
    /// runs it, showing `step` once recorded.
    pub(in crate::app::sliding) fn set_program(&mut self, source: String, step: Option<usize>) {
        self.watch.code.run.replace_source(source);
        self.watch.code.of = None;
        self.watch.code.run.forget();
        self.watch.code.seek_when_ready = step;
    }

    /// Runs the program in the editor again on the position watched, and plays it once
    /// recorded.
    pub fn run_code(&mut self) {
        self.watch.stop();
        self.watch.code.of = None;
        self.watch.code.play_when_ready = true;
        self.start_watching();
    }

    /// Looks at the program's run this frame (or records a share of it); once it ends,
    /// the searches watched start over with it. True while recording.
    pub(in crate::app::sliding) fn advance_code(&mut self, budget: FrameBudget) -> bool {
        let busy = self.watch.code.run.advance(budget);
        if self.watch.code.run.take_fresh() && self.runs_your_code() && self.mode == Mode::Watch {
            self.start_watching();
            if let Some(step) = self.watch.code.seek_when_ready.take() {
                self.apply(StepAction::Seek(step));
            } else if std::mem::take(&mut self.watch.code.play_when_ready) {
                self.watch.playback_mut().playing = true;
            }
        }
        busy
    }

    /// The code panel, above the searches' teaching.
    pub(in crate::app::sliding) fn code_panel(&mut self, ui: &mut Ui) {
        let step = self.shown_step();
        let action = code_panel(ui, &mut self.watch.code.run, step);
        if action.check_changed
            && let Some((start, goal, heuristic)) = self.watch.code.of
            && let Ok(Some(problem)) = self.problem(start, goal, heuristic)
        {
            self.watch.code.run.rejudge(&problem);
        }
        if action.run {
            self.run_code();
        }
    }

    /// Above the board: the program running, or why it stopped, or the verdict, with a
    /// button to the step where the run broke the rule.
    pub(in crate::app::sliding) fn verdict_strip(&mut self, ui: &mut Ui) {
        if !self.runs_your_code() {
            return;
        }
        if let Some(step) =
            crate::app::code::verdict_strip(ui, &self.watch.code.run, self.shown_step())
        {
            self.watch.stop();
            self.apply(StepAction::Seek(step));
        }
    }
}

impl crate::app::code::Recordable for SlidingProblem {
    fn spec(&self) -> frontier_script::wire::ProblemSpec {
        frontier_script::wire::ProblemSpec::Puzzle {
            start: self.start,
            goal: self.goal,
            heuristic: self.heuristic.code().to_owned(),
        }
    }

    fn read_reply(json: &str) -> Result<frontier_script::Ran<Self::State>, String> {
        frontier_script::wire::puzzle_reply(json)
    }
}
