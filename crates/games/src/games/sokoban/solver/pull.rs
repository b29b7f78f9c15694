//! Searching backwards: start with every box on a goal and *pull* boxes, one square at a time,
//! until they stand where the level starts them. Read backwards, each pull is a push, so a
//! path of pulls is a solution. Levels whose goals are a packed room with one door are hard
//! forwards (the room must be filled in the right order, and most orders end in a deadlock)
//! and easy backwards, where the box nearest the door can always be pulled out first. The
//! other way round, a start whose boxes are packed tight is hard backwards: the two
//! directions fail on different levels, and where the searches of both reach one position
//! the portfolio joins their halves (see [`super::lurd::meeting_to_lurd`]).
//!
//! A state is a [`Position`] as at the push level (the player's region named by its lowest
//! square). The search begins at a state that stands for "every box on a goal, the player
//! anywhere", whose successors are the same boxes with the player in each region around them
//! (at no cost); a state is a goal when the boxes are on their start squares and the player's
//! region holds the player's start.

use std::cell::RefCell;
use std::sync::Arc;

use super::analysis::{Analysis, FAR, NONE, push_distances};
use super::box_squares::BoxSquares;
use super::matching::{IMPOSSIBLE, INCREMENTAL_FROM, Matcher, RecentMatchings, SavedMatching};
use super::novelty::Novelty;
use super::push::{Position, Sokoban, one_changed};
use super::reach::Reach;
use crate::grid::Dir;
use crate::search::Cost;

/// What the novel-first search adds to its estimate for each box off the targets that the
/// player cannot walk up to, and for a position that is not novel (which puts it behind every
/// novel one). Measured on Grigr2001, pulling alone: with both, level 40 is solved in 94,000
/// expansions (0.7 s), which neither plain pulling nor novelty alone solves in 10 s, and level
/// 1 in 215,000 (4.9 s; 10 s were not enough with novelty not split by the boxes home).
const UNTOUCHABLE: Cost = 2.0;
const NOT_NOVEL: Cost = 10_000.0;

/// Whether `state` is the search's first, with the player anywhere: its player square is
/// one under a box, which no region (of free squares) is named by.
fn anywhere(state: &Position) -> bool {
    state.boxes.binary_search(&state.player).is_ok()
}

/// What a search of pulls needs besides the level: where the boxes must end up, and how far
/// each square is from each of those squares by pulls.
#[derive(Clone, Debug)]
pub struct Pull {
    analysis: Arc<Analysis>,
    /// The start squares of the boxes: the pull search's goals.
    targets: BoxSquares,
    start_player: u16,
    /// distance[t][s]: pulls to bring a lone box from square s to target number t.
    distance: Vec<Vec<u16>>,
    /// A box here can never be pulled to any target.
    dead: Vec<bool>,
    /// Set for the novel-first search (see [`Pull::novel_first`]).
    novelty: Option<RefCell<Novelty>>,
    scratch: RefCell<PullScratch>,
}

#[derive(Clone, Debug, Default)]
struct PullScratch {
    occupied: Vec<bool>,
    reach: Reach,
    /// (box, the square it is pulled to, where the player ends) of the state expanded.
    pulls: Vec<(u16, u16, u16)>,
    matcher: Matcher,
    /// The boxes of the state expanded last and their matching: each successor moved one
    /// box, so its bound is one augmenting path away (as at the push level, see `push.rs`).
    parent: Vec<u16>,
    parent_matching: SavedMatching,
    parent_valid: bool,
    recent: RecentMatchings,
}

impl Pull {
    /// The pull search of `sokoban`'s level. A checked level has as many goals as boxes, so
    /// the search starts with every goal filled; a board that does not (an editor's draft)
    /// has no such start, and gets none.
    pub fn new(sokoban: &Sokoban) -> Option<Pull> {
        if !Pull::applies(sokoban) {
            return None;
        }
        let analysis = Arc::clone(&sokoban.analysis);
        let targets = sokoban.start_boxes().clone();
        let distance: Vec<Vec<u16>> = targets
            .iter()
            .map(|&t| push_distances(&analysis.neighbours, t))
            .collect();
        let dead = (0..analysis.len())
            .map(|s| distance.iter().all(|d| d[s] == FAR))
            .collect();
        Some(Pull {
            scratch: RefCell::new(PullScratch {
                occupied: vec![false; analysis.len()],
                ..PullScratch::default()
            }),
            start_player: sokoban.start_player(),
            analysis,
            targets,
            distance,
            dead,
            novelty: None,
        })
    }

