//! What the link search has reached so far, cell by cell, for drawing: the fewest turns
//! each visited cell was reached with, and the cells waiting in the frontier.

use super::finder::{LinkProblem, LinkState};
use crate::grid::{Grid, Pos};
use crate::search::{NodeStatus, Search};

/// Cells of the board with its ring: cell (x, y) of the play area is (x + 1, y + 1).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchTints {
    /// The fewest turns a visited cell was reached with.
    pub reached: Grid<Option<u32>>,
    /// Cells reached only by nodes still in the frontier.
    pub frontier: Grid<bool>,
}

impl SearchTints {
    /// The tints of `search` on a `width` x `height` board.
    pub fn of(search: &Search<LinkProblem>, width: usize, height: usize) -> SearchTints {
        let mut reached: Grid<Option<u32>> = Grid::new(width + 2, height + 2, None);
        let mut frontier = Grid::new(width + 2, height + 2, false);
        for node in search.nodes() {
            let (p, _): LinkState = *search.state(node);
            let v = Pos::new(p.x + 1, p.y + 1);
            let turns = search.g(node) as u32;
            if search.status(node) == NodeStatus::Visited {
                if reached.get(v).copied().flatten().is_none_or(|t| turns < t) {
                    reached.set(v, Some(turns));
                }
            } else {
                frontier.set(v, true);
            }
        }
        SearchTints { reached, frontier }
    }
}
