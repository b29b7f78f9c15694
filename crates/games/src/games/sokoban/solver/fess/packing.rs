//! The packing order of the goals, found backwards as the FESS paper does it (Shoham &
//! Schaeffer, 2020, section 4): with a box on every goal, boxes are taken out one at a time;
//! taken out last is packed first.
//!
//! A box is taken out by pulling it, the boxes still on their goals standing still, to a
//! square a box starts on that no box taken out before has claimed: pulls undone are
//! pushes, so a box from there could have been packed then. That is what makes a way in
//! that only one box can use (a box alone in a side passage) serve one goal, not every goal
//! behind it. A box that starts on its goal may instead stay there from the start: it is
//! taken out claiming its own square, and stays on the board for the boxes taken out after
//! it (packed before it). The boxes are tried nearest the player's start first, boxes that
//! stay last, depth first: when the boxes after one cannot all be taken out, the next is
//! tried. When no order takes every box out within the tries allowed, the longest found is
//! finished by lifting boxes off the board, the nearest that can be pulled a square off its
//! goal first. A box taken out leaves the board: this keeps the order a quick, static
//! computation rather than a search of its own.

use std::collections::VecDeque;

use super::super::analysis::{Analysis, NONE};
use super::super::reach::Reach;
use crate::grid::Dir;

/// How many boxes may be tried for taking out, per goal, before the search for an order
/// where every box reaches a start square gives up (each try a breadth-first search of one
/// box's pulls).
const TRIES_PER_GOAL: usize = 20;

/// The squares the search for that order may visit in all (each flood of the player's reach
/// counts the level's squares), so that a huge open level is not stalled before its search
/// begins: then the rest of the boxes are lifted off. The most any level of XSokoban,
/// Microban or Grigr2001 uses is 4,468,760 (XSokoban 48); a 60 x 60 open room with 150 boxes
/// reached the limit in 0.18 s (release), where it took 3.7 s without one.
const WORK_LIMIT: usize = 30_000_000;

/// The goals in packing order, first packed first (see the module's comment), for the
/// level whose player starts on `start_player` and boxes on `start_boxes`.
pub fn packing_order(analysis: &Analysis, start_player: u16, start_boxes: &[u16]) -> Vec<u16> {
    unpack(analysis, start_player, start_boxes).0
}

/// The packing order, and the squares its search visited (see [`WORK_LIMIT`]).
fn unpack(analysis: &Analysis, start_player: u16, start_boxes: &[u16]) -> (Vec<u16>, usize) {
    let n = analysis.len();
    let mut unpacking = Unpacking {
        analysis,
        start_player,
        occupied: vec![false; n],
        packed: vec![false; n],
        unclaimed: vec![false; n],
        taken_out: vec![],
        best: vec![],
        tries: 0,
        puller: Puller::default(),
    };
    for &g in &analysis.goals {
        unpacking.occupied[g as usize] = true;
        unpacking.packed[g as usize] = true;
    }
    for &b in start_boxes {
        unpacking.unclaimed[b as usize] = true;
    }
    unpacking.take_out();
    let work = unpacking.puller.work;
    (unpacking.finish(), work)
}

/// A box taken out: its goal, and the start square it claimed (its own goal when it stays).
type TakenOut = (u16, Option<u16>);

/// The backward search for the packing order: the boxes still on the board, the goals not
/// yet taken out, the start squares not yet claimed, and the boxes taken out so far.
struct Unpacking<'a> {
    analysis: &'a Analysis,
    start_player: u16,
    occupied: Vec<bool>,
    /// The goals whose box is not yet taken out.
    packed: Vec<bool>,
    unclaimed: Vec<bool>,
    taken_out: Vec<TakenOut>,
    /// The most boxes taken out in an order found so far.
    best: Vec<TakenOut>,
    tries: usize,
    puller: Puller,
}

