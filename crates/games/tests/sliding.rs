//! The sliding puzzle against references: one breadth-first search from the goal over all
//! 181,440 solvable 3 x 3 positions (written here, independent of the engine) gives every
//! optimal length; the engine's searches and the heuristics are checked against it, and on
//! 4 x 4 against Korf's 1985 instances of known length and random instances solved from
//! both ends.

use frontier_test_support as common;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};

use common::test_data;
use frontier_games::games::sliding::{
    PatternDatabase, Position, PuzzleHeuristic, Shuffle, SlidingProblem, shuffled,
};
use frontier_games::search::{
    Algorithm, BiSearch, Budget, Deepening, DeepeningLimit, Outcome, Problem, Run, Search,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every position that reaches `goal`, with its fewest moves to it.
fn distances_to(goal: Position) -> HashMap<Position, u32> {
    let mut depth = HashMap::from([(goal, 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(at) = queue.pop_front() {
        let d = depth[&at];
        for (_, next) in at.moves() {
            depth.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    depth
}

/// The moves of a run's answer, checked to lead from the start to the goal; their count.
fn solved_length(problem: &SlidingProblem, outcome: &Outcome<Position>) -> u32 {
    let Outcome::Found { path, cost } = outcome else {
        panic!("no solution from {}: {outcome:?}", problem.start);
    };
    let moves = SlidingProblem::moves_of(path);
    assert_eq!(
        moves.len() + 1,
        path.len(),
        "consecutive positions are one move apart"
    );
    assert_eq!(problem.start.after(&moves), Ok(problem.goal));
    assert_eq!(*cost as usize, moves.len());
    moves.len() as u32
}

fn problem(start: Position, goal: Position, heuristic: PuzzleHeuristic) -> SlidingProblem {
    SlidingProblem::new(start, goal, heuristic).expect("a solvable position")
}

#[test]
fn one_bfs_from_the_goal_reaches_the_181440_solvable_positions_and_bounds_every_heuristic() {
    let goal = Position::blank_first(3);
    let depth = distances_to(goal);
    assert_eq!(depth.len(), 181_440, "9! / 2 positions reach the goal");
    // The 8-puzzle's diameter with the blank in a corner: 31 moves, at two positions.
    assert_eq!(depth.values().max(), Some(&31));
    assert_eq!(depth.values().filter(|&&d| d == 31).count(), 2);
    let estimate = |h, p| problem(p, goal, h).estimate(p);
    let mut inconsistent_moves = 0;
    for (&position, &moves) in &depth {
        let misplaced = estimate(PuzzleHeuristic::Misplaced, position);
        let manhattan = estimate(PuzzleHeuristic::Manhattan, position);
        let conflict = estimate(PuzzleHeuristic::LinearConflict, position);
        assert!(
            misplaced <= manhattan && manhattan <= conflict,
            "{position}: dominance"
        );
        assert!(
            conflict <= moves,
            "{position}: {conflict} > {moves}, not admissible"
        );
        // Consistent: one move changes Manhattan distance by exactly one.
        for (_, next) in position.moves() {
            let after = estimate(PuzzleHeuristic::Manhattan, next);
            assert_eq!(manhattan.abs_diff(after), 1, "{position} -> {next}");
        }
        // The lesson's inconsistent heuristic: never above Manhattan, so admissible, but a
        // move may drop it by more than the move costs.
        let half = estimate(PuzzleHeuristic::Inconsistent, position);
        assert!(half == manhattan || half == 0, "{position}: {half}");
        for (_, next) in position.moves() {
            if half > estimate(PuzzleHeuristic::Inconsistent, next) + 1 {
                inconsistent_moves += 1;
            }
        }
    }
    assert!(
        inconsistent_moves > 10_000,
        "{inconsistent_moves} moves break consistency"
    );
}

#[test]
fn the_parity_rule_refuses_exactly_the_positions_the_bfs_never_reaches() {
    let goal = Position::blank_last(3);
    let depth = distances_to(goal);
    let mut rng = StdRng::seed_from_u64(7);
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..2000 {
        let mut tiles: Vec<u8> = (0..9).collect();
        for i in (1..9).rev() {
            tiles.swap(i, rng.random_range(0..=i));
        }
        let position = Position::new(&tiles).unwrap();
        match SlidingProblem::new(position, goal, PuzzleHeuristic::Manhattan) {
            Ok(_) => {
                assert!(
                    depth.contains_key(&position),
                    "{position} accepted, never reached"
                );
                accepted += 1;
            }
            Err(why) => {
                assert!(
                    !depth.contains_key(&position),
                    "{position} refused, reachable"
                );
                assert!(why.starts_with("unsolvable: "), "{why}");
                assert!(why.contains("odd") && why.contains("even"), "{why}");
                refused += 1;
            }
        }
    }
    assert!(
        refused > 800 && accepted > 800,
        "{refused} refused, {accepted} accepted"
    );
}

#[test]
fn every_optimal_search_and_heuristic_finds_the_bfs_length_on_the_eight_puzzle() {
    // 八数码难题's goal from Chinese contest training, the blank in the middle.
    let goal = Position::parse("1 2 3 8 0 4 7 6 5").unwrap();
    let depth = distances_to(goal);
    let mut positions: Vec<(&Position, &u32)> = depth.iter().collect();
    positions.sort_by_key(|(p, _)| p.to_string());
    for &(&start, &moves) in positions.iter().step_by(2003) {
        for heuristic in PuzzleHeuristic::ALL {
            let p = problem(start, goal, heuristic);
            let astar = Search::new(p.clone(), Algorithm::AStar).run();
            assert_eq!(
                solved_length(&p, &astar.outcome),
                moves,
                "A* {heuristic:?} {start}"
            );
        }
        // IDA* repeats its work every iteration: blind or nearly so, it takes minutes here.
        for heuristic in [PuzzleHeuristic::Manhattan, PuzzleHeuristic::LinearConflict] {
            let p = problem(start, goal, heuristic);
            let ida = Deepening::new(p.clone(), DeepeningLimit::Cost).finish();
            assert_eq!(
                solved_length(&p, &ida.outcome),
                moves,
                "IDA* {heuristic:?} {start}"
            );
            let greedy = Search::new(p.clone(), Algorithm::Greedy).run();
            assert!(solved_length(&p, &greedy.outcome) >= moves);
            let weighted = Search::new(p.clone(), Algorithm::WeightedAStar(2.0)).run();
            assert!(solved_length(&p, &weighted.outcome) <= 2 * moves);
        }
        let p = problem(start, goal, PuzzleHeuristic::Zero);
        let bfs = Search::new(p.clone(), Algorithm::Bfs).run();
        assert_eq!(solved_length(&p, &bfs.outcome), moves, "BFS {start}");
        let both = BiSearch::with_algorithm(p.clone(), Algorithm::Bfs).finish();
        assert_eq!(
            solved_length(&p, &both.outcome),
            moves,
            "bidirectional BFS {start}"
        );
    }
}

#[test]
fn a_better_heuristic_expands_fewer_positions() {
    let goal = Position::blank_first(3);
    let start = Position::parse("8 6 7 2 5 4 3 0 1").unwrap();
    let expanded = |h| {
        let p = problem(start, goal, h);
        Search::new(p, Algorithm::AStar).run().expanded
    };
    let (zero, misplaced, manhattan, conflict) = (
        expanded(PuzzleHeuristic::Zero),
        expanded(PuzzleHeuristic::Misplaced),
        expanded(PuzzleHeuristic::Manhattan),
        expanded(PuzzleHeuristic::LinearConflict),
    );
    assert!(
        zero > misplaced && misplaced > manhattan && manhattan >= conflict,
        "{zero} {misplaced} {manhattan} {conflict}"
    );
}

/// Korf's instances, by number: (optimal moves, tiles).
fn korf() -> HashMap<u32, (u32, Position)> {
    let text = std::fs::read_to_string(test_data().join("puzzle/korf100.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let position = Position::parse(fields[3]).unwrap();
            (
                fields[0].parse().unwrap(),
                (fields[1].parse().unwrap(), position),
            )
        })
        .collect()
}

#[test]
fn ida_star_with_linear_conflicts_solves_korfs_easiest_instances_optimally() {
    let instances = korf();
    assert_eq!(instances.len(), 100);
    let goal = Position::blank_first(4);
    for number in [79, 12, 42, 55] {
        let (optimal, start) = instances[&number];
        let p = problem(start, goal, PuzzleHeuristic::LinearConflict);
        let run = Deepening::new(p.clone(), DeepeningLimit::Cost)
            .with_budget(Budget::default().expansions(20_000_000))
            .finish();
        assert_eq!(solved_length(&p, &run.outcome), optimal, "Korf #{number}");
    }
}

/// The 15-puzzle's tables in the 5-5-5 split (the app's 6-6-3 tables take a minute to make
/// in a test build; the bench measures those), made once for the tests that use them.
fn tables_555() -> Arc<PatternDatabase> {
    static MADE: OnceLock<Arc<PatternDatabase>> = OnceLock::new();
    MADE.get_or_init(|| {
        let groups: Vec<Vec<u8>> = vec![(1..=5).collect(), (6..=10).collect(), (11..=15).collect()];
        Arc::new(PatternDatabase::build(Position::blank_first(4), &groups))
    })
    .clone()
}

#[test]
fn pattern_databases_solve_korfs_instances_optimally_with_far_fewer_nodes() {
    let instances = korf();
    let goal = Position::blank_first(4);
    let tables = tables_555();
    assert_eq!(tables.bytes(), 3 * 524_160);
    for number in [79, 12, 42, 55, 97] {
        let (optimal, start) = instances[&number];
        let ida = |p: SlidingProblem| {
            let run = Deepening::new(p.clone(), DeepeningLimit::Cost)
                .with_budget(Budget::default().expansions(20_000_000))
                .finish();
            assert_eq!(solved_length(&p, &run.outcome), optimal, "Korf #{number}");
            run.expanded
        };
        let conflict = ida(problem(start, goal, PuzzleHeuristic::LinearConflict));
        let with_tables = ida(SlidingProblem::with_tables(start, goal, tables.clone()).unwrap());
        assert!(
            with_tables < conflict,
            "Korf #{number}: tables {with_tables}, linear conflicts {conflict}"
        );
    }
}

#[test]
fn random_fifteen_puzzles_get_the_length_a_search_from_both_ends_finds() {
    let goal = Position::blank_first(4);
    let mut rng = StdRng::seed_from_u64(15);
    for _ in 0..12 {
        let mut at = goal;
        for _ in 0..26 {
            let moves: Vec<Position> = at.moves().map(|(_, p)| p).collect();
            at = moves[rng.random_range(0..moves.len())];
        }
        let reference = problem(at, goal, PuzzleHeuristic::Zero);
        let both = BiSearch::with_algorithm(reference.clone(), Algorithm::Bfs).finish();
        let moves = solved_length(&reference, &both.outcome);
        let with_tables = SlidingProblem::with_tables(at, goal, tables_555()).unwrap();
        for p in [
            problem(at, goal, PuzzleHeuristic::Manhattan),
            problem(at, goal, PuzzleHeuristic::LinearConflict),
            with_tables,
        ] {
            let astar = Search::new(p.clone(), Algorithm::AStar).run();
            let ida = Deepening::new(p.clone(), DeepeningLimit::Cost).finish();
            for (name, run) in [("A*", astar), ("IDA*", ida)] {
                let what = format!("{name} {:?} {at}", p.heuristic);
                assert_eq!(solved_length(&p, &run.outcome), moves, "{what}");
            }
        }
    }
}

#[test]
fn on_shorter_random_fifteen_puzzles_every_search_and_heuristic_agrees_with_both_ends() {
    // Misplaced tiles and the inconsistent heuristic are weak on the 15-puzzle: 18 random
    // moves keep their A* within seconds of a test build.
    let goal = Position::blank_first(4);
    for seed in 0..8 {
        // 18 moves of the blank, never straight back (the game's shuffle).
        let at = shuffled(goal, Shuffle::Moves(18), seed);
        let reference = problem(at, goal, PuzzleHeuristic::Zero);
        let both = BiSearch::with_algorithm(reference.clone(), Algorithm::Bfs).finish();
        let moves = solved_length(&reference, &both.outcome);
        assert!(
            moves >= 6,
            "{at}: a walk of 18 moves ends {moves} from the goal"
        );
        for heuristic in [PuzzleHeuristic::Misplaced, PuzzleHeuristic::Inconsistent] {
            let p = problem(at, goal, heuristic);
            let astar = Search::new(p.clone(), Algorithm::AStar).run();
            assert_eq!(
                solved_length(&p, &astar.outcome),
                moves,
                "A* {heuristic:?} {at}"
            );
        }
        let p = problem(at, goal, PuzzleHeuristic::Manhattan);
        let bidirectional_astar = BiSearch::with_algorithm(p.clone(), Algorithm::AStar).finish();
        assert_eq!(
            solved_length(&p, &bidirectional_astar.outcome),
            moves,
            "bidirectional A* {at}"
        );
        let greedy = Search::new(p.clone(), Algorithm::Greedy).run();
        assert!(solved_length(&p, &greedy.outcome) >= moves, "greedy {at}");
        let weighted = Search::new(p.clone(), Algorithm::WeightedAStar(2.0)).run();
        let found = solved_length(&p, &weighted.outcome);
        assert!(
            found >= moves && found <= 2 * moves,
            "weighted A* {at}: {found}"
        );
    }
}

#[test]
fn positions_are_read_and_bad_ones_refused_with_the_reason() {
    let p = Position::parse("1,2,3\n4 5 6\n7 8 _").unwrap();
    assert_eq!(p, Position::blank_last(3));
    assert_eq!(p.to_string(), "1 2 3 4 5 6 7 8 0");
    for (text, why) in [
        ("1 2 3 4 5 6 7 8", "4, 9, 16 or 25 numbers"),
        ("1 1 2 3 4 5 6 7 0", "1 appears twice"),
        ("1 2 3 4 5 6 7 9 0", "9 is not a tile of a 3 x 3 puzzle"),
        ("1 2 3 4 five 6 7 8 0", "`five` is not a tile number"),
    ] {
        let error = Position::parse(text).unwrap_err().to_string();
        assert!(error.contains(why), "{text}: {error}");
    }
    let huge = vec!["1"; 30].join(" ");
    assert!(
        Position::parse(&huge)
            .unwrap_err()
            .to_string()
            .contains("at most 25")
    );
    let three = Position::blank_first(3);
    let four = Position::blank_first(4);
    assert!(SlidingProblem::new(three, four, PuzzleHeuristic::Manhattan).is_err());
    assert_eq!(
        three.after("RDX").unwrap_err().to_string(),
        "move 3: `X` is not U, D, L or R"
    );
    assert_eq!(
        three.after("U").unwrap_err().to_string(),
        "move 1: the blank cannot go up from there"
    );
    // The same reasons in Chinese, for the Chinese interface.
    frontier_games::i18n::set_language(frontier_games::i18n::Language::Chinese);
    assert_eq!(
        three.after("U").unwrap_err().to_string(),
        "第 1 步：空格在那里不能往上走"
    );
    assert_eq!(
        Position::parse("1 1 2 3 4 5 6 7 0")
            .unwrap_err()
            .to_string(),
        "1 出现了两次"
    );
    frontier_games::i18n::set_language(frontier_games::i18n::Language::English);
    // Two tiles swapped: one swap, the blank where it belongs.
    let swapped = Position::parse("2 1 3 4 5 6 7 8 0").unwrap();
    let why = SlidingProblem::new(swapped, Position::blank_last(3), PuzzleHeuristic::Manhattan)
        .unwrap_err();
    assert!(
        why.contains("the swaps are odd and the distance even"),
        "{why}"
    );
    // Its estimates by hand: 1 and 2 misplaced, each one column out, and in conflict.
    let goal = Position::blank_last(3);
    let h = |heuristic| {
        let p = SlidingProblem::new(goal, goal, heuristic).unwrap();
        p.estimate(swapped)
    };
    assert_eq!(h(PuzzleHeuristic::Misplaced), 2);
    assert_eq!(h(PuzzleHeuristic::Manhattan), 2);
    assert_eq!(h(PuzzleHeuristic::LinearConflict), 4);
    assert_eq!(
        problem(goal, goal, PuzzleHeuristic::Manhattan).start(),
        goal
    );
}
