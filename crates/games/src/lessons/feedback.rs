//! What a student is told about an answer to a lesson's question: right or not, and why, in
//! the numbers of the board.

use crate::lessons::check::{Lowest, Painted};
use crate::lessons::{Checked, QuestionKind};
use crate::names::path_algorithm;
use crate::search::predict::Measure;
use crate::teach::number;
use crate::tr;

fn measure_name(measure: Measure) -> &'static str {
    match measure {
        Measure::G => "g",
        Measure::H => "h",
        Measure::F | Measure::Depth => "f",
    }
}

fn cost(cost: Option<f64>) -> String {
    cost.map_or(tr!("lesson-no-path"), number)
}

/// The sentence for `checked`, an answer to a question of `kind` on a page whose board
/// search is `algorithm`.
pub fn told(
    checked: &Checked,
    kind: &QuestionKind,
    algorithm: Option<crate::games::sandbox::PathAlgorithm>,
) -> String {
    match (checked, kind) {
        (Checked::Code { told, .. }, _) => told.clone(),
        (Checked::Predicted { prediction, exact }, _) => match algorithm {
            Some(algorithm) if *exact => {
                crate::games::sandbox::predict_feedback::exact_feedback(algorithm, prediction)
            }
            Some(algorithm) => {
                crate::games::sandbox::predict_feedback::feedback(algorithm, prediction)
            }
            None => String::new(),
        },
        (Checked::Lowest(lowest), QuestionKind::Lowest(measure)) => {
            let measure = measure_name(*measure);
            match *lowest {
                Lowest::Right { value } => {
                    tr!(
                        "lesson-lowest-right",
                        measure = measure,
                        value = number(value)
                    )
                }
                Lowest::Higher {
                    yours,
                    lowest,
                    example,
                } => tr!(
                    "lesson-lowest-higher",
                    measure = measure,
                    yours = number(yours),
                    lowest = number(lowest),
                    cell = example.to_string()
                ),
                Lowest::NotInFrontier => tr!("lesson-lowest-not-frontier"),
            }
        }
        (Checked::Joined(joining), _) => {
            crate::games::sandbox::predict_feedback::joins_feedback(joining)
        }
        (Checked::Choice { right: true, .. }, _) => tr!("lesson-choice-right"),
        (Checked::Choice { picked, answer, .. }, QuestionKind::Choice { choices, .. }) => tr!(
            "lesson-choice-wrong",
            picked = choices[*picked].clone(),
            choice = choices[*answer].clone()
        ),
        (
            Checked::Painted(painted),
            QuestionKind::PaintWall {
                longer, shorter, ..
            },
        ) => {
            let (longer_name, shorter_name) = (path_algorithm(*longer), path_algorithm(*shorter));
            match *painted {
                Painted::Right { longer, shorter } => tr!(
                    "lesson-paint-right",
                    longer = longer_name,
                    longer_cost = number(longer),
                    shorter = shorter_name,
                    shorter_cost = number(shorter)
                ),
                Painted::NotOneWall { changed } => {
                    if changed == usize::MAX {
                        tr!("lesson-paint-other-board")
                    } else {
                        tr!("lesson-paint-not-one-wall", changed = changed)
                    }
                }
                Painted::NotLonger { longer, shorter } => tr!(
                    "lesson-paint-not-longer",
                    longer = longer_name,
                    longer_cost = cost(longer),
                    shorter = shorter_name,
                    shorter_cost = cost(shorter)
                ),
            }
        }
        _ => String::new(),
    }
}
