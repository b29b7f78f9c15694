//! Judging a search someone else wrote (a student's, in the code panel): is it a BFS, a DFS,
//! a uniform-cost search, an A* or a greedy best-first search on this problem, and if not,
//! at which step did it stop being one?
//!
//! The judge replays what the search did, an expansion at a time, against the rule of the
//! search it claims to be. It keeps the frontier the rule implies (every state generated and
//! not yet expanded, with its depth, its cost so far and when it was generated) and asks of
//! each expansion only what every correct textbook variant agrees on, so that it is
//! tie-aware: any order of successors, the goal tested when a state is taken or when it is
//! generated, visited states marked when pushed or skipped when popped. What it rejects are
//! the common bugs: a stack in a BFS, a queue in a DFS, no visited set (a state expanded
//! twice), a uniform-cost search ranked by the last step's cost, an A* ranked by g or by h
//! alone, a path that is not one, or not as cheap as the search promises.
//!
//! The rules, one measure each, the lowest taken first, ties in any order:
//! - BFS: the depth (moves from the start along the generated edges);
//! - DFS: how recently the state was generated, the newest first;
//! - uniform-cost search: g, the cheapest cost so far to the state;
//! - A*: g + h; greedy: h.
//!
//! ```
//! use frontier_engine::search::judge::{Rule, Trace, Verdict, judge};
//! use frontier_engine::search::Search;
//! // A line 0 → 1 → 2 → 3, the goal 3.
//! let line = Search::from_fn(0, |&n: &i32| if n < 3 { vec![(n + 1, 1.0)] } else { vec![] }, |&n| n == 3);
//! let trace = Trace { expanded: vec![0, 1, 2], path: Some(vec![0, 1, 2, 3]) };
//! assert_eq!(judge(line.problem(), Rule::Bfs, &trace), Verdict::Follows { expansions: 3 });
//! ```

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::hash::FxHashMap;
use super::{Algorithm, Budget, Cost, OrderedCost, Outcome, Problem, Search};

/// The search a trace is judged as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Breadth-first search.
    Bfs,
    /// Depth-first search (a graph search: no state expanded twice).
    Dfs,
    /// Uniform-cost search (Dijkstra's algorithm).
    Ucs,
    /// A* with the problem's heuristic.
    AStar,
    /// Greedy best-first search by the problem's heuristic.
    Greedy,
}

impl Rule {
    /// Every rule, in the order pickers list them.
    pub const ALL: [Rule; 5] = [Rule::Bfs, Rule::Dfs, Rule::Ucs, Rule::AStar, Rule::Greedy];

    /// The name the command line, links and assignment files give it.
    pub fn code(self) -> &'static str {
        match self {
            Rule::Bfs => "bfs",
            Rule::Dfs => "dfs",
            Rule::Ucs => "ucs",
            Rule::AStar => "astar",
            Rule::Greedy => "greedy",
        }
    }

    /// The rule a name gives (`dijkstra` and `a*` read too, any case).
    ///
    /// ```
    /// use frontier_engine::search::judge::Rule;
    /// assert_eq!(Rule::parse("A*"), Ok(Rule::AStar));
    /// assert!(Rule::parse("bogo").unwrap_err().contains("bogo"));
    /// ```
    pub fn parse(text: &str) -> Result<Rule, String> {
        let lower = text.trim().to_ascii_lowercase();
        let named = match lower.as_str() {
            "dijkstra" => Some(Rule::Ucs),
            "a*" => Some(Rule::AStar),
            other => Rule::ALL.into_iter().find(|rule| rule.code() == other),
        };
        named.ok_or_else(|| {
            format!("unknown search `{lower}`: expected bfs, dfs, ucs, astar or greedy")
        })
    }
}

/// What a search did: the states it expanded (whose successors it asked for), in order, and
/// the path it returned (start to goal), if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace<S> {
    /// The states whose successors the search asked for, in order.
    pub expanded: Vec<S>,
    /// The path it returned, from the start to a goal; None when it found none.
    pub path: Option<Vec<S>>,
}

/// The judge's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict<S> {
    /// Every expansion is one the rule allows, and the path is what the rule promises.
    Follows {
        /// The expansions judged.
        expansions: usize,
    },
    /// The search stopped following the rule.
    Diverged {
        /// The first step (from 1) where it did; a wrong path is judged at the last step.
        step: usize,
        /// How.
        how: Divergence<S>,
    },
}

