//! Board generators. Every one takes a seed and is deterministic for it, so the seed shown
//! in the app is all it takes to make the same board again.
//!
//! The maze generators carve passages on the odd rows and columns (cells at odd x and y,
//! walls between them), so odd sizes fill the whole board; the start goes to the top-left
//! cell and the goal to the bottom-right one.

use std::fmt;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::Board;
use crate::grid::{Grid, Pos};

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Generator {
    /// Depth-first carving: long winding corridors, few branches.
    RecursiveBacktracker,
    /// Randomised Prim: grows from one cell; many short dead ends.
    Prim,
    /// Randomised Kruskal: joins random cells wherever it can; evenly spread branches.
    Kruskal,
    /// Splits rooms with walls that have one door each: long straight walls.
    RecursiveDivision,
    /// Random walls, each cell a wall with the given probability (0..1).
    Scatter { density: f64 },
}

impl Generator {
    pub const ALL: [Generator; 5] = [
        Generator::RecursiveBacktracker,
        Generator::Prim,
        Generator::Kruskal,
        Generator::RecursiveDivision,
        Generator::Scatter { density: 0.3 },
    ];

    /// A new board of this kind, `width` x `height` (each clamped to 1..=MAX_SIDE), made
    /// from `seed`.
    pub fn generate(self, width: usize, height: usize, seed: u64) -> Board {
        let mut board = Board::new(width, height);
        let (width, height) = (board.width(), board.height());
        let mut rng = StdRng::seed_from_u64(seed);
        let wall = board.wall_terrain().unwrap_or(1);
        let floor = board.floor_terrain();
        let mut cells = Grid::new(width, height, floor);
        let maze = Maze::new(width, height);
        match (self, maze) {
            (Generator::Scatter { density }, _) => {
                let density = density.clamp(0.0, 1.0);
                for cell in cells.cells_mut() {
                    if rng.random_bool(density) {
                        *cell = wall;
                    }
                }
            }
            (_, None) => board.notes.push("too small for a maze: left open".into()),
            (_, Some(maze)) => {
                match self {
                    Generator::Prim => maze.prim(&mut cells, wall, floor, &mut rng),
                    Generator::Kruskal => maze.kruskal(&mut cells, wall, floor, &mut rng),
                    Generator::RecursiveDivision => {
                        maze.division(&mut cells, wall, floor, &mut rng)
                    }
                    _ => maze.backtracker(&mut cells, wall, floor, &mut rng),
                }
                board.start = maze.pos(0, 0);
                board.goal = maze.pos(maze.columns - 1, maze.rows - 1);
            }
        }
        cells.set(board.start, floor);
        cells.set(board.goal, floor);
        board.fill_from(cells);
        board
            .notes
            .push(format!("{self}, {width} x {height}, seed {seed}"));
        board
    }
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Generator::RecursiveBacktracker => f.write_str("Recursive backtracker"),
            Generator::Prim => f.write_str("Randomised Prim"),
            Generator::Kruskal => f.write_str("Randomised Kruskal"),
            Generator::RecursiveDivision => f.write_str("Recursive division"),
            Generator::Scatter { density } => {
                write!(f, "Random scatter ({:.0}% walls)", density * 100.0)
            }
        }
    }
}

/// The lattice of maze cells (odd board coordinates) inside a board.
#[derive(Clone, Copy)]
struct Maze {
    columns: usize,
    rows: usize,
}

impl Maze {
    fn new(width: usize, height: usize) -> Option<Maze> {
        let (columns, rows) = (
            (width.saturating_sub(1)) / 2,
            (height.saturating_sub(1)) / 2,
        );
        (columns >= 1 && rows >= 1 && columns * rows >= 2).then_some(Maze { columns, rows })
    }

    /// The board position of maze cell (c, r).
    fn pos(self, c: usize, r: usize) -> Pos {
        Pos::new(2 * c as i32 + 1, 2 * r as i32 + 1)
    }

    fn id(self, c: usize, r: usize) -> usize {
        r * self.columns + c
    }

    fn neighbours(self, c: usize, r: usize) -> impl Iterator<Item = (usize, usize)> {
        let (cs, rs) = (self.columns as i64, self.rows as i64);
        [(0i64, -1i64), (1, 0), (0, 1), (-1, 0)]
            .into_iter()
            .map(move |(dc, dr)| (c as i64 + dc, r as i64 + dr))
            .filter(move |&(c, r)| c >= 0 && r >= 0 && c < cs && r < rs)
            .map(|(c, r)| (c as usize, r as usize))
    }

