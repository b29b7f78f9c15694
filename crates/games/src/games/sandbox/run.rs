use std::fmt;

use super::GridProblem;
use std::sync::Arc;

use super::algorithms::{Capabilities, Descriptor, Options, REGISTRY, Shape, YOUR_CODE, by_code};
use super::grid_search::{GridSearch, SightCheck};
use crate::grid::Pos;
use crate::search::recorded::Recording;
use crate::search::{
    Algorithm, Budget, Cost, DeepeningLimit, DeepeningStatus, Event, NodeStatus, Run, RunResult,
    Side, Step, StoppingRule, expanded_by, run_to_end, unknown_algorithm,
};

/// A search the Pathfinding board can run: one of the [`REGISTRY`]'s descriptors, with
/// weighted A*'s weight.
#[derive(Clone, Copy)]
pub struct PathAlgorithm {
    descriptor: &'static Descriptor,
    /// Used only by a weighted search.
    weight: f64,
}

impl PathAlgorithm {
    /// The search `descriptor` describes (a weighted one with its default weight).
    pub fn of(descriptor: &'static Descriptor) -> PathAlgorithm {
        let weight = match descriptor.shape {
            Shape::BestFirst(Algorithm::WeightedAStar(w)) => w,
            _ => 1.0,
        };
        PathAlgorithm { descriptor, weight }
    }

    /// Every search of the registry, weighted A* with w = 2.
    pub fn all() -> impl Iterator<Item = PathAlgorithm> {
        REGISTRY.iter().map(|d| PathAlgorithm::of(d))
    }

    /// The board's search that is `algorithm` of the best-first family.
    pub fn search(algorithm: Algorithm) -> PathAlgorithm {
        let descriptor = REGISTRY
            .iter()
            .find(|d| matches!(d.shape, Shape::BestFirst(a) if a.same_kind(algorithm)))
            .expect("the registry holds every algorithm of the best-first family");
        let weight = match algorithm {
            Algorithm::WeightedAStar(w) => w,
            _ => 1.0,
        };
        PathAlgorithm { descriptor, weight }
    }

    /// The student's own search, from the code panel (not in the registry: the command
    /// line and lessons cannot name it; saved settings and links can).
    pub fn your_code() -> PathAlgorithm {
        PathAlgorithm::of(&YOUR_CODE)
    }

    /// Whether this is the student's own search.
    pub fn is_your_code(self) -> bool {
        std::ptr::eq(self.descriptor, &YOUR_CODE)
    }

    /// Parses a name as [`PathAlgorithm::parse`] does, and `code`, the student's own
    /// search, which saved settings and links name.
    pub fn parse_saved(text: &str) -> Result<PathAlgorithm, String> {
        if text.eq_ignore_ascii_case(YOUR_CODE.code) {
            return Ok(PathAlgorithm::your_code());
        }
        PathAlgorithm::parse(text)
    }

