//! Every query of every Moving AI scenario in the shared data reproduces its optimal length
//! (8-connected, diagonals sqrt 2, no corner cutting) within 1e-3.

use frontier_test_support as common;

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

/// With a consistent heuristic A* never needs to expand a node twice. Diagonals cost a
/// dyadic sqrt 2, so routes of the same length cost exactly the same: no rounding error in
/// the last bit passes for a cheaper route and reopens an expanded node (with the nearest
/// `f64` to sqrt 2, one expansion in ten on these maps was such a repeat). JPS, which prices
/// a jump as a multiple of the diagonal instead of a sum of steps, agrees to the last bit.
#[test]
fn astar_with_octile_never_expands_a_node_twice_on_a_large_map() {
    use frontier_games::search::Search;
    let dir = common::test_data().join("movingai-large");
    let board = Arc::new(parse_map(&read_text(&dir.join("den520d.map")).unwrap()).unwrap());
    let queries = parse_scenario(&read_text(&dir.join("den520d.map.scen")).unwrap()).unwrap();
    let mut expanded = 0;
    // Every 8th query: the long ones among them run thousands of expansions each.
    for query in queries.iter().step_by(8) {
        let problem = GridProblem::new(board.clone(), Connectivity::Eight, Heuristic::Octile)
            .between(query.start, query.goal);
        let mut search = Search::new(problem.clone(), Algorithm::AStar);
        let cost = loop {
            match search.next() {
                Some(frontier_games::search::Event::Found { goal }) => break search.g(goal),
                Some(_) => {}
                None => panic!("{} -> {}: no path", query.start, query.goal),
            }
        };
        assert_eq!(
            search.expansions(),
            search.visited_len(),
            "{} -> {}: {} expansions of {} distinct nodes",
            query.start,
            query.goal,
            search.expansions(),
            search.visited_len()
        );
        expanded += search.expansions();
        let jps = GridRun::new(
            problem,
            PathAlgorithm::parse("jps").unwrap(),
            Budget::UNLIMITED,
        );
        let Outcome::Found { cost: by_jumps, .. } = jps.run().outcome else {
            panic!("JPS found no path");
        };
        assert_eq!(
            cost.to_bits(),
            by_jumps.to_bits(),
            "A* {cost}, JPS {by_jumps}"
        );
    }
    assert!(
        expanded > 100_000,
        "only {expanded} expansions were checked"
    );
}
