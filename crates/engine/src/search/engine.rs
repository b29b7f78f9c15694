//! The best-first engine: BFS, DFS, Dijkstra, A*, weighted A* and greedy are one loop with
//! different frontier policies ([`Algorithm`]). It reads top-down like the pseudo-code the
//! app shows for A*; each line is done here:
//!
//! | pseudo-code line | where |
//! |---|---|
//! | `frontier ← priority queue holding start; g[start] ← 0` | [`Search::new`] → [`Book::discover`] |
//! | `while frontier is not empty:` | [`Search::next`] (one pass of the loop per call) |
//! | `n ← frontier.pop()` | [`Search::next`], `Frontier::pop` (skips stale entries) |
//! | `if n is the goal: return the path to n` | [`Search::next`] → [`Event::Found`] |
//! | `mark n visited` | [`Search::next`] (`closed`) |
//! | `for each neighbour m of n:` / `g' ← g[n] + cost(n, m)` | [`Search::expand`] |
//! | `if m is new or g' < g[m]:` | [`Book::consider`] |
//! | `g[m] ← g'; parent[m] ← n` and `frontier.push(m, f)` | [`Book::discover`] (new), [`Book::reroute`] (known) |
//! | `return no path` | [`Search::next`] → [`Event::Exhausted`] |
//!
//! The other algorithms differ only in the policy [`Algorithm`] decides once: the frontier's
//! order (FIFO, LIFO, by priority with ties newest or oldest first), whether a cheaper route
//! to a node in the frontier replaces its parent (relax), and whether one to an expanded node
//! puts it back (reopen).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::algorithm::{Order, Policy};
use super::budget::Cadence;
use super::frontier::Frontier;
use super::nodes::{NO_NODE, Nodes};
use super::run::{NodeView, NodeVisitor, Run, Side, Step, run_to_end};
use super::{Algorithm, Budget, Cost, Limit, NodeId, NodeStatus, Problem};

/// What one step of a [`Search`] did. Every step but the last expands one node; the last
/// one says how the run ended, and after it the iterator is over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// `node` left the frontier and was expanded: `added` successors entered the frontier
    /// and `improved` nodes got a cheaper route (see [`Search::last_added`] and
    /// [`Search::last_improved`] for which).
    Expanded {
        /// The node expanded.
        node: NodeId,
        /// How many successors entered the frontier.
        added: usize,
        /// How many known nodes got a cheaper route.
        improved: usize,
    },
    /// `goal` left the frontier and passed the goal test: the path to it is the answer.
    Found {
        /// The goal node (on the side that took the step, for two-sided runs).
        goal: NodeId,
    },
    /// The frontier ran empty: no goal is reachable.
    Exhausted,
    /// A budget ran out first.
    GaveUp(Limit),
}

impl Event {
    /// Whether this event ends the run.
    pub fn is_final(&self) -> bool {
        !matches!(self, Event::Expanded { .. })
    }
}

/// How a run ended, with the path when one was found.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<S> {
    /// A path from the start to a goal, and its cost.
    Found {
        /// The states from the start to the goal.
        path: Vec<S>,
        /// The sum of the moves' costs.
        cost: Cost,
    },
    /// No goal can be reached.
    NoPath,
    /// A budget ran out first.
    GaveUp(Limit),
}

/// A finished headless run: the outcome and what it took.
#[derive(Clone, Debug)]
pub struct RunResult<S> {
    /// How the run ended.
    pub outcome: Outcome<S>,
    /// Nodes expanded (the goal's selection counts as one).
    pub expanded: usize,
    /// Distinct states stored.
    pub stored: usize,
    /// How long it took.
    pub elapsed: Duration,
}

/// A search in progress. Each call to `next()` expands one node and says what happened; the
/// same iterator run to the end is the headless solver (see [`Search::run`]).
///
/// At any step the search exposes its frontier, its visited set, parent links and g, h and
/// f of every node it has discovered, and the path once found.
///
/// ```
/// use frontier_engine::search::{Algorithm, Event, Search};
///
/// // Walk the number line from 0 to 5, one step costing 1 (see `Search::from_fn`).
/// let mut search = Search::from_fn(0, |&n: &i32| vec![(n + 1, 1.0), (n - 1, 1.0)], |&n| n == 5)
///     .with_algorithm(Algorithm::Bfs);
/// assert!(matches!(search.next(), Some(Event::Expanded { added: 2, .. })));
/// assert_eq!(search.frontier_len(), 2);
/// let result = search.run();
/// assert_eq!(result.expanded, 10); // 0, 1, -1, 2, -2, ..., 5: BFS widens both ways
/// ```
#[derive(Clone)]
pub struct Search<P: Problem> {
    problem: P,
    book: Book<P::State>,
    budget: Budget,
    cancel: Option<Arc<AtomicBool>>,
    /// No budget and no cancel flag: nothing to check between steps.
    unlimited: bool,
    cadence: Cadence,
    expansions: usize,
    last_expanded: Option<NodeId>,
    successors: Vec<(P::State, Cost)>,
    goal: Option<NodeId>,
    ended: Option<Event>,
}

