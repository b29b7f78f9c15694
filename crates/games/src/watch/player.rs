//! The player: the one place a step control (play, step, back, reset, to the end, a seek)
//! acts on runs watched, alone or in lockstep.

use super::{FrameBudget, Playback, StepAction, step_within_budget};
use super::{Watched, standing};

/// Steps a seek replays at once; a longer replay is spread over frames.
pub const REPLAY_AT_ONCE: usize = 200_000;

/// Plays runs: at the speed chosen, or as fast as the frames allow to a step (a long seek's,
/// a link's or a lesson's) or to their end. Runs watched together move in lockstep, each
/// stopping at its own end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Player {
    pub playback: Playback,
    /// The step the runs are taken to as fast as the frames allow (`usize::MAX`: their end).
    target: Option<usize>,
}

impl Player {
    pub fn new(playback: Playback) -> Player {
        Player {
            playback,
            target: None,
        }
    }

    /// Paused, at speed level `speed`.
    pub fn paused_at(speed: usize) -> Player {
        Player::new(Playback::paused_at(speed))
    }

    /// The step the runs are being taken to (`usize::MAX`: their end), if any.
    pub fn target(&self) -> Option<usize> {
        self.target
    }

    /// The step a replay in progress is headed to (not the end of "To end").
    pub fn replaying_to(&self) -> Option<usize> {
        self.target.filter(|&target| target != usize::MAX)
    }

    /// Whether the runs move in the frames to come.
    pub fn busy(&self) -> bool {
        self.playback.playing || self.target.is_some()
    }

    /// Stops playing and running, where the runs stand.
    pub fn stop(&mut self) {
        self.playback.playing = false;
        self.target = None;
    }

    /// Takes the runs to step `target` over the coming frames, from where they stand (a
    /// link's step, a lesson's, the step reached before the board was edited); `usize::MAX`
    /// runs them to their end.
    pub fn run_to(&mut self, target: usize) {
        self.target = (target > 0).then_some(target);
    }

    /// The step shown, or the one a replay in progress is headed to.
    pub fn intended<W: Watched>(&self, runs: &[W]) -> usize {
        self.replaying_to().unwrap_or_else(|| standing(runs).0)
    }

    /// Applies a step control to the runs.
    pub fn apply<W: Watched>(&mut self, runs: &mut [W], action: StepAction) {
        match action {
            StepAction::TogglePlay => {
                if self.target == Some(usize::MAX) {
                    // Space during "To end" stops it where it stands.
                    return self.stop();
                }
                let playing = !self.playback.playing;
                if playing && runs.iter().all(W::at_end) {
                    self.seek(runs, 0);
                }
                self.playback.playing = playing;
            }
            StepAction::Step => match self.replaying_to() {
                // A step while a replay is on its way: one more than where it is headed.
                Some(target) => self.seek(runs, target + 1),
                None => {
                    self.stop();
                    for run in runs.iter_mut() {
                        run.step();
                    }
                }
            },
            StepAction::StepBack => {
                // One step back for all from the step shown: a run that ended earlier stays
                // at its end until the timeline comes back to it.
                let at = self.intended(runs).saturating_sub(1);
                self.seek(runs, at);
            }
            StepAction::Reset => self.seek(runs, 0),
            StepAction::RunToEnd => {
                self.playback.playing = false;
                self.target = Some(usize::MAX);
            }
            StepAction::Seek(step) => self.seek(runs, step),
        }
    }

    /// Goes to step `target`: at once where the replay is short, over the coming frames
    /// where it is not.
    fn seek<W: Watched>(&mut self, runs: &mut [W], target: usize) {
        self.stop();
        let mut spread = false;
        for run in runs.iter_mut() {
            if run.replay_cost(target) > run.replay_at_once() {
                run.jump_towards(target);
                spread = true;
            } else {
                run.seek(target);
            }
        }
        if spread {
            self.target = Some(target);
        }
    }

