//! What the Sokoban Solve panel says about each step: the search in pseudo-code with the
//! lines that step went through, and one or two sentences on it, so that a class can follow
//! the pruning as it happens rather than only watch the totals grow.

use crate::app::teach_text::policy_text;
use crate::games::sokoban::solver::{Detail, Prunes};
use crate::search::{Algorithm, Event};

/// What a line of the listing does; the lines a step went through are found by role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Start,
    Loop,
    Pop,
    GoalTest,
    Visit,
    Generate,
    Corral,
    ForEach,
    Prune,
    Next,
    Bound,
    Push,
    NoSolution,
}

/// The search over Sokoban positions in pseudo-code, as `algorithm` runs it at `detail`.
fn listing(algorithm: Algorithm, detail: Detail) -> Vec<(Role, String)> {
    let text = policy_text(algorithm);
    let visit = match algorithm {
        Algorithm::Dfs => "    if n is visited: skip it; else mark n visited",
        _ => "    mark n visited",
    };
    let mut lines = vec![
        (Role::Start, "frontier ← {start}; g[start] ← 0".to_string()),
        (Role::Loop, "while frontier is not empty:".to_string()),
        (
            Role::Pop,
            format!("    n ← {}   ▹ {}", text.pop, text.order),
        ),
        (
            Role::GoalTest,
            "    if every box in n is on a goal: return the way to n".to_string(),
        ),
        (Role::Visit, visit.to_string()),
    ];
    match detail {
        Detail::Pushes => {
            lines.push((
                Role::Generate,
                "    pushes ← the pushes the player can walk to and make in n".to_string(),
            ));
            lines.push((
                Role::Corral,
                "    if boxes fence off a PI-corral: keep only the pushes into it".to_string(),
            ));
            lines.push((Role::ForEach, "    for each push in pushes:".to_string()));
        }
        Detail::Moves => {
            lines.push((
                Role::Generate,
                "    moves ← the player's steps in n (into a box: a push)".to_string(),
            ));
            lines.push((Role::ForEach, "    for each move in moves:".to_string()));
        }
    }
    lines.push((
        Role::Prune,
        "        if it puts a box on a dead square or freezes it off a goal: prune it".to_string(),
    ));
    lines.push((
        Role::Next,
        "        m ← the position after it; g' ← g[n] + 1".to_string(),
    ));
    if algorithm.uses_heuristic() {
        lines.push((
            Role::Bound,
            "        h(m) ← cheapest matching of boxes to goals (none: a dead end, prune)"
                .to_string(),
        ));
    }
    lines.push((
        Role::Push,
        format!("        {} {}; {}", text.enters_if, text.record, text.push),
    ));
    lines.push((Role::NoSolution, "return no solution".to_string()));
    lines
}

/// The pseudo-code lines of `algorithm` at `detail`.
pub fn pseudocode(algorithm: Algorithm, detail: Detail) -> Vec<String> {
    listing(algorithm, detail)
        .into_iter()
        .map(|(_, line)| line)
        .collect()
}

