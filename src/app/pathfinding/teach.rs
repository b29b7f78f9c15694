//! What the Pathfinding tab says about each step: the algorithm's pseudo-code with the
//! lines that step executed, and a one-line narration.

use crate::app::teach_text::policy_text;
use crate::games::sandbox::algorithms::{Moment, PolicyPart, Text};
use crate::games::sandbox::{GridRun, PathAlgorithm};
use crate::i18n;
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, DeepeningLimit, DeepeningStatus, Event, Limit, Side, Step};
use crate::tr;

use Moment::{Exhausted, Found, Grew, NewIteration, Start, Stayed, WithinIteration};

/// A listing's lines as shown, each with the moments it lights.
type Listing = Vec<(String, &'static [Moment])>;

/// A line's text in the current language: its message, or the part of the family's policy
/// it shows.
fn line_text(algorithm: PathAlgorithm, text: Text) -> String {
    match text {
        Text::Key(key) => i18n::tr(key, None),
        Text::Commented(code, why) => {
            format!("{}   ▹ {}", i18n::tr(code, None), i18n::tr(why, None))
        }
        Text::Policy(part) => {
            let family = algorithm.best_first().or(algorithm.bidirectional());
            let policy = policy_text(family.unwrap_or(Algorithm::AStar));
            match part {
                PolicyPart::Pop => format!("    n ← {}   ▹ {}", policy.pop, policy.order),
                PolicyPart::EntersIf => format!("        {}", policy.enters_if),
                PolicyPart::Record => format!("            {}", policy.record),
                PolicyPart::Push => format!("            {}", policy.push),
            }
        }
    }
}

/// `algorithm`'s listing: each line in the current language, with the moments it lights.
fn listing(algorithm: PathAlgorithm) -> Listing {
    algorithm
        .descriptor()
        .listing
        .iter()
        .map(|line| (line_text(algorithm, line.text), line.lights))
        .collect()
}

/// The moments each line of `algorithm`'s listing lights, without making its text: asked
/// every frame, so nothing is translated.
fn lit(algorithm: PathAlgorithm) -> Vec<&'static [Moment]> {
    let lines = algorithm.descriptor().listing;
    lines.iter().map(|line| line.lights).collect()
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
        for algorithm in PathAlgorithm::all() {
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
        let bfs = PathAlgorithm::search(Algorithm::Bfs);
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