/// The search's bookkeeping: the nodes, the frontier and the counts. Kept apart from the
/// problem so that the problem can hand over successors one by one while they are
/// recorded.
#[derive(Clone)]
struct Book<S> {
    algorithm: Algorithm,
    policy: Policy,
    nodes: Nodes<S>,
    frontier: Frontier,
    frontier_len: usize,
    visited_len: usize,
    last_added: Vec<NodeId>,
    last_improved: Vec<NodeId>,
    dead_ends: usize,
}

// ----- the loop -----

impl<P: Problem> Iterator for Search<P> {
    type Item = Event;

    /// One pass of `while frontier is not empty`: pop the best node, test it, expand it.
    fn next(&mut self) -> Option<Event> {
        if self.ended.is_some() {
            return None;
        }
        self.book.last_added.clear();
        self.book.last_improved.clear();
        self.last_expanded = None;
        if let Some(limit) = self.over_budget() {
            return self.end(Event::GaveUp(limit));
        }
        let Some(node) = self
            .book
            .frontier
            .pop(&self.book.nodes, self.book.algorithm)
        else {
            return self.end(Event::Exhausted);
        };
        self.book.nodes.records[node as usize].closed = true;
        self.book.frontier_len -= 1;
        self.book.visited_len += 1;
        self.expansions += 1;
        self.last_expanded = Some(node);
        if self.problem.is_goal(&self.book.nodes.states[node as usize]) {
            self.goal = Some(node);
            return self.end(Event::Found { goal: node });
        }
        Some(self.expand(node))
    }
}

impl<P: Problem> Search<P> {
    /// `for each neighbour m of n: g' ← g[n] + cost(n, m)`, each one considered in turn.
    fn expand(&mut self, node: NodeId) -> Event {
        let i = node as usize;
        let record = self.book.nodes.records[i];
        let (g, depth) = (record.g, record.depth + 1);
        let (problem, book, successors) = (&self.problem, &mut self.book, &mut self.successors);
        if book.policy.order == Order::Lifo {
            successors.clear();
            problem.successors(&book.nodes.states[i], successors);
            // A stack pops the last push first; reversing keeps the problem's order.
            successors.reverse();
            for (state, cost) in successors.drain(..) {
                let index = problem.state_index(&state);
                book.consider::<P, true>(problem, state, index, g + cost, node, depth);
            }
        } else {
            let state = book.nodes.states[i].clone();
            let index = problem.state_index(&state);
            problem.visit_successors(&state, index, successors, |next, cost, index| {
                book.consider::<P, false>(problem, next, index, g + cost, node, depth)
            });
        }
        Event::Expanded {
            node,
            added: self.book.last_added.len(),
            improved: self.book.last_improved.len(),
        }
    }

    fn over_budget(&mut self) -> Option<Limit> {
        if self.unlimited {
            return None;
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(Limit::Cancelled);
        }
        let now = self.cadence.tick();
        self.budget.exceeded(
            self.expansions,
            self.book.nodes.len(),
            || self.memory_bytes(),
            now,
        )
    }

    fn end(&mut self, event: Event) -> Option<Event> {
        self.ended = Some(event);
        Some(event)
    }
}

