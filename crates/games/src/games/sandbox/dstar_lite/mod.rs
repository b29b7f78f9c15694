//! D* Lite (Koenig and Likhachev 2002, "D* Lite", AAAI; the optimised version of their
//! Figure 4): a search from the goal back to the start that, when the board changes,
//! repairs its plan instead of starting again. Each cell keeps g (its cost to the goal as
//! last computed) and rhs (a one-step look-ahead: the cheapest move plus the g beyond it).
//! A cell whose two differ is *inconsistent* and waits in the queue; the repair expands
//! only those, in order of their keys, until the start is consistent and no queued key is
//! smaller than the start's. After a wall is painted or erased only the cells around it
//! change their look-ahead, so the repair touches the part of the plan the edit affected.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::Arc;

use super::{Board, GridProblem};
use crate::grid::Pos;
use crate::search::{
    Budget, Chunked, Cost, Event, NodeId, NodeStatus, NodeView, NodeVisitor, Problem,
    ReversibleProblem, Run, Side, Step,
};

mod robot;
mod trial;

pub use robot::{RobotMove, RobotWalk, WalkEnd};
pub use trial::{ReplanReport, replan_trial};

/// Keys closer than this are equal (costs are sums of √2).
const TOLERANCE: Cost = 1e-9;

/// A queue key: [min(g, rhs) + h + km, min(g, rhs)], compared in that order.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key(Cost, Cost);

impl Key {
    /// A key with both parts rounded to a fine grid, so that sums of √2 that differ only
    /// in their last bits compare equal, both in the queue and in the stopping test (the
    /// queue must order keys exactly as the test does).
    fn rounded(first: Cost, second: Cost) -> Key {
        let round = |x: Cost| {
            if x.is_finite() {
                (x * GRID).round() / GRID
            } else {
                x
            }
        };
        Key(round(first), round(second))
    }

    fn less(self, other: Key) -> bool {
        self.0 < other.0 || (self.0 == other.0 && self.1 < other.1)
    }
}

/// The grid keys are rounded to: 2^-24, far below any step cost, far above rounding noise.
const GRID: Cost = 16_777_216.0;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Queued {
    key: Key,
    cell: u32,
    /// Which queueing of the cell this is: only the latest counts, the others are stale.
    stamp: u32,
}

impl Eq for Queued {}

impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .key
            .0
            .total_cmp(&self.key.0)
            .then(other.key.1.total_cmp(&self.key.1))
    }
}

impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A D* Lite plan on a board, kept cheapest as the board changes.
#[derive(Clone)]
pub struct DStarLite {
    problem: GridProblem,
    width: usize,
    // The per-cell arrays are chunks that the timeline's copies of the plan share until one
    // of them changes a chunk: a checkpoint costs a pointer a chunk, not the board's 24
    // bytes a cell (216 MB on a 3000 x 3000 board).
    g: Chunked<Cost>,
    rhs: Chunked<Cost>,
    /// The stamp of the queue entry that stands for each queued cell (0: not queued).
    queued: Chunked<u32>,
    /// The stamp the latest entry was given.
    stamp: u32,
    queue: BinaryHeap<Queued>,
    km: Cost,
    /// Cells expanded since the last [`DStarLite::plan`] began, and in all.
    this_repair: usize,
    total_expansions: usize,
    /// Cells the last repair expanded.
    repaired: Vec<Pos>,
    /// Cells the latest expansion (or edit) changed.
    changed: Vec<Pos>,
    /// The neighbours of the cell being expanded (kept to spare an allocation a step).
    around: Vec<(Pos, Cost)>,
    /// How often each cell has been expanded, over the first plan and every repair.
    times: Chunked<u32>,
    /// Every cell that has ever been queued or given a g, once each (`listed` says which):
    /// what a redraw must look at, rather than every cell of the board.
    touched: Chunked<u32>,
    listed: Chunked<bool>,
    /// How the plan last ended, when it is right (the run is stepped again after an edit).
    ended: Option<Step>,
    /// The expansions and time a run may take, as every engine has (its memory is the
    /// board's from the start, so the states and bytes limits have nothing to count).
    budget: Budget,
    /// How many cells are queued, visited and discovered, kept as cells change: counting
    /// them over the board at every step cost far more than the step (a 512 x 512 board
    /// has 262,144 cells; a step touches nine).
    counts: Counts,
}

