//! A level made ready to search (`Sokoban`: its squares, dead squares, distances and the
//! prunings' tables) and the states it is searched in (`Position`), with the successors at
//! the push level (a state is where the boxes are plus the region the player can walk to,
//! named by its first square, and a move is one push: the walking in between is free) and
//! at the move level (every single step, as in the classic teaching solver). The problem a
//! search runs on is in `problem.rs`, the pulls backwards from the goals in `pull.rs`.

use std::cell::RefCell;
use std::sync::{Arc, Mutex, MutexGuard};

use super::analysis::{Analysis, NONE};
use super::box_squares::BoxSquares;
use super::corral::{CorralScratch, Push, find_pi_corral, restrict};
use super::corral_deadlock::DeadlockTable;
use super::freeze_deadlock::frozen_off_goal;
use super::goal_walls::{FrozenCache, frozen_on_goals};
use super::matching::{IMPOSSIBLE, INCREMENTAL_FROM, Matcher, RecentMatchings, SavedMatching};
use super::reach::Reach;
use crate::games::sokoban::level::Level;
use crate::grid::Dir;
use crate::search::Cost;

/// A Sokoban search state: the boxes' squares (sorted) and where the player is. At the
/// push level that is the lowest-numbered square the player can reach (the name of the
/// player's region, since walking is free there); at the move level, the player's square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub boxes: BoxSquares,
    pub player: u16,
}

/// The level of detail of a search: one push per step, or one move per step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Detail {
    Pushes,
    Moves,
}

/// How many successors each kind of pruning removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prunes {
    /// Pushes onto a dead square.
    pub dead_squares: u64,
    /// Pushes that froze a box off a goal.
    pub freezes: u64,
    /// States the matching found hopeless (boxes that cannot all reach distinct goals).
    pub matchings: u64,
    /// Expansions where a PI-corral let the search skip every push outside it.
    pub corrals: u64,
    /// Expansions whose PI-corral's fence was proven dead (no successors at all).
    pub corral_deadlocks: u64,
    /// Pushes to positions that contain a learned deadlock pattern.
    pub learned_deadlocks: u64,
}

impl Prunes {
    /// What was pruned after `before` was read: the pruning of the steps in between.
    pub fn since(self, before: Prunes) -> Prunes {
        Prunes {
            dead_squares: self.dead_squares.saturating_sub(before.dead_squares),
            freezes: self.freezes.saturating_sub(before.freezes),
            matchings: self.matchings.saturating_sub(before.matchings),
            corrals: self.corrals.saturating_sub(before.corrals),
            corral_deadlocks: self
                .corral_deadlocks
                .saturating_sub(before.corral_deadlocks),
            learned_deadlocks: self
                .learned_deadlocks
                .saturating_sub(before.learned_deadlocks),
        }
    }
}

/// Buffers reused across expansions.
#[derive(Clone, Debug, Default)]
struct Scratch {
    occupied: Vec<bool>,
    reach: Reach,
    /// Where the player can stand before the pushes of the state being expanded.
    stand: Vec<bool>,
    pushes: Vec<Push>,
    corrals: CorralScratch,
    matcher: Matcher,
    frozen: Vec<u16>,
    unfrozen: Vec<u16>,
    frozen_tables: FrozenCache,
    /// The matching of the state being expanded, which its successors' bounds start from.
    parent: ParentMatching,
    recent: RecentMatchings,
}

/// The matching of a state, kept so that the bound of a state with one box moved costs one
/// augmenting path instead of a whole solve (see [`Matcher::replace_row`]). A push moves
/// one box, so every successor is such a state; with many boxes this is what keeps one
/// expansion from taking seconds.
#[derive(Clone, Debug, Default)]
struct ParentMatching {
    valid: bool,
    /// The matching's rows: the boxes not frozen on goals, sorted.
    rows: Vec<u16>,
    frozen: Vec<u16>,
    saved: SavedMatching,
    total: Option<i64>,
}

/// The most boxes in the fence of a corral other than the PI-corral that is checked for a
/// deadlock.
const MAX_OTHER_FENCE: usize = 6;

impl Scratch {
    /// Marks every square reachable from `from` without crossing boxes; returns the
    /// lowest-numbered one.
    fn flood(&mut self, analysis: &Analysis, from: u16) -> u16 {
        self.reach.flood(analysis, &self.occupied, from)
    }

