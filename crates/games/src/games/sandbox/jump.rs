//! Jump Point Search (Harabor and Grastien 2011, "Online graph pruning for pathfinding on
//! grid maps"): A* over jump points. From a node it scans along straight and diagonal lines
//! without adding the cells it passes, and stops only where a path might turn (a cell with a
//! "forced" neighbour beside a wall) or at the goal; those jump points are the nodes. On a
//! board of one step cost it finds the same cheapest cost as A*, expanding far fewer nodes.
//!
//! The pruning rules are those for moves that never cut a corner (a diagonal needs both
//! orthogonal neighbours free, as this project's 8-connected moves and Moving AI's
//! benchmarks do), following PathFinding.js's `JPFMoveDiagonallyIfNoObstacles`; with
//! 4-connected moves, its `JPFNeverMoveDiagonally`, where a vertical scan also looks
//! sideways for jump points.
//!
//! Scans read the board's move sets (one byte a cell, kept with the board), and the row and
//! column scans are looked up in the board's [`JumpDistances`] rather than walked: a
//! diagonal scan's every step looks along a row and a column, so that is where JPS spends
//! its time.

use super::cell_nodes::CellNodes;
use super::jump_distances::{JumpDistances, bit, forced};
use super::move_order::DIAGONAL;
use super::{Connectivity, GridProblem};
use crate::grid::Pos;
use crate::search::{
    Budget, Chunked, Cost, Event, NodeId, NodeView, NodeVisitor, Problem, Run, Side, Step,
};

/// Whether JPS can run on `problem`'s board: only when every passable cell costs the same
/// (jumping over cells assumes a straight run costs its length).
pub fn available(problem: &GridProblem) -> bool {
    problem.uniform_cost().is_some()
}

/// A Jump Point Search over a board of one step cost, one jump point expanded a step.
#[derive(Clone)]
pub struct JumpSearch {
    problem: GridProblem,
    /// Reads the board's move sets: what the scans ask of every cell.
    scanner: Scanner,
    /// The one step cost of every passable cell.
    step: Cost,
    /// The jump points found, and the open list.
    nodes: CellNodes,
    trail: Trail,
    last_expanded: Option<Pos>,
    last_added: Vec<Pos>,
    expansions: usize,
    budget: Budget,
    ended: Option<Step>,
    found: Option<(Vec<Pos>, Cost)>,
}

impl JumpSearch {
    /// JPS on `problem`'s board; `None` when the board has more than one step cost (see
    /// [`available`]).
    pub fn new(problem: GridProblem) -> Option<JumpSearch> {
        let step = problem.uniform_cost()?;
        let board = problem.board();
        let (width, height) = (board.width(), board.height());
        let scanner = Scanner::of(&problem);
        let mut search = JumpSearch {
            scanner,
            step,
            nodes: CellNodes::new(width, height),
            trail: Trail {
                on: true,
                scanned: Chunked::filled(width * height, false),
                scanned_cells: Chunked::new(0),
                last: vec![],
            },
            last_expanded: None,
            last_added: vec![],
            expansions: 0,
            budget: Budget::UNLIMITED,
            ended: None,
            found: None,
            problem,
        };
        search.add_start();
        Some(search)
    }

    /// Starts over on `problem` (another start and goal, as a scenario's queries ask) in
    /// this search's memory, with its budget and trail setting: only what the last query
    /// touched is cleared, where a new search fills board-sized tables (on a 512 x 512 map
    /// that was most of a short query's time). False, and nothing changed, when `problem`'s
    /// board is another size or has more than one step cost.
    pub fn restart(&mut self, problem: GridProblem) -> bool {
        let Some(step) = problem.uniform_cost() else {
            return false;
        };
        let board = problem.board();
        let (width, height) = (board.width(), board.height());
        if !self.nodes.fits(width, height) {
            return false;
        }
        self.scanner = Scanner::of(&problem);
        self.step = step;
        self.nodes.clear();
        self.trail.clear();
        self.last_expanded = None;
        self.last_added.clear();
        self.expansions = 0;
        self.ended = None;
        self.found = None;
        self.problem = problem;
        self.add_start();
        true
    }

    fn add_start(&mut self) {
        let start = self.problem.start;
        if self.walkable(start) {
            let h = self.problem.heuristic(&start);
            self.add(start, 0.0, h, None);
        }
    }

    /// The same search without recording the cells each jump scans (for headless runs,
    /// where nothing draws the trail).
    pub fn without_trail(mut self) -> Self {
        self.trail.on = false;
        self
    }

