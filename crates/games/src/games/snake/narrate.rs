//! The Snake planners in pseudo-code, with the lines of the part of the decision shown
//! highlighted: the classic planner's distance field, path, virtual snake and tail check,
//! and the cycle planner's choice between its cycle, a shortcut and joining a cycle.

use crate::games::snake::classic::{Branch, Decision};
use crate::games::snake::planner::CycleChoice;
use crate::watch::{Standing, Watched};

/// One thing the classic planner looked at, in order, for stepping through a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    FoodSearch(usize),
    Path,
    TailSearch(usize),
    Choice,
}

/// The classic planner's decision shown a part at a time, as a run the player steps: at
/// step 0 the whole decision is drawn; then its food search, a few cells a step, the path,
/// the virtual snake's search for its tail, and the choice, each part starting on a step of
/// its own. Stepping back shows less of it again.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecisionReveal {
    parts: Vec<Reveal>,
    /// How many parts are shown: 0 is the whole decision, k shows up to `parts[k - 1]`.
    shown: usize,
}

/// Cells of a search shown at one step.
const CELLS_A_STEP: usize = 4;

impl DecisionReveal {
    pub fn of(decision: &Decision) -> DecisionReveal {
        let cells = |flood: &Option<crate::games::snake::field::Flood>| {
            flood.as_ref().map_or(0, |f| f.order.len())
        };
        let mut parts: Vec<Reveal> = (0..cells(&decision.food)).map(Reveal::FoodSearch).collect();
        parts.extend(decision.path.as_ref().map(|_| Reveal::Path));
        parts.extend((0..cells(&decision.virtual_tail)).map(Reveal::TailSearch));
        parts.push(Reveal::Choice);
        DecisionReveal { parts, shown: 0 }
    }

    /// The last part shown; None while the whole decision is drawn.
    pub fn shown(&self) -> Option<Reveal> {
        self.parts.get(self.shown.checked_sub(1)?).copied()
    }
}

impl Watched for DecisionReveal {
    fn standing(&self) -> Standing {
        let (position, known) = (self.shown, self.parts.len());
        let at_end = position == known;
        Standing {
            position,
            known,
            finished: true,
            at_end,
        }
    }

    fn step(&mut self) -> bool {
        let Some(last) = self.shown.checked_sub(1) else {
            self.shown = 1.min(self.parts.len());
            return !self.parts.is_empty();
        };
        if self.shown == self.parts.len() {
            return false;
        }
        let phase = |i: usize| std::mem::discriminant(&self.parts[i]);
        let chunk = match self.parts[last] {
            Reveal::FoodSearch(_) | Reveal::TailSearch(_) => CELLS_A_STEP,
            _ => 1,
        };
        let furthest = (last + chunk).min(self.parts.len() - 1);
        // A part begins on a step of its own.
        let next = (last + 1..=furthest)
            .find(|&i| phase(i) != phase(last))
            .unwrap_or(furthest);
        self.shown = next + 1;
        true
    }

    fn seek(&mut self, target: usize) {
        self.shown = target.min(self.parts.len());
    }
}

const CLASSIC: [&str; 7] = [
    "snake-code-classic-1",
    "snake-code-classic-2",
    "snake-code-classic-3",
    "snake-code-classic-4",
    "snake-code-classic-5",
    "snake-code-classic-6",
    "snake-code-classic-7",
];

const CYCLE: [&str; 5] = [
    "snake-code-cycle-1",
    "snake-code-cycle-2",
    "snake-code-cycle-3",
    "snake-code-cycle-4",
    "snake-code-cycle-5",
];

fn lines(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|key| crate::i18n::tr(key, None)).collect()
}

/// The classic planner's decision in pseudo-code.
pub fn classic_pseudocode() -> Vec<String> {
    lines(&CLASSIC)
}

/// The cycle planner's decision in pseudo-code.
pub fn cycle_pseudocode() -> Vec<String> {
    lines(&CYCLE)
}

/// The lines (1-based) of the classic listing for the part of `decision` shown (`None`: the
/// whole decision).
pub fn classic_active(decision: &Decision, shown: Option<Reveal>) -> Vec<usize> {
    let choice = match decision.branch {
        Branch::Food => vec![5],
        Branch::FollowTail => vec![6],
        Branch::Survive | Branch::Doomed => vec![7],
    };
    match shown {
        Some(Reveal::FoodSearch(_)) => vec![1],
        Some(Reveal::Path) => vec![2, 3],
        Some(Reveal::TailSearch(_)) => vec![4, 5],
        Some(Reveal::Choice) => choice,
        None => {
            let mut all = vec![1];
            if decision.path.is_some() {
                all.extend([2, 3, 4]);
            }
            all.extend(choice);
            all
        }
    }
}

