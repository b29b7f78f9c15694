//! Iterative deepening: a depth-first search under a limit, run again with a higher limit
//! until it finds a goal. Iterative deepening DFS (IDDFS) limits the number of moves; IDA*
//! (Korf 1985, "Depth-first iterative-deepening: an optimal admissible tree search")
//! limits f = g + h. Each iteration raises the limit to the smallest value that the one
//! before cut off, so the first goal found has the fewest moves (IDDFS) or the lowest cost
//! (IDA* with an admissible h). Memory is the path being explored, plus a table of the
//! states reached in this iteration: a state reached again no more cheaply is skipped
//! (without it, a grid's many equal paths would be explored one by one).

use std::collections::HashMap;

use super::budget::Cadence;
use super::run::{NodeView, NodeVisitor, Run, Side, Step};
use super::{Budget, Cost, Event, NodeId, NodeStatus, Problem};

/// Two f values closer than this are the same bound (sums of √2 differ in the last bits).
const TOLERANCE: Cost = 1e-9;

/// What the limit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeepeningLimit {
    /// Moves from the start: iterative deepening DFS.
    Moves,
    /// f = g + h: IDA*.
    Cost,
}

/// Where an iterative deepening run stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeepeningStatus {
    /// What the limit counts.
    pub limit: DeepeningLimit,
    /// The iteration running, from 1.
    pub iteration: u32,
    /// This iteration's limit: moves (IDDFS) or f (IDA*).
    pub bound: Cost,
    /// The smallest value this iteration has cut off so far: the next limit.
    pub next_bound: Option<Cost>,
    /// Successors cut off by the limit in this iteration.
    pub cut_off: usize,
    /// Expansions of states already expanded before (in this or an earlier iteration).
    pub re_expansions: usize,
    /// Whether the latest step began a new iteration.
    pub began_iteration: bool,
}

/// A state on the path being explored, with its successors still to try.
#[derive(Clone)]
struct Frame<S> {
    state: S,
    g: Cost,
    depth: u32,
    children: Vec<(S, Cost)>,
    next: usize,
}

/// How this iteration reached a state.
#[derive(Clone)]
struct Reached<S> {
    g: Cost,
    depth: u32,
    parent: Option<S>,
}

/// An iterative deepening search (IDDFS or IDA*), one expansion a step.
///
/// ```
/// use frontier_engine::search::{Deepening, DeepeningLimit, Outcome, Search};
/// // From 0 to 5 on a number line, steps of +1 and -1.
/// let line = Search::from_fn(0, |&n: &i32| [(n + 1, 1.0), (n - 1, 1.0)], |&n| n == 5);
/// let run = Deepening::new(line.into_problem(), DeepeningLimit::Moves);
/// let Outcome::Found { path, .. } = run.run().outcome else { panic!() };
/// assert_eq!(path, [0, 1, 2, 3, 4, 5]);
/// ```
#[derive(Clone)]
pub struct Deepening<P: Problem> {
    problem: P,
    limit: DeepeningLimit,
    budget: Budget,
    cadence: Cadence,
    bound: Cost,
    next_bound: Cost,
    iteration: u32,
    /// The current iteration has begun (its root was expanded).
    running: bool,
    began_iteration: bool,
    cut_off: usize,
    stack: Vec<Frame<P::State>>,
    reached: HashMap<P::State, Reached<P::State>>,
    times_expanded: HashMap<P::State, u32>,
    ids: HashMap<P::State, NodeId>,
    expansions: usize,
    re_expansions: usize,
    last_expanded: Option<P::State>,
    ended: Option<Step>,
    found: Option<(Vec<P::State>, Cost)>,
    /// Whether the tables above are kept: the states reached in this iteration (a state
    /// reached again no more cheaply is skipped), and for the views each state's number and
    /// how often it was expanded. Without them (the textbook's IDA*, Korf's) the run holds
    /// its path alone and avoids only stepping back to a parent.
    keeps_table: bool,
}

impl<P: Problem> Deepening<P> {
    /// A search of `problem` under a rising limit on `limit`.
    pub fn new(problem: P, limit: DeepeningLimit) -> Self {
        let bound = match limit {
            DeepeningLimit::Moves => 0.0,
            DeepeningLimit::Cost => problem.heuristic(&problem.start()),
        };
        Deepening {
            problem,
            limit,
            budget: Budget::UNLIMITED,
            cadence: Cadence::new(),
            bound,
            next_bound: Cost::INFINITY,
            iteration: 1,
            running: false,
            began_iteration: false,
            cut_off: 0,
            stack: vec![],
            reached: HashMap::new(),
            times_expanded: HashMap::new(),
            ids: HashMap::new(),
            expansions: 0,
            re_expansions: 0,
            last_expanded: None,
            ended: None,
            found: None,
            keeps_table: true,
        }
    }