/// The cells in each of the states a step reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    /// Queued: inconsistent.
    frontier: usize,
    /// Not queued, with a finite g.
    visited: usize,
    /// With a finite g or rhs.
    discovered: usize,
}

impl Counts {
    /// A cell's part in the counts.
    fn of(g: Cost, rhs: Cost, queued: bool) -> Counts {
        Counts {
            frontier: queued as usize,
            visited: (!queued && g.is_finite()) as usize,
            discovered: (g.is_finite() || rhs.is_finite()) as usize,
        }
    }

    /// These counts once a cell that counted as `before` counts as `after`.
    fn moved(self, before: Counts, after: Counts) -> Counts {
        Counts {
            frontier: self.frontier + after.frontier - before.frontier,
            visited: self.visited + after.visited - before.visited,
            discovered: self.discovered + after.discovered - before.discovered,
        }
    }
}

/// Expansions between two looks at the clock: a D* Lite expansion takes well under a
/// microsecond on a grid, so a deadline is missed by at most a millisecond or so.
const CLOCK_EVERY: usize = 1024;

impl DStarLite {
    /// The same plan within `budget`: it gives up once its expansions (over the first plan
    /// and every repair) reach the limit, or its deadline passes.
    pub fn with_budget(mut self, budget: Budget) -> DStarLite {
        self.budget = budget;
        self
    }

    /// A plan from `problem`'s start to its goal, not yet computed (see
    /// [`DStarLite::plan`]).
    pub fn new(problem: GridProblem) -> DStarLite {
        let board = problem.board().clone();
        let cells = board.width() * board.height();
        let mut plan = DStarLite {
            width: board.width(),
            g: Chunked::filled(cells, Cost::INFINITY),
            rhs: Chunked::filled(cells, Cost::INFINITY),
            queued: Chunked::filled(cells, 0),
            stamp: 0,
            queue: BinaryHeap::new(),
            km: 0.0,
            this_repair: 0,
            total_expansions: 0,
            repaired: vec![],
            changed: vec![],
            around: vec![],
            times: Chunked::filled(cells, 0),
            touched: Chunked::new(0),
            listed: Chunked::filled(cells, false),
            ended: None,
            budget: Budget::UNLIMITED,
            counts: Counts::default(),
            problem,
        };
        let goal = plan.problem.goal;
        if let Some(i) = plan.index(goal)
            && plan.problem.step_cost(goal).is_some()
        {
            plan.set_rhs(i, 0.0);
            plan.update(goal);
        }
        plan
    }

    pub fn problem(&self) -> &GridProblem {
        &self.problem
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        let board = self.problem.board();
        (pos.x >= 0
            && pos.y >= 0
            && (pos.x as usize) < board.width()
            && (pos.y as usize) < board.height())
        .then(|| pos.y as usize * self.width + pos.x as usize)
    }

    fn pos(&self, cell: usize) -> Pos {
        Pos::new((cell % self.width) as i32, (cell / self.width) as i32)
    }

    fn key(&self, pos: Pos, cell: usize) -> Key {
        let best = self.g[cell].min(self.rhs[cell]);
        Key::rounded(best + self.problem.heuristic_to_start(&pos) + self.km, best)
    }

    /// Changes what is known of `cell` through `change`, keeping the counts.
    fn counted(&mut self, cell: usize, change: impl FnOnce(&mut DStarLite)) {
        let before = Counts::of(self.g[cell], self.rhs[cell], self.queued[cell] != 0);
        change(self);
        let after = Counts::of(self.g[cell], self.rhs[cell], self.queued[cell] != 0);
        self.counts = self.counts.moved(before, after);
        if after.discovered + after.frontier > 0 && !self.listed[cell] {
            self.listed[cell] = true;
            self.touched.push(cell as u32);
        }
    }

    fn set_g(&mut self, cell: usize, g: Cost) {
        self.counted(cell, |plan| plan.g[cell] = g);
    }

    fn set_rhs(&mut self, cell: usize, rhs: Cost) {
        self.counted(cell, |plan| plan.rhs[cell] = rhs);
    }

    /// Queues `cell` with `key`; an entry it had before goes stale.
    fn queue(&mut self, cell: usize, key: Key) {
        // Past four billion entries the stamps start again at 1: an entry that old has
        // long left the queue.
        self.stamp = self.stamp.checked_add(1).unwrap_or(1);
        let stamp = self.stamp;
        self.counted(cell, |plan| plan.queued[cell] = stamp);
        let cell = cell as u32;
        self.queue.push(Queued { key, cell, stamp });
    }

