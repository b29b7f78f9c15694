//! Boxes frozen on goals. A box that can move along neither axis never moves again; on a
//! goal that is no deadlock, but for the rest of the level it is a wall. Other boxes may
//! now be cut off from the goals still free (a box parked in the mouth of a goal corridor
//! seals every goal behind it), which the matching only notices if its push distances are
//! worked out again with those boxes as walls. Those distances are kept per set of frozen
//! boxes, since few sets occur in one search.

use std::sync::Arc;

use super::analysis::{Analysis, NONE, pull_distances};
use super::freeze_deadlock::is_frozen;
use crate::search::FxHashMap;

/// Push distances with some boxes frozen in place.
#[derive(Debug)]
pub struct FrozenTables {
    /// The goals not under a frozen box.
    pub goals: Vec<u16>,
    /// distance[j][s]: pushes to bring a lone box from square s to `goals[j]`, the frozen
    /// boxes being walls.
    pub distance: Vec<Vec<u16>>,
}

/// Tables by frozen set, bounded so that a level producing many sets cannot fill memory.
#[derive(Clone, Debug, Default)]
pub struct FrozenCache {
    tables: FxHashMap<Box<[u16]>, Arc<FrozenTables>>,
}

const MOST_TABLES: usize = 1024;

impl FrozenCache {
    /// The tables for boxes frozen on `frozen` (sorted squares).
    pub fn tables(&mut self, analysis: &Analysis, frozen: &[u16]) -> Arc<FrozenTables> {
        if let Some(tables) = self.tables.get(frozen) {
            return tables.clone();
        }
        if self.tables.len() >= MOST_TABLES {
            self.tables.clear();
        }
        let tables = Arc::new(work_out(analysis, frozen));
        self.tables.insert(frozen.into(), tables.clone());
        tables
    }
}

fn work_out(analysis: &Analysis, frozen: &[u16]) -> FrozenTables {
    let mut neighbours = analysis.neighbours.clone();
    for sides in &mut neighbours {
        for side in sides.iter_mut() {
            if *side != NONE && frozen.binary_search(side).is_ok() {
                *side = NONE;
            }
        }
    }
    let goals: Vec<u16> = (analysis.goals.iter().copied())
        .filter(|g| frozen.binary_search(g).is_err())
        .collect();
    let distance = goals
        .iter()
        .map(|&g| pull_distances(&neighbours, g))
        .collect();
    FrozenTables { goals, distance }
}

/// The boxes of `boxes` that stand frozen on goals, sorted; `occupied` marks every box.
pub fn frozen_on_goals(analysis: &Analysis, occupied: &[bool], boxes: &[u16], out: &mut Vec<u16>) {
    out.clear();
    out.extend(
        (boxes.iter().copied())
            .filter(|&b| analysis.goal[b as usize] && is_frozen(analysis, occupied, b)),
    );
}

#[cfg(test)]
mod tests {
    use crate::games::sokoban::level::parse_level;
    use crate::games::sokoban::solver::{Sokoban, SokobanProblem};
    use crate::search::{Algorithm, Event, Problem, Search};

    fn start_bound(text: &str) -> f64 {
        let problem = SokobanProblem::pushes(Sokoban::new(&parse_level(text).unwrap()));
        problem.heuristic(&problem.start())
    }

    /// The box in the corner at the foot of the goal corridor can never move, and the
    /// player would have to stand on it to push a box up the corridor.
    const SEALED: &str = "#######\n#.#####\n#.#####\n#     #\n#* $  #\n##  $ #\n##   @#\n#######\n";

    #[test]
    fn a_box_frozen_on_a_goal_seals_the_goals_behind_it() {
        assert_eq!(start_bound(SEALED), f64::INFINITY);
        let problem = SokobanProblem::pushes(Sokoban::new(&parse_level(SEALED).unwrap()));
        let mut search = Search::new(problem, Algorithm::AStar);
        assert_eq!(
            search.next(),
            Some(Event::Exhausted),
            "the start is known hopeless"
        );
        assert!(search.problem().sokoban().prunes().matchings > 0);
    }

    #[test]
    fn the_same_corridor_with_its_foot_free_keeps_a_finite_bound() {
        // The goal in the corner is empty and the third box waits in the room instead.
        let open = "#######\n#.#####\n#.#####\n#  $  #\n#. $  #\n##  $ #\n##   @#\n#######\n";
        let bound = start_bound(open);
        assert!(bound.is_finite(), "{bound}");
    }
}
