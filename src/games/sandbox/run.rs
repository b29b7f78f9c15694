use std::fmt;

use super::GridProblem;
use crate::grid::Pos;
use crate::search::{
    Algorithm, BiEvent, BiSearch, Budget, Cost, Event, NodeId, NodeStatus, RunResult, Search, Side,
};

/// What the Pathfinding board can run: one engine with a frontier policy, or two BFS
/// engines meeting in the middle.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum PathAlgorithm {
    Search(Algorithm),
    BidirectionalBfs,
}

impl PathAlgorithm {
    pub const ALL: [PathAlgorithm; 7] = [
        PathAlgorithm::Search(Algorithm::Bfs),
        PathAlgorithm::Search(Algorithm::Dfs),
        PathAlgorithm::Search(Algorithm::Dijkstra),
        PathAlgorithm::Search(Algorithm::AStar),
        PathAlgorithm::Search(Algorithm::WeightedAStar(2.0)),
        PathAlgorithm::Search(Algorithm::Greedy),
        PathAlgorithm::BidirectionalBfs,
    ];

    /// Command-line names: those of [`Algorithm::parse`] and `bibfs`.
    pub fn parse(text: &str) -> Result<PathAlgorithm, String> {
        match text.to_ascii_lowercase().as_str() {
            "bibfs" | "bidirectional" => Ok(PathAlgorithm::BidirectionalBfs),
            _ => Algorithm::parse(text)
                .map(PathAlgorithm::Search)
                .map_err(|e| e.replace("or greedy", "greedy or bibfs")),
        }
    }

    pub fn code(self) -> String {
        match self {
            PathAlgorithm::Search(a) => a.code(),
            PathAlgorithm::BidirectionalBfs => "bibfs".into(),
        }
    }

    pub fn uses_heuristic(self) -> bool {
        matches!(self, PathAlgorithm::Search(a) if a.uses_heuristic())
    }

    /// Rejects a weighted A* weight that is not a finite number >= 1.
    pub fn validate(self) -> Result<(), String> {
        match self {
            PathAlgorithm::Search(a) => a.validate(),
            PathAlgorithm::BidirectionalBfs => Ok(()),
        }
    }

    /// Whether the path found is always the cheapest (for admissible heuristics).
    pub fn finds_cheapest(self) -> bool {
        matches!(
            self,
            PathAlgorithm::Search(Algorithm::Dijkstra | Algorithm::AStar)
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
        }
    }
}

/// How a cell looks to the search right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellMark {
    Unseen,
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
/// what the command line runs to the end.
#[derive(Clone)]
pub enum GridRun {
    One(Box<Search<GridProblem>>),
    Two(Box<BiSearch<GridProblem>>),
}

impl GridRun {
    pub fn new(problem: GridProblem, algorithm: PathAlgorithm, budget: Budget) -> GridRun {
        match algorithm {
            PathAlgorithm::Search(a) => {
                GridRun::One(Box::new(Search::new(problem, a).with_budget(budget)))
            }
            PathAlgorithm::BidirectionalBfs => {
                GridRun::Two(Box::new(BiSearch::new(problem).with_budget(budget)))
            }
        }
    }

    pub fn problem(&self) -> &GridProblem {
        match self {
            GridRun::One(s) => s.problem(),
            GridRun::Two(s) => s.forward().problem(),
        }
    }

    pub fn algorithm(&self) -> PathAlgorithm {
        match self {
            GridRun::One(s) => PathAlgorithm::Search(s.algorithm()),
            GridRun::Two(_) => PathAlgorithm::BidirectionalBfs,
        }
    }

    pub fn expansions(&self) -> usize {
        match self {
            GridRun::One(s) => s.expansions(),
            GridRun::Two(s) => s.expansions(),
        }
    }

    pub fn frontier_len(&self) -> usize {
        match self {
            GridRun::One(s) => s.frontier_len(),
            GridRun::Two(s) => s.forward().frontier_len() + s.backward().frontier_len(),
        }
    }

    pub fn visited_len(&self) -> usize {
        match self {
            GridRun::One(s) => s.visited_len(),
            GridRun::Two(s) => s.forward().visited_len() + s.backward().visited_len(),
        }
    }

