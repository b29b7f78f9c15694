//! The Snake board as a search problem: walk from a cell to another through cells that are
//! neither walls nor blocked (by the snake's body), one step costing 1.

use crate::grid::{Dir, Grid, Pos};
use crate::search::{Algorithm, Cost, Problem, Search};

#[derive(Clone, Debug)]
pub struct Field {
    pub blocked: Grid<bool>,
    pub start: Pos,
    /// None: no goal, the search floods everything it can reach.
    pub goal: Option<Pos>,
}

impl Problem for Field {
    type State = Pos;

    fn start(&self) -> Pos {
        self.start
    }

    fn is_goal(&self, pos: &Pos) -> bool {
        self.goal == Some(*pos)
    }

    fn successors(&self, pos: &Pos, out: &mut Vec<(Pos, Cost)>) {
        for dir in Dir::ALL {
            let next = pos.step(dir);
            if !self.blocked.get(next).copied().unwrap_or(true) {
                out.push((next, 1.0));
            }
        }
    }

    fn state_space_size(&self) -> Option<usize> {
        Some(self.blocked.width() * self.blocked.height())
    }

    fn state_index(&self, pos: &Pos) -> Option<usize> {
        self.blocked.index(*pos)
    }
}

/// A breadth-first search run to the end: the distance of every cell it reached, and the
/// order in which it expanded them (for showing the frontier growing).
#[derive(Clone, Debug)]
pub struct Flood {
    pub distance: Grid<Option<u32>>,
    pub order: Vec<Pos>,
    /// Whether the goal was reached (when there was one).
    pub reached: bool,
}

/// Runs BFS over `field` through the stepping engine, to the goal or to exhaustion.
pub fn flood(field: Field) -> Flood {
    let (width, height) = (field.blocked.width(), field.blocked.height());
    let mut search = Search::new(field, Algorithm::Bfs);
    let mut order = vec![];
    let mut reached = false;
    while let Some(event) = search.next() {
        if let Some(node) = search.last_expanded() {
            order.push(*search.state(node));
        }
        reached |= matches!(event, crate::search::Event::Found { .. });
    }
    let mut distance = Grid::new(width, height, None);
    for node in search.nodes() {
        distance.set(*search.state(node), Some(search.depth(node)));
    }
    Flood {
        distance,
        order,
        reached,
    }
}
