//! Theta* against references: on random boards and Moving AI maps its path is never longer
//! than the grid's cheapest (the simplest Dijkstra, octile moves, no corner cut), and every
//! segment of it has line of sight, checked by plain geometry (no wall's square, corners
//! included, touches the segment). On open ground it goes straight from start to goal.

use frontier_test_support as common;

use std::sync::Arc;

use common::{random_board, reference_cost, test_data};
use frontier_games::games::sandbox::{
    Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm, movingai,
};
use frontier_games::grid::Pos;
use frontier_games::search::{Algorithm, Budget, Event, Limit, Outcome};

fn theta() -> PathAlgorithm {
    PathAlgorithm::parse("theta").expect("Theta* is in the registry")
}

fn problem(board: &Board, connectivity: Connectivity, heuristic: Heuristic) -> GridProblem {
    GridProblem::new(Arc::new(board.clone()), connectivity, heuristic)
}

/// Whether the segment between the centres of `a` and `b` touches the closed square of
/// the wall at `wall` (cell centres are whole numbers, a cell reaches half a cell either
/// side): the segment clipped to the square's slabs, Liang-Barsky style.
fn touches(a: Pos, b: Pos, wall: Pos) -> bool {
    let (x0, y0) = (f64::from(a.x), f64::from(a.y));
    let (dx, dy) = (f64::from(b.x - a.x), f64::from(b.y - a.y));
    let (mut low, mut high) = (0.0f64, 1.0f64);
    for (start, delta, centre) in [(x0, dx, f64::from(wall.x)), (y0, dy, f64::from(wall.y))] {
        let (min, max) = (centre - 0.5 - 1e-9, centre + 0.5 + 1e-9);
        if delta == 0.0 {
            if start < min || start > max {
                return false;
            }
        } else {
            let (t1, t2) = ((min - start) / delta, (max - start) / delta);
            low = low.max(t1.min(t2));
            high = high.min(t1.max(t2));
        }
    }
    low <= high
}

/// What is wrong with `path` as an any-angle path on `board`, if anything.
fn sight_fault(board: &Board, path: &[Pos]) -> Option<String> {
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (xs, ys) = (a.x.min(b.x)..=a.x.max(b.x), a.y.min(b.y)..=a.y.max(b.y));
        for y in ys.clone() {
            for x in xs.clone() {
                let cell = Pos::new(x, y);
                if !board.is_passable(cell) && touches(a, b, cell) {
                    return Some(format!("{a} -> {b} touches the wall at {cell}"));
                }
            }
        }
    }
    None
}

fn segments_cost(path: &[Pos]) -> f64 {
    path.windows(2)
        .map(|p| f64::from(p[1].x - p[0].x).hypot(f64::from(p[1].y - p[0].y)))
        .sum()
}

/// Runs Theta* on `board` and checks its answer against the grid optimum; the cost found.
fn check(
    board: &Board,
    connectivity: Connectivity,
    heuristic: Heuristic,
    what: &str,
) -> Option<f64> {
    let run = GridRun::new(
        problem(board, connectivity, heuristic),
        theta(),
        Budget::UNLIMITED,
    );
    assert_eq!(run.algorithm(), theta(), "{what}: Theta* ran");
    let result = run.run();
    let best = reference_cost(board, connectivity);
    match (&result.outcome, best) {
        (Outcome::Found { path, cost }, Some(best)) => {
            assert_eq!(path.first(), Some(&board.start), "{what}");
            assert_eq!(path.last(), Some(&board.goal), "{what}");
            if let Some(fault) = sight_fault(board, path) {
                panic!("{what}: {fault}");
            }
            assert!(
                (segments_cost(path) - cost).abs() < 1e-9,
                "{what}: cost is the segments' length"
            );
            assert!(
                *cost <= best + 1e-9,
                "{what}: Theta* {cost} is longer than the grid's {best}"
            );
            let straight = f64::from(board.goal.x - board.start.x)
                .hypot(f64::from(board.goal.y - board.start.y));
            assert!(
                *cost >= straight - 1e-9,
                "{what}: shorter than a straight line"
            );
            Some(*cost)
        }
        (Outcome::NoPath, None) => None,
        (got, best) => panic!("{what}: {got:?}, expected {best:?}"),
    }
}