/// How a search stopped following its rule.
#[derive(Clone, Debug, PartialEq)]
pub enum Divergence<S> {
    /// It expanded a state that no earlier step had generated.
    NotReached {
        /// The state expanded.
        state: S,
    },
    /// It expanded a state again (a graph search keeps a visited set).
    ExpandedAgain {
        /// The state expanded.
        state: S,
        /// The step that first expanded it.
        first: usize,
    },
    /// It expanded a state while another, still in the frontier, came first by the rule's
    /// measure (the depth for BFS, g for UCS, g + h for A*, h for greedy, the newness
    /// negated for DFS).
    OutOfOrder {
        /// The state expanded.
        state: S,
        /// Its measure.
        measure: Cost,
        /// The state that came first.
        waiting: S,
        /// Its measure.
        waiting_measure: Cost,
        /// The bug the choice matches, when it matches one.
        like: Option<Like>,
    },
    /// It went on expanding after it had expanded a goal.
    PastGoal {
        /// The goal it expanded.
        goal: S,
    },
    /// The path returned does not start at the start, end at a goal, or follow the moves.
    BadPath {
        /// The number (from 0) of the path's state where it fails.
        at: usize,
    },
    /// The path is dearer than the rule promises (moves for BFS, cost for UCS and A*).
    NotCheapest {
        /// The path's moves (BFS) or cost.
        cost: Cost,
        /// The least there is.
        best: Cost,
    },
    /// It returned no path although a goal can be reached.
    MissedGoal,
    /// A uniform-cost search or an A* returned its path while a state that came first by
    /// its measure still waited: it tested the goal when it generated it, not when it took
    /// it, and its path is the cheapest only by chance.
    StoppedEarly {
        /// The path's cost.
        cost: Cost,
        /// The state that still waited.
        waiting: S,
        /// Its measure (g, or g + h).
        waiting_measure: Cost,
    },
}

/// What a search that took states in the wrong order did instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Like {
    /// It took the newest state: its frontier behaves like a stack.
    Stack,
    /// It took the oldest state: its frontier behaves like a queue.
    Queue,
    /// It ranked states by the cost of the last step to them, not by g.
    LastStepCost,
    /// It ranked states by g alone, leaving out h.
    OnlyG,
    /// It ranked states by h alone, leaving out g.
    OnlyH,
}

/// What the judge knows of a state the search has generated.
#[derive(Clone, Copy, Debug)]
struct Known {
    depth: u32,
    g: Cost,
    h: Cost,
    /// The cost of the step to it along its cheapest route so far.
    last_step: Cost,
    /// The step that first generated it, and the one that last did (0: the start).
    first_generated: usize,
    last_generated: usize,
    /// The step that expanded it, and its g then.
    expanded: Option<(usize, Cost)>,
}

/// The most expansions the problem's own search may take to find what a path is compared
/// with.
const REFERENCE_EXPANSIONS: usize = 5_000_000;

/// Two costs this close are a tie: sums of the same steps in another order may differ in
/// their last bit.
const TIE: Cost = 1e-9;

/// Judges `trace` as a search of `problem` by `rule` (see the module's notes).
pub fn judge<P>(problem: &P, rule: Rule, trace: &Trace<P::State>) -> Verdict<P::State>
where
    P: Problem + Clone,
{
    let mut replay = Replay::new(rule);
    let start = problem.start();
    let h = problem.heuristic(&start);
    replay.generated(start, 0, 0.0, h, 0.0, 0);
    let mut successors = Vec::new();
    let mut goal_expanded: Option<P::State> = None;
    for (i, state) in trace.expanded.iter().enumerate() {
        let step = i + 1;
        let diverged = |how| Verdict::Diverged { step, how };
        if let Some(goal) = &goal_expanded {
            return diverged(Divergence::PastGoal { goal: goal.clone() });
        }
        let Some(&id) = replay.ids.get(state) else {
            return diverged(Divergence::NotReached {
                state: state.clone(),
            });
        };
        let this = replay.known[id];
        if let Some((first, _)) = this.expanded
            && !replay.waiting(id)
        {
            // A* with an inconsistent heuristic may take a state again once a cheaper way to
            // it is found; nothing else may.
            return diverged(Divergence::ExpandedAgain {
                state: state.clone(),
                first,
            });
        }
        if let Some(how) = replay.out_of_order(id) {
            return diverged(how);
        }
        replay.known[id].expanded = Some((step, this.g));
        if problem.is_goal(state) {
            goal_expanded = Some(state.clone());
        }
        successors.clear();
        problem.successors(state, &mut successors);
        for (next, cost) in successors.drain(..) {
            let h = problem.heuristic(&next);
            replay.generated(next, this.depth + 1, this.g + cost, h, cost, step);
        }
    }
    let step = trace.expanded.len();
    if let Some(how) = path_problem(problem, rule, trace.path.as_deref()) {
        return Verdict::Diverged { step, how };
    }
    if let Some(how) = stopped_early(problem, rule, trace.path.as_deref(), &mut replay) {
        return Verdict::Diverged { step, how };
    }
    Verdict::Follows { expansions: step }
}

