//! Assignments: a teacher's handout of questions, each naming a Python function a student
//! writes (`bfs(problem)`, `h_puzzle(state, goal)`, …), the tests it is graded on and their
//! points. An assignment is a TOML file (`presets/assignments/`, or a teacher's own; see
//! docs/assignments.md); reading one builds every test's problem (a board, a generated maze
//! with terrain, a puzzle position at a given depth), so a file that loads can be graded.
//! Grading itself runs the student's Python (crates/script): no GUI and no Python here.

mod format;
mod instances;
pub mod shipped;

pub use format::parse_assignment;
pub use instances::Instance;

use crate::i18n::Language;
use crate::search::judge::Rule;

/// An assignment, read and checked.
#[derive(Clone, Debug)]
pub struct Assignment {
    /// Names the assignment for remembering a student's work; its translations share it.
    pub id: String,
    pub title: String,
    pub language: Language,
    /// One or two sentences for the list.
    pub summary: String,
    /// The handout's introduction.
    pub text: String,
    pub questions: Vec<Question>,
}

/// One function to write.
#[derive(Clone, Debug)]
pub struct Question {
    /// The Python function's name, which the tests call.
    pub function: String,
    pub title: String,
    /// What to write, and the rules it is graded by.
    pub text: String,
    /// What the tests check.
    pub check: Check,
    /// The most the question scores.
    pub points: f64,
    /// The code the student starts from (a `def` with a docstring), for the starter file.
    pub starter: String,
    /// The most expansions one test lets the function make.
    pub max_expansions: usize,
    pub tests: Vec<Test>,
}

/// What a question's tests check.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// `function(problem)` searches as `rule` does (the judge of "Your own search").
    Search(Rule),
    /// `function(state, goal)` is an admissible and consistent estimate, scored by the
    /// expansions A* needs with it over the tests, in tiers.
    Heuristic {
        /// Highest points first: the first tier whose expansions the total is within scores.
        tiers: Vec<Tier>,
    },
}

/// Points for a heuristic that keeps A*'s expansions within a bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tier {
    /// The most expansions, summed over the question's tests.
    pub expansions: usize,
    pub points: f64,
}

/// One problem a question's function is run on.
#[derive(Clone, Debug)]
pub struct Test {
    pub name: String,
    /// A hidden test is graded but not shown to the student, and its messages name no state.
    pub hidden: bool,
    /// Its share of the question's points (a search question's; relative to the others).
    pub weight: f64,
    pub instance: Instance,
}

impl Assignment {
    /// The question whose function is `function`.
    pub fn question(&self, function: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.function == function)
    }

    /// The most the assignment scores.
    pub fn points(&self) -> f64 {
        self.questions.iter().map(|q| q.points).sum()
    }

    /// The file a student hands in: every question's starter, under the assignment's title.
    pub fn starter_file(&self) -> String {
        let mut file = format!("# {}\n", self.title);
        for line in self.summary.lines() {
            file.push_str(&format!("# {line}\n"));
        }
        file.push_str("from frontier import Stack, Queue, PriorityQueue\n");
        for question in &self.questions {
            file.push_str("\n\n");
            file.push_str(question.starter.trim_end());
            file.push('\n');
        }
        file
    }
}

impl Question {
    /// The points test `index` is worth (a search question's points shared by weight).
    pub fn test_points(&self, index: usize) -> f64 {
        let total: f64 = self.tests.iter().map(|t| t.weight).sum();
        match self.tests.get(index) {
            Some(test) if total > 0.0 => self.points * test.weight / total,
            _ => 0.0,
        }
    }

    /// The points a heuristic earns for `expansions` in all: the best tier it is within.
    pub fn tier_points(&self, expansions: usize) -> f64 {
        match &self.check {
            Check::Heuristic { tiers } => tiers
                .iter()
                .filter(|tier| expansions <= tier.expansions)
                .map(|tier| tier.points)
                .fold(0.0, f64::max),
            Check::Search(_) => 0.0,
        }
    }
}
