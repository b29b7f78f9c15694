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
    moves: u32,
}

/// Bidirectional BFS: a forward BFS from the start and a backward BFS from the goal, made of
/// two ordinary [`Search`]es that expand one node in turn. Each time either side discovers
/// a state the other side already knows, the two half-paths form a whole one; the search
/// stops once no shorter one can appear (the two frontiers' depths add up to at least the
/// best path's length), so the path has the fewest moves.
///
/// ```
/// use frontier::search::{BiSearch, Cost, Outcome, Problem, ReversibleProblem};
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
        let forward = Search::new(problem.clone(), Algorithm::Bfs);
        let backward = Search::new(Reversed(problem), Algorithm::Bfs);
        let mut search = BiSearch {
            forward,
            backward,
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

    /// Checks the nodes `side` just discovered against what the other side knows.
    fn look_for_meetings(&mut self, side: Side) {
        let found = match side {
            Side::Forward => closest_meeting(&self.forward, &self.backward),
            Side::Backward => closest_meeting(&self.backward, &self.forward)
                .map(|(backward, forward, moves)| (forward, backward, moves)),
        };
        if let Some((forward, backward, moves)) = found
            && self.best.is_none_or(|best| moves < best.moves)
        {
            self.best = Some(Meeting {
                forward,
                backward,
                moves,
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

    /// True once no path shorter than the best meeting can still be found.
    fn settled(&mut self) -> bool {
        let Some(best) = self.best else {
            return false;
        };
        let forward_depth = self.forward.peek_next().map(|n| self.forward.depth(n));
        let backward_depth = self.backward.peek_next().map(|n| self.backward.depth(n));
        match (forward_depth, backward_depth) {
            (Some(f), Some(b)) => f + b >= best.moves,
            _ => true,
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

/// Among the nodes `this` search just discovered, the one the `other` search also knows with
/// the fewest moves through it: (node in this, node in other, total moves).
fn closest_meeting<A: Problem, B: Problem<State = A::State>>(
    this: &Search<A>,
    other: &Search<B>,
) -> Option<(NodeId, NodeId, u32)> {
    this.last_added()
        .iter()
        .filter_map(|&node| {
            let known = other.find(this.state(node))?;
            Some((node, known, this.depth(node) + other.depth(known)))
        })
        .min_by_key(|&(_, _, moves)| moves)
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
