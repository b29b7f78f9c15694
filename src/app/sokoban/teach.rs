//! What the Sokoban Solve panel says about each step: the search in pseudo-code with the
//! lines that step went through, and one or two sentences on it, so that a class can follow
//! the pruning as it happens rather than only watch the totals grow.

use crate::app::teach_text::policy_text;
use crate::games::sokoban::solver::{Detail, Prunes};
use crate::search::{Algorithm, Event};
use crate::tr;

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

/// A pseudo-code line at `depth` levels of indentation.
fn line(role: Role, depth: usize, text: String) -> (Role, String) {
    (role, format!("{}{text}", "    ".repeat(depth)))
}

/// The search over Sokoban positions in pseudo-code, as `algorithm` runs it at `detail`.
fn listing(algorithm: Algorithm, detail: Detail) -> Vec<(Role, String)> {
    let text = policy_text(algorithm);
    let visit = match algorithm {
        Algorithm::Dfs => tr!("sk-code-skip-or-mark"),
        _ => tr!("sk-code-mark-visited"),
    };
    let mut lines = vec![
        line(Role::Start, 0, tr!("sk-code-start")),
        line(Role::Loop, 0, tr!("code-while-frontier")),
        line(Role::Pop, 1, format!("n ← {}   ▹ {}", text.pop, text.order)),
        line(Role::GoalTest, 1, tr!("sk-code-goal-test")),
        line(Role::Visit, 1, visit),
    ];
    match detail {
        Detail::Pushes => {
            lines.push(line(Role::Generate, 1, tr!("sk-code-pushes")));
            lines.push(line(Role::Corral, 1, tr!("sk-code-corral")));
            lines.push(line(Role::ForEach, 1, tr!("sk-code-for-each-push")));
        }
        Detail::Moves => {
            lines.push(line(Role::Generate, 1, tr!("sk-code-moves")));
            lines.push(line(Role::ForEach, 1, tr!("sk-code-for-each-move")));
        }
    }
    lines.push(line(Role::Prune, 2, tr!("sk-code-prune")));
    lines.push(line(Role::Next, 2, tr!("sk-code-next")));
    if algorithm.uses_heuristic() {
        lines.push(line(Role::Bound, 2, tr!("sk-code-bound")));
    }
    lines.push(line(
        Role::Push,
        2,
        format!("{} {}; {}", text.enters_if, text.record, text.push),
    ));
    lines.push(line(Role::NoSolution, 0, tr!("sk-code-no-solution")));
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
    let steps = g as u64;
    let bounded = uses_heuristic && h.is_finite();
    let (h, f) = (h.to_string(), (g + h).to_string());
    let mut sentences = vec![match (detail, bounded) {
        (Detail::Pushes, false) => tr!("sk-narrate-pushes", g = steps),
        (Detail::Pushes, true) => tr!("sk-narrate-pushes-bound", g = steps, h = h, f = f),
        (Detail::Moves, false) => tr!("sk-narrate-moves", g = steps),
        (Detail::Moves, true) => tr!("sk-narrate-moves-bound", g = steps, h = h, f = f),
    }];
    if prunes.corrals > 0 {
        sentences.push(tr!("sk-narrate-corral"));
    }
    let mut pruned = vec![];
    if prunes.dead_squares > 0 {
        pruned.push(tr!("sk-narrate-dead-square", pushes = prunes.dead_squares));
    }
    if prunes.freezes > 0 {
        pruned.push(tr!("sk-narrate-freeze", pushes = prunes.freezes));
    }
    if !pruned.is_empty() {
        let list = pruned.join(&tr!("list-separator"));
        sentences.push(tr!("sk-narrate-pruned", list = list));
    }
    if prunes.matchings > 0 {
        sentences.push(tr!("sk-narrate-matching", positions = prunes.matchings));
    }
    sentences.push(match (added, improved) {
        (0, 0) => tr!("sk-narrate-nothing-new"),
        (added, 0) => tr!("sk-narrate-joined", added = added),
        (added, improved) => tr!(
            "sk-narrate-joined-improved",
            added = added,
            improved = improved
        ),
    });
    Some(sentences.join(&tr!("sentence-gap")))
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
