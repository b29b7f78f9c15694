//! A lesson page's level on the Sokoban tab, in the solver.

use crate::app::sokoban::{Mode, SokobanTab};
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::lessons::SokobanScene;
use crate::ui::StepAction;

impl SokobanTab {
    /// Opens `scene`'s level in Solve with its search stood at step `steps`. The collection
    /// is opened only if it is not the one open (progress is kept by level either way).
    pub fn show_lesson_level(&mut self, scene: &SokobanScene, steps: usize) {
        let (name, text) = &scene.collection;
        let open_already = (self.collection.entries().get(scene.index))
            .is_some_and(|e| e.level.as_ref().is_ok_and(|level| *level == scene.level));
        if !open_already {
            self.load_collection(name, text);
        }
        self.select(scene.index);
        self.solve.detail = scene.detail;
        self.solve_to(scene.algorithm, steps);
    }

    /// Watches `algorithm` solve the level open from its start, up to step `steps` (a
    /// lesson's page, a link).
    pub(in crate::app::sokoban) fn solve_to(&mut self, algorithm: SokobanAlgorithm, steps: usize) {
        self.mode = Mode::Solve;
        self.solve.algorithm = algorithm;
        self.solve.solve_from_play = false;
        self.solve.player.stop();
        self.start_solving();
        self.apply(StepAction::Seek(steps));
    }
}
