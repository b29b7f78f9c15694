//! Corral deadlocks, learned while searching. When boxes fence off a corral the player cannot
//! enter (the PI-corral, and every other unsolved corral with a small fence), a small search
//! is run on a relaxed board that keeps only those boxes: if no sequence of their pushes
//! opens the corral or puts them all on goals, the position is lost, whatever the other boxes
//! do. The argument: a solution of the whole position puts these
//! boxes on goals, and its pushes of these boxes, taken alone, are legal on the relaxed board
//! (the other boxes only ever block the player and the boxes). So the fence, with the player
//! anywhere in the same relaxed region, is a pattern no solution passes through; it goes into
//! a table that every later position is matched against, and that the searches of a portfolio
//! share (YASS and Sokolution learn deadlocks the same way).

use std::collections::{HashSet, VecDeque};

use super::analysis::{Analysis, NONE};
use super::freeze_deadlock::frozen_off_goal;
use crate::grid::Dir;

/// The most positions a relaxed search may visit before it gives up (not proven dead).
const RELAXED_SEARCH_CAP: usize = 2_000;
/// The most fences remembered as not proven dead, so that they are not searched again.
const NOT_DEAD_CAP: usize = 200_000;
/// What a fence costs in a hash set besides its squares: the vector, the player's square,
/// and the set's own slot.
const FENCE_BYTES: usize = std::mem::size_of::<(Vec<u16>, u16)>() + 8;
/// The most patterns learned (a few hundred bytes each): past it the table only matches, so
/// that its memory stays a small part of a search's budget.
const PATTERN_CAP: usize = 100_000;

/// What the table has learned and done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeadlockStats {
    /// Relaxed searches run.
    pub searches: u64,
    /// Patterns learned (fences proven dead).
    pub patterns: u64,
    /// Positions found dead with the table: a pattern learned from them, or found in them.
    pub matches: u64,
}

/// A fence proven dead: its boxes, and the squares the player may be on (its region on the
/// relaxed board), as a bit set over the level's squares.
#[derive(Clone, Debug)]
struct Pattern {
    boxes: Vec<u16>,
    region: Vec<u64>,
}

/// The learned patterns, indexed by their lowest box square and by every box square, with
/// the fences already searched and not proven dead.
#[derive(Clone, Debug, Default)]
pub struct DeadlockTable {
    patterns: Vec<Pattern>,
    /// Per square, the patterns whose lowest box is there, each with its [`Signature`] kept
    /// beside its index: most are ruled out without reading the pattern.
    by_lowest_box: Vec<Vec<(Signature, u32)>>,
    /// Per square, every pattern with a box there.
    by_box: Vec<Vec<(Signature, u32)>>,
    not_dead: HashSet<(Vec<u16>, u16)>,
    /// Running totals for [`DeadlockTable::heap_bytes`].
    pattern_bytes: usize,
    not_dead_bytes: usize,
    stats: DeadlockStats,
    relaxed: RelaxedScratch,
}

/// Buffers of the relaxed search.
#[derive(Clone, Debug, Default)]
struct RelaxedScratch {
    occupied: Vec<bool>,
    mark: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
    interior: Vec<bool>,
    seen: HashSet<(Vec<u16>, u16)>,
    queue: VecDeque<(Vec<u16>, u16)>,
}

impl DeadlockTable {
    pub fn stats(&self) -> DeadlockStats {
        self.stats
    }

    /// Approximate bytes held: the patterns with their two indexes, the fences remembered as
    /// not dead, and the relaxed search's buffers (kept as running totals: a timeline weighs
    /// every checkpoint's copy often).
    pub fn heap_bytes(&self) -> usize {
        let relaxed = (self.relaxed.seen.capacity() + self.relaxed.queue.capacity())
            * (FENCE_BYTES + 8 * std::mem::size_of::<u16>())
            + self.relaxed.occupied.len() * 6;
        self.pattern_bytes + self.not_dead_bytes + relaxed
    }

    /// Whether the position with `boxes` (sorted) and the player on `player` (any square of
    /// its region) contains a learned pattern.
    pub fn matches(&mut self, boxes: &[u16], player: u16) -> bool {
        let hit = self.contains_pattern(boxes, player);
        if hit {
            self.stats.matches += 1;
        }
        hit
    }

