use super::budget::Cadence;
use super::run::{NodeView, NodeVisitor, Run, Side, Step, run_to_end};
use super::{
    Algorithm, Budget, Cost, Event, NodeId, Problem, ReversibleProblem, RunResult, Search,
};

/// A problem searched backwards: it starts at the goal and its moves are the original
/// problem's moves reversed. [`BiSearch`] runs one of these as its backward side.
#[derive(Clone)]
pub struct Reversed<P>(pub P);

impl<P: ReversibleProblem> Problem for Reversed<P> {
    type State = P::State;
    fn start(&self) -> P::State {
        self.0.goal()
    }
    fn is_goal(&self, state: &P::State) -> bool {
        *state == self.0.start()
    }
    fn successors(&self, state: &P::State, out: &mut Vec<(P::State, Cost)>) {
        self.0.predecessors(state, out)
    }
    fn heuristic(&self, state: &P::State) -> Cost {
        self.0.heuristic_to_start(state)
    }
    fn state_space_size(&self) -> Option<usize> {
        self.0.state_space_size()
    }
    fn state_index(&self, state: &P::State) -> Option<usize> {
        self.0.state_index(state)
    }
    fn state_heap_bytes(&self, state: &P::State) -> usize {
        self.0.state_heap_bytes(state)
    }
}

/// Where the two searches touch: the same state, discovered by both.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Meeting {
    forward: NodeId,
    backward: NodeId,
    /// Moves (BFS) or cost (Dijkstra, A*) of the path through it when it was found.
    length: Cost,
}

/// When a bidirectional search may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoppingRule {
    /// Once no shorter path can still appear (see [`BiSearch`]): the path is optimal.
    Proven,
    /// At the first meeting of the two searches: the rule students guess, and wrong. Kept
    /// to show (in lessons and tests) the path it returns costing more.
    FirstMeeting,
}

/// Bidirectional search: a forward search from the start and a backward one from the goal,
/// made of two ordinary [`Search`]es of the same algorithm (BFS, Dijkstra or A*) that expand
/// one node in turn. Each time a side adds or improves a state the other side knows, the two
/// half-paths form a whole one, and the cheapest such path so far, μ, is kept. Meeting is
/// not enough to stop (the first meeting is often not on the best path); the search stops
/// once no cheaper path can appear:
///
/// - BFS: the depths of the two frontiers' next nodes add up to at least μ's moves.
/// - Dijkstra: `top_f + top_b ≥ μ`, the smallest g in each frontier added up (Pohl 1971,
///   "Bi-directional search", Machine Intelligence 6; the rule as stated by Goldberg and
///   Harrelson 2005, "Computing the shortest path: A* search meets graph theory", §3): any
///   path not yet seen leaves the forward frontier and enters the backward one.
/// - A*: `max(fmin_f, fmin_b) ≥ μ`, each side's smallest f = g + h, with h consistent
///   towards that side's target (the "symmetric approach" of Goldberg and Harrelson 2005,
///   §4.1): every path not yet seen passes a forward frontier node, so costs at least
///   `fmin_f`, and likewise backward.
///
/// ```
/// use frontier_engine::search::{BiSearch, Cost, Outcome, Problem, ReversibleProblem};
///
/// /// From 0 to 12 on a number line by steps of 1 and 3.
/// #[derive(Clone)]
/// struct Hops;
/// impl Problem for Hops {
///     type State = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 12 }
///     fn successors(&self, s: &i32, out: &mut Vec<(i32, Cost)>) {
///         out.extend([(s + 1, 1.0), (s + 3, 1.0)]);
///     }
/// }
/// impl ReversibleProblem for Hops {
///     fn goal(&self) -> i32 { 12 }
///     fn predecessors(&self, s: &i32, out: &mut Vec<(i32, Cost)>) {
///         out.extend([(s - 1, 1.0), (s - 3, 1.0)]);
///     }
/// }
///
/// let Outcome::Found { path, .. } = BiSearch::new(Hops).run().outcome else { panic!() };
/// assert_eq!(path.len(), 5); // four hops of 3
/// ```
#[derive(Clone)]
pub struct BiSearch<P: ReversibleProblem + Clone> {
    forward: Search<P>,
    backward: Search<Reversed<P>>,
    algorithm: Algorithm,
    rule: StoppingRule,
    turn: Side,
    best: Option<Meeting>,
    budget: Budget,
    cadence: Cadence,
    ended: Option<Step>,
    last_side: Option<Side>,
}

impl<P: ReversibleProblem + Clone> BiSearch<P> {
    /// A bidirectional BFS of `problem`: the start on the forward side, the goal on the
    /// backward one.
    pub fn new(problem: P) -> Self {
        BiSearch::with_algorithm(problem, Algorithm::Bfs)
    }

