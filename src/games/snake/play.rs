//! Playing whole games headless with a planner, for the command line and the tests.

use super::planner::CyclePlanner;
use super::{Death, Outcome, SnakeGame, Status, classic};
use crate::grid::{Dir, Grid};

/// Which planner drives the snake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Planner {
    /// The food-then-tail planner.
    Classic,
    /// The Hamiltonian cycle with safe shortcuts.
    Cycle,
}

impl Planner {
    pub fn parse(text: &str) -> Result<Planner, String> {
        match text {
            "classic" => Ok(Planner::Classic),
            "cycle" => Ok(Planner::Cycle),
            other => Err(format!(
                "unknown planner `{other}` (expected classic or cycle)"
            )),
        }
    }
}

/// A planner ready to play one board.
pub enum Autopilot {
    Classic,
    Cycle(Box<CyclePlanner>),
}

impl Autopilot {
    /// The planner for a board; the cycle planner fails (with the reason) where the board
    /// has no Hamiltonian cycle.
    pub fn new(planner: Planner, walls: &Grid<bool>) -> Result<Autopilot, String> {
        match planner {
            Planner::Classic => Ok(Autopilot::Classic),
            Planner::Cycle => CyclePlanner::new(walls).map(|p| Autopilot::Cycle(Box::new(p))),
        }
    }

    pub fn choose(&mut self, game: &SnakeGame) -> Dir {
        match self {
            Autopilot::Classic => classic::decide(game).choice,
            Autopilot::Cycle(planner) => planner.choose(game),
        }
    }
}

/// How a headless game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameReport {
    pub won: bool,
    pub death: Option<Death>,
    /// Stopped because no food was eaten for `4 · width · height` steps.
    pub looped: bool,
    pub length: usize,
    pub steps: usize,
    pub eaten: usize,
}

/// Plays one game to its end (win, death, or a loop).
pub fn play_game(autopilot: &mut Autopilot, mut game: SnakeGame) -> GameReport {
    let patience = 4 * game.width() * game.height();
    let mut looped = false;
    while game.status() == Status::Playing {
        if game.steps_since_food() > patience {
            looped = true;
            break;
        }
        if let Outcome::Over = game.step(autopilot.choose(&game)) {
            break;
        }
    }
    GameReport {
        won: game.status() == Status::Won,
        death: match game.status() {
            Status::Dead(d) => Some(d),
            _ => None,
        },
        looped,
        length: game.len(),
        steps: game.steps(),
        eaten: game.eaten(),
    }
}
