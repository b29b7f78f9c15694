//! Sokoban solvers against the shared Microban data and the presets: every solution replays
//! to a solved position, and BFS finds the push-optimal count.

use frontier_test_support as common;

use std::collections::HashMap;

use frontier_games::files::read_text;
use frontier_games::games::sokoban::solver::{Detail, SokobanAlgorithm, SolveOutcome, solve};
use frontier_games::games::sokoban::{parse_collection, presets, verify_solution};
use frontier_games::search::Budget;

fn microban() -> Vec<frontier_games::games::sokoban::Entry> {
    let path = common::test_data().join("sokoban/microban-1.xsb");
    parse_collection(&read_text(&path).unwrap()).unwrap()
}

/// Push-optimal counts by level number, where known.
fn optimal_pushes() -> HashMap<usize, usize> {
    let path = common::test_data().join("sokoban/microban-1-optimal.tsv");
    read_text(&path)
        .unwrap()
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Some((fields[0].parse().ok()?, fields.get(1)?.parse().ok()?))
        })
        .collect()
}

/// Solves, and checks any solution by replaying it; returns the pushes if solved.
fn solved_pushes(
    level: &frontier_games::games::sokoban::Level,
    algorithm: SokobanAlgorithm,
    detail: Detail,
    states: usize,
) -> Option<usize> {
    let report = solve(level, algorithm, detail, Budget::UNLIMITED.states(states));
    match report.outcome {
        SolveOutcome::Solved {
            lurd,
            moves,
            pushes,
        } => {
            assert_eq!(
                verify_solution(level, &lurd),
                Ok((moves, pushes)),
                "{}: {lurd}",
                level.title
            );
            Some(pushes)
        }
        SolveOutcome::BadSolution(problem) => panic!("{}: {problem}", level.title),
        SolveOutcome::NoSolution => panic!("{}: reported unsolvable", level.title),
        SolveOutcome::GaveUp(_) => None,
    }
}

#[test]
fn microban_has_155_levels_that_all_load() {
    let levels = microban();
    assert_eq!(levels.len(), 155);
    assert!(levels.iter().all(|e| e.level.is_ok()));
    assert_eq!(levels[0].title, "1");
    assert_eq!(levels[152].title, "153");
}

#[test]
fn every_astar_solution_on_microban_replays_and_is_push_optimal() {
    let optimal = optimal_pushes();
    let mut solved = 0;
    for (i, entry) in microban().iter().enumerate() {
        let level = entry.level.as_ref().unwrap();
        if let Some(pushes) = solved_pushes(level, SokobanAlgorithm::AStar, Detail::Pushes, 60_000)
        {
            solved += 1;
            if let Some(&best) = optimal.get(&(i + 1)) {
                assert_eq!(
                    pushes,
                    best,
                    "level {}: A* with an admissible bound is push-optimal",
                    i + 1
                );
            }
        }
    }
    assert!(
        solved >= 130,
        "only {solved} of 155 solved within 60,000 states each"
    );
}

#[test]
fn bfs_push_counts_equal_the_optimal_counts() {
    let optimal = optimal_pushes();
    let mut compared = 0;
    for (i, entry) in microban().iter().enumerate() {
        let level = entry.level.as_ref().unwrap();
        if let Some(pushes) = solved_pushes(level, SokobanAlgorithm::Bfs, Detail::Pushes, 30_000) {
            assert_eq!(Some(&pushes), optimal.get(&(i + 1)), "level {}", i + 1);
            compared += 1;
        }
    }
    assert!(
        compared >= 60,
        "BFS solved only {compared} levels within its budget"
    );
}

