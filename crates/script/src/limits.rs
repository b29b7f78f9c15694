//! What a program may use, and the limit it hit when it was stopped.

use std::fmt;
use std::time::Duration;

/// What a program may use.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// The most expansions (calls of `successors`).
    pub expansions: usize,
    /// The most calls into Frontier besides expansions, for each expansion allowed: a
    /// program that loops on `is_goal` or on pushes without expanding is stopped.
    pub calls_per_expansion: usize,
    /// The deepest its calls may nest.
    pub recursion: usize,
    /// The most memory its values may hold, in bytes.
    pub memory: usize,
    /// The longest it may run without calling Frontier (an endless loop is stopped here).
    pub stretch: Duration,
    /// The most it may print, in bytes.
    pub output: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            expansions: 200_000,
            calls_per_expansion: 64,
            recursion: 1_000,
            memory: 256 << 20,
            stretch: Duration::from_secs(1),
            output: 1 << 20,
        }
    }
}

impl Limits {
    /// The most calls into Frontier in all.
    pub fn calls(&self) -> usize {
        self.expansions
            .saturating_add(1)
            .saturating_mul(self.calls_per_expansion)
    }
}

/// The limit a program hit.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum LimitHit {
    /// It asked for more expansions than allowed.
    Expansions(usize),
    /// It called Frontier this many times.
    Calls(usize),
    /// Its calls nested deeper than this.
    Recursion(usize),
    /// Its values took more bytes than this.
    Memory(usize),
    /// It ran this long without calling Frontier.
    Stretch(Duration),
    /// It printed more bytes than this.
    Output(usize),
    /// It ran longer than this in all (a heuristic asked of every state of a space).
    Total(Duration),
}

impl fmt::Display for LimitHit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = match *self {
            LimitHit::Expansions(n) => frontier_games::tr!("script-limit-expansions", limit = n),
            LimitHit::Calls(n) => frontier_games::tr!("script-limit-calls", limit = n),
            LimitHit::Recursion(n) => frontier_games::tr!("script-limit-recursion", limit = n),
            LimitHit::Memory(bytes) => {
                frontier_games::tr!("script-limit-memory", megabytes = bytes >> 20)
            }
            LimitHit::Stretch(time) => frontier_games::tr!(
                "script-limit-stretch",
                seconds = format!("{:.1}", time.as_secs_f64())
            ),
            LimitHit::Total(time) => frontier_games::tr!(
                "script-limit-total",
                seconds = format!("{:.0}", time.as_secs_f64())
            ),
            LimitHit::Output(bytes) => {
                frontier_games::tr!("script-limit-output", kilobytes = bytes >> 10)
            }
        };
        f.write_str(&message)
    }
}
