//! A hint worked out on a thread of its own. A hint on a hard level is seconds of search
//! (Grigr2001 40: about 7 s); stepped a few milliseconds a frame, as the runs the user
//! watches are, it took over a minute. On its own thread it runs at full speed and the board
//! keeps answering. The search is made on that thread (a search is not `Send`); only the position
//! goes in and the outcome comes back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::games::sokoban::Level;
use crate::games::sokoban::solver::{HintOutcome, HintSearch};

/// The time between two looks at whether the hint is still wanted.
const CHECK_EVERY: Duration = Duration::from_millis(20);
/// A search asked again for a position it gave up on gets twice the time and states of the
/// last one, up to this many times the first's.
const LONGEST: u32 = 8;

/// A hint being worked out, or worked out. Dropping it stops the search.
pub struct HintWorker {
    position: Level,
    expanded: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    result: Receiver<HintOutcome>,
    outcome: Option<HintOutcome>,
    /// Its states and time, and the first search's for this position, which it is `scale`
    /// times.
    first: (usize, Duration),
    scale: u32,
    began: Instant,
}

impl HintWorker {
    /// Starts the hint search of `position` (a level that passes [`Level::check`]) with
    /// `first` (the states it may store, and its time), unless `previous` was for the same
    /// position: then, if it gave up, it starts again with twice its states and time (up to
    /// `LONGEST` times the first's); if not, it stands (none is started).
    pub fn ask(
        previous: Option<&HintWorker>,
        position: Level,
        first: (usize, Duration),
    ) -> Option<HintWorker> {
        let Some(previous) = previous.filter(|p| p.position.same_board(&position)) else {
            return Some(HintWorker::scaled(position, first, 1));
        };
        let longer = previous.longer_time().is_some();
        longer.then(|| HintWorker::scaled(position, previous.first, previous.scale * 2))
    }

    fn scaled(position: Level, first: (usize, Duration), scale: u32) -> HintWorker {
        let max_states = first.0.saturating_mul(scale as usize);
        let time = first.1.saturating_mul(scale);
        let expanded = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, result) = channel();
        let (level, counter, stop) = (position.clone(), expanded.clone(), cancel.clone());
        std::thread::spawn(move || {
            let mut search = HintSearch::new(level, max_states, time);
            while !stop.load(Ordering::Relaxed) {
                let going = search.advance(Instant::now() + CHECK_EVERY);
                counter.store(search.expanded(), Ordering::Relaxed);
                if !going {
                    if let Some(outcome) = search.outcome() {
                        // The receiver is gone when the hint was dropped meanwhile.
                        let _ = send.send(outcome.clone());
                    }
                    return;
                }
            }
        });
        HintWorker {
            position,
            expanded,
            cancel,
            result,
            outcome: None,
            first,
            scale,
            began: Instant::now(),
        }
    }

    /// Whole seconds since it began, and the seconds it was given: for "3 of 10 s".
    pub fn seconds(&self) -> (u64, u64) {
        let time = self.time();
        (self.began.elapsed().min(time).as_secs(), time.as_secs())
    }

    /// The time this search was given.
    pub fn time(&self) -> Duration {
        self.first.1 * self.scale
    }

    /// Once this search has given up: the time it would get if asked again, unless it had
    /// the longest already.
    pub fn longer_time(&self) -> Option<Duration> {
        let gave_up = matches!(self.outcome, Some(HintOutcome::GaveUp(_)));
        (gave_up && self.scale < LONGEST).then(|| self.time() * 2)
    }

    /// The position the hint is for.
    pub fn position(&self) -> &Level {
        &self.position
    }

    /// Takes in the outcome once the search has one; true while it goes on.
    pub fn poll(&mut self) -> bool {
        if self.outcome.is_none() {
            self.outcome = self.result.try_recv().ok();
        }
        self.outcome.is_none()
    }

    pub fn outcome(&self) -> Option<&HintOutcome> {
        self.outcome.as_ref()
    }

    /// States expanded so far, by all the hint's searches.
    pub fn expanded(&self) -> usize {
        self.expanded.load(Ordering::Relaxed)
    }
}

impl Drop for HintWorker {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::parse_collection;

    fn grigr(number: usize) -> Level {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/sokoban/grigr2001.xsb"
        );
        let text = std::fs::read_to_string(path).expect("the test data");
        let levels = parse_collection(&text).expect("a valid collection");
        levels[number - 1].level.clone().expect("a valid level")
    }

    #[test]
    fn a_hint_comes_back_from_its_thread_and_a_dropped_one_stops_searching() {
        let mut worker =
            HintWorker::ask(None, grigr(4), (100_000, Duration::from_secs(60))).unwrap();
        let mut waited = 0;
        while worker.poll() {
            assert!(waited < 60_000, "no hint in a minute");
            std::thread::sleep(Duration::from_millis(10));
            waited += 10;
        }
        assert!(matches!(worker.outcome(), Some(HintOutcome::Push(_))));
        assert!(worker.expanded() > 0);

        // Grigr2001 1 is far beyond this budget's time: dropped, its search stops counting.
        let worker =
            HintWorker::ask(None, grigr(1), (usize::MAX, Duration::from_secs(60))).unwrap();
        let expanded = Arc::clone(&worker.expanded);
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(
            worker.seconds(),
            (0, 60),
            "a third of a second of its minute"
        );
        drop(worker);
        std::thread::sleep(Duration::from_millis(300));
        let after_drop = expanded.load(Ordering::Relaxed);
        assert!(after_drop > 0, "it searched before it was dropped");
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(expanded.load(Ordering::Relaxed), after_drop);
    }
}
