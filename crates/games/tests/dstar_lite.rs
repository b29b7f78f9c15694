//! D* Lite against the reference Dijkstra: the first plan and every repaired plan after
//! random wall edits near the path cost what a fresh search finds, and the repair expands
//! far fewer cells than searching again.

use frontier_test_support as common;

use std::sync::Arc;

use common::{random_board, reference_cost};
use frontier_games::games::sandbox::dstar_lite::DStarLite;
use frontier_games::games::sandbox::{
    Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm,
};
use frontier_games::grid::Pos;
use frontier_games::search::{Algorithm, Budget};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A cell within three of a random cell of `path` (not its ends), on the board.
fn near(path: &[Pos], board: &Board, rng: &mut StdRng) -> Pos {
    let base = path[rng.random_range(0..path.len())];
    let cell = base.offset(rng.random_range(-3..=3), rng.random_range(-3..=3));
    Pos::new(
        cell.x.clamp(0, board.width() as i32 - 1),
        cell.y.clamp(0, board.height() as i32 - 1),
    )
}

fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-6,
        (None, None) => true,
        _ => false,
    }
}

#[test]
fn every_repaired_plan_costs_what_a_fresh_dijkstra_finds() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut edits = 0;
    for seed in 0..60 {
        let board = random_board(seed + 12_000, seed % 2 == 0);
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let problem = GridProblem::new(
                Arc::new(board.clone()),
                connectivity,
                Heuristic::natural(connectivity),
            );
            let mut plan = DStarLite::new(problem);
            plan.plan();
            assert!(
                same(plan.cost(), reference_cost(&board, connectivity)),
                "seed {seed}"
            );
            let wall = 1;
            for _ in 0..25 {
                let path = plan.path().unwrap_or_else(|| vec![board.start, board.goal]);
                let cell = near(&path, plan.problem().board(), &mut rng);
                let current = plan.problem().board().terrain_index(cell).unwrap_or(0);
                let terrain = if current == wall { 0 } else { wall };
                if !plan.edit(cell, terrain) {
                    continue;
                }
                let bad = plan.broken_invariants();
                assert!(
                    bad.is_empty(),
                    "after editing {cell} to {terrain}, seed {seed} {connectivity:?}: {:?}",
                    &bad[..bad.len().min(5)]
                );
                edits += 1;
                plan.plan();
                let bad = plan.broken_invariants();
                assert!(
                    bad.is_empty(),
                    "after planning {cell}, seed {seed} {connectivity:?}: {:?}",
                    &bad[..bad.len().min(5)]
                );
                let edited = (**plan.problem().board()).clone();
                let expected = reference_cost(&edited, connectivity);
                assert!(
                    same(plan.cost(), expected),
                    "seed {seed}, {connectivity:?}, after painting {cell}: {:?} vs {expected:?}",
                    plan.cost()
                );
                if let (Some(path), Some(cost)) = (plan.path(), plan.cost()) {
                    let walked = plan.problem().check_path(&path).expect("a legal path");
                    assert!((walked - cost).abs() < 1e-6);
                }
            }
        }
    }
    assert!(edits > 1000, "only {edits} edits");
}

#[test]
fn a_repair_expands_far_fewer_cells_than_a_fresh_astar() {
    let mut board = Board::new(64, 64);
    board.start = Pos::new(2, 2);
    board.goal = Pos::new(61, 61);
    let problem = GridProblem::new(Arc::new(board), Connectivity::Eight, Heuristic::Octile);
    let mut plan = DStarLite::new(problem);
    plan.plan();
    let mut rng = StdRng::seed_from_u64(3);
    let (mut repair, mut scratch) = (0, 0);
    for _ in 0..40 {
        let path = plan.path().expect("a path");
        let cell = near(&path, plan.problem().board(), &mut rng);
        if !plan.edit(cell, 1) {
            continue;
        }
        repair += plan.plan();
        let fresh = GridRun::new(
            plan.problem().clone(),
            PathAlgorithm::search(Algorithm::AStar),
            Budget::UNLIMITED,
        )
        .run();
        scratch += fresh.expanded;
    }
    assert!(repair * 3 < scratch, "repair {repair}, scratch {scratch}");
}

#[test]
fn a_robot_that_learns_walls_as_it_goes_reaches_the_goal_by_legal_moves() {
    use frontier_games::games::sandbox::dstar_lite::{RobotWalk, WalkEnd};
    let (mut arrived, mut repaired) = (0, 0);
    for seed in 0..80 {
        let board = random_board(seed + 13_000, seed % 3 == 0);
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let problem = GridProblem::new(
                Arc::new(board.clone()),
                connectivity,
                Heuristic::natural(connectivity),
            );
            let mut robot = RobotWalk::new(problem.clone(), 2);
            let end = robot.walk();
            let reachable = reference_cost(&board, connectivity).is_some();
            if !reachable {
                assert_eq!(end, WalkEnd::NoWay, "seed {seed}: no way exists");
                continue;
            }
            assert_eq!(end, WalkEnd::Arrived, "seed {seed}, {connectivity:?}");
            problem
                .check_path(&robot.trail)
                .unwrap_or_else(|e| panic!("seed {seed}, {connectivity:?}: {e}"));
            assert!(robot.plan().broken_invariants().is_empty());
            arrived += 1;
            if robot.repair_expansions > 0 {
                repaired += 1;
            }
        }
    }
    assert!(
        arrived > 60 && repaired > 30,
        "{arrived} arrived, {repaired} repaired"
    );
}

