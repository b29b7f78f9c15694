//! "Predict the next step" on a board: which cell a [`GridRun`] expands next, and how an
//! answer compares (see [`crate::search::predict`]), by each algorithm's own ranking.

use super::{GridRun, PathAlgorithm};
use crate::grid::Pos;
use crate::search::predict::{self, Prediction, Ranking};

impl PathAlgorithm {
    /// How the frontier is ranked, for judging a prediction.
    pub fn ranking(self) -> Ranking {
        self.descriptor().ranking
    }
}

/// Judges `answer` as the cell `run` expands next; `None` when the next step expands none
/// (the run is over, or about to end without an expansion).
pub fn judge(run: &GridRun, answer: Pos) -> Option<Prediction<Pos>> {
    let next = run.next_expansion()?;
    Some(predict::judge(
        run.engine(),
        next,
        answer,
        run.algorithm().ranking(),
    ))
}

/// "Which cells join the frontier at the next step?", judged: the cells that join (in the
/// frontier after the step and not before; on either side of a two-ended search), the
/// ones named that do not, and the ones missed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joining {
    pub joined: Vec<Pos>,
    pub extra: Vec<Pos>,
    pub missed: Vec<Pos>,
}

impl Joining {
    pub fn is_right(&self) -> bool {
        self.extra.is_empty() && self.missed.is_empty()
    }
}

/// The cells of `run`'s board in its frontier (either side's).
fn frontier_cells(run: &GridRun) -> std::collections::BTreeSet<Pos> {
    let board = run.problem().board();
    board
        .cells()
        .positions()
        .filter(|&p| {
            [crate::search::Side::Forward, crate::search::Side::Backward]
                .into_iter()
                .any(|side| {
                    (run.engine().node_on(&p, side))
                        .is_some_and(|v| v.status == crate::search::NodeStatus::Frontier)
                })
        })
        .collect()
}

/// Judges `answer` as the cells joining `run`'s frontier at its next step (by stepping a
/// copy); `None` when the run has no step left.
pub fn judge_joining(run: &GridRun, answer: &[Pos]) -> Option<Joining> {
    let before = frontier_cells(run);
    let mut after_run = run.clone();
    after_run.next()?;
    let joined: Vec<Pos> = frontier_cells(&after_run)
        .difference(&before)
        .copied()
        .collect();
    let named: std::collections::BTreeSet<Pos> = answer.iter().copied().collect();
    Some(Joining {
        extra: named
            .iter()
            .filter(|p| !joined.contains(p))
            .copied()
            .collect(),
        missed: joined
            .iter()
            .filter(|p| !named.contains(p))
            .copied()
            .collect(),
        joined,
    })
}
