//! Where a check of the student's file runs. On the desktop it takes a thread of its own
//! (a heuristic question asks the student's function of 181,440 positions: seconds), so the
//! window keeps drawing; where frames are counted rather than timed (the tests) it runs in
//! the frame, so a test sees the same thing on any machine. In the browser the Python
//! worker grades it (the page carries no interpreter).

use crate::assignments::Assignment;
use crate::i18n::Language;
use crate::ui::step_controls::FrameBudget;
use frontier_script::Graded;

/// A check under way: the file checked, and where its grades will come from.
pub struct CheckJob {
    source: String,
    running: Running,
}

enum Running {
    /// Begins on the first frame, which says how.
    #[cfg(not(target_arch = "wasm32"))]
    Waiting {
        assignment: Box<Assignment>,
        language: Language,
    },
    #[cfg(not(target_arch = "wasm32"))]
    OnThread(std::sync::mpsc::Receiver<Graded>),
    #[cfg(target_arch = "wasm32")]
    InWorker(crate::app::code::Slot),
    Over,
}

impl CheckJob {
    /// Checks `source` against `assignment` (its file's `text`), the messages in `language`.
    pub fn start(
        text: &str,
        assignment: &Assignment,
        source: &str,
        language: Language,
    ) -> CheckJob {
        #[cfg(target_arch = "wasm32")]
        {
            let request = frontier_script::wire::GradeRequest::Grade {
                assignment: text.to_owned(),
                source: source.to_owned(),
                language: language.tag().to_owned(),
                hidden: false,
            };
            let json = serde_json::to_string(&request).unwrap_or_default();
            let _ = assignment;
            CheckJob {
                source: source.to_owned(),
                running: Running::InWorker(crate::app::code::post_to_worker(json)),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = text;
            CheckJob {
                source: source.to_owned(),
                running: Running::Waiting {
                    assignment: Box::new(assignment.clone()),
                    language,
                },
            }
        }
    }

    /// This frame's look at the check; the file checked and its grades once they are in.
    pub fn poll(&mut self, budget: FrameBudget) -> Option<(String, Result<Graded, String>)> {
        // The worker is not stepped by frames.
        #[cfg(target_arch = "wasm32")]
        let _ = budget;
        match std::mem::replace(&mut self.running, Running::Over) {
            #[cfg(not(target_arch = "wasm32"))]
            Running::Waiting {
                assignment,
                language,
            } => match budget {
                FrameBudget::Steps(_) => {
                    let graded = grade_visible(&assignment, &self.source, language);
                    Some((self.source.clone(), Ok(graded)))
                }
                FrameBudget::Time(_) => {
                    self.running = self.spawn(assignment, language);
                    None
                }
            },
            #[cfg(not(target_arch = "wasm32"))]
            Running::OnThread(answer) => match answer.try_recv() {
                Ok(graded) => Some((self.source.clone(), Ok(graded))),
                Err(std::sync::mpsc::TryRecvError::Empty) => {
                    self.running = Running::OnThread(answer);
                    None
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    Some((self.source.clone(), Err(crate::tr!("code-thread-failed"))))
                }
            },
            #[cfg(target_arch = "wasm32")]
            Running::InWorker(slot) => {
                let answer = slot.borrow_mut().take();
                match answer {
                    Some(json) => Some((
                        self.source.clone(),
                        json.and_then(|json| frontier_script::wire::grade_reply(&json)),
                    )),
                    None => {
                        self.running = Running::InWorker(slot);
                        None
                    }
                }
            }
            Running::Over => None,
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn spawn(&self, assignment: Box<Assignment>, language: Language) -> Running {
        let (send, answer) = std::sync::mpsc::channel();
        let source = self.source.clone();
        std::thread::spawn(move || {
            let _ = send.send(grade_visible(&assignment, &source, language));
        });
        Running::OnThread(answer)
    }
}

/// The visible tests of `assignment` run on `source`, the messages in `language`.
#[cfg(not(target_arch = "wasm32"))]
fn grade_visible(assignment: &Assignment, source: &str, language: Language) -> Graded {
    crate::i18n::set_language(language);
    frontier_script::grade(assignment, source, frontier_script::Tests::Visible)
}
