//! Boxes a player has already lost: off a goal and either on a dead square or frozen. The
//! same facts the solver prunes with, told to the player the moment they happen.

use super::analysis::Analysis;
use super::freeze_deadlock::is_frozen;
use crate::grid::Pos;

/// The boxes (of `boxes`, on `analysis`'s level) that can never reach a goal.
pub fn stuck_boxes(analysis: &Analysis, boxes: &[Pos]) -> Vec<Pos> {
    let squares: Vec<Option<u16>> = boxes.iter().map(|&b| analysis.square(b)).collect();
    let mut occupied = vec![false; analysis.len()];
    for &s in squares.iter().flatten() {
        occupied[s as usize] = true;
    }
    boxes
        .iter()
        .zip(&squares)
        .filter_map(|(&pos, &square)| {
            let s = square? as usize;
            let lost =
                !analysis.goal[s] && (analysis.dead[s] || is_frozen(analysis, &occupied, s as u16));
            lost.then_some(pos)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_level;

    #[test]
    fn a_box_in_a_corner_or_frozen_against_a_wall_is_stuck_and_a_free_one_is_not() {
        let level = parse_level(
            "########\n\
             #.$$ ..#\n\
             #      #\n\
             #  @ $ #\n\
             #$    .#\n\
             ########\n",
        )
        .unwrap();
        let analysis = Analysis::new(&level);
        let boxes: Vec<Pos> = level.boxes().collect();
        let stuck = stuck_boxes(&analysis, &boxes);
        assert!(stuck.contains(&Pos::new(1, 4)), "in a corner");
        assert!(
            !analysis.dead[analysis.square(Pos::new(2, 1)).unwrap() as usize],
            "the goal at the end of the top wall keeps its squares alive"
        );
        assert!(
            stuck.contains(&Pos::new(2, 1)) && stuck.contains(&Pos::new(3, 1)),
            "two boxes side by side against a wall hold each other"
        );
        assert!(!stuck.contains(&Pos::new(5, 3)), "free in the middle");
        assert_eq!(stuck.len(), 3);
    }
}
