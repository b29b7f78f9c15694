//! The answers of "Predict the next step", kept by the step they led to so that stepping
//! back takes an answer back out of the score, and what a student is told about one, in
//! the words of the search's own rule. Shared by every tab that shows a search.

use std::collections::BTreeMap;

use crate::games::sandbox::PathAlgorithm;
use crate::grid::Pos;
use crate::search::Side;
use crate::search::predict::{Measure, Prediction, Ranking, Verdict};
use crate::tr;

use super::number;

/// An answer a student gave, judged.
pub trait Judged {
    fn is_right(&self) -> bool;
}

impl<S> Judged for Prediction<S> {
    fn is_right(&self) -> bool {
        self.verdict.is_right()
    }
}

impl Judged for crate::games::sandbox::predict::Joining {
    fn is_right(&self) -> bool {
        crate::games::sandbox::predict::Joining::is_right(self)
    }
}

/// The answers of a session of predictions (by default, which cell is expanded next).
#[derive(Clone, Debug, PartialEq)]
pub struct Predictions<A = Prediction<Pos>> {
    /// Each answer, by the step it led to.
    answers: BTreeMap<usize, A>,
}

impl<A> Default for Predictions<A> {
    fn default() -> Self {
        Predictions {
            answers: BTreeMap::new(),
        }
    }
}

impl<A: Judged> Predictions<A> {
    /// Records the answer that led to step `step` (replacing one given there before).
    pub fn record(&mut self, step: usize, answer: A) {
        self.answers.insert(step, answer);
    }

    /// Right answers and answers given, up to step `at` (later ones were stepped back over).
    pub fn score(&self, at: usize) -> (usize, usize) {
        let given = self.answers.range(..=at);
        let right = given.clone().filter(|(_, a)| a.is_right()).count();
        (right, self.answers.range(..=at).count())
    }

    /// The answer that led to step `at`, if one did.
    pub fn at(&self, at: usize) -> Option<&A> {
        self.answers.get(&at)
    }
}

/// The rule by which `algorithm` picks the next cell or position, in a sentence.
pub fn rule(algorithm: PathAlgorithm) -> String {
    crate::i18n::tr(algorithm.descriptor().rule_key, None)
}

pub fn measure_name(algorithm: PathAlgorithm) -> String {
    match algorithm.ranking() {
        Ranking::Lowest(Measure::Depth) => tr!("predict-measure-depth"),
        Ranking::Lowest(Measure::G) => "g".into(),
        Ranking::Lowest(Measure::F) if algorithm.weight().is_some() => "g + w·h".into(),
        Ranking::Lowest(Measure::F) => "f".into(),
        Ranking::Lowest(Measure::H) => "h".into(),
        Ranking::Order => String::new(),
    }
}

/// What the student is told about `prediction`: `rule` is how the search picks (a clause),
/// `measure` the name of the value it ranks by.
pub fn feedback(prediction: &Prediction<Pos>, rule: String, measure: String) -> String {
    feedback_naming(prediction, rule, measure, Pos::to_string)
}

/// [`feedback`] about states that `name` names.
pub fn feedback_naming<S>(
    prediction: &Prediction<S>,
    rule: String,
    measure: String,
    name: impl Fn(&S) -> String,
) -> String {
    let (answer, taken) = (name(&prediction.answer), name(&prediction.taken));
    match prediction.verdict {
        Verdict::Right => tr!("predict-right", cell = taken, rule = rule),
        Verdict::Tie { value } => tr!(
            "predict-tie",
            answer = answer,
            taken = taken,
            measure = measure,
            value = number(value),
            rule = rule
        ),
        Verdict::Later {
            taken: Some(taken_value),
            answer: Some(answer_value),
        } => tr!(
            "predict-later",
            answer = answer,
            taken = taken,
            measure = measure,
            taken_value = number(taken_value),
            answer_value = number(answer_value),
            rule = rule
        ),
        Verdict::Later { .. } => tr!("predict-order", taken = taken, rule = rule),
        Verdict::OtherSide => tr!(
            "predict-other-side",
            answer = answer,
            taken = taken,
            side = match prediction.side {
                Side::Forward => tr!("predict-side-start"),
                Side::Backward => tr!("predict-side-goal"),
            }
        ),
        Verdict::NotInFrontier => tr!("predict-not-frontier", answer = answer, taken = taken),
    }
}

/// The question (`ask`), or what was said of the answer that led to step `at`, and the
/// score.
/// What predict mode says at step `at`: what was said of the answer that led here; else
/// that the run is `over` (there is no next step to guess); else the question `ask`. The
/// panel and the narration of presentation mode both say this.
pub fn words<A: Judged>(
    predictions: &Predictions<A>,
    at: usize,
    over: bool,
    ask: String,
    told: impl Fn(&A) -> String,
) -> String {
    match predictions.at(at) {
        Some(prediction) => told(prediction),
        None if over => tr!("predict-over"),
        None => ask,
    }
}