    /// What it is, described once.
    pub fn descriptor(self) -> &'static Descriptor {
        self.descriptor
    }

    /// What it can show beyond the frontier and the visited set.
    pub fn capabilities(self) -> Capabilities {
        self.descriptor.capabilities
    }

    /// Its algorithm of the best-first family, with its weight, if it is one.
    pub fn best_first(self) -> Option<Algorithm> {
        match self.descriptor.shape {
            Shape::BestFirst(a) => Some(self.weighted(a)),
            _ => None,
        }
    }

    fn weighted(self, algorithm: Algorithm) -> Algorithm {
        match algorithm {
            Algorithm::WeightedAStar(_) => Algorithm::WeightedAStar(self.weight),
            other => other,
        }
    }

    /// Weighted A*'s weight, if it has one.
    pub fn weight(self) -> Option<f64> {
        matches!(self.best_first(), Some(Algorithm::WeightedAStar(_))).then_some(self.weight)
    }

    /// The same search with weight `w`, for a weighted one.
    pub fn with_weight(self, w: f64) -> PathAlgorithm {
        PathAlgorithm { weight: w, ..self }
    }

    /// What the limit counts, for the iterative deepening searches.
    pub fn deepening(self) -> Option<DeepeningLimit> {
        match self.descriptor.shape {
            Shape::Deepening(limit) => Some(limit),
            _ => None,
        }
    }

    /// The algorithm each side runs, for the bidirectional searches.
    pub fn bidirectional(self) -> Option<Algorithm> {
        match self.descriptor.shape {
            Shape::TwoSided(a) => Some(a),
            _ => None,
        }
    }

    /// Parses a command-line name: one of the registry's codes (`wastar:W` with any weight
    /// W; `bidirectional` for `bibfs`, `ucs` for `dijkstra`, `a*` for `astar`).
    pub fn parse(text: &str) -> Result<PathAlgorithm, String> {
        let lower = text.to_ascii_lowercase();
        let lower = match lower.as_str() {
            "bidirectional" => "bibfs".to_string(),
            _ => lower,
        };
        if let Some(found) = by_code(&lower).filter(|d| d.code != "wastar") {
            return Ok(PathAlgorithm::of(found));
        }
        match Algorithm::named(text)? {
            Some(a) => {
                a.validate()?;
                Ok(PathAlgorithm::search(a))
            }
            None => Err(unknown_algorithm(
                text,
                PathAlgorithm::all().map(|a| a.code_pattern()),
            )),
        }
    }

    /// The name in a list of the command-line names (`wastar:W` for weighted A*).
    pub fn code_pattern(self) -> String {
        match self.weight() {
            Some(_) => format!("{}:W", self.descriptor.code),
            None => self.descriptor.code.into(),
        }
    }

    pub fn code(self) -> String {
        match self.weight() {
            Some(w) => format!("{}:{w}", self.descriptor.code),
            None => self.descriptor.code.into(),
        }
    }

    pub fn uses_heuristic(self) -> bool {
        self.descriptor.guarantees.heuristic
    }

    /// Rejects a weighted A* weight that is not a finite number >= 1.
    pub fn validate(self) -> Result<(), String> {
        self.best_first().map_or(Ok(()), Algorithm::validate)
    }

    /// Whether the path found is always the cheapest (for admissible heuristics).
    pub fn finds_cheapest(self) -> bool {
        self.descriptor.guarantees.cheapest
    }

    /// Same search, whatever weighted A*'s weight (for pickers).
    pub fn same_kind(self, other: PathAlgorithm) -> bool {
        std::ptr::eq(self.descriptor, other.descriptor)
    }
}

impl PartialEq for PathAlgorithm {
    fn eq(&self, other: &Self) -> bool {
        self.same_kind(*other) && self.weight() == other.weight()
    }
}

impl fmt::Debug for PathAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PathAlgorithm({})", self.code())
    }
}

impl fmt::Display for PathAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.weight() {
            Some(w) => write!(f, "{} (w = {w})", self.descriptor.name),
            None => f.write_str(self.descriptor.name),
        }
    }
}

/// How saved settings hold a search: by its code. Saves written before the registry named
/// searches by the variants of an enum; those are read still, and never grow.
#[derive(serde::Serialize, serde::Deserialize)]
enum Stored {
    Code(String),
    Search(Algorithm),
    BidirectionalBfs,
    BidirectionalDijkstra,
    BidirectionalAStar,
    Iddfs,
    IdaStar,
    Jps,
    DStarLite,
}

