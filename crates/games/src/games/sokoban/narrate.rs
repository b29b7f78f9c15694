//! What the Sokoban Solve panel says about each step: the search in pseudo-code with the
//! lines that step went through, and one or two sentences on it, so that a class can follow
//! the pruning as it happens rather than only watch the totals grow.

use crate::games::sokoban::solver::{Detail, Prunes, SokobanAlgorithm};
use crate::search::{Algorithm, DeepeningStatus, Event};
use crate::teach::policy_text;
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
    /// IDA*: a new iteration under a higher bound.
    Raise,
    /// IDA*: a successor over the bound, remembered for the next one.
    CutOff,
}

/// A pseudo-code line at `depth` levels of indentation.
fn line(role: Role, depth: usize, text: String) -> (Role, String) {
    (role, format!("{}{text}", "    ".repeat(depth)))
}

/// The search over Sokoban positions in pseudo-code, as `algorithm` runs it at `detail`.
fn listing(algorithm: SokobanAlgorithm, detail: Detail) -> Vec<(Role, String)> {
    match algorithm.best_first() {
        Some(policy) => best_first_listing(policy, detail),
        None => deepening_listing(detail),
    }
}

/// The lines that list a position's successors (pushes, or moves), at `depth`.
fn successor_lines(depth: usize, detail: Detail) -> Vec<(Role, String)> {
    match detail {
        Detail::Pushes => vec![
            line(Role::Generate, depth, tr!("sk-code-pushes")),
            line(Role::Corral, depth, tr!("sk-code-corral")),
            line(Role::ForEach, depth, tr!("sk-code-for-each-push")),
        ],
        Detail::Moves => vec![
            line(Role::Generate, depth, tr!("sk-code-moves")),
            line(Role::ForEach, depth, tr!("sk-code-for-each-move")),
        ],
    }
}

fn best_first_listing(algorithm: Algorithm, detail: Detail) -> Vec<(Role, String)> {
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
    lines.extend(successor_lines(1, detail));
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

/// IDA*: the outer loop raising the bound, and the depth-first search under it.
fn deepening_listing(detail: Detail) -> Vec<(Role, String)> {
    let mut lines = vec![
        line(Role::Start, 0, tr!("sk-code-ida-start")),
        line(Role::Loop, 0, tr!("sk-code-ida-loop")),
        line(Role::Raise, 1, tr!("sk-code-ida-raise")),
        line(Role::NoSolution, 1, tr!("sk-code-ida-none")),
        line(Role::Raise, 1, tr!("sk-code-ida-next")),
        line(Role::Pop, 0, tr!("sk-code-ida-dfs")),
        line(Role::GoalTest, 1, tr!("sk-code-goal-test")),
        line(Role::Visit, 1, tr!("sk-code-ida-remember")),
    ];
    lines.extend(successor_lines(1, detail));
    lines.push(line(Role::Prune, 2, tr!("sk-code-prune")));
    lines.push(line(Role::Next, 2, tr!("sk-code-next")));
    lines.push(line(Role::Bound, 2, tr!("sk-code-bound")));
    lines.push(line(Role::Push, 2, tr!("sk-code-ida-descend")));
    lines.push(line(Role::CutOff, 2, tr!("sk-code-ida-cut")));
    lines
}

/// The pseudo-code lines of `algorithm` at `detail`.
pub fn pseudocode(algorithm: SokobanAlgorithm, detail: Detail) -> Vec<String> {
    listing(algorithm, detail)
        .into_iter()
        .map(|(_, line)| line)
        .collect()
}

/// What an IDA* step did beyond an expansion.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DeepeningStep {
    /// The step began a new iteration under a higher bound.
    pub began_iteration: bool,
    /// Successors the step found over the bound.
    pub cut_off: usize,
}

impl DeepeningStep {
    /// What the step from `before` to `after` did.
    pub fn between(before: Option<DeepeningStatus>, after: DeepeningStatus) -> DeepeningStep {
        let earlier = match before {
            Some(b) if !after.began_iteration => b.cut_off,
            _ => 0,
        };
        DeepeningStep {
            began_iteration: after.began_iteration,
            cut_off: after.cut_off.saturating_sub(earlier),
        }
    }
}