impl Unpacking<'_> {
    /// Takes out the boxes left (see the module's comment); whether every box was.
    fn take_out(&mut self) -> bool {
        let goals = self.analysis.goals.len();
        if self.taken_out.len() > self.best.len() {
            self.best = self.taken_out.clone();
        }
        if self.taken_out.len() == goals {
            return true;
        }
        self.tries += 1;
        for (stays, _, g) in self.candidates() {
            if self.tries >= TRIES_PER_GOAL * goals || self.puller.work >= WORK_LIMIT {
                return false;
            }
            let claim = if stays {
                g
            } else {
                self.tries += 1;
                let unclaimed = &self.unclaimed;
                match (self.puller).pulled_to(self.analysis, &mut self.occupied, g, unclaimed) {
                    Some(start) => start,
                    None => continue,
                }
            };
            self.take((g, Some(claim)));
            if self.take_out() {
                return true;
            }
            self.put_back();
        }
        false
    }

    /// Takes the box on goal `g` out, claiming a start square (a box that stays claims its
    /// own and stays on the board; a box lifted off claims none).
    fn take(&mut self, (g, claim): TakenOut) {
        self.packed[g as usize] = false;
        self.occupied[g as usize] = claim == Some(g);
        if let Some(start) = claim {
            self.unclaimed[start as usize] = false;
        }
        self.taken_out.push((g, claim));
    }

    /// Puts the box taken out last back on its goal.
    fn put_back(&mut self) {
        if let Some((g, claim)) = self.taken_out.pop() {
            self.packed[g as usize] = true;
            self.occupied[g as usize] = true;
            if let Some(start) = claim {
                self.unclaimed[start as usize] = true;
            }
        }
    }

    /// The goals whose box can be taken out, as (whether it stays on its goal, steps from
    /// the player to it, the goal), in the order they are tried: a box the player can pull
    /// a square off its goal, and a box that starts on its goal where no box has claimed it.
    fn candidates(&mut self) -> Vec<(bool, u32, u16)> {
        let analysis = self.analysis;
        let occupied = &self.occupied;
        let walk = walking_distances(analysis, occupied, self.start_player);
        let from = player_square(analysis, occupied, self.start_player, &walk);
        self.puller.reach.flood(analysis, occupied, from);
        self.puller.work += 3 * analysis.len();
        let near = |g: u16| {
            (analysis.neighbours[g as usize].iter())
                .filter(|&&m| m != NONE && !occupied[m as usize])
                .map(|&m| walk[m as usize])
                .min()
                .unwrap_or(u32::MAX)
        };
        let mut candidates = vec![];
        for &g in analysis.goals.iter().filter(|&&g| self.packed[g as usize]) {
            if (self.puller)
                .pull_sides(analysis, occupied, g)
                .next()
                .is_some()
            {
                candidates.push((false, near(g), g));
            }
            if self.unclaimed[g as usize] {
                candidates.push((true, near(g), g));
            }
        }
        candidates.sort_unstable();
        candidates
    }

    /// The order: the best found, and when it does not take out every box, the rest lifted
    /// off one at a time (the nearest that can be pulled a square off first; when none can,
    /// in the order of their squares). Reversed: taken out last is packed first.
    fn finish(mut self) -> Vec<u16> {
        let best = std::mem::take(&mut self.best);
        while !self.taken_out.is_empty() {
            self.put_back();
        }
        for &taken in &best {
            self.take(taken);
        }
        while self.taken_out.len() < self.analysis.goals.len() {
            let pullable = (self.candidates().into_iter()).filter(|&(stays, _, _)| !stays);
            match pullable.min_by_key(|&(_, near, g)| (near, g)) {
                Some((_, _, g)) => self.take((g, None)),
                None => {
                    let rest: Vec<u16> = (self.analysis.goals.iter().rev().copied())
                        .filter(|&g| self.packed[g as usize])
                        .collect();
                    for g in rest {
                        self.take((g, None));
                    }
                }
            }
        }
        self.taken_out.reverse();
        self.taken_out.into_iter().map(|(g, _)| g).collect()
    }
}

/// Pulls a box around, with buffers reused from box to box.
#[derive(Default)]
struct Puller {
    /// The player's reach from its square before the pulls (flooded by the caller).
    reach: Reach,
    /// The player's reach while the pulled box stands somewhere.
    walk: Reach,
    /// Squares visited so far, against [`WORK_LIMIT`].
    work: usize,
}

