//! Iterative deepening DFS and IDA* against the independent references: the fewest moves,
//! the cheapest cost, "no path" proven by running out of limits, and the iterations and
//! re-expansions they show.

use frontier_test_support as common;

use std::sync::Arc;

use common::{random_board, reference_cost, reference_moves};
use frontier_games::games::sandbox::{
    Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm,
};
use frontier_games::grid::Pos;
use frontier_games::search::{Budget, Deepening, DeepeningLimit, Event, Outcome, Run};

fn run(
    board: &Board,
    connectivity: Connectivity,
    heuristic: Heuristic,
    algorithm: PathAlgorithm,
) -> Outcome<Pos> {
    let problem = GridProblem::new(Arc::new(board.clone()), connectivity, heuristic);
    let result = GridRun::new(problem.clone(), algorithm, Budget::UNLIMITED).run();
    if let Outcome::Found { path, cost } = &result.outcome {
        let walked = problem.check_path(path).expect("a legal path");
        assert!((walked - cost).abs() < 1e-9);
    }
    result.outcome
}

#[test]
fn iddfs_finds_the_fewest_moves_on_random_boards() {
    for seed in 0..150 {
        let board = random_board(seed + 7000, seed % 2 == 0);
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let got = match run(
                &board,
                connectivity,
                Heuristic::Zero,
                PathAlgorithm::parse("iddfs").unwrap(),
            ) {
                Outcome::Found { path, .. } => Some(path.len() - 1),
                _ => None,
            };
            assert_eq!(
                got,
                reference_moves(&board, connectivity),
                "seed {seed}, {connectivity:?}"
            );
        }
    }
}

#[test]
fn idastar_finds_the_cheapest_cost_on_random_boards() {
    let cases = [
        (false, Connectivity::Four, Heuristic::Manhattan),
        (false, Connectivity::Eight, Heuristic::Octile),
        (true, Connectivity::Four, Heuristic::Manhattan),
    ];
    for (weighted, connectivity, heuristic) in cases {
        for seed in 0..80 {
            let board = random_board(seed + 8000, weighted);
            let got = match run(
                &board,
                connectivity,
                heuristic,
                PathAlgorithm::parse("idastar").unwrap(),
            ) {
                Outcome::Found { cost, .. } => Some((cost * 1e6).round()),
                _ => None,
            };
            let expected = reference_cost(&board, connectivity).map(|c| (c * 1e6).round());
            assert_eq!(
                got, expected,
                "seed {seed}, {connectivity:?}, weighted {weighted}"
            );
        }
    }
}

/// A wall column between the start (left) and the goal (right).
fn walled(weighted: bool) -> Board {
    let text = format!(
        "frontier-board 1\nsize 9 5\nstart 0 2\ngoal 8 2\nlegend . floor 1\nlegend # wall\nlegend ~ swamp 2.5\nmap\n{}",
        [
            "..~.#....",
            ".~..#.~..",
            "....#....",
            "..~.#..~.",
            ".~..#...."
        ]
        .map(|row| if weighted {
            row.to_string()
        } else {
            row.replace('~', ".")
        })
        .join("\n")
    );
    Board::parse(&text).unwrap()
}

#[test]
fn no_path_is_proven_when_no_limit_cuts_anything_off() {
    for weighted in [false, true] {
        for algorithm in [
            PathAlgorithm::parse("iddfs").unwrap(),
            PathAlgorithm::parse("idastar").unwrap(),
        ] {
            let outcome = run(
                &walled(weighted),
                Connectivity::Four,
                Heuristic::Manhattan,
                algorithm,
            );
            assert_eq!(outcome, Outcome::NoPath, "{algorithm}, weighted {weighted}");
        }
    }
}

#[test]
fn each_iteration_starts_again_from_the_start_and_re_expansions_are_counted() {
    let mut board = Board::new(10, 10);
    board.start = Pos::new(0, 0);
    board.goal = Pos::new(9, 9);
    let problem = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);

    let mut iddfs = Deepening::new(problem.clone(), DeepeningLimit::Moves);
    let mut limits = vec![iddfs.status().bound];
    while let Some(step) = iddfs.step() {
        let status = iddfs.status();
        if status.began_iteration {
            limits.push(status.bound);
            assert_eq!(
                iddfs.last_expanded(),
                Some((frontier_games::search::Side::Forward, Pos::new(0, 0)))
            );
        }
        if step.event.is_final() {
            assert!(matches!(step.event, Event::Found { .. }));
        }
    }
    let expected: Vec<f64> = (0..=18).map(f64::from).collect();
    assert_eq!(
        limits, expected,
        "the limit rises a move at a time to the 18 the goal needs"
    );
    assert_eq!(iddfs.path_cost(), Some(18.0));
    assert_eq!(
        iddfs.times_expanded(&Pos::new(0, 0)),
        19,
        "the start, once per iteration"
    );
    assert!(iddfs.status().re_expansions > 100);

    // IDA* with Manhattan on an open board: h is exact, one iteration suffices.
    let mut idastar = Deepening::new(problem, DeepeningLimit::Cost);
    let result = Run::finish(idastar.clone());
    assert!(matches!(result.outcome, Outcome::Found { cost, .. } if cost == 18.0));
    while idastar.step().is_some() {}
    assert_eq!(idastar.status().iteration, 1);
    assert_eq!(idastar.status().re_expansions, 0);
}

#[test]
fn idastar_bounds_rise_to_the_smallest_f_cut_off_and_a_budget_leaves_a_proven_bound() {
    let board = frontier_games::games::sandbox::presets::board("concave-trap.board").unwrap();
    let problem = GridProblem::new(
        Arc::new(board.clone()),
        Connectivity::Four,
        Heuristic::Manhattan,
    );
    let optimal = reference_cost(&board, Connectivity::Four).unwrap();
    let mut idastar = Deepening::new(problem.clone(), DeepeningLimit::Cost);
    let mut bounds = vec![idastar.status().bound];
    while let Some(step) = idastar.step() {
        let status = idastar.status();
        if status.began_iteration {
            assert!(status.bound > *bounds.last().unwrap(), "bounds only rise");
            bounds.push(status.bound);
        }
        if let Some(next) = status.next_bound {
            assert!(next > status.bound);
        }
        if step.event.is_final() {
            break;
        }
    }
    assert!(
        bounds.len() > 3,
        "the cup costs several iterations: {bounds:?}"
    );
    assert_eq!(idastar.path_cost(), Some(optimal));
    assert_eq!(
        *bounds.last().unwrap(),
        optimal,
        "the last bound is the path's cost"
    );

    let cut_short = Deepening::new(problem, DeepeningLimit::Cost)
        .with_budget(Budget::UNLIMITED.expansions(200));
    let mut cut_short = cut_short;
    while cut_short.step().is_some() {}
    assert!(matches!(
        cut_short.ended().map(|s| s.event),
        Some(Event::GaveUp(_))
    ));
    let proven = cut_short.proven_bound();
    assert!(
        proven <= optimal && proven >= 0.0,
        "proven {proven}, optimal {optimal}"
    );
}
