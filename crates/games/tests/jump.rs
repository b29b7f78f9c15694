//! Jump Point Search against the reference Dijkstra: the cheapest cost on boards of one
//! step cost (4 and 8 moves), paths filled in cell by cell, no corner ever cut, far fewer
//! expansions than A*, and A* in its place on weighted terrain.

use frontier_test_support as common;

use std::sync::Arc;

use common::{random_board, reference_cost};
use frontier_games::games::sandbox::jump::{JumpSearch, available};
use frontier_games::games::sandbox::{
    Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm,
};
use frontier_games::search::{Algorithm, Budget, Outcome, Run};

fn problem(board: &Board, connectivity: Connectivity) -> GridProblem {
    GridProblem::new(
        Arc::new(board.clone()),
        connectivity,
        Heuristic::natural(connectivity),
    )
}

#[test]
fn jps_finds_the_cheapest_cost_with_legal_paths_on_random_boards() {
    let (mut jps_expanded, mut astar_expanded, mut found) = (0, 0, 0);
    for seed in 0..300 {
        let board = random_board(seed + 11_000, false);
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let problem = problem(&board, connectivity);
            let jps = GridRun::new(
                problem.clone(),
                PathAlgorithm::parse("jps").unwrap(),
                Budget::UNLIMITED,
            );
            assert_eq!(jps.algorithm(), PathAlgorithm::parse("jps").unwrap());
            let result = jps.run();
            let expected = reference_cost(&board, connectivity);
            match (&result.outcome, expected) {
                (Outcome::Found { path, cost }, Some(best)) => {
                    // check_path refuses a gap between cells and a cut corner.
                    let walked = problem
                        .check_path(path)
                        .unwrap_or_else(|e| panic!("seed {seed}, {connectivity:?}: {e}"));
                    assert!((walked - cost).abs() < 1e-9);
                    assert!(
                        (cost - best).abs() < 1e-9,
                        "seed {seed}, {connectivity:?}: {cost} vs {best}"
                    );
                    found += 1;
                }
                (Outcome::NoPath, None) => {}
                (got, best) => panic!("seed {seed}, {connectivity:?}: {got:?}, expected {best:?}"),
            }
            jps_expanded += result.expanded;
            let astar = GridRun::new(
                problem,
                PathAlgorithm::search(Algorithm::AStar),
                Budget::UNLIMITED,
            );
            astar_expanded += astar.run().expanded;
        }
    }
    assert!(found > 300);
    assert!(
        jps_expanded * 2 < astar_expanded,
        "JPS expanded {jps_expanded}, A* {astar_expanded}"
    );
}

/// A diagonal squeeze: cutting the corners at (2,1)-(1,2) would save the detour.
const SQUEEZE: &str = "frontier-board 1
size 5 5
start 0 0
goal 4 4
legend . floor 1
legend # wall
map
.....
..#..
.#...
.....
.....
";

#[test]
fn jps_never_cuts_a_corner() {
    let board = Board::parse(SQUEEZE).unwrap();
    let problem = problem(&board, Connectivity::Eight);
    let Outcome::Found { path, cost } = JumpSearch::new(problem.clone()).unwrap().finish().outcome
    else {
        panic!("no path");
    };
    problem.check_path(&path).expect("no corner cut");
    assert!((cost - reference_cost(&board, Connectivity::Eight).unwrap()).abs() < 1e-9);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        assert!(
            !(a == frontier_games::grid::Pos::new(1, 1)
                && b == frontier_games::grid::Pos::new(2, 2))
                || (board.is_passable(a.offset(1, 0)) && board.is_passable(a.offset(0, 1))),
            "cut the corner at {a}"
        );
    }

    // Walls on both sides of the only diagonal: no path at all.
    let mut shut = Board::new(2, 2);
    shut.start = frontier_games::grid::Pos::new(0, 0);
    shut.goal = frontier_games::grid::Pos::new(1, 1);
    shut.paint(frontier_games::grid::Pos::new(1, 0), 1);
    shut.paint(frontier_games::grid::Pos::new(0, 1), 1);
    let outcome = JumpSearch::new(problem_of(&shut)).unwrap().finish().outcome;
    assert_eq!(outcome, Outcome::NoPath);
}

fn problem_of(board: &Board) -> GridProblem {
    problem(board, Connectivity::Eight)
}

#[test]
fn on_weighted_terrain_jps_is_unavailable_and_astar_runs() {
    let board = random_board(3, true);
    assert!(board.uniform_step_cost().is_none());
    let problem = problem(&board, Connectivity::Eight);
    assert!(!available(&problem));
    assert!(JumpSearch::new(problem.clone()).is_none());
    let run = GridRun::new(
        problem,
        PathAlgorithm::parse("jps").unwrap(),
        Budget::UNLIMITED,
    );
    assert_eq!(run.algorithm(), PathAlgorithm::search(Algorithm::AStar));
}

