//! The feature-space search (FESS: Shoham & Schaeffer, "The FESS algorithm: a feature based
//! approach to single-agent search", 2020), the search of the portfolio that is guided by
//! what a position *is like* rather than by an estimate of the pushes left.
//!
//! Every position reached is kept in a tree, and filed in the *cell* of the feature space its
//! [`Features`] name (boxes packed in order, areas the boxes cut the level into, links between
//! rooms a box blocks, boxes out of plan). The search takes the cells in turn, the one
//! explored least first, and in that cell makes the cheapest move not yet made from any of
//! its positions; a move's weight is 0 when an *advisor* proposes it (it packs the next box,
//! opens an area or a link, puts right a box out of plan, or is a goal-room macro) and 1
//! otherwise, added up along the path from the start. So a position that opens something new
//! is tried at once, however far from the goals its pushes are, and no part of the feature
//! space is starved. The moves are pushes, carried through tunnels, and goal-room macros (see
//! [`moves`]); the deadlock tests of the other searches prune them as they do there.

pub mod features;
pub mod layout;
pub mod moves;
pub mod packing;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Arc;

use web_time::Instant;

use super::analysis::FAR;
use super::lurd::push_path_to_lurd;
use super::portfolio::{PortfolioReport, PortfolioSearch};
use super::push::{Position, Prunes, Pruning, Sokoban, one_changed};
use super::solve::{SolveOutcome, SolveReport, checked};
use crate::games::sokoban::level::Level;
use crate::grid::{Dir, Pos};
use crate::search::{Budget, Cost, Event};
use features::FeatureScratch;
pub use features::Features;
use layout::Layout;
use moves::{MoveKind, Mover, through_tunnel};

/// How many boxes, nearest first, the packing advisor tries to take to a goal.
const PACKING_TRIES: usize = 2;

/// The clock and the memory are looked at once per this many moves.
const CHECK_EVERY: usize = 128;

/// A move's weight when an advisor proposes it, and otherwise.
const ADVISED: u32 = 0;
const PLAIN: u32 = 1;

/// A position in the search tree.
#[derive(Clone, Debug)]
struct Node {
    position: Position,
    /// The node it was reached from (itself for the start), and the move that reached it.
    parent: u32,
    made: Made,
    /// The weights of the moves from the start.
    weight: u32,
}

/// A move, as the box it pushes first, the direction, and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Made {
    from: u16,
    dir: u8,
    kind: MoveKind,
}

impl Made {
    fn dir(self) -> Dir {
        Dir::ALL[self.dir as usize]
    }
}

/// A move not yet made, in its cell's queue: the lightest first, then the one whose
/// position's lower bound on pushes left is least.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Pending {
    weight: u32,
    bound: u32,
    /// The order the moves were found in, for a run that is the same on every machine.
    order: u32,
    node: u32,
    made: Made,
}

/// A cell's place in the queue of turns: the moves made from it, how promising it is (see
/// [`Features::rank`]), and which cell.
type Turn = (u64, (u16, u16, u16, u16), u32);

/// A cell of the feature space.
#[derive(Clone, Debug)]
struct Cell {
    features: Features,
    pending: BinaryHeap<Reverse<Pending>>,
    /// Moves made from its positions.
    moves_made: u64,
    /// Positions filed in it.
    positions: u64,
    /// Whether it is in the queue of cells.
    queued: bool,
}

/// What a move of a solution was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// One push.
    Push,
    /// A push carried through a tunnel.
    Tunnel,
    /// A box pushed into a goal room and on to its next goal.
    GoalRoom,
    /// A box pushed to the next goal in packing order (the packing advisor's move).
    Pack,
}

/// A move of a solution, with the pushes it is made of (the box's square before and after
/// each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionStep {
    pub kind: StepKind,
    pub pushes: Vec<(Pos, Pos)>,
}

/// A cell as the search sees it: its features, how many positions it holds, and how many
/// moves were made from them (for the watch view's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSummary {
    pub features: Features,
    pub positions: u64,
    pub moves_made: u64,
}

