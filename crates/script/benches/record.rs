//! A student's search in Python against the engine's own on the same problem (`cargo bench
//! -p frontier-script --bench record`): a BFS over a 256 x 256 open board and A* with
//! Manhattan distance on a 30-move 八数码 position, each recorded to its end, in pairs
//! alternated five times (the machine is noisy: the ratio is the figure). Prints expansions,
//! the median time, expansions a second and the ratio; the browser's side is
//! `tools/web/bench-code.mjs`, which reads the same programs.

use std::sync::Arc;
use std::time::{Duration, Instant};

use frontier_engine::grid::Pos;
use frontier_engine::search::{Algorithm, Problem, Search};
use frontier_games::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};
use frontier_games::games::sliding::{Position, PuzzleHeuristic, SlidingProblem};
use frontier_script::{Limits, ScriptState, record};

/// The programs, as a student writes them (the starter BFS, and A* with a priority queue).
const BFS: &str = include_str!("../starters/bfs.en.py");
const ASTAR: &str = include_str!("astar.py");

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn compare<P>(name: &str, source: &str, problem: P, algorithm: Algorithm)
where
    P: Problem + Clone,
    P::State: ScriptState,
{
    let (mut mine, mut theirs) = (vec![], vec![]);
    let (mut my_expansions, mut their_expansions) = (0, 0);
    for _ in 0..5 {
        let began = Instant::now();
        let ran = record(source, problem.clone(), Limits::default());
        mine.push(began.elapsed());
        assert!(ran.stopped.is_none(), "{name}: {:?}", ran.stopped);
        my_expansions = ran.recording.steps.len();
        let began = Instant::now();
        let built_in = Search::new(problem.clone(), algorithm).run();
        theirs.push(began.elapsed());
        their_expansions = built_in.expanded;
    }
    let (mine, theirs) = (median(mine), median(theirs));
    let rate = |n: usize, t: Duration| n as f64 / t.as_secs_f64();
    println!(
        "{name}: Python {my_expansions} expansions in {:.3} s ({:.0}/s); built-in {their_expansions} in {:.4} s ({:.0}/s); Python takes {:.0}x",
        mine.as_secs_f64(),
        rate(my_expansions, mine),
        theirs.as_secs_f64(),
        rate(their_expansions, theirs),
        mine.as_secs_f64() / theirs.as_secs_f64()
    );
}

fn main() {
    let mut board = Board::new(256, 256);
    board.start = Pos::new(0, 0);
    board.goal = Pos::new(255, 255);
    let grid = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
    compare("BFS, 256 x 256 open board", BFS, grid, Algorithm::Bfs);
    let start = Position::parse("0 1 7 2 5 4 3 6 8").expect("a position");
    let goal = Position::parse("1 2 3 4 5 6 7 8 0").expect("a goal");
    let puzzle = SlidingProblem::new(start, goal, PuzzleHeuristic::Manhattan).expect("solvable");
    compare("A*, 30-move 8-puzzle", ASTAR, puzzle, Algorithm::AStar);
}
