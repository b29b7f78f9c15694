//! The classic D* Lite demonstration, a robot that learns the board as it walks.

use std::sync::Arc;

use super::DStarLite;
use crate::games::sandbox::{Board, GridProblem};
use crate::grid::Pos;
use crate::search::Run;

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

impl crate::search::Ending for RobotMove {
    fn ends_run(&self) -> bool {
        self.end.is_some()
    }
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
