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
use frontier_games::share::{View, fragment};
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

/// The links `tools/web/bench-code.mjs` opens: the board and the puzzle searched by the
/// program, and by the engine's own search.
fn print_links(board: &Board) {
    let on_board = |search: &str, program: Option<&str>| View::Board {
        board: board.to_text(),
        search: search.into(),
        heuristic: "manhattan".into(),
        diagonal: false,
        step: 0,
        compare: None,
        program: program.map(String::from),
    };
    let on_puzzle = |search: &str, program: Option<&str>| View::Puzzle {
        position: PUZZLE.into(),
        goal: "blank-last".into(),
        search: Some(search.into()),
        heuristic: "manhattan".into(),
        compare: None,
        step: 0,
        program: program.map(String::from),
    };
    println!(
        "board code link: {}",
        fragment(&on_board("code", Some(BFS)))
    );
    println!("board built-in link: {}", fragment(&on_board("bfs", None)));
    println!(
        "puzzle code link: {}",
        fragment(&on_puzzle("code", Some(ASTAR)))
    );
    println!(
        "puzzle built-in link: {}",
        fragment(&on_puzzle("astar", None))
    );
}

/// 八数码 30 moves from 1 2 3 / 4 5 6 / 7 8 _ (one of 221 such, found by a BFS of the goal).
const PUZZLE: &str = "0 1 7 2 5 4 3 6 8";

fn main() {
    let mut board = Board::new(256, 256);
    board.start = Pos::new(0, 0);
    board.goal = Pos::new(255, 255);
    print_links(&board);
    let grid = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
    compare("BFS, 256 x 256 open board", BFS, grid, Algorithm::Bfs);
    let start = Position::parse(PUZZLE).expect("a position");
    let goal = Position::parse("1 2 3 4 5 6 7 8 0").expect("a goal");
    let puzzle = SlidingProblem::new(start, goal, PuzzleHeuristic::Manhattan).expect("solvable");
    compare("A*, 30-move 8-puzzle", ASTAR, puzzle, Algorithm::AStar);
}
