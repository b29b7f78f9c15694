//! A program's run asked for and answered as JSON: how the page hands a student's program to
//! the browser's Python worker (a module of its own, loaded only when the code panel first
//! runs, so the page's first load does not carry the interpreter), and how the recording
//! comes back. The desktop runs the program in the app itself and needs none of this.

use frontier_engine::grid::Pos;
use frontier_engine::search::recorded::Recording;
use frontier_games::games::sliding::Position;

use crate::limits::Limits;
use crate::ran::{Ran, Stopped};

/// A program to run, on what.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Request {
    pub source: String,
    pub limits: Limits,
    /// The language of the interface (its tag, `en` or `zh-CN`): messages from the run
    /// (a state that is not one, a frontier misused) are told in it.
    pub language: String,
    pub problem: ProblemSpec,
}

/// The problem a program searches, as the tabs describe it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ProblemSpec {
    /// The Pathfinding board (its text), its moves and the heuristic's code.
    Board {
        board: String,
        diagonal: bool,
        heuristic: String,
    },
    /// A sliding puzzle's position, its goal and the heuristic's code.
    Puzzle {
        start: Position,
        goal: Position,
        heuristic: String,
    },
}

/// A student's file checked against an assignment (its file's text), asked of the worker.
/// It crosses as `{"Grade": {...}}`, which the worker tells apart from a run.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum GradeRequest {
    Grade {
        assignment: String,
        source: String,
        /// The language of the interface (`en` or `zh-CN`): the messages are told in it.
        language: String,
        /// Whether the hidden tests are run too (a teacher's grading, not a student's check).
        hidden: bool,
    },
}

/// Reads the worker's answer to a check.
pub fn grade_reply(json: &str) -> Result<crate::graded::Graded, String> {
    let reply: Result<crate::graded::Graded, String> =
        serde_json::from_str(json).map_err(|e| format!("the Python worker's answer: {e}"))?;
    reply
}

/// Checks the file a grade request names and answers in JSON.
#[cfg(feature = "python")]
pub fn answer_grade(request: &str) -> String {
    use frontier_games::assignments::parse_assignment;
    use frontier_games::i18n::{Language, set_language};

    let reply: Result<crate::graded::Graded, String> = (|| {
        let GradeRequest::Grade {
            assignment,
            source,
            language,
            hidden,
        } = serde_json::from_str(request)
            .map_err(|e| format!("a request the worker cannot read: {e}"))?;
        set_language(Language::from_locale(&language));
        let assignment = parse_assignment(&assignment).map_err(|e| e.to_string())?;
        let tests = if hidden {
            crate::grade::Tests::All
        } else {
            crate::grade::Tests::Visible
        };
        Ok(crate::grade::grade(&assignment, &source, tests))
    })();
    serde_json::to_string(&reply).unwrap_or_default()
}

/// What the worker answers: the run, or why it could not begin (a problem it cannot read).
pub type Reply<S> = Result<Recorded<S>, String>;

/// A run, as it crosses.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Recorded<S> {
    pub recording: Recording<S>,
    pub output: String,
    pub stopped: Option<Stopped>,
}

impl<S> From<Ran<S>> for Recorded<S>
where
    S: Clone,
{
    fn from(ran: Ran<S>) -> Recorded<S> {
        Recorded {
            recording: std::sync::Arc::unwrap_or_clone(ran.recording),
            output: ran.output,
            stopped: ran.stopped,
        }
    }
}

impl<S> From<Recorded<S>> for Ran<S> {
    fn from(recorded: Recorded<S>) -> Ran<S> {
        Ran {
            recording: recorded.recording.into(),
            output: recorded.output,
            stopped: recorded.stopped,
        }
    }
}

/// Reads the worker's answer to a run on a board.
pub fn board_reply(json: &str) -> Result<Ran<Pos>, String> {
    reply(json)
}

/// Reads the worker's answer to a run on a puzzle.
pub fn puzzle_reply(json: &str) -> Result<Ran<Position>, String> {
    reply(json)
}

fn reply<S: serde::de::DeserializeOwned>(json: &str) -> Result<Ran<S>, String> {
    let reply: Reply<S> =
        serde_json::from_str(json).map_err(|e| format!("the Python worker's answer: {e}"))?;
    reply.map(Ran::from)
}

/// Runs the program a request names and answers in JSON (the worker's whole job).
#[cfg(feature = "python")]
pub fn answer(request: &str) -> String {
    use std::sync::Arc;

    use frontier_games::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};
    use frontier_games::games::sliding::{PuzzleHeuristic, SlidingProblem};
    use frontier_games::i18n::{Language, set_language};

    let request: Request = match serde_json::from_str(request) {
        Ok(request) => request,
        Err(e) => return encode::<Pos>(Err(format!("a request the worker cannot read: {e}"))),
    };
    set_language(Language::from_locale(&request.language));
    match request.problem {
        ProblemSpec::Board {
            board,
            diagonal,
            heuristic,
        } => {
            let problem = (|| {
                let board = Board::parse(&board).map_err(|e| e.to_string())?;
                let heuristic = Heuristic::parse(&heuristic)?;
                let connectivity = if diagonal {
                    Connectivity::Eight
                } else {
                    Connectivity::Four
                };
                Ok(GridProblem::new(Arc::new(board), connectivity, heuristic))
            })();
            encode(problem.map(|p| crate::record(&request.source, p, request.limits).into()))
        }
        ProblemSpec::Puzzle {
            start,
            goal,
            heuristic,
        } => {
            let problem = PuzzleHeuristic::parse(&heuristic)
                .and_then(|h| SlidingProblem::new(start, goal, h).map_err(|e| e.to_string()));
            encode(problem.map(|p| crate::record(&request.source, p, request.limits).into()))
        }
    }
}

#[cfg(feature = "python")]
fn encode<S: serde::Serialize>(reply: Reply<S>) -> String {
    serde_json::to_string(&reply).unwrap_or_else(|e| {
        serde_json::to_string(&Reply::<S>::Err(format!(
            "an answer the worker cannot write: {e}"
        )))
        .unwrap_or_default()
    })
}
