use std::fmt;

use super::dstar_lite::DStarLite;
use super::jump::JumpSearch;

use super::GridProblem;
use crate::grid::Pos;
use crate::search::{
    Algorithm, BiSearch, Budget, Cost, Deepening, DeepeningLimit, DeepeningStatus, Engine, Event,
    NodeStatus, Run, RunResult, Search, Side, Step, StoppingRule, unknown_algorithm,
};

/// What the Pathfinding board can run: one engine with a frontier policy, or two engines
/// (BFS, Dijkstra or A*) meeting in the middle.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum PathAlgorithm {
    Search(Algorithm),
    BidirectionalBfs,
    BidirectionalDijkstra,
    BidirectionalAStar,
    /// Iterative deepening DFS: depth-first under a limit on moves that rises by one.
    Iddfs,
    /// IDA*: depth-first under a limit on f = g + h that rises to the smallest f cut off.
    IdaStar,
    /// Jump Point Search: A* over jump points, on boards of one step cost.
    Jps,
    /// D* Lite: plans from the goal back, and repairs its plan when the board changes.
    DStarLite,
}

impl PathAlgorithm {
    pub const ALL: [PathAlgorithm; 13] = [
        PathAlgorithm::Search(Algorithm::Bfs),
        PathAlgorithm::Search(Algorithm::Dfs),
        PathAlgorithm::Search(Algorithm::Dijkstra),
        PathAlgorithm::Search(Algorithm::AStar),
        PathAlgorithm::Search(Algorithm::WeightedAStar(2.0)),
        PathAlgorithm::Search(Algorithm::Greedy),
        PathAlgorithm::BidirectionalBfs,
        PathAlgorithm::BidirectionalDijkstra,
        PathAlgorithm::BidirectionalAStar,
        PathAlgorithm::Iddfs,
        PathAlgorithm::IdaStar,
        PathAlgorithm::Jps,
        PathAlgorithm::DStarLite,
    ];

    /// What the limit counts, for the iterative deepening searches.
    pub fn deepening(self) -> Option<DeepeningLimit> {
        match self {
            PathAlgorithm::Iddfs => Some(DeepeningLimit::Moves),
            PathAlgorithm::IdaStar => Some(DeepeningLimit::Cost),
            _ => None,
        }
    }

    /// The algorithm each side runs, for the bidirectional searches.
    pub fn bidirectional(self) -> Option<Algorithm> {
        match self {
            PathAlgorithm::Search(_)
            | PathAlgorithm::Iddfs
            | PathAlgorithm::IdaStar
            | PathAlgorithm::Jps
            | PathAlgorithm::DStarLite => None,
            PathAlgorithm::BidirectionalBfs => Some(Algorithm::Bfs),
            PathAlgorithm::BidirectionalDijkstra => Some(Algorithm::Dijkstra),
            PathAlgorithm::BidirectionalAStar => Some(Algorithm::AStar),
        }
    }

    /// Parses a command-line name: one of [`PathAlgorithm::ALL`]'s codes (`wastar:W` with
    /// any weight W; `bidirectional` for `bibfs`).
    pub fn parse(text: &str) -> Result<PathAlgorithm, String> {
        let lower = text.to_ascii_lowercase();
        if lower == "bidirectional" {
            return Ok(PathAlgorithm::BidirectionalBfs);
        }
        if let Some(found) = PathAlgorithm::ALL
            .into_iter()
            .find(|a| !matches!(a, PathAlgorithm::Search(_)) && a.code() == lower)
        {
            return Ok(found);
        }
        match Algorithm::named(text)? {
            Some(a)
                if PathAlgorithm::ALL
                    .iter()
                    .any(|p| p.same_kind(PathAlgorithm::Search(a))) =>
            {
                a.validate()?;
                Ok(PathAlgorithm::Search(a))
            }
            _ => Err(unknown_algorithm(
                text,
                PathAlgorithm::ALL.iter().map(|a| a.code_pattern()),
            )),
        }
    }

    /// The name in a list of the command-line names (`wastar:W` for weighted A*).
    pub fn code_pattern(self) -> String {
        match self {
            PathAlgorithm::Search(a) => a.code_pattern(),
            other => other.code(),
        }
    }

    pub fn code(self) -> String {
        match self {
            PathAlgorithm::Search(a) => a.code(),
            PathAlgorithm::BidirectionalBfs => "bibfs".into(),
            PathAlgorithm::BidirectionalDijkstra => "bidijkstra".into(),
            PathAlgorithm::BidirectionalAStar => "biastar".into(),
            PathAlgorithm::Iddfs => "iddfs".into(),
            PathAlgorithm::IdaStar => "idastar".into(),
            PathAlgorithm::Jps => "jps".into(),
            PathAlgorithm::DStarLite => "dstar-lite".into(),
        }
    }

