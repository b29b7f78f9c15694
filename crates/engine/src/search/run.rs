//! One interface for every engine. The best-first [`Search`](super::Search), the
//! bidirectional [`BiSearch`](super::BiSearch) and the engines to come are stepped,
//! inspected, copied for checkpoints and run to the end through [`Run`], so the timeline,
//! the board overlays, compare mode, the command line and the tests take any of them, and
//! [`Engine`] holds any of them behind one type.

use web_time::Instant;

use super::{Cost, Event, NodeStatus, Outcome, Problem, RunResult};

/// Which of the searches of a run moved: the only one, or one of the two of a bidirectional
/// run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// From the start towards the goal (every one-sided search).
    Forward,
    /// From the goal back towards the start.
    Backward,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Forward => Side::Backward,
            Side::Backward => Side::Forward,
        }
    }
}

/// What one step of a run did: the event, and which side took the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The side that moved ([`Side::Forward`] for one-sided searches).
    pub side: Side,
    /// What it did. Node ids in it belong to that side's search.
    pub event: Event,
}

/// What a run knows about one state it has discovered.
///
/// ```
/// use frontier_engine::search::{NodeStatus, Run, Search, Side};
/// let mut search = Search::from_fn(0, |&n: &i32| [(n + 1, 2.5)], |&n| n == 9);
/// search.next();
/// let view = search.node(&1).unwrap();
/// assert_eq!((view.side, view.status, view.g, view.parent, view.depth), (Side::Forward, NodeStatus::Frontier, 2.5, Some(0), 1));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct NodeView<S> {
    /// The side that knows it (the forward side, when both do).
    pub side: Side,
    /// In the frontier, or expanded.
    pub status: NodeStatus,
    /// The cost of the best route to it found so far.
    pub g: Cost,
    /// The heuristic estimate from it (zero for algorithms that use none).
    pub h: Cost,
    /// Its priority in the frontier.
    pub f: Cost,
    /// The state it was reached from.
    pub parent: Option<S>,
    /// Moves from the start (or, backward, from the goal) along parent links.
    pub depth: u32,
}

/// A search in progress, whichever engine runs it.
///
/// ```
/// use frontier_engine::search::{Algorithm, Cost, Problem, Run, Search, Side};
///
/// #[derive(Clone)]
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, Cost)>) { out.push((s + 1, 1.0)) }
/// }
///
/// let mut run = Search::new(Line, Algorithm::Bfs);
/// let step = Run::step(&mut run).unwrap();
/// assert_eq!(step.side, Side::Forward);
/// assert_eq!(Run::last_expanded(&run), Some((Side::Forward, 0)));
/// assert_eq!(run.node(&1).unwrap().g, 1.0);
/// let result = Run::finish(run);
/// assert_eq!(result.expanded, 4);
/// ```
pub trait Run {
    /// The problem the run searches.
    type Problem: Problem;

    /// The problem the run searches.
    fn problem(&self) -> &Self::Problem;

    /// Takes one step (one expansion, or the final event); `None` once the run is over.
    fn step(&mut self) -> Option<Step>;

    /// The final step, once the run is over.
    fn ended(&self) -> Option<Step>;

    /// Nodes expanded so far (the goal's selection counts as one).
    fn expansions(&self) -> usize;

    /// Distinct states stored.
    fn discovered(&self) -> usize;

    /// Nodes in the frontier now.
    fn frontier_len(&self) -> usize;

    /// Nodes expanded and not reopened since.
    fn visited_len(&self) -> usize;

    /// Approximate memory held, in bytes.
    fn memory_bytes(&self) -> usize;

    /// The path from the start to the goal, once found.
    fn path(&self) -> Option<Vec<State<Self>>>;

    /// The cost of [`Run::path`].
    fn path_cost(&self) -> Option<Cost>;

    /// The path from the start to `state`, if the run has discovered it and keeps the parents
    /// of what it discovered (the best-first searches do); a search from the other end that
    /// reaches `state` joins it into a whole path.
    fn route_to(&self, _state: &State<Self>) -> Option<Vec<State<Self>>> {
        None
    }

    /// The state expanded (or selected as the goal) by the latest step, and by which side.
    fn last_expanded(&self) -> Option<(Side, State<Self>)>;

    /// What the run knows about the state expanded by the latest step.
    fn last_expanded_view(&self) -> Option<NodeView<State<Self>>> {
        let (_, state) = self.last_expanded()?;
        self.node(&state)
    }

    /// Calls `visit` with each state the latest step changed: the one expanded, and those
    /// that entered the frontier or got a cheaper route.
    fn last_changed(&self, visit: &mut dyn FnMut(&State<Self>));

    /// What the run knows about `state`, if it has discovered it.
    fn node(&self, state: &State<Self>) -> Option<NodeView<State<Self>>>;

    /// What the search from `side` knows about `state` (a two-ended run's halves may both
    /// know it; [`Run::node`] tells the forward one first).
    fn node_on(&self, state: &State<Self>, side: Side) -> Option<NodeView<State<Self>>> {
        self.node(state).filter(|view| view.side == side)
    }

