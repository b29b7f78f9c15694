//! The board, its seed, who steers and the moves made, as a link carries them (see
//! [`crate::share`]), and opening a link's game.

use super::{Pilot, SnakeTab};
use crate::games::snake::play::Planner;
use crate::grid::{Dir, Grid};
use crate::share::View;

impl SnakeTab {
    /// What a link to the tab carries: the game as it stands, every move made so far.
    pub(super) fn shared_game(&self) -> View {
        let walls = self.play.game.walls();
        View::Snake {
            walls: walls
                .rows()
                .map(|row| row.iter().map(|&w| if w { '#' } else { '.' }).collect())
                .collect(),
            seed: self.play.game.seed(),
            pilot: match self.planners.pilot {
                Pilot::Player => "player",
                Pilot::Classic => "classic",
                Pilot::Cycle => "cycle",
            }
            .into(),
            moves: self
                .play
                .game
                .moves_made()
                .iter()
                .map(|d| d.letter())
                .collect(),
        }
    }

    /// Opens a link's game: its board and seed, its planner steering, and its moves made
    /// again over frames (each through the planner's view of it, so a rewound move or the
    /// next decision is what it was in the game linked). Paused at its last move; a game
    /// linked sets no high score of this player's.
    pub fn open_shared(
        &mut self,
        walls: Grid<bool>,
        seed: u64,
        planner: Option<Planner>,
        moves: Vec<Dir>,
    ) {
        self.play.playing = false;
        self.editing_walls = false;
        let (width, height) = (walls.width(), walls.height());
        self.walls = walls;
        self.seed = seed;
        self.planners.pilot = match planner {
            None => Pilot::Player,
            Some(Planner::Classic) => Pilot::Classic,
            Some(Planner::Cycle) => Pilot::Cycle,
        };
        self.resize(width, height);
        self.play.planner_moved = true;
        self.play.undone = moves.into_iter().rev().collect();
        self.forward_to_the_end();
    }
}
