//! "Predict the next step": a student names the state a search will expand next, and the
//! answer is judged by the search itself. The caller steps a copy of the run once (every
//! engine can be copied), so every engine is judged the same way; an answer the search would
//! have taken but for its tie rule is right too, and the verdict says how the rule chose.

use super::run::{State, expanded_by};
use super::{Cost, NodeStatus, NodeView, Problem, Run, Side};

/// Two priorities closer than this are equal (sums of √2 differ in their last bits).
const TIE: Cost = 1e-9;

/// What a search ranks its frontier by, as far as a student can compare two states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Lowest first: the frontier is a priority queue on this value.
    Lowest(Measure),
    /// Arrival order alone (a stack, or a depth-first walk): only the one state is right.
    Order,
}

/// The value a best-first frontier is ordered by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Moves from the start: BFS takes its queue layer by layer.
    Depth,
    /// The cost so far.
    G,
    /// The run's own priority (g + h for A*, g + w·h for weighted A*).
    F,
    /// The heuristic estimate alone (greedy).
    H,
}

impl Measure {
    /// The value of a state the search knows, from what it says of it.
    pub fn of<S>(self, view: &NodeView<S>) -> Cost {
        match self {
            Measure::Depth => view.depth as Cost,
            Measure::G => view.g,
            Measure::F => view.f,
            Measure::H => view.h,
        }
    }
}

/// How an answer compares with the step the search takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The very state.
    Right,
    /// A state the search ranks equal to the one it takes (`value`): right, the tie rule
    /// chose the other.
    Tie {
        /// The value both share.
        value: Cost,
    },
    /// In the frontier, ranked after the state taken: the two values, when the frontier is
    /// ranked by one.
    Later {
        /// The value of the state taken.
        taken: Option<Cost>,
        /// The value of the state named.
        answer: Option<Cost>,
    },
    /// In the other search's frontier: this step belongs to the search from the other end.
    OtherSide,
    /// Not in the frontier (already expanded, never reached, or not a state at all).
    NotInFrontier,
}

impl Verdict {
    /// Whether the answer counts as right.
    pub fn is_right(self) -> bool {
        matches!(self, Verdict::Right | Verdict::Tie { .. })
    }
}

/// A judged answer: the state named, the state the search expands, and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction<S> {
    /// The state named.
    pub answer: S,
    /// The state the search expands.
    pub taken: S,
    /// Which search of a two-ended run takes the step.
    pub side: Side,
    /// How the two compare.
    pub verdict: Verdict,
}

/// The state `run`'s next step expands (a copy of the run takes the step), if it expands
/// one.
pub fn next_expansion<R: Run + Clone>(run: &R) -> Option<(Side, State<R>)> {
    if run.ended().is_some() {
        return None;
    }
    let mut ahead = run.clone();
    let step = ahead.step();
    expanded_by(step, &ahead)
}

/// Judges `answer` as the state `before` expands next, given `next`, what its next step
/// expands (see [`expanded_by`]), under the frontier's `ranking`.
pub fn judge<P: Problem>(
    before: &dyn Run<Problem = P>,
    next: (Side, P::State),
    answer: P::State,
    ranking: Ranking,
) -> Prediction<P::State> {
    let (side, taken) = next;
    let verdict = verdict(before, side, &taken, &answer, ranking);
    Prediction {
        answer,
        taken,
        side,
        verdict,
    }
}

fn verdict<P: Problem>(
    run: &dyn Run<Problem = P>,
    side: Side,
    taken: &P::State,
    answer: &P::State,
    ranking: Ranking,
) -> Verdict {
    if answer == taken {
        return Verdict::Right;
    }
    let in_frontier = |side: Side| {
        run.node_on(answer, side)
            .filter(|view| view.status == NodeStatus::Frontier)
    };
    let Some(view) = in_frontier(side) else {
        let other = match side {
            Side::Forward => Side::Backward,
            Side::Backward => Side::Forward,
        };
        return if in_frontier(other).is_some() {
            Verdict::OtherSide
        } else {
            Verdict::NotInFrontier
        };
    };
    let Ranking::Lowest(measure) = ranking else {
        return Verdict::Later {
            taken: None,
            answer: None,
        };
    };
    // The state taken was in the frontier before the step, so the run knows it as it was.
    let Some(taken_view) = run.node_on(taken, side) else {
        return Verdict::NotInFrontier;
    };
    let (taken_value, answer_value) = (measure.of(&taken_view), measure.of(&view));
    if (answer_value - taken_value).abs() <= TIE {
        Verdict::Tie { value: taken_value }
    } else {
        Verdict::Later {
            taken: Some(taken_value),
            answer: Some(answer_value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, Search};

    /// Any problem, not only boards: on a number line from 0, BFS expands 0, then 1 and -1
    /// (a layer, either first is right), and 2 only after them.
    #[test]
    fn any_search_is_judged_by_its_own_ranking() {
        let line = Search::from_fn(0i32, |&n: &i32| [(n + 1, 1.0), (n - 1, 1.0)], |&n| n == 9)
            .with_algorithm(Algorithm::Bfs);
        let mut run = line.clone();
        let ahead = |run: &Search<_>| next_expansion(run).expect("a step");
        let layer = Ranking::Lowest(Measure::Depth);
        assert_eq!(judge(&run, ahead(&run), 0, layer).verdict, Verdict::Right);
        run.next();
        let next = ahead(&run);
        let other = if next.1 == 1 { -1 } else { 1 };
        assert_eq!(
            judge(&run, next, other, layer).verdict,
            Verdict::Tie { value: 1.0 }
        );
        assert_eq!(judge(&run, next, 0, layer).verdict, Verdict::NotInFrontier);
        assert_eq!(judge(&run, next, 5, layer).verdict, Verdict::NotInFrontier);
    }
}