    /// The same search holding only its path (Korf's IDA*): no table of the states
    /// reached, so its memory is the path and the successors still to try on it, whatever
    /// the number of expansions; a state reached again along another path is expanded
    /// again. Expansions of states expanded before are then not counted.
    pub fn path_only(mut self) -> Self {
        self.keeps_table = false;
        self
    }

    /// Whether it keeps a table of the states reached (see [`Deepening::path_only`]).
    pub fn keeps_table(&self) -> bool {
        self.keeps_table
    }

    /// The same search within `budget`. A run that gives up has proved that no goal lies
    /// within the limits of the iterations it finished ([`Deepening::proven_bound`]).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Where the run stands: the iteration, its limit, the next one.
    pub fn status(&self) -> DeepeningStatus {
        DeepeningStatus {
            limit: self.limit,
            iteration: self.iteration,
            bound: self.bound,
            next_bound: self.next_bound.is_finite().then_some(self.next_bound),
            cut_off: self.cut_off,
            re_expansions: self.re_expansions,
            began_iteration: self.began_iteration,
        }
    }

    /// The limit every goal is known to lie beyond or at: this iteration's limit (earlier
    /// iterations found no goal within theirs, and this limit is the smallest value they
    /// cut off). Moves for IDDFS, cost for IDA* with an admissible heuristic.
    pub fn proven_bound(&self) -> Cost {
        self.bound
    }

    /// Runs to the end: the headless solver.
    pub fn run(mut self) -> super::RunResult<P::State> {
        super::run_to_end(&mut self)
    }

    fn id(&mut self, state: &P::State) -> NodeId {
        let next = self.ids.len() as NodeId;
        *self.ids.entry(state.clone()).or_insert(next)
    }

    fn h(&self, state: &P::State) -> Cost {
        match self.limit {
            DeepeningLimit::Moves => 0.0,
            DeepeningLimit::Cost => self.problem.heuristic(state),
        }
    }

    /// What the limit measures of a state reached with `g` in `depth` moves.
    fn measure(&self, state: &P::State, g: Cost, depth: u32) -> Cost {
        match self.limit {
            DeepeningLimit::Moves => depth as Cost,
            DeepeningLimit::Cost => g + self.problem.heuristic(state),
        }
    }

    /// Whether this iteration already reached `state` at least as well.
    fn reached_as_well(&self, state: &P::State, g: Cost, depth: u32) -> bool {
        self.keeps_table
            && self.reached.get(state).is_some_and(|r| match self.limit {
                DeepeningLimit::Moves => r.depth <= depth,
                DeepeningLimit::Cost => r.g <= g + TOLERANCE,
            })
    }

    fn end(&mut self, event: Event) -> Option<Step> {
        let step = Step {
            side: Side::Forward,
            event,
        };
        self.ended = Some(step);
        Some(step)
    }

    /// Expands `state` (or stops on it, if it is a goal).
    fn visit(&mut self, state: P::State, g: Cost, depth: u32, parent: Option<P::State>) -> Step {
        let node = if self.keeps_table {
            self.reached.insert(
                state.clone(),
                Reached {
                    g,
                    depth,
                    parent: parent.clone(),
                },
            );
            let times = self.times_expanded.entry(state.clone()).or_insert(0);
            *times += 1;
            if *times > 1 {
                self.re_expansions += 1;
            }
            self.id(&state)
        } else {
            // Numbered by expansion: without a table a state has no number of its own.
            self.expansions as NodeId
        };
        self.expansions += 1;
        self.last_expanded = Some(state.clone());
        if self.problem.is_goal(&state) {
            let mut path: Vec<P::State> = self.stack.iter().map(|f| f.state.clone()).collect();
            path.push(state);
            self.found = Some((path, g));
            let step = Step {
                side: Side::Forward,
                event: Event::Found { goal: node },
            };
            self.ended = Some(step);
            return step;
        }
        let mut children = vec![];
        self.problem.successors(&state, &mut children);
        // The parent is never worth going back to.
        children.retain(|(next, _)| Some(next) != parent.as_ref());
        let added = children.len();
        self.stack.push(Frame {
            state,
            g,
            depth,
            children,
            next: 0,
        });
        Step {
            side: Side::Forward,
            event: Event::Expanded {
                node,
                added,
                improved: 0,
            },
        }
    }

