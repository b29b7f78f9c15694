//! "Predict the next step" in the Sokoban solver, as a solve keeps it: the answers, the
//! positions offered at the step shown, and what a student is told about an answer.

use std::collections::BTreeMap;

use super::SokobanAlgorithm;
use super::predict::{Choices, choices, pushed_box};
use super::push::Position;
use super::solve::SokobanRun;
use crate::search::predict::{Measure, Prediction, Ranking};
use crate::teach::predictions::{Predictions, feedback_naming};
use crate::tr;

/// Positions offered at each step.
const CHOICES: usize = 6;

/// The predictions of a solve, and the positions offered at the step shown.
#[derive(Default)]
pub struct SolvePredictions {
    pub answers: Predictions<Prediction<Position>>,
    /// The step the choices were made for, and the choices.
    offered: Option<(usize, Option<Choices>)>,
    /// The positions offered for each answer, by the step it led to (to name them).
    answered_from: BTreeMap<usize, Vec<Position>>,
}

impl SolvePredictions {
    /// The positions offered at step `at` of `run` (made once per step).
    pub fn offered(&mut self, at: usize, run: &SokobanRun) -> Option<&Choices> {
        if self.offered.as_ref().is_none_or(|(step, _)| *step != at) {
            self.offered = Some((at, choices(run, CHOICES)));
        }
        self.offered.as_ref()?.1.as_ref()
    }

    /// Keeps the answer that led to step `at`, and the positions it was picked from.
    pub fn record(&mut self, at: usize, answer: Prediction<Position>, offered: Vec<Position>) {
        self.answers.record(at, answer);
        self.answered_from.insert(at, offered);
    }

    /// What the student is told about `answer`, the one that led to step `at` of `run`. A
    /// position is named by its push ("the box at (3,4) to (4,4)"), as the student picked
    /// it, or else by its number among those offered.
    pub fn told(&self, at: usize, run: &SokobanRun, answer: &Prediction<Position>) -> String {
        let algorithm = run.algorithm();
        let offered = self.answered_from.get(&at);
        let name = |position: &Position| match pushed_box(run, position) {
            Some((from, to)) => tr!("predict-push", from = from.to_string(), to = to.to_string()),
            None => {
                let number = offered
                    .and_then(|o| o.iter().position(|p| p == position))
                    .map_or(0, |i| i + 1);
                tr!("predict-position", number = number)
            }
        };
        feedback_naming(answer, rule(algorithm), measure(algorithm), name)
    }
}

fn rule(algorithm: SokobanAlgorithm) -> String {
    crate::i18n::tr(algorithm.descriptor().rule_key, None)
}

fn measure(algorithm: SokobanAlgorithm) -> String {
    match algorithm.ranking() {
        Ranking::Lowest(Measure::Depth) => tr!("predict-measure-depth"),
        Ranking::Lowest(Measure::H) => "h".into(),
        Ranking::Lowest(_) => "g + h".into(),
        Ranking::Order => String::new(),
    }
}