    /// Whether the position reached by pushing a box to `pushed_to` contains a learned
    /// pattern with a box there. Its parent was matched when it was reached, so a pattern
    /// without the pushed box was (nearly always) found then: looking only at the patterns
    /// through one square keeps a table of thousands cheap to match against.
    pub fn matches_after_push(&mut self, boxes: &[u16], player: u16, pushed_to: u16) -> bool {
        let Some(candidates) = self.by_box.get(pushed_to as usize) else {
            return false;
        };
        let signature = Signature::of(boxes);
        let hit = candidates.iter().any(|&(pattern_signature, i)| {
            let pattern = &self.patterns[i as usize];
            pattern_signature.within(signature)
                && has_bit(&pattern.region, player)
                && is_subset(&pattern.boxes, boxes)
        });
        if hit {
            self.stats.matches += 1;
        }
        hit
    }

    fn contains_pattern(&self, boxes: &[u16], player: u16) -> bool {
        if self.patterns.is_empty() {
            return false;
        }
        let signature = Signature::of(boxes);
        boxes.iter().enumerate().any(|(at, &lowest)| {
            let Some(indices) = self.by_lowest_box.get(lowest as usize) else {
                return false;
            };
            indices.iter().any(|&(pattern_signature, i)| {
                let pattern = &self.patterns[i as usize];
                pattern_signature.within(signature)
                    && has_bit(&pattern.region, player)
                    && is_subset(&pattern.boxes[1..], &boxes[at + 1..])
            })
        })
    }

    /// Whether the fence of the corral whose free squares are `interior` (with boxes on the
    /// squares `occupied` marks, the player on `player`) is dead: answered from the table, or
    /// by a relaxed search whose verdict the table then keeps. A fence of more than
    /// `max_fence` boxes is not checked.
    pub fn corral_is_dead(
        &mut self,
        analysis: &Analysis,
        occupied: &[bool],
        player: u16,
        interior: impl Fn(u16) -> bool,
        max_fence: usize,
    ) -> bool {
        let n = analysis.len();
        let scratch = &mut self.relaxed;
        if scratch.occupied.len() != n {
            scratch.occupied = vec![false; n];
            scratch.mark = vec![0; n];
            scratch.interior = vec![false; n];
        }
        let mut fence = vec![];
        for s in 0..n as u16 {
            scratch.interior[s as usize] = interior(s);
            let touches = |s: u16| {
                analysis.neighbours[s as usize]
                    .iter()
                    .any(|&t| t != NONE && interior(t))
            };
            if occupied[s as usize] && touches(s) {
                fence.push(s);
            }
        }
        if fence.len() > max_fence || fence.iter().all(|&b| analysis.goal[b as usize]) {
            return false;
        }
        if self.contains_pattern(&fence, player) {
            self.stats.matches += 1;
            return true;
        }
        if self.patterns.len() >= PATTERN_CAP {
            return false;
        }
        let scratch = &mut self.relaxed;
        for &b in &fence {
            scratch.occupied[b as usize] = true;
        }
        let (lowest, _) = scratch.flood(analysis, player);
        let region = scratch.region_bits();
        for &b in &fence {
            scratch.occupied[b as usize] = false;
        }
        let key = (fence, lowest);
        if self.not_dead.contains(&key) {
            return false;
        }
        self.stats.searches += 1;
        let (fence, lowest) = key;
        if scratch.cannot_open(analysis, &fence, lowest) {
            self.learn(Pattern {
                boxes: fence,
                region,
            });
            self.stats.matches += 1;
            return true;
        }
        if self.not_dead.len() >= NOT_DEAD_CAP {
            self.not_dead.clear();
            self.not_dead_bytes = 0;
        }
        self.not_dead_bytes += FENCE_BYTES + fence.len() * std::mem::size_of::<u16>();
        self.not_dead.insert((fence, lowest));
        false
    }

    fn learn(&mut self, pattern: Pattern) {
        let lowest = pattern.boxes[0] as usize;
        if self.by_lowest_box.len() <= lowest {
            self.by_lowest_box.resize(lowest + 1, vec![]);
        }
        let signature = Signature::of(&pattern.boxes);
        let index = self.patterns.len() as u32;
        let entry = std::mem::size_of::<(Signature, u32)>();
        self.pattern_bytes += std::mem::size_of::<Pattern>()
            + pattern.boxes.len() * std::mem::size_of::<u16>()
            + pattern.region.len() * 8
            + entry * (1 + pattern.boxes.len());
        self.by_lowest_box[lowest].push((signature, index));
        for &b in &pattern.boxes {
            if self.by_box.len() <= b as usize {
                self.by_box.resize(b as usize + 1, vec![]);
            }
            self.by_box[b as usize].push((signature, index));
        }
        self.patterns.push(pattern);
        self.stats.patterns += 1;
    }
}

