//! "Predict the next step" on the Pathfinding board: with the mode on, a click on a cell is
//! an answer to "which cell does the search expand next?". The search then takes its step
//! and the student is told whether the answer was right and why, by the algorithm's own
//! rule (a tie its rule broke the other way counts as right). Answers are kept by the step
//! they led to, so stepping back takes an answer back out of the score.

use std::collections::BTreeMap;

use crate::games::sandbox::PathAlgorithm;
use crate::grid::Pos;
use crate::search::predict::{Measure, Prediction, Ranking, Verdict};
use crate::search::{Algorithm, Side};
use crate::tr;

use super::teach::number;

/// The answers of a session of predictions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Predictions {
    /// Whether each answer was right, by the step it led to.
    answers: BTreeMap<usize, Prediction<Pos>>,
}

impl Predictions {
    /// Records the answer that led to step `step` (replacing one given there before).
    pub fn record(&mut self, step: usize, prediction: Prediction<Pos>) {
        self.answers.insert(step, prediction);
    }

    /// Right answers and answers given, up to step `at` (later ones were stepped back over).
    pub fn score(&self, at: usize) -> (usize, usize) {
        let given = self.answers.range(..=at);
        let right = given.clone().filter(|(_, p)| p.verdict.is_right()).count();
        (right, self.answers.range(..=at).count())
    }

    /// The answer that led to step `at`, if one did.
    pub fn at(&self, at: usize) -> Option<&Prediction<Pos>> {
        self.answers.get(&at)
    }
}

/// The rule by which `algorithm` picks the next cell, in a sentence.
fn rule(algorithm: PathAlgorithm) -> String {
    let each = algorithm.bidirectional().map(PathAlgorithm::Search);
    match each.unwrap_or(algorithm) {
        PathAlgorithm::Search(Algorithm::Bfs) => tr!("predict-rule-bfs"),
        PathAlgorithm::Search(Algorithm::Dfs) => tr!("predict-rule-dfs"),
        PathAlgorithm::Search(Algorithm::Dijkstra) => tr!("predict-rule-dijkstra"),
        PathAlgorithm::Search(Algorithm::AStar) => tr!("predict-rule-astar"),
        PathAlgorithm::Search(Algorithm::WeightedAStar(_)) => tr!("predict-rule-wastar"),
        PathAlgorithm::Search(Algorithm::Greedy) => tr!("predict-rule-greedy"),
        PathAlgorithm::Iddfs | PathAlgorithm::IdaStar => tr!("predict-rule-deepening"),
        PathAlgorithm::Jps => tr!("predict-rule-jps"),
        PathAlgorithm::DStarLite => tr!("predict-rule-dstar"),
        _ => tr!("predict-rule-astar"),
    }
}

fn measure_name(algorithm: PathAlgorithm) -> String {
    match algorithm.ranking() {
        Ranking::Lowest(Measure::Depth) => tr!("predict-measure-depth"),
        Ranking::Lowest(Measure::G) => "g".into(),
        Ranking::Lowest(Measure::F) => match algorithm {
            PathAlgorithm::Search(Algorithm::WeightedAStar(_)) => "g + w·h".into(),
            _ => "f".into(),
        },
        Ranking::Lowest(Measure::H) => "h".into(),
        Ranking::Order => String::new(),
    }
}

/// What the student is told about `prediction`, an answer about a step of `algorithm`.
pub fn feedback(algorithm: PathAlgorithm, prediction: &Prediction<Pos>) -> String {
    let (answer, taken) = (prediction.answer.to_string(), prediction.taken.to_string());
    let measure = measure_name(algorithm);
    match prediction.verdict {
        Verdict::Right => tr!("predict-right", cell = taken, rule = rule(algorithm)),
        Verdict::Tie { value } => tr!(
            "predict-tie",
            answer = answer,
            taken = taken,
            measure = measure,
            value = number(value),
            rule = rule(algorithm)
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
            rule = rule(algorithm)
        ),
        Verdict::Later { .. } => tr!("predict-order", taken = taken, rule = rule(algorithm)),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn prediction(verdict: Verdict) -> Prediction<Pos> {
        Prediction {
            answer: Pos::new(3, 5),
            taken: Pos::new(12, 4),
            side: Side::Forward,
            verdict,
        }
    }

    #[test]
    fn a_wrong_answer_is_told_why_with_both_values_and_a_tie_says_how_it_was_broken() {
        let astar = PathAlgorithm::Search(Algorithm::AStar);
        let later = prediction(Verdict::Later {
            taken: Some(18.0),
            answer: Some(20.0),
        });
        let text = feedback(astar, &later);
        assert!(text.contains("(12,4)") && text.contains("f 18"), "{text}");
        assert!(text.contains("yours has f 20"), "{text}");
        assert!(text.contains("lowest f = g + h"), "{text}");

        let tie = feedback(astar, &prediction(Verdict::Tie { value: 18.0 }));
        assert!(tie.starts_with("Right"), "{tie}");
        assert!(tie.contains("ties go to the newest"), "{tie}");

        let outside = feedback(astar, &prediction(Verdict::NotInFrontier));
        assert!(outside.contains("not in the frontier"), "{outside}");
    }

    #[test]
    fn stepping_back_takes_later_answers_out_of_the_score() {
        let mut answers = Predictions::default();
        answers.record(1, prediction(Verdict::Right));
        answers.record(2, prediction(Verdict::NotInFrontier));
        answers.record(3, prediction(Verdict::Tie { value: 1.0 }));
        assert_eq!(answers.score(3), (2, 3));
        assert_eq!(answers.score(2), (1, 2));
        answers.record(3, prediction(Verdict::NotInFrontier));
        assert_eq!(
            answers.score(9),
            (1, 3),
            "an answer given again replaces the old one"
        );
    }
}
