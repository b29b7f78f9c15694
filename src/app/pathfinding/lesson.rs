//! A lesson page's board on the Pathfinding tab.

use super::{AnswerMark, PathfindingTab};
use crate::app::tab::LessonBoard;
use crate::grid::Pos;
use crate::lessons::{BoardScene, RunTo};
use crate::ui::StepAction;

impl PathfindingTab {
    /// Shows `scene` with its search stood at step `steps`. The board it replaces stays one
    /// Undo away, and the status says so when it had unsaved edits.
    pub fn show_lesson_board(&mut self, scene: &BoardScene, steps: usize) {
        self.robot = None;
        self.asking.predictions = None;
        self.asking.lesson_marks.clear();
        self.asking.cell_answer = None;
        self.player.stop();
        self.settings.algorithm = scene.algorithm;
        self.settings.compare_with = scene.compare;
        self.settings.connectivity = scene.connectivity;
        self.settings.heuristic = scene.heuristic;
        self.settings.first_meeting = scene.first_meeting;
        if self.board != scene.board {
            let unsaved = self.dirty();
            self.replace_board_and_rules(scene.board.clone(), None);
            self.origin.file = None;
            self.origin.preset = None;
            self.mark_saved();
            if unsaved {
                self.notice = Some(crate::app::Notice::info(crate::msg!("lesson-board-kept")));
            }
        } else {
            self.settings_changed();
        }
        // Stepped there frame by frame rather than jumped to, so the chart fills as it goes;
        // "to the end" is each run's own end (a second search beside may need more steps).
        let target = match scene.run {
            RunTo::End => usize::MAX,
            _ => steps,
        };
        if let Some(code) = &scene.code {
            // The student writes the search: their program runs, the page's search beside.
            self.settings.algorithm = crate::games::sandbox::PathAlgorithm::your_code();
            self.settings.compare_with = None;
            if self
                .code
                .run
                .wants_lesson_skeleton(&code.program, code.check)
            {
                self.set_program(code.program.clone(), Some(0));
            } else {
                self.settings_changed();
            }
            return;
        }
        self.apply(StepAction::Seek(0));
        self.player.run_to(target);
    }

    /// The cells outlined as answers to the lesson's question.
    pub fn lesson_marks(&self) -> &[(Pos, AnswerMark)] {
        &self.asking.lesson_marks
    }

    /// Whether a click on the board answers the lesson's question.
    pub fn cell_asked(&self) -> bool {
        self.asking.cell_asked
    }
}

impl LessonBoard for PathfindingTab {
    fn ask_for_cell(&mut self, asked: bool) {
        self.asking.cell_asked = asked;
    }

    fn take_cell_answer(&mut self) -> Option<Pos> {
        self.asking.cell_answer.take()
    }

    fn painted(&self) -> &crate::games::sandbox::Board {
        &self.board
    }

    fn answer_marks(&mut self) -> &mut Vec<(Pos, AnswerMark)> {
        &mut self.asking.lesson_marks
    }

    /// Stepped (so the chart records it) when the run stands at `step`, else reached on
    /// the timeline.
    fn show_step_after(&mut self, step: usize) {
        if self.session().position() == step {
            self.apply(StepAction::Step);
        } else {
            self.apply(StepAction::Seek(step + 1));
        }
    }
}
