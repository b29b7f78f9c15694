//! Novelty, for a greedy search that stalls on a plateau of its heuristic. A position is
//! *novel* when one of its facts (a box on a square, the player in a region) has not been
//! seen before in any position with the same heuristic value and as many boxes home; a
//! greedy search that takes novel positions first spreads out over the plateau instead of
//! digging into one corner of it. This is width-1 novelty of best-first width search, with
//! the positions split by the heuristic and the goals reached as in its BFWS(f5) (Lipovetzky
//! and Geffner, "Best-First Width Search: Exploration and Exploitation in Classical
//! Planning", AAAI 2017).

use std::collections::HashSet;

use super::push::Position;
use crate::search::Cost;

/// The facts seen so far, each with the heuristic value and the boxes home it was seen at.
#[derive(Clone, Debug, Default)]
pub struct Novelty {
    seen: HashSet<(u32, u16, Fact)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Fact {
    BoxOn(u16),
    PlayerIn(u16),
}

impl Novelty {
    /// Whether `position`, estimated at `h` with `home` boxes home, holds a fact not seen
    /// before at that `h` and `home`; its facts are seen from now on.
    pub fn is_novel(&mut self, h: Cost, home: usize, position: &Position) -> bool {
        let (h, home) = (h as u32, home as u16);
        let mut novel = self.seen.insert((h, home, Fact::PlayerIn(position.player)));
        for &square in position.boxes.iter() {
            novel |= self.seen.insert((h, home, Fact::BoxOn(square)));
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
