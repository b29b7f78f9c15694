//! Fewest-segments link queries (the contest problem's measure, path free to leave the
//! board) on a 75 x 75 board with 30% tiles and on 200 x 200 boards (the contest format's
//! largest) with 5% and 20% tiles: Frontier's finder, which runs through the stepping
//! engine, against a plain breadth-first search over (cell, heading) with a VecDeque and
//! a HashSet, in the same run; answers are asserted equal.
//!
//! Run with `cargo bench --bench link`.

use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};

use frontier::games::link::LinkBoard;
use frontier::games::link::finder::LinkFinder;
use frontier::grid::{Dir, Grid, Pos};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Board side, share of cells holding a tile, queries.
const CASES: [(usize, f64, usize); 3] = [(75, 0.3, 10_000), (200, 0.05, 2_000), (200, 0.2, 2_000)];
const ROUNDS: usize = 3;

/// The peer: 0-1 BFS (turns cost 1, straight on costs 0) with a deque and a hash set.
fn plain_bfs(board: &LinkBoard, from: Pos, to: Pos) -> Option<u32> {
    let mut queue = VecDeque::from([(from, None::<Dir>, 0u32)]);
    let mut done: HashSet<(Pos, Option<Dir>)> = HashSet::new();
    while let Some((at, heading, turns)) = queue.pop_front() {
        if at == to {
            return Some(turns + 1);
        }
        if !done.insert((at, heading)) {
            continue;
        }
        for dir in Dir::ALL {
            if heading == Some(dir.opposite()) {
                continue;
            }
            let next = at.step(dir);
            let open = board.in_reach(next) && (board.tile(next).is_none() || next == to);
            if !open || done.contains(&(next, Some(dir))) {
                continue;
            }
            if heading.is_none_or(|h| h == dir) {
                queue.push_front((next, Some(dir), turns));
            } else {
                queue.push_back((next, Some(dir), turns + 1));
            }
        }
    }
    None
}

fn main() {
    for (side, density, queries) in CASES {
        case(side, density, queries);
    }
}

fn case(side: usize, density: f64, queries: usize) {
    let mut rng = StdRng::seed_from_u64(1101);
    let mut tiles = Grid::new(side, side, None);
    let mut cards = vec![];
    for pos in tiles.positions().collect::<Vec<_>>() {
        if rng.random_bool(density) {
            tiles.set(pos, Some(0u8));
            cards.push(pos);
        }
    }
    let board = LinkBoard::from_grid(tiles);
    let mut finder = LinkFinder::new(&board);
    let queries: Vec<(Pos, Pos)> = (0..queries)
        .map(|_| {
            (
                cards[rng.random_range(0..cards.len())],
                cards[rng.random_range(0..cards.len())],
            )
        })
        .filter(|(a, b)| a != b)
        .collect();
    let (mut ours_best, mut peer_best) = (Duration::MAX, Duration::MAX);
    for round in 0..ROUNDS {
        let began = Instant::now();
        let ours: Vec<Option<u32>> = queries
            .iter()
            .map(|&(a, b)| finder.min_segments(a, b))
            .collect();
        let ours_time = began.elapsed();
        let began = Instant::now();
        let theirs: Vec<Option<u32>> = queries
            .iter()
            .map(|&(a, b)| plain_bfs(&board, a, b))
            .collect();
        let peer_time = began.elapsed();
        if round == 0 {
            assert_eq!(ours, theirs, "the two searches disagree");
            let linked = ours.iter().flatten().count();
            println!(
                "{} queries on a {side} x {side} board with {} tiles: {linked} linkable, answers equal",
                queries.len(),
                cards.len()
            );
        }
        ours_best = ours_best.min(ours_time);
        peer_best = peer_best.min(peer_time);
    }
    let rate = |t: Duration| queries.len() as f64 / t.as_secs_f64();
    println!(
        "frontier: {:.0} queries/s; plain BFS with VecDeque + HashSet: {:.0} queries/s; ratio {:.2}x (best of {ROUNDS})",
        rate(ours_best),
        rate(peer_best),
        peer_best.as_secs_f64() / ours_best.as_secs_f64()
    );
}