    /// The same search within `budget`.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        self.nodes.index(pos)
    }

    fn walkable(&self, pos: Pos) -> bool {
        self.problem.step_cost(pos).is_some()
    }

    fn add(&mut self, pos: Pos, g: Cost, h: Cost, parent: Option<Pos>) {
        self.nodes.reach(pos, g, h, parent);
    }

    /// The cost of a straight or diagonal run from `a` to `b`.
    fn distance(&self, a: Pos, b: Pos) -> Cost {
        let (dx, dy) = ((a.x - b.x).abs() as Cost, (a.y - b.y).abs() as Cost);
        self.step * (dx.max(dy) - dx.min(dy) + DIAGONAL * dx.min(dy))
    }

    /// The path cell by cell: each run between jump points filled in.
    fn fill_in(&self, goal: Pos) -> Vec<Pos> {
        let points = self.nodes.parents_to(goal);
        let mut path = vec![points[0]];
        for pair in points.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
            let mut cell = from;
            while cell != to {
                cell = cell.offset(dx, dy);
                path.push(cell);
            }
        }
        path
    }

    fn end(&mut self, event: Event) -> Option<Step> {
        let step = Step {
            side: Side::Forward,
            event,
        };
        self.ended = Some(step);
        Some(step)
    }

    /// Whether a jump scan has passed over `pos` (it is on a line between jump points).
    pub fn scanned(&self, pos: Pos) -> bool {
        self.index(pos)
            .is_some_and(|i| self.trail.scanned.get(i).copied().unwrap_or(false))
    }
}

impl Run for JumpSearch {
    type Problem = GridProblem;

    fn problem(&self) -> &GridProblem {
        &self.problem
    }

    fn step(&mut self) -> Option<Step> {
        if self.ended.is_some() {
            return None;
        }
        let bytes = || Run::memory_bytes(self);
        if let Some(limit) = self
            .budget
            .exceeded(self.expansions, self.nodes.queued(), bytes, None)
        {
            return self.end(Event::GaveUp(limit));
        }
        self.trail.last.clear();
        self.last_added.clear();
        let Some(current) = self.nodes.pop() else {
            return self.end(Event::Exhausted);
        };
        let pos = self.nodes.pos(current);
        self.expansions += 1;
        self.last_expanded = Some(pos);
        let Some(&node) = self.nodes.at(current) else {
            return self.end(Event::Exhausted);
        };
        let (g, parent) = (node.g, node.parent);
        if pos == self.problem.goal {
            let path = self.fill_in(pos);
            self.found = Some((path, g));
            return self.end(Event::Found {
                goal: current as NodeId,
            });
        }
        let mut added = 0;
        let mut improved = 0;
        let (scanner, trail) = (&self.scanner, &mut self.trail);
        let at = scanner.index(pos);
        let mut points = [None; 8];
        let came = parent.map(|p| Pos::new(pos.x - p.x, pos.y - p.y));
        for (k, &d) in scanner.directions(at, came).iter().enumerate() {
            points[k] = scanner.jump(at, pos, d, trail);
        }
        for point in points.into_iter().flatten() {
            let Some(index) = self.index(point) else {
                continue;
            };
            let through = g + self.distance(pos, point);
            match self.nodes.at(index).copied() {
                Some(known) if known.closed || known.g <= through => {}
                known => {
                    let h = self.problem.heuristic(&point);
                    if known.is_some() {
                        improved += 1;
                    } else {
                        added += 1;
                    }
                    self.add(point, through, h, Some(pos));
                    self.last_added.push(point);
                }
            }
        }
        Some(Step {
            side: Side::Forward,
            event: Event::Expanded {
                node: current as NodeId,
                added,
                improved,
            },
        })
    }

    fn ended(&self) -> Option<Step> {
        self.ended
    }

    fn expansions(&self) -> usize {
        self.expansions
    }

    fn discovered(&self) -> usize {
        self.nodes.len()
    }

    fn frontier_len(&self) -> usize {
        self.nodes.frontier_len()
    }

    fn visited_len(&self) -> usize {
        self.nodes.visited_len()
    }

    fn memory_bytes(&self) -> usize {
        self.nodes.bytes() + self.trail.scanned.bytes() + self.trail.scanned_cells.bytes()
    }

    fn path(&self) -> Option<Vec<Pos>> {
        self.found.as_ref().map(|(path, _)| path.clone())
    }

    fn path_cost(&self) -> Option<Cost> {
        self.found.as_ref().map(|(_, cost)| *cost)
    }

    fn last_expanded(&self) -> Option<(Side, Pos)> {
        self.last_expanded.map(|p| (Side::Forward, p))
    }

    fn last_changed(&self, visit: &mut dyn FnMut(&Pos)) {
        if let Some(pos) = &self.last_expanded {
            visit(pos);
        }
        for pos in self.last_added.iter().chain(&self.trail.last) {
            visit(pos);
        }
    }

    fn node(&self, pos: &Pos) -> Option<NodeView<Pos>> {
        self.nodes.view(*pos)
    }