    /// Takes `cell` off the queue (its entry, if any, goes stale).
    fn unqueue(&mut self, cell: usize) {
        self.counted(cell, |plan| plan.queued[cell] = 0);
    }

    /// Queues `pos` when it is inconsistent, with its current key; drops it otherwise.
    fn update(&mut self, pos: Pos) {
        let Some(cell) = self.index(pos) else {
            return;
        };
        let (g, rhs) = (self.g[cell], self.rhs[cell]);
        let consistent = g == rhs || (g - rhs).abs() <= TOLERANCE;
        if !consistent {
            let key = self.key(pos, cell);
            self.queue(cell, key);
        } else {
            self.unqueue(cell);
        }
    }

    /// The one-step look-ahead of `pos`: its cheapest move plus the g beyond.
    fn look_ahead(&self, pos: Pos) -> Cost {
        if pos == self.problem.goal {
            return 0.0;
        }
        // A wall has no moves (4-connected successors are not asked for its own cost).
        if self.problem.step_cost(pos).is_none() {
            return Cost::INFINITY;
        }
        let mut best = Cost::INFINITY;
        let mut moves = vec![];
        self.problem.successors(&pos, &mut moves);
        for (next, cost) in moves {
            if let Some(i) = self.index(next) {
                best = best.min(cost + self.g[i]);
            }
        }
        best
    }

    /// The queued cell with the smallest key, stale entries dropped.
    fn top(&mut self) -> Option<Queued> {
        while let Some(&top) = self.queue.peek() {
            if self.queued[top.cell as usize] == top.stamp {
                return Some(top);
            }
            self.queue.pop();
        }
        None
    }

    /// Brings the plan up to date: expands inconsistent cells until the start is
    /// consistent and none queued could change its cost. Returns the expansions it took.
    pub fn plan(&mut self) -> usize {
        self.begin_repair();
        while self.expand_next().is_some() {}
        self.this_repair
    }

    /// Starts counting a repair's expansions afresh.
    fn begin_repair(&mut self) {
        self.this_repair = 0;
        self.repaired.clear();
    }

    /// Expands the next inconsistent cell, if the plan is not yet right; returns it.
    fn expand_next(&mut self) -> Option<Pos> {
        let start = self.problem.start;
        let s = self.index(start)?;
        loop {
            let top = self.top()?;
            let start_key = self.key(start, s);
            let start_consistent = self.rhs[s] <= self.g[s] + TOLERANCE;
            if !top.key.less(start_key) && start_consistent {
                return None;
            }
            let cell = top.cell as usize;
            let u = self.pos(cell);
            let fresh = self.key(u, cell);
            if top.key.less(fresh) {
                self.queue(cell, fresh);
                continue;
            }
            self.queue.pop();
            self.unqueue(cell);
            self.this_repair += 1;
            self.total_expansions += 1;
            self.times[cell] += 1;
            self.repaired.push(u);
            self.changed.clear();
            self.changed.push(u);
            let mut around = std::mem::take(&mut self.around);
            around.clear();
            self.problem.predecessors(&u, &mut around);
            if self.g[cell] > self.rhs[cell] {
                self.set_g(cell, self.rhs[cell]);
                for &(p, cost) in &around {
                    if let Some(i) = self.index(p)
                        && p != self.problem.goal
                    {
                        self.set_rhs(i, self.rhs[i].min(cost + self.g[cell]));
                        self.update(p);
                        self.changed.push(p);
                    }
                }
            } else {
                self.set_g(cell, Cost::INFINITY);
                around.push((u, 0.0));
                for &(p, _) in &around {
                    if let Some(i) = self.index(p) {
                        self.set_rhs(i, self.look_ahead(p));
                        self.update(p);
                        self.changed.push(p);
                    }
                }
            }
            self.around = around;
            return Some(u);
        }
    }

