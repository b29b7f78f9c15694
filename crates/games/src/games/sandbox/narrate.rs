//! What the Pathfinding tab says about each step: the algorithm's pseudo-code with the
//! lines that step executed, and a one-line narration.

use crate::games::sandbox::GridRun;
use crate::search::predict::{Measure, Ranking};
use crate::search::{DeepeningLimit, DeepeningStatus, Event, Limit, Side, Step};
use crate::tr;

pub use crate::teach::listing::{active_lines, pseudocode};

pub use crate::teach::number;
use crate::teach::sum_of;

/// One sentence about the step that produced `event`, with the run as it is after it.
pub fn narrate(run: &GridRun, event: Option<&Step>) -> String {
    let Some(event) = event else {
        // What the frontier holds before the first step: D* Lite searches back from the
        // goal, a two-sided search from both ends.
        let (start, goal) = (run.problem().start, run.problem().goal);
        return match run.algorithm() {
            a if a.capabilities().from_goal => tr!("narrate-ready-goal", goal = goal.to_string()),
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
                (Some(i), a) if a.uses_heuristic() => match (a.ranking(), a.weight()) {
                    (Ranking::Lowest(Measure::H), _) => {
                        format!("h {} = f {}", number(i.h), number(i.f))
                    }
                    (_, Some(w)) => {
                        let (g, h, f) = sum_of(i.g, i.h, w);
                        format!("g {g} + {w}·h {h} = f {f}")
                    }
                    _ => {
                        let (g, h, f) = sum_of(i.g, i.h, 1.0);
                        format!("g {g} + h {h} = f {f}")
                    }
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
            (Some(path), Some(cost)) if run.algorithm().capabilities().any_angle => tr!(
                "narrate-found-segments",
                segments = path.len().saturating_sub(1),
                cost = number(cost)
            ),
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
        Event::GaveUp(limit) => format!("{}.", crate::names::limit(limit)),
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
        let (g, h, f) = sum_of(info.g, info.h, 1.0);
        tr!(
            "narrate-deepen-expanded-cost",
            cell = pos.to_string(),
            g = g,
            h = h,
            f = f,
            bound = number(d.bound),
            added = added,
            again = again
        )
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::narrate;
    use crate::games::sandbox::{Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm};
    use crate::search::Budget;

    /// The "g a + h b = f c" of a narration, read back.
    fn sum_in(sentence: &str) -> Option<(f64, f64, f64)> {
        let start = sentence.find("g ")?;
        let words: Vec<&str> = sentence[start..].split_whitespace().collect();
        let number = |i: usize| words.get(i)?.trim_end_matches([';', ',']).parse().ok();
        (words.get(2) == Some(&"+") && words.get(5) == Some(&"="))
            .then(|| Some((number(1)?, number(4)?, number(7)?)))?
    }

    #[test]
    fn every_narrated_sum_adds_up_as_shown() {
        crate::i18n::set_language(crate::i18n::Language::English);
        let board = crate::games::sandbox::presets::board("concave-trap.board").unwrap();
        let mut sums = 0;
        for code in ["theta", "astar", "idastar"] {
            let problem = GridProblem::new(
                Arc::new(board.clone()),
                Connectivity::Eight,
                Heuristic::Euclidean,
            );
            let algorithm = PathAlgorithm::parse(code).unwrap();
            let mut run = GridRun::new(problem, algorithm, Budget::default());
            for _ in 0..3_000 {
                let Some(step) = run.next() else { break };
                let sentence = narrate(&run, Some(&step));
                if let Some((g, h, f)) = sum_in(&sentence) {
                    assert!((g + h - f).abs() < 1e-9, "{code}: {sentence}");
                    sums += 1;
                }
            }
        }
        assert!(sums > 500, "sums read: {sums}");
    }
}
