//! What the Pathfinding tab says about each step: the algorithm's pseudo-code with the
//! lines that step executed, and a one-line narration.

use crate::app::teach_text::policy_text;
use crate::games::sandbox::{GridRun, PathAlgorithm};
use crate::i18n;
use crate::search::{Algorithm, DeepeningLimit, DeepeningStatus, Event, Limit, Side, Step};
use crate::tr;

/// When a line of a listing is the one being run: what the step that was just taken did.
/// Each line names the moments it lights, so the lines lit are looked up, never typed as
/// numbers that must match the listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Before the first step.
    Start,
    /// The goal came out of the frontier.
    Found,
    /// The frontier ran dry.
    Exhausted,
    /// A node was expanded and something joined the frontier (or was improved there).
    Grew,
    /// A node was expanded and nothing joined.
    Stayed,
    /// Iterative deepening: the limit rose and the search began again.
    NewIteration,
    /// Iterative deepening: a step within the limit.
    WithinIteration,
}

use Moment::{Exhausted, Found, Grew, NewIteration, Start, Stayed, WithinIteration};

/// A line of a listing: its message key and the moments it lights.
type Line = (&'static str, &'static [Moment]);

const BFS: [Line; 9] = [
    ("code-bfs-1", &[Start]),
    ("code-while-frontier", &[]),
    ("code-bfs-3", &[Found, Grew, Stayed]),
    ("code-goal-test", &[Found]),
    ("code-for-each-neighbour", &[Stayed]),
    ("code-bfs-6", &[]),
    ("code-bfs-7", &[]),
    ("code-bfs-8", &[Grew]),
    ("code-no-path", &[Exhausted]),
];

const DFS: [Line; 10] = [
    ("code-dfs-1", &[Start]),
    ("code-while-frontier", &[]),
    ("code-dfs-3", &[Found, Grew, Stayed]),
    ("code-dfs-4", &[]),
    ("code-goal-test", &[Found]),
    ("code-mark-visited", &[]),
    ("code-dfs-7", &[Stayed]),
    ("code-dfs-8", &[]),
    ("code-dfs-9", &[Grew]),
    ("code-no-path", &[Exhausted]),
];

