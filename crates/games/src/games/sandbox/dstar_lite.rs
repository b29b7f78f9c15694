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
    Cost, Event, NodeId, NodeStatus, NodeView, NodeVisitor, Problem, ReversibleProblem, Run, Side,
    Step,
};

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
    cell: usize,
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
    g: Vec<Cost>,
    rhs: Vec<Cost>,
    /// The key each queued cell is queued with (`None`: not queued).
    queued: Vec<Option<Key>>,
    queue: BinaryHeap<Queued>,
    km: Cost,
    /// Cells expanded since the last [`DStarLite::plan`] began, and in all.
    this_repair: usize,
    total_expansions: usize,
    /// Cells the last repair expanded.
    repaired: Vec<Pos>,
    /// Cells the latest expansion (or edit) changed.
    changed: Vec<Pos>,
    /// How often each cell has been expanded, over the first plan and every repair.
    times: Vec<u32>,
    /// How the plan last ended, when it is right (the run is stepped again after an edit).
    ended: Option<Step>,
}

impl DStarLite {
    /// A plan from `problem`'s start to its goal, not yet computed (see
    /// [`DStarLite::plan`]).
    pub fn new(problem: GridProblem) -> DStarLite {
        let board = problem.board().clone();
        let cells = board.width() * board.height();
        let mut plan = DStarLite {
            width: board.width(),
            g: vec![Cost::INFINITY; cells],
            rhs: vec![Cost::INFINITY; cells],
            queued: vec![None; cells],
            queue: BinaryHeap::new(),
            km: 0.0,
            this_repair: 0,
            total_expansions: 0,
            repaired: vec![],
            changed: vec![],
            times: vec![0; cells],
            ended: None,
            problem,
        };
        let goal = plan.problem.goal;
        if let Some(i) = plan.index(goal)
            && plan.problem.step_cost(goal).is_some()
        {
            plan.rhs[i] = 0.0;
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

    /// Queues `pos` when it is inconsistent, with its current key; drops it otherwise.
    fn update(&mut self, pos: Pos) {
        let Some(cell) = self.index(pos) else {
            return;
        };
        let (g, rhs) = (self.g[cell], self.rhs[cell]);
        let consistent = g == rhs || (g - rhs).abs() <= TOLERANCE;
        if !consistent {
            let key = self.key(pos, cell);
            self.queued[cell] = Some(key);
            self.queue.push(Queued { key, cell });
        } else {
            self.queued[cell] = None;
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
            if self.queued[top.cell] == Some(top.key) {
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
            let u = self.pos(top.cell);
            let fresh = self.key(u, top.cell);
            if top.key.less(fresh) {
                self.queued[top.cell] = Some(fresh);
                self.queue.push(Queued {
                    key: fresh,
                    cell: top.cell,
                });
                continue;
            }
            self.queue.pop();
            self.queued[top.cell] = None;
            self.this_repair += 1;
            self.total_expansions += 1;
            self.times[top.cell] += 1;
            self.repaired.push(u);
            self.changed.clear();
            self.changed.push(u);
            let mut around = vec![];
            self.problem.predecessors(&u, &mut around);
            if self.g[top.cell] > self.rhs[top.cell] {
                self.g[top.cell] = self.rhs[top.cell];
                for (p, cost) in around {
                    if let Some(i) = self.index(p)
                        && p != self.problem.goal
                    {
                        self.rhs[i] = self.rhs[i].min(cost + self.g[top.cell]);
                        self.update(p);
                        self.changed.push(p);
                    }
                }
            } else {
                self.g[top.cell] = Cost::INFINITY;
                around.push((u, 0.0));
                for (p, _) in around {
                    if let Some(i) = self.index(p) {
                        self.rhs[i] = self.look_ahead(p);
                        self.update(p);
                        self.changed.push(p);
                    }
                }
            }
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
                    self.rhs[i] = self.look_ahead(cell);
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
            if !(g == rhs || (g - rhs).abs() < 1e-9) && self.queued[cell].is_none() {
                out.push(format!("{pos}: g {g} and rhs {rhs} differ, not queued"));
            }
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
        self.index(pos).is_some_and(|i| self.queued[i].is_some())
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
        (0..self.g.len())
            .filter(|&i| self.g[i].is_finite() || self.rhs[i].is_finite())
            .count()
    }

    fn frontier_len(&self) -> usize {
        self.queued.iter().filter(|q| q.is_some()).count()
    }

    fn visited_len(&self) -> usize {
        (0..self.g.len())
            .filter(|&i| self.queued[i].is_none() && self.g[i].is_finite())
            .count()
    }

    fn memory_bytes(&self) -> usize {
        self.g.len() * (2 * std::mem::size_of::<Cost>() + std::mem::size_of::<Option<Key>>())
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
        let queued = self.queued[i];
        if queued.is_none() && !self.g[i].is_finite() {
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
            status: if queued.is_some() {
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

    fn repair_cell(&mut self, pos: &Pos, terrain: u8) -> bool {
        self.edit(*pos, terrain)
    }
}

/// What [`replan_trial`] measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplanReport {
    /// Edits that changed the board.
    pub edits: usize,
    /// Expansions D* Lite's repairs took, all edits together.
    pub repair_expansions: usize,
    /// Expansions A* from scratch took on each edited board, all together.
    pub scratch_expansions: usize,
    /// Whether every repaired cost equalled a fresh Dijkstra's on the edited board.
    pub costs_equal: bool,
}

/// Plans on `problem`, then makes `edits` random wall edits (a wall painted, or one
/// erased) within three cells of the current path, repairing after each; compares each
/// repair with A* from scratch (expansions) and a fresh Dijkstra (cost).
pub fn replan_trial(problem: GridProblem, edits: usize, seed: u64) -> ReplanReport {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::{GridRun, PathAlgorithm};
    use crate::search::{Algorithm, Budget, Outcome};

    let mut rng = StdRng::seed_from_u64(seed);
    let wall = problem
        .board()
        .legend()
        .iter()
        .position(|t| t.cost.is_none())
        .unwrap_or(1) as u8;
    let mut plan = DStarLite::new(problem);
    plan.plan();
    let mut report = ReplanReport {
        edits: 0,
        repair_expansions: 0,
        scratch_expansions: 0,
        costs_equal: true,
    };
    let mut tries = 0;
    while report.edits < edits && tries < edits * 20 {
        tries += 1;
        let board = plan.problem().board().clone();
        let path = plan
            .path()
            .unwrap_or_else(|| vec![plan.problem().start, plan.problem().goal]);
        let base = path[rng.random_range(0..path.len())];
        let cell = base.offset(rng.random_range(-3..=3), rng.random_range(-3..=3));
        let Some(current) = board.terrain_index(cell) else {
            continue;
        };
        let terrain = if current == wall { 0 } else { wall };
        if !plan.edit(cell, terrain) {
            continue;
        }
        report.edits += 1;
        report.repair_expansions += plan.plan();
        let fresh = |algorithm| {
            GridRun::new(
                plan.problem().clone(),
                PathAlgorithm::Search(algorithm),
                Budget::UNLIMITED,
            )
            .run()
        };
        report.scratch_expansions += fresh(Algorithm::AStar).expanded;
        let dijkstra = match fresh(Algorithm::Dijkstra).outcome {
            Outcome::Found { cost, .. } => Some(cost),
            _ => None,
        };
        let same = match (plan.cost(), dijkstra) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-6,
            (None, None) => true,
            _ => false,
        };
        report.costs_equal &= same;
    }
    report
}

/// The classic D* Lite demonstration: a robot that knows only the walls within
/// `radius` cells of where it has been walks its plan towards the goal; each step it looks
/// around, tells the plan about walls it did not know (repairing it), and takes the first
/// move of the repaired plan. As an iterator it yields one move at a time (the last item
/// says how the walk ended), so a timeline can step it back and forth.
#[derive(Clone)]
pub struct RobotWalk {
    /// The board as it really is.
    truth: Arc<Board>,
    /// The plan on the board as the robot believes it.
    plan: DStarLite,
    radius: i32,
    /// Cells the robot has looked at, row by row.
    seen: Vec<bool>,
    /// Where the robot has been, the start first.
    pub trail: Vec<Pos>,
    /// Walls (and other terrain) the robot has discovered so far.
    pub discovered: usize,
    /// Expansions of every repair after the first plan.
    pub repair_expansions: usize,
    first_plan: usize,
    ended: Option<WalkEnd>,
}

/// How a robot's walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkEnd {
    Arrived,
    /// The walls it found leave no way to the goal.
    NoWay,
}

/// One move of a robot's walk, and what it learnt before taking it.
#[derive(Clone, Debug, PartialEq)]
pub struct RobotMove {
    /// Cells whose terrain the robot found different from what it believed.
    pub discovered: Vec<Pos>,
    /// Expansions the repair after those discoveries took (0 when nothing was new).
    pub repair_expansions: usize,
    /// Where the robot went (None when the walk ended instead).
    pub to: Option<Pos>,
    /// How the walk ended, on its last item.
    pub end: Option<WalkEnd>,
}

impl RobotWalk {
    /// A robot at `problem`'s start that believes every cell farther than `radius` from it
    /// is as cheap as the floor.
    pub fn new(problem: GridProblem, radius: u32) -> RobotWalk {
        let truth = problem.board().clone();
        let radius = radius.min(1000) as i32;
        let mut believed = (*truth).clone();
        let floor = believed.floor_terrain();
        let start = problem.start;
        let mut seen = vec![false; truth.width() * truth.height()];
        for pos in truth.cells().positions() {
            let far = (pos.x - start.x).abs().max((pos.y - start.y).abs()) > radius;
            if far && pos != problem.goal {
                believed.paint(pos, floor);
            } else {
                seen[pos.y as usize * truth.width() + pos.x as usize] = true;
            }
        }
        let believed =
            GridProblem::new(Arc::new(believed), problem.connectivity, problem.heuristic)
                .between(start, problem.goal);
        let mut plan = DStarLite::new(believed);
        let first_plan = plan.plan();
        RobotWalk {
            truth,
            plan,
            radius,
            seen,
            trail: vec![start],
            discovered: 0,
            repair_expansions: 0,
            first_plan,
            ended: None,
        }
    }

    /// The plan as the robot believes it now.
    pub fn plan(&self) -> &DStarLite {
        &self.plan
    }

    /// The board as it really is.
    pub fn truth(&self) -> &Arc<Board> {
        &self.truth
    }

    /// Where the robot is.
    pub fn at(&self) -> Pos {
        *self.trail.last().expect("the trail begins at the start")
    }

    /// How far the robot sees (cells, in each direction).
    pub fn radius(&self) -> u32 {
        self.radius as u32
    }

    /// Whether the robot has looked at `pos` (a cell it has not believes the floor there).
    pub fn has_seen(&self, pos: Pos) -> bool {
        self.truth.contains(pos) && self.seen[pos.y as usize * self.truth.width() + pos.x as usize]
    }

    /// How the walk ended, once it has.
    pub fn ended(&self) -> Option<WalkEnd> {
        self.ended
    }

    /// Expansions of the first plan.
    pub fn first_plan_expansions(&self) -> usize {
        self.first_plan
    }

    /// Approximate bytes a copy of the walk holds (the plan, the believed board, what was
    /// seen and the trail; the real board is shared).
    pub fn memory_bytes(&self) -> usize {
        let cells = self.seen.len();
        self.plan.memory_bytes() + cells * 3 + self.trail.len() * std::mem::size_of::<Pos>()
    }

    /// Looks around, repairs, and takes one move; the end once the walk is over.
    pub fn step(&mut self) -> Option<WalkEnd> {
        self.next_move();
        self.ended
    }

    /// Looks around, repairs, and takes one move: what it learnt and where it went.
    fn next_move(&mut self) -> Option<RobotMove> {
        if self.ended.is_some() {
            return None;
        }
        let at = self.at();
        let mut step = RobotMove {
            discovered: vec![],
            repair_expansions: 0,
            to: None,
            end: None,
        };
        if at == self.plan.problem().goal {
            return Some(self.end_with(step, WalkEnd::Arrived));
        }
        let width = self.truth.width();
        if self.trail.len() > 2 * width * self.truth.height() + 2 {
            // More moves than a walk that finds its way can need: say so, never loop.
            return Some(self.end_with(step, WalkEnd::NoWay));
        }
        for dy in -self.radius..=self.radius {
            for dx in -self.radius..=self.radius {
                let pos = at.offset(dx, dy);
                let Some(real) = self.truth.terrain_index(pos) else {
                    continue;
                };
                self.seen[pos.y as usize * width + pos.x as usize] = true;
                if self.plan.problem().board().terrain_index(pos) != Some(real)
                    && self.plan.edit(pos, real)
                {
                    step.discovered.push(pos);
                }
            }
        }
        if !step.discovered.is_empty() {
            self.discovered += step.discovered.len();
            step.repair_expansions = self.plan.plan();
            self.repair_expansions += step.repair_expansions;
        }
        let next = match self.plan.path() {
            Some(path) if path.len() > 1 => path[1],
            _ => return Some(self.end_with(step, WalkEnd::NoWay)),
        };
        self.plan.move_start(next);
        self.trail.push(next);
        step.to = Some(next);
        Some(step)
    }

    fn end_with(&mut self, mut step: RobotMove, end: WalkEnd) -> RobotMove {
        self.ended = Some(end);
        step.end = Some(end);
        step
    }

    /// Walks until the robot arrives or finds no way (at most a move per cell, twice).
    pub fn walk(&mut self) -> WalkEnd {
        self.by_ref().for_each(drop);
        self.ended.unwrap_or(WalkEnd::NoWay)
    }
}

impl Iterator for RobotWalk {
    type Item = RobotMove;

    fn next(&mut self) -> Option<RobotMove> {
        self.next_move()
    }
}
