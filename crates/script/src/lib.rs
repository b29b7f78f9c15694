//! Frontier's Python: a student's own search, written against the `frontier` API
//! (`search(problem)`, `problem.successors(state)`, `Stack`, `Queue`, `PriorityQueue`), run
//! in a sandbox and recorded an expansion at a time, so that the app steps it like its own
//! searches, the judge says whether it is the search it claims to be, and `frontier code`
//! runs it headless.
//!
//! The interpreter is Monty (pydantic's Python for untrusted code): it pauses at every call
//! into Frontier, so each `successors` call is one recorded step, and it has limits of its
//! own for time between calls, recursion and memory. A program can reach no file, no
//! network and no module but `frontier` and Monty's pure ones.

//!
//! Without its `python` feature (on by default) the crate is what the browser's page needs
//! to ask a worker for a run and read the answer ([`wire`]), the starters and the limits:
//! the interpreter then loads in the worker only, when the code panel first runs.

mod graded;
mod limits;
mod ran;
mod starter;
pub mod wire;

#[cfg(feature = "python")]
mod containers;
#[cfg(feature = "python")]
mod evaluate;
#[cfg(feature = "python")]
mod grade;
#[cfg(feature = "python")]
mod program;
#[cfg(feature = "python")]
mod record;
#[cfg(feature = "python")]
mod state;

pub use graded::{Divergence, Graded, QuestionGraded, Status, TestGraded, points};
pub use limits::{LimitHit, Limits};
pub use ran::{Ran, Stopped};
pub use starter::{STARTERS, starter};

#[cfg(feature = "python")]
pub use evaluate::evaluate;
#[cfg(feature = "python")]
pub use grade::{Tests, grade, grade_question};
#[cfg(feature = "python")]
pub use program::{PROGRAM_FILE, Program};
#[cfg(feature = "python")]
pub use record::{Recorder, record, record_program};
#[cfg(feature = "python")]
pub use state::ScriptState;

/// Monty's memory limit counts the bytes allocated through this allocator (the system's,
/// counted); without it the limit is not enforced. It never refuses an allocation itself:
/// Monty checks the count between its instructions and raises `MemoryError` in the program.
#[cfg(feature = "python")]
#[global_allocator]
static COUNTED: monty_alloc::LimitedAllocator = monty_alloc::LimitedAllocator;