/// IDDFS and IDA* share their shape: the outer loop raises the limit, the inner is a
/// depth-first search within it.
const fn deepening(keys: [&'static str; 11]) -> [Line; 11] {
    let lit: [&'static [Moment]; 11] = [
        &[Start],
        &[Found, NewIteration],
        &[],
        &[Exhausted],
        &[NewIteration],
        &[],
        &[Found],
        &[],
        &[WithinIteration],
        &[WithinIteration],
        &[],
    ];
    let mut lines: [Line; 11] = [("", &[]); 11];
    let mut i = 0;
    while i < 11 {
        lines[i] = (keys[i], lit[i]);
        i += 1;
    }
    lines
}

const IDDFS: [Line; 11] = deepening([
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
]);

const IDASTAR: [Line; 11] = deepening([
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
]);

const JPS: [Line; 10] = [
    ("code-jps-1", &[Start]),
    ("code-while-open", &[]),
    ("code-jps-3", &[Found, Grew, Stayed]),
    ("code-jps-4", &[Found]),
    ("code-mark-visited", &[]),
    ("code-jps-6", &[]),
    ("code-jps-7", &[Grew, Stayed]),
    ("code-jps-8", &[]),
    ("code-jps-9", &[Grew]),
    ("code-no-path", &[Exhausted]),
];

const DSTAR_LITE: [Line; 9] = [
    ("code-dstar-1", &[Start]),
    ("code-dstar-2", &[Exhausted, Grew, Stayed]),
    ("code-dstar-3", &[Grew, Stayed]),
    ("code-dstar-4", &[]),
    ("code-dstar-5", &[]),
    ("code-dstar-6", &[]),
    ("code-dstar-7", &[]),
    ("code-dstar-8", &[Found]),
    ("code-dstar-9", &[]),
];

const BIDIRECTIONAL: [Line; 10] = [
    ("code-bibfs-1", &[Start]),
    ("code-bibfs-2", &[]),
    ("code-bibfs-3", &[]),
    ("code-bibfs-4", &[Grew, Stayed]),
    ("code-bibfs-5", &[Stayed]),
    ("code-bibfs-6", &[Grew]),
    ("code-bibfs-7", &[]),
    ("code-bibfs-8", &[Found]),
    ("code-bibfs-9", &[Found]),
    ("code-no-path", &[Exhausted]),
];

/// A listing's lines as shown, each with the moments it lights.
type Listing = Vec<(String, &'static [Moment])>;

fn translated(lines: &[Line]) -> Listing {
    lines
        .iter()
        .map(|&(key, lit)| (i18n::tr(key, None), lit))
        .collect()
}

/// Bidirectional Dijkstra and A*: the lines that differ name the order and the stopping
/// rule; which lines light is as for bidirectional BFS.
fn bidirectional_best_first(astar: bool) -> Listing {
    let (order, stop) = if astar {
        ("code-bibest-4-astar", "code-bibest-8-astar")
    } else {
        ("code-bibest-4-dijkstra", "code-bibest-8-dijkstra")
    };
    let commented =
        |code: &str, why: &str| format!("{}   ▹ {}", i18n::tr(code, None), i18n::tr(why, None));
    let texts = [
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
    ];
    texts
        .into_iter()
        .zip(BIDIRECTIONAL.iter().map(|&(_, lit)| lit))
        .collect()
}

/// The moments that light each line of the best-first listing.
const BEST_FIRST_LIT: [&[Moment]; 11] = [
    &[Start],
    &[],
    &[Found, Grew, Stayed],
    &[Found],
    &[],
    &[Stayed],
    &[],
    &[],
    &[],
    &[Grew],
    &[Exhausted],
];

/// The pseudo-code of the best-first family, with the lines that differ per algorithm.
fn best_first(algorithm: Algorithm) -> Listing {
    let text = policy_text(algorithm);
    let texts = [
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
    ];
    texts.into_iter().zip(BEST_FIRST_LIT).collect()
}

/// The lines of `algorithm`'s listing as their message keys and moments, where the
/// listing is fixed: the best-first family's lines are made per algorithm.
fn fixed_lines(algorithm: PathAlgorithm) -> Option<&'static [Line]> {
    Some(match algorithm {
        PathAlgorithm::Search(Algorithm::Bfs) => &BFS,
        PathAlgorithm::Search(Algorithm::Dfs) => &DFS,
        PathAlgorithm::BidirectionalBfs
        | PathAlgorithm::BidirectionalDijkstra
        | PathAlgorithm::BidirectionalAStar => &BIDIRECTIONAL,
        PathAlgorithm::Iddfs => &IDDFS,
        PathAlgorithm::IdaStar => &IDASTAR,
        PathAlgorithm::Jps => &JPS,
        PathAlgorithm::DStarLite => &DSTAR_LITE,
        PathAlgorithm::Search(_) => return None,
    })
}

/// `algorithm`'s listing: each line in the current language, with the moments it lights.
fn listing(algorithm: PathAlgorithm) -> Listing {
    match algorithm {
        PathAlgorithm::Search(Algorithm::Bfs | Algorithm::Dfs)
        | PathAlgorithm::BidirectionalBfs
        | PathAlgorithm::Iddfs
        | PathAlgorithm::IdaStar
        | PathAlgorithm::Jps
        | PathAlgorithm::DStarLite => translated(fixed_lines(algorithm).unwrap_or(&[])),
        PathAlgorithm::Search(a) => best_first(a),
        PathAlgorithm::BidirectionalDijkstra => bidirectional_best_first(false),
        PathAlgorithm::BidirectionalAStar => bidirectional_best_first(true),
    }
}

/// The moments each line of `algorithm`'s listing lights, without making its text: asked
/// every frame, so nothing is translated.
fn lit(algorithm: PathAlgorithm) -> Vec<&'static [Moment]> {
    match fixed_lines(algorithm) {
        Some(lines) => lines.iter().map(|&(_, lit)| lit).collect(),
        None => BEST_FIRST_LIT.to_vec(),
    }
}

