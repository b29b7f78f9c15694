//! How fast a run plays and how much a frame may step it: the speeds on offer, the frame
//! budget, the pace of an animation, and what the step controls ask for. The controls
//! themselves are the app's (`ui::step_controls`).

use std::time::Duration;

use web_time::Instant;

use crate::tr;

/// Speeds on offer, in steps per second; `None` is "as fast as the frame allows".
pub const SPEEDS: [Option<f64>; 12] = [
    Some(1.0),
    Some(2.0),
    Some(5.0),
    Some(10.0),
    Some(20.0),
    Some(50.0),
    Some(100.0),
    Some(300.0),
    Some(1000.0),
    Some(5000.0),
    Some(20000.0),
    None,
];

/// How long a frame may spend stepping in the app: the search never blocks a frame.
pub const FRAME_BUDGET: Duration = Duration::from_millis(6);

/// How much stepping a frame may do: a time (the app), or a number of steps. Counted, each
/// frame does the same work however fast or busy the machine is, so what the UI tests see
/// after so many frames is the same everywhere. (Counted, an export writes one picture a
/// frame.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameBudget {
    Time(Duration),
    Steps(usize),
}

impl FrameBudget {
    /// The app's.
    pub const APP: FrameBudget = FrameBudget::Time(FRAME_BUDGET);

    /// One of `n` equal shares (a step at least).
    pub fn share(self, n: usize) -> FrameBudget {
        let n = n.max(1);
        match self {
            FrameBudget::Time(time) => FrameBudget::Time(time / n as u32),
            FrameBudget::Steps(steps) => FrameBudget::Steps((steps / n).max(1)),
        }
    }

    /// What is left once `taken` steps have been taken since `began`.
    pub fn left(self, began: Instant, taken: usize) -> FrameBudget {
        match self {
            FrameBudget::Time(time) => FrameBudget::Time(time.saturating_sub(began.elapsed())),
            FrameBudget::Steps(steps) => FrameBudget::Steps(steps.saturating_sub(taken)),
        }
    }
}

/// Steps due at a rate, the fraction left over carried to the next frame: the pacing of
/// every animation (a run playing, a snake moving, a link search spreading).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pace {
    carry: f64,
}

impl Pace {
    /// Steps due after `dt` seconds at `rate` steps a second. A long pause between frames
    /// (the window hidden, say) does not turn into a burst.
    pub fn due(&mut self, rate: f64, dt: f64) -> usize {
        self.carry += rate * dt.clamp(0.0, 0.25);
        let due = self.carry.floor();
        self.carry -= due;
        due as usize
    }

    /// Forgets the fraction carried (when the animation stops).
    pub fn reset(&mut self) {
        self.carry = 0.0;
    }
}

/// Whether a run is playing, and how fast.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Playback {
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Fractional steps carried over between frames at slow speeds.
    #[serde(skip)]
    pace: Pace,
}

impl Default for Playback {
    fn default() -> Self {
        Playback {
            playing: false,
            speed: 5,
            pace: Pace::default(),
        }
    }
}

impl Playback {
    /// Paused, at speed level `speed` (clamped to the levels on offer).
    pub fn paused_at(speed: usize) -> Playback {
        Playback {
            playing: false,
            speed: speed.min(SPEEDS.len() - 1),
            pace: Pace::default(),
        }
    }

    pub fn steps_per_second(&self) -> Option<f64> {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }

    pub fn speed_label(&self) -> String {
        match self.steps_per_second() {
            Some(s) if s >= 1000.0 => tr!("speed-thousands", thousands = s / 1000.0),
            Some(s) => tr!("speed-steps", steps = s),
            None => tr!("speed-max"),
        }
    }

    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// How many steps are due after `dt` seconds of play (at most `usize::MAX` for "max").
    pub fn steps_due(&mut self, dt: f64) -> usize {
        if !self.playing {
            self.pace.reset();
            return 0;
        }
        match self.steps_per_second() {
            None => usize::MAX,
            Some(rate) => self.pace.due(rate, dt),
        }
    }
}

