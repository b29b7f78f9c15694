//! The searches the Sokoban solver offers: four best-first policies of the engine, and IDA*,
//! the depth-first search under a rising bound on pushes + matching bound that the classic
//! Sokoban solvers (Junghanns and Schaeffer's Rolling Stone) were built on.

use std::fmt;

use crate::search::{Algorithm, DeepeningLimit, unknown_algorithm};

/// A Sokoban search. Saved settings name the best-first ones as [`Algorithm`] does (`AStar`),
/// so settings saved before IDA* was offered still load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SokobanAlgorithm {
    Bfs,
    Dfs,
    AStar,
    Greedy,
    /// Depth-first under a bound on g + h that rises to the smallest value cut off.
    IdaStar,
}

/// The searches in the order they are listed: the command line, the Solve picker and the
/// race of Compare all take this list.
pub const ALGORITHMS: [SokobanAlgorithm; 5] = [
    SokobanAlgorithm::Bfs,
    SokobanAlgorithm::Dfs,
    SokobanAlgorithm::AStar,
    SokobanAlgorithm::Greedy,
    SokobanAlgorithm::IdaStar,
];

impl SokobanAlgorithm {
    /// The engine's policy, for the best-first searches.
    pub fn best_first(self) -> Option<Algorithm> {
        match self {
            SokobanAlgorithm::Bfs => Some(Algorithm::Bfs),
            SokobanAlgorithm::Dfs => Some(Algorithm::Dfs),
            SokobanAlgorithm::AStar => Some(Algorithm::AStar),
            SokobanAlgorithm::Greedy => Some(Algorithm::Greedy),
            SokobanAlgorithm::IdaStar => None,
        }
    }

    /// What the limit counts, for the iterative deepening search.
    pub fn deepening(self) -> Option<DeepeningLimit> {
        (self == SokobanAlgorithm::IdaStar).then_some(DeepeningLimit::Cost)
    }

    /// The command-line name.
    pub fn code(self) -> String {
        match self.best_first() {
            Some(a) => a.code(),
            None => "idastar".into(),
        }
    }

    /// Whether the search asks for the matching lower bound.
    pub fn uses_heuristic(self) -> bool {
        self.best_first().is_none_or(Algorithm::uses_heuristic)
    }

    /// Whether a run given up on proves a lower bound on the pushes (or moves) of every
    /// solution: BFS and A* expand in an order that never passes the optimum, and IDA*
    /// found nothing within the bounds of the iterations it finished.
    pub fn proves_bound(self) -> bool {
        matches!(
            self,
            SokobanAlgorithm::Bfs | SokobanAlgorithm::AStar | SokobanAlgorithm::IdaStar
        )
    }
}

/// Parses one of [`ALGORITHMS`] by its command-line name (`a*` is understood too).
///
/// ```
/// use frontier_games::games::sokoban::solver::{SokobanAlgorithm, parse_algorithm};
/// assert_eq!(parse_algorithm("IDAstar"), Ok(SokobanAlgorithm::IdaStar));
/// assert_eq!(parse_algorithm("a*"), Ok(SokobanAlgorithm::AStar));
/// assert!(parse_algorithm("dijkstra").unwrap_err().contains("bfs, dfs, astar, greedy or idastar"));
/// ```
pub fn parse_algorithm(text: &str) -> Result<SokobanAlgorithm, String> {
    let named = Algorithm::named(text).ok().flatten();
    let lower = text.to_ascii_lowercase();
    ALGORITHMS
        .into_iter()
        .find(|a| match (a.best_first(), named) {
            (Some(policy), Some(named)) => policy == named,
            _ => a.code() == lower,
        })
        .ok_or_else(|| unknown_algorithm(text, ALGORITHMS.map(SokobanAlgorithm::code)))
}

impl fmt::Display for SokobanAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.best_first() {
            Some(a) => a.fmt(f),
            None => f.write_str("IDA*"),
        }
    }
}