    /// Walls everywhere, then the cells themselves opened.
    fn solid(self, cells: &mut Grid<u8>, wall: u8, floor: u8) {
        cells.cells_mut().fill(wall);
        for r in 0..self.rows {
            for c in 0..self.columns {
                cells.set(self.pos(c, r), floor);
            }
        }
    }

    /// Opens the wall between two adjacent maze cells.
    fn join(self, cells: &mut Grid<u8>, a: (usize, usize), b: (usize, usize), floor: u8) {
        let (pa, pb) = (self.pos(a.0, a.1), self.pos(b.0, b.1));
        cells.set(Pos::new((pa.x + pb.x) / 2, (pa.y + pb.y) / 2), floor);
    }

    fn backtracker(self, cells: &mut Grid<u8>, wall: u8, floor: u8, rng: &mut StdRng) {
        self.solid(cells, wall, floor);
        let mut seen = vec![false; self.columns * self.rows];
        let mut stack = vec![(0, 0)];
        seen[0] = true;
        while let Some(&(c, r)) = stack.last() {
            let mut options: Vec<_> = self
                .neighbours(c, r)
                .filter(|&(nc, nr)| !seen[self.id(nc, nr)])
                .collect();
            if options.is_empty() {
                stack.pop();
                continue;
            }
            options.shuffle(rng);
            let next = options[0];
            seen[self.id(next.0, next.1)] = true;
            self.join(cells, (c, r), next, floor);
            stack.push(next);
        }
    }

    fn prim(self, cells: &mut Grid<u8>, wall: u8, floor: u8, rng: &mut StdRng) {
        self.solid(cells, wall, floor);
        let mut inside = vec![false; self.columns * self.rows];
        let mut listed = vec![false; self.columns * self.rows];
        let mut frontier = vec![];
        let mut add =
            |cell: (usize, usize), inside: &mut Vec<bool>, frontier: &mut Vec<(usize, usize)>| {
                inside[self.id(cell.0, cell.1)] = true;
                for n in self.neighbours(cell.0, cell.1) {
                    let id = self.id(n.0, n.1);
                    if !inside[id] && !listed[id] {
                        listed[id] = true;
                        frontier.push(n);
                    }
                }
            };
        add((0, 0), &mut inside, &mut frontier);
        while !frontier.is_empty() {
            let cell = frontier.swap_remove(rng.random_range(0..frontier.len()));
            let joined: Vec<_> = self
                .neighbours(cell.0, cell.1)
                .filter(|n| inside[self.id(n.0, n.1)])
                .collect();
            let to = joined[rng.random_range(0..joined.len())];
            self.join(cells, cell, to, floor);
            add(cell, &mut inside, &mut frontier);
        }
    }

    fn kruskal(self, cells: &mut Grid<u8>, wall: u8, floor: u8, rng: &mut StdRng) {
        self.solid(cells, wall, floor);
        let mut edges = vec![];
        for r in 0..self.rows {
            for c in 0..self.columns {
                if c + 1 < self.columns {
                    edges.push(((c, r), (c + 1, r)));
                }
                if r + 1 < self.rows {
                    edges.push(((c, r), (c, r + 1)));
                }
            }
        }
        edges.shuffle(rng);
        let mut parent: Vec<usize> = (0..self.columns * self.rows).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        for (a, b) in edges {
            let (ra, rb) = (
                root(&mut parent, self.id(a.0, a.1)),
                root(&mut parent, self.id(b.0, b.1)),
            );
            if ra != rb {
                parent[ra] = rb;
                self.join(cells, a, b, floor);
            }
        }
    }

    fn division(self, cells: &mut Grid<u8>, wall: u8, floor: u8, rng: &mut StdRng) {
        // Border walls, open inside; then chambers (in maze cells) are split until one wide.
        cells.cells_mut().fill(floor);
        for p in cells.positions().collect::<Vec<_>>() {
            if p.x == 0 || p.y == 0 || p.x >= 2 * self.columns as i32 || p.y >= 2 * self.rows as i32
            {
                cells.set(p, wall);
            }
        }
        let mut chambers = vec![(0usize, 0usize, self.columns, self.rows)];
        while let Some((c, r, cw, ch)) = chambers.pop() {
            if cw < 2 && ch < 2 {
                continue;
            }
            let horizontal = if cw == ch {
                rng.random_bool(0.5)
            } else {
                ch > cw
            };
            if horizontal && ch >= 2 {
                // A wall below maze row `split`, with one door at maze column `door`.
                let split = r + rng.random_range(0..ch - 1);
                let door = c + rng.random_range(0..cw);
                let y = 2 * split as i32 + 2;
                for x in (2 * c as i32)..=(2 * (c + cw) as i32) {
                    if x != 2 * door as i32 + 1 {
                        cells.set(Pos::new(x, y), wall);
                    }
                }
                chambers.push((c, r, cw, split - r + 1));
                chambers.push((c, split + 1, cw, r + ch - split - 1));
            } else if cw >= 2 {
                let split = c + rng.random_range(0..cw - 1);
                let door = r + rng.random_range(0..ch);
                let x = 2 * split as i32 + 2;
                for y in (2 * r as i32)..=(2 * (r + ch) as i32) {
                    if y != 2 * door as i32 + 1 {
                        cells.set(Pos::new(x, y), wall);
                    }
                }
                chambers.push((c, r, split - c + 1, ch));
                chambers.push((split + 1, r, c + cw - split - 1, ch));
            }
        }
    }
}

