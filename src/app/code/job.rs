//! A program's run under way, wherever it runs: in the app itself on the desktop (a slice of
//! the program's calls each frame, see `local`), in the browser's Python worker on the web
//! (see `remote`: the page carries no interpreter, and a run never holds up its frames).

use frontier_script::wire::ProblemSpec;
use frontier_script::{Ran, Stopped};

use crate::search::Problem;

#[cfg(not(target_arch = "wasm32"))]
#[path = "local.rs"]
mod runner;
#[cfg(target_arch = "wasm32")]
#[path = "remote.rs"]
mod runner;

pub use runner::Job;
#[cfg(target_arch = "wasm32")]
pub use runner::{Slot, post};

/// What the states of a problem a program searches must be where the program runs: Python
/// values on the desktop, where the interpreter is in the app.
#[cfg(not(target_arch = "wasm32"))]
pub trait HostState: frontier_script::ScriptState + Send + Sync {}
#[cfg(not(target_arch = "wasm32"))]
impl<S: frontier_script::ScriptState + Send + Sync> HostState for S {}

/// What the states of a problem a program searches must be where the program runs: in the
/// browser, only what comes back from the worker, and what the verdict names.
#[cfg(target_arch = "wasm32")]
pub trait HostState: std::fmt::Display {}
#[cfg(target_arch = "wasm32")]
impl<S: std::fmt::Display> HostState for S {}

/// A problem a student's program can search: described for the worker, and its run read
/// back from the worker's answer. Each tab says it of its own problem.
pub trait Recordable: Problem<State: HostState> + Clone + Send + 'static {
    /// The problem as the worker is told it.
    fn spec(&self) -> ProblemSpec;

    /// The worker's answer (JSON) read as a run of this problem.
    fn read_reply(json: &str) -> Result<Ran<Self::State>, String>;
}

/// A run that could not happen, told as a run stopped before its first step with `why`.
pub fn no_run<S>(why: String) -> Ran<S> {
    Ran {
        recording: crate::search::recorded::Recording {
            opening: vec![],
            steps: vec![],
            closing: vec![],
            returned: None,
            finished: false,
        }
        .into(),
        output: String::new(),
        stopped: Some(Stopped::Raised {
            line: None,
            text: why,
        }),
    }
}