/// The feature-space search of one level, stepped one move at a time like the engine's
/// searches (each step an [`Event`]).
pub struct Fess {
    sokoban: Sokoban,
    layout: Arc<Layout>,
    /// Whether moves are carried through tunnels and goal-room macros are made.
    macros: bool,
    budget: Budget,
    nodes: Vec<Node>,
    known: HashMap<Position, u32>,
    cells: Vec<Cell>,
    cell_of: HashMap<Features, u32>,
    /// The cells with moves to make: the one with fewest moves made first, then the most
    /// promising (see [`Features::rank`]).
    turns: BinaryHeap<Reverse<Turn>>,
    found_order: u32,
    moves_made: usize,
    pending: usize,
    /// The node the last step added.
    last: Option<u32>,
    goal: Option<u32>,
    ended: Option<Event>,
    reported_end: bool,
    scratch: FeatureScratch,
    mover: Mover,
    successors: Vec<(Position, Cost)>,
}

impl Fess {
    /// The search of `sokoban`'s level (with its pruning and deadlock table), within
    /// `budget`'s states, memory and deadline.
    pub fn new(sokoban: Sokoban, budget: Budget) -> Fess {
        let pruning = sokoban.pruning;
        let layout = Layout::new(
            &sokoban.analysis,
            (sokoban.start_player(), sokoban.start_boxes()),
            pruning.packing_order,
        );
        let mut fess = Fess {
            layout: Arc::new(layout),
            macros: pruning.macros,
            budget,
            nodes: vec![],
            known: HashMap::new(),
            cells: vec![],
            cell_of: HashMap::new(),
            turns: BinaryHeap::new(),
            found_order: 0,
            moves_made: 0,
            pending: 0,
            last: None,
            goal: None,
            ended: None,
            reported_end: false,
            scratch: FeatureScratch::default(),
            mover: Mover::new(pruning.macros),
            successors: vec![],
            sokoban,
        };
        let start = fess.sokoban.push_start();
        let made = Made {
            from: 0,
            dir: 0,
            kind: MoveKind::Push,
        };
        if fess.sokoban.solved(&start.boxes) {
            fess.goal = Some(fess.add(start, 0, made, 0));
        } else if fess.sokoban.lower_bound(&start.boxes).is_finite() {
            let id = fess.add(start, 0, made, 0);
            fess.file_moves(id);
        }
        fess
    }