    /// The player's region after the push from `from` to `to` (the player steps onto
    /// `from`), named by its lowest square. `stand` must hold the region before the push
    /// (named `region`) and `occupied` the boxes after it. Most pushes neither join two
    /// regions nor cut one in two, and then the new region is the old one with `from` added
    /// and `to` taken away, with no flood needed.
    fn region_after_push(&mut self, analysis: &Analysis, region: u16, from: u16, to: u16) -> u16 {
        let free = |s: u16| s != NONE && !self.occupied[s as usize];
        let joins_another_region = analysis.neighbours[from as usize]
            .iter()
            .any(|&n| free(n) && !self.stand[n as usize]);
        let may_cut =
            self.stand[to as usize] && (to == region || !ring_is_connected(analysis, to, free));
        if joins_another_region || may_cut {
            return self.flood(analysis, from);
        }
        let lowest = region.min(from);
        debug_assert_eq!(lowest, self.flood(analysis, from), "push {from} -> {to}");
        lowest
    }
}

/// Where sorted `child` differs from sorted `parent` in exactly one square: the index in
/// `parent` of the square that went, and the square that came instead.
pub(super) fn one_changed(parent: &[u16], child: &[u16]) -> Option<(usize, u16)> {
    if parent.len() != child.len() {
        return None;
    }
    let (mut gone, mut came) = (None, None);
    let (mut i, mut j) = (0, 0);
    while i < parent.len() || j < child.len() {
        let (a, b) = (parent.get(i), child.get(j));
        if a.is_some() && a == b {
            i += 1;
            j += 1;
        } else if b.is_none() || a.is_some_and(|a| Some(a) < b) {
            if gone.replace(i).is_some() {
                return None;
            }
            i += 1;
        } else {
            if came.replace(child[j]).is_some() {
                return None;
            }
            j += 1;
        }
    }
    gone.zip(came)
}

/// Whether the free squares beside `square` stay connected to one another around it (through
/// the diagonal squares) when `square` itself is blocked: then blocking it cuts no region.
fn ring_is_connected(analysis: &Analysis, square: u16, free: impl Fn(u16) -> bool) -> bool {
    let side = Dir::ALL.map(|d| analysis.next(square, d));
    let linked = |i: usize| {
        let (a, b) = (side[i], side[(i + 1) % 4]);
        free(a) && free(b) && free(analysis.next(a, Dir::ALL[(i + 1) % 4]))
    };
    let groups = (0..4)
        .filter(|&i| free(side[i]) && !linked((i + 3) % 4))
        .count();
    groups <= 1
}

/// The search problem a level poses, shared by both levels of detail. A clone is a snapshot,
/// its deadlock table too (a timeline's checkpoint must replay as the search went); only
/// [`Sokoban::sibling`] shares the table.
pub struct Sokoban {
    pub analysis: Arc<Analysis>,
    start_boxes: BoxSquares,
    start_player: u16,
    scratch: RefCell<Scratch>,
    prunes: RefCell<Prunes>,
    /// The prunings used (all, unless some are switched off to measure them).
    pub pruning: Pruning,
    /// What the PI-corral checks learn, and every position is matched against.
    deadlocks: SharedDeadlocks,
}

/// The prunings beyond dead squares, freezes and the matching, and the portfolio's searches
/// beyond A* and greedy, each of which can be switched off to measure what it buys
/// (`frontier sokoban --without NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Only the pushes into a PI-corral are tried (see [`super::corral`]).
    pub pi_corrals: bool,
    /// A PI-corral's fence is checked for a deadlock, and what is found is learned (see
    /// [`super::corral_deadlock`]).
    pub corral_deadlocks: bool,
    /// The portfolio and the hints run greedy pulling from the goals too (see [`Pull`]).
    pub pulling: bool,
    /// The portfolio joins a position reached from both ends into a solution.
    pub meeting: bool,
    /// The portfolio runs novel-first greedy pulling as well (see [`Pull::novel_first`]).
    pub novelty: bool,
    /// The portfolio runs the feature-space search as well (see [`super::fess`]).
    pub fess: bool,
    /// The feature-space search packs goal rooms in their packing order (see
    /// [`super::fess::layout`]).
    pub packing_order: bool,
    /// The feature-space search carries pushes through tunnels and makes goal-room macros
    /// (see [`super::fess::moves`]).
    pub macros: bool,
}

impl Pruning {
    pub const ALL: Pruning = Pruning {
        pi_corrals: true,
        corral_deadlocks: true,
        pulling: true,
        meeting: true,
        novelty: true,
        fess: true,
        packing_order: true,
        macros: true,
    };

