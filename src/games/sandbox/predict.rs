//! "Predict the next step" on a board: which cell a [`GridRun`] expands next, and how an
//! answer compares (see [`crate::search::predict`]), by each algorithm's own ranking.

use super::{GridRun, PathAlgorithm};
use crate::grid::Pos;
use crate::search::Algorithm;
use crate::search::predict::{self, Measure, Prediction, Ranking};

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
            PathAlgorithm::Search(Algorithm::AStar | Algorithm::WeightedAStar(_))
            | PathAlgorithm::BidirectionalAStar
            | PathAlgorithm::Jps => Ranking::Lowest(Measure::F),
            PathAlgorithm::Search(Algorithm::Greedy) => Ranking::Lowest(Measure::H),
            PathAlgorithm::Search(Algorithm::Dfs)
            | PathAlgorithm::Iddfs
            | PathAlgorithm::IdaStar
            | PathAlgorithm::DStarLite => Ranking::Order,
        }
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