/// The lines (1-based) of the cycle listing that `choice` went through.
pub fn cycle_active(choice: &CycleChoice) -> Vec<usize> {
    if choice.reason.key().starts_with("realign") {
        vec![1, 2, 5]
    } else if choice.path.is_some() {
        vec![1, 2, 3, 4]
    } else {
        vec![1, 2, 4]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::snake::SnakeGame;
    use crate::games::snake::classic;
    use crate::grid::{Grid, Pos};

    #[test]
    fn each_part_of_a_classic_decision_lights_its_own_lines() {
        let game = SnakeGame::from_parts(
            &Grid::new(8, 8, false),
            &[Pos::new(2, 2), Pos::new(1, 2), Pos::new(0, 2)],
            Some(Pos::new(6, 2)),
            1,
        )
        .unwrap();
        let decision = classic::decide(&game);
        assert_eq!(decision.branch, Branch::Food);
        assert_eq!(classic_active(&decision, Some(Reveal::FoodSearch(0))), [1]);
        assert_eq!(classic_active(&decision, Some(Reveal::Path)), [2, 3]);
        assert_eq!(
            classic_active(&decision, Some(Reveal::TailSearch(2))),
            [4, 5]
        );
        assert_eq!(classic_active(&decision, Some(Reveal::Choice)), [5]);
        assert_eq!(classic_active(&decision, None), [1, 2, 3, 4, 5]);
        let listing = classic_pseudocode();
        assert!(listing[0].contains("BFS from the food"), "{}", listing[0]);
        assert!(listing[4].contains("tail"), "{}", listing[4]);
    }

    #[test]
    fn a_decision_is_stepped_a_part_at_a_time_and_back() {
        let game = SnakeGame::from_parts(
            &Grid::new(8, 8, false),
            &[Pos::new(2, 2), Pos::new(1, 2), Pos::new(0, 2)],
            Some(Pos::new(6, 2)),
            1,
        )
        .unwrap();
        let mut reveal = DecisionReveal::of(&classic::decide(&game));
        assert_eq!(reveal.shown(), None, "the whole decision first");
        let (mut shown, mut positions) = (vec![], vec![]);
        while reveal.step() {
            shown.push(reveal.shown().expect("a part"));
            positions.push(reveal.position());
        }
        assert_eq!(shown[0], Reveal::FoodSearch(0));
        assert_eq!(shown[1], Reveal::FoodSearch(CELLS_A_STEP));
        let path = shown
            .iter()
            .position(|&r| r == Reveal::Path)
            .expect("the path");
        assert!(matches!(shown[path - 1], Reveal::FoodSearch(_)));
        assert_eq!(
            shown[path + 1],
            Reveal::TailSearch(0),
            "a part on a step of its own"
        );
        assert_eq!(shown.last(), Some(&Reveal::Choice));
        assert!(reveal.at_end() && reveal.finished());
        reveal.seek(positions[path - 1]);
        assert_eq!(
            reveal.shown(),
            Some(shown[path - 1]),
            "a seek back shows less"
        );
        reveal.seek(reveal.position() - 1);
        assert!(matches!(reveal.shown(), Some(Reveal::FoodSearch(_))));
        reveal.seek(0);
        assert_eq!(reveal.shown(), None);
    }

    #[test]
    fn the_cycle_listing_lights_the_shortcut_the_cycle_or_the_join() {
        use crate::grid::Dir;
        use crate::i18n::Message;
        let choice = |path: Option<Vec<Pos>>, key: &'static str| CycleChoice {
            choice: Dir::Up,
            path,
            cycle: vec![],
            reason: Message::new(key),
        };
        let shortcut = choice(Some(vec![Pos::new(0, 0)]), "cycle-uphill");
        assert_eq!(cycle_active(&shortcut), [1, 2, 3, 4]);
        assert_eq!(cycle_active(&choice(None, "cycle-food-behind")), [1, 2, 4]);
        assert_eq!(cycle_active(&choice(None, "realign-follow")), [1, 2, 5]);
        assert_eq!(cycle_pseudocode().len(), 5);
    }
}