#[test]
fn theta_star_is_never_longer_than_the_grid_optimum_and_every_segment_sees() {
    let (mut found, mut shorter) = (0, 0);
    for seed in 0..300 {
        let board = random_board(seed + 21_000, false);
        for (connectivity, heuristic) in [
            (Connectivity::Eight, Heuristic::Octile),
            (Connectivity::Eight, Heuristic::Euclidean),
            (Connectivity::Four, Heuristic::Manhattan),
        ] {
            let what = format!("seed {seed}, {connectivity:?}, {heuristic:?}");
            if let Some(cost) = check(&board, connectivity, heuristic, &what) {
                found += 1;
                let grid = reference_cost(&board, connectivity).unwrap_or(cost);
                if cost < grid - 1e-6 {
                    shorter += 1;
                }
            }
        }
    }
    assert!(found > 500, "{found} boards with a path");
    // Any-angle paths cut the staircases grid paths take: most boards gain something.
    assert!(
        shorter * 2 > found,
        "shorter than the grid on only {shorter} of {found}"
    );
}

#[test]
fn theta_star_holds_on_the_moving_ai_maps() {
    let dir = test_data().join("movingai");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("the Moving AI test maps") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|e| e != "map") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a readable map");
        let mut board = movingai::parse_map(&text).expect("a valid map");
        let open: Vec<Pos> = board
            .cells()
            .positions()
            .filter(|&p| board.is_passable(p))
            .collect();
        // A handful of far-apart pairs of open cells per map.
        for k in 0..6 {
            let (start, goal) = (
                open[k * open.len() / 13],
                open[open.len() - 1 - k * open.len() / 11],
            );
            board.move_start(start);
            board.move_goal(goal);
            let what = format!("{} from {start} to {goal}", path.display());
            check(&board, Connectivity::Eight, Heuristic::Octile, &what);
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked} queries");
}

#[test]
fn on_open_ground_theta_star_goes_straight_to_the_goal() {
    let mut board = Board::new(12, 9);
    board.move_start(Pos::new(1, 1));
    board.move_goal(Pos::new(8, 4));
    let run = GridRun::new(
        problem(&board, Connectivity::Eight, Heuristic::Euclidean),
        theta(),
        Budget::UNLIMITED,
    );
    let Outcome::Found { path, cost } = run.run().outcome else {
        panic!("a path on an empty board");
    };
    assert_eq!(path, vec![Pos::new(1, 1), Pos::new(8, 4)]);
    assert!((cost - 58f64.sqrt()).abs() < 1e-9, "{cost}");
    // The grid's cheapest is three diagonals and four straight moves.
    let grid = reference_cost(&board, Connectivity::Eight).unwrap();
    assert!((grid - (3.0 * 2f64.sqrt() + 4.0)).abs() < 1e-9);
}

const PILLAR: &str = "frontier-board 1
size 7 5
start 0 2
goal 6 2
legend . floor 1
legend # wall
map
.......
.......
...#...
.......
.......
";

#[test]
fn the_lines_of_sight_a_step_checks_are_there_to_draw() {
    let board = Board::parse(PILLAR).unwrap();
    let mut run = GridRun::new(
        problem(&board, Connectivity::Eight, Heuristic::Euclidean),
        theta(),
        Budget::UNLIMITED,
    );
    assert!(run.algorithm().capabilities().sight_lines);
    // The start has no parent: its step checks no line of sight.
    run.next();
    assert!(run.sight_checks().is_empty());
    let (mut clear, mut blocked) = (0, 0);
    while run.ended().is_none() {
        run.next();
        for check in run.sight_checks() {
            let expanded = run.last_expanded().map(|(_, p)| p);
            let parent = expanded.and_then(|p| run.info(p)).and_then(|i| i.parent);
            assert_eq!(
                Some(check.from),
                parent,
                "a check starts at the parent of the cell expanded"
            );
            let sees = sight_fault(&board, &[check.from, check.to]).is_none();
            assert_eq!(check.clear, sees, "{check:?}");
            if check.clear {
                clear += 1;
            } else {
                blocked += 1;
            }
        }
    }
    assert!(clear > 0 && blocked > 0, "{clear} clear, {blocked} blocked");
    // Around the pillar in two segments, touching neither its square nor its corners.
    let path = run.path().unwrap();
    assert_eq!(path.len(), 3, "{path:?}");
    assert!(sight_fault(&board, &path).is_none());
}

#[test]
fn on_weighted_terrain_a_star_runs_instead_and_a_budget_stops_theta_star() {
    let weighted = random_board(5, true);
    let run = GridRun::new(
        problem(&weighted, Connectivity::Eight, Heuristic::Octile),
        theta(),
        Budget::UNLIMITED,
    );
    if weighted.uniform_step_cost().is_none() {
        assert_eq!(run.algorithm(), PathAlgorithm::search(Algorithm::AStar));
    }
    let board = Board::new(30, 30);
    let mut run = GridRun::new(
        problem(&board, Connectivity::Eight, Heuristic::Octile),
        theta(),
        Budget::default().expansions(3),
    );
    let last = run.by_ref().last().map(|s| s.event);
    assert_eq!(last, Some(Event::GaveUp(Limit::Expansions(3))));
    assert_eq!(run.expansions(), 3);
}