    /// A bidirectional search of `problem` by `algorithm` on each side: BFS, Dijkstra or A*
    /// (any other is run as Dijkstra: the stopping rules hold for these three only).
    pub fn with_algorithm(problem: P, algorithm: Algorithm) -> Self {
        let algorithm = match algorithm {
            Algorithm::Bfs | Algorithm::Dijkstra | Algorithm::AStar => algorithm,
            _ => Algorithm::Dijkstra,
        };
        let forward = Search::new(problem.clone(), algorithm);
        let backward = Search::new(Reversed(problem), algorithm);
        let mut search = BiSearch {
            forward,
            backward,
            algorithm,
            rule: StoppingRule::Proven,
            turn: Side::Forward,
            best: None,
            budget: Budget::UNLIMITED,
            cadence: Cadence::new(),
            ended: None,
            last_side: None,
        };
        search.look_for_meetings(Side::Forward);
        search
    }

    /// The same search, stopping by `rule`.
    pub fn with_stopping_rule(mut self, rule: StoppingRule) -> Self {
        self.rule = rule;
        self
    }

    /// The algorithm each side runs.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The cost (moves, for BFS) of the best path through a meeting so far: μ.
    pub fn best_so_far(&self) -> Option<Cost> {
        self.best.map(|m| m.length)
    }

    /// The same search, limited by `budget` (counting both sides together).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The search from the start.
    pub fn forward(&self) -> &Search<P> {
        &self.forward
    }

    /// The search from the goal, over moves reversed.
    pub fn backward(&self) -> &Search<Reversed<P>> {
        &self.backward
    }

    /// The side that moved in the latest step.
    pub fn last_side(&self) -> Option<Side> {
        self.last_side
    }

    /// Expansions of both sides together.
    pub fn expansions(&self) -> usize {
        self.forward.expansions() + self.backward.expansions()
    }

    /// States discovered by both sides together (a state both know counts twice).
    pub fn discovered(&self) -> usize {
        self.forward.discovered() + self.backward.discovered()
    }

    /// Approximate memory held by both sides, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.forward.memory_bytes() + self.backward.memory_bytes()
    }

    /// The final step, once the run is over.
    pub fn ended(&self) -> Option<Step> {
        self.ended
    }

    /// The meeting node on each side, once the searches have met.
    pub fn meeting(&self) -> Option<(NodeId, NodeId)> {
        self.best.map(|m| (m.forward, m.backward))
    }

    /// The shortest start-to-goal path through the best meeting found so far.
    pub fn path(&self) -> Option<Vec<P::State>> {
        let meeting = self.best?;
        let mut path = self.forward.path_to(meeting.forward);
        let mut back = self.backward.path_to(meeting.backward);
        back.pop();
        path.extend(back.into_iter().rev());
        Some(path)
    }

    /// Cost of [`BiSearch::path`]: the two halves' g added up.
    pub fn path_cost(&self) -> Option<Cost> {
        self.best
            .map(|m| self.forward.g(m.forward) + self.backward.g(m.backward))
    }

    /// Runs to the end: the headless solver.
    pub fn run(mut self) -> RunResult<P::State> {
        run_to_end(&mut self)
    }

    /// Checks the states `side` just reached (added, improved, or expanded) against what
    /// the other side knows, keeping the cheapest path through a meeting.
    fn look_for_meetings(&mut self, side: Side) {
        let bfs = self.algorithm == Algorithm::Bfs;
        let found = match side {
            Side::Forward => closest_meeting(&self.forward, &self.backward, bfs),
            Side::Backward => closest_meeting(&self.backward, &self.forward, bfs)
                .map(|(backward, forward, length)| (forward, backward, length)),
        };
        if let Some((forward, backward, length)) = found
            && self.best.is_none_or(|best| length < best.length)
        {
            self.best = Some(Meeting {
                forward,
                backward,
                length,
            });
        }
    }

    fn meeting_node(&self, side: Side) -> NodeId {
        match (self.best, side) {
            (Some(m), Side::Forward) => m.forward,
            (Some(m), Side::Backward) => m.backward,
            (None, _) => 0,
        }
    }

    /// True once no path shorter than the best meeting can still be found (or, by the
    /// first-meeting rule, once there is a meeting at all).
    fn settled(&mut self) -> bool {
        let Some(best) = self.best else {
            return false;
        };
        if self.rule == StoppingRule::FirstMeeting {
            return true;
        }
        let (Some(f), Some(b)) = (self.forward.peek_next(), self.backward.peek_next()) else {
            return true;
        };
        let (forward, backward) = (&self.forward, &self.backward);
        match self.algorithm {
            Algorithm::Bfs => (forward.depth(f) + backward.depth(b)) as Cost >= best.length,
            Algorithm::AStar => forward.f(f).max(backward.f(b)) >= best.length,
            _ => forward.g(f) + backward.g(b) >= best.length,
        }
    }

    fn end(&mut self, side: Side, event: Event) -> Option<Step> {
        let event = Step { side, event };
        self.ended = Some(event);
        Some(event)
    }
}