    pub fn uses_heuristic(self) -> bool {
        match self {
            PathAlgorithm::Search(a) => a.uses_heuristic(),
            other => matches!(
                other,
                PathAlgorithm::BidirectionalAStar
                    | PathAlgorithm::IdaStar
                    | PathAlgorithm::Jps
                    | PathAlgorithm::DStarLite
            ),
        }
    }

    /// Rejects a weighted A* weight that is not a finite number >= 1.
    pub fn validate(self) -> Result<(), String> {
        match self {
            PathAlgorithm::Search(a) => a.validate(),
            _ => Ok(()),
        }
    }

    /// Whether the path found is always the cheapest (for admissible heuristics).
    pub fn finds_cheapest(self) -> bool {
        matches!(
            self,
            PathAlgorithm::Search(Algorithm::Dijkstra | Algorithm::AStar)
                | PathAlgorithm::BidirectionalDijkstra
                | PathAlgorithm::BidirectionalAStar
                | PathAlgorithm::IdaStar
                | PathAlgorithm::Jps
                | PathAlgorithm::DStarLite
        )
    }

    /// Same algorithm, ignoring the weight of weighted A* (for pickers).
    pub fn same_kind(self, other: PathAlgorithm) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
            && match (self, other) {
                (PathAlgorithm::Search(a), PathAlgorithm::Search(b)) => {
                    std::mem::discriminant(&a) == std::mem::discriminant(&b)
                }
                _ => true,
            }
    }
}

impl fmt::Display for PathAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathAlgorithm::Search(a) => a.fmt(f),
            PathAlgorithm::BidirectionalBfs => f.write_str("Bidirectional BFS"),
            PathAlgorithm::BidirectionalDijkstra => f.write_str("Bidirectional Dijkstra"),
            PathAlgorithm::BidirectionalAStar => f.write_str("Bidirectional A*"),
            PathAlgorithm::Iddfs => f.write_str("Iterative deepening DFS"),
            PathAlgorithm::IdaStar => f.write_str("IDA*"),
            PathAlgorithm::Jps => f.write_str("Jump Point Search"),
            PathAlgorithm::DStarLite => f.write_str("D* Lite"),
        }
    }
}

/// How a cell looks to the search right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellMark {
    Unseen,
    /// Not a node, but a Jump Point Search scan passed over it.
    Scanned,
    Frontier(Side),
    Visited(Side),
}

/// What a search knows about one cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellInfo {
    pub side: Side,
    pub status: NodeStatus,
    pub g: Cost,
    pub h: Cost,
    pub f: Cost,
    pub parent: Option<Pos>,
}

/// A search over a board, whichever algorithm runs it: what the app steps and draws, and
/// what the command line runs to the end. The engine is any [`Run`]; what a board needs to
/// know (how a cell looks to the search, what it knows of it) is asked of it the same way.
#[derive(Clone)]
pub struct GridRun {
    algorithm: PathAlgorithm,
    engine: Engine<GridProblem>,
}

impl GridRun {
    pub fn new(problem: GridProblem, algorithm: PathAlgorithm, budget: Budget) -> GridRun {
        GridRun::with_stopping_rule(problem, algorithm, budget, StoppingRule::Proven)
    }

    /// A run whose bidirectional search (if it is one) stops by `rule`: the proven rule, or
    /// the first meeting, to show that one failing.
    pub fn with_stopping_rule(
        problem: GridProblem,
        algorithm: PathAlgorithm,
        budget: Budget,
        rule: StoppingRule,
    ) -> GridRun {
        // JPS needs one step cost; on other boards the run is A* (and says so).
        let algorithm = match algorithm {
            PathAlgorithm::Jps if !super::jump::available(&problem) => {
                PathAlgorithm::Search(Algorithm::AStar)
            }
            other => other,
        };
        let engine = if algorithm == PathAlgorithm::DStarLite {
            Engine::new(DStarLite::new(problem))
        } else if algorithm == PathAlgorithm::Jps {
            match JumpSearch::new(problem.clone()) {
                Some(jps) => Engine::new(jps.with_budget(budget)),
                None => Engine::new(Search::new(problem, Algorithm::AStar).with_budget(budget)),
            }
        } else if let Some(each) = algorithm.bidirectional() {
            Engine::new(
                BiSearch::with_algorithm(problem, each)
                    .with_stopping_rule(rule)
                    .with_budget(budget),
            )
        } else if let Some(limit) = algorithm.deepening() {
            Engine::new(Deepening::new(problem, limit).with_budget(budget))
        } else if let PathAlgorithm::Search(a) = algorithm {
            Engine::new(Search::new(problem, a).with_budget(budget))
        } else {
            unreachable!("every algorithm is one-sided, two-sided or deepening")
        };
        GridRun { algorithm, engine }
    }

