//! "Predict the next step": a student names the cell a search will expand next, and the
//! answer is judged by the search itself. The cell it will expand is found by stepping a copy
//! of the run once, so every engine is judged the same way; an answer the search would have
//! taken but for its tie rule is right too, and the verdict says how the rule chose.

use super::{GridRun, PathAlgorithm};
use crate::grid::Pos;
use crate::search::{Algorithm, Cost, Event, NodeStatus, NodeView, Side};

/// Two priorities closer than this are equal (sums of √2 differ in their last bits).
const TIE: Cost = 1e-9;

/// What the search ranks its frontier by, as far as a student can compare two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Lowest first: the frontier is a priority queue on this value (what it is depends on
    /// the algorithm: g, f = g + h, g + w·h, h or the depth of a BFS layer).
    Lowest(Measure),
    /// Arrival order alone (a stack, or a depth-first walk): only the one cell is right.
    Order,
}

/// The value a best-first frontier is ordered by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Moves from the start: BFS takes its queue layer by layer.
    Depth,
    G,
    F,
    /// g + w·h.
    WeightedF,
    H,
}

impl Measure {
    /// The value of a cell the search knows, from what it says of it.
    pub fn of(self, view: &NodeView<Pos>) -> Cost {
        match self {
            Measure::Depth => view.depth as Cost,
            Measure::G => view.g,
            Measure::F | Measure::WeightedF => view.f,
            Measure::H => view.h,
        }
    }
}

impl PathAlgorithm {
    /// How the frontier is ranked, for judging a prediction.
    pub fn ranking(self) -> Ranking {
        match self {
            PathAlgorithm::Search(Algorithm::Bfs) | PathAlgorithm::BidirectionalBfs => {
                Ranking::Lowest(Measure::Depth)
            }
            PathAlgorithm::Search(Algorithm::Dijkstra) | PathAlgorithm::BidirectionalDijkstra => {
                Ranking::Lowest(Measure::G)
            }
            PathAlgorithm::Search(Algorithm::AStar)
            | PathAlgorithm::BidirectionalAStar
            | PathAlgorithm::Jps => Ranking::Lowest(Measure::F),
            PathAlgorithm::Search(Algorithm::WeightedAStar(_)) => {
                Ranking::Lowest(Measure::WeightedF)
            }
            PathAlgorithm::Search(Algorithm::Greedy) => Ranking::Lowest(Measure::H),
            PathAlgorithm::Search(Algorithm::Dfs)
            | PathAlgorithm::Iddfs
            | PathAlgorithm::IdaStar
            | PathAlgorithm::DStarLite => Ranking::Order,
        }
    }
}

/// How an answer compares with the step the search takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The very cell.
    Right,
    /// A cell the search ranks equal to the one it takes (`value`): right, the tie rule
    /// chose the other.
    Tie { value: Cost },
    /// In the frontier, ranked after the cell taken: the two values, when the frontier is
    /// ranked by one.
    Later {
        taken: Option<Cost>,
        answer: Option<Cost>,
    },
    /// In the other search's frontier: this step belongs to the search from the other end.
    OtherSide,
    /// Not in the frontier (already expanded, never reached, or a wall).
    NotInFrontier,
}

impl Verdict {
    /// Whether the answer counts as right.
    pub fn is_right(self) -> bool {
        matches!(self, Verdict::Right | Verdict::Tie { .. })
    }
}

/// A judged answer: the cell named, the cell the search expands, and the verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    pub answer: Pos,
    pub taken: Pos,
    /// Which search of a two-ended run takes the step.
    pub side: Side,
    pub verdict: Verdict,
}

/// The cell the run's next step expands (and from which end), if it expands one.
pub fn next_expansion(run: &GridRun) -> Option<(Side, Pos)> {
    if run.ended().is_some() {
        return None;
    }
    let mut ahead = run.clone();
    match ahead.next()?.event {
        Event::Expanded { .. } | Event::Found { .. } => ahead.last_expanded(),
        Event::Exhausted | Event::GaveUp(_) => None,
    }
}

/// Judges `answer` as the cell `run` expands next; `None` when the next step expands none
/// (the run is over, or about to end without an expansion).
pub fn judge(run: &GridRun, answer: Pos) -> Option<Prediction> {
    let (side, taken) = next_expansion(run)?;
    let judged = |verdict| {
        Some(Prediction {
            answer,
            taken,
            side,
            verdict,
        })
    };
    if answer == taken {
        return judged(Verdict::Right);
    }
    let engine = run.engine();
    let in_frontier = |side: Side| {
        engine
            .node_on(&answer, side)
            .filter(|view| view.status == NodeStatus::Frontier)
    };
    let Some(view) = in_frontier(side) else {
        let other = match side {
            Side::Forward => Side::Backward,
            Side::Backward => Side::Forward,
        };
        return judged(if in_frontier(other).is_some() {
            Verdict::OtherSide
        } else {
            Verdict::NotInFrontier
        });
    };
    let Ranking::Lowest(measure) = run.algorithm().ranking() else {
        return judged(Verdict::Later {
            taken: None,
            answer: None,
        });
    };
    // The cell taken was in the frontier before the step, so the run knows it as it was.
    let Some(taken_view) = engine.node_on(&taken, side) else {
        return judged(Verdict::NotInFrontier);
    };
    let (taken_value, answer_value) = (measure.of(&taken_view), measure.of(&view));
    if (answer_value - taken_value).abs() <= TIE {
        judged(Verdict::Tie { value: taken_value })
    } else {
        judged(Verdict::Later {
            taken: Some(taken_value),
            answer: Some(answer_value),
        })
    }
}
