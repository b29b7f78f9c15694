//! Every query of every Moving AI scenario in the shared data reproduces its optimal length
//! (8-connected, diagonals sqrt 2, no corner cutting) within 1e-3.

mod common;

use std::sync::Arc;

use frontier_games::files::read_text;
use frontier_games::games::sandbox::movingai::{parse_map, parse_scenario};
use frontier_games::games::sandbox::{
    Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm,
};
use frontier_games::search::{Algorithm, Budget, Outcome};

#[test]
fn every_scenario_query_matches_its_optimal_length() {
    let dir = common::test_data().join("movingai");
    let mut scenarios: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scen"))
        .collect();
    scenarios.sort();
    assert!(!scenarios.is_empty(), "no .scen files in {}", dir.display());
    let mut total = 0;
    for scen in scenarios {
        let queries = parse_scenario(&read_text(&scen).unwrap()).unwrap();
        let map_name = std::path::Path::new(&queries[0].map).file_name().unwrap();
        let board = Arc::new(parse_map(&read_text(&dir.join(map_name)).unwrap()).unwrap());
        for (i, query) in queries.iter().enumerate() {
            assert_eq!((board.width(), board.height()), (query.width, query.height));
            for algorithm in [
                PathAlgorithm::search(Algorithm::AStar),
                PathAlgorithm::search(Algorithm::Dijkstra),
                PathAlgorithm::parse("biastar").unwrap(),
                PathAlgorithm::parse("bidijkstra").unwrap(),
                PathAlgorithm::parse("jps").unwrap(),
            ] {
                let problem =
                    GridProblem::new(board.clone(), Connectivity::Eight, Heuristic::Octile)
                        .between(query.start, query.goal);
                let result = GridRun::new(problem, algorithm, Budget::UNLIMITED).run();
                let Outcome::Found { cost, .. } = result.outcome else {
                    panic!("{}: query {} has no path", scen.display(), i + 1);
                };
                assert!(
                    (cost - query.optimal).abs() <= 1e-3,
                    "{} query {} ({algorithm}): {} -> {} cost {cost}, optimal {}",
                    scen.display(),
                    i + 1,
                    query.start,
                    query.goal,
                    query.optimal
                );
            }
            total += 1;
        }
    }
    assert!(total > 400, "only {total} queries were checked");
}