    /// The level's layout: its tunnels, rooms and packing order.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn sokoban(&self) -> &Sokoban {
        &self.sokoban
    }

    /// Moves made so far (the search's expansions).
    pub fn expansions(&self) -> usize {
        self.moves_made
    }

    /// Positions in the tree.
    pub fn stored(&self) -> usize {
        self.nodes.len()
    }

    pub fn prunes(&self) -> Prunes {
        self.sokoban.prunes()
    }

    /// Approximate bytes held: the tree, its index and the moves waiting.
    pub fn memory_bytes(&self) -> usize {
        let node = std::mem::size_of::<Node>() + std::mem::size_of::<(Position, u32)>() + 16;
        let heap: usize = (self.nodes.iter())
            .take(1)
            .map(|n| n.position.boxes.heap_bytes() * 2)
            .sum();
        self.nodes.len() * (node + heap)
            + self.pending * std::mem::size_of::<Pending>()
            + self.cells.len() * std::mem::size_of::<Cell>()
            + self.sokoban.deadlock_bytes()
    }

    /// Every cell so far, in the order they were first reached.
    pub fn cells(&self) -> Vec<CellSummary> {
        (self.cells.iter())
            .map(|c| CellSummary {
                features: c.features,
                positions: c.positions,
                moves_made: c.moves_made,
            })
            .collect()
    }

    /// Whether the search has reached `position`.
    pub fn knows(&self, position: &Position) -> bool {
        self.known.contains_key(position)
    }

    /// Calls `visit` with the position the last step added, if it added one.
    pub fn last_changed(&self, mut visit: impl FnMut(&Position)) {
        if let Some(id) = self.last {
            visit(&self.nodes[id as usize].position);
        }
    }

    /// The pushes from the start to `position`, one position per push (a macro's pushes
    /// each their own), if the search has reached it.
    pub fn route_to(&self, position: &Position) -> Option<Vec<Position>> {
        let mut id = *self.known.get(position)?;
        let mut chain = vec![];
        while self.nodes[id as usize].parent != id {
            chain.push(id);
            id = self.nodes[id as usize].parent;
        }
        let mut route = vec![self.nodes[id as usize].position.clone()];
        let mut mover = Mover::new(self.macros);
        for &id in chain.iter().rev() {
            let node = &self.nodes[id as usize];
            let parent = &self.nodes[node.parent as usize].position;
            let made = node.made;
            mover.play(
                &self.sokoban.analysis,
                &self.layout,
                parent,
                (made.from, made.dir()),
                made.kind,
                Some(&mut route),
            )?;
        }
        Some(route)
    }

    /// The solution as the search made it, once it is found: its moves, each with its kind
    /// and its pushes (a macro's several).
    pub fn solution_steps(&self) -> Option<Vec<SolutionStep>> {
        let mut id = self.goal?;
        let mut chain = vec![];
        while self.nodes[id as usize].parent != id {
            chain.push(id);
            id = self.nodes[id as usize].parent;
        }
        let analysis = &self.sokoban.analysis;
        let mut mover = Mover::new(self.macros);
        let mut steps = vec![];
        for &id in chain.iter().rev() {
            let node = &self.nodes[id as usize];
            let parent = &self.nodes[node.parent as usize].position;
            let made = node.made;
            let mut trail = vec![parent.clone()];
            mover.play(
                analysis,
                &self.layout,
                parent,
                (made.from, made.dir()),
                made.kind,
                Some(&mut trail),
            )?;
            let pushes: Vec<(Pos, Pos)> = (trail.windows(2))
                .filter_map(|pair| {
                    let (gone, to) = one_changed(&pair[0].boxes, &pair[1].boxes)?;
                    let from = pair[0].boxes[gone];
                    Some((
                        analysis.positions[from as usize],
                        analysis.positions[to as usize],
                    ))
                })
                .collect();
            let kind = match made.kind {
                MoveKind::Push if pushes.len() > 1 => StepKind::Tunnel,
                MoveKind::Push => StepKind::Push,
                MoveKind::GoalRoom => StepKind::GoalRoom,
                MoveKind::Pack(_) => StepKind::Pack,
            };
            steps.push(SolutionStep { kind, pushes });
        }
        Some(steps)
    }

    /// The pushes of the solution, one position per push, once it is found.
    pub fn path(&self) -> Option<Vec<Position>> {
        let goal = self.goal?;
        self.route_to(&self.nodes[goal as usize].position)
    }

    fn add(&mut self, position: Position, parent: u32, made: Made, weight: u32) -> u32 {
        let id = self.nodes.len() as u32;
        self.known.insert(position.clone(), id);
        self.nodes.push(Node {
            position,
            parent: if self.nodes.is_empty() { id } else { parent },
            made,
            weight,
        });
        id
    }

    /// Finds the moves of node `id`, weighs them with the advisors, and files them in the
    /// node's cell. A move that solves the level ends the search at once.
    fn file_moves(&mut self, id: u32) {
        let analysis = Arc::clone(&self.sokoban.analysis);
        let position = self.nodes[id as usize].position.clone();
        let weight = self.nodes[id as usize].weight;
        let features = self
            .scratch
            .features(&analysis, &self.layout, &position.boxes);
        // The successors' bounds start from this position's matching.
        self.sokoban.matching_bound(&position.boxes, true);
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        self.sokoban.pushes(&position, &mut successors);
        // Each move, with the position after it when the pushes found it already.
        let mut made_moves: Vec<(Made, Option<Position>)> = vec![];
        for (child, _) in &successors {
            let Some((gone, to)) = one_changed(&position.boxes, &child.boxes) else {
                continue;
            };
            let from = position.boxes[gone];
            let Some(dir) = Dir::between(
                analysis.positions[from as usize],
                analysis.positions[to as usize],
            ) else {
                continue;
            };
            let made = |kind| Made {
                from,
                dir: dir as u8,
                kind,
            };
            // A push that does not go on through a tunnel is the position the pushes found:
            // playing it again would only flood the player's reach a second time.
            let tunnel = self.macros && through_tunnel(&analysis, &self.layout, to, dir);
            made_moves.push((made(MoveKind::Push), (!tunnel).then(|| child.clone())));
            if self.macros && Mover::enters_goal_room(&self.layout, from, to) {
                made_moves.push((made(MoveKind::GoalRoom), None));
            }
        }
        self.successors = successors;
        let mut played: Vec<(Made, Position)> = vec![];
        for (made, after) in made_moves {
            if let Some(after) = after.or_else(|| self.play(&position, made)) {
                played.push((made, after));
            }
        }
        played.extend(self.packing_moves(&position));
        let mut moves: Vec<(Made, Features, u32)> = vec![];
        for (made, after) in played {
            if self.known.contains_key(&after) {
                continue;
            }
            if self.sokoban.solved(&after.boxes) {
                let goal = self.add(after, id, made, weight);
                self.goal = Some(goal);
                self.last = Some(goal);
                return;
            }
            let bound = self.sokoban.lower_bound(&after.boxes);
            if !bound.is_finite() {
                continue;
            }
            let after_features = self.scratch.features(&analysis, &self.layout, &after.boxes);
            moves.push((made, after_features, bound as u32));
        }
        let advised = advise(features, &moves);
        let cell = self.cell(features);
        for (i, &(made, _, bound)) in moves.iter().enumerate() {
            let pending = Pending {
                weight: weight + if advised[i] { ADVISED } else { PLAIN },
                bound,
                order: self.found_order,
                node: id,
                made,
            };
            self.found_order = self.found_order.wrapping_add(1);
            self.cells[cell as usize].pending.push(Reverse(pending));
            self.pending += 1;
        }
        self.cells[cell as usize].positions += 1;
        self.queue(cell);
    }

    /// The packing advisor's moves, each with the position it leads to: for each group's
    /// next goal in packing order, the box off the goals nearest it (by pushes, alone) that
    /// can be pushed there as the boxes stand, or failing that the next nearest.
    fn packing_moves(&mut self, position: &Position) -> Vec<(Made, Position)> {
        if !self.macros {
            return vec![];
        }
        let analysis = Arc::clone(&self.sokoban.analysis);
        let mut moves = vec![];
        for group in 0..self.layout.packing.len() {
            let Some(goal) = self.layout.next_goal(group, &position.boxes) else {
                continue;
            };
            let Ok(g) = analysis.goals.binary_search(&goal) else {
                continue;
            };
            let distance = &analysis.distance[g];
            let mut near: Vec<u16> = (position.boxes.iter().copied())
                .filter(|&b| !analysis.goal[b as usize] && distance[b as usize] != FAR)
                .collect();
            near.sort_by_key(|&b| (distance[b as usize], b));
            for &b in near.iter().take(PACKING_TRIES) {
                let made = Made {
                    from: b,
                    dir: 0,
                    kind: MoveKind::Pack(goal),
                };
                if let Some(after) = self.play(position, made) {
                    moves.push((made, after));
                    break;
                }
            }
        }
        moves
    }

    /// The position after `made` on `position`.
    fn play(&mut self, position: &Position, made: Made) -> Option<Position> {
        self.mover.play(
            &self.sokoban.analysis,
            &self.layout,
            position,
            (made.from, made.dir()),
            made.kind,
            None,
        )
    }

    /// The cell of `features`, made if it is new.
    fn cell(&mut self, features: Features) -> u32 {
        if let Some(&cell) = self.cell_of.get(&features) {
            return cell;
        }
        let cell = self.cells.len() as u32;
        self.cells.push(Cell {
            features,
            pending: BinaryHeap::new(),
            moves_made: 0,
            positions: 0,
            queued: false,
        });
        self.cell_of.insert(features, cell);
        cell
    }

    /// Puts `cell` in the queue of turns if it has moves to make and is not there already.
    fn queue(&mut self, cell: u32) {
        let c = &mut self.cells[cell as usize];
        if !c.queued && !c.pending.is_empty() {
            c.queued = true;
            self.turns
                .push(Reverse((c.moves_made, c.features.rank(), cell)));
        }
    }

    /// Makes the next move: the cheapest of the cell whose turn it is.
    fn step(&mut self) -> Event {
        if self.goal.is_some() {
            return Event::Found {
                goal: self.goal.unwrap_or(0),
            };
        }
        self.last = None;
        // Moves and positions are counted every move, the clock and memory read now and then.
        let now = self
            .moves_made
            .is_multiple_of(CHECK_EVERY)
            .then(Instant::now);
        if let Some(limit) = self.budget.exceeded(
            self.moves_made,
            self.nodes.len(),
            || self.memory_bytes(),
            now,
        ) {
            return Event::GaveUp(limit);
        }
        loop {
            let Some(Reverse((_, _, cell))) = self.turns.pop() else {
                return Event::Exhausted;
            };
            let c = &mut self.cells[cell as usize];
            c.queued = false;
            let Some(Reverse(pending)) = c.pending.pop() else {
                continue;
            };
            c.moves_made += 1;
            self.pending -= 1;
            self.moves_made += 1;
            self.queue(cell);
            let parent = self.nodes[pending.node as usize].position.clone();
            let Some(after) = self.play(&parent, pending.made) else {
                return self.expanded(pending.node, 0);
            };
            if self.known.contains_key(&after) {
                return self.expanded(pending.node, 0);
            }
            let id = self.add(after, pending.node, pending.made, pending.weight);
            self.last = Some(id);
            let before = self.pending;
            self.file_moves(id);
            if let Some(goal) = self.goal {
                return Event::Found { goal };
            }
            return self.expanded(id, self.pending - before);
        }
    }

    fn expanded(&self, node: u32, added: usize) -> Event {
        Event::Expanded {
            node,
            added,
            improved: 0,
        }
    }
}