    /// The names `--without` takes, each with what it switches off.
    pub const NAMES: [&str; 8] = [
        "pi-corrals",
        "corral-deadlocks",
        "pulling",
        "meeting",
        "novelty",
        "fess",
        "packing-order",
        "macros",
    ];

    /// Every pruning except those named in `list` (comma-separated [`Pruning::NAMES`]).
    pub fn without(list: &str) -> Result<Pruning, String> {
        let mut pruning = Pruning::ALL;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "pi-corrals" => pruning.pi_corrals = false,
                "corral-deadlocks" => pruning.corral_deadlocks = false,
                "pulling" => pruning.pulling = false,
                "meeting" => pruning.meeting = false,
                "novelty" => pruning.novelty = false,
                "fess" => pruning.fess = false,
                "packing-order" => pruning.packing_order = false,
                "macros" => pruning.macros = false,
                other => {
                    return Err(format!(
                        "unknown pruning \"{other}\" (known: {})",
                        Pruning::NAMES.join(", ")
                    ));
                }
            }
        }
        Ok(pruning)
    }
}

impl Default for Pruning {
    fn default() -> Self {
        Pruning::ALL
    }
}

/// A deadlock table the searches of one level can share (see [`Sokoban::sibling`]).
pub type SharedDeadlocks = Arc<Mutex<DeadlockTable>>;

impl Clone for Sokoban {
    fn clone(&self) -> Self {
        let table = self.lock_deadlocks().clone();
        Sokoban {
            analysis: Arc::clone(&self.analysis),
            start_boxes: self.start_boxes.clone(),
            start_player: self.start_player,
            scratch: self.scratch.clone(),
            prunes: self.prunes.clone(),
            pruning: self.pruning,
            deadlocks: Arc::new(Mutex::new(table)),
        }
    }
}

impl Sokoban {
    /// The problem of a level that passed [`Level::check`].
    pub fn new(level: &Level) -> Sokoban {
        let analysis = Arc::new(Analysis::new(level));
        let mut boxes: Vec<u16> = level.boxes().filter_map(|b| analysis.square(b)).collect();
        boxes.sort_unstable();
        let player = level.player.and_then(|p| analysis.square(p)).unwrap_or(0);
        let n = analysis.len();
        Sokoban {
            start_boxes: BoxSquares::new(&boxes),
            start_player: player,
            scratch: RefCell::new(Scratch {
                occupied: vec![false; n],
                ..Scratch::default()
            }),
            prunes: RefCell::new(Prunes::default()),
            pruning: Pruning::ALL,
            deadlocks: SharedDeadlocks::default(),
            analysis,
        }
    }

    /// The same level with the same pruning and the same deadlock table, for another search
    /// of it (the portfolio's searches learn together); its own buffers and counts.
    pub fn sibling(&self) -> Sokoban {
        let n = self.analysis.len();
        Sokoban {
            analysis: Arc::clone(&self.analysis),
            start_boxes: self.start_boxes.clone(),
            start_player: self.start_player,
            scratch: RefCell::new(Scratch {
                occupied: vec![false; n],
                ..Scratch::default()
            }),
            prunes: RefCell::new(Prunes::default()),
            pruning: self.pruning,
            deadlocks: Arc::clone(&self.deadlocks),
        }
    }

    /// The deadlock table this problem learns into and matches against.
    pub fn deadlocks(&self) -> &SharedDeadlocks {
        &self.deadlocks
    }

    /// Approximate bytes the deadlock table holds (a clone copies it).
    pub fn deadlock_bytes(&self) -> usize {
        self.lock_deadlocks().heap_bytes()
    }

    fn lock_deadlocks(&self) -> MutexGuard<'_, DeadlockTable> {
        // A search that panicked while holding it left nothing half-written that matters:
        // patterns are pushed whole.
        self.deadlocks.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Pruning done so far.
    pub fn prunes(&self) -> Prunes {
        *self.prunes.borrow()
    }

    /// The boxes' squares at the start of the level.
    pub fn start_boxes(&self) -> &BoxSquares {
        &self.start_boxes
    }

    pub fn start_player(&self) -> u16 {
        self.start_player
    }

    pub(super) fn solved(&self, boxes: &[u16]) -> bool {
        boxes.iter().all(|&b| self.analysis.goal[b as usize])
    }

    /// The matching lower bound on pushes left, or infinity for a dead end. Boxes frozen
    /// on goals count as walls (see [`super::frozen`]).
    pub(super) fn lower_bound(&self, boxes: &[u16]) -> Cost {
        self.matching_bound(boxes, false)
    }