/// IDA* keeps only the path and one iteration's table, and pays for it by expanding the
/// positions near the start again in every iteration: on the levels it finishes within its
/// budget it is push-optimal like A*, and where the bound had to rise it repeated work.
#[test]
fn ida_star_is_push_optimal_on_microban_and_expands_positions_again_in_each_iteration() {
    use frontier_games::games::sokoban::solver::SokobanRun;
    let optimal = optimal_pushes();
    let levels = microban();
    let (mut solved, mut raised) = (0, 0);
    for number in 1..=40 {
        let level = levels[number - 1].level.as_ref().unwrap();
        let budget = Budget::UNLIMITED.expansions(40_000);
        let report = solve(level, SokobanAlgorithm::IdaStar, Detail::Pushes, budget);
        let SolveOutcome::Solved { lurd, pushes, .. } = report.outcome else {
            continue;
        };
        assert!(verify_solution(level, &lurd).is_ok(), "level {number}");
        assert_eq!(Some(&pushes), optimal.get(&number), "level {number}");
        solved += 1;

        let mut run = SokobanRun::new(level, SokobanAlgorithm::IdaStar, Detail::Pushes, budget);
        let start_bound = run.deepening().expect("IDA* reports its bound").bound;
        run.by_ref().for_each(drop);
        let status = run.deepening().expect("IDA* reports its bound");
        assert_eq!(
            status.bound, pushes as f64,
            "level {number}: the last bound is the optimum"
        );
        if status.iteration > 1 {
            raised += 1;
            assert!(status.bound > start_bound, "level {number}");
            assert!(
                status.re_expansions > 0,
                "level {number}: the start came back at least"
            );
        } else {
            assert_eq!(status.re_expansions, 0, "level {number}");
        }
    }
    assert!(solved >= 30, "IDA* solved only {solved} of the first 40");
    assert!(
        raised >= 5,
        "only {raised} levels needed a second iteration"
    );
}

#[test]
fn every_preset_level_is_solved_by_every_algorithm_and_replays() {
    for (file, _) in presets::COLLECTIONS {
        for entry in presets::collection(file).unwrap() {
            let level = entry
                .level
                .unwrap_or_else(|e| panic!("{file}: {}: {e}", entry.title));
            for algorithm in frontier_games::games::sokoban::solver::ALGORITHMS {
                let pushes = solved_pushes(&level, algorithm, Detail::Pushes, 2_000_000);
                assert!(
                    pushes.is_some(),
                    "{}: {algorithm} ran out of budget",
                    level.title
                );
            }
        }
    }
}

#[test]
fn the_move_level_search_solves_small_levels_move_optimally_with_bfs() {
    let levels = presets::collection("frontier-tutorial.xsb").unwrap();
    for entry in &levels[..5] {
        let level = entry.level.as_ref().unwrap();
        let by_moves = solve(
            level,
            SokobanAlgorithm::Bfs,
            Detail::Moves,
            Budget::UNLIMITED.states(500_000),
        );
        let by_pushes = solve(
            level,
            SokobanAlgorithm::Bfs,
            Detail::Pushes,
            Budget::UNLIMITED,
        );
        let (
            SolveOutcome::Solved { moves, lurd, .. },
            SolveOutcome::Solved {
                moves: push_moves, ..
            },
        ) = (&by_moves.outcome, &by_pushes.outcome)
        else {
            panic!("{}: not solved", level.title);
        };
        assert!(verify_solution(level, lurd).is_ok());
        assert!(
            moves <= push_moves,
            "{}: BFS over moves finds the fewest moves",
            level.title
        );
        assert!(
            by_moves.stored > by_pushes.stored,
            "{}: the move-level state space is larger",
            level.title
        );
    }
}

#[test]
fn an_unsolvable_level_ends_as_no_solution_and_budgets_end_as_gave_up() {
    // The box is stuck against the top wall: the goal is below.
    let level =
        frontier_games::games::sokoban::parse_level("#####\n#$  #\n#  @#\n# . #\n#####\n").unwrap();
    for algorithm in [
        SokobanAlgorithm::Bfs,
        SokobanAlgorithm::AStar,
        SokobanAlgorithm::Dfs,
    ] {
        assert_eq!(
            solve(&level, algorithm, Detail::Pushes, Budget::UNLIMITED).outcome,
            SolveOutcome::NoSolution
        );
    }
    let hard = &microban()[92];
    let report = solve(
        hard.level.as_ref().unwrap(),
        SokobanAlgorithm::Bfs,
        Detail::Pushes,
        Budget::UNLIMITED.states(5_000),
    );
    assert!(
        matches!(report.outcome, SolveOutcome::GaveUp(_)),
        "{:?}",
        report.outcome
    );
}

#[test]
fn the_prunes_are_counted() {
    let level = &presets::collection("frontier-tutorial.xsb").unwrap()[7];
    let report = solve(
        level.level.as_ref().unwrap(),
        SokobanAlgorithm::Bfs,
        Detail::Pushes,
        Budget::UNLIMITED,
    );
    assert!(report.prunes.dead_squares > 0);
    assert!(report.prunes.freezes > 0);
}

