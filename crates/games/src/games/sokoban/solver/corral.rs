//! PI-corral pruning. A corral is an area the player cannot reach, fenced by boxes. If every
//! push of its boxes that is possible at all goes into it (I), and the player can make every
//! one of those pushes now (P), then some push into that corral must come before the
//! corral can be solved, and nothing outside it helps: the search need only try those
//! pushes, and may ignore every other push from this position. Corrals that are already
//! solved (every box on a goal, no empty goal inside) are left alone.

use super::analysis::{Analysis, NONE};
use crate::grid::Dir;

/// A push that is possible now: the box square, the direction and the target square.
pub type Push = (u16, Dir, u16);

/// Reusable buffers.
#[derive(Clone, Debug, Default)]
pub struct CorralScratch {
    label: Vec<u32>,
    stack: Vec<u16>,
    box_seen: Vec<u32>,
    generation: u32,
    parent: Vec<u32>,
    /// Per corral: whether an empty goal lies inside it.
    empty_goal: Vec<bool>,
    touching: Vec<u16>,
    /// The corrals of the last [`find_pi_corral`] that are not solved, PI or not.
    pub unsolved: Vec<u32>,
}

impl CorralScratch {
    /// Whether `square` is inside the corral [`find_pi_corral`] named `id`.
    pub fn in_corral(&self, square: u16, id: u32) -> bool {
        square != NONE && self.label[square as usize] == id
    }
}

/// Keeps only the pushes into the corral `id`.
pub fn restrict(pushes: &mut Vec<Push>, id: u32, scratch: &CorralScratch) -> bool {
    let before = pushes.len();
    pushes.retain(|&(_, _, to)| scratch.in_corral(to, id));
    pushes.len() < before
}

/// The PI-corral with the fewest pushes into it that is not solved, if there is one: its
/// squares are those `scratch.in_corral(square, id)` names.
pub fn find_pi_corral(
    analysis: &Analysis,
    occupied: &[bool],
    reachable: &[bool],
    boxes: &[u16],
    scratch: &mut CorralScratch,
) -> Option<u32> {
    let n = analysis.len();
    if scratch.label.len() != n {
        scratch.label = vec![0; n];
        scratch.box_seen = vec![0; n];
        scratch.generation = 0;
    }
    // Labels are generation-stamped: label == base + k means corral k of this call.
    let base = scratch.generation;
    scratch.unsolved.clear();
    let mut corrals = 0u32;
    for s in 0..n as u16 {
        let free = !occupied[s as usize] && !reachable[s as usize];
        if !free || scratch.label[s as usize] > base {
            continue;
        }
        corrals += 1;
        let id = base + corrals;
        scratch.label[s as usize] = id;
        scratch.stack.clear();
        scratch.stack.push(s);
        while let Some(at) = scratch.stack.pop() {
            for &next in &analysis.neighbours[at as usize] {
                if next != NONE
                    && !occupied[next as usize]
                    && !reachable[next as usize]
                    && scratch.label[next as usize] <= base
                {
                    scratch.label[next as usize] = id;
                    scratch.stack.push(next);
                }
            }
        }
    }
    scratch.generation = base + corrals + 1;
    if corrals == 0 {
        return None;
    }
    // Corrals that touch the same box are one corral: moving that box changes both, so
    // neither can be dealt with alone.
    let parent = &mut scratch.parent;
    parent.clear();
    parent.extend(0..=corrals);
    fn root(parent: &mut [u32], mut k: u32) -> u32 {
        while parent[k as usize] != k {
            parent[k as usize] = parent[parent[k as usize] as usize];
            k = parent[k as usize];
        }
        k
    }
    for &b in boxes {
        let mut first = None;
        for &s in &analysis.neighbours[b as usize] {
            if s == NONE || scratch.label[s as usize] <= base {
                continue;
            }
            let k = root(parent, scratch.label[s as usize] - base);
            match first {
                None => first = Some(k),
                Some(f) if f != k => parent[k as usize] = f,
                Some(_) => {}
            }
        }
    }
    let empty_goal = &mut scratch.empty_goal;
    empty_goal.clear();
    empty_goal.resize(corrals as usize + 1, false);
    for s in 0..n {
        if scratch.label[s] > base {
            let k = root(parent, scratch.label[s] - base);
            scratch.label[s] = base + k;
            empty_goal[k as usize] |= analysis.goal[s];
        }
    }
    let in_corral = |s: u16, id: u32| s != NONE && scratch.label[s as usize] == id;

    let mut best: Option<(u32, usize)> = None;
    for k in 1..=corrals {
        if parent[k as usize] != k {
            continue;
        }
        let id = base + k;
        // The boxes touching the corral.
        let touching = &mut scratch.touching;
        touching.clear();
        let mut unsolved = scratch.empty_goal[k as usize];
        for &b in boxes {
            if analysis.neighbours[b as usize]
                .iter()
                .any(|&s| in_corral(s, id))
            {
                touching.push(b);
                unsolved |= !analysis.goal[b as usize];
            }
        }
        if touching.is_empty() || !unsolved {
            continue;
        }
        scratch.unsolved.push(id);
        let mut inward = 0;
        let mut ok = true;
        for &b in touching.iter() {
            for dir in Dir::ALL {
                let to = analysis.next(b, dir);
                let behind = analysis.next(b, dir.opposite());
                let legal = behind != NONE
                    && reachable[behind as usize]
                    && to != NONE
                    && !occupied[to as usize];
                if legal && !in_corral(to, id) {
                    ok = false; // I: a push possible now that does not go into the corral
                } else if in_corral(to, id) && behind != NONE {
                    if reachable[behind as usize] {
                        inward += 1;
                    } else if !in_corral(behind, id) {
                        // P: a push into the corral that waits on something outside it (a box
                        // that could move away, another corral): pushes elsewhere may matter.
                        ok = false;
                    }
                }
            }
            if !ok {
                break;
            }
        }
        if ok && inward > 0 && best.is_none_or(|(_, count)| inward < count) {
            best = Some((id, inward));
        }
    }
    best.map(|(id, _)| id)
}

