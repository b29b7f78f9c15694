//! The game's moves as the player steps them: back a move and forward again (each with the
//! planner's view of the position as it was), and a link's game caught up with over frames.

use super::SnakeTab;
use crate::app::watch::{Standing, Watched};
use crate::ui::StepAction;
use crate::ui::step_controls::FrameBudget;

/// The moves made, and those taken back that Forward makes again.
struct Moves<'a>(&'a mut SnakeTab);

impl Watched for Moves<'_> {
    fn standing(&self) -> Standing {
        let made = self.0.play.game.moves_made().len();
        Standing {
            position: made,
            known: made + self.0.play.undone.len(),
            finished: true,
            at_end: self.0.play.undone.is_empty(),
        }
    }

    fn step(&mut self) -> bool {
        self.0.forward()
    }

    fn seek(&mut self, target: usize) {
        while self.position() > target && self.0.rewind() {}
        while self.position() < target && self.0.forward() {}
    }
}

impl SnakeTab {
    /// Applies a step control to the moves: back one, forward one, and so on.
    pub(super) fn apply_to_moves(&mut self, action: StepAction) {
        let mut player = std::mem::take(&mut self.play.moves_player);
        player.apply(std::slice::from_mut(&mut Moves(self)), action);
        self.play.moves_player = player;
    }

    /// Makes every move taken back again, over the coming frames.
    pub(super) fn forward_to_the_end(&mut self) {
        self.play.moves_player.run_to(usize::MAX);
    }

    /// This frame's share of the moves being made again; true while more frames are needed.
    pub(super) fn advance_moves(&mut self, budget: FrameBudget) -> bool {
        if !self.play.moves_player.busy() {
            return false;
        }
        let mut player = std::mem::take(&mut self.play.moves_player);
        let busy = player.advance(std::slice::from_mut(&mut Moves(self)), 0.0, budget);
        self.play.moves_player = player;
        busy
    }
}
