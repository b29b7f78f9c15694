//! What a program's run came to: its search recorded, what it printed, and why it stopped
//! if it did not return a path. Plain data, which the browser's Python worker sends the page.

use std::sync::Arc;

use frontier_engine::search::recorded::Recording;

use crate::limits::LimitHit;

/// Why a program did not return a path normally.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Stopped {
    /// It is not Python the sandbox reads: at this line and column of the program.
    Syntax {
        /// The program's line, from 1 (0 when the error is outside the program).
        line: u32,
        /// The column, from 1.
        column: u32,
        /// The error, told as Python tells it.
        text: String,
    },
    /// It raised an exception.
    Raised {
        /// The program's line it was raised at, if it was raised in the program.
        line: Option<u32>,
        /// The traceback, in the program's lines.
        text: String,
    },
    /// It hit a limit.
    Limit(LimitHit),
    /// The program defines no function of the name the run calls.
    Undefined {
        /// The function's name.
        function: String,
    },
    /// `search` returned something that is not a path.
    NotAPath {
        /// The function that returned it.
        function: String,
        /// What it returned, as Python shows it (cut short).
        returned: String,
    },
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Syntax { text, .. } | Stopped::Raised { text, .. } => f.write_str(text),
            Stopped::Limit(limit) => limit.fmt(f),
            Stopped::Undefined { function } => f.write_str(&frontier_games::tr!(
                "script-undefined",
                function = function.clone()
            )),
            Stopped::NotAPath { function, returned } => f.write_str(&frontier_games::tr!(
                "script-not-a-path",
                function = function.clone(),
                returned = returned.clone()
            )),
        }
    }
}

/// A program run to its end, or to where it was stopped.
#[derive(Clone, Debug)]
pub struct Ran<S> {
    /// Its search, step by step.
    pub recording: Arc<Recording<S>>,
    /// What it printed.
    pub output: String,
    /// Why it stopped without returning, if it did.
    pub stopped: Option<Stopped>,
}
