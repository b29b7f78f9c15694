//! Teaching text the tabs share: how each algorithm of the best-first family takes nodes
//! from its frontier and when a successor enters it, written once for every pseudo-code
//! listing that shows one (the Pathfinding board's and the Sokoban solver's).

use crate::search::Algorithm;

/// The lines of a listing that differ between the algorithms of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyText {
    /// How the next node leaves the frontier: `frontier.pop()`.
    pub pop: &'static str,
    /// Which node that is, and how ties are broken.
    pub order: &'static str,
    /// When a successor m, reached with cost g', enters the frontier.
    pub enters_if: &'static str,
    /// What is recorded for m when it does.
    pub record: &'static str,
    /// How it is pushed, with its priority.
    pub push: &'static str,
}

/// The text of `algorithm`'s policy.
pub fn policy_text(algorithm: Algorithm) -> PolicyText {
    let best_first = |order, enters_if, push| PolicyText {
        pop: "frontier.pop()",
        order,
        enters_if,
        record: "g[m] ← g'; parent[m] ← n",
        push,
    };
    match algorithm {
        Algorithm::Bfs => PolicyText {
            pop: "frontier.pop_front()",
            order: "oldest first",
            enters_if: "if m is not discovered:",
            record: "mark m discovered; parent[m] ← n",
            push: "frontier.push_back(m)",
        },
        Algorithm::Dfs => PolicyText {
            pop: "frontier.pop()",
            order: "newest first",
            enters_if: "if m is not visited:",
            record: "parent[m] ← n",
            push: "frontier.push(m)",
        },
        Algorithm::Dijkstra => best_first(
            "lowest g; ties: oldest first",
            "if m is new, or not visited and g' < g[m]:",
            "frontier.push(m, g')",
        ),
        Algorithm::AStar => best_first(
            "lowest g + h; ties: newest first",
            "if m is new or g' < g[m] (even if visited):",
            "frontier.push(m, g' + h(m))",
        ),
        Algorithm::WeightedAStar(_) => best_first(
            "lowest g + w·h; ties: newest first",
            "if m is new, or not visited and g' < g[m]:",
            "frontier.push(m, g' + w·h(m))",
        ),
        Algorithm::Greedy => PolicyText {
            record: "parent[m] ← n",
            ..best_first(
                "lowest h; ties: newest first",
                "if m is new:",
                "frontier.push(m, h(m))",
            )
        },
    }
}