impl Generator {
    /// Command-line names: `backtracker`, `prim`, `kruskal`, `division`, `scatter:D`.
    pub fn parse(text: &str) -> Result<Generator, String> {
        Ok(match text {
            "backtracker" => Generator::RecursiveBacktracker,
            "prim" => Generator::Prim,
            "kruskal" => Generator::Kruskal,
            "division" => Generator::RecursiveDivision,
            other => {
                let density = other.strip_prefix("scatter:").ok_or_else(|| {
                    format!("unknown generator `{}` (expected backtracker, prim, kruskal, division or scatter:D)", crate::files::quote(other))
                })?;
                let density: f64 = density
                    .parse()
                    .ok()
                    .filter(|d: &f64| (0.0..=1.0).contains(d))
                    .ok_or_else(|| {
                        format!(
                            "the scatter density must be a number from 0 to 1, got `{}`",
                            crate::files::quote(density)
                        )
                    })?;
                Generator::Scatter { density }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sandbox::{Connectivity, GridProblem, Heuristic};
    use crate::search::{Algorithm, Outcome, Search};
    use std::sync::Arc;

    fn reachable_floor(board: &Board) -> (usize, usize) {
        // A goal off the board makes the search flood everything it can reach.
        let problem =
            GridProblem::new(Arc::new(board.clone()), Connectivity::Four, Heuristic::Zero)
                .between(board.start, Pos::new(-1, -1));
        let mut search = Search::new(problem, Algorithm::Bfs);
        search.by_ref().for_each(drop);
        let floor = board
            .cells()
            .positions()
            .filter(|&p| board.is_passable(p))
            .count();
        (search.discovered(), floor)
    }

    #[test]
    fn every_maze_is_connected_and_the_goal_reachable() {
        for generator in Generator::ALL.into_iter().take(4) {
            for (w, h, seed) in [(21, 15, 1), (30, 20, 2), (5, 5, 3), (41, 41, 4)] {
                let board = generator.generate(w, h, seed);
                let (reached, floor) = reachable_floor(&board);
                assert_eq!(
                    reached, floor,
                    "{generator} {w}x{h} seed {seed} is not connected"
                );
                let problem =
                    GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
                let result = Search::new(problem, Algorithm::AStar).run();
                assert!(
                    matches!(result.outcome, Outcome::Found { .. }),
                    "{generator}"
                );
            }
        }
    }

    #[test]
    fn perfect_mazes_have_no_loops() {
        // A perfect maze on n cells is a tree: n - 1 passages.
        for generator in [
            Generator::RecursiveBacktracker,
            Generator::Prim,
            Generator::Kruskal,
        ] {
            let board = generator.generate(21, 21, 9);
            let maze = Maze::new(21, 21).unwrap();
            let floor = board
                .cells()
                .positions()
                .filter(|&p| board.is_passable(p))
                .count();
            let cells = maze.columns * maze.rows;
            assert_eq!(floor - cells, cells - 1, "{generator}");
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_board() {
        for generator in Generator::ALL {
            assert_eq!(
                generator.generate(25, 17, 42),
                generator.generate(25, 17, 42)
            );
            assert_ne!(
                generator.generate(25, 17, 42).cells(),
                generator.generate(25, 17, 43).cells(),
                "{generator}"
            );
        }
    }

    #[test]
    fn scatter_density_is_about_right_and_tiny_sizes_do_not_panic() {
        let board = Generator::Scatter { density: 0.25 }.generate(100, 100, 5);
        let walls = board
            .cells()
            .positions()
            .filter(|&p| !board.is_passable(p))
            .count();
        assert!((2200..2800).contains(&walls), "{walls} walls");
        for generator in Generator::ALL {
            for (w, h) in [(1, 1), (2, 1), (1, 9), (3, 3), (0, 0)] {
                let board = generator.generate(w, h, 0);
                assert!(board.is_passable(board.start) && board.is_passable(board.goal));
            }
        }
    }
}
