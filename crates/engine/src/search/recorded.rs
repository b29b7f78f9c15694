//! A search recorded outside the engine and replayed as a [`Run`]: a student's own search,
//! written in Python (see the `frontier-script` crate), is run once to its end and recorded
//! as the states it expanded and what it put into and took out of its frontier; this replays
//! that record a step at a time, so the timeline, the board's overlays, compare mode and the
//! judge take it like any engine's run.
//!
//! A step is one expansion: one call of the program's `successors`. The frontier drawn is
//! what the program's frontier holds (as it told the recorder), the visited set the states
//! it expanded. What the program did between two expansions belongs to the earlier one up to
//! its first take from the frontier, and to the later one from there: so at each step the
//! frontier shows what waited when the step was done, the one taken next still in it.
//!
//! ```
//! use frontier_engine::search::recorded::{Change, Recorded, RecordedStep, Recording};
//! use frontier_engine::search::{Event, Run, Search};
//! // A line 0 → 1 → 2, the goal 2, searched by a program that queued every state it met.
//! let line = Search::from_fn(0, |&n: &i32| if n < 2 { vec![(n + 1, 1.0)] } else { vec![] }, |&n| n == 2);
//! let step = |expanded, changes| RecordedStep { expanded, changes, line: 3, printed: 0 };
//! let recording = Recording {
//!     opening: vec![Change::Pushed(0)],
//!     steps: vec![
//!         step(0, vec![Change::Popped(0), Change::Pushed(1)]),
//!         step(1, vec![Change::Popped(1), Change::Pushed(2)]),
//!     ],
//!     closing: vec![Change::Popped(2)],
//!     returned: Some(vec![0, 1, 2]),
//!     finished: true,
//! };
//! let mut run = Recorded::new(line.problem().clone(), recording.into());
//! assert_eq!(run.frontier_len(), 1, "the start waits before the first step");
//! run.step();
//! assert_eq!(run.last_expanded().map(|(_, s)| s), Some(0));
//! assert_eq!(run.frontier_len(), 1, "1 waits");
//! run.step();
//! assert!(matches!(run.step().map(|s| s.event), Some(Event::Found { .. })));
//! assert_eq!(run.path(), Some(vec![0, 1, 2]));
//! assert_eq!(run.path_cost(), Some(2.0));
//! assert_eq!(run.step(), None);
//! ```

use std::sync::Arc;

use super::hash::FxHashMap;
use super::judge::Trace;
use super::{
    Cost, Event, Limit, NodeId, NodeStatus, NodeView, NodeVisitor, Problem, Run, Side, Step,
};

/// A change a program made to its frontier.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Change<S> {
    /// It put an entry holding this state into its frontier.
    Pushed(S),
    /// It took an entry holding this state out of its frontier.
    Popped(S),
}

/// One expansion of a recorded search.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RecordedStep<S> {
    /// The state whose successors the program asked for.
    pub expanded: S,
    /// What the program did to its frontier at this step (see the module's notes), in order.
    pub changes: Vec<Change<S>>,
    /// The line of the program that asked (from 1; 0 when unknown).
    pub line: u32,
    /// How many bytes the program had printed by then.
    pub printed: usize,
}

/// A search recorded to its end (or to where it was stopped). It crosses from the browser's
/// Python worker to the page as JSON (serde).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Recording<S> {
    /// What the program put into its frontier before its first expansion.
    pub opening: Vec<Change<S>>,
    /// Its expansions, in order.
    pub steps: Vec<RecordedStep<S>>,
    /// What it did to its frontier after its last expansion.
    pub closing: Vec<Change<S>>,
    /// The path it returned, start to goal; `None` when it returned none.
    pub returned: Option<Vec<S>>,
    /// Whether it returned (false: it was stopped, by an error or a limit).
    pub finished: bool,
}

impl<S: Clone> Recording<S> {
    /// What the judge reads of it: the states expanded and the path returned.
    pub fn trace(&self) -> Trace<S> {
        Trace {
            expanded: self
                .steps
                .iter()
                .map(|step| step.expanded.clone())
                .collect(),
            path: self.returned.clone(),
        }
    }
}

