//! What the Link side panel says about the shown link search: the search over (cell,
//! heading) states in pseudo-code with the lines the last step went through, and a sentence
//! on that step, as the Pathfinding board does for its searches.

use crate::games::link::finder::{LinkProblem, PLAY_TURNS};
use crate::search::{Event, Search};
use crate::tr;

const LINES: [&str; 10] = [
    "link-code-1",
    "link-code-2",
    "link-code-3",
    "link-code-4",
    "link-code-5",
    "link-code-6",
    "link-code-7",
    "link-code-8",
    "link-code-9",
    "link-code-10",
];

/// The link search in pseudo-code: uniform cost over turns, or A* when `guided`.
pub fn pseudocode(guided: bool) -> Vec<String> {
    LINES
        .iter()
        .enumerate()
        .map(|(i, key)| match (i, guided) {
            (2, true) => tr!("link-code-3-guided"),
            (8, true) => tr!("link-code-9-guided"),
            _ => crate::i18n::tr(key, None),
        })
        .collect()
}

/// The lines (1-based) the step that produced `event` went through.
pub fn active_lines(search: &Search<LinkProblem>, event: Option<Event>) -> Vec<usize> {
    match event {
        None => vec![1],
        Some(Event::Found { goal }) if search.g(goal) as u32 <= PLAY_TURNS => vec![3, 4],
        Some(Event::Found { .. }) => vec![3, 5],
        Some(Event::Expanded { node, .. }) if search.f(node) as u32 > PLAY_TURNS => vec![3, 5],
        Some(Event::Expanded {
            added, improved, ..
        }) if added + improved > 0 => {
            vec![3, 6, 7, 8, 9]
        }
        Some(Event::Expanded { .. }) => vec![3, 6, 7],
        Some(Event::Exhausted) => vec![10],
        Some(Event::GaveUp(_)) => vec![],
    }
}

/// One sentence on the step that produced `event`.
pub fn narrate(search: &Search<LinkProblem>, event: Option<Event>, guided: bool) -> String {
    let Some(event) = event else {
        return tr!("link-narrate-ready");
    };
    match event {
        Event::Expanded {
            node,
            added,
            improved,
        } => {
            let ((cell, heading), turns) = (search.state(node), search.g(node) as u64);
            let heading = heading.map_or(tr!("link-heading-none"), crate::names::direction);
            if search.f(node) as u32 > PLAY_TURNS {
                return tr!("link-narrate-over", turns = search.f(node) as u64);
            }
            let joined = (added + improved) as u64;
            if guided {
                tr!(
                    "link-narrate-expanded-guided",
                    cell = cell.to_string(),
                    heading = heading,
                    turns = turns,
                    more = (search.f(node) - search.g(node)) as u64,
                    joined = joined
                )
            } else {
                tr!(
                    "link-narrate-expanded",
                    cell = cell.to_string(),
                    heading = heading,
                    turns = turns,
                    joined = joined
                )
            }
        }
        Event::Found { goal } => tr!("link-narrate-found", turns = search.g(goal) as u64),
        Event::Exhausted => tr!("link-narrate-exhausted"),
        Event::GaveUp(_) => String::new(),
    }
}

const NAIVE_LINES: [&str; 7] = [
    "link-naive-code-1",
    "link-naive-code-2",
    "link-naive-code-3",
    "link-naive-code-4",
    "link-naive-code-5",
    "link-naive-code-6",
    "link-naive-code-7",
];

/// The naive search in pseudo-code: BFS over cells, each marked once with the heading it was
/// first reached by.
pub fn naive_pseudocode() -> Vec<String> {
    NAIVE_LINES
        .iter()
        .map(|key| crate::i18n::tr(key, None))
        .collect()
}

/// How far the naive search, stepped beside the shown one, has got: it visits one cell per
/// step of the shown search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaiveProgress {
    /// Cells visited so far.
    pub visited: usize,
    /// It has visited every cell it ever will (and so has its verdict).
    pub done: bool,
}

impl NaiveProgress {
    /// The naive search after `steps` steps, out of the `total` cells it visits.
    pub fn at(steps: usize, total: usize, shown_finished: bool) -> NaiveProgress {
        let visited = if shown_finished {
            total
        } else {
            steps.min(total)
        };
        NaiveProgress {
            visited,
            done: visited == total,
        }
    }

    /// The lines (1-based) its last step went through: `claims` is its verdict.
    pub fn active_lines(self, claims: Option<u32>) -> Vec<usize> {
        match (self.visited, self.done, claims) {
            (0, _, _) => vec![1],
            (_, true, Some(_)) => vec![3, 4],
            (_, true, None) => vec![7],
            _ => vec![3, 5, 6],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NaiveProgress;

    #[test]
    fn the_naive_search_keeps_step_with_the_shown_one_and_ends_with_it() {
        let at = |steps, finished| NaiveProgress::at(steps, 5, finished);
        assert_eq!(at(0, false).active_lines(Some(3)), vec![1]);
        assert_eq!(at(2, false).visited, 2);
        assert_eq!(at(2, false).active_lines(Some(3)), vec![3, 5, 6]);
        assert!(at(5, false).done && at(9, false).visited == 5);
        assert_eq!(at(7, false).active_lines(Some(3)), vec![3, 4]);
        assert_eq!(at(7, false).active_lines(None), vec![7]);
        // A shown search that ended sooner shows the naive one's verdict too.
        assert!(at(1, true).done);
    }
}
