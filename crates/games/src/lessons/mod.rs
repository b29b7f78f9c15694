//! Lessons: pages of text, each with a board, level or game to show, a search run to the
//! moment the page talks about, and maybe a question the app checks. A lesson is a TOML file
//! (`presets/lessons/`, or a teacher's own, opened from the File menu or dropped on the
//! window). No GUI code lives here: the app shows what these types describe.

pub mod check;
pub mod course;
pub mod feedback;
mod format;
pub mod scene;
pub mod shipped;

pub use check::{Answer, Checked, check};
pub use format::parse_lesson;
pub use scene::{
    BoardScene, LinkScene, RunTo, Scene, SlidingScene, SlidingView, SnakeScene, SokobanScene,
    YourSearch,
};

use crate::games::sandbox::PathAlgorithm;
use crate::grid::Pos;
use crate::i18n::Language;
use crate::search::predict::Measure;

/// How far a student got in one lesson.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LessonProgress {
    /// The page last shown (from 0).
    pub page: usize,
    /// The first answer to each page's question (by page): right or not.
    pub answers: std::collections::BTreeMap<usize, bool>,
}

/// A lesson, read and checked.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Names the lesson for remembering progress; a lesson and its translation share it.
    pub id: String,
    pub title: String,
    pub language: Language,
    /// One or two sentences for the lesson list.
    pub summary: String,
    pub pages: Vec<Page>,
}

impl Lesson {
    /// The pages that ask a question.
    pub fn questions(&self) -> usize {
        self.pages.iter().filter(|p| p.question.is_some()).count()
    }
}

/// One page of a lesson.
#[derive(Clone, Debug)]
pub struct Page {
    pub title: String,
    /// The text: paragraphs, with `*emphasis*` and `` `formulas` ``.
    pub text: String,
    pub scene: Option<Scene>,
    pub question: Option<Question>,
}

impl Page {
    pub fn board(&self) -> Option<&BoardScene> {
        match &self.scene {
            Some(Scene::Board(board)) => Some(board),
            _ => None,
        }
    }
}

/// A question a page asks.
#[derive(Clone, Debug)]
pub struct Question {
    pub prompt: String,
    /// Said after any answer: why the right answer is right.
    pub explain: String,
    pub kind: QuestionKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum QuestionKind {
    /// Click the cell the search expands next. When `exact`, only that cell is right: a
    /// cell that ties with it is wrong (for a page that teaches the tie rule).
    Predict { exact: bool },
    /// Click the frontier cell with the lowest value of `measure`.
    Lowest(Measure),
    /// Click every cell that joins the frontier at the next step.
    Joins,
    /// Pick one of the choices; `answer` is the right one (from 0).
    Choice { choices: Vec<String>, answer: usize },
    /// Paint one wall so that `longer`'s path costs more than `shorter`'s; `solution` is one
    /// wall that does it.
    PaintWall {
        longer: PathAlgorithm,
        shorter: PathAlgorithm,
        solution: Pos,
    },
    /// Write the search in the code panel: right when the judge finds the program follows
    /// the page's rule (the page's scene carries the program and the rule).
    Code,
}

impl QuestionKind {
    /// Whether the answer is a click on the board.
    pub fn wants_cell(&self) -> bool {
        matches!(
            self,
            QuestionKind::Predict { .. } | QuestionKind::Lowest(_) | QuestionKind::Joins
        )
    }
}
