//! The registry of the board's searches: every code names one search and reads back to
//! it, and each search's descriptor agrees with what its run does.

use std::collections::BTreeSet;
use std::sync::Arc;

use frontier_games::games::sandbox::algorithms::{REGISTRY, Shape};
use frontier_games::games::sandbox::{
    Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm,
};
use frontier_games::grid::Pos;
use frontier_games::search::{Budget, Outcome};

#[test]
fn every_code_names_one_search_and_reads_back_to_it() {
    let codes: BTreeSet<&str> = REGISTRY.iter().map(|d| d.code).collect();
    assert_eq!(codes.len(), REGISTRY.len(), "codes are unique");
    for algorithm in PathAlgorithm::all() {
        assert_eq!(PathAlgorithm::parse(&algorithm.code()), Ok(algorithm));
        assert_eq!(
            PathAlgorithm::parse(&algorithm.code().to_uppercase()),
            Ok(algorithm)
        );
    }
    let error = PathAlgorithm::parse("bogosort").unwrap_err();
    for descriptor in REGISTRY {
        let listed = match descriptor.shape {
            Shape::BestFirst(a) if a.code_pattern().ends_with(":W") => a.code_pattern(),
            _ => descriptor.code.to_string(),
        };
        assert!(error.contains(&listed), "{error} names {listed}");
    }
}

/// What a descriptor claims, its run shows: a two-sided search meets, a deepening one
/// deepens, one that claims the cheapest path finds it, a scan trail is drawn by the
/// search that claims one.
#[test]
fn each_descriptor_says_what_its_run_does() {
    let mut board = Board::new(14, 9);
    for y in 0..7 {
        board.paint(Pos::new(6, y), 1);
    }
    board.move_start(Pos::new(1, 1));
    board.move_goal(Pos::new(12, 2));
    let problem = GridProblem::new(
        Arc::new(board.clone()),
        Connectivity::Eight,
        Heuristic::Octile,
    );
    let cheapest = GridRun::new(
        problem.clone(),
        PathAlgorithm::parse("dijkstra").unwrap(),
        Budget::UNLIMITED,
    )
    .run();
    let Outcome::Found { cost: best, .. } = cheapest.outcome else {
        panic!("a path round the wall");
    };
    for algorithm in PathAlgorithm::all() {
        let mut run = GridRun::new(problem.clone(), algorithm, Budget::UNLIMITED);
        let (mut met, mut deepened, mut scanned) = (false, false, false);
        while run.next().is_some() {
            met |= run.meeting().is_some();
            deepened |= run.deepening().is_some();
            scanned |= board.cells().positions().any(|p| run.scanned(p));
        }
        assert_eq!(met, algorithm.bidirectional().is_some(), "{algorithm}");
        assert_eq!(deepened, algorithm.deepening().is_some(), "{algorithm}");
        assert_eq!(scanned, algorithm.capabilities().scan_trail, "{algorithm}");
        let cost = run
            .path_cost()
            .unwrap_or_else(|| panic!("{algorithm} found no path"));
        if algorithm.finds_cheapest() {
            assert!((cost - best).abs() < 1e-9, "{algorithm}: {cost} vs {best}");
        }
        if algorithm.capabilities().any_angle {
            assert!(cost < best, "{algorithm}: any-angle beats the grid here");
        }
    }
}