/// For a uniform-cost search or an A*, a state still waiting that comes before the path's
/// cost by the rule's measure: the search returned before it could know its path was the
/// cheapest (the goal tested when generated). Ties are allowed.
fn stopped_early<P>(
    problem: &P,
    rule: Rule,
    path: Option<&[P::State]>,
    replay: &mut Replay<P::State>,
) -> Option<Divergence<P::State>>
where
    P: Problem + Clone,
{
    if !matches!(rule, Rule::Ucs | Rule::AStar) {
        return None;
    }
    let path = path?;
    let mut cost = 0.0;
    let mut successors = Vec::new();
    for pair in path.windows(2) {
        successors.clear();
        problem.successors(&pair[0], &mut successors);
        cost += successors
            .iter()
            .filter(|(s, _)| *s == pair[1])
            .map(|&(_, c)| c)
            .reduce(Cost::min)?;
    }
    let first = replay.first()?;
    let waiting_measure = measure(rule, &replay.known[first]);
    (waiting_measure < cost - TIE).then(|| Divergence::StoppedEarly {
        cost,
        waiting: replay.states[first].clone(),
        waiting_measure,
    })
}

/// The frontier the rule implies, replayed from the trace: every state generated, what is
/// known of it, and the waiting ones in the rule's order (entries made stale by a later
/// change are skipped when met), so that each step is judged in logarithmic time.
struct Replay<S> {
    rule: Rule,
    ids: FxHashMap<S, usize>,
    states: Vec<S>,
    known: Vec<Known>,
    /// Waiting states by (measure, first generated), the lowest first.
    by_measure: BinaryHeap<Reverse<(OrderedCost, usize, usize)>>,
    /// Waiting states by when they were first generated, the newest first.
    by_newness: BinaryHeap<(usize, usize)>,
}

impl<S: Clone + Eq + std::hash::Hash> Replay<S> {
    fn new(rule: Rule) -> Replay<S> {
        Replay {
            rule,
            ids: FxHashMap::default(),
            states: vec![],
            known: vec![],
            by_measure: BinaryHeap::new(),
            by_newness: BinaryHeap::new(),
        }
    }

    /// `state` generated at `step` at `depth`, `g` (its step costing `last_step`), with `h`.
    fn generated(&mut self, state: S, depth: u32, g: Cost, h: Cost, last_step: Cost, step: usize) {
        let id = match self.ids.get(&state) {
            Some(&id) => {
                let known = &mut self.known[id];
                known.last_generated = step;
                known.depth = known.depth.min(depth);
                if g < known.g - TIE {
                    known.g = g;
                    known.last_step = last_step;
                }
                id
            }
            None => {
                let id = self.states.len();
                self.ids.insert(state.clone(), id);
                self.states.push(state);
                self.known.push(Known {
                    depth,
                    g,
                    h,
                    last_step,
                    first_generated: step,
                    last_generated: step,
                    expanded: None,
                });
                self.by_newness.push((step, id));
                id
            }
        };
        if self.waiting(id) {
            let known = &self.known[id];
            let key = OrderedCost(measure(self.rule, known));
            self.by_measure
                .push(Reverse((key, known.first_generated, id)));
        }
    }

    /// Whether state `id` waits in the frontier: generated and not expanded (for A*, not
    /// expanded since a cheaper way to it was found).
    fn waiting(&self, id: usize) -> bool {
        let known = &self.known[id];
        match known.expanded {
            None => true,
            Some((_, g)) => self.rule == Rule::AStar && known.g < g - TIE,
        }
    }

    /// The waiting state the rule takes first (ties to the one generated first).
    fn first(&mut self) -> Option<usize> {
        while let Some(&Reverse((key, _, id))) = self.by_measure.peek() {
            if self.waiting(id) && key == OrderedCost(measure(self.rule, &self.known[id])) {
                return Some(id);
            }
            self.by_measure.pop();
        }
        None
    }

    /// The waiting state first generated last.
    fn newest(&mut self) -> Option<usize> {
        while let Some(&(_, id)) = self.by_newness.peek() {
            if self.waiting(id) {
                return Some(id);
            }
            self.by_newness.pop();
        }
        None
    }

