//! Every search the Pathfinding board offers, one descriptor a file: its name, its
//! pseudo-code with each line tagged by the moment that lights it, how it ranks its
//! frontier, what it guarantees, how its run is built, and what else it can show. The
//! registry below is the one list the picker, the command line, the pseudo-code panel,
//! predict mode, compare, lessons and the tests read; adding a search is a file here and a
//! line in [`REGISTRY`].

mod astar;
mod bfs;
mod bidirectional_astar;
mod bidirectional_bfs;
mod bidirectional_dijkstra;
mod dfs;
mod dijkstra;
mod dstar_lite;
mod greedy;
mod idastar;
mod iddfs;
mod jps;
pub mod listing;
mod theta_star;
mod weighted_astar;
mod your_code;

use std::sync::Arc;

use super::GridProblem;
use super::grid_search::GridSearch;
use crate::grid::Pos;
use crate::search::predict::Ranking;
use crate::search::recorded::Recording;
use crate::search::{Algorithm, Budget, DeepeningLimit, StoppingRule};
pub use listing::{Line, Moment, PolicyPart, Text};
pub use your_code::YOUR_CODE;

/// One search of the board, described once.
pub struct Descriptor {
    /// The command line's name, also what links and saved settings carry; a weighted
    /// search adds its weight (`wastar:2`).
    pub code: &'static str,
    /// The name in English, as the command line prints it.
    pub name: &'static str,
    /// The message key of its name (given `weight` when it has one).
    pub name_key: &'static str,
    /// The message key of its name in a picker, without a weight.
    pub kind_key: &'static str,
    /// The pseudo-code, each line tagged by the moments that light it.
    pub listing: &'static [Line],
    /// How the frontier is ranked, for judging a prediction.
    pub ranking: Ranking,
    /// The message key of that rule in a sentence, for predict mode's feedback.
    pub rule_key: &'static str,
    pub guarantees: Guarantees,
    pub shape: Shape,
    pub capabilities: Capabilities,
    /// Its run on `problem`.
    pub build: fn(GridProblem, &Options) -> Box<dyn GridSearch>,
}

/// What a search promises of its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guarantees {
    /// The path found is always the cheapest (for an admissible heuristic).
    pub cheapest: bool,
    /// It orders its work by the heuristic.
    pub heuristic: bool,
}

/// The engine's shape, for the views that differ by it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// One best-first search of the family (weighted A* with its default weight).
    BestFirst(Algorithm),
    /// Two searches of the family, from both ends, meeting in the middle.
    TwoSided(Algorithm),
    /// Depth-first under a limit that rises.
    Deepening(DeepeningLimit),
    /// An engine of its own.
    Own,
}

/// What a search can show beyond the frontier and the visited set: views ask for these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// It scans over cells that never become nodes (JPS), drawn as a trail.
    pub scan_trail: bool,
    /// It repairs its plan when a cell is painted during the run (D* Lite).
    pub repairs: bool,
    /// It plans from the goal back to the start.
    pub from_goal: bool,
    /// Its steps check lines of sight, drawn as segments (Theta*).
    pub sight_lines: bool,
    /// Its path joins cells that need not be neighbours (any-angle).
    pub any_angle: bool,
    /// It needs every passable cell to cost the same; elsewhere A* runs instead.
    pub uniform_costs_only: bool,
    /// It reads the board's jump distances (JPS+), which the board then keeps and repairs
    /// as it is painted rather than each run working them out again.
    pub jump_table: bool,
}

impl Capabilities {
    /// None of them.
    pub const NONE: Capabilities = Capabilities {
        scan_trail: false,
        repairs: false,
        from_goal: false,
        sight_lines: false,
        any_angle: false,
        uniform_costs_only: false,
        jump_table: false,
    };
}

/// What building a run needs besides the problem.
#[derive(Clone, Debug)]
pub struct Options {
    pub budget: Budget,
    /// When a two-sided search may stop.
    pub rule: StoppingRule,
    /// The weight of a weighted search.
    pub weight: f64,
    /// Whether the run's extras for the views (JPS's scanned trail) are kept: off where
    /// nothing draws the run (the command line's solving), where they cost time.
    pub drawn: bool,
    /// What the student's program did, for [`YOUR_CODE`]'s run (no other search reads it).
    pub recording: Option<Arc<Recording<Pos>>>,
}

/// Every search of the board, in the picker's order.
pub static REGISTRY: &[&Descriptor] = &[
    &bfs::BFS,
    &dfs::DFS,
    &dijkstra::DIJKSTRA,
    &astar::ASTAR,
    &weighted_astar::WEIGHTED_ASTAR,
    &greedy::GREEDY,
    &bidirectional_bfs::BIDIRECTIONAL_BFS,
    &bidirectional_dijkstra::BIDIRECTIONAL_DIJKSTRA,
    &bidirectional_astar::BIDIRECTIONAL_ASTAR,
    &iddfs::IDDFS,
    &idastar::IDA_STAR,
    &jps::JPS,
    &dstar_lite::DSTAR_LITE,
    &theta_star::THETA_STAR,
];

/// The descriptor whose code is `code` (lower case, without a weight).
pub fn by_code(code: &str) -> Option<&'static Descriptor> {
    REGISTRY.iter().copied().find(|d| d.code == code)
}