/// The corral check learns fences no push can open; pruning them (and every position that
/// contains one) must lose no solution and no optimum, and must save expansions.
#[test]
fn learned_corral_deadlocks_cut_expansions_and_lose_no_optimum() {
    use frontier_games::games::sokoban::solver::{Pruning, solve_pruned};
    let without = Pruning::without("corral-deadlocks").unwrap();
    let (mut with_expanded, mut without_expanded, mut fired, mut compared) = (0, 0, 0, 0);
    for (i, entry) in microban().iter().enumerate().take(100) {
        let level = entry.level.as_ref().unwrap();
        let budget = Budget::UNLIMITED.states(30_000);
        let run = |pruning| {
            solve_pruned(
                level,
                SokobanAlgorithm::AStar,
                Detail::Pushes,
                budget,
                pruning,
            )
        };
        let (learned, plain) = (run(Pruning::ALL), run(without));
        let pushes = |outcome: &SolveOutcome| match outcome {
            SolveOutcome::Solved { pushes, .. } => Some(*pushes),
            _ => None,
        };
        if let Some(plain_pushes) = pushes(&plain.outcome) {
            assert_eq!(
                pushes(&learned.outcome),
                Some(plain_pushes),
                "level {}",
                i + 1
            );
            compared += 1;
            with_expanded += learned.expanded;
            without_expanded += plain.expanded;
        }
        assert_eq!(
            plain.prunes.corral_deadlocks + plain.prunes.learned_deadlocks,
            0
        );
        fired += usize::from(learned.prunes.corral_deadlocks > 0);
    }
    assert!(compared >= 90, "{compared}");
    assert!(fired >= 20, "the corral check fired on only {fired} levels");
    assert!(
        with_expanded * 20 < without_expanded * 19,
        "{with_expanded} expansions with it, {without_expanded} without"
    );
}

#[test]
fn a_search_given_up_on_proves_a_lower_bound_that_never_passes_the_optimum() {
    let levels = microban();
    let optimal = optimal_pushes();
    let mut raised = 0;
    for number in [20, 40, 60, 80, 100, 120] {
        let level = levels[number - 1].level.as_ref().unwrap();
        let best = optimal[&number] as f64;
        for algorithm in [
            SokobanAlgorithm::AStar,
            SokobanAlgorithm::Bfs,
            SokobanAlgorithm::IdaStar,
        ] {
            let budget = Budget::UNLIMITED.expansions(300);
            let report = solve(level, algorithm, Detail::Pushes, budget);
            let bound = report.proven_bound.expect("BFS, A* and IDA* prove a bound");
            match report.outcome {
                SolveOutcome::Solved { pushes, .. } => assert_eq!(bound, pushes as f64),
                _ => assert!(
                    bound <= best,
                    "level {number} {algorithm}: {bound} > {best}"
                ),
            }
            if algorithm == SokobanAlgorithm::AStar {
                let start = solve(
                    level,
                    algorithm,
                    Detail::Pushes,
                    Budget::UNLIMITED.expansions(1),
                );
                let start_bound = start.proven_bound.expect("the start was expanded");
                raised += usize::from(bound > start_bound);
            }
        }
        let greedy = solve(
            level,
            SokobanAlgorithm::Greedy,
            Detail::Pushes,
            Budget::UNLIMITED.expansions(300),
        );
        assert_eq!(
            greedy.proven_bound, None,
            "greedy proves nothing about the optimum"
        );
    }
    assert!(
        raised >= 3,
        "300 A* expansions should raise the bound on most levels ({raised})"
    );
}

#[test]
fn boxoban_medium_levels_all_load_and_a_sample_is_solved_by_astar() {
    let path = common::test_data().join("sokoban/boxoban-medium-valid-000.txt");
    let levels = parse_collection(&read_text(&path).unwrap()).unwrap();
    assert_eq!(levels.len(), 1000);
    for entry in &levels {
        let level = entry.level.as_ref().unwrap();
        assert_eq!((level.width(), level.height()), (10, 10), "{}", entry.title);
        assert_eq!(level.boxes().count(), 4, "{}", entry.title);
        assert_eq!(level.check(), Ok(()), "{}", entry.title);
    }
    for entry in levels.iter().step_by(100) {
        let level = entry.level.as_ref().unwrap();
        assert!(
            solved_pushes(level, SokobanAlgorithm::AStar, Detail::Pushes, 200_000).is_some(),
            "Boxoban {}: A* ran out of budget",
            entry.title
        );
    }
}

