//! A solution played on the board move by move, as Sokoban replays one: from where the game
//! stood when the search began, played, paused, stepped and stepped back with the same
//! controls as a search. The moves wait in the game's redo list, so the board is the game.

use crate::games::sliding::{Move, SlidingGame};
use crate::ui::step_controls::{Playback, StepAction};

/// Moves a second a replay starts at: slow enough to follow each tile.
const FIRST_SPEED: usize = 1;

pub struct SolutionReplay {
    /// The game's moves when the replay began: the moves played by hand before it.
    base: usize,
    /// The solution's length.
    length: usize,
    pub playback: Playback,
}

impl SolutionReplay {
    /// Queues `moves` (the blank's) on `game` from where it stands and starts playing them;
    /// None, with the game unchanged, when they do not fit its position.
    pub fn start(game: &mut SlidingGame, moves: &[Move]) -> Option<SolutionReplay> {
        let base = game.moves();
        let mut playback = Playback::paused_at(FIRST_SPEED);
        playback.playing = true;
        game.queue(moves).then_some(SolutionReplay {
            base,
            length: moves.len(),
            playback,
        })
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
        let playing = self.playback.playing;
        self.playback.playing = false;
        match action {
            StepAction::TogglePlay => {
                if !playing && self.played(game) == self.length {
                    self.seek(game, 0);
                }
                self.playback.playing = !playing;
            }
            StepAction::Step => self.seek(game, self.played(game) + 1),
            StepAction::StepBack => self.seek(game, self.played(game).saturating_sub(1)),
            StepAction::Reset => self.seek(game, 0),
            StepAction::RunToEnd => self.seek(game, self.length),
            StepAction::Seek(k) => self.seek(game, k),
        }
    }

    fn seek(&self, game: &mut SlidingGame, target: usize) {
        let target = target.min(self.length);
        while self.played(game) > target && game.undo() {}
        while self.played(game) < target && game.redo() {}
    }

    /// This frame's moves, `dt` seconds after the last; true while it plays.
    pub fn advance(&mut self, game: &mut SlidingGame, dt: f64) -> bool {
        let due = self.playback.steps_due(dt);
        for _ in 0..due.min(self.length) {
            if self.played(game) == self.length || !game.redo() {
                break;
            }
        }
        if self.played(game) == self.length {
            self.playback.playing = false;
        }
        self.playback.playing
    }
}
