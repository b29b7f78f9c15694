use std::sync::Arc;

use super::move_order::{DIAGONAL, MOVES};
use super::{Board, Heuristic, MAX_TERRAINS};
use crate::grid::Pos;
use crate::search::{Cost, Problem, ReversibleProblem};

/// The side of the square tiles [`GridProblem`] numbers its cells by (4 x 4 cells of four
/// bytes each fill one 64-byte cache line).
const TILE: usize = 4;

/// Which neighbours a cell has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Connectivity {
    /// Up, right, down, left.
    Four,
    /// Also the diagonals, at sqrt 2 times the cost, and only when both orthogonal cells
    /// beside the diagonal are passable (no cutting corners).
    Eight,
}

/// The search problem a board poses: get from `start` to `goal` as cheaply as possible.
#[derive(Clone)]
pub struct GridProblem {
    board: Arc<Board>,
    /// Step cost of each legend entry; infinite for walls. Looking a cell's cost up by its
    /// one-byte terrain keeps the board's working set small (cache-friendly on big boards).
    terrain_costs: [Cost; MAX_TERRAINS],
    /// The step cost shared by every passable terrain, when they all cost the same (most
    /// maps): then no cell's terrain needs reading to price a move.
    uniform_cost: Option<Cost>,
    pub start: Pos,
    pub goal: Pos,
    pub connectivity: Connectivity,
    pub heuristic: Heuristic,
    /// The board's size, and its width in tiles, kept here: every successor's number is
    /// worked out from them, and reading them through the board cost two loads each time.
    width: u32,
    height: u32,
    tiles_across: usize,
    /// How a cell's number changes with each move, by where the cell sits in its tile:
    /// `index_steps[slot][move]`, `slot` being the low four bits of the cell's number.
    index_steps: [[isize; 8]; TILE * TILE],
}

impl GridProblem {
    pub fn new(board: Arc<Board>, connectivity: Connectivity, heuristic: Heuristic) -> Self {
        let mut terrain_costs = [Cost::INFINITY; MAX_TERRAINS];
        for (slot, terrain) in terrain_costs.iter_mut().zip(board.legend()) {
            *slot = terrain.cost.unwrap_or(Cost::INFINITY);
        }
        let tiles_across = board.width().div_ceil(TILE);
        GridProblem {
            width: board.width() as u32,
            height: board.height() as u32,
            tiles_across,
            index_steps: index_steps(tiles_across),
            uniform_cost: board.uniform_step_cost(),
            start: board.start,
            goal: board.goal,
            board,
            terrain_costs,
            connectivity,
            heuristic,
        }
    }

    /// The same problem between two other cells.
    pub fn between(mut self, start: Pos, goal: Pos) -> Self {
        self.start = start;
        self.goal = goal;
        self
    }

    /// The step cost every passable cell shares, if they all cost the same.
    pub fn uniform_cost(&self) -> Option<Cost> {
        self.uniform_cost
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// Whether `pos` is on the board (a negative coordinate, as unsigned, is too large).
    #[inline]
    fn on_board(&self, pos: Pos) -> bool {
        (pos.x as u32) < self.width && (pos.y as u32) < self.height
    }

    #[inline]
    fn index(&self, pos: Pos) -> Option<usize> {
        self.on_board(pos)
            .then(|| pos.y as usize * self.width as usize + pos.x as usize)
    }

    /// What stepping orthogonally onto `pos` costs; `None` for walls and off the board.
    #[inline]
    pub fn step_cost(&self, pos: Pos) -> Option<Cost> {
        let terrain = self.board.cells().cells()[self.index(pos)?];
        let cost = self.terrain_costs[terrain as usize % MAX_TERRAINS];
        cost.is_finite().then_some(cost)
    }

    /// Every cell next to `pos` that a move can connect with it, with the move's length
    /// (1 or sqrt 2), the neighbour's step cost and the move's place in
    /// [`MOVES`](super::moves::MOVES), in that order (the tie-break order of BFS and DFS).
    /// Moves are symmetric, so these are both successors and predecessors.
    #[inline]
    fn neighbours(&self, pos: Pos, mut visit: impl FnMut(Pos, Cost, Cost, usize)) {
        let Some(index) = self.index(pos) else {
            return;
        };
        let mut moves = match self.connectivity {
            // Four moves need no corner checks: testing each neighbour directly lets the
            // processor fetch all four at once, where reading the move set first would
            // make every fetch wait for it (it shows on boards far larger than the cache).
            Connectivity::Four => MOVES[..4]
                .iter()
                .enumerate()
                .filter(|(_, (dx, dy))| self.step_cost(pos.offset(*dx, *dy)).is_some())
                .fold(0, |moves, (i, _)| moves | 1 << i),
            Connectivity::Eight => self.board.move_sets()[index],
        };
        let cells = self.board.cells().cells();
        let width = self.width as isize;
        // One call of `visit`, so that the compiler inlines it (the search's whole handling
        // of a successor): with a second one it made it a function call per successor.
        while moves != 0 {
            let i = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (dx, dy) = MOVES[i];
            let cost = self.uniform_cost.unwrap_or_else(|| {
                // The move set (or the test above) vouches that this neighbour is on the
                // board and passable.
                let next = (index as isize + dy as isize * width + dx as isize) as usize;
                self.terrain_costs[cells[next] as usize % MAX_TERRAINS]
            });
            let length = if i < 4 { 1.0 } else { DIAGONAL };
            visit(pos.offset(dx, dy), length, cost, i);
        }
    }

    /// The cost of `path` if it is a valid walk on this board (consecutive cells adjacent,
    /// all passable, no corner cutting, from start to goal); otherwise what is wrong.
    pub fn check_path(&self, path: &[Pos]) -> Result<Cost, String> {
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return Err("the path is empty".into());
        };
        if first != self.start || last != self.goal {
            return Err(format!(
                "the path runs from {first} to {last}, not {} to {}",
                self.start, self.goal
            ));
        }
        if self.step_cost(first).is_none() {
            return Err(format!("the path starts on a wall at {first}"));
        }
        let mut cost = 0.0;
        for pair in path.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let mut step = None;
            self.neighbours(from, |next, length, cost, _| {
                if next == to {
                    step = Some(length * cost);
                }
            });
            cost +=
                step.ok_or_else(|| format!("{from} -> {to} is not a legal move on this board"))?;
        }
        Ok(cost)
    }
}

