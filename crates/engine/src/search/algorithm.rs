use std::fmt;

use super::Cost;

/// Which node a [`Search`](super::Search) expands next. Every algorithm is the same engine
/// with a different frontier policy.
///
/// ```
/// use frontier_engine::search::Algorithm;
/// assert_eq!(Algorithm::AStar.priority(3.0, 4.0), 7.0);
/// assert_eq!(Algorithm::WeightedAStar(2.0).priority(3.0, 4.0), 11.0);
/// assert_eq!(Algorithm::Greedy.priority(3.0, 4.0), 4.0);
/// assert_eq!(Algorithm::parse("wastar:0.5").unwrap_err(), "the weight of weighted A* must be a finite number >= 1, got 0.5");
/// ```
///
/// Tie-breaking is fixed, so a run is reproducible event for event:
/// - BFS takes the oldest frontier node (FIFO); DFS the newest (LIFO), and it explores a
///   node's successors in the order the problem lists them.
/// - The best-first family takes the lowest priority. Among equal priorities Dijkstra takes
///   the node that entered the frontier first (so with equal costs it expands in BFS
///   order), while A*, weighted A* and greedy take the one that entered last: depth-first
///   among ties, which on open ground walks straight at the goal instead of widening a
///   band of nodes with the same f.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Algorithm {
    /// Breadth-first: fewest moves, blind to costs.
    Bfs,
    /// Depth-first: follows one branch as deep as it goes; finds a path, rarely a short one.
    Dfs,
    /// Uniform-cost search, priority g: cheapest path.
    Dijkstra,
    /// Priority g + h: cheapest path when h never overestimates.
    AStar,
    /// Priority g + w·h with w >= 1: at most w times the cheapest cost, usually far fewer
    /// expansions.
    WeightedAStar(f64),
    /// Priority h alone: heads straight for the goal and can be led astray.
    Greedy,
}

