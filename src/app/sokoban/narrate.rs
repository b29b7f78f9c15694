//! One or two sentences on what the Sokoban search did in its latest step, so that a class
//! can follow the pruning as it happens rather than only watch the totals grow.

use crate::games::sokoban::solver::{Detail, Prunes};
use crate::search::Event;

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