/// A walled room `side` cells across with `boxes` boxes and as many goals scattered in it
/// (seeded), and the player: a level whose expansions are slow, each push moving one of
/// many boxes.
fn crowded_room(side: usize, boxes: usize, seed: u64) -> frontier_games::games::sokoban::Level {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rows: Vec<Vec<char>> = (0..side)
        .map(|y| {
            (0..side)
                .map(|x| {
                    if x == 0 || y == 0 || x == side - 1 || y == side - 1 {
                        '#'
                    } else {
                        ' '
                    }
                })
                .collect()
        })
        .collect();
    let mut inside: Vec<(usize, usize)> = (2..side - 2)
        .flat_map(|y| (2..side - 2).map(move |x| (x, y)))
        .collect();
    inside.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
    for (i, &(x, y)) in inside[..2 * boxes + 1].iter().enumerate() {
        rows[y][x] = if i < boxes {
            '$'
        } else if i < 2 * boxes {
            '.'
        } else {
            '@'
        };
    }
    let text: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    frontier_games::games::sokoban::parse_level(&text.join("\n")).unwrap()
}

#[test]
fn a_time_limit_holds_on_a_level_with_a_hundred_boxes() {
    let level = crowded_room(40, 100, 1);
    assert_eq!(level.check(), Ok(()));
    for algorithm in [
        SokobanAlgorithm::AStar,
        SokobanAlgorithm::Greedy,
        SokobanAlgorithm::Bfs,
    ] {
        let began = std::time::Instant::now();
        let budget = Budget::UNLIMITED.timeout(std::time::Duration::from_secs(1));
        let report = solve(&level, algorithm, Detail::Pushes, budget);
        let took = began.elapsed().as_secs_f64();
        assert!(
            matches!(
                report.outcome,
                SolveOutcome::GaveUp(frontier_games::search::Limit::Time)
            ),
            "{algorithm}: {:?}",
            report.outcome
        );
        assert!(
            took <= 1.25,
            "{algorithm}: a 1 s limit took {took:.3} s ({} expansions)",
            report.expanded
        );
        assert!(
            report.expanded > 1,
            "{algorithm}: {} expansions",
            report.expanded
        );
    }
}

#[test]
fn bounds_worked_out_from_the_parent_matching_equal_whole_solves() {
    use frontier_games::games::sokoban::solver::{Sokoban, SokobanProblem};
    let pushes =
        |level: &frontier_games::games::sokoban::Level| SokobanProblem::pushes(Sokoban::new(level));
    let rooms = [(14, 13, 2), (18, 20, 3), (22, 30, 4)];
    bounds_equal_whole_solves(pushes, frontier_games::search::Algorithm::AStar, &rooms);
    let pulls = |level: &frontier_games::games::sokoban::Level| {
        SokobanProblem::pulls(Sokoban::new(level)).expect("as many goals as boxes")
    };
    bounds_equal_whole_solves(
        pulls,
        frontier_games::search::Algorithm::Greedy,
        &rooms[..2],
    );
}

/// Runs `algorithm` 150 steps on each crowded room of `problem`, then checks that every bound
/// it stored (worked out from a parent's matching where it could) equals a fresh whole solve.
fn bounds_equal_whole_solves(
    problem: impl Fn(
        &frontier_games::games::sokoban::Level,
    ) -> frontier_games::games::sokoban::solver::SokobanProblem,
    algorithm: frontier_games::search::Algorithm,
    rooms: &[(usize, usize, u64)],
) {
    use frontier_games::search::{Problem, Search};
    for &(side, boxes, seed) in rooms {
        let level = crowded_room(side, boxes, seed);
        let fresh = problem(&level);
        let mut search = Search::new(problem(&level), algorithm);
        for _ in 0..150 {
            if search.next().is_none_or(|e| e.is_final()) {
                break;
            }
        }
        assert!(search.discovered() > 300, "{side}: {}", search.discovered());
        for node in search.nodes() {
            assert_eq!(
                search.h(node),
                fresh.heuristic(search.state(node)),
                "{algorithm}, {side} x {side}, {boxes} boxes"
            );
        }
    }
}

