//! What the Pathfinding tab says about each step: the algorithm's pseudo-code with the
//! lines that step executed, and a one-line narration.

use crate::app::teach_text::policy_text;
use crate::games::sandbox::{GridRun, PathAlgorithm};
use crate::i18n;
use crate::search::{Algorithm, DeepeningLimit, DeepeningStatus, Event, Limit, Side, Step};
use crate::tr;

/// The message keys of the BFS listing's lines.
const BFS: [&str; 9] = [
    "code-bfs-1",
    "code-while-frontier",
    "code-bfs-3",
    "code-goal-test",
    "code-for-each-neighbour",
    "code-bfs-6",
    "code-bfs-7",
    "code-bfs-8",
    "code-no-path",
];

const DFS: [&str; 10] = [
    "code-dfs-1",
    "code-while-frontier",
    "code-dfs-3",
    "code-dfs-4",
    "code-goal-test",
    "code-mark-visited",
    "code-dfs-7",
    "code-dfs-8",
    "code-dfs-9",
    "code-no-path",
];

const IDDFS: [&str; 11] = [
    "code-iddfs-1",
    "code-iddfs-2",
    "code-iddfs-3",
    "code-iddfs-4",
    "code-iddfs-5",
    "code-iddfs-6",
    "code-iddfs-7",
    "code-iddfs-8",
    "code-iddfs-9",
    "code-iddfs-10",
    "code-iddfs-11",
];

const IDASTAR: [&str; 11] = [
    "code-idastar-1",
    "code-idastar-2",
    "code-idastar-3",
    "code-idastar-4",
    "code-idastar-5",
    "code-idastar-6",
    "code-idastar-7",
    "code-idastar-8",
    "code-idastar-9",
    "code-idastar-10",
    "code-idastar-11",
];

const JPS: [&str; 10] = [
    "code-jps-1",
    "code-while-open",
    "code-jps-3",
    "code-jps-4",
    "code-mark-visited",
    "code-jps-6",
    "code-jps-7",
    "code-jps-8",
    "code-jps-9",
    "code-no-path",
];

const DSTAR_LITE: [&str; 9] = [
    "code-dstar-1",
    "code-dstar-2",
    "code-dstar-3",
    "code-dstar-4",
    "code-dstar-5",
    "code-dstar-6",
    "code-dstar-7",
    "code-dstar-8",
    "code-dstar-9",
];

const BIDIRECTIONAL: [&str; 10] = [
    "code-bibfs-1",
    "code-bibfs-2",
    "code-bibfs-3",
    "code-bibfs-4",
    "code-bibfs-5",
    "code-bibfs-6",
    "code-bibfs-7",
    "code-bibfs-8",
    "code-bibfs-9",
    "code-no-path",
];

/// Bidirectional Dijkstra and A*: the lines that differ name the order and the stopping
/// rule.
fn bidirectional_best_first(astar: bool) -> Vec<String> {
    let (order, stop) = if astar {
        ("code-bibest-4-astar", "code-bibest-8-astar")
    } else {
        ("code-bibest-4-dijkstra", "code-bibest-8-dijkstra")
    };
    let commented =
        |code: &str, why: &str| format!("{}   ▹ {}", i18n::tr(code, None), i18n::tr(why, None));
    vec![
        tr!("code-bibest-1"),
        tr!("code-bibfs-2"),
        tr!("code-bibfs-3"),
        commented("code-bibest-4", order),
        tr!("code-bibfs-5"),
        tr!("code-bibest-6"),
        tr!("code-bibest-7"),
        commented(stop, "code-bibest-8-why"),
        tr!("code-bibest-9"),
        tr!("code-no-path"),
    ]
}

/// The pseudo-code of the best-first family, with the lines that differ per algorithm.
fn best_first(algorithm: Algorithm) -> [String; 11] {
    let text = policy_text(algorithm);
    [
        tr!("code-best-first-1"),
        tr!("code-while-frontier"),
        format!("    n ← {}   ▹ {}", text.pop, text.order),
        tr!("code-goal-test"),
        tr!("code-mark-visited"),
        tr!("code-for-each-neighbour"),
        tr!("code-g-prime"),
        format!("        {}", text.enters_if),
        format!("            {}", text.record),
        format!("            {}", text.push),
        tr!("code-no-path"),
    ]
}

