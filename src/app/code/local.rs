//! A program run in the app itself (the desktop), a slice of its calls each frame.

use frontier_script::{Limits, Ran, Recorder};

use super::Recordable;
use crate::ui::step_controls::{FrameBudget, step_within_budget};

/// Calls into Frontier the recorder answers between two looks at the frame's clock: a call
/// is a few microseconds.
const CALLS_PER_STEP: usize = 32;

/// A program being run and recorded.
pub struct Job<P: Recordable> {
    recorder: Option<Recorder<P>>,
    problem: P,
}

impl<P: Recordable> Job<P> {
    /// Starts `source` on `problem`.
    pub fn start(source: &str, problem: P, limits: Limits) -> Job<P> {
        Job {
            recorder: Some(Recorder::start(source, problem.clone(), limits)),
            problem,
        }
    }

    /// The problem it searches.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The expansions recorded so far.
    pub fn expansions(&self) -> Option<usize> {
        self.recorder.as_ref().map(Recorder::expansions)
    }

    /// Runs this frame's share; the run, once it is over.
    pub fn poll(&mut self, budget: FrameBudget) -> Option<Ran<P::State>> {
        let recorder = self.recorder.as_mut()?;
        let mut over = false;
        step_within_budget(usize::MAX, budget, || {
            over = recorder.advance(CALLS_PER_STEP);
            !over
        });
        if over {
            return self.recorder.take().map(Recorder::into_ran);
        }
        None
    }
}
