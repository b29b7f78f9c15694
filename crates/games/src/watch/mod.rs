//! Watching a run, written once: every run a tab shows step by step (a search on the board,
//! on the sliding puzzle or on a Sokoban level, the robot's walk, the link search, a solution
//! played on the board) plugs in behind [`Watched`], and one [`Player`] plays it, steps it
//! back and forth, seeks, runs it to its end and keeps several in lockstep, spreading long
//! replays over frames within the frame budget. The app's `watch::keys` is the one key map.
//!
//! What a tab keeps in step with a run (the chart, the heat map, the depth counts, the
//! board's cells) is the run's own business, done in its `step` and `jump_towards`: the
//! player only says when and how far.

mod playback;
mod player;
pub mod series;

pub use playback::*;
pub use player::{Player, REPLAY_AT_ONCE};

use crate::search::{Ending, Timeline};

/// Where a run stands: the step shown, the furthest known, whether its end is known, and
/// whether there is nothing more to step at the step shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub position: usize,
    pub known: usize,
    pub finished: bool,
    pub at_end: bool,
}

impl Standing {
    /// Where a run on `timeline` stands.
    pub fn of<R>(timeline: &Timeline<R>) -> Standing
    where
        R: Iterator + Clone,
        R::Item: Ending + Clone,
    {
        Standing {
            position: timeline.position(),
            known: timeline.furthest(),
            finished: timeline.end().is_some(),
            at_end: timeline.at_end(),
        }
    }
}

/// A run as the player steps it.
pub trait Watched {
    /// Where it stands.
    fn standing(&self) -> Standing;

    /// The step shown.
    fn position(&self) -> usize {
        self.standing().position
    }

    /// The furthest step known so far.
    fn known(&self) -> usize {
        self.standing().known
    }

    /// Whether the run has been seen to its end.
    fn finished(&self) -> bool {
        self.standing().finished
    }

    /// Whether there is nothing more to step at the step shown.
    fn at_end(&self) -> bool {
        self.standing().at_end
    }

    /// Takes one step, told (what the tab keeps in step with the run follows it); false
    /// at the end.
    fn step(&mut self) -> bool;

    /// Goes to step `target` (its end, if the run is shorter) at once.
    fn seek(&mut self, target: usize);

    /// The steps a seek to `target` replays (0 for what moves at once, a game's moves).
    fn replay_cost(&self, _target: usize) -> usize {
        0
    }

    /// Goes back, without replaying, to the nearest point from which `target` is reached
    /// by steps (a checkpoint before it); the player steps on from there over frames.
    fn jump_towards(&mut self, target: usize) {
        self.seek(target);
    }

    /// The longest replay a seek does at once; a longer one is spread over frames.
    fn replay_at_once(&self) -> usize {
        REPLAY_AT_ONCE
    }
}

/// Where the step controls stand for runs watched together: the step shown (the furthest
/// of them: one that ended earlier stays at its end), the furthest known, and whether
/// every run's end is known.
pub fn standing<W: Watched>(runs: &[W]) -> (usize, usize, bool) {
    let position = runs.iter().map(W::position).max().unwrap_or(0);
    let known = runs.iter().map(W::known).max().unwrap_or(0);
    (position, known, runs.iter().all(W::finished))
}