    /// Calls `visit` with every discovered state and what the run knows of it.
    fn for_each_node(&self, visit: &mut NodeVisitor<'_, State<Self>>);

    /// For a search from both ends: the state where the best path found so far joins the
    /// two halves, and that path's cost (moves, for BFS). `None` for one-sided searches.
    fn meeting(&self) -> Option<(State<Self>, Cost)> {
        None
    }

    /// How many times `state` has been expanded (iterative deepening expands a state again
    /// in each iteration that reaches it).
    fn times_expanded(&self, state: &State<Self>) -> u32 {
        match self.node(state) {
            Some(view) if view.status == NodeStatus::Visited => 1,
            _ => 0,
        }
    }

    /// For iterative deepening: the iteration, its limit and the next one.
    fn deepening(&self) -> Option<super::DeepeningStatus> {
        None
    }

    /// Runs to the end and says how it went: the headless solver.
    fn finish(mut self) -> RunResult<State<Self>>
    where
        Self: Sized,
    {
        run_to_end(&mut self)
    }
}

/// Steps `run` to its end and says how it went; the engines' own `run` and
/// [`Run::finish`] are this.
///
/// ```
/// use frontier_engine::search::{Outcome, Search, run_to_end};
/// let steps = |&n: &i32| if n < 20 { vec![(n + 2, 1.0)] } else { vec![] };
/// let mut search = Search::from_fn(0, steps, |&n| n == 7);
/// search.next();
/// // Goes on from where the search stands; 7 is never reached by steps of 2.
/// let result = run_to_end(&mut search);
/// assert_eq!(result.outcome, Outcome::NoPath);
/// assert_eq!(result.expanded, 11);
/// ```
pub fn run_to_end<R: Run + ?Sized>(run: &mut R) -> RunResult<State<R>> {
    let began = Instant::now();
    let mut last = None;
    while let Some(step) = run.step() {
        last = Some(step.event);
    }
    let outcome = match last.or(run.ended().map(|s| s.event)) {
        Some(Event::Found { .. }) => match (run.path(), run.path_cost()) {
            (Some(path), Some(cost)) => Outcome::Found { path, cost },
            _ => Outcome::NoPath,
        },
        Some(Event::GaveUp(limit)) => Outcome::GaveUp(limit),
        _ => Outcome::NoPath,
    };
    RunResult {
        outcome,
        expanded: run.expansions(),
        stored: run.discovered(),
        elapsed: began.elapsed(),
    }
}

/// What [`Run::for_each_node`] calls with each discovered state.
pub type NodeVisitor<'a, S> = dyn FnMut(&S, &NodeView<S>) + 'a;

/// The state type of a run's problem.
pub type State<R> = <<R as Run>::Problem as Problem>::State;

/// A run that can be copied behind a box: every run that is `Clone`.
trait BoxedRun: Run {
    fn boxed_clone(&self) -> Box<dyn BoxedRun<Problem = Self::Problem>>;
}

impl<R: Run + Clone + 'static> BoxedRun for R {
    fn boxed_clone(&self) -> Box<dyn BoxedRun<Problem = R::Problem>> {
        Box::new(self.clone())
    }
}

/// Any engine's run over problems of one kind, behind one type: cloned for checkpoints,
/// stepped as an iterator. Adding an engine adds no case here.
///
/// ```
/// use frontier_engine::search::{Algorithm, Engine, Search};
/// let search = Search::from_fn(0, |&n: &i32| [(n + 1, 1.0)], |&n| n == 4).with_algorithm(Algorithm::Bfs);
/// let mut engine = Engine::new(search);
/// let copy = engine.clone();
/// assert_eq!(engine.by_ref().count(), 5);
/// assert_eq!(copy.expansions(), 0, "the copy did not move");
/// ```
pub struct Engine<P: Problem> {
    run: Box<dyn BoxedRun<Problem = P>>,
}

impl<P: Problem> Engine<P> {
    /// Wraps a run.
    pub fn new(run: impl Run<Problem = P> + Clone + 'static) -> Engine<P> {
        Engine { run: Box::new(run) }
    }

    /// The run inside.
    pub fn run(&self) -> &dyn Run<Problem = P> {
        &*self.run
    }

    /// Runs to the end: the headless solver.
    pub fn finish(mut self) -> RunResult<P::State> {
        self.run_to_end()
    }

    /// Runs to the end and says how it went, keeping the run to look at afterwards (how
    /// many distinct states it expanded, say).
    pub fn run_to_end(&mut self) -> RunResult<P::State> {
        run_to_end(&mut *self.run)
    }

    /// The state the next step expands (a copy of the run takes the step), if it expands
    /// one: what a prediction is judged against.
    pub fn next_expansion(&self) -> Option<(Side, P::State)> {
        if self.run.ended().is_some() {
            return None;
        }
        let mut ahead = self.clone();
        let step = ahead.run.step();
        expanded_by(step, ahead.run())
    }
}

impl<P: Problem> Clone for Engine<P> {
    fn clone(&self) -> Self {
        Engine {
            run: self.run.boxed_clone(),
        }
    }
}

impl<P: Problem> Iterator for Engine<P> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.run.step()
    }
}

impl<P: Problem> std::ops::Deref for Engine<P> {
    type Target = dyn Run<Problem = P>;

    fn deref(&self) -> &Self::Target {
        &*self.run
    }
}

/// The state expanded by `step`, the step that took the run to `after`, if it expanded one.
pub fn expanded_by<R: Run + ?Sized>(step: Option<Step>, after: &R) -> Option<(Side, State<R>)> {
    match step?.event {
        Event::Expanded { .. } | Event::Found { .. } => after.last_expanded(),
        Event::Exhausted | Event::GaveUp(_) => None,
    }
}
