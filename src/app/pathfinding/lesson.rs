//! A lesson page's board on the Pathfinding tab.

use super::PathfindingTab;
use crate::lessons::{BoardScene, RunTo};
use crate::tr;
use crate::ui::StepAction;

impl PathfindingTab {
    /// Shows `scene` with its search stood at step `steps`. The board it replaces stays one
    /// Undo away, and the status says so when it had unsaved edits.
    pub fn show_lesson_board(&mut self, scene: &BoardScene, steps: usize) {
        self.robot = None;
        self.predictions = None;
        self.lesson_marks.clear();
        self.cell_answer = None;
        self.playback.playing = false;
        self.settings.algorithm = scene.algorithm;
        self.settings.compare_with = scene.compare;
        self.settings.connectivity = scene.connectivity;
        self.settings.heuristic = scene.heuristic;
        self.settings.first_meeting = scene.first_meeting;
        if self.board != scene.board {
            let unsaved = self.dirty;
            self.replace_board_and_rules(scene.board.clone(), None);
            self.file = None;
            self.dirty = false;
            if unsaved {
                self.notice = Some(crate::app::Notice::info(tr!("lesson-board-kept")));
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
        self.apply(StepAction::Seek(0));
        for session in &mut self.sessions {
            session.catch_up = (target > 0).then_some(target);
        }
    }

    /// Shows the step after `step`, the one a lesson's question was about: stepped (so the
    /// chart records it) when the run stands at `step`, else reached on the timeline.
    pub fn show_step_after(&mut self, step: usize) {
        if self.session().position() == step {
            self.apply(StepAction::Step);
        } else {
            self.apply(StepAction::Seek(step + 1));
        }
    }
}
