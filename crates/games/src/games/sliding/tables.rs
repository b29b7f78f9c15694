//! Pattern databases made away from the frames, with their progress and a way to stop. The
//! 3 x 3 tables take a moment; the 15-puzzle's 6-6-3 tables (11.5 MB) about 4 s in a release
//! build on a 2-core laptop (`cargo bench --bench puzzle`). On the desktop they are made on a
//! thread of their own while the tab keeps answering; a page has no thread to spare, so
//! there the build takes a share of each frame.

use std::sync::Arc;

use crate::games::sliding::{PatternDatabase, Position, TablesBuild as Build};
use crate::watch::FrameBudget;

/// States a build floods between looks at the clock or at a request to stop: about a
/// millisecond's work.
const CHUNK: usize = 20_000;

/// The share of a page's frame the build takes.
#[cfg(target_arch = "wasm32")]
const WEB_SHARE: std::time::Duration = std::time::Duration::from_millis(25);
/// The most of a page's frame the build takes, however long frames are.
#[cfg(target_arch = "wasm32")]
const WEB_MOST: std::time::Duration = std::time::Duration::from_millis(60);

/// Tables being made, if any.
#[derive(Default)]
pub struct TablesBuild {
    making: Option<Making>,
    /// Why the last build made nothing.
    pub failed: Option<String>,
}

/// Where the tables for a goal stand.
pub enum Tables {
    Ready(Arc<PatternDatabase>),
    Building,
    Refused(String),
}

impl TablesBuild {
    /// The tables for `goal`: made, being made (the build starts now if it has not), or
    /// refused with the reason.
    pub fn for_goal(&mut self, goal: Position) -> Tables {
        if let Some(tables) = PatternDatabase::ready(goal) {
            return Tables::Ready(tables);
        }
        let build = match Build::standard(goal) {
            Ok(build) => build,
            Err(why) => return Tables::Refused(why),
        };
        if goal.side() <= 3 {
            // A moment's work: made at once.
            return Tables::Ready(PatternDatabase::cached(goal).expect("a standard split"));
        }
        if self.making.as_ref().is_none_or(|m| m.goal() != goal) {
            self.making = Some(Making::start(build));
        }
        Tables::Building
    }

    /// This frame's share of the build (on a page), and whether it has ended; true while
    /// one runs (frames are wanted to show its progress).
    pub fn advance(&mut self, budget: FrameBudget) -> bool {
        let Some(making) = &mut self.making else {
            return false;
        };
        match making.advance(budget) {
            None => true,
            Some(made) => {
                match made {
                    Some(tables) => {
                        PatternDatabase::keep(making.goal(), tables);
                    }
                    None => self.failed = Some(crate::tr!("sliding-tables-failed")),
                }
                self.making = None;
                false
            }
        }
    }

    pub fn is_building(&self) -> bool {
        self.making.is_some()
    }

    /// How far the build has got, from 0 to 1, while one runs.
    pub fn progress(&self) -> Option<f32> {
        self.making.as_ref().map(Making::progress)
    }

    /// Stops the build; nothing of it is kept.
    pub fn cancel(&mut self) {
        self.making = None;
    }
}

/// A build under way: on its own thread (the desktop), or a share of each frame (a page).
#[cfg(not(target_arch = "wasm32"))]
struct Making {
    goal: Position,
    stop: Arc<std::sync::atomic::AtomicBool>,
    /// The progress, an f32's bits.
    progress: Arc<std::sync::atomic::AtomicU32>,
    thread: Option<std::thread::JoinHandle<Option<PatternDatabase>>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Making {
    fn start(mut build: Build) -> Making {
        use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
        let stop = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(AtomicU32::new(0));
        let goal = build.goal();
        let (asked, told) = (stop.clone(), progress.clone());
        let thread = std::thread::spawn(move || {
            loop {
                if asked.load(Ordering::Relaxed) {
                    return None;
                }
                if let Some(tables) = build.advance(CHUNK) {
                    return Some(tables);
                }
                told.store(build.progress().to_bits(), Ordering::Relaxed);
            }
        });
        Making {
            goal,
            stop,
            progress,
            thread: Some(thread),
        }
    }

    fn goal(&self) -> Position {
        self.goal
    }

    fn progress(&self) -> f32 {
        f32::from_bits(self.progress.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Once the thread has ended, the tables it made (none if it failed).
    fn advance(&mut self, _budget: FrameBudget) -> Option<Option<PatternDatabase>> {
        let thread = self.thread.take_if(|t| t.is_finished())?;
        Some(thread.join().ok().flatten())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Making {
    /// A build given up (cancelled, or another goal chosen) stops at its next chunk.
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

#[cfg(target_arch = "wasm32")]
struct Making {
    build: Build,
    /// When the last frame's share began: the time between two is what a frame costs.
    last_share: Option<web_time::Instant>,
}

#[cfg(target_arch = "wasm32")]
impl Making {
    fn start(build: Build) -> Making {
        Making {
            build,
            last_share: None,
        }
    }

    fn goal(&self) -> Position {
        self.build.goal()
    }

    fn progress(&self) -> f32 {
        self.build.progress()
    }

    /// Builds for this frame's share of time; the tables once made. The page waits for
    /// them with nothing else to run, so a frame gives them 25 ms (not the 6 ms a run
    /// gets), or 40% of the last frame's time where drawing alone makes frames long
    /// (software WebGL), up to [`WEB_MOST`]: the bar and the stop button still answer.
    fn advance(&mut self, budget: FrameBudget) -> Option<Option<PatternDatabase>> {
        let began = web_time::Instant::now();
        let frame = self
            .last_share
            .map_or(Default::default(), |last| began - last);
        self.last_share = Some(began);
        let share = frame.mul_f64(0.4).clamp(WEB_SHARE, WEB_MOST);
        let budget = match budget {
            FrameBudget::Time(time) => FrameBudget::Time(time.max(share)),
            counted => counted,
        };
        let mut chunks = 0;
        loop {
            if let Some(tables) = self.build.advance(CHUNK) {
                return Some(Some(tables));
            }
            chunks += 1;
            let more = match budget {
                FrameBudget::Time(time) => began.elapsed() < time,
                FrameBudget::Steps(steps) => chunks * CHUNK < steps,
            };
            if !more {
                return None;
            }
        }
    }
}