impl RelaxedScratch {
    /// Marks the squares reachable from `from` around the boxes `occupied` shows; returns
    /// the lowest and whether the corral's interior was reached.
    fn flood(&mut self, analysis: &Analysis, from: u16) -> (u16, bool) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        let generation = self.generation;
        let (mut lowest, mut opened) = (from, false);
        self.stack.clear();
        self.stack.push(from);
        self.mark[from as usize] = generation;
        while let Some(s) = self.stack.pop() {
            lowest = lowest.min(s);
            opened |= self.interior[s as usize];
            for &t in &analysis.neighbours[s as usize] {
                if t != NONE && self.mark[t as usize] != generation && !self.occupied[t as usize] {
                    self.mark[t as usize] = generation;
                    self.stack.push(t);
                }
            }
        }
        (lowest, opened)
    }

    /// The squares of the last flood, as a bit set.
    fn region_bits(&self) -> Vec<u64> {
        let mut bits = vec![0u64; self.mark.len().div_ceil(64)];
        for (s, &m) in self.mark.iter().enumerate() {
            if m == self.generation {
                bits[s / 64] |= 1 << (s % 64);
            }
        }
        bits
    }

    /// Whether no sequence of pushes of `fence` alone (the player's region named by
    /// `player`) lets the player into the interior or puts every fence box on a goal: a
    /// breadth-first search through every such position, up to the cap (then: not proven).
    fn cannot_open(&mut self, analysis: &Analysis, fence: &[u16], player: u16) -> bool {
        self.seen.clear();
        self.queue.clear();
        self.seen.insert((fence.to_vec(), player));
        self.queue.push_back((fence.to_vec(), player));
        while let Some((boxes, player)) = self.queue.pop_front() {
            for &b in &boxes {
                self.occupied[b as usize] = true;
            }
            let opened = self.expand(analysis, &boxes, player);
            for &b in &boxes {
                self.occupied[b as usize] = false;
            }
            if opened || self.seen.len() > RELAXED_SEARCH_CAP {
                return false;
            }
        }
        true
    }

    /// Queues the unseen successors of a relaxed position (its boxes marked in `occupied`);
    /// true if one of them opens the corral or has every box on a goal.
    fn expand(&mut self, analysis: &Analysis, boxes: &[u16], player: u16) -> bool {
        self.flood(analysis, player);
        let reach = self.generation;
        let pushes: Vec<(u16, u16)> = boxes
            .iter()
            .flat_map(|&b| Dir::ALL.map(|d| (b, d)))
            .filter_map(|(b, dir)| {
                let behind = analysis.next(b, dir.opposite());
                let to = analysis.next(b, dir);
                let legal = behind != NONE
                    && self.mark[behind as usize] == reach
                    && to != NONE
                    && !self.occupied[to as usize]
                    && !analysis.dead[to as usize];
                legal.then_some((b, to))
            })
            .collect();
        for (from, to) in pushes {
            self.occupied[from as usize] = false;
            self.occupied[to as usize] = true;
            let frozen = frozen_off_goal(analysis, &self.occupied, to);
            let (lowest, opened) = self.flood(analysis, from);
            self.occupied[to as usize] = false;
            self.occupied[from as usize] = true;
            if frozen {
                continue;
            }
            let mut child: Vec<u16> = boxes
                .iter()
                .map(|&b| if b == from { to } else { b })
                .collect();
            child.sort_unstable();
            if opened || child.iter().all(|&b| analysis.goal[b as usize]) {
                return true;
            }
            if self.seen.insert((child.clone(), lowest)) {
                self.queue.push_back((child, lowest));
            }
        }
        false
    }
}

fn has_bit(bits: &[u64], square: u16) -> bool {
    bits[square as usize / 64] & (1 << (square % 64)) != 0
}

/// Whether sorted `small` is contained in sorted `large`.
fn is_subset(small: &[u16], large: &[u16]) -> bool {
    let mut rest = large.iter();
    small
        .iter()
        .all(|s| rest.by_ref().find(|&l| l >= s).is_some_and(|l| l == s))
}

