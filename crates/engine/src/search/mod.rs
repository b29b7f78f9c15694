//! The search engine: a [`Problem`] says what the states are and how they connect; a
//! [`Search`] explores it one expansion per `next()`. BFS, DFS, Dijkstra, A*, weighted A*
//! and greedy best-first are one engine with different frontier policies ([`Algorithm`]);
//! bidirectional BFS, Dijkstra and A* ([`BiSearch`]) run two engines that step in turn
//! until no cheaper meeting can remain; iterative deepening DFS and IDA* ([`Deepening`])
//! search depth-first under a rising limit.
//!
//! No GUI code lives here: the app draws what a `Search` exposes (its frontier, visited set,
//! parents, g, h and f), and the command line runs the very same iterator to the end.
//!
//! ```
//! use frontier_engine::search::{Algorithm, Cost, Outcome, Problem, Search};
//!
//! /// Walk along a number line from 0 to 7; each step of +1 or +2 costs 1.
//! struct Line;
//! impl Problem for Line {
//!     type State = i32;
//!     fn start(&self) -> i32 { 0 }
//!     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
//!     fn successors(&self, s: &i32, out: &mut Vec<(i32, Cost)>) {
//!         for next in [s + 1, s + 2] {
//!             if next <= 7 { out.push((next, 1.0)); }
//!         }
//!     }
//! }
//!
//! let result = Search::new(Line, Algorithm::Bfs).run();
//! let Outcome::Found { path, cost } = result.outcome else { panic!("no path") };
//! assert_eq!(path.len(), 5); // four moves, the fewest possible
//! assert_eq!((path[0], path[4]), (0, 7));
//! assert_eq!(cost, 4.0);
//! ```

#![warn(missing_docs)]

mod algorithm;
mod bidirectional;
mod branching;
mod budget;
mod chunked;
mod deepening;
mod engine;
mod fn_problem;
mod frontier;
mod hash;
pub mod judge;
mod nodes;
pub mod predict;
mod problem;
pub mod recorded;
mod run;
mod states;
mod timeline;

pub use algorithm::{Algorithm, one_of, unknown_algorithm};
pub use bidirectional::{BiSearch, Reversed, StoppingRule};
pub use branching::effective_branching_factor;
pub use budget::{Budget, Limit};
pub use chunked::Chunked;
pub use deepening::{Deepening, DeepeningLimit, DeepeningStatus};
pub use engine::{Event, Outcome, RunResult, Search};
pub use fn_problem::{FnProblem, NoHeuristic};
pub use hash::{FxBuildHasher, FxHashMap, FxHashSet, FxHasher};
pub use nodes::{NodeId, NodeStatus};
pub use problem::{Cost, OrderedCost, Problem, ReversibleProblem};
pub use run::{Engine, NodeView, NodeVisitor, Run, Side, State, Step, expanded_by, run_to_end};
pub use timeline::{Ending, Timeline};
