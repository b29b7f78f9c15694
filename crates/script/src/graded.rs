//! What grading a submission came to: per question its score, its status and each test's
//! outcome, in words a student reads. Plain data: the browser's Python worker sends it to
//! the page as JSON, and `frontier grade` writes it as CSV, Gradescope's results.json and a
//! report.

/// A submission graded.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Graded {
    pub questions: Vec<QuestionGraded>,
}

/// One question graded.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct QuestionGraded {
    /// The function the question asks for.
    pub function: String,
    pub title: String,
    pub score: f64,
    pub max_score: f64,
    pub status: Status,
    /// The question's outcome in a sentence: what passed, or the first thing that failed.
    pub message: String,
    pub tests: Vec<TestGraded>,
}

/// How a question went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Status {
    /// Every test passed.
    Passed,
    /// Some tests passed, or a heuristic earned a lower tier.
    Partial,
    /// No test passed.
    Failed,
    /// The submission does not define the question's function.
    Missing,
    /// The submission is not Python the sandbox reads.
    SyntaxError,
}

impl Status {
    /// The word the CSV gives it.
    pub fn code(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Partial => "partial",
            Status::Failed => "failed",
            Status::Missing => "missing",
            Status::SyntaxError => "syntax-error",
        }
    }
}

/// One test of a question.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TestGraded {
    pub name: String,
    /// A hidden test's message names no state of its problem.
    pub hidden: bool,
    pub passed: bool,
    pub score: f64,
    pub max_score: f64,
    /// What happened, in the judge's words.
    pub message: String,
    /// The expansions the function made (a search), or A* made with it (a heuristic).
    pub expansions: usize,
    /// Where a search stopped following its rule: the step (from 1) and the program's line
    /// that made it, for opening the test on its board there.
    pub divergence: Option<Divergence>,
}

/// The first step a search broke its rule at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Divergence {
    /// The step, from 1.
    pub step: usize,
    /// The program's line (from 1) whose call made that step, when known.
    pub line: Option<u32>,
}

impl Graded {
    /// The score in all.
    pub fn score(&self) -> f64 {
        self.questions.iter().map(|q| q.score).sum()
    }

    /// The most it could score.
    pub fn max_score(&self) -> f64 {
        self.questions.iter().map(|q| q.max_score).sum()
    }

    /// The question asking for `function`.
    pub fn question(&self, function: &str) -> Option<&QuestionGraded> {
        self.questions.iter().find(|q| q.function == function)
    }
}

/// A score as a report shows it: to two decimals at most, without trailing zeros (4, 2.4,
/// 1.33).
pub fn points(score: f64) -> String {
    let shown = format!("{score:.2}");
    let shown = shown.trim_end_matches('0').trim_end_matches('.');
    if shown == "-0" {
        "0".to_owned()
    } else {
        shown.to_owned()
    }
}