/// [`GridProblem::index_steps`] for a board `tiles_across` tiles wide.
fn index_steps(tiles_across: usize) -> [[isize; 8]; TILE * TILE] {
    let tile = TILE as isize;
    let mut steps = [[0; 8]; TILE * TILE];
    for (slot, row) in steps.iter_mut().enumerate() {
        let (x, y) = ((slot % TILE) as isize, (slot / TILE) as isize);
        for (step, &(dx, dy)) in row.iter_mut().zip(&MOVES) {
            let (nx, ny) = (x + dx as isize, y + dy as isize);
            let tiles = ny.div_euclid(tile) * tiles_across as isize + nx.div_euclid(tile);
            let within = ny.rem_euclid(tile) * tile + nx.rem_euclid(tile);
            *step = tiles * tile * tile + within - slot as isize;
        }
    }
    steps
}

impl Problem for GridProblem {
    type State = Pos;

    fn start(&self) -> Pos {
        self.start
    }

    fn is_goal(&self, pos: &Pos) -> bool {
        *pos == self.goal
    }

    #[inline]
    fn successors(&self, pos: &Pos, out: &mut Vec<(Pos, Cost)>) {
        self.neighbours(*pos, |next, length, cost, _| {
            out.push((next, length * cost))
        });
    }

    #[inline]
    fn visit_successors(
        &self,
        pos: &Pos,
        index: Option<usize>,
        _buffer: &mut Vec<(Pos, Cost)>,
        mut visit: impl FnMut(Pos, Cost, Option<usize>),
    ) {
        // A cell without a number is off the board, and has no neighbours.
        let Some(index) = index else {
            return;
        };
        let steps = &self.index_steps[index % (TILE * TILE)];
        self.neighbours(*pos, |next, length, cost, i| {
            let next_index = index.wrapping_add_signed(steps[i]);
            visit(next, length * cost, Some(next_index))
        });
    }

    #[inline]
    fn heuristic(&self, pos: &Pos) -> Cost {
        self.heuristic.estimate(*pos, self.goal)
    }

    fn state_space_size(&self) -> Option<usize> {
        let tiles = self.board.width().div_ceil(TILE) * self.board.height().div_ceil(TILE);
        Some(tiles * TILE * TILE)
    }

    /// Cells numbered tile by tile, [`TILE`] x [`TILE`] cells to a tile: the search's
    /// table of nodes by state number then keeps a cell's neighbours in one or two cache
    /// lines rather than three rows apart.
    #[inline]
    fn state_index(&self, pos: &Pos) -> Option<usize> {
        if !self.on_board(*pos) {
            return None;
        }
        let (x, y) = (pos.x as usize, pos.y as usize);
        let tile = (y / TILE) * self.tiles_across + x / TILE;
        Some(tile * TILE * TILE + (y % TILE) * TILE + x % TILE)
    }
}

impl ReversibleProblem for GridProblem {
    fn goal(&self) -> Pos {
        self.goal
    }

    fn heuristic_to_start(&self, pos: &Pos) -> Cost {
        self.heuristic.estimate(*pos, self.start)
    }

    /// Entering `pos` costs the same from every side, so a predecessor's move costs what
    /// stepping onto `pos` costs.
    fn predecessors(&self, pos: &Pos, out: &mut Vec<(Pos, Cost)>) {
        let here = self.step_cost(*pos).unwrap_or(Cost::INFINITY);
        self.neighbours(*pos, |previous, length, _, _| {
            out.push((previous, length * here))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers handed out with each successor are the numbers `state_index` gives, on
    /// boards whose sides are not whole tiles, from every cell (edges and corners too).
    #[test]
    fn successors_are_numbered_as_state_index_numbers_them() {
        for (width, height) in [(1, 1), (5, 3), (9, 14), (16, 8)] {
            let mut board = Board::new(width, height);
            // A wall here and there, so some moves are missing.
            board.paint(Pos::new(width as i32 / 2, height as i32 / 2), 1);
            let problem = GridProblem::new(Arc::new(board), Connectivity::Eight, Heuristic::Zero);
            let mut seen = 0;
            for y in 0..height as i32 {
                for x in 0..width as i32 {
                    let cell = Pos::new(x, y);
                    let index = problem.state_index(&cell);
                    problem.visit_successors(&cell, index, &mut vec![], |next, _, number| {
                        assert_eq!(number, problem.state_index(&next), "{cell} -> {next}");
                        assert!(number < problem.state_space_size());
                        seen += 1;
                    });
                }
            }
            assert!(width * height == 1 || seen > 0);
        }
    }
}