impl serde::Serialize for PathAlgorithm {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Stored::Code(self.code()).serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for PathAlgorithm {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = match Stored::deserialize(deserializer)? {
            Stored::Code(code) => code,
            Stored::Search(a) => return Ok(PathAlgorithm::search(a)),
            Stored::BidirectionalBfs => "bibfs".into(),
            Stored::BidirectionalDijkstra => "bidijkstra".into(),
            Stored::BidirectionalAStar => "biastar".into(),
            Stored::Iddfs => "iddfs".into(),
            Stored::IdaStar => "idastar".into(),
            Stored::Jps => "jps".into(),
            Stored::DStarLite => "dstar-lite".into(),
        };
        PathAlgorithm::parse_saved(&code).map_err(serde::de::Error::custom)
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
    /// What the run was built with, to build another for a restart.
    options: Options,
    search: Box<dyn GridSearch>,
}

impl GridRun {
    pub fn new(problem: GridProblem, algorithm: PathAlgorithm, budget: Budget) -> GridRun {
        GridRun::with_stopping_rule(problem, algorithm, budget, StoppingRule::Proven)
    }

    /// A run that nothing will draw, only run to its answer: without the extras the views
    /// read (JPS's scanned trail), which on a 256 x 256 city map took two thirds of JPS's
    /// time.
    pub fn headless(problem: GridProblem, algorithm: PathAlgorithm, budget: Budget) -> GridRun {
        GridRun::build(problem, algorithm, budget, StoppingRule::Proven, false)
    }

    /// A run whose bidirectional search (if it is one) stops by `rule`: the proven rule, or
    /// the first meeting, to show that one failing.
    pub fn with_stopping_rule(
        problem: GridProblem,
        algorithm: PathAlgorithm,
        budget: Budget,
        rule: StoppingRule,
    ) -> GridRun {
        GridRun::build(problem, algorithm, budget, rule, true)
    }

    fn build(
        problem: GridProblem,
        algorithm: PathAlgorithm,
        budget: Budget,
        rule: StoppingRule,
        drawn: bool,
    ) -> GridRun {
        // JPS needs one step cost; on other boards the run is A* (and says so).
        let algorithm =
            if algorithm.capabilities().uniform_costs_only && problem.uniform_cost().is_none() {
                PathAlgorithm::search(Algorithm::AStar)
            } else {
                algorithm
            };
        let options = Options {
            budget,
            rule,
            weight: algorithm.weight,
            drawn,
            recording: None,
        };
        let search = (algorithm.descriptor.build)(problem, &options);
        GridRun {
            algorithm,
            options,
            search,
        }
    }

    /// The replay of a student's program's search of `problem` (see
    /// [`crate::search::recorded`]).
    pub fn recorded(problem: GridProblem, recording: Arc<Recording<Pos>>) -> GridRun {
        let algorithm = PathAlgorithm::your_code();
        let options = Options {
            budget: Budget::default(),
            rule: StoppingRule::Proven,
            weight: 1.0,
            drawn: true,
            recording: Some(recording),
        };
        let search = (YOUR_CODE.build)(problem, &options);
        GridRun {
            algorithm,
            options,
            search,
        }
    }

    /// The recording replayed, for the student's own search.
    pub fn recording(&self) -> Option<&Arc<Recording<Pos>>> {
        self.options.recording.as_ref()
    }

    /// The same search on `problem` (another start and goal, as a scenario's queries ask),
    /// from step 0: in this run's memory when its engine can start over in place (the
    /// best-first searches and JPS, which then clear only what the last query touched), else
    /// as a new run with the same options.
    pub fn restart(&mut self, problem: GridProblem) {
        if !self.search.restart_on(&problem) {
            let Options {
                budget,
                rule,
                drawn,
                ..
            } = self.options;
            // A recording is of one problem: on another, the student's search has none
            // and stops at once.
            *self = GridRun::build(problem, self.algorithm, budget, rule, drawn);
        }
    }

    pub fn problem(&self) -> &GridProblem {
        self.search.problem()
    }

    pub fn algorithm(&self) -> PathAlgorithm {
        self.algorithm
    }

    /// The engine's run, for everything a board does not need to be told in cells.
    pub fn engine(&self) -> &dyn Run<Problem = GridProblem> {
        &*self.search
    }

    pub fn expansions(&self) -> usize {
        self.search.expansions()
    }

    pub fn frontier_len(&self) -> usize {
        self.search.frontier_len()
    }

    pub fn visited_len(&self) -> usize {
        self.search.visited_len()
    }

