//! What the tests read of Solve mode, and the few settings they make as its fields do.

use super::compare::Comparison;
use super::portfolio_view::PortfolioView;
use crate::app::sokoban::{SokobanTab, SolveSession};
use crate::games::sokoban::solver::{Detail, SokobanAlgorithm};

impl SokobanTab {
    /// The search chosen in the Solve view.
    pub fn algorithm(&self) -> SokobanAlgorithm {
        self.solve.algorithm
    }

    /// The comparison of two searches, if one is shown.
    pub fn comparison(&self) -> Option<&Comparison> {
        self.solve.comparison.as_ref()
    }

    /// What one step of the search is (a push or a move).
    pub fn detail(&self) -> Detail {
        self.solve.detail
    }

    /// The solver's budget in states.
    pub fn max_states(&self) -> usize {
        self.solve.max_states
    }

    /// The portfolio solver's view, if it runs.
    pub fn portfolio(&self) -> Option<&PortfolioView> {
        self.solve.portfolio.as_ref()
    }

    /// How fast the portfolio's members are stepped.
    pub fn portfolio_pace(&self) -> &crate::games::sokoban::solver::portfolio::Pace {
        &self.solve.portfolio_pace
    }

    /// The search watched in the Solve view, if one is.
    pub fn session(&self) -> Option<&SolveSession> {
        self.solve.session.as_ref()
    }

    /// Whether dead squares are drawn.
    pub fn show_dead_squares(&self) -> bool {
        self.solve.show_dead_squares
    }

    /// Sets the solver's budget in states, as its field in the Solve view does.
    pub fn set_max_states(&mut self, max_states: usize) {
        self.solve.max_states = max_states;
    }

    /// Sets how fast the portfolio's members are stepped.
    pub fn set_portfolio_pace(&mut self, pace: crate::games::sokoban::solver::portfolio::Pace) {
        self.solve.portfolio_pace = pace;
    }

    /// The search watched in the Solve view, to step or seek as its controls do.
    pub fn session_mut(&mut self) -> Option<&mut SolveSession> {
        self.solve.session.as_mut()
    }

    /// The game the solution replay is showing, while replaying.
    pub fn replay_game(&self) -> Option<&crate::games::sokoban::Game> {
        self.solve.replay.as_ref().map(|r| &r.game)
    }
}