    pub fn discovered(&self) -> usize {
        match self {
            GridRun::One(s) => s.discovered(),
            GridRun::Two(s) => s.discovered(),
        }
    }

    /// Approximate bytes the search holds.
    pub fn memory_bytes(&self) -> usize {
        match self {
            GridRun::One(s) => s.memory_bytes(),
            GridRun::Two(s) => s.memory_bytes(),
        }
    }

    /// The final event, once the run is over.
    pub fn ended(&self) -> Option<Event> {
        match self {
            GridRun::One(s) => s.ended(),
            GridRun::Two(s) => s.ended().map(|e| e.event),
        }
    }

    pub fn path(&self) -> Option<Vec<Pos>> {
        match self {
            GridRun::One(s) => s.path(),
            GridRun::Two(s) => s.ended().and(s.path()),
        }
    }

    pub fn path_cost(&self) -> Option<Cost> {
        match self {
            GridRun::One(s) => s.goal().map(|g| s.g(g)),
            GridRun::Two(s) => s.ended().and(s.path_cost()),
        }
    }

    /// The cell expanded by the latest step, and by which side.
    pub fn last_expanded(&self) -> Option<(Side, Pos)> {
        match self {
            GridRun::One(s) => s.last_expanded().map(|n| (Side::Forward, *s.state(n))),
            GridRun::Two(s) => {
                let side = s.last_side()?;
                match side {
                    Side::Forward => s.forward().last_expanded().map(|n| *s.forward().state(n)),
                    Side::Backward => s.backward().last_expanded().map(|n| *s.backward().state(n)),
                }
                .map(|pos| (side, pos))
            }
        }
    }

    /// Cells the latest step changed: the expanded one and those added or improved.
    pub fn last_changed(&self) -> Vec<Pos> {
        fn changed<P: crate::search::Problem<State = Pos>>(s: &Search<P>) -> Vec<Pos> {
            let nodes = s.last_expanded().into_iter();
            nodes
                .chain(s.last_added().iter().copied())
                .chain(s.last_improved().iter().copied())
                .map(|n| *s.state(n))
                .collect()
        }
        match self {
            GridRun::One(s) => changed(s),
            GridRun::Two(s) => match s.last_side() {
                Some(Side::Forward) => changed(s.forward()),
                Some(Side::Backward) => changed(s.backward()),
                None => vec![],
            },
        }
    }

    /// How `pos` looks to the search (for bidirectional runs, the forward side wins).
    pub fn mark(&self, pos: Pos) -> CellMark {
        match self.info(pos) {
            None => CellMark::Unseen,
            Some(info) => match info.status {
                NodeStatus::Frontier => CellMark::Frontier(info.side),
                NodeStatus::Visited => CellMark::Visited(info.side),
            },
        }
    }

    /// What the search knows about `pos`, if it has discovered it.
    pub fn info(&self, pos: Pos) -> Option<CellInfo> {
        fn of<P: crate::search::Problem<State = Pos>>(
            s: &Search<P>,
            side: Side,
            pos: Pos,
        ) -> Option<CellInfo> {
            let node: NodeId = s.find(&pos)?;
            Some(CellInfo {
                side,
                status: s.status(node),
                g: s.g(node),
                h: s.h(node),
                f: s.f(node),
                parent: s.parent(node).map(|p| *s.state(p)),
            })
        }
        match self {
            GridRun::One(s) => of(s, Side::Forward, pos),
            GridRun::Two(s) => of(s.forward(), Side::Forward, pos)
                .or_else(|| of(s.backward(), Side::Backward, pos)),
        }
    }

    /// Runs to the end: the headless solver.
    pub fn run(self) -> RunResult<Pos> {
        match self {
            GridRun::One(s) => (*s).run(),
            GridRun::Two(s) => (*s).run(),
        }
    }
}

impl Iterator for GridRun {
    type Item = BiEvent;

    fn next(&mut self) -> Option<BiEvent> {
        match self {
            GridRun::One(s) => s.next().map(|event| BiEvent {
                side: Side::Forward,
                event,
            }),
            GridRun::Two(s) => s.next(),
        }
    }
}
