//! The Snake planners in pseudo-code, with the lines of the part of the decision shown
//! highlighted: the classic planner's distance field, path, virtual snake and tail check,
//! and the cycle planner's choice between its cycle, a shortcut and joining a cycle.

use crate::games::snake::classic::{Branch, Decision};
use crate::games::snake::planner::CycleChoice;

/// One thing the classic planner looked at, in order, for stepping through a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    FoodSearch(usize),
    Path,
    TailSearch(usize),
    Choice,
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