    /// Paints `terrain` at `pos` (the plan is repaired by the next [`DStarLite::plan`]).
    /// Returns false when nothing changed (the same terrain, off the board, or the start
    /// or goal turned into a wall).
    pub fn edit(&mut self, pos: Pos, terrain: u8) -> bool {
        let mut board: Board = (**self.problem.board()).clone();
        let walls_an_end = (pos == self.problem.start || pos == self.problem.goal)
            && board
                .legend()
                .get(terrain as usize)
                .is_none_or(|t| t.cost.is_none());
        if walls_an_end || !board.paint(pos, terrain) {
            return false;
        }
        let (start, goal) = (self.problem.start, self.problem.goal);
        self.problem = GridProblem::new(
            Arc::new(board),
            self.problem.connectivity,
            self.problem.heuristic,
        )
        .between(start, goal);
        // Every move into, out of, or past the corner of `pos` may have changed: the cells
        // around it look ahead again, and a stepped run goes on repairing.
        self.ended = None;
        self.begin_repair();
        self.changed.clear();
        for dy in -1..=1 {
            for dx in -1..=1 {
                let cell = pos.offset(dx, dy);
                if let Some(i) = self.index(cell)
                    && cell != self.problem.goal
                {
                    self.set_rhs(i, self.look_ahead(cell));
                    self.update(cell);
                    self.changed.push(cell);
                }
            }
        }
        true
    }

    /// Expansions the current (or last) repair has taken.
    pub fn repair_expansions(&self) -> usize {
        self.this_repair
    }

    /// Moves the start to `pos` (the robot has stepped there); keys stay comparable by
    /// adding the heuristic distance moved to km.
    pub fn move_start(&mut self, pos: Pos) {
        let old = self.problem.start;
        self.km += self.problem.heuristic.estimate(old, pos);
        let goal = self.problem.goal;
        self.problem = self.problem.clone().between(pos, goal);
    }

    /// The cost of the cheapest path from the start, once planned (`None`: no path). The
    /// start's look-ahead (rhs) is read: the plan stops as soon as it is right, which may
    /// be before the start itself is expanded.
    pub fn cost(&self) -> Option<Cost> {
        let s = self.index(self.problem.start)?;
        self.rhs[s].is_finite().then_some(self.rhs[s])
    }

    /// The planned path: from the start, always the move with the least cost plus g.
    pub fn path(&self) -> Option<Vec<Pos>> {
        self.cost()?;
        let mut path = vec![self.problem.start];
        let mut at = self.problem.start;
        let mut moves = vec![];
        while at != self.problem.goal {
            moves.clear();
            self.problem.successors(&at, &mut moves);
            let (next, _) = moves
                .iter()
                .filter_map(|&(n, c)| self.index(n).map(|i| (n, c + self.g[i])))
                .min_by(|a, b| a.1.total_cmp(&b.1))?;
            if path.len() > self.g.len() {
                return None;
            }
            path.push(next);
            at = next;
        }
        Some(path)
    }

    /// What is wrong with the plan's bookkeeping, for tests: cells whose rhs is not their
    /// one-step look-ahead, and inconsistent cells that are not queued. Empty when sound.
    pub fn broken_invariants(&self) -> Vec<String> {
        let mut out = vec![];
        for cell in 0..self.g.len() {
            let pos = self.pos(cell);
            let la = self.look_ahead(pos);
            let rhs = self.rhs[cell];
            if !(la == rhs || (la - rhs).abs() < 1e-9) {
                out.push(format!("{pos}: rhs {rhs}, look-ahead {la}"));
            }
            let g = self.g[cell];
            if !(g == rhs || (g - rhs).abs() < 1e-9) && self.queued[cell] == 0 {
                out.push(format!("{pos}: g {g} and rhs {rhs} differ, not queued"));
            }
        }
        let counted = (0..self.g.len()).fold(Counts::default(), |counts, i| {
            let cell = Counts::of(self.g[i], self.rhs[i], self.queued[i] != 0);
            counts.moved(Counts::default(), cell)
        });
        if counted != self.counts {
            out.push(format!(
                "kept counts {:?}, counted {counted:?}",
                self.counts
            ));
        }
        out
    }

    /// Cells the last [`DStarLite::plan`] expanded (made consistent again).
    pub fn repaired(&self) -> &[Pos] {
        &self.repaired
    }

    /// Cells expanded over every plan so far.
    pub fn total_expansions(&self) -> usize {
        self.total_expansions
    }

    /// Whether `pos` is inconsistent now (g and rhs differ: queued for repair).
    pub fn inconsistent(&self, pos: Pos) -> bool {
        self.index(pos).is_some_and(|i| self.queued[i] != 0)
    }
}

/// Stepped like any search: each step makes one inconsistent cell consistent; the run ends
/// when the plan is right (and begins again, repairing, after [`DStarLite::edit`]). g is a
/// cell's cost *to the goal*, h the estimate from the start, f the first part of its key.
impl Run for DStarLite {
    type Problem = GridProblem;

    fn problem(&self) -> &GridProblem {
        &self.problem
    }