/// A search of pulls from the goals back to the start (its path read backwards is a solution):
/// with BFS it finds the optimal push counts, and its answers replay.
#[test]
fn pulling_back_from_the_goals_with_bfs_finds_the_optimal_push_counts() {
    use frontier_games::games::sokoban::solver::{Sokoban, SokobanRun, verified_solution};
    use frontier_games::search::Event;
    let optimal = optimal_pushes();
    let mut compared = 0;
    for (i, entry) in microban().iter().enumerate().take(60) {
        let level = entry.level.as_ref().unwrap();
        let budget = Budget::UNLIMITED.states(20_000);
        let mut run = SokobanRun::pulling(Sokoban::new(level), SokobanAlgorithm::Bfs, budget)
            .expect("Microban has as many goals as boxes");
        if !matches!(run.by_ref().last(), Some(Event::Found { .. })) {
            continue;
        }
        let SolveOutcome::Solved { pushes, .. } = verified_solution(level, &run) else {
            panic!("level {}: {:?}", i + 1, verified_solution(level, &run));
        };
        assert_eq!(Some(&pushes), optimal.get(&(i + 1)), "level {}", i + 1);
        compared += 1;
    }
    assert!(compared >= 40, "pulling BFS solved only {compared}");
}

/// A goal room is hard to fill forwards (most orders jam it) and easy to empty backwards: on
/// Microban 146, goals around a block of boxes, greedy pulling solves it in a few thousand
/// expansions, where greedy pushing has not in fifty thousand.
#[test]
fn greedy_pulling_empties_a_goal_room_that_greedy_pushing_cannot_fill() {
    use frontier_games::games::sokoban::solver::{Sokoban, SokobanRun, verified_solution};
    use frontier_games::search::{Event, Limit};
    let level = microban()[145].level.clone().unwrap();
    let mut pulling = SokobanRun::pulling(
        Sokoban::new(&level),
        SokobanAlgorithm::Greedy,
        Budget::UNLIMITED.expansions(5_000),
    )
    .unwrap();
    assert!(matches!(pulling.by_ref().last(), Some(Event::Found { .. })));
    assert!(matches!(
        verified_solution(&level, &pulling),
        SolveOutcome::Solved { .. }
    ));
    let pushing = solve(
        &level,
        SokobanAlgorithm::Greedy,
        Detail::Pushes,
        Budget::UNLIMITED.expansions(50_000),
    );
    assert!(matches!(
        pushing.outcome,
        SolveOutcome::GaveUp(Limit::Expansions(_))
    ));
}

/// Grigr2001 40: plain greedy pulling gets every box a pull or two from its start square and
/// stalls there, the player shut in a pocket away from them (1.4 million expansions in 10 s,
/// unsolved); taking novel positions first, and counting the boxes the player cannot walk up
/// to, solves it in under 100,000 (94,244).
#[test]
fn novel_first_pulling_solves_a_level_where_plain_greedy_pulling_stalls() {
    use frontier_games::games::sokoban::solver::{Sokoban, SokobanRun, verified_solution};
    use frontier_games::search::Event;
    let path = common::test_data().join("sokoban/grigr2001.xsb");
    let grigr = parse_collection(&read_text(&path).unwrap()).unwrap();
    let level = grigr[39].level.clone().unwrap();
    let budget = Budget::UNLIMITED.expansions(200_000);
    let mut novel = SokobanRun::pulling_novel_first(Sokoban::new(&level), budget).unwrap();
    assert!(matches!(novel.by_ref().last(), Some(Event::Found { .. })));
    assert!(novel.expansions() < 100_000);
    assert!(matches!(
        verified_solution(&level, &novel),
        SolveOutcome::Solved { .. }
    ));
    let mut plain =
        SokobanRun::pulling(Sokoban::new(&level), SokobanAlgorithm::Greedy, budget).unwrap();
    assert!(!matches!(plain.by_ref().last(), Some(Event::Found { .. })));
}

/// With the app's states a hint answers on Grigr2001 40, which only novel-first pulling
/// solves (alone, or meeting a forward search); at the earlier 1,000,000 states the hint gave
/// up on it. Paced by expansions, so the answer does not depend on the machine's speed: the
/// hint needs 872,329 of the million (782,329 before the feature-space search took its
/// turns on this 12-box level too; `cargo bench --bench sokoban` times the app's hint).
#[test]
fn the_apps_hint_states_answer_on_a_level_only_novel_first_pulling_solves() {
    use frontier_games::games::sokoban::solver::portfolio::{Pace, PortfolioSearch};
    use frontier_games::games::sokoban::solver::{HINT_STATES, HintOutcome, HintSearch};
    let path = common::test_data().join("sokoban/grigr2001.xsb");
    let grigr = parse_collection(&read_text(&path).unwrap()).unwrap();
    let level = grigr[39].level.clone().unwrap();
    let outcome = HintSearch::new(level, HINT_STATES, Pace::Expansions(1_000_000)).finish();
    let HintOutcome::Push(hint) = outcome else {
        panic!("no hint on Grigr2001 40: {outcome:?}");
    };
    assert!(
        [PortfolioSearch::NovelPulling, PortfolioSearch::Meeting].contains(&hint.found_by),
        "{:?}",
        hint.found_by
    );
    assert!(!hint.proven_shortest);
}