/// At most how many steps [`step_within_budget`] takes between looks at the clock. A step
/// is mostly a few microseconds and a look some 30 ns, but a step can turn a hundred times
/// dearer in the middle of a frame: on a 3000 x 3000 board, the steps after a timeline
/// checkpoint copy the chunks they write to, and when the system is slow to hand out fresh
/// pages one such step took 1.4 ms. Looking every 64 steps, D* Lite then drew frames of 80
/// to 180 ms (`cargo bench --bench frame -- huge`, three runs of five).
const STEPS_PER_CLOCK_LOOK: usize = 8;

/// About how long a frame steps between looks at the clock once it knows its pace: slow
/// steps are each followed by a look.
const LOOK_EVERY: Duration = Duration::from_micros(50);

/// Takes up to `due` steps with `step` (which returns false once there is nothing more),
/// stopping early when the frame budget is spent. Returns how many were taken.
pub fn step_within_budget(due: usize, budget: FrameBudget, step: impl FnMut() -> bool) -> usize {
    big_steps_within_budget(due, budget, STEPS_PER_CLOCK_LOOK, step)
}

/// [`step_within_budget`] looking at the clock after the first step and then after at most
/// `steps_per_look` steps (fewer when this frame's steps are slow).
pub fn big_steps_within_budget(
    due: usize,
    budget: FrameBudget,
    steps_per_look: usize,
    mut step: impl FnMut() -> bool,
) -> usize {
    let due = match budget {
        FrameBudget::Steps(steps) => due.min(steps),
        FrameBudget::Time(_) => due,
    };
    let began = Instant::now();
    let (mut taken, mut next_look) = (0, 1);
    while taken < due {
        if !step() {
            break;
        }
        taken += 1;
        if let FrameBudget::Time(time) = budget
            && taken == next_look
        {
            let spent = began.elapsed();
            if spent >= time {
                break;
            }
            let pace = (spent.as_nanos() / taken as u128).max(1);
            let steps = (LOOK_EVERY.as_nanos() / pace) as usize;
            next_look = taken + steps.clamp(1, steps_per_look.max(1));
        }
    }
    taken
}

/// What the user asked the controls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAction {
    TogglePlay,
    Step,
    StepBack,
    Reset,
    RunToEnd,
    Seek(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_speeds_carry_fractions_and_pauses_do_not_burst() {
        let mut playback = Playback {
            playing: true,
            speed: 0,
            pace: Pace::default(),
        };
        let steps: usize = (0..60).map(|_| playback.steps_due(1.0 / 60.0)).sum();
        assert_eq!(steps, 1, "one step per second at speed 1");
        playback.speed = 3;
        assert_eq!(
            playback.steps_due(10.0),
            2,
            "a 10 s stall counts as a quarter second"
        );
        playback.playing = false;
        assert_eq!(playback.steps_due(1.0), 0);
        playback.playing = true;
        playback.speed = SPEEDS.len() - 1;
        assert_eq!(playback.steps_due(0.01), usize::MAX);
    }

    #[test]
    fn stepping_stops_at_the_budget_or_the_end() {
        let mut left = 10;
        let taken = step_within_budget(usize::MAX, FrameBudget::APP, || {
            left -= 1;
            left > 0
        });
        assert_eq!(taken, 9);
        let none = FrameBudget::Time(Duration::ZERO);
        let taken = step_within_budget(usize::MAX, none, || true);
        assert_eq!(taken, 1, "the clock is first read after one step");
        assert_eq!(
            step_within_budget(usize::MAX, FrameBudget::Steps(100), || true),
            100
        );
        assert_eq!(step_within_budget(7, FrameBudget::Steps(100), || true), 7);
    }

    #[test]
    fn a_counted_budget_is_shared_and_spent_in_steps() {
        let budget = FrameBudget::Steps(100);
        assert_eq!(budget.share(3), FrameBudget::Steps(33));
        assert_eq!(budget.share(1000), FrameBudget::Steps(1));
        assert_eq!(budget.left(Instant::now(), 30), FrameBudget::Steps(70));
        assert_eq!(budget.left(Instant::now(), 300), FrameBudget::Steps(0));
    }
}
