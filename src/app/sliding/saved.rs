//! What the Sliding puzzle tab remembers between runs, and how it comes back, field by field:
//! a field that cannot be used is reset alone, and said so.

use super::{SlidingTab, first_search};
use crate::app::code::CodeSaved;
use crate::app::persistence::{Fields, Restorer};
use crate::app::tab::Restore;
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{
    BestResults, Goal, MAX_SIDE, MIN_SIDE, Position, PuzzleHeuristic, Shuffle, position_text,
    shuffled,
};

/// What the tab remembers: the puzzle, the game's start, the search chosen, the bests.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SlidingSaved {
    pub side: usize,
    pub goal: Goal,
    #[serde(with = "position_text")]
    pub start: Position,
    pub shuffle_moves: usize,
    pub seed: u64,
    pub algorithm: PathAlgorithm,
    pub heuristic: PuzzleHeuristic,
    pub speed: usize,
    pub best: BestResults,
    /// The student's program and the search it is checked against.
    #[serde(default)]
    pub code: CodeSaved,
}

impl Default for SlidingSaved {
    fn default() -> Self {
        // 八数码 as Chinese courses pose it: the snail goal, shuffled by 20 moves.
        let goal = Goal::Snail.position(3);
        SlidingSaved {
            side: 3,
            goal: Goal::Snail,
            start: shuffled(goal, Shuffle::Moves(20), 1),
            shuffle_moves: 40,
            seed: 1,
            algorithm: first_search(),
            heuristic: PuzzleHeuristic::Manhattan,
            speed: 5,
            best: BestResults::default(),
            code: CodeSaved::default(),
        }
    }
}

impl Restore for SlidingTab {
    fn restore(saved: Option<&Fields>) -> (Self, Vec<String>) {
        let mut r = Restorer::new(crate::tr!("part-sliding"), saved);
        let d = SlidingSaved::default();
        let side = r.checked("side", d.side, |side: &usize| {
            if (MIN_SIDE..=MAX_SIDE).contains(side) {
                Ok(())
            } else {
                Err(crate::tr!(
                    "saved-sliding-side",
                    min = MIN_SIDE,
                    max = MAX_SIDE,
                    side = *side
                ))
            }
        });
        let goal = r.checked("goal", d.goal, |goal: &Goal| match goal {
            Goal::Custom(p) if p.side() != side => {
                Err(crate::tr!("saved-sliding-goal-size", side = side))
            }
            _ => Ok(()),
        });
        let goal_position = goal.position(side);
        let first_start = if d.start.reaches(goal_position).is_ok() {
            d.start
        } else {
            shuffled(goal_position, Shuffle::Moves(d.shuffle_moves), d.seed)
        };
        let start_text = r.checked("start", first_start.to_string(), |text: &String| {
            Position::parse(text)
                .and_then(|start| start.reaches(goal_position))
                .map_err(String::from)
        });
        let start = Position::parse(&start_text).unwrap_or(first_start);
        let best = r.checked("best", d.best, |best: &BestResults| {
            match best.first_impossible() {
                Some((key, _)) => Err(crate::tr!("saved-sliding-best", key = key)),
                None => Ok(()),
            }
        });
        let saved = SlidingSaved {
            side,
            goal,
            start,
            shuffle_moves: r.field("shuffle_moves", d.shuffle_moves).clamp(1, 500),
            seed: r.field("seed", d.seed),
            algorithm: r.checked("algorithm", d.algorithm, |a: &PathAlgorithm| {
                if super::offered().contains(a) || a.is_your_code() {
                    Ok(())
                } else {
                    Err(crate::tr!("saved-sliding-search", search = a.code()))
                }
            }),
            heuristic: r.field("heuristic", d.heuristic),
            speed: r.field("speed", d.speed),
            best,
            code: r.field("code", CodeSaved::default()),
        };
        (SlidingTab::new(saved), r.finish())
    }
}
