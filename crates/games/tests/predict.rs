//! "Predict the next step" judged against the engines themselves: for every algorithm on
//! random boards, at every step, the cell the run then expands is accepted, a cell outside
//! the frontier is refused, and a frontier cell the search passes over never ranks better
//! than the one it takes.

use frontier_test_support as common;

use std::sync::Arc;

use common::random_board;
use frontier_games::games::sandbox::predict::judge;
use frontier_games::games::sandbox::{
    Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm,
};
use frontier_games::grid::Pos;
use frontier_games::search::predict::{Ranking, Verdict};
use frontier_games::search::{Budget, NodeStatus, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn the_cell_expanded_next_is_accepted_and_a_cell_outside_the_frontier_refused() {
    let mut rng = StdRng::seed_from_u64(7);
    let (mut judged, mut ties, mut later) = (0, 0, 0);
    for algorithm in PathAlgorithm::all() {
        for seed in 0..12 {
            // JPS needs one step cost; every other search gets weighted terrain too.
            let weighted = algorithm != PathAlgorithm::parse("jps").unwrap() && seed % 2 == 1;
            let board = random_board(seed + 31_000, weighted);
            let connectivity = if seed % 3 == 0 {
                Connectivity::Eight
            } else {
                Connectivity::Four
            };
            let problem = GridProblem::new(
                Arc::new(board.clone()),
                connectivity,
                Heuristic::natural(connectivity),
            );
            let mut run = GridRun::new(problem, algorithm, Budget::UNLIMITED.expansions(3_000));
            let cells: Vec<Pos> = board.cells().positions().collect();
            for step in 0..400 {
                let Some((_, next)) = run.next_expansion() else {
                    break;
                };
                let context = format!("{algorithm} seed {seed} step {step}");
                let right = judge(&run, next).expect("a step to predict");
                assert_eq!(right.verdict, Verdict::Right, "{context}");
                assert_eq!(right.taken, next, "{context}");

                let outside = cells[rng.random_range(0..cells.len())];
                // In either search's frontier (a two-ended run's halves may both know a cell).
                let frontier = |p: Pos| {
                    [Side::Forward, Side::Backward].into_iter().any(|side| {
                        (run.engine().node_on(&p, side))
                            .is_some_and(|v| v.status == NodeStatus::Frontier)
                    })
                };
                if outside != next && !frontier(outside) {
                    let refused = judge(&run, outside).unwrap();
                    assert_eq!(
                        refused.verdict,
                        Verdict::NotInFrontier,
                        "{context} {outside}"
                    );
                    assert!(!refused.verdict.is_right());
                }
                // A frontier cell passed over: a tie by the rule's own measure, or ranked
                // after the cell taken (never before: the verdict would be unfair).
                if let Some(other) = cells.iter().copied().find(|&p| p != next && frontier(p)) {
                    let verdict = judge(&run, other).unwrap().verdict;
                    judged += 1;
                    match verdict {
                        Verdict::Tie { .. } => ties += 1,
                        Verdict::Later { taken, answer } => {
                            later += 1;
                            match algorithm.ranking() {
                                Ranking::Lowest(_) => {
                                    let (t, a) = (taken.unwrap(), answer.unwrap());
                                    assert!(t < a, "{context}: took {t} over {a}");
                                }
                                Ranking::Order => assert!(taken.is_none(), "{context}"),
                            }
                        }
                        Verdict::OtherSide => {
                            assert!(algorithm.bidirectional().is_some(), "{context}")
                        }
                        Verdict::Right | Verdict::NotInFrontier => {
                            panic!("{context}: {other} judged {verdict:?}")
                        }
                    }
                }
                // The prediction is what the run then does.
                run.next();
                assert_eq!(run.last_expanded().map(|(_, p)| p), Some(next), "{context}");
            }
        }
    }
    assert!(judged > 1_000, "only {judged} passed-over cells judged");
    assert!(ties > 50 && later > 50, "ties {ties}, later {later}");
}

#[test]
fn the_cells_joining_the_frontier_are_accepted_exactly() {
    use frontier_games::games::sandbox::predict::judge_joining;
    for algorithm in PathAlgorithm::all() {
        for seed in 0..6 {
            let board = random_board(
                seed + 32_000,
                algorithm != PathAlgorithm::parse("jps").unwrap(),
            );
            let problem = GridProblem::new(
                Arc::new(board.clone()),
                Connectivity::Four,
                Heuristic::Manhattan,
            );
            let mut run = GridRun::new(problem, algorithm, Budget::UNLIMITED.expansions(2_000));
            for step in 0..60 {
                let Some(judged) = judge_joining(&run, &[]) else {
                    break;
                };
                let context = format!("{algorithm} seed {seed} step {step}");
                let joined = judged.joined;
                assert!(
                    judge_joining(&run, &joined).unwrap().is_right(),
                    "{context}"
                );
                // Each joining cell is new to the frontier after the step.
                let mut after = run.clone();
                after.next();
                for &cell in &joined {
                    let before = run.info(cell).map(|i| i.status);
                    assert_ne!(before, Some(NodeStatus::Frontier), "{context} {cell}");
                    if algorithm.bidirectional().is_none() {
                        let now = after.info(cell).map(|i| i.status);
                        assert_eq!(now, Some(NodeStatus::Frontier), "{context} {cell}");
                    }
                }
                if let Some(&first) = joined.first() {
                    let missed = judge_joining(&run, &joined[1..]).unwrap();
                    assert_eq!(missed.missed, vec![first], "{context}");
                    assert!(!missed.is_right());
                }
                let wall = board.cells().positions().find(|&p| !board.is_passable(p));
                if let Some(wall) = wall {
                    let extra = judge_joining(&run, &[wall]).unwrap();
                    assert_eq!(extra.extra, vec![wall], "{context}");
                }
                run.next();
            }
        }
    }
}