/// A forward search and a pulling one that reach the same position make a solution: the
/// pushes to it, then the pulls from the goals to it undone, last first.
#[test]
fn a_pulling_search_meeting_a_forward_one_joins_into_a_solution() {
    use frontier_games::games::sokoban::solver::{Sokoban, SokobanRun, meeting_to_lurd};
    let microban = microban();
    let mut in_the_middle = 0;
    for number in [95, 105, 115, 125, 135, 145] {
        let level = microban[number - 1].level.as_ref().unwrap();
        let budget = Budget::UNLIMITED.expansions(300);
        let mut forward = SokobanRun::new(level, SokobanAlgorithm::AStar, Detail::Pushes, budget);
        forward.by_ref().last();
        let mut pulling = SokobanRun::pulling(
            Sokoban::new(level),
            SokobanAlgorithm::Greedy,
            Budget::UNLIMITED,
        )
        .unwrap();
        // At the latest they meet at the start, which the pulling search ends on.
        let met = loop {
            assert!(pulling.next().is_some(), "level {number}: never met");
            let mut met = None;
            pulling.last_changed(|p| {
                if met.is_none() && forward.knows(p) {
                    met = Some(p.clone());
                }
            });
            if let Some(met) = met {
                break met;
            }
        };
        let (pushes, pulls) = (
            forward.route_to(&met).unwrap(),
            pulling.route_to(&met).unwrap(),
        );
        // The pulling route begins with the player anywhere: two states before a pull.
        in_the_middle += usize::from(pushes.len() > 1 && pulls.len() > 2);
        let lurd = meeting_to_lurd(level, &forward.sokoban().analysis, &pushes, &pulls);
        let (_, solution_pushes) = verify_solution(level, &lurd)
            .unwrap_or_else(|e| panic!("level {number}: {e:?}: {lurd}"));
        assert_eq!(
            solution_pushes,
            pushes.len() + pulls.len() - 3,
            "level {number}"
        );
    }
    assert!(in_the_middle >= 4, "only {in_the_middle} met in the middle");
}

/// `--without pulling` leaves the portfolio to A*, greedy and the feature-space search; with
/// it, greedy pulling joins, and novel-first pulling unless `--without novelty`;
/// `--without fess` takes the feature-space search out.
#[test]
fn switching_searches_off_takes_them_out_of_the_portfolio() {
    use frontier_games::games::sokoban::solver::Pruning;
    use frontier_games::games::sokoban::solver::portfolio::{Pace, Portfolio, PortfolioSearch};
    use std::time::{Duration, Instant};
    let level = microban()[143].level.clone().unwrap();
    for (pruning, expected) in [
        (Pruning::ALL, 5),
        (Pruning::without("novelty").unwrap(), 4),
        (Pruning::without("pulling").unwrap(), 3),
        (Pruning::without("fess").unwrap(), 4),
        (Pruning::without("pulling,fess").unwrap(), 2),
    ] {
        let budget = Budget::UNLIMITED.bytes(1 << 30);
        let pace = Pace::Expansions(100_000);
        let mut portfolio = Portfolio::new(&level, Detail::Pushes, pace, budget, pruning);
        while portfolio.searches().len() == 1 && portfolio.report().is_none() {
            portfolio.advance(Instant::now() + Duration::from_millis(20));
        }
        assert!(portfolio.report().is_none(), "A* alone cannot settle 144");
        let searches: Vec<PortfolioSearch> =
            portfolio.searches().into_iter().map(|s| s.0).collect();
        assert_eq!(searches.len(), expected, "{searches:?}");
        assert_eq!(
            searches.contains(&PortfolioSearch::GreedyPulling),
            pruning.pulling
        );
        assert_eq!(
            searches.contains(&PortfolioSearch::NovelPulling),
            pruning.pulling && pruning.novelty
        );
        assert_eq!(searches.contains(&PortfolioSearch::Fess), pruning.fess);
    }
}

