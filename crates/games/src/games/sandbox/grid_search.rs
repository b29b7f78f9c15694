//! A search over a board, whichever engine runs it, with what only a board's searches can
//! show: the generic [`Run`] knows nothing of cells, so the scan trail, repairs while
//! painting and lines of sight are asked here, and answered by the engines that have them.

use super::GridProblem;
use crate::grid::Pos;
use crate::search::recorded::Recorded;
use crate::search::{BiSearch, Deepening, NodeStatus, Run, Search, Side};

/// A line of sight a step checked: from `from` to `to`, and whether it was clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SightCheck {
    pub from: Pos,
    pub to: Pos,
    pub clear: bool,
}

/// Any engine's run over a board, behind one box.
pub trait GridSearch: Run<Problem = GridProblem> + CloneGridSearch {
    /// Whether `pos` is on the frontier or visited, and on which side: what a cell's colour
    /// shows, asked of every cell on a redraw, so an engine whose [`Run::node`] works out
    /// more than that (D* Lite's move towards the goal) answers it on its own.
    fn status(&self, pos: Pos) -> Option<(Side, NodeStatus)> {
        self.node(&pos).map(|view| (view.side, view.status))
    }

    /// Every cell this search would not draw as unseen: its nodes, and whatever else it
    /// marks (JPS's scanned trail). A redraw after a step back in time repaints these
    /// rather than the whole board, which on 3000 x 3000 took most of a tenth of a second.
    fn for_each_marked(&self, visit: &mut dyn FnMut(Pos)) {
        self.for_each_node(&mut |pos, _| visit(*pos));
    }

    /// Whether a scan passed over `pos` without making it a node (JPS).
    fn scanned(&self, _pos: Pos) -> bool {
        false
    }

    /// The change of `pos` to `terrain`, repaired by the steps that follow (D* Lite); false
    /// when the search cannot repair.
    fn repair_cell(&mut self, _pos: Pos, _terrain: u8) -> bool {
        false
    }

    /// The lines of sight the latest step checked (Theta*).
    fn sight_checks(&self) -> &[SightCheck] {
        &[]
    }

    /// Starts over on `problem` (another start and goal on a board of the same size) in
    /// this search's memory, as [`Search::restart`] does; false when this search cannot.
    fn restart_on(&mut self, _problem: &GridProblem) -> bool {
        false
    }
}

/// A copy of a boxed search: every search that is `Clone`.
pub trait CloneGridSearch {
    fn boxed_clone(&self) -> Box<dyn GridSearch>;
}

impl<S: GridSearch + Clone + 'static> CloneGridSearch for S {
    fn boxed_clone(&self) -> Box<dyn GridSearch> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn GridSearch> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

impl GridSearch for Search<GridProblem> {
    fn restart_on(&mut self, problem: &GridProblem) -> bool {
        self.restart(problem.clone());
        true
    }
}
impl GridSearch for BiSearch<GridProblem> {}
impl GridSearch for Deepening<GridProblem> {}
impl GridSearch for Recorded<GridProblem> {}