impl<P: ReversibleProblem + Clone> Iterator for BiSearch<P> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.ended.is_some() {
            return None;
        }
        let side = self.turn;
        let expansions = self.expansions();
        let now = self.cadence.tick();
        let bytes = || self.forward.memory_bytes() + self.backward.memory_bytes();
        if let Some(limit) = self
            .budget
            .exceeded(expansions, self.discovered(), bytes, now)
        {
            return self.end(side, Event::GaveUp(limit));
        }
        if self.settled() {
            let goal = self.meeting_node(side);
            return self.end(side, Event::Found { goal });
        }
        let event = match side {
            Side::Forward => self.forward.next(),
            Side::Backward => self.backward.next(),
        };
        self.last_side = Some(side);
        self.turn = side.other();
        match event {
            Some(event @ Event::Expanded { .. }) => {
                self.look_for_meetings(side);
                Some(Step { side, event })
            }
            // A side that reaches its own goal has met the other side's start.
            Some(Event::Found { .. }) => {
                let goal = self.meeting_node(side);
                self.end(side, Event::Found { goal })
            }
            Some(Event::GaveUp(limit)) => self.end(side, Event::GaveUp(limit)),
            Some(Event::Exhausted) | None => match self.best {
                Some(_) => {
                    let goal = self.meeting_node(side);
                    self.end(side, Event::Found { goal })
                }
                None => self.end(side, Event::Exhausted),
            },
        }
    }
}

/// Among the nodes `this` search's latest step expanded, added or improved, the one the
/// `other` search also knows with the shortest path through it: (node in this, node in
/// other, moves when `moves` else cost).
fn closest_meeting<A: Problem, B: Problem<State = A::State>>(
    this: &Search<A>,
    other: &Search<B>,
    moves: bool,
) -> Option<(NodeId, NodeId, Cost)> {
    this.last_added()
        .iter()
        .chain(this.last_improved())
        .chain(this.last_expanded().as_slice())
        .filter_map(|&node| {
            let known = other.find(this.state(node))?;
            let length = if moves {
                (this.depth(node) + other.depth(known)) as Cost
            } else {
                this.g(node) + other.g(known)
            };
            Some((node, known, length))
        })
        .min_by(|a, b| a.2.total_cmp(&b.2))
}

impl<P: ReversibleProblem + Clone> Run for BiSearch<P> {
    type Problem = P;

    fn problem(&self) -> &P {
        self.forward.problem()
    }

    fn step(&mut self) -> Option<Step> {
        self.next()
    }

    fn ended(&self) -> Option<Step> {
        self.ended
    }

    fn expansions(&self) -> usize {
        BiSearch::expansions(self)
    }

    fn discovered(&self) -> usize {
        BiSearch::discovered(self)
    }

    fn frontier_len(&self) -> usize {
        self.forward.frontier_len() + self.backward.frontier_len()
    }

    fn visited_len(&self) -> usize {
        self.forward.visited_len() + self.backward.visited_len()
    }

    fn memory_bytes(&self) -> usize {
        BiSearch::memory_bytes(self)
    }

    fn path(&self) -> Option<Vec<P::State>> {
        self.ended.and(BiSearch::path(self))
    }

    fn path_cost(&self) -> Option<Cost> {
        self.ended.and(BiSearch::path_cost(self))
    }

    fn last_expanded(&self) -> Option<(Side, P::State)> {
        let side = self.last_side?;
        let state = match side {
            Side::Forward => self.forward.state(self.forward.last_expanded()?),
            Side::Backward => self.backward.state(self.backward.last_expanded()?),
        };
        Some((side, state.clone()))
    }

    fn last_changed(&self, visit: &mut dyn FnMut(&P::State)) {
        match self.last_side {
            Some(Side::Forward) => Run::last_changed(&self.forward, visit),
            Some(Side::Backward) => Run::last_changed(&self.backward, visit),
            None => {}
        }
    }

    /// The forward side's view when both sides know the state.
    fn node(&self, state: &P::State) -> Option<NodeView<P::State>> {
        self.forward
            .find(state)
            .map(|n| self.forward.view(n, Side::Forward))
            .or_else(|| (self.backward.find(state)).map(|n| self.backward.view(n, Side::Backward)))
    }

    fn node_on(&self, state: &P::State, side: Side) -> Option<NodeView<P::State>> {
        match side {
            Side::Forward => (self.forward.find(state)).map(|n| self.forward.view(n, side)),
            Side::Backward => (self.backward.find(state)).map(|n| self.backward.view(n, side)),
        }
    }

    fn meeting(&self) -> Option<(P::State, Cost)> {
        let best = self.best?;
        Some((self.forward.state(best.forward).clone(), best.length))
    }

    fn for_each_node(&self, visit: &mut NodeVisitor<'_, P::State>) {
        for node in self.forward.nodes() {
            visit(
                self.forward.state(node),
                &self.forward.view(node, Side::Forward),
            );
        }
        for node in self.backward.nodes() {
            let state = self.backward.state(node);
            if self.forward.find(state).is_none() {
                visit(state, &self.backward.view(node, Side::Backward));
            }
        }
    }
}