    fn for_each_node(&self, visit: &mut NodeVisitor<'_, Pos>) {
        self.nodes.for_each(visit);
    }
}

impl super::grid_search::GridSearch for JumpSearch {
    fn restart_on(&mut self, problem: &GridProblem) -> bool {
        self.restart(problem.clone())
    }

    fn status(&self, pos: Pos) -> Option<(Side, crate::search::NodeStatus)> {
        Some((Side::Forward, self.nodes.status(pos)?))
    }

    fn scanned(&self, pos: Pos) -> bool {
        JumpSearch::scanned(self, pos)
    }

    fn for_each_marked(&self, visit: &mut dyn FnMut(Pos)) {
        self.nodes.positions().for_each(&mut *visit);
        let width = self.problem.board().width();
        for &i in self.trail.scanned_cells.iter() {
            let i = i as usize;
            visit(Pos::new((i % width) as i32, (i / width) as i32));
        }
    }
}

/// The cells jump scans pass over: every one so far (by cell, and listed), and those of
/// the latest expansion (recorded only while `on`, for the board to draw). In chunks
/// that copies share, as a timeline copies the search.
#[derive(Clone)]
struct Trail {
    on: bool,
    scanned: Chunked<bool>,
    scanned_cells: Chunked<u32>,
    last: Vec<Pos>,
}

impl Trail {
    /// Forgets every cell scanned, keeping the memory.
    fn clear(&mut self) {
        for &i in self.scanned_cells.iter() {
            self.scanned[i as usize] = false;
        }
        self.scanned_cells.clear();
        self.last.clear();
    }

    #[inline]
    fn record(&mut self, index: usize, pos: Pos) {
        if self.on {
            if !self.scanned[index] {
                self.scanned[index] = true;
                self.scanned_cells.push(index as u32);
            }
            self.last.push(pos);
        }
    }
}

/// Up to eight directions to scan.
struct Directions {
    items: [(i32, i32); 8],
    len: usize,
}

impl Directions {
    fn new() -> Directions {
        Directions {
            items: [(0, 0); 8],
            len: 0,
        }
    }

    fn push(&mut self, d: (i32, i32)) {
        self.items[self.len] = d;
        self.len += 1;
    }

    fn iter(&self) -> std::slice::Iter<'_, (i32, i32)> {
        self.items[..self.len].iter()
    }
}

/// What a scan reads: each cell's move set (one byte the board keeps for every search; a
/// move's bit is set only if it stays on the board, enters a passable cell and, diagonally,
/// cuts no corner), so a scan never checks bounds or terrain itself.
#[derive(Clone)]
struct Scanner {
    board: std::sync::Arc<super::Board>,
    width: isize,
    goal: Pos,
    eight: bool,
}

impl Scanner {
    /// The scans of `problem`'s board towards its goal (the board's jump distances made
    /// now if they are not yet).
    fn of(problem: &GridProblem) -> Scanner {
        let board = problem.board();
        board.jump_distances();
        Scanner {
            board: board.clone(),
            width: board.width() as isize,
            goal: problem.goal,
            eight: problem.connectivity == Connectivity::Eight,
        }
    }

    fn index(&self, pos: Pos) -> usize {
        pos.y as usize * self.width as usize + pos.x as usize
    }

    /// Whether the cell at `index` can move by (`dx`, `dy`), by the board's `sets`.
    #[inline]
    fn can(sets: &[u8], index: usize, dx: i32, dy: i32) -> bool {
        sets[index] & bit(dx, dy) != 0
    }

    #[inline]
    fn neighbour(&self, index: usize, dx: i32, dy: i32) -> usize {
        (index as isize + dy as isize * self.width + dx as isize) as usize
    }