impl<S: Clone + Eq + std::hash::Hash> Book<S> {
    /// `if m is new or g' < g[m]`: what a successor reached with cost `g` from `parent`
    /// does to the search: a new node, a cheaper route to a known one, or nothing. `index`
    /// is its dense number. `LIFO` says the frontier is a stack (DFS): known so at compile
    /// time, the other orders' loop does not ask it again for every successor (3% of A*'s
    /// time on the 512 x 512 maze).
    #[inline(always)]
    fn consider<P: Problem<State = S>, const LIFO: bool>(
        &mut self,
        problem: &P,
        state: S,
        index: Option<usize>,
        g: Cost,
        parent: NodeId,
        depth: u32,
    ) {
        let Some(known) = self.nodes.find(index, &state) else {
            self.discover(problem, index, state, g, parent, depth);
            return;
        };
        let k = known as usize;
        let record = self.nodes.records[k];
        if LIFO && !record.closed {
            self.reroute(known, g, parent, depth);
            self.last_added.push(known);
            return;
        }
        // Most known successors are reached no cheaper than before: one test says so
        // before asking whether they were expanded.
        let cheaper = g < record.g;
        if !cheaper {
            return;
        }
        if record.closed {
            if self.policy.reopens_closed {
                self.nodes.records[k].closed = false;
                self.visited_len -= 1;
                self.frontier_len += 1;
                self.reroute(known, g, parent, depth);
                self.last_improved.push(known);
            }
        } else if self.policy.relaxes_open {
            self.reroute(known, g, parent, depth);
            self.last_improved.push(known);
        }
    }

    /// `g[m] ← g'; parent[m] ← n; frontier.push(m, f)` for a state seen for the first time
    /// (`index` is its dense number).
    fn discover<P: Problem<State = S>>(
        &mut self,
        problem: &P,
        index: Option<usize>,
        state: S,
        g: Cost,
        parent: NodeId,
        depth: u32,
    ) {
        let h = if self.policy.uses_heuristic {
            problem.heuristic(&state)
        } else {
            0.0
        };
        if h == Cost::INFINITY {
            // The problem says no goal can be reached from here: not worth keeping.
            self.dead_ends += 1;
            return;
        }
        self.nodes.state_heap_bytes += problem.state_heap_bytes(&state);
        let node = self.nodes.insert(index, state, g, h, parent, depth);
        self.frontier.push(node, self.algorithm.priority(g, h));
        self.frontier_len += 1;
        self.last_added.push(node);
    }

    /// `g[m] ← g'; parent[m] ← n; frontier.push(m, f)` for a known node: a new parent and
    /// cost, and (back) on the frontier.
    fn reroute(&mut self, node: NodeId, g: Cost, parent: NodeId, depth: u32) {
        // One borrow: each index into the chunked records checks that its chunk is unshared.
        let record = &mut self.nodes.records[node as usize];
        record.g = g;
        record.parent = parent;
        record.depth = depth;
        let h = record.h;
        self.frontier.push(node, self.algorithm.priority(g, h));
    }

    /// An empty book for `algorithm`, its nodes numbered densely when `dense` says how many
    /// states there are.
    fn new(algorithm: Algorithm, dense: Option<usize>) -> Book<S> {
        let policy = algorithm.policy();
        Book {
            algorithm,
            policy,
            nodes: Nodes::new(dense),
            frontier: Frontier::new(policy.order),
            frontier_len: 0,
            visited_len: 0,
            last_added: Vec::new(),
            last_improved: Vec::new(),
            dead_ends: 0,
        }
    }
}

// ----- making, restarting and running a search -----

impl<P: Problem> Search<P> {
    /// A search of `problem` by `algorithm`, with its start node in the frontier.
    pub fn new(problem: P, algorithm: Algorithm) -> Self {
        let book = Book::new(algorithm, problem.state_space_size());
        let mut search = Search {
            problem,
            book,
            budget: Budget::UNLIMITED,
            cancel: None,
            unlimited: true,
            cadence: Cadence::new(),
            expansions: 0,
            last_expanded: None,
            successors: Vec::new(),
            goal: None,
            ended: None,
        };
        search.push_start();
        search
    }

    /// `frontier ← queue holding start; g[start] ← 0`.
    fn push_start(&mut self) {
        let start = self.problem.start();
        let index = self.problem.state_index(&start);
        self.book
            .discover(&self.problem, index, start, 0.0, NO_NODE, 0);
    }

    /// Starts over on `problem` (of the same kind), keeping this search's memory: for many
    /// small searches in a row, such as link queries on one board, this saves allocating
    /// and touching fresh memory each time. Budget and cancel flag stay as they were.
    ///
    /// ```
    /// use frontier_engine::search::{Algorithm, Search};
    /// let mut search = Search::from_fn(0, |&n: &i32| vec![(n + 1, 1.0)], |&n| n == 3)
    ///     .with_algorithm(Algorithm::Bfs);
    /// search.by_ref().count();
    /// let from_ten = search.problem().with_start(10);
    /// search.restart(from_ten);
    /// assert_eq!(search.expansions(), 0);
    /// assert_eq!(search.frontier_len(), 1);
    /// ```
    pub fn restart(&mut self, problem: P) {
        let old = &self.problem;
        self.book
            .nodes
            .clear(problem.state_space_size(), |s| old.state_index(s));
        self.problem = problem;
        self.book.frontier.clear();
        self.book.frontier_len = 0;
        self.book.visited_len = 0;
        self.book.last_added.clear();
        self.book.last_improved.clear();
        self.book.dead_ends = 0;
        self.expansions = 0;
        self.last_expanded = None;
        self.goal = None;
        self.ended = None;
        self.push_start();
    }

