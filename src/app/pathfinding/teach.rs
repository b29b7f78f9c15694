//! What the Pathfinding tab says about each step: the algorithm's pseudo-code with the
//! lines that step executed, and a one-line narration.

use crate::app::teach_text::policy_text;
use crate::games::sandbox::{GridRun, PathAlgorithm};
use crate::search::{Algorithm, Event, Limit, Side, Step};

const BFS: [&str; 9] = [
    "frontier ← FIFO queue holding start; mark start discovered",
    "while frontier is not empty:",
    "    n ← frontier.pop_front()",
    "    if n is the goal: return the path to n",
    "    for each neighbour m of n:",
    "        if m is not discovered:",
    "            mark m discovered; parent[m] ← n",
    "            frontier.push_back(m)",
    "return no path",
];

const DFS: [&str; 10] = [
    "frontier ← stack holding start",
    "while frontier is not empty:",
    "    n ← frontier.pop()",
    "    if n is visited: skip it",
    "    if n is the goal: return the path to n",
    "    mark n visited",
    "    for each neighbour m of n (pushed last first):",
    "        if m is not visited:",
    "            parent[m] ← n; frontier.push(m)",
    "return no path",
];

const BIDIRECTIONAL: [&str; 10] = [
    "forward ← queue holding start; backward ← queue holding goal",
    "while both queues are non-empty:",
    "    side ← forward and backward take turns",
    "    n ← side.pop_front()",
    "    for each neighbour m of n (moves reversed on the backward side):",
    "        if side has not discovered m: mark it, parent[m] ← n, push it",
    "        if the other side discovered m too: a path meets at m",
    "    if depth(next forward) + depth(next backward) ≥ best meeting:",
    "        return the path through the best meeting",
    "return no path",
];

/// The pseudo-code of the best-first family, with the lines that differ per algorithm.
fn best_first(algorithm: Algorithm) -> [String; 11] {
    let text = policy_text(algorithm);
    [
        "frontier ← priority queue holding start; g[start] ← 0".into(),
        "while frontier is not empty:".into(),
        format!("    n ← {}   ▹ {}", text.pop, text.order),
        "    if n is the goal: return the path to n".into(),
        "    mark n visited".into(),
        "    for each neighbour m of n:".into(),
        "        g' ← g[n] + cost(n, m)".into(),
        format!("        {}", text.enters_if),
        format!("            {}", text.record),
        format!("            {}", text.push),
        "return no path".into(),
    ]
}

/// The pseudo-code lines of `algorithm`.
pub fn pseudocode(algorithm: PathAlgorithm) -> Vec<String> {
    let lines: Vec<String> = match algorithm {
        PathAlgorithm::Search(Algorithm::Bfs) => BFS.iter().map(|s| s.to_string()).collect(),
        PathAlgorithm::Search(Algorithm::Dfs) => DFS.iter().map(|s| s.to_string()).collect(),
        PathAlgorithm::Search(a) => best_first(a).to_vec(),
        PathAlgorithm::BidirectionalBfs => BIDIRECTIONAL.iter().map(|s| s.to_string()).collect(),
    };
    lines
}

/// The lines (1-based) the step that produced `event` went through last.
pub fn active_lines(algorithm: PathAlgorithm, event: Option<&Step>) -> Vec<usize> {
    let Some(event) = event else {
        return vec![1];
    };
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
        (PathAlgorithm::BidirectionalBfs, e) => match e {
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
    }
}

/// A cost as a person writes it: at most two decimals, no trailing zeros.
pub(super) fn number(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One sentence about the step that produced `event`, with the run as it is after it.
pub fn narrate(run: &GridRun, event: Option<&Step>) -> String {
    let Some(event) = event else {
        let start = run.problem().start;
        return format!(
            "Ready: the frontier holds the start {start}. Press Play, or Step (Right arrow key) to expand it."
        );
    };
    let side = match (run.algorithm(), event.side) {
        (PathAlgorithm::BidirectionalBfs, Side::Forward) => "Forward side: ",
        (PathAlgorithm::BidirectionalBfs, Side::Backward) => "Backward side: ",
        _ => "",
    };
    match event.event {
        Event::Expanded {
            added, improved, ..
        } => {
            let Some((_, pos)) = run.last_expanded() else {
                return String::new();
            };
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
            let neighbours = |n: usize| {
                if n == 1 {
                    "1 neighbour".to_string()
                } else {
                    format!("{n} neighbours")
                }
            };
            let mut text = format!("{side}expanded {pos}: {costs}; {} added", neighbours(added));
            if improved > 0 {
                text.push_str(&format!(", {} improved", neighbours(improved)));
            }
            text.push('.');
            text
        }
        Event::Found { .. } => match (run.path(), run.path_cost()) {
            (Some(path), Some(cost)) => format!(
                "{side}reached the goal: a path of {} moves costing {}.",
                path.len().saturating_sub(1),
                number(cost)
            ),
            _ => "Reached the goal.".into(),
        },
        Event::Exhausted => "The frontier is empty: no path from start to goal.".into(),
        Event::GaveUp(Limit::Cancelled) => "Stopped.".into(),
        Event::GaveUp(limit) => format!("{limit}."),
    }
}
