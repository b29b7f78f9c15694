//! A lesson page's board on the Pathfinding tab.

use super::PathfindingTab;
use crate::lessons::BoardScene;
use crate::tr;
use crate::ui::StepAction;

impl PathfindingTab {
    /// Shows `scene` with its search stood at step `steps`. The board it replaces stays one
    /// Undo away, and the status says so when it had unsaved edits.
    pub fn show_lesson_board(&mut self, scene: &BoardScene, steps: usize) {
        self.robot = None;
        self.predictions = None;
        self.lesson_mark = None;
        self.cell_answer = None;
        self.playback.playing = false;
        self.settings.algorithm = scene.algorithm;
        self.settings.compare_with = scene.compare;
        self.settings.connectivity = scene.connectivity;
        self.settings.heuristic = scene.heuristic;
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
        self.apply(StepAction::Seek(steps));
    }
}