    /// Why expanding state `id` breaks the rule, if it does: a state still waiting comes
    /// first by the rule's measure.
    fn out_of_order(&mut self, id: usize) -> Option<Divergence<S>> {
        let this = self.known[id];
        if self.rule == Rule::Dfs {
            // A DFS that marks states when pushed keeps a state where it was first pushed:
            // the newest by either reckoning is a DFS's choice.
            let newest = self.newest()?;
            if self.known[newest].first_generated == this.first_generated {
                return None;
            }
        }
        let first = self.first()?;
        let mine = measure(self.rule, &this);
        let best = measure(self.rule, &self.known[first]);
        if mine <= best + TIE {
            return None;
        }
        // The bug the choice matches: the state lowest by another measure.
        let waiting: Vec<&Known> = (0..self.known.len())
            .filter(|&other| self.waiting(other))
            .map(|other| &self.known[other])
            .collect();
        let lowest = |key: fn(&Known) -> Cost| {
            let least = waiting
                .iter()
                .map(|k| key(k))
                .fold(Cost::INFINITY, Cost::min);
            key(&this) <= least + TIE
        };
        let like = match self.rule {
            Rule::Bfs if lowest(|k| -(k.last_generated as Cost)) => Some(Like::Stack),
            Rule::Dfs if lowest(|k| k.first_generated as Cost) => Some(Like::Queue),
            Rule::Ucs if lowest(|k| k.last_step) => Some(Like::LastStepCost),
            Rule::AStar if lowest(|k| k.h) => Some(Like::OnlyH),
            Rule::AStar if lowest(|k| k.g) => Some(Like::OnlyG),
            _ => None,
        };
        Some(Divergence::OutOfOrder {
            state: self.states[id].clone(),
            measure: mine,
            waiting: self.states[first].clone(),
            waiting_measure: best,
            like,
        })
    }
}

/// The rule's measure of a state, the lowest taken first.
fn measure(rule: Rule, known: &Known) -> Cost {
    match rule {
        Rule::Bfs => known.depth as Cost,
        // The newest first: by the step that last generated it.
        Rule::Dfs => -(known.last_generated as Cost),
        Rule::Ucs => known.g,
        Rule::AStar => known.g + known.h,
        Rule::Greedy => known.h,
    }
}

/// What is wrong with the path returned, if anything: it must be a path from the start to a
/// goal by the problem's moves, and as cheap as the rule promises (the fewest moves for BFS,
/// the least cost for UCS and A*); none may be returned only when no goal can be reached.
fn path_problem<P>(
    problem: &P,
    rule: Rule,
    path: Option<&[P::State]>,
) -> Option<Divergence<P::State>>
where
    P: Problem + Clone,
{
    // What the problem's own search finds, within a budget: past it, the path is not
    // judged on its cost (a 15-puzzle's BFS would not end).
    let best = |algorithm| {
        let search = Search::new(problem.clone(), algorithm)
            .with_budget(Budget::UNLIMITED.expansions(REFERENCE_EXPANSIONS));
        match search.run().outcome {
            Outcome::Found { path, cost } => Some(Some((path.len() - 1, cost))),
            Outcome::NoPath => Some(None),
            Outcome::GaveUp(_) => None,
        }
    };
    let Some(path) = path else {
        return best(Algorithm::Bfs)
            .flatten()
            .map(|_| Divergence::MissedGoal);
    };
    let bad = |at| Some(Divergence::BadPath { at });
    if path.first() != Some(&problem.start()) {
        return bad(0);
    }
    let mut cost = 0.0;
    let mut successors = Vec::new();
    for (at, pair) in path.windows(2).enumerate() {
        successors.clear();
        problem.successors(&pair[0], &mut successors);
        let step = successors.iter().filter(|(s, _)| *s == pair[1]);
        match step.map(|&(_, c)| c).reduce(Cost::min) {
            Some(c) => cost += c,
            None => return bad(at + 1),
        }
    }
    if !path.last().is_some_and(|s| problem.is_goal(s)) {
        return bad(path.len().saturating_sub(1));
    }
    let (length, promised) = match rule {
        Rule::Bfs => {
            let fewest = best(Algorithm::Bfs)
                .flatten()
                .map(|(moves, _)| moves as Cost);
            ((path.len() - 1) as Cost, fewest)
        }
        Rule::Ucs | Rule::AStar => (cost, best(Algorithm::Dijkstra).flatten().map(|(_, c)| c)),
        Rule::Dfs | Rule::Greedy => return None,
    };
    match promised {
        Some(best) if length > best + TIE => Some(Divergence::NotCheapest { cost: length, best }),
        _ => None,
    }
}