    /// The same search, limited by `budget`.
    ///
    /// ```
    /// use frontier_engine::search::{Algorithm, Budget, Limit, Outcome, Search};
    /// let search = Search::from_fn(0u64, |&n: &u64| vec![(n + 1, 1.0)], |_| false)
    ///     .with_algorithm(Algorithm::Bfs)
    ///     .with_budget(Budget::UNLIMITED.expansions(100));
    /// assert_eq!(search.run().outcome, Outcome::GaveUp(Limit::Expansions(100)));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self.unlimited = budget == Budget::UNLIMITED && self.cancel.is_none();
        self
    }

    /// The same search, which ends with [`Limit::Cancelled`] once `flag` is set (from any
    /// thread).
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use frontier_engine::search::{Algorithm, Limit, Outcome, Search};
    /// let flag = Arc::new(AtomicBool::new(true));
    /// let search = Search::from_fn(0u64, |&n: &u64| vec![(n + 1, 1.0)], |_| false)
    ///     .with_algorithm(Algorithm::Bfs)
    ///     .with_cancel_flag(flag);
    /// assert_eq!(search.run().outcome, Outcome::GaveUp(Limit::Cancelled));
    /// ```
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self.unlimited = false;
        self
    }

    /// The problem, taking the search apart.
    pub fn into_problem(self) -> P {
        self.problem
    }

    /// Runs to the end and returns the outcome: the headless solver.
    ///
    /// ```
    /// use frontier_engine::search::{Outcome, Search};
    /// let result = Search::from_fn(1, |&n: &i32| vec![(n * 2, 1.0), (n + 1, 1.0)], |&n| n == 10).run();
    /// assert!(matches!(result.outcome, Outcome::Found { cost: 4.0, .. })); // 1 2 4 5 10
    /// ```
    pub fn run(mut self) -> super::RunResult<P::State> {
        run_to_end(&mut self)
    }
}

// ----- what the search exposes -----

impl<P: Problem> Search<P> {
    /// The problem being searched.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The algorithm (the frontier's policy).
    pub fn algorithm(&self) -> Algorithm {
        self.book.algorithm
    }

    /// The limits the search keeps to.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Nodes expanded so far (the goal's selection counts as one).
    pub fn expansions(&self) -> usize {
        self.expansions
    }

    /// Distinct states discovered so far.
    pub fn discovered(&self) -> usize {
        self.book.nodes.len()
    }

    /// Nodes in the frontier now.
    pub fn frontier_len(&self) -> usize {
        self.book.frontier_len
    }

    /// Nodes expanded and not reopened since.
    pub fn visited_len(&self) -> usize {
        self.book.visited_len
    }

    /// Successors dropped because their heuristic was infinite (the problem's way of saying
    /// that no goal can be reached from them).
    pub fn dead_ends(&self) -> usize {
        self.book.dead_ends
    }