/// Which of a position's `moves` (each with the features after it and its bound) the
/// advisors propose: a goal-room macro, and for each feature, the move that improves it most
/// (the one with the least bound among those that improve it as much).
fn advise(before: Features, moves: &[(Made, Features, u32)]) -> Vec<bool> {
    let mut advised: Vec<bool> = (moves.iter())
        .map(|(made, _, _)| made.kind != MoveKind::Push)
        .collect();
    let gains: [fn(Features, Features) -> i32; 4] = [
        |a, b| i32::from(b.packed) - i32::from(a.packed),
        |a, b| i32::from(a.connectivity) - i32::from(b.connectivity),
        |a, b| i32::from(a.room_links) - i32::from(b.room_links),
        |a, b| i32::from(a.out_of_plan) - i32::from(b.out_of_plan),
    ];
    for gain in gains {
        let best = (moves.iter().enumerate())
            .filter(|(_, (_, after, _))| gain(before, *after) > 0)
            .min_by_key(|(_, (_, after, bound))| (-gain(before, *after), *bound));
        if let Some((i, _)) = best {
            advised[i] = true;
        }
    }
    advised
}

impl Iterator for Fess {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if let Some(event) = self.ended {
            if self.reported_end {
                return None;
            }
            self.reported_end = true;
            return Some(event);
        }
        let event = self.step();
        if !matches!(event, Event::Expanded { .. }) {
            self.ended = Some(event);
            self.reported_end = true;
        }
        Some(event)
    }
}