/// What the replay knows of a state the program's expansions generated.
#[derive(Clone, Copy, Debug)]
struct Met {
    id: NodeId,
    g: Cost,
    depth: u32,
    parent: Option<NodeId>,
}

/// A recording replayed a step at a time.
#[derive(Clone)]
pub struct Recorded<P: Problem> {
    problem: P,
    recording: Arc<Recording<P::State>>,
    /// Steps taken (the final one included).
    position: usize,
    /// The states met, by when first met: the start, then each state as an expansion
    /// first generated it, or as the program first put it into its frontier.
    met: FxHashMap<P::State, Met>,
    states: Vec<P::State>,
    /// Entries in the frontier holding each state.
    frontier: FxHashMap<P::State, u32>,
    frontier_entries: usize,
    /// Times each state was expanded.
    expanded: FxHashMap<P::State, u32>,
    /// The states the latest step changed: the one expanded, then those pushed.
    changed: Vec<P::State>,
    last: Option<(Side, P::State)>,
    ended: Option<Step>,
    successors: Vec<(P::State, Cost)>,
}

impl<P: Problem> Recorded<P> {
    /// The replay of `recording`, a search of `problem`, before its first step.
    pub fn new(problem: P, recording: Arc<Recording<P::State>>) -> Recorded<P> {
        let mut run = Recorded {
            problem,
            recording: recording.clone(),
            position: 0,
            met: FxHashMap::default(),
            states: vec![],
            frontier: FxHashMap::default(),
            frontier_entries: 0,
            expanded: FxHashMap::default(),
            changed: vec![],
            last: None,
            ended: None,
            successors: vec![],
        };
        let start = run.problem.start();
        run.meet(&start, 0.0, 0, None);
        run.apply(&recording.opening);
        run
    }

    /// The recording replayed.
    pub fn recording(&self) -> &Recording<P::State> {
        &self.recording
    }

    /// The recorded step the latest step replayed, if it was an expansion.
    pub fn last_recorded(&self) -> Option<&RecordedStep<P::State>> {
        self.position
            .checked_sub(1)
            .and_then(|index| self.recording.steps.get(index))
    }

    fn meet(&mut self, state: &P::State, g: Cost, depth: u32, parent: Option<NodeId>) -> bool {
        if let Some(met) = self.met.get_mut(state) {
            // A state pushed before the expansion that generated it was replayed (a step's
            // pushes are applied before its expansion) gets its route now.
            let unrouted = met.parent.is_none() && met.g == Cost::INFINITY;
            if unrouted && parent.is_some() {
                (met.g, met.depth, met.parent) = (g, depth, parent);
                return true;
            }
            return false;
        }
        let id = self.states.len() as NodeId;
        self.states.push(state.clone());
        self.met.insert(
            state.clone(),
            Met {
                id,
                g,
                depth,
                parent,
            },
        );
        true
    }

    fn apply(&mut self, changes: &[Change<P::State>]) {
        for change in changes {
            match change {
                Change::Pushed(state) => {
                    // A state pushed that no expansion generated (a program may push
                    // anything): known, with no route to it.
                    self.meet(state, Cost::INFINITY, 0, None);
                    *self.frontier.entry(state.clone()).or_default() += 1;
                    self.frontier_entries += 1;
                    self.changed.push(state.clone());
                }
                Change::Popped(state) => {
                    if let Some(count) = self.frontier.get_mut(state) {
                        *count -= 1;
                        if *count == 0 {
                            self.frontier.remove(state);
                        }
                        self.frontier_entries -= 1;
                    }
                }
            }
        }
    }

    fn expand(&mut self, state: &P::State) -> usize {
        *self.expanded.entry(state.clone()).or_default() += 1;
        let from = self.met.get(state).copied();
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        self.problem.successors(state, &mut successors);
        let mut added = 0;
        for (next, cost) in &successors {
            let (g, depth) = from.map_or((Cost::INFINITY, 0), |m| (m.g + cost, m.depth + 1));
            added += usize::from(self.meet(next, g, depth, from.map(|m| m.id)));
        }
        self.successors = successors;
        added
    }

    fn id_of(&mut self, state: &P::State) -> NodeId {
        self.meet(state, Cost::INFINITY, 0, None);
        self.met[state].id
    }
}

