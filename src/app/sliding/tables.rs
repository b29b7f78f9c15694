//! Pattern databases made away from the frames. The 3 x 3 tables take a moment; the
//! 15-puzzle's 6-6-3 tables (11.5 MB) about half a minute in a release build, so on the
//! desktop they are made on a thread of their own while the tab keeps answering. A page has
//! no thread to spare for that long: there the 15-puzzle's tables are not offered.

use std::sync::Arc;

use crate::games::sliding::{PatternDatabase, Position};

/// A build on its own thread: the goal, and what the thread answers.
#[cfg(not(target_arch = "wasm32"))]
type Worker = (
    Position,
    std::thread::JoinHandle<Result<Arc<PatternDatabase>, String>>,
);

/// Tables being made, if any.
#[derive(Default)]
pub struct TablesBuild {
    #[cfg(not(target_arch = "wasm32"))]
    building: Option<Worker>,
    /// Why the last build could not be made.
    pub failed: Option<String>,
}

/// Where the tables for a goal stand.
pub enum Tables {
    Ready(Arc<PatternDatabase>),
    // A page never builds on a thread, so never waits for one.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
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
        if let Err(why) = PatternDatabase::standard_groups(goal) {
            return Tables::Refused(why);
        }
        if goal.side() <= 3 {
            return match PatternDatabase::cached(goal) {
                Ok(tables) => Tables::Ready(tables),
                Err(why) => Tables::Refused(why),
            };
        }
        self.start(goal)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn start(&mut self, goal: Position) -> Tables {
        if self.building.as_ref().is_none_or(|(g, _)| *g != goal) {
            let handle = std::thread::spawn(move || PatternDatabase::cached(goal));
            self.building = Some((goal, handle));
        }
        Tables::Building
    }

    #[cfg(target_arch = "wasm32")]
    fn start(&mut self, _goal: Position) -> Tables {
        Tables::Refused(crate::tr!("sliding-tables-not-in-browser"))
    }

    /// Looks whether a build has ended; true while one runs (frames are wanted to look).
    pub fn advance(&mut self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some((_, handle)) = &self.building {
            if !handle.is_finished() {
                return true;
            }
            if let Some((_, handle)) = self.building.take() {
                self.failed = match handle.join() {
                    Ok(Ok(_)) => None,
                    Ok(Err(why)) => Some(why),
                    Err(_) => Some("the build stopped".into()),
                };
            }
        }
        false
    }

    pub fn is_building(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.building.is_some();
        #[cfg(target_arch = "wasm32")]
        false
    }
}