/// The lines (1-based) the step that produced `event`, pruning `prunes`, went through.
pub fn active_lines(
    algorithm: Algorithm,
    detail: Detail,
    event: Option<Event>,
    prunes: Prunes,
) -> Vec<usize> {
    let roles = match event {
        None => vec![Role::Start],
        Some(Event::Found { .. }) => vec![Role::Pop, Role::GoalTest],
        Some(Event::Exhausted) => vec![Role::NoSolution],
        Some(Event::GaveUp(_)) => vec![],
        Some(Event::Expanded {
            added, improved, ..
        }) => {
            let mut roles = vec![Role::Pop, Role::Visit, Role::Generate];
            if prunes.corrals > 0 {
                roles.push(Role::Corral);
            }
            if prunes.dead_squares + prunes.freezes > 0 {
                roles.push(Role::Prune);
            }
            if prunes.matchings > 0 {
                roles.push(Role::Bound);
            }
            if added + improved > 0 {
                roles.push(Role::Push);
            }
            roles
        }
    };
    listing(algorithm, detail)
        .iter()
        .enumerate()
        .filter(|(_, (role, _))| roles.contains(role))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The step that produced `event`, which pruned `prunes`; `costs` are g and h of the state
/// it expanded. Only expansions are described: the end of a run has its own message.
pub fn narrate(
    event: Option<Event>,
    prunes: Prunes,
    costs: Option<(f64, f64)>,
    detail: Detail,
    uses_heuristic: bool,
) -> Option<String> {
    let Some(Event::Expanded {
        added, improved, ..
    }) = event
    else {
        return None;
    };
    let (g, h) = costs?;
    let (one, many) = match detail {
        Detail::Pushes => ("push", "pushes"),
        Detail::Moves => ("move", "moves"),
    };
    let mut text = format!(
        "Expanded a position {} from the start",
        plural(g as u64, one, many)
    );
    if uses_heuristic && h.is_finite() {
        text += &format!(", with at least {h} to go (g + h = {})", g + h);
    }
    text += ".";
    if prunes.corrals > 0 {
        text += " A PI-corral (boxes fencing off squares the player cannot reach) means only \
                 the pushes into it were tried.";
    }
    let mut pruned = vec![];
    if prunes.dead_squares > 0 {
        let pushes = plural(prunes.dead_squares, "push", "pushes");
        pruned.push(format!("{pushes} onto a dead square"));
    }
    if prunes.freezes > 0 {
        let pushes = plural(prunes.freezes, "push", "pushes");
        pruned.push(format!("{pushes} freezing a box off its goal"));
    }
    if !pruned.is_empty() {
        text += &format!(" Pruned: {}.", pruned.join(", "));
    }
    if prunes.matchings > 0 {
        let positions = plural(prunes.matchings, "new position", "new positions");
        text += &format!(" {positions} left boxes that cannot all reach goals: a dead end.");
    }
    text += &match (added, improved) {
        (0, 0) => " Nothing new joined the frontier.".to_string(),
        (added, 0) => format!(" {} joined the frontier.", positions(added as u64)),
        (added, improved) => format!(
            " {} joined the frontier; {} got a shorter route.",
            positions(added as u64),
            positions(improved as u64)
        ),
    };
    Some(text)
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn positions(n: u64) -> String {
    plural(n, "position", "positions")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(added: usize, improved: usize) -> Option<Event> {
        Some(Event::Expanded {
            node: 0,
            added,
            improved,
        })
    }

    #[test]
    fn each_prune_that_fired_is_named_and_the_others_are_not() {
        let prunes = Prunes {
            dead_squares: 2,
            freezes: 1,
            ..Prunes::default()
        };
        let text = narrate(
            expanded(3, 0),
            prunes,
            Some((4.0, 6.0)),
            Detail::Pushes,
            true,
        )
        .expect("an expansion is described");
        assert!(text.contains("4 pushes from the start"), "{text}");
        assert!(text.contains("g + h = 10"), "{text}");
        assert!(text.contains("2 pushes onto a dead square"), "{text}");
        assert!(text.contains("1 push freezing a box"), "{text}");
        assert!(text.contains("3 positions joined the frontier"), "{text}");
        assert!(!text.contains("PI-corral"), "{text}");
        assert!(!text.contains("cannot all reach"), "{text}");

        let quiet = narrate(
            expanded(0, 0),
            Prunes::default(),
            Some((1.0, 0.0)),
            Detail::Moves,
            false,
        )
        .expect("an expansion is described");
        assert!(quiet.contains("1 move from the start."), "{quiet}");
        assert!(!quiet.contains("Pruned"), "{quiet}");
        assert!(!quiet.contains("g + h"), "BFS has no h: {quiet}");
        assert!(quiet.contains("Nothing new"), "{quiet}");
    }

    /// The text of the highlighted lines.
    fn highlighted(
        algorithm: Algorithm,
        detail: Detail,
        event: Option<Event>,
        prunes: Prunes,
    ) -> String {
        let lines = pseudocode(algorithm, detail);
        active_lines(algorithm, detail, event, prunes)
            .iter()
            .map(|&n| lines[n - 1].as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_lines_a_step_went_through_are_the_ones_highlighted() {
        let dead = Prunes {
            dead_squares: 1,
            ..Prunes::default()
        };
        let text = highlighted(Algorithm::AStar, Detail::Pushes, expanded(2, 0), dead);
        assert!(text.contains("lowest g + h"), "{text}");
        assert!(text.contains("dead square"), "{text}");
        assert!(text.contains("frontier.push(m, g' + h(m))"), "{text}");
        assert!(!text.contains("PI-corral"), "{text}");
        assert!(!text.contains("matching"), "{text}");

        let corral = Prunes {
            corrals: 1,
            matchings: 2,
            ..Prunes::default()
        };
        let text = highlighted(Algorithm::Greedy, Detail::Pushes, expanded(0, 0), corral);
        assert!(
            text.contains("PI-corral") && text.contains("matching"),
            "{text}"
        );
        assert!(
            !text.contains("dead square") && !text.contains("push(m"),
            "{text}"
        );

        let found = highlighted(
            Algorithm::Bfs,
            Detail::Moves,
            Some(Event::Found { goal: 3 }),
            Prunes::default(),
        );
        assert!(
            found.contains("pop_front") && found.contains("every box"),
            "{found}"
        );
        let start = highlighted(Algorithm::Dfs, Detail::Pushes, None, Prunes::default());
        assert!(start.starts_with("frontier ← {start}"), "{start}");
    }

    #[test]
    fn only_the_searches_that_use_a_bound_show_the_matching_and_only_pushes_show_corrals() {
        for algorithm in [
            Algorithm::Bfs,
            Algorithm::Dfs,
            Algorithm::AStar,
            Algorithm::Greedy,
        ] {
            for detail in [Detail::Pushes, Detail::Moves] {
                let text = pseudocode(algorithm, detail).join("\n");
                assert_eq!(
                    text.contains("matching"),
                    algorithm.uses_heuristic(),
                    "{algorithm}"
                );
                assert_eq!(
                    text.contains("PI-corral"),
                    detail == Detail::Pushes,
                    "{algorithm}"
                );
            }
        }
    }

    #[test]
    fn only_expansions_are_narrated() {
        let costs = Some((1.0, 1.0));
        for event in [None, Some(Event::Exhausted), Some(Event::Found { goal: 0 })] {
            assert_eq!(
                narrate(event, Prunes::default(), costs, Detail::Pushes, true),
                None
            );
        }
    }
}