    /// The successor of a state on the path still to be tried, and how it would be
    /// reached, if `state` is one.
    fn pending(&self, state: &P::State) -> Option<(Cost, u32, &P::State)> {
        self.stack.iter().rev().find_map(|frame| {
            frame.children[frame.next..]
                .iter()
                .find(|(s, _)| s == state)
                .map(|(_, cost)| (frame.g + cost, frame.depth + 1, &frame.state))
        })
    }
}

impl<P: Problem> Iterator for Deepening<P> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        Run::step(self).map(|step| step.event)
    }
}

impl<P: Problem> Run for Deepening<P> {
    type Problem = P;

    fn problem(&self) -> &P {
        &self.problem
    }

    fn step(&mut self) -> Option<Step> {
        if self.ended.is_some() {
            return None;
        }
        let now = self.cadence.tick();
        let states = self.reached.len() + self.times_expanded.len();
        let bytes = || Run::memory_bytes(self);
        if let Some(limit) = self.budget.exceeded(self.expansions, states, bytes, now) {
            return self.end(Event::GaveUp(limit));
        }
        self.began_iteration = false;
        loop {
            let Some(top) = self.stack.last_mut() else {
                if self.running {
                    // The iteration is over without a goal.
                    if !self.next_bound.is_finite() {
                        return self.end(Event::Exhausted);
                    }
                    self.bound = self.next_bound;
                    self.next_bound = Cost::INFINITY;
                    self.iteration += 1;
                    self.cut_off = 0;
                    self.reached.clear();
                    self.began_iteration = true;
                }
                self.running = true;
                let start = self.problem.start();
                if !self.h(&start).is_finite() {
                    return self.end(Event::Exhausted);
                }
                return Some(self.visit(start, 0.0, 0, None));
            };
            let Some((child, cost)) = top.children.get(top.next).cloned() else {
                self.stack.pop();
                continue;
            };
            top.next += 1;
            let (g, depth, parent) = (top.g + cost, top.depth + 1, top.state.clone());
            let value = self.measure(&child, g, depth);
            if !value.is_finite() {
                continue;
            }
            if value > self.bound + TOLERANCE {
                self.cut_off += 1;
                self.next_bound = self.next_bound.min(value);
                continue;
            }
            if self.reached_as_well(&child, g, depth) {
                continue;
            }
            return Some(self.visit(child, g, depth, Some(parent)));
        }
    }

    fn ended(&self) -> Option<Step> {
        self.ended
    }

    fn expansions(&self) -> usize {
        self.expansions
    }

    fn discovered(&self) -> usize {
        self.visited_len() + self.frontier_len()
    }

    fn frontier_len(&self) -> usize {
        self.stack.iter().map(|f| f.children.len() - f.next).sum()
    }

    fn visited_len(&self) -> usize {
        if self.keeps_table {
            self.reached.len()
        } else {
            self.stack.len()
        }
    }

    fn memory_bytes(&self) -> usize {
        let state = std::mem::size_of::<P::State>();
        let entries = self.reached.len() + self.times_expanded.len() + self.ids.len();
        let pending: usize = self.stack.iter().map(|f| f.children.capacity()).sum();
        let frames = self.stack.capacity() * std::mem::size_of::<Frame<P::State>>();
        entries * (2 * state + 32) + pending * (state + 8) + frames
    }

    fn path(&self) -> Option<Vec<P::State>> {
        self.found.as_ref().map(|(path, _)| path.clone())
    }

    fn path_cost(&self) -> Option<Cost> {
        self.found.as_ref().map(|(_, cost)| *cost)
    }

    fn last_expanded(&self) -> Option<(Side, P::State)> {
        self.last_expanded.clone().map(|s| (Side::Forward, s))
    }

    fn last_changed(&self, visit: &mut dyn FnMut(&P::State)) {
        if let Some(state) = &self.last_expanded {
            visit(state);
        }
        if let Some(frame) = self.stack.last() {
            for (child, _) in &frame.children {
                visit(child);
            }
        }
    }