/// Solves `level` with the feature-space search alone (`frontier sokoban --algo fess`), within
/// `budget`; the solution is replayed and checked before it is reported, with the moves the
/// search made.
pub fn solve_fess(level: &Level, budget: Budget, pruning: Pruning) -> PortfolioReport {
    let began = Instant::now();
    let mut sokoban = Sokoban::new(level);
    sokoban.pruning = pruning;
    let mut fess = Fess::new(sokoban, budget);
    let last = fess.by_ref().last();
    let outcome = match last {
        Some(Event::Found { .. }) => {
            let path = fess.path().unwrap_or_default();
            checked(
                level,
                push_path_to_lurd(level, &fess.sokoban.analysis, &path),
            )
        }
        Some(Event::GaveUp(limit)) => SolveOutcome::GaveUp(limit),
        // Its macros leave positions out: an end is no proof there is no solution.
        _ => SolveOutcome::GaveUp(crate::search::Limit::States(fess.stored())),
    };
    let solved = matches!(outcome, SolveOutcome::Solved { .. });
    PortfolioReport {
        report: SolveReport {
            outcome,
            expanded: fess.expansions(),
            stored: fess.stored(),
            elapsed: began.elapsed(),
            prunes: fess.prunes(),
            proven_bound: None,
        },
        steps: fess.solution_steps().filter(|_| solved),
        found_by: solved.then_some(PortfolioSearch::Fess),
        proven_optimal: false,
    }
}