    /// The bound of `boxes`; with `as_parent`, its matching is kept for the successors.
    pub(super) fn matching_bound(&self, boxes: &[u16], as_parent: bool) -> Cost {
        let analysis = &self.analysis;
        let mut guard = self.scratch.borrow_mut();
        let scratch = &mut *guard;
        let mut frozen = std::mem::take(&mut scratch.frozen);
        frozen.clear();
        if boxes.iter().any(|&b| analysis.goal[b as usize]) {
            for &b in boxes {
                scratch.occupied[b as usize] = true;
            }
            frozen_on_goals(analysis, &scratch.occupied, boxes, &mut frozen);
            for &b in boxes {
                scratch.occupied[b as usize] = false;
            }
        }
        let tables = (!frozen.is_empty()).then(|| scratch.frozen_tables.tables(analysis, &frozen));
        let (distance, goals) = match &tables {
            Some(t) => (&t.distance, t.goals.len()),
            None => (&analysis.distance, analysis.goals.len()),
        };
        let rows = &mut scratch.unfrozen;
        rows.clear();
        rows.extend(boxes.iter().filter(|b| frozen.binary_search(b).is_err()));
        let n = rows.len().min(goals);
        let far = |d: u16| match d {
            super::analysis::FAR => IMPOSSIBLE,
            d => d as i64,
        };
        let parent = &mut scratch.parent;
        let from_parent = parent.valid && !as_parent && n == rows.len() && parent.frozen == frozen;
        let changed_row = from_parent
            .then(|| one_changed(&parent.rows, rows))
            .flatten();
        let incremental = n == rows.len() && n >= INCREMENTAL_FROM;
        let recalled = (as_parent && incremental)
            .then(|| (scratch.recent).recall(rows, &frozen, &mut scratch.matcher))
            .flatten();
        let total = match changed_row {
            _ if from_parent && parent.rows == *rows => parent.total,
            _ if recalled.is_some() => recalled,
            Some((row, square)) => {
                scratch.matcher.restore(&parent.saved);
                let rows = &parent.rows;
                let total = (scratch.matcher).replace_row(n, row, |i, j| {
                    far(distance[j][if i == row { square } else { rows[i] } as usize])
                });
                // This successor's matching, for when it is expanded in turn.
                if let Some(total) = total {
                    let moved =
                        (rows.iter().enumerate()).map(|(i, &b)| if i == row { square } else { b });
                    (scratch.recent).remember(moved, &frozen, &scratch.matcher, total);
                }
                total
            }
            None => {
                let total =
                    (scratch.matcher).min_cost(n, |i, j| far(distance[j][rows[i] as usize]));
                if let Some(total) = total.filter(|_| incremental && !as_parent) {
                    (scratch.recent).remember(
                        rows.iter().copied(),
                        &frozen,
                        &scratch.matcher,
                        total,
                    );
                }
                total
            }
        };
        if as_parent {
            parent.valid = incremental;
            parent.rows.clone_from(rows);
            parent.frozen.clone_from(&frozen);
            parent.total = total;
            scratch.matcher.save(&mut parent.saved);
        }
        scratch.frozen = frozen;
        match total {
            Some(total) => total as Cost,
            None => {
                if !as_parent {
                    self.prunes.borrow_mut().matchings += 1;
                }
                Cost::INFINITY
            }
        }
    }

    /// Whether a push from `from` to `to` is pruned (dead square or freeze), counting why.
    /// `occupied` must already show the box on `to`.
    fn pruned(&self, occupied: &[bool], to: u16) -> bool {
        if self.analysis.dead[to as usize] {
            self.prunes.borrow_mut().dead_squares += 1;
            return true;
        }
        if frozen_off_goal(&self.analysis, occupied, to) {
            self.prunes.borrow_mut().freezes += 1;
            return true;
        }
        false
    }
}

impl Sokoban {
    /// The start at the push level: the player's region named by its lowest square.
    pub(super) fn push_start(&self) -> Position {
        let sokoban = self;
        let mut scratch = sokoban.scratch.borrow_mut();
        for &b in sokoban.start_boxes.iter() {
            scratch.occupied[b as usize] = true;
        }
        let player = scratch.flood(&sokoban.analysis, sokoban.start_player);
        for &b in sokoban.start_boxes.iter() {
            scratch.occupied[b as usize] = false;
        }
        Position {
            boxes: sokoban.start_boxes.clone(),
            player,
        }
    }