    /// This frame's share of the runs, `dt` seconds after the last, within `budget`: first
    /// the way to the step they are taken to, then play. True while more frames are needed.
    pub fn advance<W: Watched>(&mut self, runs: &mut [W], dt: f64, budget: FrameBudget) -> bool {
        let began = web_time::Instant::now();
        let mut taken = 0;
        if let Some(target) = self.target {
            let behind = |run: &W| run.position() < target && !run.at_end();
            taken = step_within_budget(usize::MAX, budget, || {
                let mut any = false;
                for run in runs.iter_mut().filter(|run| behind(run)) {
                    any |= run.step();
                }
                any
            });
            if runs.iter().any(behind) {
                return true;
            }
            self.target = None;
        }
        let due = self.playback.steps_due(dt);
        if due > 0 {
            step_within_budget(due, budget.left(began, taken), || {
                let mut any = false;
                for run in runs.iter_mut() {
                    any |= run.step();
                }
                any
            });
            if runs.iter().all(W::at_end) {
                self.playback.playing = false;
            }
        }
        self.busy()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::Standing;

    /// A run of `end` steps with a checkpoint every ten, counting the steps it replays.
    struct Counter {
        at: usize,
        end: usize,
        replayed: usize,
    }

    impl Counter {
        fn of(end: usize) -> Counter {
            Counter {
                at: 0,
                end,
                replayed: 0,
            }
        }
    }

    impl Watched for Counter {
        fn standing(&self) -> Standing {
            Standing {
                position: self.at,
                known: self.at,
                finished: self.at == self.end,
                at_end: self.at == self.end,
            }
        }
        fn step(&mut self) -> bool {
            if self.at == self.end {
                return false;
            }
            self.at += 1;
            self.replayed += 1;
            true
        }
        fn seek(&mut self, target: usize) {
            self.jump_towards(target);
            while self.at < target.min(self.end) {
                self.step();
            }
        }
        fn replay_cost(&self, target: usize) -> usize {
            target.min(self.end) - target.min(self.end) / 10 * 10
        }
        fn jump_towards(&mut self, target: usize) {
            self.at = target.min(self.end) / 10 * 10;
        }
        fn replay_at_once(&self) -> usize {
            5
        }
    }

    const FRAME: FrameBudget = FrameBudget::Steps(100);

    #[test]
    fn runs_step_in_lockstep_each_stopping_at_its_own_end() {
        let (mut player, mut runs) = (Player::default(), [Counter::of(3), Counter::of(8)]);
        for _ in 0..5 {
            player.apply(&mut runs, StepAction::Step);
        }
        assert_eq!(standing(&runs), (5, 5, false));
        assert_eq!((runs[0].at, runs[1].at), (3, 5));
        player.apply(&mut runs, StepAction::StepBack);
        assert_eq!(
            (runs[0].at, runs[1].at),
            (3, 4),
            "the shorter one stays at its end"
        );
        player.apply(&mut runs, StepAction::RunToEnd);
        assert!(!player.advance(&mut runs, 0.0, FRAME));
        assert_eq!((runs[0].at, runs[1].at), (3, 8));
        // Play at the end starts over.
        player.apply(&mut runs, StepAction::TogglePlay);
        assert_eq!(
            (runs[0].at, runs[1].at, player.playback.playing),
            (0, 0, true)
        );
    }

    #[test]
    fn a_long_seek_is_replayed_over_frames_and_a_short_one_at_once() {
        let (mut player, mut runs) = (Player::default(), [Counter::of(1000)]);
        player.apply(&mut runs, StepAction::Seek(503));
        assert_eq!(
            (runs[0].at, player.replaying_to()),
            (503, None),
            "3 steps: at once"
        );
        player.apply(&mut runs, StepAction::Seek(509));
        // 9 steps from checkpoint 500: more than 5, so the frames replay them.
        assert_eq!((runs[0].at, player.replaying_to()), (500, Some(509)));
        // Back from where the replay is headed, not from where it stands.
        player.apply(&mut runs, StepAction::StepBack);
        assert_eq!(player.replaying_to(), Some(508));
        runs[0].replayed = 0;
        assert!(!player.advance(&mut runs, 0.0, FrameBudget::Steps(100)));
        assert_eq!((runs[0].at, runs[0].replayed), (508, 8));
        // A budget of three steps a frame takes three frames to replay eight.
        player.apply(&mut runs, StepAction::Seek(519));
        let frames = (1..)
            .find(|_| !player.advance(&mut runs, 0.0, FrameBudget::Steps(3)))
            .unwrap();
        assert_eq!((runs[0].at, frames), (519, 3));
    }

    #[test]
    fn space_stops_to_end_and_a_step_during_a_replay_goes_one_further() {
        let (mut player, mut runs) = (Player::default(), [Counter::of(100)]);
        player.apply(&mut runs, StepAction::RunToEnd);
        player.advance(&mut runs, 0.0, FrameBudget::Steps(30));
        assert_eq!(runs[0].at, 30);
        player.apply(&mut runs, StepAction::TogglePlay);
        assert!(!player.busy(), "stopped where it stood");
        player.apply(&mut runs, StepAction::Seek(78));
        player.apply(&mut runs, StepAction::Step);
        assert_eq!(player.replaying_to(), Some(79));
        player.advance(&mut runs, 0.0, FRAME);
        assert_eq!(runs[0].at, 79);
    }
}
