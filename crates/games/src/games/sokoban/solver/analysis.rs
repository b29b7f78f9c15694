//! What can be known about a level before searching: its squares numbered, who neighbours
//! whom, the dead squares (where a box can never reach a goal), and how many pushes each
//! square is from each goal when no other box is in the way.

use std::collections::VecDeque;

use crate::games::sokoban::level::Level;
use crate::grid::{Dir, Grid, Pos};

/// "No square" in the neighbour table.
pub const NONE: u16 = u16::MAX;

/// "Unreachable" in the push-distance table.
pub const FAR: u16 = u16::MAX;

/// A level's static facts, with its inside squares numbered 0..len.
#[derive(Debug)]
pub struct Analysis {
    pub width: usize,
    pub height: usize,
    /// The board position of each numbered square.
    pub positions: Vec<Pos>,
    /// The number of each board square, if it is inside.
    pub index: Grid<u16>,
    /// neighbours[square][dir] (in `Dir::ALL` order), or NONE at a wall.
    pub neighbours: Vec<[u16; 4]>,
    pub goal: Vec<bool>,
    pub goals: Vec<u16>,
    /// A box here can never be brought to any goal.
    pub dead: Vec<bool>,
    /// distance[g][s]: pushes to bring a box from square s to goal number g, alone.
    pub distance: Vec<Vec<u16>>,
}

impl Analysis {
    /// Analyses a level that passed [`Level::check`].
    pub fn new(level: &Level) -> Analysis {
        let inside = level.inside();
        let mut index = Grid::new(level.width(), level.height(), NONE);
        let mut positions = vec![];
        for pos in level.positions() {
            if inside[pos] && !level.is_wall(pos) {
                index.set(pos, positions.len() as u16);
                positions.push(pos);
            }
        }
        let square = |p: Pos| index.get(p).copied().unwrap_or(NONE);
        let neighbours: Vec<[u16; 4]> = positions
            .iter()
            .map(|&p| Dir::ALL.map(|d| square(p.step(d))))
            .collect();
        let goal: Vec<bool> = positions.iter().map(|&p| level.is_goal(p)).collect();
        let goals: Vec<u16> = (0..positions.len() as u16)
            .filter(|&s| goal[s as usize])
            .collect();
        let distance: Vec<Vec<u16>> = goals
            .iter()
            .map(|&g| pull_distances(&neighbours, g))
            .collect();
        let dead = (0..positions.len())
            .map(|s| distance.iter().all(|d| d[s] == FAR))
            .collect();
        Analysis {
            width: level.width(),
            height: level.height(),
            positions,
            index,
            neighbours,
            goal,
            goals,
            dead,
            distance,
        }
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The number of a board position, if it is an inside square.
    pub fn square(&self, pos: Pos) -> Option<u16> {
        self.index.get(pos).copied().filter(|&s| s != NONE)
    }

    /// The board positions of the dead squares.
    pub fn dead_positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.positions
            .iter()
            .zip(&self.dead)
            .filter(|&(_, &dead)| dead)
            .map(|(&pos, _)| pos)
    }

    #[inline]
    pub fn next(&self, square: u16, dir: Dir) -> u16 {
        self.neighbours[square as usize][dir.index()]
    }
}

/// Pushes needed to bring a lone box from each square to `goal`: a breadth-first search of
/// *pulls* out of the goal (a box at b can be pulled to b + d when the player can stand at
/// b + d and step back to b + 2d).
pub fn pull_distances(neighbours: &[[u16; 4]], goal: u16) -> Vec<u16> {
    let mut distance = vec![FAR; neighbours.len()];
    distance[goal as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        for (d, &to) in neighbours[b as usize].iter().enumerate() {
            if to == NONE {
                continue;
            }
            let player_to = neighbours[to as usize][d];
            if player_to != NONE && distance[to as usize] == FAR {
                distance[to as usize] = distance[b as usize] + 1;
                queue.push_back(to);
            }
        }
    }
    distance
}

/// Pushes needed to bring a lone box from `from` to each square: a breadth-first search of
/// pushes (a box at b can be pushed to b + d when the player can stand at b - d). Read the
/// other way, it is how many pulls bring a box from each square back to `from`.
pub fn push_distances(neighbours: &[[u16; 4]], from: u16) -> Vec<u16> {
    let mut distance = vec![FAR; neighbours.len()];
    distance[from as usize] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(b) = queue.pop_front() {
        for dir in Dir::ALL {
            let to = neighbours[b as usize][dir.index()];
            let behind = neighbours[b as usize][dir.opposite().index()];
            if to != NONE && behind != NONE && distance[to as usize] == FAR {
                distance[to as usize] = distance[b as usize] + 1;
                queue.push_back(to);
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_level;

    #[test]
    fn corners_and_walls_without_goals_are_dead() {
        let level = parse_level("#######\n#     #\n# $@. #\n#     #\n#######\n").unwrap();
        let a = Analysis::new(&level);
        let dead = |x, y| a.dead[a.square(Pos::new(x, y)).unwrap() as usize];
        assert!(dead(1, 1) && dead(5, 3), "corners");
        assert!(dead(3, 1), "along a wall with no goal on it");
        assert!(
            !dead(2, 2) && !dead(4, 2),
            "the middle row leads to the goal"
        );
        let listed: Vec<Pos> = a.dead_positions().collect();
        assert_eq!(listed.len(), a.dead.iter().filter(|&&d| d).count());
        assert!(listed.contains(&Pos::new(1, 1)) && !listed.contains(&Pos::new(2, 2)));
        let goal = 0;
        assert_eq!(
            a.distance[goal][a.square(Pos::new(2, 2)).unwrap() as usize],
            2
        );
    }
}
