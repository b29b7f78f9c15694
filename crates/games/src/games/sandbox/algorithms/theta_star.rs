//! Theta* (Nash, Daniel, Koenig and Felner 2007, "Theta*: Any-Angle Path Planning on
//! Grids"): A* whose paths are not bound to the grid's eight directions. When it reaches a
//! neighbour m of n, it first asks whether n's own parent sees m; if so, m hangs from that
//! parent by one straight segment (path 2), otherwise from n by one move (path 1, as A*).
//! Every step's line-of-sight checks are kept for the board to draw.
//!
//! Path 2 is only taken when it is no dearer than path 1 would be through the same parent
//! (a straight segment is never longer than the two it replaces), so with a heuristic that
//! is consistent for the grid's moves the path is never longer than the grid's cheapest
//! one; it is not always the shortest any-angle path.
//!
//! A segment's cost is its length times the board's one step cost, so Theta* runs only on
//! boards where every passable cell costs the same (elsewhere A* runs instead). A line of
//! sight must not touch a wall: a segment passing exactly through a corner needs all four
//! cells there open, as a diagonal move needs both cells beside it.

use super::listing::{Moment::*, key};
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::games::sandbox::GridProblem;
use crate::games::sandbox::cell_nodes::{CellNode, CellNodes};
use crate::games::sandbox::grid_search::{GridSearch, SightCheck};
use crate::grid::Pos;
use crate::search::predict::{Measure, Ranking};
use crate::search::{
    Algorithm, Budget, Cost, Event, NodeId, NodeView, NodeVisitor, Problem, Run, Search, Side, Step,
};

pub static THETA_STAR: Descriptor = Descriptor {
    code: "theta",
    name: "Theta*",
    name_key: "algo-theta",
    kind_key: "algo-theta",
    listing: &[
        key("code-theta-1", &[Start]),
        key("code-while-open", &[]),
        key("code-theta-3", &[Found, Grew, Stayed]),
        key("code-theta-4", &[Found]),
        key("code-mark-visited", &[]),
        key("code-for-each-neighbour", &[Stayed]),
        key("code-theta-7", &[Grew, Stayed]),
        key("code-theta-8", &[]),
        key("code-theta-9", &[]),
        key("code-theta-10", &[Grew]),
        key("code-no-path", &[Exhausted]),
    ],
    ranking: Ranking::Lowest(Measure::F),
    rule_key: "predict-rule-theta",
    guarantees: Guarantees {
        // Never longer than the grid's cheapest path, but not the cheapest any-angle one.
        cheapest: false,
        heuristic: true,
    },
    shape: Shape::Own,
    capabilities: Capabilities {
        sight_lines: true,
        any_angle: true,
        uniform_costs_only: true,
        ..Capabilities::NONE
    },
    build: |problem, options| match ThetaStar::new(problem.clone(), options.budget) {
        Some(theta) => Box::new(theta),
        None => Box::new(Search::new(problem, Algorithm::AStar).with_budget(options.budget)),
    },
};

/// A Theta* search over a board of one step cost, one cell expanded a step.
#[derive(Clone)]
pub struct ThetaStar {
    problem: GridProblem,
    /// The one step cost of every passable cell.
    step: Cost,
    nodes: CellNodes,
    sights: Vec<SightCheck>,
    last_expanded: Option<Pos>,
    last_changed: Vec<Pos>,
    successors: Vec<(Pos, Cost)>,
    expansions: usize,
    budget: Budget,
    ended: Option<Step>,
    found: Option<(Vec<Pos>, Cost)>,
}

impl ThetaStar {
    /// Theta* on `problem`'s board; `None` when the board has more than one step cost.
    pub fn new(problem: GridProblem, budget: Budget) -> Option<ThetaStar> {
        let step = problem.uniform_cost()?;
        let board = problem.board();
        let mut nodes = CellNodes::new(board.width(), board.height());
        let start = problem.start;
        if problem.step_cost(start).is_some() {
            nodes.reach(start, 0.0, problem.heuristic(&start), None);
        }
        Some(ThetaStar {
            step,
            nodes,
            sights: vec![],
            last_expanded: None,
            last_changed: vec![],
            successors: vec![],
            expansions: 0,
            budget,
            ended: None,
            found: None,
            problem,
        })
    }