/// Counted in expansions, a portfolio's answer does not depend on how its time is cut: run in
/// one go, or a few dozen expansions a call (as a slow machine's frames would), it finds the
/// same solution with the same search after the same expansions; and so does a hint.
#[test]
fn a_portfolio_counted_in_expansions_answers_the_same_however_its_time_is_cut() {
    use frontier_games::games::sokoban::solver::Pruning;
    use frontier_games::games::sokoban::solver::portfolio::{Pace, Portfolio};
    use std::time::{Duration, Instant};
    let level = microban()[143].level.clone().unwrap();
    let run = |cut: Duration| {
        let budget = Budget::UNLIMITED.bytes(1 << 30);
        let pace = Pace::Expansions(100_000);
        let mut portfolio = Portfolio::new(&level, Detail::Pushes, pace, budget, Pruning::ALL);
        let mut calls = 0;
        loop {
            calls += 1;
            if let Some(done) = portfolio.advance(Instant::now() + cut) {
                let report = done.clone();
                return (
                    report.found_by,
                    report.report.outcome,
                    report.report.expanded,
                    calls,
                );
            }
        }
    };
    let (by, outcome, expanded, calls) = run(Duration::from_secs(600));
    let (by_cut, outcome_cut, expanded_cut, calls_cut) = run(Duration::from_micros(1));
    assert!(
        matches!(outcome, SolveOutcome::Solved { .. }),
        "{outcome:?}"
    );
    assert!(
        calls <= 2 && calls_cut > 100,
        "{calls} and {calls_cut} calls"
    );
    assert_eq!((by, outcome, expanded), (by_cut, outcome_cut, expanded_cut));

    // A hint, which ends at the first solution found, ends at the same expansion too.
    use frontier_games::games::sokoban::solver::{HINT_STATES, HintSearch};
    let hint = |cut: Duration| {
        let pace = Pace::Expansions(400_000);
        let mut search = HintSearch::new(level.clone(), HINT_STATES, pace);
        while search.advance(Instant::now() + cut) {}
        (search.outcome().cloned(), search.expanded())
    };
    let (whole, cut) = (
        hint(Duration::from_secs(600)),
        hint(Duration::from_micros(1)),
    );
    assert!(whole.0.is_some() && whole.1 > 0, "{whole:?}");
    assert_eq!(whole, cut);
}