    /// The same search for a greedy order that, among the positions it has, takes novel ones
    /// first (see [`super::novelty`]), and counts against a position each box off the targets
    /// the player cannot walk up to. Plain greedy pulling stalls on levels whose last boxes
    /// must be pulled home in one order, in positions where every box is a pull or two from
    /// home and the player is shut in a pocket away from them; these two steer it out.
    pub fn novel_first(mut self) -> Pull {
        self.novelty = Some(RefCell::default());
        self
    }

    /// The estimate a best-first search orders positions by: the matching bound, and for the
    /// novel-first search its two terms on top.
    pub fn estimate(&self, state: &Position) -> Cost {
        let bound = self.lower_bound(&state.boxes);
        let Some(novelty) = &self.novelty else {
            return bound;
        };
        if anywhere(state) || !bound.is_finite() {
            return bound;
        }
        let estimate = bound + UNTOUCHABLE * self.untouchable(state) as Cost;
        let home = (state.boxes.iter())
            .filter(|b| self.targets.binary_search(b).is_ok())
            .count();
        if novelty.borrow_mut().is_novel(estimate, home, state) {
            estimate
        } else {
            estimate + NOT_NOVEL
        }
    }

    /// The boxes off the targets that have no free neighbour the player can walk to.
    fn untouchable(&self, state: &Position) -> usize {
        let analysis = &self.analysis;
        let mut scratch = self.scratch.borrow_mut();
        let PullScratch {
            occupied, reach, ..
        } = &mut *scratch;
        set(occupied, &state.boxes, true);
        reach.flood(analysis, occupied, state.player);
        set(occupied, &state.boxes, false);
        let touchable = |b: u16| {
            (analysis.neighbours[b as usize].iter()).any(|&n| n != NONE && reach.reached(n))
        };
        (state.boxes.iter())
            .filter(|&&b| self.targets.binary_search(&b).is_err() && !touchable(b))
            .count()
    }

    /// Whether `sokoban`'s level can be searched by pulls (see [`Pull::new`]), without
    /// working out its tables.
    pub fn applies(sokoban: &Sokoban) -> bool {
        let boxes = sokoban.start_boxes().len();
        boxes > 0 && sokoban.analysis.goals.len() == boxes
    }

    /// Every box on a goal, the player anywhere.
    pub fn start(&self) -> Position {
        Position {
            boxes: BoxSquares::new(&self.analysis.goals),
            player: self.analysis.goals[0],
        }
    }

    /// The boxes where the level starts them, the player able to walk to where it starts.
    pub fn is_goal(&self, state: &Position) -> bool {
        if anywhere(state) || state.boxes != self.targets {
            return false;
        }
        let mut scratch = self.scratch.borrow_mut();
        let PullScratch {
            occupied, reach, ..
        } = &mut *scratch;
        set(occupied, &state.boxes, true);
        reach.flood(&self.analysis, occupied, state.player);
        set(occupied, &state.boxes, false);
        reach.reached(self.start_player)
    }

