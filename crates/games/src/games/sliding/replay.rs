//! A solution played on the board move by move, as Sokoban replays one: from where the game
//! stood when the search began, played, paused, stepped and stepped back with the same
//! controls as a search (the player's). The moves wait in the game's redo list, so the board
//! is the game.

use crate::games::sliding::{Move, SlidingGame};
use crate::watch::{FrameBudget, StepAction};
use crate::watch::{Player, Standing, Watched};

/// Moves a second a replay starts at: slow enough to follow each tile.
const FIRST_SPEED: usize = 1;

pub struct SolutionReplay {
    /// The game's moves when the replay began: the moves played by hand before it.
    base: usize,
    /// The solution's length.
    length: usize,
    pub player: Player,
}

/// The solution's moves on the game, as the player steps them.
struct Moves<'a> {
    game: &'a mut SlidingGame,
    base: usize,
    length: usize,
}

impl Watched for Moves<'_> {
    fn standing(&self) -> Standing {
        let position = self.game.moves().saturating_sub(self.base);
        Standing {
            position,
            known: self.length,
            finished: true,
            at_end: position == self.length,
        }
    }

    fn step(&mut self) -> bool {
        !self.at_end() && self.game.redo()
    }

    fn seek(&mut self, target: usize) {
        let target = target.min(self.length);
        while self.position() > target && self.game.undo() {}
        while self.position() < target && self.game.redo() {}
    }
}

impl SolutionReplay {
    /// Queues `moves` (the blank's) on `game` from where it stands and starts playing them;
    /// None, with the game unchanged, when they do not fit its position.
    pub fn start(game: &mut SlidingGame, moves: &[Move]) -> Option<SolutionReplay> {
        let base = game.moves();
        let mut player = Player::paused_at(FIRST_SPEED);
        player.playback.playing = true;
        game.queue(moves).then_some(SolutionReplay {
            base,
            length: moves.len(),
            player,
        })
    }

    fn moves<'a>(&self, game: &'a mut SlidingGame) -> Moves<'a> {
        Moves {
            game,
            base: self.base,
            length: self.length,
        }
    }

    /// Moves of the solution played so far.
    pub fn played(&self, game: &SlidingGame) -> usize {
        game.moves().saturating_sub(self.base)
    }

    pub fn length(&self) -> usize {
        self.length
    }

    /// Applies a control to the replay.
    pub fn apply(&mut self, game: &mut SlidingGame, action: StepAction) {
        let mut moves = self.moves(game);
        self.player.apply(std::slice::from_mut(&mut moves), action);
    }

    /// This frame's moves, `dt` seconds after the last; true while it plays.
    pub fn advance(&mut self, game: &mut SlidingGame, dt: f64, budget: FrameBudget) -> bool {
        let mut moves = self.moves(game);
        self.player
            .advance(std::slice::from_mut(&mut moves), dt, budget)
    }
}
