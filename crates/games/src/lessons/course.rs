//! A course of lessons as a student takes it: which lessons there are (shipped, and a
//! teacher's own opened from a file), the lesson on screen and its page, the answer given
//! to its question, and each lesson's progress. The app's lesson window shows it.

use std::collections::BTreeMap;

use crate::games::sandbox::GridRun;
use crate::i18n::{Language, Message};
use crate::lessons::{Answer, Checked, Lesson, LessonProgress, Page, Scene, parse_lesson};

/// The lesson on screen and where in it.
pub struct Active {
    pub lesson: Lesson,
    pub page: usize,
    /// The page's board search at the step the page stands at, for checking answers.
    prepared: Option<GridRun>,
    /// The steps the page's search runs before the page shows.
    pub steps: usize,
    /// The answer given on this page, judged.
    pub checked: Option<Checked>,
    /// The choice ticked, for a multiple-choice question.
    pub choice: Option<usize>,
}

impl Active {
    pub fn page(&self) -> &Page {
        &self.lesson.pages[self.page]
    }
}

/// What showing a page asks of the rest of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Put the page's board, level or game on screen, as the page describes it.
    ShowPage,
    /// Check the board as the student painted it against the page's question.
    CheckBoard,
    /// Check the cells picked on the board.
    CheckCells,
    /// Check the student's program, as last run in the code panel.
    CheckCode,
}

/// The lessons, the one on screen and the progress kept.
#[derive(Default)]
pub struct Course {
    /// Lessons opened from files this session (any language), with their text (a link to
    /// one carries it whole).
    opened: Vec<Lesson>,
    opened_texts: BTreeMap<String, String>,
    pub active: Option<Active>,
    pub progress: BTreeMap<String, LessonProgress>,
}

/// The shipped lessons, read once (they are checked by the tests, so reading cannot fail).
fn shipped() -> &'static [Lesson] {
    static SHIPPED: std::sync::OnceLock<Vec<Lesson>> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| {
        crate::lessons::shipped::LESSONS
            .iter()
            .filter_map(|(_, text)| parse_lesson(text).ok())
            .collect()
    })
}

impl Course {
    pub fn with_progress(progress: BTreeMap<String, LessonProgress>) -> Course {
        Course {
            progress,
            ..Course::default()
        }
    }

    /// The lessons the list offers in `language`: each shipped lesson once (in `language`
    /// when it has it), then the ones opened from files.
    pub fn listed(&self, language: Language) -> Vec<&Lesson> {
        let mut list: Vec<&Lesson> = vec![];
        for lesson in shipped() {
            let better = lesson.language == language;
            match list.iter().position(|l| l.id == lesson.id) {
                Some(i) if better => list[i] = lesson,
                Some(_) => {}
                None => list.push(lesson),
            }
        }
        list.extend(self.opened.iter());
        list
    }

    /// Starts `lesson` where the student left it.
    pub fn start(&mut self, lesson: Lesson) -> Request {
        let page = self
            .progress
            .get(&lesson.id)
            .map_or(0, |p| p.page.min(lesson.pages.len() - 1));
        self.active = Some(Active {
            lesson,
            page,
            prepared: None,
            steps: 0,
            checked: None,
            choice: None,
        });
        self.go_to(page)
    }

    /// Shows page `page` of the active lesson.
    pub fn go_to(&mut self, page: usize) -> Request {
        if let Some(active) = &mut self.active {
            active.page = page.min(active.lesson.pages.len() - 1);
            active.checked = None;
            active.choice = None;
            // The lesson was checked when it was read, so its runs reach their events.
            let (prepared, steps) = match &active.page().scene {
                Some(Scene::Board(board)) => match board.prepare() {
                    Ok((run, steps)) => (Some(run), steps),
                    Err(_) => (None, 0),
                },
                Some(Scene::Sokoban(level)) => (None, level.prepare().map_or(0, |(_, s)| s)),
                Some(Scene::Sliding(puzzle)) => (None, puzzle.prepare().unwrap_or(0)),
                _ => (None, 0),
            };
            active.prepared = prepared;
            active.steps = steps;
            let progress = self.progress.entry(active.lesson.id.clone()).or_default();
            progress.page = active.page;
        }
        Request::ShowPage
    }

