//! Freeze deadlocks: a box that can move along neither axis, because walls, dead squares or
//! other frozen boxes hold it, stays where it is forever; if it (or a box freezing it) is
//! not on a goal, the position is lost.

use super::analysis::{Analysis, NONE};
use crate::grid::Dir;

/// Whether the box just pushed to `square` is frozen off a goal, with boxes on the squares
/// where `occupied` is true (including `square`).
pub fn frozen_off_goal(analysis: &Analysis, occupied: &[bool], square: u16) -> bool {
    let mut held = Vec::with_capacity(8);
    let mut off_goal = false;
    frozen(analysis, occupied, square, &mut held, &mut off_goal) && off_goal
}

/// Whether the box on `square` can never move again, with boxes on the squares where
/// `occupied` is true.
pub fn is_frozen(analysis: &Analysis, occupied: &[bool], square: u16) -> bool {
    let mut held = Vec::with_capacity(8);
    frozen(analysis, occupied, square, &mut held, &mut false)
}

/// Whether the box on `square` is frozen, treating the boxes in `held` as walls (they are
/// being examined further up the recursion, so cycles end).
fn frozen(
    analysis: &Analysis,
    occupied: &[bool],
    square: u16,
    held: &mut Vec<u16>,
    off_goal: &mut bool,
) -> bool {
    held.push(square);
    let result = blocked(
        analysis,
        occupied,
        square,
        Dir::Left,
        Dir::Right,
        held,
        off_goal,
    ) && blocked(
        analysis,
        occupied,
        square,
        Dir::Up,
        Dir::Down,
        held,
        off_goal,
    );
    held.pop();
    if result && !analysis.goal[square as usize] {
        *off_goal = true;
    }
    result
}

/// Whether the box on `square` cannot move along the axis of `a` and `b`.
fn blocked(
    analysis: &Analysis,
    occupied: &[bool],
    square: u16,
    a: Dir,
    b: Dir,
    held: &mut Vec<u16>,
    off_goal: &mut bool,
) -> bool {
    let (sa, sb) = (analysis.next(square, a), analysis.next(square, b));
    let wall = |s: u16| s == NONE || held.contains(&s);
    if wall(sa) || wall(sb) {
        return true;
    }
    if analysis.dead[sa as usize] && analysis.dead[sb as usize] {
        return true;
    }
    (occupied[sa as usize] && frozen(analysis, occupied, sa, held, off_goal))
        || (occupied[sb as usize] && frozen(analysis, occupied, sb, held, off_goal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_level;
    use crate::grid::Pos;

    fn check(text: &str, at: Pos) -> bool {
        let level = parse_level(text).unwrap();
        let analysis = Analysis::new(&level);
        let mut occupied = vec![false; analysis.len()];
        for b in level.boxes() {
            occupied[analysis.square(b).unwrap() as usize] = true;
        }
        frozen_off_goal(&analysis, &occupied, analysis.square(at).unwrap())
    }

    #[test]
    fn two_boxes_against_a_wall_freeze_each_other() {
        // The pair on the top row: each holds the other along the wall.
        let level = "########\n#  $$  #\n#      #\n#@ ..  #\n########\n";
        assert!(check(level, Pos::new(3, 1)));
    }

    #[test]
    fn a_box_that_can_still_move_is_not_frozen() {
        let level = "#######\n#     #\n# $$  #\n#@..  #\n#######\n";
        assert!(!check(level, Pos::new(2, 2)));
    }

    #[test]
    fn frozen_boxes_on_goals_are_fine() {
        let level = "########\n# .**. #\n#  $$  #\n#@     #\n########\n";
        assert!(!check(level, Pos::new(3, 1)));
    }
}
