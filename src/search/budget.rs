use std::fmt;
use std::time::{Duration, Instant};

/// Limits on a run. Reaching one ends the run with [`Outcome::GaveUp`](super::Outcome),
/// never with a hang or an out-of-memory kill.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    /// Stop after this many expansions.
    pub max_expansions: Option<usize>,
    /// Stop once this many distinct states are stored.
    pub max_states: Option<usize>,
    /// Stop once the stored states and the frontier take about this many bytes.
    pub max_bytes: Option<usize>,
    /// Stop at this moment (checked every few hundred expansions).
    pub deadline: Option<Instant>,
}

impl Budget {
    pub const UNLIMITED: Budget = Budget {
        max_expansions: None,
        max_states: None,
        max_bytes: None,
        deadline: None,
    };

    pub fn expansions(mut self, n: usize) -> Budget {
        self.max_expansions = Some(n);
        self
    }

    pub fn states(mut self, n: usize) -> Budget {
        self.max_states = Some(n);
        self
    }

    pub fn bytes(mut self, n: usize) -> Budget {
        self.max_bytes = Some(n);
        self
    }

    pub fn timeout(mut self, after: Duration) -> Budget {
        self.deadline = Some(Instant::now() + after);
        self
    }
}

/// Which limit ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Expansions(usize),
    States(usize),
    Bytes(usize),
    Time,
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
    /// The first limit that a run with these totals has reached, if any. The clock is read
    /// and the memory weighed only when `weigh_now` is set, so callers can do it every few
    /// hundred steps: weighing a search that shares memory with its copies walks its chunks.
    pub fn exceeded(
        &self,
        expansions: usize,
        states: usize,
        bytes: impl FnOnce() -> usize,
        weigh_now: bool,
    ) -> Option<Limit> {
        if let Some(max) = self.max_expansions.filter(|&max| expansions >= max) {
            return Some(Limit::Expansions(max));
        }
        if let Some(max) = self.max_states.filter(|&max| states >= max) {
            return Some(Limit::States(max));
        }
        if weigh_now
            && let Some(max) = self.max_bytes
            && bytes() >= max
        {
            return Some(Limit::Bytes(max));
        }
        if weigh_now
            && self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Some(Limit::Time);
        }
        None
    }
}

/// How often (in expansions) a run reads the clock for its deadline and weighs its memory.
pub(super) const WEIGH_EVERY: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_is_reported_once_reached() {
        let budget = Budget::UNLIMITED.expansions(10).states(100).bytes(1000);
        assert_eq!(budget.exceeded(9, 99, || 999, true), None);
        assert_eq!(
            budget.exceeded(10, 0, || 0, true),
            Some(Limit::Expansions(10))
        );
        assert_eq!(
            budget.exceeded(0, 100, || 0, true),
            Some(Limit::States(100))
        );
        assert_eq!(
            budget.exceeded(0, 0, || 1000, true),
            Some(Limit::Bytes(1000))
        );
        assert_eq!(
            budget.exceeded(0, 0, || 1000, false),
            None,
            "weighed on a cadence"
        );
        let late = Budget::UNLIMITED.timeout(Duration::ZERO);
        assert_eq!(late.exceeded(0, 0, || 0, false), None);
        assert_eq!(late.exceeded(0, 0, || 0, true), Some(Limit::Time));
    }
}
