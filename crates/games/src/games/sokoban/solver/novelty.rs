//! Novelty, for a greedy search that stalls on a plateau of its heuristic. A position is
//! *novel* when one of its facts (a box on a square, the player in a region) has not been
//! seen before in any position with the same heuristic value and as many boxes home; a
//! greedy search that takes novel positions first spreads out over the plateau instead of
//! digging into one corner of it. This is width-1 novelty of best-first width search, with
//! the positions split by the heuristic and the goals reached as in its BFWS(f5) (Lipovetzky
//! and Geffner, "Best-First Width Search: Exploration and Exploitation in Classical
//! Planning", AAAI 2017).

use super::push::Position;
use crate::search::{Cost, FxHashMap};

/// The facts seen so far: for each heuristic value and count of boxes home, a bit per fact
/// (one lookup a position, where a set of facts would hash each box).
#[derive(Clone, Debug, Default)]
pub struct Novelty {
    seen: FxHashMap<(u32, u16), Vec<u64>>,
}

/// A fact's bit: the box on `square`, or the player in the region named by `square`.
fn fact(square: u16, player: bool) -> usize {
    square as usize * 2 + usize::from(player)
}

/// Sets `bit`; whether it was clear.
fn set_new(bits: &mut Vec<u64>, bit: usize) -> bool {
    let (word, mask) = (bit / 64, 1u64 << (bit % 64));
    if word >= bits.len() {
        bits.resize(word + 1, 0);
    }
    let new = bits[word] & mask == 0;
    bits[word] |= mask;
    new
}

impl Novelty {
    /// Whether `position`, estimated at `h` with `home` boxes home, holds a fact not seen
    /// before at that `h` and `home`; its facts are seen from now on.
    pub fn is_novel(&mut self, h: Cost, home: usize, position: &Position) -> bool {
        let bits = self.seen.entry((h as u32, home as u16)).or_default();
        let mut novel = set_new(bits, fact(position.player, true));
        for &square in position.boxes.iter() {
            novel |= set_new(bits, fact(square, false));
        }
        novel
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::solver::BoxSquares;

    fn position(boxes: &[u16], player: u16) -> Position {
        Position {
            boxes: BoxSquares::new(boxes),
            player,
        }
    }

    #[test]
    fn a_position_is_novel_only_while_it_brings_a_fact_new_at_its_estimate() {
        let mut novelty = Novelty::default();
        assert!(novelty.is_novel(5.0, 0, &position(&[10, 20], 3)));
        // The same facts at the same estimate: nothing new.
        assert!(!novelty.is_novel(5.0, 0, &position(&[10, 20], 3)));
        // A box swapped for one on a square seen at this estimate is not new either.
        assert!(novelty.is_novel(5.0, 0, &position(&[10, 30], 3)));
        assert!(!novelty.is_novel(5.0, 0, &position(&[20, 30], 3)));
        // A new player region is a new fact; an estimate, or a count of boxes home, not seen
        // before makes every fact new.
        assert!(novelty.is_novel(5.0, 0, &position(&[10, 20], 4)));
        assert!(novelty.is_novel(4.0, 0, &position(&[10, 20], 3)));
        assert!(novelty.is_novel(5.0, 1, &position(&[10, 20], 3)));
        assert!(!novelty.is_novel(5.0, 1, &position(&[10, 20], 3)));
    }
}