    fn step(&mut self) -> Option<Step> {
        if self.ended.is_some() {
            return None;
        }
        let step = |event| Step {
            side: Side::Backward,
            event,
        };
        let expansions = self.total_expansions;
        let now = expansions
            .is_multiple_of(CLOCK_EVERY)
            .then(web_time::Instant::now);
        if let Some(limit) = self.budget.exceeded(expansions, 0, || 0, now) {
            self.ended = Some(step(Event::GaveUp(limit)));
            return self.ended;
        }
        match self.expand_next() {
            Some(u) => Some(step(Event::Expanded {
                node: self.index(u).unwrap_or(0) as NodeId,
                added: self.changed.len().saturating_sub(1),
                improved: 0,
            })),
            None => {
                let goal = self.index(self.problem.goal).unwrap_or(0) as NodeId;
                let event = if self.cost().is_some() {
                    Event::Found { goal }
                } else {
                    Event::Exhausted
                };
                self.ended = Some(step(event));
                self.ended
            }
        }
    }

    fn ended(&self) -> Option<Step> {
        self.ended
    }

    fn expansions(&self) -> usize {
        self.total_expansions
    }

    fn discovered(&self) -> usize {
        self.counts.discovered
    }

    fn frontier_len(&self) -> usize {
        self.counts.frontier
    }

    fn visited_len(&self) -> usize {
        self.counts.visited
    }

    /// The plan's bytes, a chunk that copies share counting its share in each.
    fn memory_bytes(&self) -> usize {
        self.g.bytes()
            + self.rhs.bytes()
            + self.queued.bytes()
            + self.times.bytes()
            + self.touched.bytes()
            + self.listed.bytes()
            + self.queue.len() * std::mem::size_of::<Queued>()
    }

    fn path(&self) -> Option<Vec<Pos>> {
        self.ended?;
        DStarLite::path(self)
    }

    fn path_cost(&self) -> Option<Cost> {
        self.ended?;
        self.cost()
    }

    fn last_expanded(&self) -> Option<(Side, Pos)> {
        self.changed.first().map(|&p| (Side::Backward, p))
    }

    fn last_changed(&self, visit: &mut dyn FnMut(&Pos)) {
        for pos in &self.changed {
            visit(pos);
        }
    }

    fn node(&self, pos: &Pos) -> Option<NodeView<Pos>> {
        let i = self.index(*pos)?;
        let queued = self.queued[i] != 0;
        if !queued && !self.g[i].is_finite() {
            return None;
        }
        // The move a robot here would take: towards the goal.
        let mut moves = vec![];
        self.problem.successors(pos, &mut moves);
        let parent = moves
            .iter()
            .filter_map(|&(n, c)| self.index(n).map(|j| (n, c + self.g[j])))
            .filter(|(_, v)| v.is_finite())
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| n);
        let key = self.key(*pos, i);
        Some(NodeView {
            side: Side::Backward,
            status: if queued {
                NodeStatus::Frontier
            } else {
                NodeStatus::Visited
            },
            g: self.g[i].min(self.rhs[i]),
            h: self.problem.heuristic_to_start(pos),
            f: key.0,
            parent: if *pos == self.problem.goal {
                None
            } else {
                parent
            },
            depth: 0,
        })
    }

    fn for_each_node(&self, visit: &mut NodeVisitor<'_, Pos>) {
        for i in 0..self.g.len() {
            let pos = self.pos(i);
            if let Some(view) = self.node(&pos) {
                visit(&pos, &view);
            }
        }
    }

    fn times_expanded(&self, pos: &Pos) -> u32 {
        self.index(*pos).map_or(0, |i| self.times[i])
    }
}

impl crate::games::sandbox::grid_search::GridSearch for DStarLite {
    fn for_each_marked(&self, visit: &mut dyn FnMut(Pos)) {
        for i in self.touched.iter().map(|&i| i as usize) {
            if self.queued[i] != 0 || self.g[i].is_finite() {
                visit(self.pos(i));
            }
        }
    }

    fn status(&self, pos: Pos) -> Option<(Side, NodeStatus)> {
        let i = self.index(pos)?;
        if self.queued[i] != 0 {
            Some((Side::Backward, NodeStatus::Frontier))
        } else {
            self.g[i]
                .is_finite()
                .then_some((Side::Backward, NodeStatus::Visited))
        }
    }

    fn repair_cell(&mut self, pos: Pos, terrain: u8) -> bool {
        self.edit(pos, terrain)
    }
}
