//! A lesson page's game on the Snake tab.

use super::{Pilot, SnakeTab};
use crate::games::snake::play::Planner;
use crate::grid::Grid;
use crate::lessons::SnakeScene;

impl SnakeTab {
    /// Starts `scene`'s game on an open board and lets its planner make the first moves;
    /// the game then waits, paused, for the student.
    pub fn show_lesson_game(&mut self, scene: &SnakeScene) {
        self.play.playing = false;
        self.editing_walls = false;
        self.walls = Grid::new(scene.width, scene.height, false);
        self.seed = scene.seed;
        self.planners.pilot = match scene.planner {
            Planner::Classic => Pilot::Classic,
            Planner::Cycle => Pilot::Cycle,
        };
        self.resize(scene.width, scene.height);
        for _ in 0..scene.moves {
            if self.play.game.status() != crate::games::snake::Status::Playing {
                break;
            }
            self.step();
        }
    }
}