    /// Every pull the player can walk to and make (a box at b pulled to b + d: the player
    /// stands on b + d and steps back to b + 2d), except onto a square from which the box
    /// could never be pulled to a target.
    pub fn pulls(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        if state.boxes.len() >= INCREMENTAL_FROM {
            self.keep_parent_matching(&state.boxes);
        }
        let analysis = &self.analysis;
        let mut guard = self.scratch.borrow_mut();
        let scratch = &mut *guard;
        set(&mut scratch.occupied, &state.boxes, true);
        if anywhere(state) {
            self.regions(state, scratch, out);
        } else {
            scratch
                .reach
                .flood(analysis, &scratch.occupied, state.player);
            scratch.pulls.clear();
            for &b in state.boxes.iter() {
                for dir in Dir::ALL {
                    let to = analysis.next(b, dir);
                    if to == NONE || scratch.occupied[to as usize] || !scratch.reach.reached(to) {
                        continue;
                    }
                    let player = analysis.next(to, dir);
                    if player != NONE
                        && !scratch.occupied[player as usize]
                        && !self.dead[to as usize]
                    {
                        scratch.pulls.push((b, to, player));
                    }
                }
            }
            for i in 0..scratch.pulls.len() {
                let (b, to, player) = scratch.pulls[i];
                scratch.occupied[b as usize] = false;
                scratch.occupied[to as usize] = true;
                let region = scratch.reach.flood(analysis, &scratch.occupied, player);
                scratch.occupied[to as usize] = false;
                scratch.occupied[b as usize] = true;
                let boxes = state.boxes.moved(b, to);
                out.push((
                    Position {
                        boxes,
                        player: region,
                    },
                    1.0,
                ));
            }
        }
        set(&mut scratch.occupied, &state.boxes, false);
    }

    /// The first state's successors: the boxes on their goals with the player in each region
    /// of free squares, at no cost (where the player starts is free to choose).
    fn regions(
        &self,
        state: &Position,
        scratch: &mut PullScratch,
        out: &mut Vec<(Position, Cost)>,
    ) {
        let analysis = &self.analysis;
        let mut seen = vec![false; analysis.len()];
        for square in 0..analysis.len() as u16 {
            if scratch.occupied[square as usize] || seen[square as usize] {
                continue;
            }
            let region = scratch.reach.flood(analysis, &scratch.occupied, square);
            for s in 0..analysis.len() as u16 {
                seen[s as usize] |= scratch.reach.reached(s);
            }
            out.push((
                Position {
                    boxes: state.boxes.clone(),
                    player: region,
                },
                0.0,
            ));
        }
    }

    /// The least pulls that bring the boxes to distinct targets (a matching), or infinity.
    pub fn lower_bound(&self, boxes: &[u16]) -> Cost {
        let mut guard = self.scratch.borrow_mut();
        let scratch = &mut *guard;
        let distance = &self.distance;
        let far = |d: u16| match d {
            FAR => IMPOSSIBLE,
            d => d as i64,
        };
        let n = boxes.len();
        let changed = (scratch.parent_valid)
            .then(|| one_changed(&scratch.parent, boxes))
            .flatten();
        let total = match changed {
            Some((row, square)) => {
                scratch.matcher.restore(&scratch.parent_matching);
                let rows = &scratch.parent;
                let total = (scratch.matcher).replace_row(n, row, |i, j| {
                    far(distance[j][if i == row { square } else { rows[i] } as usize])
                });
                // This successor's matching, for when it is expanded in turn.
                if let Some(total) = total {
                    let moved =
                        (rows.iter().enumerate()).map(|(i, &b)| if i == row { square } else { b });
                    (scratch.recent).remember(moved, &[], &scratch.matcher, total);
                }
                total
            }
            None => (scratch.matcher).min_cost(n, |i, j| far(distance[j][boxes[i] as usize])),
        };
        total.map_or(Cost::INFINITY, |t| t as Cost)
    }

    /// Solves the matching of `boxes` (or recalls it, if it was just worked out for this
    /// state as a successor) and keeps it for their successors' bounds.
    fn keep_parent_matching(&self, boxes: &[u16]) {
        let mut guard = self.scratch.borrow_mut();
        let scratch = &mut *guard;
        scratch.parent_valid = false;
        let recalled = (scratch.recent).recall(boxes, &[], &mut scratch.matcher);
        drop(guard);
        let solvable = recalled.is_some() || self.lower_bound(boxes).is_finite();
        let mut guard = self.scratch.borrow_mut();
        let scratch = &mut *guard;
        scratch.parent.clear();
        scratch.parent.extend_from_slice(boxes);
        scratch.matcher.save(&mut scratch.parent_matching);
        scratch.parent_valid = solvable;
    }
}

fn set(occupied: &mut [bool], boxes: &[u16], value: bool) {
    for &b in boxes {
        occupied[b as usize] = value;
    }
}