impl Algorithm {
    /// Every algorithm of the family, weighted A* with w = 2.
    ///
    /// ```
    /// use frontier_engine::search::Algorithm;
    /// let codes: Vec<String> = Algorithm::ALL.iter().map(|a| a.code()).collect();
    /// assert_eq!(codes, ["bfs", "dfs", "dijkstra", "astar", "wastar:2", "greedy"]);
    /// assert!(Algorithm::ALL.iter().all(|a| Algorithm::parse(&a.code()) == Ok(*a)));
    /// ```
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Dijkstra,
        Algorithm::AStar,
        Algorithm::WeightedAStar(2.0),
        Algorithm::Greedy,
    ];

    /// Short name used on the command line (`wastar:W` for weighted A*).
    pub fn code(self) -> String {
        match self {
            Algorithm::Bfs => "bfs".into(),
            Algorithm::Dfs => "dfs".into(),
            Algorithm::Dijkstra => "dijkstra".into(),
            Algorithm::AStar => "astar".into(),
            Algorithm::WeightedAStar(w) => format!("wastar:{w}"),
            Algorithm::Greedy => "greedy".into(),
        }
    }

    /// The name in a list of the command-line names (`wastar:W` for weighted A*).
    pub fn code_pattern(self) -> String {
        match self {
            Algorithm::WeightedAStar(_) => "wastar:W".into(),
            other => other.code(),
        }
    }

    /// Parses a command-line name: one of [`Algorithm::ALL`]'s codes (`wastar:W` with any
    /// weight W), in any case; `ucs` and `a*` are understood too.
    ///
    /// ```
    /// use frontier_engine::search::Algorithm;
    /// assert_eq!(Algorithm::parse("AStar"), Ok(Algorithm::AStar));
    /// assert_eq!(Algorithm::parse("wastar:1.5"), Ok(Algorithm::WeightedAStar(1.5)));
    /// assert!(Algorithm::parse("bogo").unwrap_err().contains("expected bfs, dfs, dijkstra, astar, wastar:W or greedy"));
    /// ```
    pub fn parse(text: &str) -> Result<Algorithm, String> {
        Algorithm::parse_among(text, &Algorithm::ALL)
    }

    /// Parses a command-line name among the algorithms `offered` (a family's list).
    pub fn parse_among(text: &str, offered: &[Algorithm]) -> Result<Algorithm, String> {
        match Algorithm::named(text)? {
            Some(a) if offered.iter().any(|o| o.same_kind(a)) => {
                a.validate()?;
                Ok(a)
            }
            _ => Err(unknown_algorithm(
                text,
                offered.iter().map(|a| a.code_pattern()),
            )),
        }
    }

    /// The algorithm a command-line name names, if any; an error only for a weight that is
    /// not a number.
    pub fn named(text: &str) -> Result<Option<Algorithm>, String> {
        let lower = text.to_ascii_lowercase();
        let name = match lower.as_str() {
            "ucs" => "dijkstra",
            "a*" => "astar",
            other => other,
        };
        match name.strip_prefix("wastar:") {
            Some(weight) => weight
                .parse()
                .map(|w| Some(Algorithm::WeightedAStar(w)))
                .map_err(|_| {
                    format!(
                        "weighted A* needs a number, got `{}`",
                        crate::text::quote(weight)
                    )
                }),
            None => Ok(Algorithm::ALL.into_iter().find(|a| a.code() == name)),
        }
    }

    /// Whether two algorithms are the same one, whatever weighted A*'s weight.
    pub fn same_kind(self, other: Algorithm) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }

    /// Rejects a weighted A* weight that is not a finite number >= 1.
    pub fn validate(self) -> Result<(), String> {
        match self {
            Algorithm::WeightedAStar(w) if !(w.is_finite() && w >= 1.0) => Err(format!(
                "the weight of weighted A* must be a finite number >= 1, got {w}"
            )),
            _ => Ok(()),
        }
    }

    /// Whether the algorithm orders its frontier by the heuristic (A*, weighted A*, greedy).
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::AStar | Algorithm::WeightedAStar(_) | Algorithm::Greedy
        )
    }

    /// The best-first priority of a node (lower is expanded sooner). BFS and DFS order by
    /// arrival instead; for them this is g, shown only for information.
    pub fn priority(self, g: Cost, h: Cost) -> Cost {
        match self {
            Algorithm::Bfs | Algorithm::Dfs | Algorithm::Dijkstra => g,
            Algorithm::AStar => g + h,
            Algorithm::WeightedAStar(w) => g + w * h,
            Algorithm::Greedy => h,
        }
    }

    /// How the engine runs this algorithm, decided here once: the frontier's order and what
    /// happens to a successor the search already knows.
    pub(super) fn policy(self) -> Policy {
        Policy {
            order: match self {
                Algorithm::Bfs => Order::Fifo,
                Algorithm::Dfs => Order::Lifo,
                // Dijkstra widens ties in BFS order; the others go depth-first among ties,
                // which on open ground walks straight at the goal.
                Algorithm::Dijkstra => Order::Best {
                    newest_first: false,
                },
                _ => Order::Best { newest_first: true },
            },
            uses_heuristic: self.uses_heuristic(),
            relaxes_open: matches!(
                self,
                Algorithm::Dijkstra | Algorithm::AStar | Algorithm::WeightedAStar(_)
            ),
            // Only A* reopens, so it stays optimal even when the heuristic is admissible but
            // inconsistent.
            reopens_closed: matches!(self, Algorithm::AStar),
        }
    }
}

/// The order in which the frontier gives up its nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// Oldest first (a queue): BFS.
    Fifo,
    /// Newest first (a stack): DFS. A known node reached again while still in the frontier
    /// is pushed again on top, so it is expanded from its newest parent.
    Lifo,
    /// Lowest priority first; among equal priorities the newest or the oldest.
    Best { newest_first: bool },
}

/// What the engine does, per algorithm.
#[derive(Clone, Copy, Debug)]
pub(super) struct Policy {
    pub order: Order,
    /// Whether h is asked for (and unreachable states dropped).
    pub uses_heuristic: bool,
    /// Whether a cheaper route to a node in the frontier replaces its parent and g.
    pub relaxes_open: bool,
    /// Whether a cheaper route to an expanded node puts it back in the frontier.
    pub reopens_closed: bool,
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::Bfs => f.write_str("BFS"),
            Algorithm::Dfs => f.write_str("DFS"),
            Algorithm::Dijkstra => f.write_str("Dijkstra"),
            Algorithm::AStar => f.write_str("A*"),
            Algorithm::WeightedAStar(w) => write!(f, "Weighted A* (w = {w})"),
            Algorithm::Greedy => f.write_str("Greedy best-first"),
        }
    }
}

/// The message for a name no algorithm of a family has: the name, and the family's names.
pub fn unknown_algorithm(text: &str, expected: impl IntoIterator<Item = String>) -> String {
    format!(
        "unknown algorithm `{}` (expected {})",
        crate::text::quote(text),
        one_of(expected)
    )
}

/// "a, b or c": the names of a list, for a message.
pub fn one_of(names: impl IntoIterator<Item = String>) -> String {
    let names: Vec<String> = names.into_iter().collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
