use std::fmt;
use std::time::Duration;

use web_time::Instant;

/// Limits on a run. Reaching one ends the run with [`Outcome::GaveUp`](super::Outcome),
/// never with a hang or an out-of-memory kill.
///
/// ```
/// use std::time::Duration;
/// use frontier_engine::search::{Budget, Limit, Outcome, Search};
/// let endless = Search::from_fn(0u64, |&n: &u64| [(n + 1, 1.0)], |_| false);
/// let budget = Budget::UNLIMITED.states(1_000).timeout(Duration::from_secs(5));
/// assert_eq!(endless.with_budget(budget).run().outcome, Outcome::GaveUp(Limit::States(1_000)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    /// Stop after this many expansions.
    pub max_expansions: Option<usize>,
    /// Stop once this many distinct states are stored.
    pub max_states: Option<usize>,
    /// Stop once the stored states and the frontier take about this many bytes.
    pub max_bytes: Option<usize>,
    /// Stop at this moment (the clock is read about every millisecond, however long one
    /// expansion takes: see [`Cadence`]).
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No limit at all.
    pub const UNLIMITED: Budget = Budget {
        max_expansions: None,
        max_states: None,
        max_bytes: None,
        deadline: None,
    };

    /// Stop after `n` expansions.
    pub fn expansions(mut self, n: usize) -> Budget {
        self.max_expansions = Some(n);
        self
    }

    /// Stop once `n` distinct states are stored.
    pub fn states(mut self, n: usize) -> Budget {
        self.max_states = Some(n);
        self
    }

    /// Stop once the search holds about `n` bytes.
    pub fn bytes(mut self, n: usize) -> Budget {
        self.max_bytes = Some(n);
        self
    }

    /// Stop once `after` has passed. A limit too far off for the clock to name (centuries)
    /// is no limit.
    pub fn timeout(mut self, after: Duration) -> Budget {
        self.deadline = Instant::now().checked_add(after);
        self
    }
}

/// Which limit ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The most expansions allowed.
    Expansions(usize),
    /// The most states allowed.
    States(usize),
    /// The most bytes allowed.
    Bytes(usize),
    /// The deadline passed.
    Time,
    /// Someone set the cancel flag.
    Cancelled,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Expansions(n) => write!(f, "gave up after {n} expansions"),
            Limit::States(n) => write!(f, "gave up after storing {n} states"),
            Limit::Bytes(n) => write!(f, "gave up at the memory limit of {} MiB", n >> 20),
            Limit::Time => f.write_str("gave up at the time limit"),
            Limit::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl Budget {
    /// The first limit that a run with these totals has reached, if any. The clock and the
    /// memory are looked at only when `now` is given (see [`Cadence`]): weighing a search
    /// that shares memory with its copies walks its chunks.
    pub fn exceeded(
        &self,
        expansions: usize,
        states: usize,
        bytes: impl FnOnce() -> usize,
        now: Option<Instant>,
    ) -> Option<Limit> {
        if let Some(max) = self.max_expansions.filter(|&max| expansions >= max) {
            return Some(Limit::Expansions(max));
        }
        if let Some(max) = self.max_states.filter(|&max| states >= max) {
            return Some(Limit::States(max));
        }
        let now = now?;
        if let Some(max) = self.max_bytes
            && bytes() >= max
        {
            return Some(Limit::Bytes(max));
        }
        if self.deadline.is_some_and(|deadline| now >= deadline) {
            return Some(Limit::Time);
        }
        None
    }
}

/// When a run next reads the clock and weighs its memory. Reading them on every expansion
/// would slow the fastest searches (a grid expansion takes tens of nanoseconds), and every
/// few hundred expansions lets a limit slip by minutes where one expansion is slow (a
/// Sokoban level with a hundred boxes): so the number of expansions between readings is
/// adapted to what the last ones took, aiming at a reading every [`Cadence::AIM`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Cadence {
    countdown: u32,
    stride: u32,
    last: Option<Instant>,
}

impl Cadence {
    const AIM: Duration = Duration::from_millis(1);
    const MAX_STRIDE: u32 = 1024;

    pub(super) const fn new() -> Cadence {
        Cadence {
            countdown: 0,
            stride: 1,
            last: None,
        }
    }

    /// Called once before each expansion: the time, when it is time to look at it.
    pub(super) fn tick(&mut self) -> Option<Instant> {
        if self.countdown > 0 {
            self.countdown -= 1;
            return None;
        }
        let now = Instant::now();
        if let Some(last) = self.last {
            let spent = now.saturating_duration_since(last).as_nanos().max(1);
            let aimed = self.stride as u128 * Self::AIM.as_nanos() / spent;
            self.stride = aimed.clamp(1, Self::MAX_STRIDE as u128) as u32;
        }
        self.last = Some(now);
        self.countdown = self.stride - 1;
        Some(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_is_reported_once_reached() {
        let now = Some(Instant::now());
        let budget = Budget::UNLIMITED.expansions(10).states(100).bytes(1000);
        assert_eq!(budget.exceeded(9, 99, || 999, now), None);
        assert_eq!(
            budget.exceeded(10, 0, || 0, now),
            Some(Limit::Expansions(10))
        );
        assert_eq!(budget.exceeded(0, 100, || 0, now), Some(Limit::States(100)));
        assert_eq!(
            budget.exceeded(0, 0, || 1000, now),
            Some(Limit::Bytes(1000))
        );
        assert_eq!(
            budget.exceeded(0, 0, || 1000, None),
            None,
            "weighed on a cadence"
        );
        let late = Budget::UNLIMITED.timeout(Duration::ZERO);
        assert_eq!(late.exceeded(0, 0, || 0, None), None);
        assert_eq!(
            late.exceeded(0, 0, || 0, Some(Instant::now())),
            Some(Limit::Time)
        );
    }

    #[test]
    fn a_limit_beyond_what_the_clock_can_name_is_no_limit() {
        let far = Budget::UNLIMITED.timeout(Duration::from_secs(u64::MAX));
        assert_eq!(far.deadline, None);
        assert_eq!(far.exceeded(0, 0, || 0, Some(Instant::now())), None);
    }

    #[test]
    fn the_clock_is_read_often_when_steps_are_slow_and_rarely_when_they_are_fast() {
        let mut slow = Cadence::new();
        let mut readings = 0;
        for _ in 0..20 {
            if slow.tick().is_some() {
                readings += 1;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(
            readings, 20,
            "a 2 ms step is longer than the aim: read every time"
        );
        let mut fast = Cadence::new();
        let readings = (0..100_000).filter(|_| fast.tick().is_some()).count();
        assert!(
            readings < 10_000,
            "read {readings} times in 100,000 quick steps"
        );
    }
}