    pub fn discovered(&self) -> usize {
        self.search.discovered()
    }

    /// Approximate bytes the search holds.
    pub fn memory_bytes(&self) -> usize {
        self.search.memory_bytes()
    }

    /// The final event, once the run is over.
    pub fn ended(&self) -> Option<Event> {
        self.search.ended().map(|step| step.event)
    }

    pub fn path(&self) -> Option<Vec<Pos>> {
        self.search.path()
    }

    pub fn path_cost(&self) -> Option<Cost> {
        self.search.path_cost()
    }

    /// The cell expanded by the latest step, and by which side.
    pub fn last_expanded(&self) -> Option<(Side, Pos)> {
        self.search.last_expanded()
    }

    /// For a search from both ends: the cell joining the best path found so far, and its
    /// cost (moves, for bidirectional BFS).
    pub fn meeting(&self) -> Option<(Pos, Cost)> {
        self.search.meeting()
    }

    /// The cell the next step expands, and by which side (see [`Engine::next_expansion`]).
    pub fn next_expansion(&self) -> Option<(Side, Pos)> {
        if self.search.ended().is_some() {
            return None;
        }
        let mut ahead = self.search.clone();
        let step = ahead.step();
        expanded_by(step, &*ahead)
    }

    /// For iterative deepening: the iteration, its limit and the next one.
    pub fn deepening(&self) -> Option<DeepeningStatus> {
        self.search.deepening()
    }

    /// For D* Lite: the change of `pos` to `terrain`, repaired by the steps that follow
    /// (the board the run searches changes with it). False for other searches.
    pub fn repair_cell(&mut self, pos: Pos, terrain: u8) -> bool {
        self.search.repair_cell(pos, terrain)
    }

    /// Every cell the run marks (its nodes, and a scan trail if it has one): what a
    /// redraw after a jump in time must repaint, with the cells the run marked before.
    pub fn for_each_marked(&self, mut visit: impl FnMut(Pos)) {
        self.search.for_each_marked(&mut visit);
    }

    /// For Jump Point Search: whether a jump scan passed over `pos`.
    pub fn scanned(&self, pos: Pos) -> bool {
        self.search.scanned(pos)
    }

    /// For Theta*: the lines of sight the latest step checked.
    pub fn sight_checks(&self) -> &[SightCheck] {
        self.search.sight_checks()
    }

    /// How many times the search has expanded `pos` (more than once only for iterative
    /// deepening).
    pub fn times_expanded(&self, pos: Pos) -> u32 {
        self.search.times_expanded(&pos)
    }

    /// Cells the latest step changed: the expanded one and those added or improved.
    pub fn last_changed(&self) -> Vec<Pos> {
        let mut cells = vec![];
        self.search.last_changed(&mut |&pos| cells.push(pos));
        cells
    }

    /// How `pos` looks to the search (for bidirectional runs, the forward side wins).
    pub fn mark(&self, pos: Pos) -> CellMark {
        cell_mark(&*self.search, pos)
    }

    /// What the search knows about `pos`, if it has discovered it.
    pub fn info(&self, pos: Pos) -> Option<CellInfo> {
        let view = self.search.node(&pos)?;
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
    pub fn run(mut self) -> RunResult<Pos> {
        self.finish()
    }

    /// Runs to the end, keeping the run (to [`restart`](Self::restart) it on the next query).
    pub fn finish(&mut self) -> RunResult<Pos> {
        run_to_end(&mut *self.search)
    }
}

/// How `pos` looks to `run`, any search over a board.
pub fn cell_mark(run: &dyn GridSearch, pos: Pos) -> CellMark {
    match run.status(pos) {
        None if run.scanned(pos) => CellMark::Scanned,
        None => CellMark::Unseen,
        Some((side, NodeStatus::Frontier)) => CellMark::Frontier(side),
        Some((side, NodeStatus::Visited)) => CellMark::Visited(side),
    }
}

impl Iterator for GridRun {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.search.step()
    }
}