#[test]
fn a_budget_stops_d_star_lite_as_it_stops_the_other_engines() {
    use frontier_games::search::{Event, Limit, Outcome, Run};
    let board = Arc::new(Board::new(40, 30));
    let problem = GridProblem::new(board, Connectivity::Eight, Heuristic::Octile);
    let dstar = PathAlgorithm::parse("dstar-lite").unwrap();
    let unlimited = GridRun::new(problem.clone(), dstar, Budget::UNLIMITED).run();
    assert!(matches!(unlimited.outcome, Outcome::Found { .. }));
    assert!(unlimited.expanded > 50, "{} expansions", unlimited.expanded);
    let run = GridRun::new(problem.clone(), dstar, Budget::default().expansions(50)).run();
    assert_eq!(run.outcome, Outcome::GaveUp(Limit::Expansions(50)));
    assert_eq!(run.expanded, 50);
    // Stepped, it says so in its last event, and the plan is not called found.
    let mut plan = DStarLite::new(problem).with_budget(Budget::default().expansions(20));
    let last = std::iter::from_fn(|| plan.step()).last().unwrap();
    assert_eq!(last.event, Event::GaveUp(Limit::Expansions(20)));
    assert_eq!(plan.cost(), None);
}

/// A cell's colour asks D* Lite only whether the cell is queued or visited, through its own
/// quick answer; that answer must be the one its full node view gives, on every cell, at
/// every step of a plan and of the repairs after edits, and the counts the step reports
/// must be those cells counted.
#[test]
fn the_quick_status_and_the_kept_counts_agree_with_every_cell_at_every_step() {
    use frontier_games::games::sandbox::grid_search::GridSearch;
    use frontier_games::search::Run;
    let mut rng = StdRng::seed_from_u64(11);
    for seed in 0..6 {
        let board = random_board(seed + 14_000, true);
        let problem = GridProblem::new(Arc::new(board), Connectivity::Eight, Heuristic::Octile);
        let mut plan = DStarLite::new(problem);
        let check = |plan: &DStarLite, when: &str| {
            let board = plan.problem().board().clone();
            let (mut frontier, mut visited) = (0, 0);
            for pos in board.cells().positions() {
                let full = Run::node(plan, &pos).map(|view| (view.side, view.status));
                assert_eq!(plan.status(pos), full, "seed {seed} {when}: {pos}");
                match full {
                    Some((_, frontier_games::search::NodeStatus::Frontier)) => frontier += 1,
                    Some((_, frontier_games::search::NodeStatus::Visited)) => visited += 1,
                    None => {}
                }
            }
            assert_eq!(plan.frontier_len(), frontier, "seed {seed} {when}");
            assert_eq!(plan.visited_len(), visited, "seed {seed} {when}");
        };
        let mut steps = 0;
        for round in 0..4 {
            while plan.step().is_some() {
                steps += 1;
                if steps % 7 == 0 {
                    check(&plan, &format!("round {round}, step {steps}"));
                }
            }
            check(&plan, &format!("round {round}, planned"));
            let path = plan.path().unwrap_or_else(|| vec![plan.problem().start]);
            let cell = near(&path, plan.problem().board(), &mut rng);
            let current = plan.problem().board().terrain_index(cell).unwrap_or(0);
            plan.edit(cell, if current == 1 { 0 } else { 1 });
            check(&plan, &format!("round {round}, edited"));
        }
    }
}

/// A plan mended after an edit becomes step 0 of its timeline: seeking about in it
/// replays the repair exactly as stepping a copy of the mended plan does.
#[test]
fn a_rebased_timeline_replays_the_repair_from_the_mended_plan() {
    use frontier_games::search::Timeline;
    let board = random_board(14_100, true);
    let problem = GridProblem::new(Arc::new(board), Connectivity::Eight, Heuristic::Octile);
    let dstar = PathAlgorithm::parse("dstar-lite").unwrap();
    let mut timeline =
        Timeline::with_checkpoints(GridRun::new(problem, dstar, Budget::UNLIMITED), 4, 4);
    while timeline.step().is_some() {}
    let planned = timeline.position();
    let path = timeline.current().path().expect("a path");
    let cell = path[path.len() / 2];
    let mut mended = None;
    timeline.rebase(|run| {
        assert!(run.repair_cell(cell, 1));
        mended = Some(run.clone());
    });
    let mended = mended.unwrap();
    assert_eq!(timeline.position(), 0);
    assert_eq!(timeline.end(), None, "the repair is still to be stepped");
    while timeline.step().is_some() {}
    let repair = timeline.position();
    assert!(repair > 0 && repair != planned, "{repair} steps");
    for k in [repair / 2, 1, repair, 0, repair - 1] {
        timeline.seek(k);
        let mut stepped = mended.clone();
        for _ in 0..k {
            stepped.next();
        }
        assert_eq!(
            timeline.current().expansions(),
            stepped.expansions(),
            "step {k}"
        );
        assert_eq!(timeline.current().frontier_len(), stepped.frontier_len());
        assert_eq!(
            timeline.current().last_expanded(),
            stepped.last_expanded(),
            "step {k}"
        );
    }
}
