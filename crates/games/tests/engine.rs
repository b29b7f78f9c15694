//! The engine against independent references on hundreds of seeded random boards, and the
//! stepping contract (iterator = headless result; replay = stepping).

use frontier_test_support as common;

use std::collections::BTreeSet;
use std::sync::Arc;

use common::{random_board, reference_cost, reference_moves};
use frontier_games::games::sandbox::{
    Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm,
};
use frontier_games::grid::Pos;
use frontier_games::search::{
    Algorithm, BiSearch, Budget, Event, Limit, NodeStatus, Outcome, Search, StoppingRule, Timeline,
};

const BOARDS: u64 = 300;
const CONNECTIVITIES: [Connectivity; 2] = [Connectivity::Four, Connectivity::Eight];

fn problem(board: &Board, connectivity: Connectivity, heuristic: Heuristic) -> GridProblem {
    GridProblem::new(Arc::new(board.clone()), connectivity, heuristic)
}

/// Runs `algorithm` and checks that any path it returns is legal and costs what it says.
fn solve(
    board: &Board,
    connectivity: Connectivity,
    heuristic: Heuristic,
    algorithm: PathAlgorithm,
) -> Option<(f64, usize)> {
    let problem = problem(board, connectivity, heuristic);
    let result = GridRun::new(problem.clone(), algorithm, Budget::UNLIMITED).run();
    match result.outcome {
        Outcome::Found { path, cost } => {
            let walked = problem
                .check_path(&path)
                .unwrap_or_else(|e| panic!("{algorithm} returned an illegal path: {e}"));
            assert!(
                (walked - cost).abs() < 1e-9,
                "{algorithm}: reported cost {cost} but the path costs {walked}"
            );
            Some((cost, path.len() - 1))
        }
        Outcome::NoPath => None,
        Outcome::GaveUp(limit) => panic!("{algorithm} gave up without a budget: {limit}"),
    }
}

#[test]
fn dijkstra_and_astar_with_every_admissible_heuristic_find_the_cheapest_cost() {
    let mut found = 0;
    for seed in 0..BOARDS {
        let board = random_board(seed, true);
        for connectivity in CONNECTIVITIES {
            let expected = reference_cost(&board, connectivity);
            let dijkstra = solve(
                &board,
                connectivity,
                Heuristic::Zero,
                PathAlgorithm::search(Algorithm::Dijkstra),
            );
            assert_eq!(dijkstra.is_some(), expected.is_some(), "seed {seed}");
            if let (Some((cost, _)), Some(expected)) = (dijkstra, expected) {
                assert!(
                    (cost - expected).abs() < 1e-9,
                    "seed {seed}: Dijkstra {cost} vs {expected}"
                );
                found += 1;
            }
            let bidijkstra = solve(
                &board,
                connectivity,
                Heuristic::Zero,
                PathAlgorithm::parse("bidijkstra").unwrap(),
            );
            assert_eq!(
                bidijkstra.map(|(c, _)| (c * 1e6).round()),
                expected.map(|c| (c * 1e6).round()),
                "seed {seed}, {connectivity:?}, bidirectional Dijkstra"
            );
            for heuristic in Heuristic::ALL {
                if !heuristic.is_admissible(connectivity, board.min_cost()) {
                    continue;
                }
                for algorithm in [
                    PathAlgorithm::search(Algorithm::AStar),
                    PathAlgorithm::parse("biastar").unwrap(),
                ] {
                    let got = solve(&board, connectivity, heuristic, algorithm);
                    assert_eq!(
                        got.map(|(c, _)| (c * 1e6).round()),
                        expected.map(|c| (c * 1e6).round()),
                        "seed {seed}, {connectivity:?}, {algorithm} with {heuristic}"
                    );
                }
            }
        }
    }
    assert!(
        found > BOARDS as usize / 2,
        "too few boards had a path ({found})"
    );
}