    fn node(&self, state: &P::State) -> Option<NodeView<P::State>> {
        if !self.keeps_table
            && let Some(i) = self.stack.iter().rposition(|f| &f.state == state)
        {
            let frame = &self.stack[i];
            return Some(NodeView {
                side: Side::Forward,
                status: NodeStatus::Visited,
                g: frame.g,
                h: self.h(state),
                f: self.measure(state, frame.g, frame.depth),
                parent: i.checked_sub(1).map(|p| self.stack[p].state.clone()),
                depth: frame.depth,
            });
        }
        if let Some(r) = self.reached.get(state) {
            let h = self.h(state);
            return Some(NodeView {
                side: Side::Forward,
                status: NodeStatus::Visited,
                g: r.g,
                h,
                f: self.measure(state, r.g, r.depth),
                parent: r.parent.clone(),
                depth: r.depth,
            });
        }
        let (g, depth, parent) = self.pending(state)?;
        let h = self.h(state);
        Some(NodeView {
            side: Side::Forward,
            status: NodeStatus::Frontier,
            g,
            h,
            f: self.measure(state, g, depth),
            parent: Some(parent.clone()),
            depth,
        })
    }

    fn for_each_node(&self, visit: &mut NodeVisitor<'_, P::State>) {
        let mut told = std::collections::HashSet::new();
        let path = self.stack.iter().map(|f| &f.state);
        let expanded: Vec<&P::State> = if self.keeps_table {
            self.reached.keys().collect()
        } else {
            path.collect()
        };
        for state in expanded {
            if told.insert(state.clone())
                && let Some(view) = self.node(state)
            {
                visit(state, &view);
            }
        }
        for frame in &self.stack {
            for (child, _) in &frame.children[frame.next..] {
                if !self.reached.contains_key(child)
                    && told.insert(child.clone())
                    && let Some(view) = self.node(child)
                {
                    visit(child, &view);
                }
            }
        }
    }

    fn times_expanded(&self, state: &P::State) -> u32 {
        self.times_expanded.get(state).copied().unwrap_or(0)
    }

    fn deepening(&self) -> Option<DeepeningStatus> {
        Some(self.status())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Outcome, Search};

    /// A 6 x 6 open grid, 4-connected, from one corner to the other: many equal paths.
    fn grid() -> impl Problem<State = (i32, i32)> + Clone {
        let moves = |&(x, y): &(i32, i32)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .map(move |(dx, dy)| (x + dx, y + dy))
                .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
                .map(|p| (p, 1.0))
                .collect::<Vec<_>>()
        };
        Search::from_fn((0, 0), moves, |&p| p == (5, 5)).into_problem()
    }

    #[test]
    fn holding_only_the_path_finds_the_same_answer_in_less_memory_and_more_expansions() {
        let mut with_table = Deepening::new(grid(), DeepeningLimit::Moves);
        let mut path_only = Deepening::new(grid(), DeepeningLimit::Moves).path_only();
        assert!(with_table.keeps_table() && !path_only.keeps_table());
        let (mut most_table, mut most_path, mut deepest) = (0, 0, 0);
        while Run::step(&mut with_table).is_some() {
            most_table = most_table.max(Run::memory_bytes(&with_table));
        }
        while Run::step(&mut path_only).is_some() {
            most_path = most_path.max(Run::memory_bytes(&path_only));
            deepest = deepest.max(path_only.stack.len());
            // A view of the path: every state on it is known, its parent the one before.
            if let Some(top) = path_only.stack.last() {
                let view = Run::node(&path_only, &top.state).unwrap();
                assert_eq!(view.depth as usize, path_only.stack.len() - 1);
            }
        }
        assert!(path_only.reached.is_empty() && path_only.times_expanded.is_empty());
        let cost = |run: &Deepening<_>| Run::path_cost(run).unwrap();
        assert_eq!(cost(&with_table), 10.0);
        assert_eq!(cost(&path_only), 10.0);
        assert!(Run::expansions(&path_only) > Run::expansions(&with_table));
        assert!(most_path < most_table, "{most_path} against {most_table}");
        assert_eq!(
            deepest, 11,
            "the path holds depths 0 to the limit, no deeper"
        );
        let Outcome::Found { path, .. } = Deepening::new(grid(), DeepeningLimit::Moves)
            .path_only()
            .run()
            .outcome
        else {
            panic!("found");
        };
        assert_eq!(path.len(), 11);
    }
}
