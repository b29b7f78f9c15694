//! What the shell, the browser test hook and the tests read of the tab. Nothing here
//! changes it: changes go through the methods a click or a key calls.

use super::*;

impl LinkTab {
    /// The best times, by board size.
    pub fn best_times(&self) -> &BestTimes {
        &self.play.best_times
    }

    /// Seconds played in this game.
    pub fn elapsed(&self) -> f64 {
        self.play.elapsed
    }

    /// The game being played.
    pub fn game(&self) -> &LinkGame {
        &self.game
    }

    /// Whether tiles fall after a pair is taken.
    pub fn gravity(&self) -> bool {
        self.deal.gravity
    }

    /// Whether the search is guided by the distance to the target.
    pub fn guided(&self) -> bool {
        self.searching.guided
    }

    /// The pair a hint shows, if one does.
    pub fn hint(&self) -> Option<(Pos, Pos)> {
        self.play.hint
    }

    /// Whether the search runs without the turn pruning.
    pub fn naive(&self) -> bool {
        self.searching.naive
    }

    /// Whether predict mode is on.
    pub fn predicting(&self) -> bool {
        self.searching.predicting
    }

    /// Whether the watched link search is paused.
    pub fn search_paused(&self) -> bool {
        self.searching.search_paused
    }

    /// The seed the next game is dealt from.
    pub fn seed(&self) -> u64 {
        self.deal.seed
    }

    /// Whether the link search is shown step by step.
    pub fn show_search(&self) -> bool {
        self.searching.show_search
    }

    /// The link search being shown, if one is.
    pub fn shown(&self) -> Option<&Shown> {
        self.searching.shown.as_ref()
    }

    /// Pauses or resumes the watched link search, as its Pause button does.
    pub fn set_search_paused(&mut self, paused: bool) {
        self.searching.search_paused = paused;
    }

    /// Shows the link search step by step or not, as its check box does.
    pub fn set_show_search(&mut self, show: bool) {
        self.searching.show_search = show;
    }

    /// The game being played, to ask for a hint (which is worked out and kept).
    pub fn game_mut(&mut self) -> &mut LinkGame {
        &mut self.game
    }

    /// Sets the seed the next deal comes from, as the seed field does.
    pub fn set_seed(&mut self, seed: u64) {
        self.deal.seed = seed;
    }

    /// Turns falling tiles on or off, as the check box does.
    pub fn set_gravity(&mut self, gravity: bool) {
        self.deal.gravity = gravity;
    }

    /// The best times, to record one as a cleared board does.
    pub fn best_times_mut(&mut self) -> &mut BestTimes {
        &mut self.play.best_times
    }

    /// The link search being shown, to seek as its timeline does.
    pub fn shown_mut(&mut self) -> Option<&mut Shown> {
        self.searching.shown.as_mut()
    }
}
