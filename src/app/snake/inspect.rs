//! What the shell, the browser test hook and the tests read of the tab. Nothing here
//! changes it: changes go through the methods a click or a key calls.

use super::*;

impl SnakeTab {
    /// The board's cell size as last drawn, in points.
    pub fn cell_size(&self) -> f32 {
        self.view.cell_size()
    }

    /// The Hamiltonian cycle's last choice, if the cycle pilot plays.
    pub fn cycle_decision(&self) -> Option<&CycleChoice> {
        self.planners.cycle_decision.as_ref()
    }

    /// The planner's last decision, if it plays.
    pub fn decision(&self) -> Option<&Decision> {
        self.planners.decision.as_ref()
    }

    /// The game being played.
    pub fn game(&self) -> &SnakeGame {
        &self.play.game
    }

    /// The best scores, by board size.
    pub fn high_scores(&self) -> &HighScores {
        &self.high_scores
    }

    /// Who plays: the player, the planner or the cycle.
    pub fn pilot(&self) -> Pilot {
        self.planners.pilot
    }

    /// Whether the planner moved the snake this frame.
    pub fn planner_moved(&self) -> bool {
        self.play.planner_moved
    }

    /// Whether the game runs.
    pub fn playing(&self) -> bool {
        self.play.playing
    }

    /// The seed the next game is dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Moves a second.
    pub fn speed(&self) -> f64 {
        self.play.speed
    }

    /// The board width the next game gets.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Sets the moves a second, as the speed slider does.
    pub fn set_speed(&mut self, speed: f64) {
        self.play.speed = speed;
    }

    /// Sets the seed the next game is dealt from, as the seed field does.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The best scores, to record one as a finished game does.
    pub fn high_scores_mut(&mut self) -> &mut HighScores {
        &mut self.high_scores
    }

    /// What the browser tests read of the tab: the moves made and who steers.
    pub fn state_for_tests(&self) -> serde_json::Value {
        serde_json::json!({
            "moves": self.play.game.moves_made().len(),
            "pilot": format!("{:?}", self.pilot()),
        })
    }
}