    /// After a switch to `language`, the lesson on screen in that language when it has it,
    /// at the same page, with the answer given there kept (the two translations of a
    /// lesson share its id, its pages and its boards).
    pub fn follow_language(&mut self, language: Language) {
        let Some(active) = &mut self.active else {
            return;
        };
        if active.lesson.language == language {
            return;
        }
        let translation = shipped().iter().chain(self.opened.iter()).find(|l| {
            l.id == active.lesson.id
                && l.language == language
                && l.pages.len() == active.lesson.pages.len()
        });
        if let Some(translation) = translation {
            active.lesson = translation.clone();
        }
    }

    /// Reads a lesson from `text` and starts it; a lesson that does not read is not loaded,
    /// and the error says why.
    pub fn load_text(
        &mut self,
        name: &str,
        text: Result<String, String>,
    ) -> Result<Request, Message> {
        let read = text.and_then(|text| {
            let lesson = parse_lesson(&text).map_err(|e| e.to_string())?;
            Ok((lesson, text))
        });
        let (lesson, text) =
            read.map_err(|why| crate::msg!("lesson-not-opened", name = name, why = why))?;
        self.opened
            .retain(|l| l.id != lesson.id || l.language != lesson.language);
        self.opened.push(lesson.clone());
        self.opened_texts.insert(lesson.id.clone(), text);
        Ok(self.start(lesson))
    }

    /// The page shown, as a link carries it: a shipped lesson by its id, another with its
    /// text. None when no lesson is active.
    pub fn shared_view(&self) -> Option<crate::share::View> {
        let active = self.active.as_ref()?;
        let id = active.lesson.id.clone();
        let shipped = shipped().iter().any(|l| l.id == id);
        Some(crate::share::View::Lesson {
            text: (!shipped)
                .then(|| self.opened_texts.get(&id).cloned())
                .flatten(),
            id,
            page: active.page,
        })
    }

    /// Opens page `page` of a link's lesson: a shipped one (in `language` when it has it),
    /// else the one in `text`. The error says why not.
    pub fn open_shared(
        &mut self,
        id: &str,
        text: Option<String>,
        page: usize,
        language: Language,
    ) -> Result<Request, String> {
        let lesson = match self.listed(language).into_iter().find(|l| l.id == id) {
            Some(lesson) => lesson.clone(),
            None => {
                let text = text.ok_or_else(|| crate::tr!("share-no-lesson", id = id))?;
                let lesson = parse_lesson(&text).map_err(|e| e.to_string())?;
                self.opened.push(lesson.clone());
                self.opened_texts.insert(lesson.id.clone(), text);
                lesson
            }
        };
        self.start(lesson);
        Ok(self.go_to(page))
    }

    /// Whether the page's question is answered by a click on the board.
    pub fn wants_cell(&self) -> bool {
        self.active.as_ref().is_some_and(|a| {
            a.checked.is_none()
                && a.page()
                    .question
                    .as_ref()
                    .is_some_and(|q| q.kind.wants_cell())
        })
    }

    /// Judges `answer` to the page's question, remembering the first answer per page.
    pub fn answer(&mut self, answer: Answer<'_>) {
        let Some(active) = &mut self.active else {
            return;
        };
        let page = active.page();
        let Some(question) = &page.question else {
            return;
        };
        let Some(checked) =
            crate::lessons::check(question, page.board(), active.prepared.as_ref(), answer)
        else {
            return;
        };
        let progress = self.progress.entry(active.lesson.id.clone()).or_default();
        progress
            .answers
            .entry(active.page)
            .or_insert(checked.is_right());
        active.checked = Some(checked);
    }

    /// Right first answers and questions, for `lesson`.
    pub fn score(&self, lesson: &Lesson) -> (usize, usize) {
        let right = self
            .progress
            .get(&lesson.id)
            .map_or(0, |p| p.answers.values().filter(|&&r| r).count());
        (right, lesson.questions())
    }
}
