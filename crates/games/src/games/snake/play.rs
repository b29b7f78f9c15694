//! Playing whole games headless with a planner, for the command line and the tests.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::planner::CyclePlanner;
use super::{Death, Outcome, SnakeGame, Status, classic};
use crate::grid::{Dir, Grid};
use crate::i18n::Message;

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
                "unknown planner `{}` (expected classic or cycle)",
                crate::files::quote(other)
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
    pub fn new(planner: Planner, walls: &Grid<bool>) -> Result<Autopilot, Message> {
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

/// Who steers a game before a planner takes it over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steerer {
    /// The classic planner.
    Classic,
    /// A random player who never turns into a wall or the body while another move is free.
    Random,
}

impl Steerer {
    pub fn parse(text: &str) -> Result<Steerer, String> {
        match text {
            "classic" => Ok(Steerer::Classic),
            "random" => Ok(Steerer::Random),
            other => Err(format!(
                "unknown steerer `{}` (expected classic or random)",
                crate::files::quote(other)
            )),
        }
    }
}

/// When the other steerer hands the game over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandoverAt {
    /// After this many moves.
    After(usize),
    /// After a number of moves drawn from 1..=K, per game.
    RandomUpTo(usize),
}

impl HandoverAt {
    /// `K` or `random:K`, K at least 1.
    pub fn parse(text: &str) -> Result<HandoverAt, String> {
        let (random, count) = match text.strip_prefix("random:") {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let k: usize = count.parse().map_err(|_| {
            format!(
                "--handover takes K or random:K with K a whole number, not `{}`",
                crate::files::quote(text)
            )
        })?;
        match (random, k) {
            (true, 0) => Err("--handover random:K needs K of at least 1".into()),
            (true, k) => Ok(HandoverAt::RandomUpTo(k)),
            (false, k) => Ok(HandoverAt::After(k)),
        }
    }
}

/// Another steerer plays the first moves of a game, then hands it to the planner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handover {
    pub before: Steerer,
    pub at: HandoverAt,
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
    /// The planner took the game over from another steerer (games without a hand-over
    /// count as taken over at the start).
    pub handed_over: bool,
    /// The planner ran into a wall or the body while another move was free.
    pub avoidable_death: bool,
}

/// Plays one game to its end (win, death, or a loop).
pub fn play_game(autopilot: &mut Autopilot, game: SnakeGame) -> GameReport {
    play_handed_over(autopilot, game, None)
}

/// Plays one game to its end; with `handover`, the other steerer plays the first moves.
pub fn play_handed_over(
    autopilot: &mut Autopilot,
    game: SnakeGame,
    handover: Option<Handover>,
) -> GameReport {
    let mut game = HandedOverGame::new(game, handover);
    while game.step(autopilot) {}
    game.report()
}

/// A game played move by move: first by the other steerer of a hand-over (if any), then
/// by the planner.
pub struct HandedOverGame {
    game: SnakeGame,
    handover: Option<Handover>,
    /// The moves the other steerer makes before handing over.
    before_moves: usize,
    rng: StdRng,
    looped: bool,
    avoidable_death: bool,
}

impl HandedOverGame {
    pub fn new(game: SnakeGame, handover: Option<Handover>) -> HandedOverGame {
        let mut rng = StdRng::seed_from_u64(game.seed() ^ 0x005e_ed0f_0a11);
        let before_moves = match handover.map(|h| h.at) {
            None => 0,
            Some(HandoverAt::After(k)) => k,
            Some(HandoverAt::RandomUpTo(k)) => rng.random_range(1..=k),
        };
        HandedOverGame {
            game,
            handover,
            before_moves,
            rng,
            looped: false,
            avoidable_death: false,
        }
    }

    pub fn game(&self) -> &SnakeGame {
        &self.game
    }

    /// Whether the planner steers now.
    pub fn handed_over(&self) -> bool {
        self.game.steps() >= self.before_moves
    }

    /// Moves made by the planner so far.
    pub fn planner_moves(&self) -> usize {
        self.game.steps().saturating_sub(self.before_moves)
    }

    /// Makes one move; false once the game is over (won, lost, or looping: no food for
    /// `4 · width · height` moves).
    pub fn step(&mut self, autopilot: &mut Autopilot) -> bool {
        if self.game.status() != Status::Playing {
            return false;
        }
        if self.game.steps_since_food() > 4 * self.game.width() * self.game.height() {
            self.looped = true;
            return false;
        }
        let planner_moves = self.handed_over();
        let dir = match self.handover {
            Some(h) if !planner_moves => match h.before {
                Steerer::Classic => classic::decide(&self.game).choice,
                Steerer::Random => random_move(&self.game, &mut self.rng),
            },
            _ => autopilot.choose(&self.game),
        };
        if let Outcome::Died(_) = self.game.check(dir) {
            self.avoidable_death = planner_moves && !safe_moves(&self.game).is_empty();
        }
        matches!(self.game.step(dir), Outcome::Moved | Outcome::Ate)
    }

    pub fn report(&self) -> GameReport {
        let game = &self.game;
        GameReport {
            won: game.status() == Status::Won,
            death: match game.status() {
                Status::Dead(d) => Some(d),
                _ => None,
            },
            looped: self.looped,
            length: game.len(),
            steps: game.steps(),
            eaten: game.eaten(),
            handed_over: self.handed_over(),
            avoidable_death: self.avoidable_death,
        }
    }
}

/// The moves that do not end the game at once.
pub fn safe_moves(game: &SnakeGame) -> Vec<Dir> {
    Dir::ALL
        .into_iter()
        .filter(|&d| matches!(game.check(d), Outcome::Moved | Outcome::Ate | Outcome::Won))
        .collect()
}

fn random_move(game: &SnakeGame, rng: &mut StdRng) -> Dir {
    let safe = safe_moves(game);
    if safe.is_empty() {
        game.heading().unwrap_or(Dir::Up)
    } else {
        safe[rng.random_range(0..safe.len())]
    }
}