/// The portfolio (`--algo auto`): an answer A* finishes with is called push-optimal and is;
/// one greedy finds is replayed and called not proven; none is called optimal otherwise.
/// Paced by expansions, so which search answers does not depend on the machine's speed.
#[test]
fn the_portfolio_answer_replays_and_only_an_astar_answer_is_called_optimal() {
    use frontier_games::games::sokoban::solver::portfolio::{Pace, PortfolioSearch};
    use frontier_games::games::sokoban::solver::{Pruning, solve_portfolio};
    let budget = |expansions| Budget::UNLIMITED.bytes(1 << 30).expansions(expansions);
    let tutorial = presets::collection("frontier-tutorial.xsb").unwrap();
    for entry in tutorial.iter().take(7) {
        let level = entry.level.as_ref().unwrap();
        let auto = solve_portfolio(level, Detail::Pushes, budget(200_000), Pruning::ALL);
        let bfs = solve(
            level,
            SokobanAlgorithm::Bfs,
            Detail::Pushes,
            Budget::UNLIMITED,
        );
        let (
            SolveOutcome::Solved { lurd, pushes, .. },
            SolveOutcome::Solved { pushes: fewest, .. },
        ) = (&auto.report.outcome, &bfs.outcome)
        else {
            panic!("{}: {:?}", entry.title, auto.report.outcome);
        };
        assert_eq!(
            auto.found_by,
            Some(PortfolioSearch::AStar),
            "{}",
            entry.title
        );
        assert!(auto.proven_optimal);
        assert_eq!(pushes, fewest, "{}: called optimal, so it is", entry.title);
        assert!(verify_solution(level, lurd).is_ok());
    }
    // Microban 144: A* cannot prove the best solution within the expansions (it has not in
    // 1,400,000); a greedy search finds one. (Greedy, greedy pulling, or the two directions
    // meeting: which comes first is the portfolio's choice.)
    let greedy = |by| by != PortfolioSearch::AStar;
    let level = microban()[143].level.clone().unwrap();
    let auto = solve_portfolio(&level, Detail::Pushes, budget(150_000), Pruning::ALL);
    let SolveOutcome::Solved { lurd, pushes, .. } = &auto.report.outcome else {
        panic!("{:?}", auto.report.outcome);
    };
    assert!(auto.found_by.is_some_and(greedy), "{:?}", auto.found_by);
    assert!(!auto.proven_optimal, "greedy's answer is not proven");
    assert_eq!(verify_solution(&level, lurd).map(|(_, p)| p), Ok(*pushes));
    // Microban 111: greedy finds a solution first (95 pushes in 8,951 expansions alone); A*
    // goes on alone and its proven shortest one (61 pushes in 155,171 expansions alone)
    // replaces greedy's. A*'s share alone, a tenth of 600,000, is not enough for it.
    use frontier_games::games::sokoban::solver::portfolio::Portfolio;
    let level = microban()[110].level.clone().unwrap();
    let pace = Pace::Expansions(600_000);
    let mut portfolio = Portfolio::new(&level, Detail::Pushes, pace, budget(600_000), Pruning::ALL);
    let mut held = None;
    let done = loop {
        let slice = std::time::Instant::now() + std::time::Duration::from_millis(20);
        if let Some(done) = portfolio.advance(slice) {
            break done.clone();
        }
        held = held.or(portfolio.held());
    };
    let (by, greedy_pushes) = held.expect("a greedy search found a solution first");
    assert!(greedy(by), "{by:?}");
    assert_eq!(
        (done.found_by, done.proven_optimal),
        (Some(PortfolioSearch::AStar), true)
    );
    let SolveOutcome::Solved { pushes, lurd, .. } = &done.report.outcome else {
        panic!("{:?}", done.report.outcome);
    };
    assert!(
        *pushes < greedy_pushes,
        "{pushes} against greedy's {greedy_pushes}"
    );
    assert!(verify_solution(&level, lurd).is_ok());
    // No solution at all: A* searches everything and says so.
    let stuck =
        frontier_games::games::sokoban::level::parse_level("#####\n#@$.#\n##$.#\n#####\n").unwrap();
    let auto = solve_portfolio(&stuck, Detail::Pushes, budget(200_000), Pruning::ALL);
    assert_eq!(auto.report.outcome, SolveOutcome::NoSolution);
    assert_eq!((auto.found_by, auto.proven_optimal), (None, false));
    // Out of expansions with nothing found (Microban 144 again): it says so, with the limit.
    let level = microban()[143].level.clone().unwrap();
    let auto = solve_portfolio(&level, Detail::Pushes, budget(10_000), Pruning::ALL);
    assert_eq!(
        auto.report.outcome,
        SolveOutcome::GaveUp(frontier_games::search::Limit::Expansions(10_000))
    );
    assert!(auto.report.expanded <= 10_000, "{}", auto.report.expanded);
}

/// A hint on a position A* cannot settle in its share alone still comes, from another search
/// of the portfolio, and says it is not proven shortest; following it keeps the level
/// solvable. It comes at once: the hint does not wait for A* once it has a solution.
#[test]
fn a_hard_position_gets_a_hint_from_a_solution_not_proven_shortest() {
    use frontier_games::games::sokoban::solver::portfolio::{Pace, PortfolioSearch};
    use frontier_games::games::sokoban::solver::{HintOutcome, HintSearch};
    let level = microban()[143].level.clone().unwrap();
    let most = 400_000;
    let mut search = HintSearch::new(level.clone(), 400_000, Pace::Expansions(most));
    while search.advance(std::time::Instant::now() + std::time::Duration::from_millis(20)) {}
    let Some(HintOutcome::Push(hint)) = search.outcome().cloned() else {
        panic!("{:?}", search.outcome())
    };
    assert!(search.expanded() < most / 2, "it waited for A*");
    assert!(!hint.proven_shortest);
    assert_ne!(hint.found_by, PortfolioSearch::AStar);
    // A* proves that no solution has fewer than 28 pushes before it runs out of time.
    assert!(hint.pushes_left >= 28, "{hint:?}");
    let mut game = frontier_games::games::sokoban::Game::new(level);
    game.walk_to(hint.box_at.step(hint.dir.opposite()))
        .expect("the player can get behind the box");
    game.step(hint.dir).expect("the push is possible");
    let after = solve(
        &game.position(),
        SokobanAlgorithm::Greedy,
        Detail::Pushes,
        Budget::UNLIMITED.states(2_000_000),
    );
    assert!(matches!(after.outcome, SolveOutcome::Solved { .. }));
}