impl Puller {
    /// The directions the box on `square` can be pulled in, the player coming from where
    /// [`Puller::reach`] was flooded: the player stands beside it and steps back.
    fn pull_sides<'a>(
        &'a self,
        analysis: &'a Analysis,
        occupied: &'a [bool],
        square: u16,
    ) -> impl Iterator<Item = Dir> + 'a {
        Dir::ALL.into_iter().filter(move |&d| {
            let stand = analysis.next(square, d);
            stand != NONE
                && !occupied[stand as usize]
                && analysis.next(stand, d) != NONE
                && !occupied[analysis.next(stand, d) as usize]
                && self.reach.reached(stand)
        })
    }

    /// An `unclaimed` square the box on goal `goal` can be pulled to, the other `occupied`
    /// squares standing still, the nearest in pulls: a breadth-first search over (the box's
    /// square, the side the player stands on after the pull).
    fn pulled_to(
        &mut self,
        analysis: &Analysis,
        occupied: &mut [bool],
        goal: u16,
        unclaimed: &[bool],
    ) -> Option<u16> {
        let key = |square: u16, dir: Dir| square as usize * 4 + dir as usize;
        let mut seen = vec![false; analysis.len() * 4];
        self.work += analysis.len();
        let mut queue = VecDeque::new();
        let sides: Vec<Dir> = self.pull_sides(analysis, occupied, goal).collect();
        occupied[goal as usize] = false;
        for dir in sides {
            let to = analysis.next(goal, dir);
            seen[key(to, dir)] = true;
            queue.push_back((to, dir));
        }
        let mut found = None;
        // The box on `square`, the player one square beyond it in `dir`.
        while let Some((square, dir)) = queue.pop_front() {
            if unclaimed[square as usize] {
                found = Some(square);
                break;
            }
            if self.work >= WORK_LIMIT {
                break;
            }
            self.work += analysis.len();
            occupied[square as usize] = true;
            self.walk
                .flood(analysis, occupied, analysis.next(square, dir));
            for pull in Dir::ALL {
                let stand = analysis.next(square, pull);
                if stand == NONE || !self.walk.reached(stand) || seen[key(stand, pull)] {
                    continue;
                }
                let back = analysis.next(stand, pull);
                if back == NONE || occupied[back as usize] {
                    continue;
                }
                seen[key(stand, pull)] = true;
                queue.push_back((stand, pull));
            }
            occupied[square as usize] = false;
        }
        occupied[goal as usize] = true;
        found
    }
}

/// Where the player stands to take the boxes out: its start, or when a goal box covers
/// that, the free square nearest it.
fn player_square(analysis: &Analysis, occupied: &[bool], start: u16, walk: &[u32]) -> u16 {
    if !occupied[start as usize] {
        return start;
    }
    (0..analysis.len() as u16)
        .filter(|&s| !occupied[s as usize])
        .min_by_key(|&s| walk[s as usize])
        .unwrap_or(start)
}

/// Steps from `from` to every square, walking around the boxes on `occupied` squares but
/// through the one on `from` if there is one (distances to the boxes themselves are the
/// steps to step onto them).
fn walking_distances(analysis: &Analysis, occupied: &[bool], from: u16) -> Vec<u32> {
    let mut distance = vec![u32::MAX; analysis.len()];
    let mut queue = VecDeque::from([from]);
    distance[from as usize] = 0;
    while let Some(s) = queue.pop_front() {
        if occupied[s as usize] && s != from {
            continue;
        }
        for &m in &analysis.neighbours[s as usize] {
            if m != NONE && distance[m as usize] == u32::MAX {
                distance[m as usize] = distance[s as usize] + 1;
                queue.push_back(m);
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::{WORK_LIMIT, unpack};
    use crate::games::sokoban::level::parse_level;
    use crate::games::sokoban::solver::push::Sokoban;

    /// A 100 x 100 open room with 200 boxes and goals scattered: the search for the order
    /// stops at its limit of squares (without one it went on for seconds on a 60 x 60 room),
    /// and every goal is still in the order once.
    #[test]
    fn the_order_of_a_huge_open_level_stops_at_its_limit_and_holds_every_goal() {
        let side = 100;
        let mut rows: Vec<Vec<char>> = (0..side)
            .map(|y| {
                (0..side)
                    .map(|x| {
                        let edge = x == 0 || y == 0 || x == side - 1 || y == side - 1;
                        if edge { '#' } else { ' ' }
                    })
                    .collect()
            })
            .collect();
        rows[1][1] = '@';
        // Boxes and goals on squares scattered by a fixed linear congruential sequence.
        let mut seed: u64 = 1;
        let mut placed = 0;
        while placed < 400 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (x, y) = (
                3 + (seed >> 33) as usize % 94,
                3 + (seed >> 45) as usize % 94,
            );
            if rows[y][x] == ' ' {
                rows[y][x] = if placed % 2 == 0 { '$' } else { '.' };
                placed += 1;
            }
        }
        let text: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        let level = parse_level(&text.join("\n")).unwrap();
        let sokoban = Sokoban::new(&level);
        let analysis = &sokoban.analysis;
        let (order, work) = unpack(analysis, sokoban.start_player(), sokoban.start_boxes());
        assert!(work >= WORK_LIMIT, "{work}");
        assert!(work <= WORK_LIMIT + 3 * analysis.len(), "{work}");
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, analysis.goals);
    }
}
