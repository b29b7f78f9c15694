//! What the searches are told in words, shared by every game: how each algorithm of the
//! best-first family takes nodes from its frontier and when a successor enters it (written
//! once for every pseudo-code listing that shows one, the Pathfinding board's and the
//! Sokoban solver's), numbers as a narration writes them, the listings (`listing`) and
//! what a student is told about a prediction (`predictions`). Each game's own narration is
//! its `narrate` module.

pub mod listing;
pub mod predictions;

use crate::search::Algorithm;
use crate::tr;

/// The lines of a listing that differ between the algorithms of the family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyText {
    /// How the next node leaves the frontier: `frontier.pop()`.
    pub pop: String,
    /// Which node that is, and how ties are broken.
    pub order: String,
    /// When a successor m, reached with cost g', enters the frontier.
    pub enters_if: String,
    /// What is recorded for m when it does.
    pub record: String,
    /// How it is pushed, with its priority.
    pub push: String,
}

/// The text of `algorithm`'s policy.
pub fn policy_text(algorithm: Algorithm) -> PolicyText {
    let best_first = |order: String, enters_if: String, push: &str| PolicyText {
        pop: "frontier.pop()".into(),
        order,
        enters_if,
        record: "g[m] ← g'; parent[m] ← n".into(),
        push: push.into(),
    };
    match algorithm {
        Algorithm::Bfs => PolicyText {
            pop: "frontier.pop_front()".into(),
            order: tr!("policy-oldest-first"),
            enters_if: tr!("policy-if-not-discovered"),
            record: tr!("policy-mark-discovered"),
            push: "frontier.push_back(m)".into(),
        },
        Algorithm::Dfs => PolicyText {
            pop: "frontier.pop()".into(),
            order: tr!("policy-newest-first"),
            enters_if: tr!("policy-if-not-visited"),
            record: "parent[m] ← n".into(),
            push: "frontier.push(m)".into(),
        },
        Algorithm::Dijkstra => best_first(
            tr!("policy-lowest-g"),
            tr!("policy-if-new-or-cheaper-open"),
            "frontier.push(m, g')",
        ),
        Algorithm::AStar => best_first(
            tr!("policy-lowest-g-h"),
            tr!("policy-if-new-or-cheaper"),
            "frontier.push(m, g' + h(m))",
        ),
        Algorithm::WeightedAStar(_) => best_first(
            tr!("policy-lowest-g-wh"),
            tr!("policy-if-new-or-cheaper-open"),
            "frontier.push(m, g' + w·h(m))",
        ),
        Algorithm::Greedy => PolicyText {
            record: "parent[m] ← n".into(),
            ..best_first(
                tr!("policy-lowest-h"),
                tr!("policy-if-new"),
                "frontier.push(m, h(m))",
            )
        },
    }
}

/// A cost as a person writes it: at most two decimals, no trailing zeros.
pub fn number(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `x` as [`number`] shows it.
fn shown(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// g, h and f = g + weight·h as a sum a reader can check: each term rounded as [`number`]
/// shows it, and f made of the rounded terms (rounded on its own, 10.296 + 38.079 read
/// "g 10.3 + h 38.08 = f 48.37", which does not add up).
pub fn sum_of(g: f64, h: f64, weight: f64) -> (String, String, String) {
    let (g, h) = (shown(g), shown(h));
    (number(g), number(h), number(g + weight * h))
}