    /// The successors at the push level: every push the player can walk to and make,
    /// less those the PI-corral rule skips and those pruned.
    pub(super) fn pushes(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        let sokoban = self;
        let analysis = &sokoban.analysis;
        let mut guard = sokoban.scratch.borrow_mut();
        let scratch = &mut *guard;
        for &b in state.boxes.iter() {
            scratch.occupied[b as usize] = true;
        }
        scratch.flood(analysis, state.player);
        // Keep the reach marks: the floods for the successors reuse the mark buffer.
        let Scratch { reach, stand, .. } = scratch;
        stand.clear();
        stand.extend((0..analysis.len() as u16).map(|s| reach.reached(s)));
        let mut pushes = std::mem::take(&mut scratch.pushes);
        pushes.clear();
        for &b in state.boxes.iter() {
            for dir in Dir::ALL {
                let behind = analysis.next(b, dir.opposite());
                let to = analysis.next(b, dir);
                if behind != NONE
                    && scratch.stand[behind as usize]
                    && to != NONE
                    && !scratch.occupied[to as usize]
                {
                    pushes.push((b, dir, to));
                }
            }
        }
        let pruning = sokoban.pruning;
        let corral = (pruning.pi_corrals || pruning.corral_deadlocks)
            .then(|| {
                find_pi_corral(
                    analysis,
                    &scratch.occupied,
                    &scratch.stand,
                    &state.boxes,
                    &mut scratch.corrals,
                )
            })
            .flatten();
        let mut deadlocks = pruning.corral_deadlocks.then(|| sokoban.lock_deadlocks());
        if let Some(table) = deadlocks.as_mut() {
            // Every corral that is not solved, the PI-corral whatever its fence, the others
            // only with small fences: checking those found Microban 153's solution, and the
            // big fences of the others cost more than they found (measured on Grigr2001).
            let corrals = &scratch.corrals;
            let dead = corrals.unsolved.iter().any(|&id| {
                let max_fence = if Some(id) == corral {
                    usize::MAX
                } else {
                    MAX_OTHER_FENCE
                };
                let interior = |s| corrals.in_corral(s, id);
                table.corral_is_dead(
                    analysis,
                    &scratch.occupied,
                    state.player,
                    interior,
                    max_fence,
                )
            });
            if dead {
                sokoban.prunes.borrow_mut().corral_deadlocks += 1;
                pushes.clear();
            }
        }
        if let Some(id) = corral.filter(|_| pruning.pi_corrals)
            && restrict(&mut pushes, id, &scratch.corrals)
        {
            sokoban.prunes.borrow_mut().corrals += 1;
        }
        for &(b, _, to) in &pushes {
            scratch.occupied[b as usize] = false;
            scratch.occupied[to as usize] = true;
            if !sokoban.pruned(&scratch.occupied, to) {
                let player = scratch.region_after_push(analysis, state.player, b, to);
                let boxes = state.boxes.moved(b, to);
                if deadlocks
                    .as_mut()
                    .is_some_and(|table| table.matches_after_push(&boxes, player, to))
                {
                    sokoban.prunes.borrow_mut().learned_deadlocks += 1;
                } else {
                    out.push((Position { boxes, player }, 1.0));
                }
            }
            scratch.occupied[to as usize] = false;
            scratch.occupied[b as usize] = true;
        }
        scratch.pushes = pushes;
        for &b in state.boxes.iter() {
            scratch.occupied[b as usize] = false;
        }
    }

    /// The successors at the move level: a step, or a push, in each direction.
    pub(super) fn moves(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        let sokoban = self;
        let analysis = &sokoban.analysis;
        for dir in Dir::ALL {
            let next = analysis.next(state.player, dir);
            if next == NONE {
                continue;
            }
            if state.boxes.binary_search(&next).is_err() {
                out.push((
                    Position {
                        boxes: state.boxes.clone(),
                        player: next,
                    },
                    1.0,
                ));
                continue;
            }
            let to = analysis.next(next, dir);
            if to == NONE || state.boxes.binary_search(&to).is_ok() {
                continue;
            }
            let mut scratch = sokoban.scratch.borrow_mut();
            for &b in state.boxes.iter() {
                scratch.occupied[b as usize] = b != next;
            }
            scratch.occupied[to as usize] = true;
            let keep = !sokoban.pruned(&scratch.occupied, to);
            for &b in state.boxes.iter() {
                scratch.occupied[b as usize] = false;
            }
            scratch.occupied[to as usize] = false;
            drop(scratch);
            if keep {
                out.push((
                    Position {
                        boxes: state.boxes.moved(next, to),
                        player: next,
                    },
                    1.0,
                ));
            }
        }
    }
}
