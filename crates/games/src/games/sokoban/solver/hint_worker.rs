//! A hint worked out away from the frames that draw the board. A hint on a hard level is
//! seconds of search (Grigr2001 40: about 6 s); stepped a few milliseconds a frame, as the
//! runs the user watches are, it took over a minute. On the desktop it runs on a thread of
//! its own at full speed, and the board keeps answering: the search is made on that thread
//! (a search is not `Send`); only the position goes in and the outcome comes back. A page
//! has no threads to spare: there the same resumable search takes most of each frame.

use std::time::Duration;

use web_time::Instant;

use crate::games::sokoban::Level;
use crate::games::sokoban::solver::portfolio::Pace;
use crate::games::sokoban::solver::{HintOutcome, HintSearch};

/// A search asked again for a position it gave up on gets twice the time (or expansions) and
/// states of the last one, up to this many times the first's.
const LONGEST: u32 = 8;

/// A hint being worked out, or worked out. Dropping it stops the search.
pub struct HintWorker {
    position: Level,
    searcher: Searcher,
    outcome: Option<HintOutcome>,
    /// The first search's states and pace for this position; this one has `scale` times
    /// as much.
    first: (usize, Pace),
    scale: u32,
    began: Instant,
}

/// The search on a thread of its own (the desktop).
#[cfg(not(target_arch = "wasm32"))]
struct Searcher {
    expanded: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    cancel: std::sync::Arc<std::sync::atomic::AtomicBool>,
    result: std::sync::mpsc::Receiver<HintOutcome>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Searcher {
    /// The time between two looks at whether the hint is still wanted.
    const CHECK_EVERY: Duration = Duration::from_millis(20);

    fn start(level: Level, max_states: usize, pace: Pace) -> Searcher {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let expanded = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, result) = std::sync::mpsc::channel();
        let (counter, stop) = (expanded.clone(), cancel.clone());
        std::thread::spawn(move || {
            let mut search = HintSearch::new(level, max_states, pace);
            while !stop.load(Ordering::Relaxed) {
                let going = search.advance(Instant::now() + Self::CHECK_EVERY);
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
        Searcher {
            expanded,
            cancel,
            result,
        }
    }

    /// The outcome, once there is one.
    fn poll(&mut self) -> Option<HintOutcome> {
        self.result.try_recv().ok()
    }

    fn expanded(&self) -> usize {
        self.expanded.load(std::sync::atomic::Ordering::Relaxed)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Searcher {
    fn drop(&mut self) {
        self.cancel
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The search taking its share of each frame (a browser page).
#[cfg(target_arch = "wasm32")]
struct Searcher {
    search: HintSearch,
    /// When the last frame's share began: the time between two is what a frame costs.
    last_poll: Option<Instant>,
}

#[cfg(target_arch = "wasm32")]
impl Searcher {
    /// Each frame's share at least: most of a 60 Hz frame, leaving the rest to draw it.
    const PER_FRAME: Duration = Duration::from_millis(11);
    /// Where drawing alone takes long (software WebGL fills a large canvas in 70 to 130 ms)
    /// 11 ms a frame gave the search a tenth of the time: it takes this share of the last
    /// frame instead, up to [`Self::MOST_PER_FRAME`], so the hint comes sooner while the
    /// page still answers several times a second.
    const SHARE_OF_FRAME: f64 = 0.4;
    const MOST_PER_FRAME: Duration = Duration::from_millis(40);

    fn start(level: Level, max_states: usize, pace: Pace) -> Searcher {
        Searcher {
            search: HintSearch::new(level, max_states, pace),
            last_poll: None,
        }
    }

    /// This frame's share of the search; the outcome, once there is one.
    fn poll(&mut self) -> Option<HintOutcome> {
        let now = Instant::now();
        let frame = self.last_poll.map_or(Duration::ZERO, |last| now - last);
        self.last_poll = Some(now);
        let share = frame
            .mul_f64(Self::SHARE_OF_FRAME)
            .clamp(Self::PER_FRAME, Self::MOST_PER_FRAME);
        self.search.advance(now + share);
        self.search.outcome().cloned()
    }

    fn expanded(&self) -> usize {
        self.search.expanded()
    }
}

impl HintWorker {
    /// Starts the hint search of `position` (a level that passes [`Level::check`]) with
    /// `first` (the states it may store, and its pace), unless `previous` was for the same
    /// position: then, if it gave up, it starts again with twice its states and time (up to
    /// `LONGEST` times the first's); if not, it stands (none is started).
    pub fn ask(
        previous: Option<&HintWorker>,
        position: Level,
        first: (usize, Pace),
    ) -> Option<HintWorker> {
        let Some(previous) = previous.filter(|p| p.position.same_board(&position)) else {
            return Some(HintWorker::scaled(position, first, 1));
        };
        let longer = previous.longer().is_some();
        longer.then(|| HintWorker::scaled(position, previous.first, previous.scale * 2))
    }

    fn scaled(position: Level, first: (usize, Pace), scale: u32) -> HintWorker {
        let max_states = first.0.saturating_mul(scale as usize);
        let pace = first.1.times(scale);
        HintWorker {
            searcher: Searcher::start(position.clone(), max_states, pace),
            position,
            outcome: None,
            first,
            scale,
            began: Instant::now(),
        }
    }

    /// How far it has got of what it was given, for "3 of 10 s" or "3000 of 100000
    /// positions".
    pub fn progress(&self) -> Progress {
        match self.pace() {
            Pace::Time(time) => Progress::Seconds {
                spent: self.began.elapsed().min(time).as_secs(),
                of: time.as_secs(),
            },
            Pace::Expansions(n) => Progress::Positions {
                spent: self.expanded().min(n),
                of: n,
            },
        }
    }

    /// What this search was given.
    pub fn pace(&self) -> Pace {
        self.first.1.times(self.scale)
    }

    /// Once this search has given up: what it would get if asked again, unless it had the
    /// longest already.
    pub fn longer(&self) -> Option<Pace> {
        let gave_up = matches!(self.outcome, Some(HintOutcome::GaveUp(_)));
        (gave_up && self.scale < LONGEST).then(|| self.pace().times(2))
    }

    /// The position the hint is for.
    pub fn position(&self) -> &Level {
        &self.position
    }

    /// Takes in the outcome once the search has one (in a browser, this is where the
    /// search takes its share of the frame); true while it goes on.
    pub fn poll(&mut self) -> bool {
        if self.outcome.is_none() {
            self.outcome = self.searcher.poll();
        }
        self.outcome.is_none()
    }

    pub fn outcome(&self) -> Option<&HintOutcome> {
        self.outcome.as_ref()
    }

    /// States expanded so far, by all the hint's searches.
    pub fn expanded(&self) -> usize {
        self.searcher.expanded()
    }
}

/// How far a hint search has got: by the clock or by the positions it looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    Seconds { spent: u64, of: u64 },
    Positions { spent: usize, of: usize },
}

impl Progress {
    /// The unit's name (the selector of a message that words either) and the two numbers.
    pub fn parts(self) -> (&'static str, u64, u64) {
        match self {
            Progress::Seconds { spent, of } => ("seconds", spent, of),
            Progress::Positions { spent, of } => ("positions", spent as u64, of as u64),
        }
    }
}

/// A pace's unit (as [`Progress::parts`] names it) and amount: "20 s", "200000 positions".
pub fn pace_parts(pace: Pace) -> (&'static str, u64) {
    match pace {
        Pace::Time(time) => ("seconds", time.as_secs()),
        Pace::Expansions(n) => ("positions", n as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::parse_collection;
    use std::sync::Arc;
    use std::sync::atomic::Ordering;

    fn grigr(number: usize) -> Level {
        let path = frontier_test_support::test_data().join("sokoban/grigr2001.xsb");
        let text = std::fs::read_to_string(path).expect("the test data");
        let levels = parse_collection(&text).expect("a valid collection");
        levels[number - 1].level.clone().expect("a valid level")
    }

    /// Waits (sleeping, up to ten minutes: only a hang gets that far) until `done`.
    fn wait_until(mut done: impl FnMut() -> bool, what: &str) {
        for _ in 0..60_000 {
            if done() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("{what} never happened");
    }

    #[test]
    fn a_hint_comes_back_from_its_thread_and_a_dropped_one_stops_searching() {
        // Paced by expansions, so the answer is the same however slow or busy the machine.
        let pace = Pace::Expansions(200_000);
        let mut worker = HintWorker::ask(None, grigr(4), (100_000, pace)).unwrap();
        wait_until(|| !worker.poll(), "the hint");
        assert!(matches!(worker.outcome(), Some(HintOutcome::Push(_))));
        let expanded = worker.expanded();
        assert!(expanded > 0);
        assert_eq!(
            worker.progress(),
            Progress::Positions {
                spent: expanded,
                of: 200_000
            }
        );

        // Grigr2001 1 is far beyond any budget here: dropped, its thread ends (and with it
        // the thread's hold on the counter).
        let endless = Pace::Expansions(usize::MAX);
        let worker = HintWorker::ask(None, grigr(1), (usize::MAX, endless)).unwrap();
        let expanded = Arc::clone(&worker.searcher.expanded);
        wait_until(|| expanded.load(Ordering::Relaxed) > 0, "a search");
        drop(worker);
        wait_until(
            || Arc::strong_count(&expanded) == 1,
            "the end of the thread",
        );
    }
}
