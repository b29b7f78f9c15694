//! The lesson window: the course of lessons (`crate::lessons::course`) as the student
//! sees it, whether it is shown and on which tab, a lesson file being picked, and a lesson
//! file that could not be read. Split by concern: `window` (the list and the page) and
//! `text` (a page's emphasis and formulas).

use crate::lessons::feedback;
pub(crate) mod text;
mod window;

use std::collections::BTreeMap;
use std::path::Path;

use crate::i18n::Language;
pub use crate::lessons::LessonProgress;
pub use crate::lessons::course::{Active, Course, Request};
use crate::ui::file_dialog::FileDialog;

use super::notice::Notice;

#[derive(Default)]
pub struct Lessons {
    /// The lesson window is shown.
    pub open: bool,
    /// The tab the panel belongs to: the one its page's board is on, or the one it was
    /// opened on. On another tab the panel steps aside, so a lesson about Sokoban does not
    /// cover the Snake game the student switched to, and comes back with its tab.
    pub home: Option<crate::app::TabId>,
    pub course: Course,
    /// A lesson file that could not be read, and why.
    pub notice: Option<Notice>,
    /// Said under "Check my search" when there is no run of the program to judge yet.
    pub code_hint: Option<String>,
    dialog: Option<FileDialog>,
}

impl Lessons {
    pub fn with_progress(progress: BTreeMap<String, LessonProgress>) -> Lessons {
        let course = Course::with_progress(progress);
        Lessons {
            course,
            ..Lessons::default()
        }
    }

    /// Starts `lesson` where the student left it, the window shown.
    pub fn start(&mut self, lesson: crate::lessons::Lesson) -> Request {
        self.open = true;
        self.course.start(lesson)
    }

    /// Reads a lesson from `text`; a lesson that does not read is reported and not loaded.
    pub fn load_text(&mut self, name: &str, text: Result<String, String>) -> Option<Request> {
        match self.course.load_text(name, text) {
            Ok(request) => {
                self.open = true;
                Some(request)
            }
            Err(why) => {
                self.notice = Some(Notice::error(why));
                None
            }
        }
    }

    pub fn load_file(&mut self, path: &Path) -> Option<Request> {
        let name = path.display().to_string();
        let request = self.load_text(&name, crate::files::read_text(path));
        if request.is_some() {
            crate::ui::recent::remember(path);
        }
        request
    }

    /// The page shown, as a link carries it; None unless the window shows a lesson.
    pub fn shared_view(&self) -> Option<crate::share::View> {
        self.open.then(|| self.course.shared_view()).flatten()
    }

    /// Opens page `page` of a link's lesson (see [`Course::open_shared`]).
    pub fn open_shared(
        &mut self,
        id: &str,
        text: Option<String>,
        page: usize,
        language: Language,
    ) -> Result<Request, String> {
        let request = self.course.open_shared(id, text, page, language)?;
        self.open = true;
        Ok(request)
    }

    /// Whether the page's question is answered by a click on the board.
    pub fn wants_cell(&self) -> bool {
        self.open && self.course.wants_cell()
    }
}
