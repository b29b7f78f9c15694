//! The names of things in the current language: algorithms, heuristics, board generators,
//! terrains and directions, as every tab shows them. (Their `Display`, in English, is what
//! the command line prints.)

use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::{Heuristic, PathAlgorithm};
use crate::grid::Dir;
use crate::i18n::try_tr;
use crate::search::{Algorithm, Limit};
use crate::tr;

/// An algorithm's short name, for tables and chart legends: BFS, DFS, A*...
pub fn algorithm_short(algorithm: Algorithm) -> String {
    match algorithm {
        Algorithm::Bfs => "BFS".into(),
        Algorithm::Dfs => "DFS".into(),
        Algorithm::Dijkstra => tr!("algo-dijkstra"),
        Algorithm::AStar => "A*".into(),
        Algorithm::WeightedAStar(w) => tr!("algo-wastar-short", weight = w),
        Algorithm::Greedy => tr!("algo-greedy-short"),
    }
}

/// A Pathfinding algorithm's name, with weighted A*'s weight.
pub fn path_algorithm(algorithm: PathAlgorithm) -> String {
    let key = algorithm.descriptor().name_key;
    match algorithm.weight() {
        Some(w) => {
            let mut args = crate::i18n::FluentArgs::new();
            args.set("weight", crate::i18n::Arg::value(w));
            crate::i18n::tr(key, Some(&args))
        }
        None => crate::i18n::tr(key, None),
    }
}

/// A Pathfinding run told apart from others on a chart: the algorithm, the moves, and the
/// heuristic when it uses one ("A*, 8 dirs, octile").
pub fn run_label(
    algorithm: PathAlgorithm,
    connectivity: crate::games::sandbox::Connectivity,
    heuristic: Heuristic,
) -> String {
    let moves = match connectivity {
        crate::games::sandbox::Connectivity::Four => tr!("run-label-four"),
        crate::games::sandbox::Connectivity::Eight => tr!("run-label-eight"),
    };
    let mut parts = vec![path_algorithm(algorithm), moves];
    if algorithm.uses_heuristic() {
        parts.push(self::heuristic(heuristic).to_lowercase());
    }
    parts.join(&tr!("run-label-separator"))
}

/// A Pathfinding algorithm's name in a picker: weighted A* without its weight.
pub fn path_algorithm_kind(algorithm: PathAlgorithm) -> String {
    crate::i18n::tr(algorithm.descriptor().kind_key, None)
}

pub fn heuristic(heuristic: Heuristic) -> String {
    match heuristic {
        Heuristic::Manhattan => tr!("heuristic-manhattan"),
        Heuristic::Euclidean => tr!("heuristic-euclidean"),
        Heuristic::Octile => tr!("heuristic-octile"),
        Heuristic::Chebyshev => tr!("heuristic-chebyshev"),
        Heuristic::Zero => tr!("heuristic-zero"),
    }
}

/// A board generator's name; `with_density` adds a scatter's share of walls.
pub fn generator(generator: Generator, with_density: bool) -> String {
    match generator {
        Generator::RecursiveBacktracker => tr!("generator-backtracker"),
        Generator::Prim => tr!("generator-prim"),
        Generator::Kruskal => tr!("generator-kruskal"),
        Generator::RecursiveDivision => tr!("generator-division"),
        Generator::Scatter { density } if with_density => {
            tr!(
                "generator-scatter-density",
                percent = (density * 100.0).round()
            )
        }
        Generator::Scatter { .. } => tr!("generator-scatter"),
    }
}

/// A terrain's name: the known ones translated, a board's own as the board names it.
pub fn terrain(name: &str) -> String {
    try_tr(&format!("terrain-{name}"), None).unwrap_or_else(|| name.to_string())
}

/// A direction: "up", "right"...
pub fn direction(dir: Dir) -> String {
    match dir {
        Dir::Up => tr!("dir-up"),
        Dir::Right => tr!("dir-right"),
        Dir::Down => tr!("dir-down"),
        Dir::Left => tr!("dir-left"),
    }
}

/// Why a run gave up.
pub fn limit(limit: Limit) -> String {
    match limit {
        Limit::Expansions(n) => tr!("limit-expansions", count = n),
        Limit::States(n) => tr!("limit-states", count = n),
        Limit::Bytes(n) => tr!("limit-bytes", mib = n >> 20),
        Limit::Time => tr!("limit-time"),
        Limit::Cancelled => tr!("limit-cancelled"),
    }
}
