//! Checking a student's answer to a page's question. Each verdict carries what the app needs
//! to say why an answer is wrong ("yours has f 20, (12,4) has f 18").

use super::scene::BoardScene;
use super::{Question, QuestionKind};
use crate::games::sandbox::predict::Joining;
use crate::games::sandbox::{Board, GridRun, PathAlgorithm};
use crate::grid::Pos;
use crate::search::predict::{Measure, Prediction, Verdict};
use crate::search::{Cost, NodeStatus};

/// Two costs closer than this are equal.
const SAME: Cost = 1e-9;

/// A student's answer.
#[derive(Clone, Copy, Debug)]
pub enum Answer<'a> {
    /// A cell clicked on the board.
    Cell(Pos),
    /// The choice picked (from 0).
    Choice(usize),
    /// The board as the student painted it.
    Board(&'a Board),
    /// Cells picked on the board.
    Cells(&'a [Pos]),
    /// The student's program as the judge found it: whether it follows the page's rule,
    /// and what the judge (or the program's error) said.
    Code { follows: bool, told: &'a str },
}

/// "Which frontier cell has the lowest value?", judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lowest {
    /// The cell is in the frontier with the lowest value (ties are all right).
    Right {
        value: Cost,
    },
    /// In the frontier, but `example` has less.
    Higher {
        yours: Cost,
        lowest: Cost,
        example: Pos,
    },
    NotInFrontier,
}

/// "Paint one wall so that one search's path becomes longer than another's", judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Painted {
    /// The first search's path now costs more than the second's.
    Right { longer: Cost, shorter: Cost },
    /// The board differs from the page's by something other than one new wall.
    NotOneWall { changed: usize },
    /// One wall, but the first search's path is not longer (a search that finds no path
    /// has no cost).
    NotLonger {
        longer: Option<Cost>,
        shorter: Option<Cost>,
    },
}

/// A judged answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Checked {
    /// The next expansion predicted; `exact` when only the very cell counts, not a tie.
    Predicted {
        prediction: Prediction<Pos>,
        exact: bool,
    },
    Lowest(Lowest),
    /// The choice picked (from 0), and the right one.
    Choice {
        right: bool,
        picked: usize,
        answer: usize,
    },
    Painted(Painted),
    Joined(Joining),
    /// The student's program judged: whether it follows the rule, and the judge's words.
    Code {
        right: bool,
        told: String,
    },
}

impl Checked {
    pub fn is_right(&self) -> bool {
        match self {
            Checked::Predicted { prediction, exact } => {
                prediction.verdict.is_right()
                    && !(*exact && matches!(prediction.verdict, Verdict::Tie { .. }))
            }
            Checked::Lowest(lowest) => matches!(lowest, Lowest::Right { .. }),
            Checked::Choice { right, .. } => *right,
            Checked::Painted(painted) => painted.is_right(),
            Checked::Joined(joining) => joining.is_right(),
            Checked::Code { right, .. } => *right,
        }
    }
}

impl Painted {
    pub fn is_right(&self) -> bool {
        matches!(self, Painted::Right { .. })
    }
}

/// Judges `answer` to `question` on a page showing `scene`, whose search stands at `run`
/// (the page's run, prepared to its event). None when the answer is not of the kind the
/// question asks for (a cell for a multiple choice, say).
pub fn check(
    question: &Question,
    scene: Option<&BoardScene>,
    run: Option<&GridRun>,
    answer: Answer<'_>,
) -> Option<Checked> {
    match (&question.kind, answer) {
        (QuestionKind::Predict { exact }, Answer::Cell(pos)) => {
            crate::games::sandbox::predict::judge(run?, pos).map(|prediction| Checked::Predicted {
                prediction,
                exact: *exact,
            })
        }
        (QuestionKind::Lowest(measure), Answer::Cell(pos)) => {
            Some(Checked::Lowest(lowest(run?, *measure, pos)))
        }
        (QuestionKind::Joins, Answer::Cells(cells)) => {
            crate::games::sandbox::predict::judge_joining(run?, cells).map(Checked::Joined)
        }
        (QuestionKind::Choice { answer, .. }, Answer::Choice(picked)) => Some(Checked::Choice {
            right: picked == *answer,
            picked,
            answer: *answer,
        }),
        (
            QuestionKind::PaintWall {
                longer, shorter, ..
            },
            Answer::Board(board),
        ) => Some(Checked::Painted(paint_wall(
            scene?, board, *longer, *shorter,
        ))),
        (QuestionKind::Code, Answer::Code { follows, told }) => Some(Checked::Code {
            right: follows,
            told: told.to_owned(),
        }),
        _ => None,
    }
}

/// The value of a cell in the frontier, by `measure`.
fn frontier_value(run: &GridRun, measure: Measure, pos: Pos) -> Option<Cost> {
    let info = run.info(pos).filter(|i| i.status == NodeStatus::Frontier)?;
    Some(match measure {
        Measure::G => info.g,
        Measure::H => info.h,
        Measure::F | Measure::Depth => info.f,
    })
}

/// Whether `pos` is a frontier cell with the lowest `measure`.
pub fn lowest(run: &GridRun, measure: Measure, pos: Pos) -> Lowest {
    let Some(yours) = frontier_value(run, measure, pos) else {
        return Lowest::NotInFrontier;
    };
    let board = run.problem().board();
    let best = (0..board.height() as i32)
        .flat_map(|y| (0..board.width() as i32).map(move |x| Pos::new(x, y)))
        .filter_map(|p| Some((frontier_value(run, measure, p)?, p)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((lowest, example)) if yours > lowest + SAME => Lowest::Higher {
            yours,
            lowest,
            example,
        },
        _ => Lowest::Right { value: yours },
    }
}

/// Whether `painted` is the scene's board with one more wall, on which `longer` finds a
/// costlier path than `shorter`.
pub fn paint_wall(
    scene: &BoardScene,
    painted: &Board,
    longer: PathAlgorithm,
    shorter: PathAlgorithm,
) -> Painted {
    let before = &scene.board;
    let same_frame = before.width() == painted.width()
        && before.height() == painted.height()
        && before.start == painted.start
        && before.goal == painted.goal
        && before.legend() == painted.legend();
    if !same_frame {
        return Painted::NotOneWall {
            changed: usize::MAX,
        };
    }
    let changed: Vec<Pos> = (0..before.height() as i32)
        .flat_map(|y| (0..before.width() as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| before.terrain_index(p) != painted.terrain_index(p))
        .collect();
    let one_wall = changed.len() == 1
        && before.is_passable(changed[0])
        && painted.terrain(changed[0]).is_some_and(|t| t.is_wall());
    if !one_wall {
        return Painted::NotOneWall {
            changed: changed.len(),
        };
    }
    match (
        scene.path_cost(painted, longer),
        scene.path_cost(painted, shorter),
    ) {
        (Some(l), Some(s)) if l > s + SAME => Painted::Right {
            longer: l,
            shorter: s,
        },
        (longer, shorter) => Painted::NotLonger { longer, shorter },
    }
}
