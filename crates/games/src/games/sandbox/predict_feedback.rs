//! "Predict the next step" on the Pathfinding board: with the mode on, a click on a cell is
//! an answer to "which cell does the search expand next?". The search then takes its step
//! and the student is told whether the answer was right and why, by the algorithm's own
//! rule (a tie its rule broke the other way counts as right).

use crate::games::sandbox::PathAlgorithm;
use crate::games::sandbox::predict::Joining;
use crate::grid::Pos;
use crate::search::predict::{Prediction, Verdict};
use crate::teach::predictions::{measure_name, rule};
use crate::tr;

/// What the student is told about `prediction`, an answer about a step of `algorithm`.
pub fn feedback(algorithm: PathAlgorithm, prediction: &Prediction<Pos>) -> String {
    crate::teach::predictions::feedback(prediction, rule(algorithm), measure_name(algorithm))
}

/// What the student is told about `prediction` when only the very cell counts: a cell that
/// ties with it is wrong, and told so by the tie rule (a lesson page about ties asks this).
pub fn exact_feedback(algorithm: PathAlgorithm, prediction: &Prediction<Pos>) -> String {
    match prediction.verdict {
        Verdict::Tie { value } => tr!(
            "predict-tie-exact",
            answer = prediction.answer.to_string(),
            taken = prediction.taken.to_string(),
            measure = measure_name(algorithm),
            value = crate::teach::number(value),
            rule = rule(algorithm)
        ),
        _ => feedback(algorithm, prediction),
    }
}

/// An answer about the board's next step: the cell expanded, or the cells that join the
/// frontier.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardAnswer {
    Next(Prediction<Pos>),
    Joins(Joining),
}

impl crate::teach::predictions::Judged for BoardAnswer {
    fn is_right(&self) -> bool {
        match self {
            BoardAnswer::Next(prediction) => prediction.verdict.is_right(),
            BoardAnswer::Joins(joining) => joining.is_right(),
        }
    }
}

/// Cells named in a sentence ("(3,4) (5,6)"), or "none".
fn cells(cells: &[Pos]) -> String {
    if cells.is_empty() {
        return tr!("joins-none");
    }
    let names: Vec<String> = cells.iter().map(Pos::to_string).collect();
    names.join(" ")
}

/// What the student is told about the cells they said would join the frontier.
pub fn joins_feedback(joining: &Joining) -> String {
    if joining.is_right() {
        tr!(
            "joins-right",
            count = joining.joined.len(),
            cells = cells(&joining.joined)
        )
    } else {
        tr!(
            "joins-wrong",
            cells = cells(&joining.joined),
            extra = cells(&joining.extra),
            missed = cells(&joining.missed)
        )
    }
}

/// What the student is told about any answer.
pub fn told(algorithm: PathAlgorithm, answer: &BoardAnswer) -> String {
    match answer {
        BoardAnswer::Next(prediction) => feedback(algorithm, prediction),
        BoardAnswer::Joins(joining) => joins_feedback(joining),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Side;
    use crate::search::predict::Verdict;

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
        let astar = PathAlgorithm::search(crate::search::Algorithm::AStar);
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
    fn asked_for_the_very_cell_a_tie_is_not_quite_and_told_the_tie_rule() {
        let astar = PathAlgorithm::search(crate::search::Algorithm::AStar);
        let tie = exact_feedback(astar, &prediction(Verdict::Tie { value: 32.0 }));
        assert!(tie.starts_with("Not quite"), "{tie}");
        assert!(tie.contains("(3,5) ties with (12,4) (f 32)"), "{tie}");
        assert!(tie.contains("ties go to the newest"), "{tie}");
        let right = exact_feedback(astar, &prediction(Verdict::Right));
        assert_eq!(right, feedback(astar, &prediction(Verdict::Right)));
    }

    #[test]
    fn stepping_back_takes_later_answers_out_of_the_score() {
        let mut answers = crate::teach::predictions::Predictions::default();
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