/// The pseudo-code lines of `algorithm`.
pub fn pseudocode(algorithm: PathAlgorithm) -> Vec<String> {
    let keys: &[&str] = match algorithm {
        PathAlgorithm::Search(Algorithm::Bfs) => &BFS,
        PathAlgorithm::Search(Algorithm::Dfs) => &DFS,
        PathAlgorithm::Search(a) => return best_first(a).to_vec(),
        PathAlgorithm::BidirectionalBfs => &BIDIRECTIONAL,
        PathAlgorithm::Iddfs => &IDDFS,
        PathAlgorithm::IdaStar => &IDASTAR,
        PathAlgorithm::Jps => &JPS,
        PathAlgorithm::DStarLite => &DSTAR_LITE,
        PathAlgorithm::BidirectionalDijkstra => return bidirectional_best_first(false),
        PathAlgorithm::BidirectionalAStar => return bidirectional_best_first(true),
    };
    keys.iter().map(|key| i18n::tr(key, None)).collect()
}

/// The lines (1-based) the step that produced `event` went through last (`deepening`: the
/// run's iteration, for IDDFS and IDA*).
pub fn active_lines(
    algorithm: PathAlgorithm,
    event: Option<&Step>,
    deepening: Option<DeepeningStatus>,
) -> Vec<usize> {
    let Some(event) = event else {
        return vec![1];
    };
    if algorithm.deepening().is_some() {
        let began = deepening.is_some_and(|d| d.began_iteration);
        return match event.event {
            Event::GaveUp(_) => vec![],
            Event::Found { .. } => vec![2, 7],
            Event::Exhausted => vec![4],
            _ if began => vec![5, 2],
            _ => vec![9, 10],
        };
    }
    let grew =
        matches!(event.event, Event::Expanded { added, improved, .. } if added + improved > 0);
    match (algorithm, event.event) {
        (_, Event::GaveUp(_)) => vec![],
        (PathAlgorithm::Search(Algorithm::Bfs), e) => match e {
            Event::Found { .. } => vec![3, 4],
            Event::Exhausted => vec![9],
            _ if grew => vec![3, 8],
            _ => vec![3, 5],
        },
        (PathAlgorithm::Search(Algorithm::Dfs), e) => match e {
            Event::Found { .. } => vec![3, 5],
            Event::Exhausted => vec![10],
            _ if grew => vec![3, 9],
            _ => vec![3, 7],
        },
        (
            PathAlgorithm::BidirectionalBfs
            | PathAlgorithm::BidirectionalDijkstra
            | PathAlgorithm::BidirectionalAStar,
            e,
        ) => match e {
            Event::Found { .. } => vec![8, 9],
            Event::Exhausted => vec![10],
            _ if grew => vec![4, 6],
            _ => vec![4, 5],
        },
        (PathAlgorithm::Search(_), e) => match e {
            Event::Found { .. } => vec![3, 4],
            Event::Exhausted => vec![11],
            _ if grew => vec![3, 10],
            _ => vec![3, 6],
        },
        (PathAlgorithm::DStarLite, e) => match e {
            Event::Found { .. } => vec![8],
            Event::Exhausted => vec![2],
            _ => vec![2, 3],
        },
        (PathAlgorithm::Jps, e) => match e {
            Event::Found { .. } => vec![3, 4],
            Event::Exhausted => vec![10],
            _ if grew => vec![3, 7, 9],
            _ => vec![3, 7],
        },
        // Answered above.
        (PathAlgorithm::Iddfs | PathAlgorithm::IdaStar, _) => vec![],
    }
}

pub(super) use crate::app::teach_text::number;

