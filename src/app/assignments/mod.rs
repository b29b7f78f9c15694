//! The assignment panel: a teacher's handout of questions (`crate::assignments`), the
//! student's one Python file for it, Check (the visible tests, graded as `frontier grade`
//! grades), a failing test opened on its board at the step that broke the rule, and the
//! file exported for the course's LMS. The student's file and the last check are kept per
//! assignment across restarts. Split by concern: `panel` (what is on screen) and `checking`
//! (where a check runs: a thread on the desktop, the Python worker in the browser).

mod checking;
mod panel;

use std::collections::BTreeMap;
use std::path::Path;

use frontier_script::Graded;

use crate::assignments::{Assignment, Check, parse_assignment, shipped};
use crate::i18n::Language;
use crate::share::Opened;
use crate::ui::file_dialog::FileDialog;

use super::notice::Notice;
use checking::CheckJob;

/// What a student keeps of an assignment: their file and the last check of it.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct AssignmentWork {
    /// The file as last edited.
    pub source: String,
    /// The last check, and the file it checked.
    pub graded: Option<Graded>,
    pub checked_source: String,
}

/// The assignment being done.
pub struct Active {
    pub assignment: Assignment,
    /// Its file's text (the browser's worker reads it again).
    pub text: String,
    /// A check under way.
    checking: Option<CheckJob>,
}

#[derive(Default)]
pub struct Assignments {
    /// The panel is shown.
    pub open: bool,
    pub active: Option<Active>,
    /// Every assignment's work, by its id.
    pub work: BTreeMap<String, AssignmentWork>,
    /// An assignment file that could not be read, or an export that failed.
    pub notice: Option<Notice>,
    dialog: Option<(FileDialog, Purpose)>,
}

/// What the file dialog is open for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    OpenAssignment,
    ExportWork,
}

impl Assignments {
    pub fn with_work(work: BTreeMap<String, AssignmentWork>) -> Assignments {
        Assignments {
            work,
            ..Assignments::default()
        }
    }

    /// The shipped assignments in `language`, in the order the list shows them.
    pub fn shipped(language: Language) -> Vec<(String, Assignment)> {
        shipped::ASSIGNMENTS
            .iter()
            .filter_map(|(_, text)| {
                let assignment = parse_assignment(text).ok()?;
                (assignment.language == language).then(|| (text.to_string(), assignment))
            })
            .collect()
    }

    /// Starts `assignment` (its file's `text`) where the student left it; the starter file
    /// the first time.
    pub fn start(&mut self, text: String, assignment: Assignment) {
        let work = self.work.entry(assignment.id.clone()).or_default();
        if work.source.trim().is_empty() {
            work.source = assignment.starter_file();
        }
        self.active = Some(Active {
            assignment,
            text,
            checking: None,
        });
        self.open = true;
    }

    /// Reads an assignment from `text`; one that does not read is reported and not loaded.
    pub fn load_text(&mut self, name: &str, text: Result<String, String>) {
        let read = text.and_then(|text| {
            let assignment = parse_assignment(&text).map_err(|e| format!("{name}: {e}"))?;
            Ok((text, assignment))
        });
        match read {
            Ok((text, assignment)) => self.start(text, assignment),
            Err(why) => self.notice = Some(Notice::error(why)),
        }
    }

    pub fn load_file(&mut self, path: &Path) {
        let name = path.display().to_string();
        self.load_text(&name, crate::files::read_text(path));
    }

    /// The shipped assignment follows the language: its translation, the work kept (the
    /// pair shares its id).
    pub fn follow_language(&mut self, language: Language) {
        let Some(active) = &self.active else {
            return;
        };
        if active.assignment.language == language {
            return;
        }
        let id = active.assignment.id.clone();
        if let Some((text, assignment)) = Assignments::shipped(language)
            .into_iter()
            .find(|(_, a)| a.id == id)
        {
            let checking = self.active.take().and_then(|a| a.checking);
            self.active = Some(Active {
                assignment,
                text,
                checking,
            });
        }
    }

    /// The active assignment's work.
    pub fn active_work(&mut self) -> Option<(&mut Active, &mut AssignmentWork)> {
        let active = self.active.as_mut()?;
        let work = self.work.entry(active.assignment.id.clone()).or_default();
        Some((active, work))
    }

    /// Checks the student's file on the visible tests.
    pub fn check(&mut self) {
        let language = crate::i18n::language();
        if let Some((active, work)) = self.active_work() {
            active.checking = Some(CheckJob::start(
                &active.text,
                &active.assignment,
                &work.source,
                language,
            ));
        }
    }

    /// Whether a check is under way.
    pub fn checking(&self) -> bool {
        self.active.as_ref().is_some_and(|a| a.checking.is_some())
    }

    /// Looks at a check under way this frame; true while it goes on.
    pub fn advance(&mut self, budget: crate::ui::step_controls::FrameBudget) -> bool {
        let Some((active, work)) = self.active_work() else {
            return false;
        };
        let Some(job) = &mut active.checking else {
            return false;
        };
        let Some((source, graded)) = job.poll(budget) else {
            return true;
        };
        active.checking = None;
        match graded {
            Ok(graded) => {
                work.graded = Some(graded);
                work.checked_source = source;
            }
            Err(why) => self.notice = Some(Notice::error(why)),
        }
        false
    }

    /// Whether the file dialog has the keyboard.
    pub fn modal_open(&self) -> bool {
        self.dialog.is_some()
    }
}

/// What the panel asks of the app: to show a test on its tab's board, the student's file
/// run as the question's function (checked against its search) to the step that broke the
/// rule.
pub struct ShowTest {
    pub view: Box<Opened>,
    pub rule: crate::search::judge::Rule,
}

/// The view that shows test `test` of question `function` of `assignment`, `source` run on
/// it as that question's search and stepped to `step`.
pub fn show_test(
    assignment: &Assignment,
    function: &str,
    test: usize,
    source: &str,
    step: usize,
) -> Option<ShowTest> {
    let question = assignment.question(function)?;
    let Check::Search(rule) = question.check else {
        return None;
    };
    // The tab runs a program's `search(problem)`: this one is the question's function.
    let program = format!(
        "{}\n\n\nsearch = {function}  # {}\n",
        source.trim_end(),
        crate::tr!("assignment-shim-comment")
    );
    let opened = question.tests.get(test)?.instance.opened(program, step);
    Some(ShowTest {
        view: Box::new(opened),
        rule,
    })
}
