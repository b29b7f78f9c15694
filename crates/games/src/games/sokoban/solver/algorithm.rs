//! The searches the Sokoban solver offers: four best-first policies of the engine, and IDA*,
//! the depth-first search under a rising bound on pushes + matching bound that the classic
//! Sokoban solvers (Junghanns and Schaeffer's Rolling Stone) were built on.

use std::fmt;

use crate::search::predict::{Measure, Ranking};
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

/// What a Sokoban search is, described once: what the command line, the Solve panel's
/// picker, its pseudo-code, predict mode and the portfolio read.
#[derive(Debug)]
pub struct SokobanDescriptor {
    /// The command-line name.
    pub code: &'static str,
    /// The name in English, as the command line prints it.
    pub name: &'static str,
    /// The message key of its name.
    pub name_key: &'static str,
    /// The engine's policy, for the best-first searches (`None`: IDA*).
    pub policy: Option<Algorithm>,
    /// How the frontier is ranked, for judging a prediction.
    pub ranking: Ranking,
    /// The message key of that rule in a sentence.
    pub rule_key: &'static str,
    /// Whether a run given up on proves a lower bound on the pushes (or moves) of every
    /// solution: BFS and A* expand in an order that never passes the optimum, and IDA*
    /// found nothing within the bounds of the iterations it finished.
    pub proves_bound: bool,
}

const BFS: SokobanDescriptor = SokobanDescriptor {
    code: "bfs",
    name: "BFS",
    name_key: "algo-bfs",
    policy: Some(Algorithm::Bfs),
    ranking: Ranking::Lowest(Measure::Depth),
    rule_key: "sk-predict-rule-bfs",
    proves_bound: true,
};

const DFS: SokobanDescriptor = SokobanDescriptor {
    code: "dfs",
    name: "DFS",
    name_key: "algo-dfs",
    policy: Some(Algorithm::Dfs),
    ranking: Ranking::Order,
    rule_key: "sk-predict-rule-dfs",
    proves_bound: false,
};

const ASTAR: SokobanDescriptor = SokobanDescriptor {
    code: "astar",
    name: "A*",
    name_key: "algo-astar",
    policy: Some(Algorithm::AStar),
    ranking: Ranking::Lowest(Measure::F),
    rule_key: "sk-predict-rule-astar",
    proves_bound: true,
};

const GREEDY: SokobanDescriptor = SokobanDescriptor {
    code: "greedy",
    name: "Greedy best-first",
    name_key: "algo-greedy",
    policy: Some(Algorithm::Greedy),
    ranking: Ranking::Lowest(Measure::H),
    rule_key: "sk-predict-rule-greedy",
    proves_bound: false,
};

const IDA_STAR: SokobanDescriptor = SokobanDescriptor {
    code: "idastar",
    name: "IDA*",
    name_key: "algo-idastar",
    policy: None,
    ranking: Ranking::Order,
    rule_key: "sk-predict-rule-deepening",
    proves_bound: true,
};

impl SokobanAlgorithm {
    /// What it is, described once. (The enum is what saved settings name.)
    pub fn descriptor(self) -> &'static SokobanDescriptor {
        match self {
            SokobanAlgorithm::Bfs => &BFS,
            SokobanAlgorithm::Dfs => &DFS,
            SokobanAlgorithm::AStar => &ASTAR,
            SokobanAlgorithm::Greedy => &GREEDY,
            SokobanAlgorithm::IdaStar => &IDA_STAR,
        }
    }

    /// The engine's policy, for the best-first searches.
    pub fn best_first(self) -> Option<Algorithm> {
        self.descriptor().policy
    }

    /// What the limit counts, for the iterative deepening search.
    pub fn deepening(self) -> Option<DeepeningLimit> {
        self.best_first().is_none().then_some(DeepeningLimit::Cost)
    }

    /// The command-line name.
    pub fn code(self) -> String {
        self.descriptor().code.into()
    }

    /// Whether the search asks for the matching lower bound.
    pub fn uses_heuristic(self) -> bool {
        self.best_first().is_none_or(Algorithm::uses_heuristic)
    }

    /// See [`SokobanDescriptor::proves_bound`].
    pub fn proves_bound(self) -> bool {
        self.descriptor().proves_bound
    }

    /// How the frontier is ranked, for judging a prediction.
    pub fn ranking(self) -> Ranking {
        self.descriptor().ranking
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
        f.write_str(self.descriptor().name)
    }
}
