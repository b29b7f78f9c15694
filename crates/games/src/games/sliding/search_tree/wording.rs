//! The words on the tree and the tables in the current language, with the heuristics named
//! by the textbook's letters: 错位数码数 w(n), 曼哈顿距离 p(n), any other h(n); the depth
//! g(n) is the textbook's d(n).

use super::drawing::TreeWording;
use super::open_closed::TablesWording;
use super::record::{Ranked, SearchTree, trim};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::PuzzleHeuristic;
use crate::tr;

/// The textbook's letter for a heuristic: w for misplaced tiles, p for Manhattan distance.
pub fn heuristic_letter(heuristic: PuzzleHeuristic) -> &'static str {
    match heuristic {
        PuzzleHeuristic::Misplaced => "w",
        PuzzleHeuristic::Manhattan => "p",
        _ => "h",
    }
}

/// The search's name, with its heuristic and letter when it reads one: `A* · 错位数码数 w(n)`.
pub fn search_name(tree: &SearchTree, algorithm: PathAlgorithm) -> String {
    let name = crate::names::path_algorithm(algorithm);
    let heuristic = tree.problem().heuristic;
    if tree.ranked().uses_h() {
        format!(
            "{name} · {} {}(n)",
            heuristic.name(),
            heuristic_letter(heuristic)
        )
    } else {
        name
    }
}

/// How to read a node: the evaluation function in the textbook's letters.
fn legend(tree: &SearchTree) -> String {
    let h = heuristic_letter(tree.problem().heuristic);
    match tree.ranked() {
        Ranked::Arrival => tr!("search-tree-legend-depth"),
        Ranked::G => tr!("search-tree-legend-cost"),
        Ranked::H => tr!("search-tree-legend-greedy", h = h),
        Ranked::GPlusH => tr!("search-tree-legend-astar", h = h),
        Ranked::Weighted(w) => tr!("search-tree-legend-weighted", h = h, weight = trim(w)),
    }
}

/// The tree's words at `step`.
pub fn tree_wording(tree: &SearchTree, algorithm: PathAlgorithm, step: usize) -> TreeWording {
    TreeWording {
        title: tr!(
            "search-tree-title",
            search = search_name(tree, algorithm),
            step = step
        ),
        legend: legend(tree),
        marks: tr!("search-tree-marks"),
        repeat: tr!("search-tree-repeat"),
        replaced: tr!("search-tree-replaced"),
    }
}

/// The tables' words.
pub fn tables_wording(tree: &SearchTree, algorithm: PathAlgorithm) -> TablesWording {
    TablesWording {
        title: tr!("search-tables-title", search = search_name(tree, algorithm)),
        step: tr!("search-tables-step"),
        taken: tr!("search-tables-taken"),
        open: tr!("search-tables-open"),
        closed: tr!("search-tables-closed"),
        goal: tr!("search-tables-goal"),
        no_solution: tr!("search-tables-no-solution"),
    }
}