/// Two bits per box square, in two 64-bit words hashed differently: a pattern whose bits are
/// not all in a position's cannot be part of it.
#[derive(Clone, Copy, Debug)]
struct Signature([u64; 2]);

impl Signature {
    fn of(boxes: &[u16]) -> Signature {
        boxes
            .iter()
            .fold(Signature([0; 2]), |Signature([a, b]), &s| {
                let s = s as u64;
                Signature([a | 1 << (s % 64), b | 1 << (s.wrapping_mul(37) / 7 % 64)])
            })
    }

    fn within(self, other: Signature) -> bool {
        self.0[0] & !other.0[0] == 0 && self.0[1] & !other.0[1] == 0
    }
}

#[cfg(test)]
mod tests {
    use crate::games::sokoban::level::parse_level;
    use crate::games::sokoban::solver::SokobanProblem;
    use crate::games::sokoban::solver::push::{Position, Pruning, Sokoban};
    use crate::search::Problem;

    /// Microban 1 after a wrong first push: the box at (2,4) fences off the bottom-left
    /// pocket with the box on the goal above it, and every push of it either goes into the
    /// pocket from inside or lands on a dead square. Nothing but that fence is dead here.
    const FENCED_POCKET: &str = "####\n#@.#\n#  ###\n#*   #\n# $  #\n#  ###\n####\n";

    fn successors(pruning: Pruning) -> (Sokoban, Vec<(Position, f64)>) {
        let mut sokoban = Sokoban::new(&parse_level(FENCED_POCKET).unwrap());
        sokoban.pruning = pruning;
        let problem = SokobanProblem::pushes(sokoban);
        let mut out = vec![];
        problem.successors(&problem.start(), &mut out);
        (problem.into_sokoban(), out)
    }

    #[test]
    fn a_fence_no_push_can_open_is_dead_and_learned() {
        let (sokoban, out) = successors(Pruning::ALL);
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(sokoban.prunes().corral_deadlocks, 1);
        assert_eq!(sokoban.deadlocks().lock().unwrap().stats().patterns, 1);
        let fresh = Sokoban::new(&parse_level(FENCED_POCKET).unwrap());
        assert!(
            sokoban.deadlock_bytes() > fresh.deadlock_bytes(),
            "what it learned is weighed (a timeline's checkpoints copy it)"
        );

        let without = Pruning::without("corral-deadlocks").unwrap();
        let (_, out) = successors(without);
        assert!(
            !out.is_empty(),
            "the freeze and dead-square rules alone keep some pushes"
        );
    }

    #[test]
    fn a_learned_pattern_matches_more_boxes_but_only_with_the_player_outside_the_fence() {
        let (sokoban, _) = successors(Pruning::ALL);
        let analysis = &sokoban.analysis;
        let square = |x, y| analysis.square(crate::grid::Pos::new(x, y)).unwrap();
        let mut table = sokoban.deadlocks().lock().unwrap();
        let fence = [square(1, 3), square(2, 4)];
        assert!(table.matches(&fence, square(1, 1)));
        let mut more = vec![square(1, 3), square(2, 4), square(4, 3)];
        more.sort_unstable();
        assert!(
            table.matches(&more, square(3, 4)),
            "another box does not save it"
        );
        assert!(
            !table.matches(&fence, square(1, 5)),
            "from inside the pocket it opens"
        );
        assert!(
            !table.matches(&[square(2, 4)], square(1, 1)),
            "half a fence is not one"
        );
        assert_eq!(
            table.stats().matches,
            1 + 2,
            "the position it was learned from, and two"
        );
    }

    #[test]
    fn a_sibling_search_learns_into_and_prunes_with_the_same_table() {
        let (sokoban, _) = successors(Pruning::ALL);
        let sibling = sokoban.sibling();
        assert_eq!(sibling.prunes().corral_deadlocks, 0, "its own counts");
        let problem = SokobanProblem::pushes(sibling);
        let mut out = vec![];
        problem.successors(&problem.start(), &mut out);
        assert!(out.is_empty());
        let stats = problem.sokoban().deadlocks().lock().unwrap().stats();
        assert_eq!(stats.patterns, 1, "found in the table, not learned again");
        assert_eq!(stats.searches, 1);
    }
}
