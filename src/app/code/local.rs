//! A program run in the app itself (the desktop). In the app a run takes a thread of its
//! own, so that not even a loop that never calls Frontier (stopped after a second by the
//! sandbox) holds up a frame; a run no longer wanted is told to stop at its next call. Where
//! frames are counted rather than timed (the tests), it runs a counted share of each frame
//! instead, so what a test sees after so many frames is the same on any machine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use frontier_script::{Limits, Ran, Recorder};

use super::Recordable;
use crate::ui::step_controls::{FrameBudget, step_within_budget};

/// Calls into Frontier answered between two looks at the frame's clock, or at the flag
/// that says the run is no longer wanted: a call is a few microseconds.
const CALLS_PER_STEP: usize = 32;

/// Where the run is.
enum Running<P: Recordable> {
    /// Not begun: it begins on the first frame, which says how (a thread, or counted shares).
    Waiting {
        source: String,
        limits: Limits,
    },
    /// Recorded a counted share of each frame.
    InFrames(Box<Recorder<P>>),
    /// On a thread of its own.
    OnThread {
        answer: Receiver<Ran<P::State>>,
        expansions: Arc<AtomicUsize>,
    },
    Over,
}

/// A program being run and recorded.
pub struct Job<P: Recordable> {
    running: Running<P>,
    problem: P,
    /// Set when the run is no longer wanted: its thread stops at its next call.
    dropped: Arc<AtomicBool>,
}

impl<P: Recordable> Job<P> {
    /// Starts `source` on `problem` (on the first frame that polls it).
    pub fn start(source: &str, problem: P, limits: Limits) -> Job<P> {
        Job {
            running: Running::Waiting {
                source: source.to_owned(),
                limits,
            },
            problem,
            dropped: Arc::default(),
        }
    }

    /// The problem it searches.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The expansions recorded so far.
    pub fn expansions(&self) -> Option<usize> {
        match &self.running {
            Running::Waiting { .. } => Some(0),
            Running::InFrames(recorder) => Some(recorder.expansions()),
            Running::OnThread { expansions, .. } => Some(expansions.load(Ordering::Relaxed)),
            Running::Over => None,
        }
    }

    /// This frame's look at the run (or share of it); the run, once it is over.
    pub fn poll(&mut self, budget: FrameBudget) -> Option<Ran<P::State>> {
        if let Running::Waiting { source, limits } = &self.running {
            self.running = match budget {
                FrameBudget::Steps(_) => Running::InFrames(Box::new(Recorder::start(
                    source,
                    self.problem.clone(),
                    *limits,
                ))),
                FrameBudget::Time(_) => self.spawn(source.clone(), *limits),
            };
        }
        match &mut self.running {
            Running::InFrames(recorder) => {
                let mut over = false;
                step_within_budget(usize::MAX, budget, || {
                    over = recorder.advance(CALLS_PER_STEP);
                    !over
                });
                if !over {
                    return None;
                }
                match std::mem::replace(&mut self.running, Running::Over) {
                    Running::InFrames(recorder) => Some(recorder.into_ran()),
                    _ => None,
                }
            }
            Running::OnThread { answer, .. } => match answer.try_recv() {
                Ok(ran) => {
                    self.running = Running::Over;
                    Some(ran)
                }
                Err(TryRecvError::Empty) => None,
                // The thread ended without an answer (it cannot, short of a bug in the
                // interpreter): told as the run's error.
                Err(TryRecvError::Disconnected) => {
                    self.running = Running::Over;
                    Some(super::no_run(crate::tr!("code-thread-failed")))
                }
            },
            Running::Waiting { .. } | Running::Over => None,
        }
    }

    /// The run on a thread of its own.
    fn spawn(&self, source: String, limits: Limits) -> Running<P> {
        let (send, answer) = channel();
        let expansions = Arc::new(AtomicUsize::new(0));
        let (counted, dropped) = (expansions.clone(), self.dropped.clone());
        let problem = self.problem.clone();
        let language = crate::i18n::language();
        let in_frames = source.clone();
        let spawned = std::thread::Builder::new()
            .name("frontier-python".into())
            .spawn(move || {
                // Messages from the run (a state that is not one) in the interface's language.
                crate::i18n::set_language(language);
                let mut recorder = Recorder::start(&source, problem, limits);
                while !recorder.advance(CALLS_PER_STEP) {
                    counted.store(recorder.expansions(), Ordering::Relaxed);
                    if dropped.load(Ordering::Relaxed) {
                        return;
                    }
                }
                let _ = send.send(recorder.into_ran());
            });
        match spawned {
            Ok(_) => Running::OnThread { answer, expansions },
            // No thread to be had: the run takes a timed share of each frame instead.
            Err(_) => Running::InFrames(Box::new(Recorder::start(
                &in_frames,
                self.problem.clone(),
                limits,
            ))),
        }
    }
}

impl<P: Recordable> Drop for Job<P> {
    fn drop(&mut self) {
        self.dropped.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;
    use crate::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};

    fn problem() -> GridProblem {
        let mut board = Board::new(12, 8);
        board.goal = crate::grid::Pos::new(11, 7);
        GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan)
    }

    /// Polls `job` as the app does (a timed frame) until the run comes back.
    fn on_thread(mut job: Job<GridProblem>) -> Ran<crate::grid::Pos> {
        let frame = FrameBudget::Time(Duration::from_millis(8));
        // The answer does not depend on the machine's speed; only the wait for it does.
        for _ in 0..60_000 {
            if let Some(ran) = job.poll(frame) {
                return ran;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("no answer from the run's thread in a minute");
    }

    #[test]
    fn a_run_on_its_own_thread_is_the_run_recorded_in_counted_frames() {
        let source = frontier_script::starter(crate::i18n::Language::English);
        let threaded = on_thread(Job::start(source, problem(), Limits::default()));
        let mut counted = Job::start(source, problem(), Limits::default());
        let in_frames = loop {
            if let Some(ran) = counted.poll(FrameBudget::Steps(100)) {
                break ran;
            }
        };
        assert_eq!(threaded.stopped, None);
        assert_eq!(*threaded.recording, *in_frames.recording);
        assert_eq!(
            threaded.recording.steps.len(),
            96 - 1,
            "every cell but the goal"
        );
    }

    #[test]
    fn an_endless_loop_holds_up_no_frame_and_is_stopped_by_its_limit() {
        let endless = "def search(problem):\n    while True:\n        pass\n";
        let limits = Limits {
            stretch: Duration::from_millis(200),
            ..Limits::default()
        };
        let mut job = Job::start(endless, problem(), limits);
        // The frame that starts it comes straight back: the loop runs on the thread.
        assert!(
            job.poll(FrameBudget::Time(Duration::from_millis(8)))
                .is_none()
        );
        let ran = on_thread(job);
        assert!(
            matches!(ran.stopped, Some(frontier_script::Stopped::Limit(_))),
            "{:?}",
            ran.stopped
        );
    }
}
