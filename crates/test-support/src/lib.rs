//! What Frontier's integration tests share, in the engine's and games' crate and in the
//! app's: where the public reference data is, random boards, and an engine-free Dijkstra and
//! BFS that the searches are checked against; [`gif`] decodes exported GIFs.

pub mod gif;

use std::path::PathBuf;

use frontier_games::games::sandbox::{Board, Connectivity, Terrain};
use frontier_games::grid::{Grid, Pos};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The public reference data the tests and benches measure against, kept in the project
/// (`tests/data/`, each file credited in its README). Panics, loudly, when it is missing: a
/// test that needs it must not pass without it.
pub fn test_data() -> PathBuf {
    // The data sits at the workspace's root, above the crate a test belongs to.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("tests/data"))
        .find(|dir| dir.is_dir())
        .unwrap_or_else(|| PathBuf::from("tests/data"));
    assert!(
        dir.is_dir(),
        "the reference data is missing: expected it at {}",
        dir.display()
    );
    dir
}

/// A random board: walls at `density`, and (if `weighted`) patches of costlier terrain.
pub fn random_board(seed: u64, weighted: bool) -> Board {
    let mut rng = StdRng::seed_from_u64(seed);
    let width = rng.random_range(2..28);
    let height = rng.random_range(2..28);
    let density = rng.random_range(0.0..0.45);
    let legend = vec![
        Terrain::new('.', "floor", Some(1.0)),
        Terrain::new('#', "wall", None),
        Terrain::new(',', "grass", Some(2.0)),
        Terrain::new('~', "swamp", Some(5.5)),
    ];
    let mut cells = Grid::new(width, height, 0u8);
    for cell in cells.cells_mut() {
        *cell = if rng.random_bool(density) {
            1
        } else if weighted {
            [0, 0, 2, 3][rng.random_range(0..4)]
        } else {
            0
        };
    }
    let start = Pos::new(
        rng.random_range(0..width) as i32,
        rng.random_range(0..height) as i32,
    );
    let goal = Pos::new(
        rng.random_range(0..width) as i32,
        rng.random_range(0..height) as i32,
    );
    cells.set(start, 0);
    cells.set(goal, 0);
    Board::from_parts(cells, legend, start, goal).expect("a valid random board")
}

fn moves(board: &Board, connectivity: Connectivity, from: Pos) -> Vec<(Pos, f64)> {
    let mut out = vec![];
    for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
        let to = from.offset(dx, dy);
        if let Some(cost) = board.cost(to) {
            out.push((to, cost));
        }
    }
    if connectivity == Connectivity::Eight {
        for (dx, dy) in [(1, -1), (1, 1), (-1, 1), (-1, -1)] {
            let to = from.offset(dx, dy);
            let sides_open =
                board.is_passable(from.offset(dx, 0)) && board.is_passable(from.offset(0, dy));
            if let (Some(cost), true) = (board.cost(to), sides_open) {
                out.push((to, cost * std::f64::consts::SQRT_2));
            }
        }
    }
    out
}

/// The cheapest cost from start to goal by the simplest correct Dijkstra there is: scan
/// every cell for the closest unsettled one. Independent of the engine on purpose.
pub fn reference_cost(board: &Board, connectivity: Connectivity) -> Option<f64> {
    let cells: Vec<Pos> = board.cells().positions().collect();
    let index = |p: Pos| p.y as usize * board.width() + p.x as usize;
    let mut dist = vec![f64::INFINITY; cells.len()];
    let mut done = vec![false; cells.len()];
    dist[index(board.start)] = 0.0;
    loop {
        let next = (0..cells.len())
            .filter(|&i| !done[i] && dist[i].is_finite())
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))?;
        if cells[next] == board.goal {
            return Some(dist[next]);
        }
        done[next] = true;
        for (to, cost) in moves(board, connectivity, cells[next]) {
            let i = index(to);
            if dist[next] + cost < dist[i] {
                dist[i] = dist[next] + cost;
            }
        }
    }
}

/// The fewest moves from start to goal (plain BFS), ignoring terrain costs.
pub fn reference_moves(board: &Board, connectivity: Connectivity) -> Option<usize> {
    let index = |p: Pos| p.y as usize * board.width() + p.x as usize;
    let mut depth = vec![usize::MAX; board.width() * board.height()];
    let mut queue = std::collections::VecDeque::from([board.start]);
    depth[index(board.start)] = 0;
    while let Some(at) = queue.pop_front() {
        if at == board.goal {
            return Some(depth[index(at)]);
        }
        for (to, _) in moves(board, connectivity, at) {
            if depth[index(to)] == usize::MAX {
                depth[index(to)] = depth[index(at)] + 1;
                queue.push_back(to);
            }
        }
    }
    None
}