    /// The straight-line distance from `a` to `b`, priced by the step cost.
    fn segment_cost(&self, a: Pos, b: Pos) -> Cost {
        let (dx, dy) = ((b.x - a.x) as f64, (b.y - a.y) as f64);
        (dx * dx + dy * dy).sqrt() * self.step
    }

    fn end(&mut self, event: Event) -> Option<Step> {
        let step = Step {
            side: Side::Forward,
            event,
        };
        self.ended = Some(step);
        Some(step)
    }
}

/// Whether the segment between the centres of `from` and `to` touches no cell that
/// `open` refuses. It walks every cell the segment passes through, in order; where it
/// passes exactly through a corner, the two cells beside the corner are checked as well.
pub fn line_of_sight(from: Pos, to: Pos, open: impl Fn(Pos) -> bool) -> bool {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let (nx, ny) = (i64::from(dx.abs()), i64::from(dy.abs()));
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut at = from;
    if !open(at) {
        return false;
    }
    let (mut ix, mut iy) = (0i64, 0i64);
    while ix < nx || iy < ny {
        // Which cell border the segment crosses next: the vertical one at (ix + 1/2) / nx
        // of the way, or the horizontal one at (iy + 1/2) / ny.
        let next = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
        if next == 0 {
            if !open(at.offset(sx, 0)) || !open(at.offset(0, sy)) {
                return false;
            }
            at = at.offset(sx, sy);
            ix += 1;
            iy += 1;
        } else if next < 0 {
            at = at.offset(sx, 0);
            ix += 1;
        } else {
            at = at.offset(0, sy);
            iy += 1;
        }
        if !open(at) {
            return false;
        }
    }
    true
}

impl Run for ThetaStar {
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
        self.sights.clear();
        self.last_changed.clear();
        let Some(index) = self.nodes.pop() else {
            return self.end(Event::Exhausted);
        };
        let pos = self.nodes.pos(index);
        let Some(&CellNode { g, parent, .. }) = self.nodes.at(index) else {
            return self.end(Event::Exhausted);
        };
        self.expansions += 1;
        self.last_expanded = Some(pos);
        if self.problem.is_goal(&pos) {
            self.found = Some((self.nodes.parents_to(pos), g));
            return self.end(Event::Found {
                goal: index as NodeId,
            });
        }
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        self.problem.successors(&pos, &mut successors);
        let (mut added, mut improved) = (0, 0);
        for &(next, cost) in &successors {
            let known = self.nodes.get(next).copied();
            if known.is_some_and(|n| n.closed) {
                continue;
            }
            let through_parent = parent.filter(|&p| {
                let clear = line_of_sight(p, next, |c| self.problem.step_cost(c).is_some());
                self.sights.push(SightCheck {
                    from: p,
                    to: next,
                    clear,
                });
                clear
            });
            let (candidate, from) = match through_parent {
                Some(p) => {
                    let parent_g = self.nodes.get(p).map_or(0.0, |n| n.g);
                    (parent_g + self.segment_cost(p, next), p)
                }
                None => (g + cost, pos),
            };
            if known.is_some_and(|n| n.g <= candidate + 1e-12) {
                continue;
            }
            if known.is_some() {
                improved += 1;
            } else {
                added += 1;
            }
            let h = known.map_or_else(|| self.problem.heuristic(&next), |n| n.h);
            self.nodes.reach(next, candidate, h, Some(from));
            self.last_changed.push(next);
        }
        self.successors = successors;
        Some(Step {
            side: Side::Forward,
            event: Event::Expanded {
                node: index as NodeId,
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
        self.nodes.bytes()
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
        for pos in self.last_expanded.iter().chain(&self.last_changed) {
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

impl GridSearch for ThetaStar {
    fn status(&self, pos: Pos) -> Option<(crate::search::Side, crate::search::NodeStatus)> {
        Some((crate::search::Side::Forward, self.nodes.status(pos)?))
    }

    fn sight_checks(&self) -> &[SightCheck] {
        &self.sights
    }
}