/// The lines (1-based) the step that produced `event`, pruning `prunes`, went through
/// (`deepening`: what it did as IDA*).
pub fn active_lines(
    algorithm: SokobanAlgorithm,
    detail: Detail,
    event: Option<Event>,
    prunes: Prunes,
    deepening: Option<DeepeningStep>,
) -> Vec<usize> {
    let began_iteration = deepening.is_some_and(|d| d.began_iteration);
    let roles = match event {
        None => vec![Role::Start],
        Some(Event::Expanded { .. }) if began_iteration => vec![Role::Raise, Role::Loop],
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
            if deepening.is_some_and(|d| d.cut_off > 0) {
                roles.push(Role::CutOff);
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
/// it expanded; `deepening`, for IDA*, where it stands and how many times that state has
/// been expanded. Only expansions are described: the end of a run has its own message.
pub fn narrate(
    event: Option<Event>,
    prunes: Prunes,
    costs: Option<(f64, f64)>,
    detail: Detail,
    uses_heuristic: bool,
    deepening: Option<(DeepeningStatus, u32)>,
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
    if let Some((status, times)) = deepening {
        let bound = status.bound.to_string();
        sentences.insert(
            0,
            if status.began_iteration {
                tr!(
                    "narrate-deepen-cost",
                    iteration = status.iteration,
                    bound = bound
                )
            } else {
                tr!(
                    "sk-narrate-ida-within",
                    iteration = status.iteration,
                    bound = bound,
                    times = times
                )
            },
        );
    }
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
    use crate::games::sokoban::solver::ALGORITHMS;
    use crate::search::DeepeningLimit;

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
            None,
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
            None,
        )
        .expect("an expansion is described");
        assert!(quiet.contains("1 move from the start."), "{quiet}");
        assert!(!quiet.contains("Pruned"), "{quiet}");
        assert!(!quiet.contains("g + h"), "BFS has no h: {quiet}");
        assert!(quiet.contains("Nothing new"), "{quiet}");
    }

    /// The text of the highlighted lines.
    fn highlighted(
        algorithm: SokobanAlgorithm,
        detail: Detail,
        event: Option<Event>,
        prunes: Prunes,
        deepening: Option<DeepeningStep>,
    ) -> String {
        let lines = pseudocode(algorithm, detail);
        active_lines(algorithm, detail, event, prunes, deepening)
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
        let text = highlighted(
            SokobanAlgorithm::AStar,
            Detail::Pushes,
            expanded(2, 0),
            dead,
            None,
        );
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
        let text = highlighted(
            SokobanAlgorithm::Greedy,
            Detail::Pushes,
            expanded(0, 0),
            corral,
            None,
        );
        assert!(
            text.contains("PI-corral") && text.contains("matching"),
            "{text}"
        );
        assert!(
            !text.contains("dead square") && !text.contains("push(m"),
            "{text}"
        );

        let found = highlighted(
            SokobanAlgorithm::Bfs,
            Detail::Moves,
            Some(Event::Found { goal: 3 }),
            Prunes::default(),
            None,
        );
        assert!(
            found.contains("pop_front") && found.contains("every box"),
            "{found}"
        );
        let start = highlighted(
            SokobanAlgorithm::Dfs,
            Detail::Pushes,
            None,
            Prunes::default(),
            None,
        );
        assert!(start.starts_with("frontier ← {start}"), "{start}");
    }

    #[test]
    fn only_the_searches_that_use_a_bound_show_the_matching_and_only_pushes_show_corrals() {
        for algorithm in ALGORITHMS {
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
                narrate(event, Prunes::default(), costs, Detail::Pushes, true, None),
                None
            );
        }
    }

    fn status(iteration: u32, began_iteration: bool, cut_off: usize) -> DeepeningStatus {
        DeepeningStatus {
            limit: DeepeningLimit::Cost,
            iteration,
            bound: 12.0,
            next_bound: None,
            cut_off,
            re_expansions: 0,
            began_iteration,
        }
    }

    #[test]
    fn ida_star_highlights_the_raised_bound_the_descent_and_the_cut_off() {
        let ida = SokobanAlgorithm::IdaStar;
        let raised = DeepeningStep::between(Some(status(1, false, 9)), status(2, true, 0));
        assert_eq!(raised.cut_off, 0, "a new iteration starts counting again");
        let text = highlighted(
            ida,
            Detail::Pushes,
            expanded(3, 0),
            Prunes::default(),
            Some(raised),
        );
        assert!(
            text.contains("bound ← t") && text.contains("DFS(start"),
            "{text}"
        );
        assert!(!text.contains("min(t"), "{text}");

        let deeper = DeepeningStep::between(Some(status(2, false, 4)), status(2, false, 6));
        assert_eq!(deeper.cut_off, 2);
        let text = highlighted(
            ida,
            Detail::Pushes,
            expanded(1, 0),
            Prunes::default(),
            Some(deeper),
        );
        assert!(
            text.contains("DFS(m, g', bound)") && text.contains("min(t"),
            "{text}"
        );
        assert!(!text.contains("bound ← t"), "{text}");

        let level = pseudocode(ida, Detail::Pushes).join("\n");
        assert!(
            level.contains("matching") && level.contains("PI-corral"),
            "{level}"
        );
    }

    #[test]
    fn ida_star_narration_says_when_the_bound_rises_and_how_often_a_position_came_back() {
        let costs = Some((2.0, 10.0));
        let first = narrate(
            expanded(2, 0),
            Prunes::default(),
            costs,
            Detail::Pushes,
            true,
            Some((status(3, true, 0), 1)),
        )
        .expect("an expansion is described");
        assert!(
            first.starts_with("Iteration 3: no goal within the old bound"),
            "{first}"
        );
        let again = narrate(
            expanded(2, 0),
            Prunes::default(),
            costs,
            Detail::Pushes,
            true,
            Some((status(3, false, 0), 4)),
        )
        .expect("an expansion is described");
        assert!(
            again.contains("bound 12") && again.contains("expanded 4 times"),
            "{again}"
        );
    }
}
