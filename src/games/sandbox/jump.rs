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

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use super::{Connectivity, GridProblem};
use crate::grid::Pos;
use crate::search::{
    Budget, Cost, Event, NodeId, NodeStatus, NodeView, NodeVisitor, Problem, Run, Side, Step,
};

/// Whether JPS can run on `problem`'s board: only when every passable cell costs the same
/// (jumping over cells assumes a straight run costs its length).
pub fn available(problem: &GridProblem) -> bool {
    problem.uniform_cost().is_some()
}

/// No node at a cell.
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    g: Cost,
    h: Cost,
    parent: Option<Pos>,
    closed: bool,
}

/// An entry of the open list: lowest f first, then the newest.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Open {
    f: Cost,
    order: u64,
    index: usize,
}

impl Eq for Open {}

impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .total_cmp(&self.f)
            .then(self.order.cmp(&other.order))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A Jump Point Search over a board of one step cost, one jump point expanded a step.
#[derive(Clone)]
pub struct JumpSearch {
    problem: GridProblem,
    /// The one step cost of every passable cell.
    step: Cost,
    width: usize,
    /// The jump points found, by cell: `slot[cell]` is the place in `nodes` (`NONE` for
    /// none). A board-sized array of whole nodes would cost more to clear than a search on
    /// a small map takes; four bytes a cell do not.
    slot: Vec<u32>,
    nodes: Vec<Node>,
    open: BinaryHeap<Open>,
    order: u64,
    /// Cells a jump scan has passed over, and those the latest expansion scanned (kept
    /// only while `trail` is on).
    scanned: Vec<bool>,
    trail: bool,
    last_scanned: Vec<Pos>,
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
        let mut search = JumpSearch {
            step,
            width,
            slot: vec![NONE; width * height],
            nodes: vec![],
            open: BinaryHeap::new(),
            order: 0,
            scanned: vec![false; width * height],
            trail: true,
            last_scanned: vec![],
            last_expanded: None,
            last_added: vec![],
            expansions: 0,
            budget: Budget::UNLIMITED,
            ended: None,
            found: None,
            problem,
        };
        let start = search.problem.start;
        if search.walkable(start) {
            let h = search.problem.heuristic(&start);
            search.add(start, 0.0, h, None);
        }
        Some(search)
    }

    /// The same search without recording the cells each jump scans (for headless runs,
    /// where nothing draws the trail).
    pub fn without_trail(mut self) -> Self {
        self.trail = false;
        self
    }

    /// The same search within `budget`.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        let board = self.problem.board();
        (pos.x >= 0 && pos.y >= 0 && (pos.x as usize) < board.width())
            .then_some(())
            .filter(|_| (pos.y as usize) < board.height())
            .map(|_| pos.y as usize * self.width + pos.x as usize)
    }

    fn node_at(&self, cell: usize) -> Option<Node> {
        match self.slot[cell] {
            NONE => None,
            at => Some(self.nodes[at as usize]),
        }
    }

    fn walkable(&self, pos: Pos) -> bool {
        self.problem.step_cost(pos).is_some()
    }

    fn eight(&self) -> bool {
        self.problem.connectivity == Connectivity::Eight
    }

    fn add(&mut self, pos: Pos, g: Cost, h: Cost, parent: Option<Pos>) {
        let Some(index) = self.index(pos) else {
            return;
        };
        let node = Node {
            g,
            h,
            parent,
            closed: false,
        };
        match self.slot[index] {
            NONE => {
                self.slot[index] = self.nodes.len() as u32;
                self.nodes.push(node);
            }
            at => self.nodes[at as usize] = node,
        }
        self.order += 1;
        self.open.push(Open {
            f: g + h,
            order: self.order,
            index,
        });
    }

    fn pos(&self, index: usize) -> Pos {
        Pos::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// The cost of a straight or diagonal run from `a` to `b`.
    fn distance(&self, a: Pos, b: Pos) -> Cost {
        let (dx, dy) = ((a.x - b.x).abs() as Cost, (a.y - b.y).abs() as Cost);
        self.step * (dx.max(dy) - dx.min(dy) + SQRT_2 * dx.min(dy))
    }

    /// The directions worth following from `pos`, reached from `parent` (all of them at the
    /// start): the natural and forced neighbours, as PathFinding.js prunes them.
    fn directions(&self, pos: Pos, parent: Option<Pos>) -> Vec<(i32, i32)> {
        let open = |dx: i32, dy: i32| self.walkable(pos.offset(dx, dy));
        let Some(parent) = parent else {
            let mut all: Vec<(i32, i32)> = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                .into_iter()
                .filter(|&(dx, dy)| open(dx, dy))
                .collect();
            if self.eight() {
                for (dx, dy) in [(1, -1), (1, 1), (-1, 1), (-1, -1)] {
                    if open(dx, 0) && open(0, dy) && open(dx, dy) {
                        all.push((dx, dy));
                    }
                }
            }
            return all;
        };
        let (dx, dy) = ((pos.x - parent.x).signum(), (pos.y - parent.y).signum());
        let mut out = vec![];
        let mut push = |d: (i32, i32)| {
            if open(d.0, d.1) {
                out.push(d);
            }
        };
        if !self.eight() {
            if dx != 0 {
                push((0, -1));
                push((0, 1));
                push((dx, 0));
            } else {
                push((-1, 0));
                push((1, 0));
                push((0, dy));
            }
            return out;
        }
        if dx != 0 && dy != 0 {
            let (vertical, horizontal) = (open(0, dy), open(dx, 0));
            push((0, dy));
            push((dx, 0));
            if vertical && horizontal {
                push((dx, dy));
            }
        } else if dx != 0 {
            let (next, below, above) = (open(dx, 0), open(0, 1), open(0, -1));
            if next {
                push((dx, 0));
                if below {
                    push((dx, 1));
                }
                if above {
                    push((dx, -1));
                }
            }
            push((0, 1));
            push((0, -1));
        } else {
            let (next, right, left) = (open(0, dy), open(1, 0), open(-1, 0));
            if next {
                push((0, dy));
                if right {
                    push((1, dy));
                }
                if left {
                    push((-1, dy));
                }
            }
            push((1, 0));
            push((-1, 0));
        }
        out
    }

    /// Scans from `from` in direction (`dx`, `dy`) for the next jump point, recording the
    /// cells passed.
    fn jump(&mut self, from: Pos, dx: i32, dy: i32) -> Option<Pos> {
        let mut at = from.offset(dx, dy);
        loop {
            if !self.walkable(at) {
                return None;
            }
            if self.trail {
                if let Some(i) = self.index(at) {
                    self.scanned[i] = true;
                }
                self.last_scanned.push(at);
            }
            if at == self.problem.goal {
                return Some(at);
            }
            if self.forced(at, dx, dy) {
                return Some(at);
            }
            // A diagonal scan (8 moves), or a vertical one (4 moves), stops where a scan to
            // the side would find a jump point.
            let sideways: &[(i32, i32)] = match (self.eight(), dx != 0, dy != 0) {
                (true, true, true) => &[(dx, 0), (0, dy)],
                (false, false, true) => &[(1, 0), (-1, 0)],
                _ => &[],
            };
            for &(sx, sy) in sideways {
                if self.jump(at, sx, sy).is_some() {
                    return Some(at);
                }
            }
            // Never cut a corner: both orthogonal neighbours must be open to go on.
            if self.eight() && !(self.open(at, dx, 0) && self.open(at, 0, dy)) {
                return None;
            }
            at = at.offset(dx, dy);
        }
    }

    fn open(&self, at: Pos, dx: i32, dy: i32) -> bool {
        self.walkable(at.offset(dx, dy))
    }

    /// Whether a straight scan in (`dx`, `dy`) reaching `at` finds a forced neighbour there:
    /// a free cell beside it whose way back is walled, so a path may turn at `at`.
    fn forced(&self, at: Pos, dx: i32, dy: i32) -> bool {
        let open = |x: i32, y: i32| self.open(at, x, y);
        if dx != 0 && dy != 0 {
            false
        } else if dx != 0 {
            (open(0, -1) && !open(-dx, -1)) || (open(0, 1) && !open(-dx, 1))
        } else {
            (open(-1, 0) && !open(-1, -dy)) || (open(1, 0) && !open(1, -dy))
        }
    }

    /// The path cell by cell: each run between jump points filled in.
    fn fill_in(&self, goal: Pos) -> Vec<Pos> {
        let mut points = vec![goal];
        let mut at = goal;
        while let Some(parent) = self
            .index(at)
            .and_then(|i| self.node_at(i))
            .and_then(|n| n.parent)
        {
            points.push(parent);
            at = parent;
        }
        points.reverse();
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
        self.index(pos).is_some_and(|i| self.scanned[i])
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
            .exceeded(self.expansions, self.open.len(), bytes, None)
        {
            return self.end(Event::GaveUp(limit));
        }
        self.last_scanned.clear();
        self.last_added.clear();
        let current = loop {
            let Some(entry) = self.open.pop() else {
                return self.end(Event::Exhausted);
            };
            let Some(node) = self.node_at(entry.index) else {
                continue;
            };
            // A stale entry: the node was closed, or reached more cheaply since.
            if node.closed || (node.g + node.h - entry.f).abs() > 1e-9 {
                continue;
            }
            break entry.index;
        };
        let pos = self.pos(current);
        self.expansions += 1;
        self.last_expanded = Some(pos);
        let Some(node) = self.nodes.get_mut(self.slot[current] as usize) else {
            return self.end(Event::Exhausted);
        };
        node.closed = true;
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
        for (dx, dy) in self.directions(pos, parent) {
            let Some(point) = self.jump(pos, dx, dy) else {
                continue;
            };
            let Some(index) = self.index(point) else {
                continue;
            };
            let through = g + self.distance(pos, point);
            match self.node_at(index) {
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
        self.nodes.iter().filter(|n| !n.closed).count()
    }

    fn visited_len(&self) -> usize {
        self.nodes.iter().filter(|n| n.closed).count()
    }

    fn memory_bytes(&self) -> usize {
        self.slot.len() * 5
            + self.nodes.len() * std::mem::size_of::<Node>()
            + self.open.len() * std::mem::size_of::<Open>()
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
        for pos in self.last_added.iter().chain(&self.last_scanned) {
            visit(pos);
        }
    }

    fn node(&self, pos: &Pos) -> Option<NodeView<Pos>> {
        let node = self.node_at(self.index(*pos)?)?;
        let mut depth = 0;
        let mut at = node.parent;
        while let Some(p) = at {
            depth += 1;
            at = self
                .index(p)
                .and_then(|i| self.node_at(i))
                .and_then(|n| n.parent);
        }
        Some(NodeView {
            side: Side::Forward,
            status: if node.closed {
                NodeStatus::Visited
            } else {
                NodeStatus::Frontier
            },
            g: node.g,
            h: node.h,
            f: node.g + node.h,
            parent: node.parent,
            depth,
        })
    }

    fn for_each_node(&self, visit: &mut NodeVisitor<'_, Pos>) {
        for index in 0..self.slot.len() {
            let pos = self.pos(index);
            if let Some(view) = self.node(&pos) {
                visit(&pos, &view);
            }
        }
    }

    fn scanned(&self, pos: &Pos) -> bool {
        JumpSearch::scanned(self, *pos)
    }
}