#[cfg(test)]
mod tests {
    use crate::games::sokoban::level::parse_level;
    use crate::games::sokoban::solver::SokobanProblem;
    use crate::games::sokoban::solver::push::Sokoban;
    use crate::search::{Algorithm, Outcome, Problem, Search};

    fn pushes(level: &str, corrals: bool) -> (Option<f64>, usize) {
        let level = parse_level(level).unwrap();
        let mut sokoban = Sokoban::new(&level);
        sokoban.pruning.pi_corrals = corrals;
        let result = Search::new(SokobanProblem::pushes(sokoban), Algorithm::Bfs).run();
        match result.outcome {
            Outcome::Found { cost, .. } => (Some(cost), result.expanded),
            _ => (None, result.expanded),
        }
    }

    /// Microban 96: one box fences three corrals at once. Treated apart, each looked like a
    /// PI-corral and the search lost the solution; merged, it keeps it.
    const FENCED_THREE_WAYS: &str = "  ######\n  #    #\n  #    #\n#####  #\n#   #.#####\n#   $@$   #\n#####.#   #\n   ## ## ##\n   #   $.#\n   #   ###\n   #####\n";

    #[test]
    fn a_box_shared_by_corrals_merges_them_and_the_optimum_survives() {
        let (with, _) = pushes(FENCED_THREE_WAYS, true);
        let (without, _) = pushes(FENCED_THREE_WAYS, false);
        assert!(without.is_some());
        assert_eq!(with, without);
    }

    #[test]
    fn a_pi_corral_cuts_the_pushes_tried() {
        // The box at the door of the right-hand room is the only way in: while the room is
        // closed, pushes elsewhere are pointless.
        let level =
            parse_level("#########\n#   #   #\n# $ $  .#\n#   # $.#\n#@  #  .#\n#########\n")
                .unwrap();
        let problem = SokobanProblem::pushes(Sokoban::new(&level));
        let mut out = vec![];
        problem.successors(&problem.start(), &mut out);
        let mut plain = Sokoban::new(&level);
        plain.pruning.pi_corrals = false;
        let mut all = vec![];
        SokobanProblem::pushes(plain).successors(&problem.start(), &mut all);
        assert!(out.len() < all.len(), "{} of {}", out.len(), all.len());
        assert_eq!(problem.sokoban().prunes().corrals, 1);
    }
}