    /// The directions worth following from the cell at `index`, reached in direction
    /// `came` (all of them at the start): the natural and forced neighbours, as
    /// PathFinding.js prunes them.
    fn directions(&self, index: usize, came: Option<Pos>) -> Directions {
        let mut out = Directions::new();
        let sets = self.board.move_sets();
        let can = |dx: i32, dy: i32| Self::can(sets, index, dx, dy);
        let mut push = |d: (i32, i32)| {
            if can(d.0, d.1) {
                out.push(d);
            }
        };
        let Some(came) = came else {
            for d in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                push(d);
            }
            if self.eight {
                for d in [(1, -1), (1, 1), (-1, 1), (-1, -1)] {
                    push(d);
                }
            }
            return out;
        };
        let (dx, dy) = (came.x.signum(), came.y.signum());
        if !self.eight {
            if dx != 0 {
                push((0, -1));
                push((0, 1));
                push((dx, 0));
            } else {
                push((-1, 0));
                push((1, 0));
                push((0, dy));
            }
        } else if dx != 0 && dy != 0 {
            push((0, dy));
            push((dx, 0));
            // The diagonal's bit already asks for both sides open.
            push((dx, dy));
        } else if dx != 0 {
            if can(dx, 0) {
                push((dx, 0));
                push((dx, 1));
                push((dx, -1));
            }
            push((0, 1));
            push((0, -1));
        } else {
            if can(0, dy) {
                push((0, dy));
                push((1, dy));
                push((-1, dy));
            }
            push((1, 0));
            push((-1, 0));
        }
        out
    }

    /// Scans from `from` (at `index`) in direction `d` for the next jump point, recording
    /// the cells passed in `trail`.
    fn jump(&self, index: usize, from: Pos, d: (i32, i32), trail: &mut Trail) -> Option<Pos> {
        let (sets, table) = (self.board.move_sets(), self.board.jump_distances());
        match d {
            (0, _) if !self.eight => self.vertical(sets, table, index, from, d.1, trail),
            (_, 0) | (0, _) => self.straight(table, from, d, trail),
            _ => self.diagonal(sets, table, index, from, d, trail),
        }
    }

    /// A row or column scan, looked up: where it ends unless the goal comes first.
    fn straight(
        &self,
        table: &JumpDistances,
        from: Pos,
        (dx, dy): (i32, i32),
        trail: &mut Trail,
    ) -> Option<Pos> {
        // The orthogonal moves' places in MOVES: up, right, down, left.
        let direction = match (dx, dy) {
            (0, -1) => 0,
            (1, 0) => 1,
            (0, 1) => 2,
            _ => 3,
        };
        self.scan_end(table.get(direction, from), from, (dx, dy), trail)
    }

    /// Where a row or column scan from `from` ends, given its entry `ends` in the jump
    /// distances, unless the goal comes first; the cells passed go on `trail`.
    #[inline(always)]
    fn scan_end(
        &self,
        ends: i16,
        from: Pos,
        (dx, dy): (i32, i32),
        trail: &mut Trail,
    ) -> Option<Pos> {
        let ends = ends as i32;
        let reach = ends.abs();
        let to_goal = match (dx, dy) {
            (_, 0) if self.goal.y == from.y => (self.goal.x - from.x) * dx,
            (0, _) if self.goal.x == from.x => (self.goal.y - from.y) * dy,
            _ => 0,
        };
        let (steps, found) = if to_goal >= 1 && to_goal <= reach {
            (to_goal, true)
        } else {
            (reach, ends > 0)
        };
        if trail.on {
            for k in 1..=steps {
                let at = from.offset(dx * k, dy * k);
                trail.record(self.index(at), at);
            }
        }
        found.then(|| from.offset(dx * steps, dy * steps))
    }

    /// A diagonal scan (8 moves): step by step, stopping where a row or column scan from
    /// the cell would find a jump point (or the goal).
    fn diagonal(
        &self,
        sets: &[u8],
        table: &JumpDistances,
        index: usize,
        from: Pos,
        (dx, dy): (i32, i32),
        trail: &mut Trail,
    ) -> Option<Pos> {
        let step = bit(dx, dy);
        // The lines of the two scans each step makes, found once: the rows' scans along dx
        // (right 1, left 3) and the columns' along dy (up 0, down 2). A call to `straight`
        // for each was a fifth of JPS's time on Paris_1_256.
        let rows = table.lines(if dx > 0 { 1 } else { 3 });
        let columns = table.lines(if dy > 0 { 2 } else { 0 });
        let (mut at, mut i) = (from, index);
        loop {
            // Never cut a corner: a diagonal's bit asks for both orthogonal cells open.
            if sets[i] & step == 0 {
                return None;
            }
            i = self.neighbour(i, dx, dy);
            at = at.offset(dx, dy);
            trail.record(i, at);
            let (x, y) = (at.x as usize, at.y as usize);
            if at == self.goal
                || self.scan_end(rows[y][x], at, (dx, 0), trail).is_some()
                || self.scan_end(columns[x][y], at, (0, dy), trail).is_some()
            {
                return Some(at);
            }
        }
    }

    /// A column scan with 4 moves: step by step, stopping at a forced neighbour, the goal, or
    /// where a row scan from the cell would find a jump point.
    fn vertical(
        &self,
        sets: &[u8],
        table: &JumpDistances,
        index: usize,
        from: Pos,
        dy: i32,
        trail: &mut Trail,
    ) -> Option<Pos> {
        let step = bit(0, dy);
        let width = self.width as usize;
        let (mut at, mut i) = (from, index);
        loop {
            if sets[i] & step == 0 {
                return None;
            }
            i = self.neighbour(i, 0, dy);
            at = at.offset(0, dy);
            trail.record(i, at);
            if at == self.goal
                || forced(sets, width, i, 0, dy)
                || self.straight(table, at, (1, 0), trail).is_some()
                || self.straight(table, at, (-1, 0), trail).is_some()
            {
                return Some(at);
            }
        }
    }
}