#[test]
fn the_cells_a_jump_passes_over_are_a_trail_not_nodes() {
    let mut board = Board::new(20, 5);
    board.start = frontier_games::grid::Pos::new(0, 2);
    board.goal = frontier_games::grid::Pos::new(19, 2);
    let mut run = GridRun::new(
        problem(&board, Connectivity::Eight),
        PathAlgorithm::parse("jps").unwrap(),
        Budget::UNLIMITED,
    );
    run.next();
    // One expansion scans the whole row to the goal: every cell on it is trail, and the goal
    // is the only node added on that line.
    let middle = frontier_games::grid::Pos::new(10, 2);
    assert!(run.scanned(middle));
    assert_eq!(
        run.mark(middle),
        frontier_games::games::sandbox::CellMark::Scanned
    );
    assert!(run.info(frontier_games::grid::Pos::new(19, 2)).is_some());
    let result = run.run();
    assert!(result.expanded <= 3, "{} expansions", result.expanded);
}

#[test]
fn a_headless_run_keeps_no_trail_and_finds_the_same_path_with_the_same_expansions() {
    let jps = PathAlgorithm::parse("jps").unwrap();
    let mut boards_with_trail = 0;
    for seed in 0..40 {
        let board = random_board(seed, false);
        let problem = problem(&board, Connectivity::Eight);
        let mut drawn = GridRun::new(problem.clone(), jps, Budget::UNLIMITED);
        let mut headless = GridRun::headless(problem, jps, Budget::UNLIMITED);
        let (mut trail_drawn, mut trail_headless) = (false, false);
        while drawn.next().is_some() {
            headless.next();
            let any = |run: &GridRun| board.cells().positions().any(|p| run.scanned(p));
            trail_drawn |= any(&drawn);
            trail_headless |= any(&headless);
        }
        assert!(headless.next().is_none(), "seed {seed}: both end together");
        assert_eq!(drawn.path_cost(), headless.path_cost(), "seed {seed}");
        assert_eq!(drawn.expansions(), headless.expansions(), "seed {seed}");
        assert!(!trail_headless, "seed {seed}: the headless run keeps none");
        boards_with_trail += trail_drawn as usize;
    }
    // A tiny board may need no scan at all; most do, and the drawn run keeps what it scans.
    assert!(
        boards_with_trail > 20,
        "{boards_with_trail} of 40 boards with a trail"
    );
}

/// A run restarted for another query (as `frontier scen` and the bench ask one run for
/// every query of a map) steps exactly as a new run would: the same steps, the same nodes
/// and trail on the board after each, and nothing left of the last query's, with the trail
/// kept (drawn) or not (headless) as it was.
#[test]
fn a_restarted_jps_run_shows_what_a_new_one_shows() {
    let jps = PathAlgorithm::parse("jps").unwrap();
    let mut restarted_in_place = 0;
    for headless in [false, true] {
        let make = |problem: GridProblem| {
            if headless {
                GridRun::headless(problem, jps, Budget::UNLIMITED)
            } else {
                GridRun::new(problem, jps, Budget::UNLIMITED)
            }
        };
        for seed in 0..12 {
            let board = random_board(seed + 500, false);
            let base = problem(&board, Connectivity::Eight);
            let open: Vec<_> = board
                .cells()
                .positions()
                .filter(|&p| board.is_passable(p))
                .collect();
            let mut reused: Option<GridRun> = None;
            for k in 0..4 {
                let (start, goal) = (
                    open[(k * 7 + seed as usize) % open.len()],
                    open[(k * 13 + 5) % open.len()],
                );
                let query = base.clone().between(start, goal);
                let mut fresh = make(query.clone());
                let run = match &mut reused {
                    Some(run) => {
                        let before = run.engine() as *const _ as *const u8;
                        run.restart(query);
                        restarted_in_place += usize::from(std::ptr::eq(
                            before,
                            run.engine() as *const _ as *const u8,
                        ));
                        run
                    }
                    None => reused.insert(make(query)),
                };
                let marks = |run: &GridRun| {
                    board
                        .cells()
                        .positions()
                        .map(|p| (run.mark(p), run.scanned(p)))
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    marks(run),
                    marks(&fresh),
                    "seed {seed} query {k}: at the start"
                );
                loop {
                    let (a, b) = (run.next(), fresh.next());
                    assert_eq!(a, b, "seed {seed} query {k}");
                    assert_eq!(marks(run), marks(&fresh), "seed {seed} query {k}: {a:?}");
                    if a.is_none() {
                        break;
                    }
                }
                assert_eq!(run.path_cost(), fresh.path_cost());
            }
        }
    }
    assert!(restarted_in_place > 0, "JPS restarts in its own memory");
}