    /// Approximate memory held by the search, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.book.nodes.bytes() + self.book.frontier.bytes()
    }

    /// The node of `state`, if the search has discovered it.
    pub fn find(&self, state: &P::State) -> Option<NodeId> {
        self.book.nodes.find(self.problem.state_index(state), state)
    }

    /// The state of `node`.
    pub fn state(&self, node: NodeId) -> &P::State {
        &self.book.nodes.states[node as usize]
    }

    /// Whether `node` waits in the frontier or has been expanded.
    pub fn status(&self, node: NodeId) -> NodeStatus {
        if self.book.nodes.records[node as usize].closed {
            NodeStatus::Visited
        } else {
            NodeStatus::Frontier
        }
    }

    /// Cost of the best route to `node` found so far.
    pub fn g(&self, node: NodeId) -> Cost {
        self.book.nodes.records[node as usize].g
    }

    /// The heuristic estimate from `node` (zero for algorithms that do not use one).
    pub fn h(&self, node: NodeId) -> Cost {
        self.book.nodes.records[node as usize].h
    }

    /// The node's priority in the frontier: g + h for A*, g + w·h for weighted A*, h for
    /// greedy, g for the others.
    pub fn f(&self, node: NodeId) -> Cost {
        self.book.algorithm.priority(self.g(node), self.h(node))
    }

    /// The node `node` was reached from.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        let parent = self.book.nodes.records[node as usize].parent;
        (parent != NO_NODE).then_some(parent)
    }

    /// Moves from the start to `node` along parent links.
    pub fn depth(&self, node: NodeId) -> u32 {
        self.book.nodes.records[node as usize].depth
    }

    /// Every discovered node, in discovery order.
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        0..self.book.nodes.len() as NodeId
    }

    /// The frontier's nodes in the order they would be expanded.
    pub fn frontier_in_order(&self) -> Vec<NodeId> {
        self.book
            .frontier
            .in_order(&self.book.nodes, self.book.algorithm)
    }

    /// The node the next step will expand, if any.
    pub fn peek_next(&mut self) -> Option<NodeId> {
        if self.ended.is_some() {
            return None;
        }
        self.book
            .frontier
            .peek(&self.book.nodes, self.book.algorithm)
    }

    /// The node expanded (or selected as the goal) by the latest step.
    pub fn last_expanded(&self) -> Option<NodeId> {
        self.last_expanded
    }

    /// Nodes that entered the frontier in the latest step.
    pub fn last_added(&self) -> &[NodeId] {
        &self.book.last_added
    }

    /// Nodes whose cost improved in the latest step.
    pub fn last_improved(&self) -> &[NodeId] {
        &self.book.last_improved
    }

    /// The final event, once the run is over.
    pub fn ended(&self) -> Option<Event> {
        self.ended
    }

    /// The goal node, once found.
    pub fn goal(&self) -> Option<NodeId> {
        self.goal
    }

    /// States from the start to `node` along parent links.
    pub fn path_to(&self, node: NodeId) -> Vec<P::State> {
        let mut path = vec![];
        let mut at = node;
        while at != NO_NODE {
            path.push(self.book.nodes.states[at as usize].clone());
            at = self.book.nodes.records[at as usize].parent;
        }
        path.reverse();
        path
    }

    /// The path to the goal, once found.
    pub fn path(&self) -> Option<Vec<P::State>> {
        self.goal.map(|goal| self.path_to(goal))
    }

    /// What the search knows about `node`, as every engine tells it.
    pub fn view(&self, node: NodeId, side: Side) -> NodeView<P::State> {
        NodeView {
            side,
            status: self.status(node),
            g: self.g(node),
            h: self.h(node),
            f: self.f(node),
            parent: self.parent(node).map(|p| self.state(p).clone()),
            depth: self.depth(node),
        }
    }
}

impl<P: Problem> Run for Search<P> {
    type Problem = P;

    fn problem(&self) -> &P {
        &self.problem
    }

    fn step(&mut self) -> Option<Step> {
        self.next().map(|event| Step {
            side: Side::Forward,
            event,
        })
    }

    fn ended(&self) -> Option<Step> {
        self.ended.map(|event| Step {
            side: Side::Forward,
            event,
        })
    }

    fn expansions(&self) -> usize {
        self.expansions
    }

    fn discovered(&self) -> usize {
        Search::discovered(self)
    }

    fn frontier_len(&self) -> usize {
        Search::frontier_len(self)
    }

    fn visited_len(&self) -> usize {
        Search::visited_len(self)
    }

    fn memory_bytes(&self) -> usize {
        Search::memory_bytes(self)
    }

    fn path(&self) -> Option<Vec<P::State>> {
        Search::path(self)
    }

    fn path_cost(&self) -> Option<Cost> {
        self.goal.map(|goal| self.g(goal))
    }

    fn route_to(&self, state: &P::State) -> Option<Vec<P::State>> {
        self.find(state).map(|node| self.path_to(node))
    }

    fn last_expanded(&self) -> Option<(Side, P::State)> {
        let node = self.last_expanded?;
        Some((Side::Forward, self.state(node).clone()))
    }

    fn last_changed(&self, visit: &mut dyn FnMut(&P::State)) {
        let nodes = self.last_expanded.into_iter();
        for node in nodes
            .chain(self.book.last_added.iter().copied())
            .chain(self.book.last_improved.iter().copied())
        {
            visit(self.state(node));
        }
    }

    fn node(&self, state: &P::State) -> Option<NodeView<P::State>> {
        self.find(state).map(|node| self.view(node, Side::Forward))
    }

    fn for_each_node(&self, visit: &mut NodeVisitor<'_, P::State>) {
        for node in self.nodes() {
            visit(self.state(node), &self.view(node, Side::Forward));
        }
    }
}