impl<P: Problem> Run for Recorded<P> {
    type Problem = P;

    fn problem(&self) -> &P {
        &self.problem
    }

    fn step(&mut self) -> Option<Step> {
        if self.ended.is_some() {
            return None;
        }
        self.changed.clear();
        let recording = self.recording.clone();
        let event = match recording.steps.get(self.position) {
            Some(step) => {
                self.apply(&step.changes);
                let added = self.expand(&step.expanded);
                self.changed.insert(0, step.expanded.clone());
                self.last = Some((Side::Forward, step.expanded.clone()));
                Event::Expanded {
                    node: self.id_of(&step.expanded),
                    added,
                    improved: 0,
                }
            }
            None => {
                self.apply(&recording.closing);
                match (&recording.returned, recording.finished) {
                    (Some(path), _) if !path.is_empty() => {
                        let goal = path[path.len() - 1].clone();
                        self.last = Some((Side::Forward, goal.clone()));
                        self.changed.insert(0, goal.clone());
                        Event::Found {
                            goal: self.id_of(&goal),
                        }
                    }
                    (_, true) => Event::Exhausted,
                    // Stopped, by an error or a limit: the recorder's message says which.
                    (_, false) => Event::GaveUp(Limit::Cancelled),
                }
            }
        };
        self.position += 1;
        let step = Step {
            side: Side::Forward,
            event,
        };
        if event.is_final() {
            self.ended = Some(step);
        }
        Some(step)
    }

    fn ended(&self) -> Option<Step> {
        self.ended
    }

    fn expansions(&self) -> usize {
        self.position.min(self.recording.steps.len())
    }

    fn discovered(&self) -> usize {
        self.states.len()
    }

    fn frontier_len(&self) -> usize {
        self.frontier_entries
    }

    fn visited_len(&self) -> usize {
        self.expanded.len()
    }

    fn memory_bytes(&self) -> usize {
        let per_state = size_of::<P::State>() + 16;
        (self.states.len() * 2 + self.frontier.len() + self.expanded.len()) * per_state
    }

    fn path(&self) -> Option<Vec<P::State>> {
        match self.ended?.event {
            Event::Found { .. } => self.recording.returned.clone(),
            _ => None,
        }
    }

    fn path_cost(&self) -> Option<Cost> {
        let path = self.path()?;
        let mut successors = Vec::new();
        let mut cost = 0.0;
        for pair in path.windows(2) {
            successors.clear();
            self.problem.successors(&pair[0], &mut successors);
            cost += successors.iter().find(|(next, _)| *next == pair[1])?.1;
        }
        Some(cost)
    }

    fn route_to(&self, state: &P::State) -> Option<Vec<P::State>> {
        let mut met = *self.met.get(state)?;
        let mut route = vec![state.clone()];
        while let Some(parent) = met.parent {
            let previous = &self.states[parent as usize];
            route.push(previous.clone());
            met = self.met[previous];
        }
        route.reverse();
        (route[0] == self.problem.start()).then_some(route)
    }

    fn last_expanded(&self) -> Option<(Side, P::State)> {
        self.last.clone()
    }

    fn last_changed(&self, visit: &mut dyn FnMut(&P::State)) {
        for state in &self.changed {
            visit(state);
        }
    }

    fn node(&self, state: &P::State) -> Option<NodeView<P::State>> {
        let status = if self.expanded.contains_key(state) {
            NodeStatus::Visited
        } else if self.frontier.contains_key(state) {
            NodeStatus::Frontier
        } else {
            return None;
        };
        let met = self.met.get(state)?;
        let h = self.problem.heuristic(state);
        Some(NodeView {
            side: Side::Forward,
            status,
            g: met.g,
            h,
            f: met.g + h,
            parent: met.parent.map(|id| self.states[id as usize].clone()),
            depth: met.depth,
        })
    }

    fn for_each_node(&self, visit: &mut NodeVisitor<'_, P::State>) {
        for state in &self.states {
            if let Some(view) = self.node(state) {
                visit(state, &view);
            }
        }
    }

    fn times_expanded(&self, state: &P::State) -> u32 {
        self.expanded.get(state).copied().unwrap_or(0)
    }
}