    pub fn problem(&self) -> &GridProblem {
        self.engine.problem()
    }

    pub fn algorithm(&self) -> PathAlgorithm {
        self.algorithm
    }

    /// The engine's run, for everything a board does not need to be told in cells.
    pub fn engine(&self) -> &dyn Run<Problem = GridProblem> {
        self.engine.run()
    }

    pub fn expansions(&self) -> usize {
        self.engine.expansions()
    }

    pub fn frontier_len(&self) -> usize {
        self.engine.frontier_len()
    }

    pub fn visited_len(&self) -> usize {
        self.engine.visited_len()
    }

    pub fn discovered(&self) -> usize {
        self.engine.discovered()
    }

    /// Approximate bytes the search holds.
    pub fn memory_bytes(&self) -> usize {
        self.engine.memory_bytes()
    }

    /// The final event, once the run is over.
    pub fn ended(&self) -> Option<Event> {
        self.engine.ended().map(|step| step.event)
    }

    pub fn path(&self) -> Option<Vec<Pos>> {
        self.engine.path()
    }

    pub fn path_cost(&self) -> Option<Cost> {
        self.engine.path_cost()
    }

    /// The cell expanded by the latest step, and by which side.
    pub fn last_expanded(&self) -> Option<(Side, Pos)> {
        self.engine.last_expanded()
    }

    /// For a search from both ends: the cell joining the best path found so far, and its
    /// cost (moves, for bidirectional BFS).
    pub fn meeting(&self) -> Option<(Pos, Cost)> {
        self.engine.meeting()
    }

    /// The cell the next step expands, and by which side (see [`Engine::next_expansion`]).
    pub fn next_expansion(&self) -> Option<(Side, Pos)> {
        self.engine.next_expansion()
    }

    /// For iterative deepening: the iteration, its limit and the next one.
    pub fn deepening(&self) -> Option<DeepeningStatus> {
        self.engine.deepening()
    }

    /// For D* Lite: the change of `pos` to `terrain`, repaired by the steps that follow
    /// (the board the run searches changes with it). False for other searches.
    pub fn repair_cell(&mut self, pos: Pos, terrain: u8) -> bool {
        self.engine.repair_cell(&pos, terrain)
    }

    /// For Jump Point Search: whether a jump scan passed over `pos`.
    pub fn scanned(&self, pos: Pos) -> bool {
        self.engine.scanned(&pos)
    }

    /// How many times the search has expanded `pos` (more than once only for iterative
    /// deepening).
    pub fn times_expanded(&self, pos: Pos) -> u32 {
        self.engine.times_expanded(&pos)
    }

    /// Cells the latest step changed: the expanded one and those added or improved.
    pub fn last_changed(&self) -> Vec<Pos> {
        let mut cells = vec![];
        self.engine.last_changed(&mut |&pos| cells.push(pos));
        cells
    }

    /// How `pos` looks to the search (for bidirectional runs, the forward side wins).
    pub fn mark(&self, pos: Pos) -> CellMark {
        cell_mark(self.engine.run(), pos)
    }

    /// What the search knows about `pos`, if it has discovered it.
    pub fn info(&self, pos: Pos) -> Option<CellInfo> {
        let view = self.engine.node(&pos)?;
        Some(CellInfo {
            side: view.side,
            status: view.status,
            g: view.g,
            h: view.h,
            f: view.f,
            parent: view.parent,
        })
    }

    /// Runs to the end: the headless solver.
    pub fn run(self) -> RunResult<Pos> {
        self.engine.finish()
    }
}

/// How `pos` looks to `run`, any search over a board.
pub fn cell_mark(run: &dyn Run<Problem = GridProblem>, pos: Pos) -> CellMark {
    match run.node(&pos) {
        None if run.scanned(&pos) => CellMark::Scanned,
        None => CellMark::Unseen,
        Some(view) => match view.status {
            NodeStatus::Frontier => CellMark::Frontier(view.side),
            NodeStatus::Visited => CellMark::Visited(view.side),
        },
    }
}

impl Iterator for GridRun {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.engine.next()
    }
}