#[test]
fn bfs_and_bidirectional_bfs_find_the_fewest_moves_on_unweighted_boards() {
    for seed in 0..BOARDS {
        let board = random_board(seed + 1000, false);
        for connectivity in CONNECTIVITIES {
            let expected = reference_moves(&board, connectivity);
            for algorithm in [
                PathAlgorithm::search(Algorithm::Bfs),
                PathAlgorithm::parse("bibfs").unwrap(),
            ] {
                let got =
                    solve(&board, connectivity, Heuristic::Zero, algorithm).map(|(_, moves)| moves);
                assert_eq!(got, expected, "seed {seed}, {connectivity:?}, {algorithm}");
            }
        }
    }
}

#[test]
fn bidirectional_bfs_finds_the_fewest_moves_on_weighted_boards_too() {
    for seed in 0..BOARDS {
        let board = random_board(seed + 5000, true);
        for connectivity in CONNECTIVITIES {
            let expected = reference_moves(&board, connectivity);
            let got = solve(
                &board,
                connectivity,
                Heuristic::Zero,
                PathAlgorithm::parse("bibfs").unwrap(),
            );
            assert_eq!(
                got.map(|(_, m)| m),
                expected,
                "seed {seed}, {connectivity:?}"
            );
        }
    }
}

#[test]
fn dfs_greedy_and_weighted_astar_find_a_valid_path_whenever_one_exists() {
    for seed in 0..BOARDS {
        let board = random_board(seed + 2000, true);
        for connectivity in CONNECTIVITIES {
            let optimal = reference_cost(&board, connectivity);
            for (algorithm, heuristic) in [
                (Algorithm::Dfs, Heuristic::Zero),
                (Algorithm::Greedy, Heuristic::natural(connectivity)),
                (Algorithm::Greedy, Heuristic::Manhattan),
                (
                    Algorithm::WeightedAStar(1.5),
                    Heuristic::natural(connectivity),
                ),
                (Algorithm::WeightedAStar(3.0), Heuristic::Euclidean),
            ] {
                let got = solve(
                    &board,
                    connectivity,
                    heuristic,
                    PathAlgorithm::search(algorithm),
                );
                assert_eq!(got.is_some(), optimal.is_some(), "seed {seed}, {algorithm}");
                if let (Algorithm::WeightedAStar(w), Some((cost, _)), Some(best)) =
                    (algorithm, got, optimal)
                {
                    assert!(
                        cost <= w * best + 1e-9,
                        "seed {seed}: {algorithm} cost {cost} > {w} x {best}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_algorithm_reports_no_path_when_a_wall_separates_start_and_goal() {
    for seed in 0..60 {
        let mut board = random_board(seed + 3000, true);
        if board.width() < 3 {
            continue;
        }
        // A full wall column between a start on the left and a goal on the right.
        let split = board.width() as i32 / 2;
        board.start = Pos::new(0, 0);
        board.goal = Pos::new(board.width() as i32 - 1, board.height() as i32 - 1);
        board.paint(board.start, 0);
        board.paint(board.goal, 0);
        for y in 0..board.height() as i32 {
            assert!(board.paint(Pos::new(split, y), 1) || !board.is_passable(Pos::new(split, y)));
        }
        for connectivity in CONNECTIVITIES {
            // Iterative deepening proves "no path" only by exhausting every limit, one
            // iteration per distinct f on weighted boards: see the deepening tests.
            for algorithm in PathAlgorithm::all() {
                if algorithm.deepening().is_some() {
                    continue;
                }
                let got = solve(
                    &board,
                    connectivity,
                    Heuristic::natural(connectivity),
                    algorithm,
                );
                assert_eq!(
                    got, None,
                    "seed {seed}, {algorithm} found a path through a wall"
                );
            }
        }
    }
}

#[test]
fn running_the_iterator_to_the_end_equals_the_headless_result() {
    for seed in 0..100 {
        let board = random_board(seed + 4000, true);
        for algorithm in PathAlgorithm::all() {
            let p = problem(&board, Connectivity::Eight, Heuristic::Octile);
            // Enough for every run here but IDA*'s longest (an iteration per distinct f).
            let budget = Budget::UNLIMITED.expansions(30_000);
            let headless = GridRun::new(p.clone(), algorithm, budget).run();
            let mut stepped = GridRun::new(p, algorithm, budget);
            let mut steps = 0;
            while let Some(event) = stepped.next() {
                steps += 1;
                if event.event.is_final() {
                    assert!(stepped.next().is_none(), "events after the final one");
                    break;
                }
            }
            assert_eq!(
                stepped.expansions(),
                headless.expanded,
                "seed {seed} {algorithm}"
            );
            assert!(steps >= headless.expanded);
            match headless.outcome {
                Outcome::Found { path, cost } => {
                    assert_eq!(stepped.path(), Some(path), "seed {seed} {algorithm}");
                    assert_eq!(stepped.path_cost(), Some(cost));
                }
                Outcome::NoPath => assert_eq!(stepped.path(), None),
                Outcome::GaveUp(limit) => {
                    assert_eq!(stepped.ended(), Some(Event::GaveUp(limit)));
                    assert!(
                        algorithm.deepening().is_some(),
                        "only deepening runs that long"
                    );
                }
            }
        }
    }
}

/// Every discovered cell with its status, g and parent: the whole visible state of a run.
fn snapshot(run: &GridRun) -> BTreeSet<(Pos, String)> {
    run.problem()
        .board()
        .cells()
        .positions()
        .filter_map(|p| {
            run.info(p).map(|i| {
                (
                    p,
                    format!("{:?} {:?} {} {:?}", i.side, i.status, i.g, i.parent),
                )
            })
        })
        .collect()
}

#[test]
fn replaying_to_step_k_reproduces_the_frontier_and_visited_sets_of_stepping_k_times() {
    for seed in 0..12 {
        let board = random_board(seed + 6000, true);
        for algorithm in PathAlgorithm::all() {
            let p = problem(&board, Connectivity::Four, Heuristic::Manhattan);
            let budget = Budget::UNLIMITED.expansions(5_000);
            let fresh = || GridRun::new(p.clone(), algorithm, budget);
            // Small checkpoint spacing so that thinning and replay from checkpoints both happen.
            let mut timeline = Timeline::with_checkpoints(fresh(), 3, 4);
            while timeline.step().is_some() {}
            let total = timeline.position();
            for k in (0..=total).rev().chain([total / 2, 1, total]) {
                timeline.seek(k);
                let mut stepped = fresh();
                for _ in 0..k {
                    stepped.next();
                }
                assert_eq!(timeline.position(), k);
                assert_eq!(
                    snapshot(timeline.current()),
                    snapshot(&stepped),
                    "seed {seed} {algorithm} step {k}"
                );
                assert_eq!(timeline.current().frontier_len(), stepped.frontier_len());
                assert_eq!(timeline.current().visited_len(), stepped.visited_len());
            }
        }
    }
}

#[test]
fn checkpoints_stay_within_their_memory_limit_and_replays_still_match() {
    let board = frontier_games::games::sandbox::presets::board("maze.board").unwrap();
    let p = problem(&board, Connectivity::Four, Heuristic::Manhattan);
    let bfs = PathAlgorithm::search(Algorithm::Bfs);
    let fresh = || GridRun::new(p.clone(), bfs, Budget::UNLIMITED);
    // Weighs a checkpoint by how many nodes it has discovered, so later ones weigh more.
    let weigh: fn(&GridRun) -> usize = |run| run.discovered();
    let limit = 400;
    let mut bounded = Timeline::with_checkpoints(fresh(), 2, 64).with_memory_limit(limit, weigh);
    let mut unbounded = Timeline::with_checkpoints(fresh(), 2, 64);
    let mut most_unbounded = 0;
    while bounded.step().is_some() {
        unbounded.step();
        assert!(
            bounded.checkpoint_bytes() <= limit,
            "{} bytes at step {}",
            bounded.checkpoint_bytes(),
            bounded.position()
        );
        most_unbounded = most_unbounded.max(unbounded.checkpoint_count());
    }
    let total = bounded.position();
    assert!(total > 100, "the board should take a while: {total} steps");
    assert!(
        bounded.checkpoint_count() >= 2 && bounded.checkpoint_count() < most_unbounded,
        "kept {} checkpoints against {most_unbounded} without a limit",
        bounded.checkpoint_count()
    );
    for k in [total - 1, total / 2, 3, total] {
        bounded.seek(k);
        let mut stepped = fresh();
        for _ in 0..k {
            stepped.next();
        }
        assert_eq!(snapshot(bounded.current()), snapshot(&stepped), "step {k}");
    }
}

/// A run that counts the steps taken from it, to measure what a seek replays.
#[derive(Clone)]
struct Counted<R> {
    run: R,
    taken: std::rc::Rc<std::cell::Cell<usize>>,
}

impl<R: Iterator> Iterator for Counted<R> {
    type Item = R::Item;
    fn next(&mut self) -> Option<R::Item> {
        self.taken.set(self.taken.get() + 1);
        self.run.next()
    }
}

#[test]
fn a_timeline_knows_what_each_step_did_where_the_run_ends_and_what_a_seek_replays() {
    let board = frontier_games::games::sandbox::presets::board("maze.board").unwrap();
    let p = problem(&board, Connectivity::Four, Heuristic::Manhattan);
    let a_star = PathAlgorithm::search(Algorithm::AStar);
    let taken = std::rc::Rc::new(std::cell::Cell::new(0));
    let fresh = || Counted {
        run: GridRun::new(p.clone(), a_star, Budget::UNLIMITED),
        taken: taken.clone(),
    };
    let mut timeline = Timeline::with_checkpoints(fresh(), 10, 100);
    let mut steps = vec![];
    while let Some(step) = timeline.step() {
        steps.push(step);
        assert_eq!(timeline.last_step(), Some(&step));
        // The step that finds the goal makes the end known at once: no step after it.
        assert_eq!(timeline.at_end(), step.event.is_final());
    }
    let end = steps.len();
    assert!(matches!(steps[end - 1].event, Event::Found { .. }));
    assert_eq!(timeline.end(), Some(end));
    assert_eq!(
        taken.get(),
        end,
        "the run was not asked for a step after its last"
    );
    for k in (0..=end).rev().chain([end / 2, 1, end, end + 40]) {
        let expected = timeline.replay_cost(k);
        taken.set(0);
        assert_eq!(timeline.seek(k), k.min(end));
        assert_eq!(
            taken.get(),
            expected,
            "the replay to step {k} costs what was said"
        );
        assert_eq!(
            timeline.last_step(),
            k.min(end).checked_sub(1).map(|i| &steps[i]),
            "what step {k} did"
        );
    }
    // From a checkpoint, or on from where the run stands when that is nearer.
    timeline.seek(34);
    assert_eq!(timeline.replay_cost(52), 2, "from checkpoint 50");
    assert_eq!(timeline.replay_cost(38), 4, "on from 34");
    assert_eq!(timeline.replay_cost(34), 0, "already there");
    assert_eq!(timeline.replay_cost(33), 3, "back to checkpoint 30");
    timeline.jump_towards(20);
    assert_eq!(
        timeline.last_step(),
        None,
        "a jump forgets what the last step did"
    );
    // What step 20 did is told by replaying it, from the checkpoint before it.
    assert_eq!(timeline.replay_cost(20), 10);
}

#[test]
fn a_jump_goes_to_the_nearest_checkpoint_without_replaying() {
    let board = frontier_games::games::sandbox::presets::board("maze.board").unwrap();
    let p = problem(&board, Connectivity::Four, Heuristic::Manhattan);
    let a_star = PathAlgorithm::search(Algorithm::AStar);
    let fresh = || GridRun::new(p.clone(), a_star, Budget::UNLIMITED);
    let mut timeline = Timeline::with_checkpoints(fresh(), 10, 100);
    while timeline.position() < 95 && timeline.step().is_some() {}
    assert_eq!(timeline.position(), 95, "the board should take 95 steps");
    assert_eq!(timeline.jump_towards(57), 50);
    assert_eq!(timeline.current().expansions(), 50);
    // Forwards, a checkpoint ahead of the run is a shortcut; one behind it is not.
    assert_eq!(timeline.jump_towards(83), 80);
    assert_eq!(timeline.jump_towards(89), 80);
    assert_eq!(timeline.seek(94), 94);
    let mut stepped = fresh();
    for _ in 0..94 {
        stepped.next();
    }
    assert_eq!(snapshot(timeline.current()), snapshot(&stepped));
}

#[test]
fn two_runs_of_the_same_board_produce_the_same_events() {
    let board = frontier_games::games::sandbox::presets::board("rooms-with-doors.board").unwrap();
    for algorithm in PathAlgorithm::all() {
        let p = problem(&board, Connectivity::Eight, Heuristic::Octile);
        let a: Vec<_> = GridRun::new(p.clone(), algorithm, Budget::UNLIMITED).collect();
        let b: Vec<_> = GridRun::new(p, algorithm, Budget::UNLIMITED).collect();
        assert_eq!(a, b, "{algorithm}");
        assert!(a.len() > 10);
    }
}

/// One search restarted for query after query on a board (as the benches and the link
/// game do) takes the same steps as a fresh search each time: small queries, whose nodes'
/// lookup slots are cleared one by one after them, and ones reaching most of the board,
/// after which the whole lookup table is cleared, in turns.
#[test]
fn a_restarted_search_steps_as_a_fresh_one_after_small_and_large_queries() {
    let board = Board::new(40, 40);
    let p = problem(&board, Connectivity::Eight, Heuristic::Zero);
    let queries = [
        (Pos::new(5, 5), Pos::new(6, 6)),
        (Pos::new(0, 0), Pos::new(39, 39)),
        (Pos::new(20, 20), Pos::new(21, 20)),
        (Pos::new(39, 0), Pos::new(0, 39)),
        (Pos::new(1, 1), Pos::new(2, 1)),
    ];
    let mut reused: Option<Search<GridProblem>> = None;
    let mut sizes = vec![];
    for (start, goal) in queries {
        let query = p.clone().between(start, goal);
        let fresh: Vec<Event> = Search::new(query.clone(), Algorithm::Dijkstra).collect();
        let search = match &mut reused {
            Some(search) => {
                search.restart(query);
                search
            }
            None => reused.insert(Search::new(query, Algorithm::Dijkstra)),
        };
        let again: Vec<Event> = search.by_ref().collect();
        assert_eq!(again, fresh, "{start} -> {goal}");
        sizes.push(search.discovered());
    }
    // A tenth of the board and less, and nearly all of it.
    assert!(sizes.iter().any(|&n| n < 1600 / 10), "{sizes:?}");
    assert!(sizes.iter().any(|&n| n > 1500), "{sizes:?}");
}

/// A run restarted on another query (as `frontier scen` does, query after query) takes the
/// steps a new run takes, for a search that starts over in its own memory (A*) and for one
/// built afresh (JPS, IDA*), its budget kept.
#[test]
fn a_restarted_grid_run_steps_as_a_new_one_with_its_budget() {
    let board = frontier_games::games::sandbox::presets::board("rooms-with-doors.board").unwrap();
    let p = problem(&board, Connectivity::Eight, Heuristic::Octile);
    let (w, h) = (board.width() as i32, board.height() as i32);
    let queries = [
        (board.start, board.goal),
        (board.goal, board.start),
        (Pos::new(1, 1), Pos::new(w - 2, h - 2)),
        (Pos::new(1, 1), Pos::new(2, 2)),
    ];
    let mut budget = Budget::UNLIMITED;
    budget.max_expansions = Some(12);
    for code in ["astar", "jps", "idastar"] {
        let algorithm = PathAlgorithm::parse(code).unwrap();
        let mut reused: Option<GridRun> = None;
        let (mut gave_up, mut found) = (0, 0);
        for (start, goal) in queries {
            let query = p.clone().between(start, goal);
            let fresh: Vec<_> = GridRun::new(query.clone(), algorithm, budget).collect();
            let run = match &mut reused {
                Some(run) => {
                    run.restart(query);
                    run
                }
                None => reused.insert(GridRun::new(query, algorithm, budget)),
            };
            let again: Vec<_> = run.by_ref().collect();
            assert_eq!(again, fresh, "{code}: {start} -> {goal}");
            match run.ended() {
                Some(Event::GaveUp(Limit::Expansions(_))) => gave_up += 1,
                Some(Event::Found { .. }) => found += 1,
                other => panic!("{code}: {start} -> {goal} ended with {other:?}"),
            }
        }
        assert!(
            gave_up > 0 && found > 0,
            "{code}: {gave_up} gave up, {found} found"
        );
    }
}

#[test]
fn budgets_end_a_run_with_an_outcome_that_says_so() {
    let board = frontier_games::games::sandbox::generate::Generator::Scatter { density: 0.2 }
        .generate(200, 200, 3);
    let p = problem(&board, Connectivity::Four, Heuristic::Zero);
    let result = Search::new(p.clone(), Algorithm::Dijkstra)
        .with_budget(Budget::UNLIMITED.expansions(100))
        .run();
    assert_eq!(result.outcome, Outcome::GaveUp(Limit::Expansions(100)));
    assert_eq!(result.expanded, 100);

    let result = Search::new(p.clone(), Algorithm::Bfs)
        .with_budget(Budget::UNLIMITED.states(500))
        .run();
    assert_eq!(result.outcome, Outcome::GaveUp(Limit::States(500)));
    assert!(
        result.stored >= 500 && result.stored < 510,
        "{}",
        result.stored
    );

    let result = Search::new(p.clone(), Algorithm::Bfs)
        .with_budget(Budget::UNLIMITED.bytes(1 << 20))
        .run();
    assert_eq!(result.outcome, Outcome::GaveUp(Limit::Bytes(1 << 20)));

    let result = GridRun::new(
        p.clone(),
        PathAlgorithm::parse("bibfs").unwrap(),
        Budget::UNLIMITED.expansions(50),
    )
    .run();
    assert_eq!(result.outcome, Outcome::GaveUp(Limit::Expansions(50)));

    let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let result = Search::new(p, Algorithm::AStar)
        .with_cancel_flag(flag)
        .run();
    assert_eq!(result.outcome, Outcome::GaveUp(Limit::Cancelled));
}

#[test]
fn the_search_exposes_frontier_visited_parents_and_f() {
    let board =
        Board::parse("frontier-board 1\nsize 5 1\nstart 0 0\ngoal 4 0\nmap\n.....\n").unwrap();
    let mut search = Search::new(
        problem(&board, Connectivity::Four, Heuristic::Manhattan),
        Algorithm::AStar,
    );
    let start = search.find(&Pos::new(0, 0)).unwrap();
    assert_eq!(search.status(start), NodeStatus::Frontier);
    assert_eq!(search.f(start), 4.0);
    let event = search.next().unwrap();
    assert_eq!(
        event,
        Event::Expanded {
            node: start,
            added: 1,
            improved: 0
        }
    );
    assert_eq!(search.status(start), NodeStatus::Visited);
    let next = search.last_added()[0];
    assert_eq!(*search.state(next), Pos::new(1, 0));
    assert_eq!(search.parent(next), Some(start));
    assert_eq!(
        (search.g(next), search.h(next), search.f(next)),
        (1.0, 3.0, 4.0)
    );
    assert_eq!(search.frontier_in_order(), vec![next]);
    let last = search.by_ref().last().unwrap();
    assert!(matches!(last, Event::Found { .. }));
    assert_eq!(search.path().unwrap().len(), 5);
    assert_eq!(search.visited_len(), 5);
}

#[test]
fn astar_reopens_nodes_and_stays_optimal_with_an_inconsistent_heuristic() {
    use frontier_games::search::{Cost, Problem};
    // A classic inconsistent but admissible heuristic: h(b) drops by 4 over a cost-1 edge.
    // s -1-> a -1-> c -5-> g and s -3-> b -1-> ... ; h(a)=4 keeps a behind b at first.
    struct Graph;
    impl Problem for Graph {
        type State = char;
        fn start(&self) -> char {
            's'
        }
        fn is_goal(&self, s: &char) -> bool {
            *s == 'g'
        }
        fn successors(&self, s: &char, out: &mut Vec<(char, Cost)>) {
            match s {
                's' => out.extend([('a', 1.0), ('b', 3.0)]),
                'a' => out.push(('c', 1.0)),
                'b' => out.push(('c', 1.0)),
                'c' => out.push(('g', 5.0)),
                _ => {}
            }
        }
        fn heuristic(&self, s: &char) -> Cost {
            match s {
                'a' => 5.0,
                'b' => 0.0,
                'c' => 0.0,
                _ => 0.0,
            }
        }
    }
    let result = Search::new(Graph, Algorithm::AStar).run();
    assert_eq!(
        result.outcome,
        Outcome::Found {
            path: vec!['s', 'a', 'c', 'g'],
            cost: 7.0
        }
    );
}

/// Start and goal both touch a swamp square (cost 5.5); a floor detour of four moves
/// costs 4. The two searches meet on the swamp after one expansion each.
const FIRST_MEETING_TRAP: &str = "frontier-board 1
size 3 2
start 0 1
goal 2 1
legend . floor 1
legend # wall
legend ~ swamp 5.5
map
...
.~.
";

fn bidirectional(
    board: &Board,
    algorithm: Algorithm,
    rule: StoppingRule,
    heuristic: Heuristic,
) -> Option<f64> {
    let problem = problem(board, Connectivity::Four, heuristic);
    let search = BiSearch::with_algorithm(problem.clone(), algorithm).with_stopping_rule(rule);
    match search.run().outcome {
        Outcome::Found { path, cost } => {
            let walked = problem.check_path(&path).expect("a legal path");
            assert!((walked - cost).abs() < 1e-9);
            Some(cost)
        }
        _ => None,
    }
}

#[test]
fn stopping_at_the_first_meeting_returns_a_costlier_path_and_the_proven_rule_does_not() {
    let trap = Board::parse(FIRST_MEETING_TRAP).unwrap();
    assert_eq!(reference_cost(&trap, Connectivity::Four), Some(4.0));
    for (algorithm, heuristic) in [
        (Algorithm::Dijkstra, Heuristic::Zero),
        (Algorithm::AStar, Heuristic::Manhattan),
    ] {
        let first = bidirectional(&trap, algorithm, StoppingRule::FirstMeeting, heuristic);
        let proven = bidirectional(&trap, algorithm, StoppingRule::Proven, heuristic);
        assert_eq!(first, Some(6.5), "{algorithm}: through the swamp");
        assert_eq!(proven, Some(4.0), "{algorithm}: round it");
    }
    // On random weighted boards the first-meeting rule is caught often; the proven rule
    // never is.
    let (mut wrong, mut checked) = (0, 0);
    for seed in 0..BOARDS {
        let board = random_board(seed + 9000, true);
        let Some(expected) = reference_cost(&board, Connectivity::Four) else {
            continue;
        };
        checked += 1;
        for algorithm in [Algorithm::Dijkstra, Algorithm::AStar] {
            let heuristic = if algorithm == Algorithm::AStar && board.min_cost() >= 1.0 {
                Heuristic::Manhattan
            } else {
                Heuristic::Zero
            };
            let proven = bidirectional(&board, algorithm, StoppingRule::Proven, heuristic);
            assert!(
                (proven.unwrap() - expected).abs() < 1e-9,
                "seed {seed}, {algorithm}"
            );
            let first = bidirectional(&board, algorithm, StoppingRule::FirstMeeting, heuristic);
            if (first.unwrap() - expected).abs() > 1e-9 {
                wrong += 1;
            }
        }
    }
    assert!(checked > 100);
    assert!(
        wrong > 10,
        "the first meeting was wrong on only {wrong} boards"
    );
}

/// What a search does on `board` (4 moves, Manhattan): its expansions and its path's moves.
fn expansions_and_moves(board: &Board, algorithm: Algorithm) -> (usize, usize) {
    let result = Search::new(
        problem(board, Connectivity::Four, Heuristic::Manhattan),
        algorithm,
    )
    .run();
    let Outcome::Found { path, .. } = result.outcome else {
        panic!("{algorithm}: {:?}", result.outcome)
    };
    (result.expanded, path.len() - 1)
}

/// The first board a newcomer sees (the app's test checks it opens on it) shows what its
/// note says: A* runs to the goal's corner
/// of each room and has to back off to the door (many more cells than the path), still
/// fewer than BFS and Dijkstra; greedy's path is longer. And the board it replaced, whose
/// note now says A* walks straight there, does.
#[test]
fn the_first_boards_note_and_the_rooms_note_say_what_the_searches_do() {
    use frontier_games::games::sandbox::presets;
    let first = presets::board("far-doors.board").unwrap();
    // The file's note, and the one the app shows (from the language file), each.
    let notes = [
        first.notes.join(" "),
        frontier_games::games::preset_notes("far-doors.board", &[]),
    ];
    let (astar, path) = expansions_and_moves(&first, Algorithm::AStar);
    let (bfs, bfs_path) = expansions_and_moves(&first, Algorithm::Bfs);
    let (dijkstra, _) = expansions_and_moves(&first, Algorithm::Dijkstra);
    let (_, greedy_path) = expansions_and_moves(&first, Algorithm::Greedy);
    assert!(
        astar > 5 * path,
        "A* backs off: {astar} cells for {path} moves"
    );
    assert!(astar < bfs && path == bfs_path);
    assert!(greedy_path > path);
    for claim in [
        format!("{astar} cells expanded for a {path}-move path"),
        format!("BFS and Dijkstra expand {bfs}"),
        format!("its path is {greedy_path} moves"),
    ] {
        for note in &notes {
            assert!(note.contains(&claim), "{claim:?} in {note:?}");
        }
    }
    assert_eq!(bfs, dijkstra);

    let rooms = presets::board("rooms-with-doors.board").unwrap();
    let notes = [
        rooms.notes.join(" "),
        frontier_games::games::preset_notes("rooms-with-doors.board", &[]),
    ];
    let (astar, path) = expansions_and_moves(&rooms, Algorithm::AStar);
    let (bfs, _) = expansions_and_moves(&rooms, Algorithm::Bfs);
    assert!(
        astar < 2 * path,
        "A* walks straight there: {astar} for {path}"
    );
    let bfs = format!("{bfs}");
    let bfs = format!("{},{}", &bfs[..bfs.len() - 3], &bfs[bfs.len() - 3..]);
    for claim in [
        format!("{astar} cells expanded for a {path}-move path"),
        format!("BFS and Dijkstra flood {bfs}"),
    ] {
        for note in &notes {
            assert!(note.contains(&claim), "{claim:?} in {note:?}");
        }
    }
}