/// One sentence about the step that produced `event`, with the run as it is after it.
pub fn narrate(run: &GridRun, event: Option<&Step>) -> String {
    let Some(event) = event else {
        // What the frontier holds before the first step: D* Lite searches back from the
        // goal, a two-sided search from both ends.
        let (start, goal) = (run.problem().start, run.problem().goal);
        return match run.algorithm() {
            PathAlgorithm::DStarLite => tr!("narrate-ready-goal", goal = goal.to_string()),
            a if a.bidirectional().is_some() => tr!(
                "narrate-ready-both",
                start = start.to_string(),
                goal = goal.to_string()
            ),
            _ => tr!("narrate-ready", start = start.to_string()),
        };
    };
    let two_sided = run.algorithm().bidirectional().is_some();
    let side = match (two_sided, event.side) {
        (true, Side::Forward) => tr!("narrate-forward-side"),
        (true, Side::Backward) => tr!("narrate-backward-side"),
        _ => String::new(),
    };
    match event.event {
        Event::Expanded {
            added, improved, ..
        } => {
            let Some((_, pos)) = run.last_expanded() else {
                return String::new();
            };
            if let Some(d) = run.deepening() {
                return narrate_deepening(run, pos, d, added);
            }
            let info = run.info(pos);
            let costs = match (info, run.algorithm()) {
                (Some(i), a) if a.uses_heuristic() => match a {
                    PathAlgorithm::Search(Algorithm::Greedy) => {
                        format!("h {} = f {}", number(i.h), number(i.f))
                    }
                    PathAlgorithm::Search(Algorithm::WeightedAStar(w)) => {
                        format!(
                            "g {} + {w}·h {} = f {}",
                            number(i.g),
                            number(i.h),
                            number(i.f)
                        )
                    }
                    _ => format!("g {} + h {} = f {}", number(i.g), number(i.h), number(i.f)),
                },
                (Some(i), _) => format!("g {}", number(i.g)),
                (None, _) => String::new(),
            };
            tr!(
                "narrate-expanded",
                side = side,
                cell = pos.to_string(),
                costs = costs,
                added = added,
                improved = improved
            )
        }
        Event::Found { .. } if two_sided => match (run.meeting(), run.path(), run.path_cost()) {
            (Some((cell, _)), Some(path), Some(cost)) => tr!(
                "narrate-met",
                cell = cell.to_string(),
                moves = path.len().saturating_sub(1),
                cost = number(cost)
            ),
            _ => tr!("narrate-found-plain"),
        },
        Event::Found { .. } => match (run.path(), run.path_cost()) {
            (Some(path), Some(cost)) => tr!(
                "narrate-found",
                side = side,
                moves = path.len().saturating_sub(1),
                cost = number(cost)
            ),
            _ => tr!("narrate-found-plain"),
        },
        Event::Exhausted => tr!("narrate-exhausted"),
        Event::GaveUp(Limit::Cancelled) => tr!("narrate-stopped"),
        Event::GaveUp(limit) => format!("{}.", crate::app::names::limit(limit)),
    }
}

/// A step of IDDFS or IDA*: a new iteration and why, or an expansion under the limit.
fn narrate_deepening(
    run: &GridRun,
    pos: crate::grid::Pos,
    d: DeepeningStatus,
    added: usize,
) -> String {
    let moves = d.limit == DeepeningLimit::Moves;
    if d.began_iteration {
        let bound = number(d.bound);
        return if moves {
            tr!(
                "narrate-deepen-moves",
                iteration = d.iteration,
                bound = bound
            )
        } else {
            tr!(
                "narrate-deepen-cost",
                iteration = d.iteration,
                bound = bound
            )
        };
    }
    let Some(info) = run.info(pos) else {
        return String::new();
    };
    let times = run.times_expanded(pos);
    let again = if times > 1 {
        tr!("narrate-deepen-again", times = times)
    } else {
        String::new()
    };
    if moves {
        tr!(
            "narrate-deepen-expanded-moves",
            cell = pos.to_string(),
            depth = number(info.f),
            bound = number(d.bound),
            added = added,
            again = again
        )
    } else {
        tr!(
            "narrate-deepen-expanded-cost",
            cell = pos.to_string(),
            g = number(info.g),
            h = number(info.h),
            f = number(info.f),
            bound = number(d.bound),
            added = added,
            again = again
        )
    }
}