/// The pseudo-code lines of `algorithm`.
pub fn pseudocode(algorithm: PathAlgorithm) -> Vec<String> {
    listing(algorithm)
        .into_iter()
        .map(|(text, _)| text)
        .collect()
}

/// What the step that produced `event` did, as the listings tag their lines (`deepening`:
/// the run's iteration, for IDDFS and IDA*); none when the search gave up.
fn moment(
    algorithm: PathAlgorithm,
    event: Option<&Step>,
    deepening: Option<DeepeningStatus>,
) -> Option<Moment> {
    let Some(event) = event else {
        return Some(Start);
    };
    match event.event {
        Event::GaveUp(_) => None,
        Event::Found { .. } => Some(Found),
        Event::Exhausted => Some(Exhausted),
        _ if algorithm.deepening().is_some() => {
            if deepening.is_some_and(|d| d.began_iteration) {
                Some(NewIteration)
            } else {
                Some(WithinIteration)
            }
        }
        Event::Expanded {
            added, improved, ..
        } if added + improved > 0 => Some(Grew),
        _ => Some(Stayed),
    }
}

/// The lines (1-based) the step that produced `event` went through last (`deepening`: the
/// run's iteration, for IDDFS and IDA*).
pub fn active_lines(
    algorithm: PathAlgorithm,
    event: Option<&Step>,
    deepening: Option<DeepeningStatus>,
) -> Vec<usize> {
    moment(algorithm, event, deepening).map_or(vec![], |now| lines_lit(algorithm, now))
}

/// The lines (1-based) of `algorithm`'s listing that `now` lights.
fn lines_lit(algorithm: PathAlgorithm, now: Moment) -> Vec<usize> {
    lit(algorithm)
        .iter()
        .enumerate()
        .filter(|(_, lit)| lit.contains(&now))
        .map(|(i, _)| i + 1)
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every moment a search can be at lights a line of its listing, the first line is lit
    /// before the first step, finding the goal and running dry light different lines, and
    /// a line that lights names a line that exists.
    #[test]
    fn every_moment_of_every_search_lights_lines_of_its_own_listing() {
        for algorithm in PathAlgorithm::ALL {
            let length = pseudocode(algorithm).len();
            assert_eq!(
                lit(algorithm).len(),
                length,
                "{algorithm}: a tag list per line"
            );
            let steps: &[Moment] = if algorithm.deepening().is_some() {
                &[NewIteration, WithinIteration]
            } else {
                &[Grew, Stayed]
            };
            assert_eq!(lines_lit(algorithm, Start), vec![1], "{algorithm}");
            for &now in steps.iter().chain(&[Found, Exhausted]) {
                let lit = lines_lit(algorithm, now);
                assert!(!lit.is_empty(), "{algorithm}: nothing lit at {now:?}");
                assert!(lit.iter().all(|&line| line <= length), "{algorithm}");
            }
            assert_ne!(lines_lit(algorithm, Found), lines_lit(algorithm, Exhausted));
        }
    }

    /// The listings say in words what the lit lines do: BFS's goal test and its push.
    #[test]
    fn the_lines_lit_are_the_ones_that_do_what_the_step_did() {
        let bfs = PathAlgorithm::Search(Algorithm::Bfs);
        let lines = pseudocode(bfs);
        let lit = |now| lines_lit(bfs, now);
        assert!(lit(Found).iter().any(|&l| lines[l - 1].contains("goal")));
        assert!(lit(Grew).iter().any(|&l| lines[l - 1].contains("push")));
        assert!(
            lit(Exhausted)
                .iter()
                .any(|&l| lines[l - 1].contains("no path"))
        );
    }
}
