//! Frontier's engine, driven through its stepping iterator, against the `pathfinding`
//! crate on the same queries, in the same run; costs are asserted equal and the speed is
//! reported as a ratio (pathfinding time / Frontier time), best of several rounds.
//!
//! Run with `cargo bench --bench engine` (or `-- f den520d.map` for some cases and maps). Cases:
//! (a) A*, 4-connected, 1024 x 1024 board with 25% random walls, 100 seeded start/goal pairs;
//! (b) A*, octile without corner cutting, all queries of the shared Moving AI scenarios;
//! (c) BFS flood to exhaustion, 2048 x 2048 open board, 4-connected;
//! (d) Jump Point Search against the peer's A* (and Frontier's own A*) on every Moving AI
//!     query of the test data, costs asserted optimal, with the ratio per map;
//! (e) D* Lite on a 256 x 256 board (20% scattered walls, 8 moves) over 200 random wall
//!     edits near the path: the repairs' expansions against A* from scratch after each
//!     edit, every repaired cost checked against a fresh Dijkstra;
//! (f) the larger Moving AI maps (a 256 x 256 city, a 256 x 257 Dragon Age map, a 512 x 512
//!     maze, a 512 x 512 Baldur's Gate map), every query (every 10th of the maze's 11,080):
//!     Frontier's A* and JPS against the peer's A*, costs asserted equal and matching the
//!     scenario as printed, one round each, the ratio per map.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use frontier::files::read_text;
use frontier::games::sandbox::dstar_lite::replan_trial;
use frontier::games::sandbox::generate::Generator;
use frontier::games::sandbox::jump::JumpSearch;
use frontier::games::sandbox::jump_distances::JumpDistances;
use frontier::games::sandbox::movingai::{parse_map, parse_scenario};
use frontier::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};
use frontier::grid::Pos;
use frontier::search::{Algorithm, Event, Run, Search};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use common::test_data;
use frontier_test_support as common;

/// Rounds per case, the best of which counts: more for the case made of many tiny
/// searches, whose few milliseconds a busy machine disturbs most.
const ROUNDS: usize = 3;
const ROUNDS_SMALL_QUERIES: usize = 30;
/// Fixed-point scale for the peer, whose costs must be integers (`Ord`).
const SCALE: f64 = 1_000_000.0;

/// The board as the peer sees it: a passable mask and the step costs in fixed point.
struct PeerGrid {
    width: i32,
    height: i32,
    passable: Vec<bool>,
}

impl PeerGrid {
    fn new(board: &Board) -> PeerGrid {
        PeerGrid {
            width: board.width() as i32,
            height: board.height() as i32,
            passable: board
                .cells()
                .positions()
                .map(|p| board.is_passable(p))
                .collect(),
        }
    }

    fn open(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && x < self.width
            && y < self.height
            && self.passable[(y * self.width + x) as usize]
    }

    fn four(&self, p: &Pos) -> impl Iterator<Item = (Pos, u64)> + use<> {
        let mut out = [None; 4];
        for (i, (dx, dy)) in [(0, -1), (1, 0), (0, 1), (-1, 0)].into_iter().enumerate() {
            if self.open(p.x + dx, p.y + dy) {
                out[i] = Some((Pos::new(p.x + dx, p.y + dy), SCALE as u64));
            }
        }
        out.into_iter().flatten()
    }

    fn eight(&self, p: &Pos) -> impl Iterator<Item = (Pos, u64)> + use<> {
        let mut out = [None; 8];
        for (i, (dx, dy)) in [(0, -1), (1, 0), (0, 1), (-1, 0)].into_iter().enumerate() {
            if self.open(p.x + dx, p.y + dy) {
                out[i] = Some((Pos::new(p.x + dx, p.y + dy), SCALE as u64));
            }
        }
        let diagonal = (SCALE * std::f64::consts::SQRT_2).round() as u64;
        for (i, (dx, dy)) in [(1, -1), (1, 1), (-1, 1), (-1, -1)].into_iter().enumerate() {
            if self.open(p.x + dx, p.y + dy) && self.open(p.x + dx, p.y) && self.open(p.x, p.y + dy)
            {
                out[4 + i] = Some((Pos::new(p.x + dx, p.y + dy), diagonal));
            }
        }
        out.into_iter().flatten()
    }
}

/// Frontier's A* for many queries in a row, the way an application asks them: one search
/// restarted for each query ([`Search::restart`]), so that a query clears only the nodes the
/// last one touched instead of allocating and faulting in board-sized tables again.
#[derive(Default)]
struct FrontierAStar {
    search: Option<Search<GridProblem>>,
}

impl FrontierAStar {
    fn cost(&mut self, problem: GridProblem) -> Option<f64> {
        let search = match &mut self.search {
            Some(search) => {
                search.restart(problem);
                search
            }
            None => self.search.insert(Search::new(problem, Algorithm::AStar)),
        };
        while let Some(event) = search.next() {
            if let Event::Found { goal } = event {
                return Some(search.g(goal));
            }
        }
        None
    }
}

fn octile_fixed(a: &Pos, b: &Pos) -> u64 {
    // Rounded down, so the fixed-point heuristic stays admissible.
    (Heuristic::Octile.estimate(*a, *b) * SCALE).floor() as u64
}

/// The peer's A* with 8 moves and the octile heuristic: the cost, in Frontier's units.
fn peer_octile_astar(peer: &PeerGrid, start: &Pos, goal: &Pos) -> Option<f64> {
    pathfinding::directed::astar::astar(
        start,
        |p| peer.eight(p),
        |p| octile_fixed(p, goal),
        |p| p == goal,
    )
    .map(|(_, c)| c as f64 / SCALE)
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let began = Instant::now();
    let value = f();
    (value, began.elapsed())
}

fn report(case: &str, ours: Duration, peer: Duration) {
    println!(
        "{case}: frontier {:.1} ms, pathfinding {:.1} ms, ratio {:.2}x",
        ours.as_secs_f64() * 1e3,
        peer.as_secs_f64() * 1e3,
        peer.as_secs_f64() / ours.as_secs_f64()
    );
}

fn passable_cells(board: &Board, count: usize, seed: u64) -> Vec<Pos> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut cells = vec![];
    while cells.len() < count {
        let p = Pos::new(
            rng.random_range(0..board.width() as i32),
            rng.random_range(0..board.height() as i32),
        );
        if board.is_passable(p) {
            cells.push(p);
        }
    }
    cells
}

fn case_a() {
    let board = Arc::new(Generator::Scatter { density: 0.25 }.generate(1024, 1024, 2026));
    let cells = passable_cells(&board, 200, 7);
    let pairs: Vec<(Pos, Pos)> = cells.chunks(2).map(|c| (c[0], c[1])).collect();
    let peer = PeerGrid::new(&board);
    let base = GridProblem::new(board.clone(), Connectivity::Four, Heuristic::Manhattan);
    let (mut best_ours, mut best_peer) = (Duration::MAX, Duration::MAX);
    for round in 0..ROUNDS {
        let (ours, t_ours) = time(|| {
            pairs
                .iter()
                .map({
                    let mut astar = FrontierAStar::default();
                    let base = &base;
                    move |&(s, g)| astar.cost(base.clone().between(s, g))
                })
                .collect::<Vec<_>>()
        });
        let (theirs, t_peer) = time(|| {
            pairs
                .iter()
                .map(|&(s, g)| {
                    pathfinding::directed::astar::astar(
                        &s,
                        |p| peer.four(p),
                        |p| (p.manhattan(g) as u64) * SCALE as u64,
                        |p| *p == g,
                    )
                    .map(|(_, c)| c as f64 / SCALE)
                })
                .collect::<Vec<_>>()
        });
        if round == 0 {
            assert_eq!(ours, theirs, "case (a): the two disagree on a cost");
            let found = ours.iter().flatten().count();
            println!(
                "case (a): {found} of {} pairs connected, costs equal",
                pairs.len()
            );
        }
        best_ours = best_ours.min(t_ours);
        best_peer = best_peer.min(t_peer);
    }
    report(
        "case (a) A* 4-connected 1024x1024 25% walls, 100 pairs",
        best_ours,
        best_peer,
    );
}

fn case_b() {
    let queries = movingai_queries();
    let (mut best_ours, mut best_peer) = (Duration::MAX, Duration::MAX);
    for round in 0..ROUNDS_SMALL_QUERIES {
        let (ours, t_ours) = time(|| {
            queries
                .iter()
                .map({
                    let mut astar = FrontierAStar::default();
                    move |(_, problem, _, s, g, _)| astar.cost(problem.clone().between(*s, *g))
                })
                .collect::<Vec<_>>()
        });
        let (theirs, t_peer) = time(|| {
            queries
                .iter()
                .map(|(_, _, peer, s, g, _)| peer_octile_astar(peer, s, g))
                .collect::<Vec<_>>()
        });
        if round == 0 {
            for (i, ((a, b), q)) in ours.iter().zip(&theirs).zip(&queries).enumerate() {
                let (a, b) = (a.expect("a path"), b.expect("a path"));
                assert!(
                    (a - b).abs() < 1e-3,
                    "case (b) query {i}: frontier {a}, pathfinding {b}"
                );
                assert!(
                    (a - q.5).abs() < 1e-3,
                    "case (b) query {i}: frontier {a}, optimal {}",
                    q.5
                );
            }
            println!(
                "case (b): {} queries, costs equal and optimal",
                queries.len()
            );
        }
        best_ours = best_ours.min(t_ours);
        best_peer = best_peer.min(t_peer);
    }
    report(
        "case (b) A* octile, all shared Moving AI queries",
        best_ours,
        best_peer,
    );
}

type Query = (String, GridProblem, Arc<PeerGrid>, Pos, Pos, f64);

/// Every query of the shared Moving AI scenarios, with its map's name.
fn movingai_queries() -> Vec<Query> {
    scenario_queries("movingai", 1)
}

/// Every `stride`th query of each scenario in the test data's folder `folder`, with its
/// map's name.
fn scenario_queries(folder: &str, stride: usize) -> Vec<Query> {
    let dir = test_data().join(folder);
    let mut scens: Vec<_> = std::fs::read_dir(&dir)
        .expect("movingai folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "scen"))
        .filter(|p| !p.to_string_lossy().contains("-sample."))
        .collect();
    scens.sort();
    let mut queries = vec![];
    for scen in scens {
        let list = parse_scenario(&read_text(&scen).expect("scen")).expect("valid scen");
        let name = PathBuf::from(&list[0].map);
        let name = name
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let board = Arc::new(parse_map(&read_text(&dir.join(&name)).expect("map")).expect("map"));
        let peer = Arc::new(PeerGrid::new(&board));
        let problem = GridProblem::new(board, Connectivity::Eight, Heuristic::Octile);
        let step = if list.len() > 5_000 { stride } else { 1 };
        for q in list.into_iter().step_by(step) {
            queries.push((
                name.clone(),
                problem.clone(),
                peer.clone(),
                q.start,
                q.goal,
                q.optimal,
            ));
        }
    }
    queries
}

/// Frontier's JPS for many queries in a row, as [`FrontierAStar`] runs A*: one search
/// restarted for each query ([`JumpSearch::restart`]), without the scan trail only the board
/// draws.
#[derive(Default)]
struct FrontierJps {
    search: Option<JumpSearch>,
}

impl FrontierJps {
    fn cost(&mut self, problem: GridProblem) -> Option<f64> {
        let restarted =
            (self.search.as_mut()).is_some_and(|search| search.restart(problem.clone()));
        if !restarted {
            self.search = Some(
                JumpSearch::new(problem)
                    .expect("one step cost")
                    .without_trail(),
            );
        }
        let search = self.search.as_mut().expect("a search");
        while let Some(step) = search.step() {
            if step.event.is_final() {
                break;
            }
        }
        search.path_cost()
    }
}

fn case_d() {
    let queries = movingai_queries();
    let mut maps: Vec<String> = queries.iter().map(|q| q.0.clone()).collect();
    maps.dedup();
    let (mut all_jps, mut all_peer, mut all_astar, mut all_tables) = (
        Duration::ZERO,
        Duration::ZERO,
        Duration::ZERO,
        Duration::ZERO,
    );
    for map in maps {
        let mine: Vec<&Query> = queries.iter().filter(|q| q.0 == map).collect();
        // The straight scans' table is made once per board and kept with it (like the move
        // sets): timed here on its own, and added once to the whole run's JPS time below.
        let board = mine[0].1.board();
        let (_, tables) =
            time(|| JumpDistances::new(board.move_sets(), board.width(), board.height()));
        all_tables += tables;
        let (mut best_jps, mut best_peer, mut best_astar) =
            (Duration::MAX, Duration::MAX, Duration::MAX);
        for round in 0..ROUNDS_SMALL_QUERIES {
            let (jps, t_jps) = time(|| {
                mine.iter()
                    .map({
                        let mut jps = FrontierJps::default();
                        move |(_, problem, _, s, g, _)| jps.cost(problem.clone().between(*s, *g))
                    })
                    .collect::<Vec<_>>()
            });
            let (_, t_astar) = time(|| {
                mine.iter()
                    .map({
                        let mut astar = FrontierAStar::default();
                        move |(_, problem, _, s, g, _)| astar.cost(problem.clone().between(*s, *g))
                    })
                    .collect::<Vec<_>>()
            });
            let (_, t_peer) = time(|| {
                mine.iter()
                    .map(|(_, _, peer, s, g, _)| peer_octile_astar(peer, s, g))
                    .collect::<Vec<_>>()
            });
            if round == 0 {
                for (i, (cost, q)) in jps.iter().zip(&mine).enumerate() {
                    let cost = cost.expect("a path");
                    assert!(
                        (cost - q.5).abs() < 1e-3,
                        "case (d) {map} query {i}: jps {cost}, optimal {}",
                        q.5
                    );
                }
            }
            best_jps = best_jps.min(t_jps);
            best_peer = best_peer.min(t_peer);
            best_astar = best_astar.min(t_astar);
        }
        println!(
            "case (d) {map}: {} queries, jps {:.2} ms (+ table {:.3} ms once), pathfinding A* {:.2} ms ({:.2}x), frontier A* {:.2} ms ({:.2}x)",
            mine.len(),
            best_jps.as_secs_f64() * 1e3,
            tables.as_secs_f64() * 1e3,
            best_peer.as_secs_f64() * 1e3,
            best_peer.as_secs_f64() / best_jps.as_secs_f64(),
            best_astar.as_secs_f64() * 1e3,
            best_astar.as_secs_f64() / best_jps.as_secs_f64(),
        );
        all_jps += best_jps;
        all_peer += best_peer;
        all_astar += best_astar;
    }
    report(
        "case (d) JPS vs pathfinding A*, every Moving AI query",
        all_jps,
        all_peer,
    );
    println!(
        "case (d) JPS with its tables made once per map vs pathfinding A*: ratio {:.2}x",
        all_peer.as_secs_f64() / (all_jps + all_tables).as_secs_f64()
    );
    println!(
        "case (d) JPS vs frontier A*, every Moving AI query: ratio {:.2}x",
        all_astar.as_secs_f64() / all_jps.as_secs_f64()
    );
}

fn case_e() {
    let board = Arc::new(Generator::Scatter { density: 0.2 }.generate(256, 256, 4));
    let problem = GridProblem::new(board, Connectivity::Eight, Heuristic::Octile);
    let (report, took) = time(|| replan_trial(problem, 200, 1));
    assert!(
        report.costs_equal,
        "case (e): a repaired cost differed from Dijkstra's"
    );
    println!(
        "case (e) D* Lite, 256 x 256, {} edits: repairs {} expansions, A* from scratch {}, ratio {:.3} (costs equal; {:.1} s with the checks)",
        report.edits,
        report.repair_expansions,
        report.scratch_expansions,
        report.repair_expansions as f64 / report.scratch_expansions as f64,
        took.as_secs_f64()
    );
}

fn case_f() {
    let queries = scenario_queries("movingai-large", 10);
    let mut maps: Vec<String> = queries.iter().map(|q| q.0.clone()).collect();
    maps.dedup();
    for map in maps.into_iter().filter(|map| map_wanted(map)) {
        let mine: Vec<&Query> = queries.iter().filter(|q| q.0 == map).collect();
        // Best of three rounds, the three taking turns within each round: on a noisy
        // machine one round each moved the ratios by a tenth from run to run.
        let (mut t_astar, mut t_jps, mut t_peer) = (Duration::MAX, Duration::MAX, Duration::MAX);
        let (mut astar, mut jps, mut peer) = (vec![], vec![], vec![]);
        for _ in 0..ROUNDS {
            let took;
            (astar, took) = time(|| {
                mine.iter()
                    .map({
                        let mut astar = FrontierAStar::default();
                        move |(_, problem, _, s, g, _)| astar.cost(problem.clone().between(*s, *g))
                    })
                    .collect::<Vec<_>>()
            });
            t_astar = t_astar.min(took);
            let took;
            (jps, took) = time(|| {
                mine.iter()
                    .map({
                        let mut jps = FrontierJps::default();
                        move |(_, problem, _, s, g, _)| jps.cost(problem.clone().between(*s, *g))
                    })
                    .collect::<Vec<_>>()
            });
            t_jps = t_jps.min(took);
            let took;
            (peer, took) = time(|| {
                mine.iter()
                    .map(|(_, _, peer, s, g, _)| peer_octile_astar(peer, s, g))
                    .collect::<Vec<_>>()
            });
            t_peer = t_peer.min(took);
        }
        for (i, q) in mine.iter().enumerate() {
            let (a, j, p) = (
                astar[i].expect("a path"),
                jps[i].expect("a path"),
                peer[i].expect("a path"),
            );
            assert!(
                // The peer counts in millionths (its costs are integers).
                (a - p).abs() < 1e-3 && (j - a).abs() < 1e-9,
                "case (f) {map} query {i}: A* {a}, JPS {j}, pathfinding {p}"
            );
            // Within the coarsest precision these scenarios print (two decimals), as
            // `frontier scen` checks it.
            assert!(
                (a - q.5).abs() <= 0.005 + 1e-6 * q.5,
                "case (f) {map} query {i}: {a} against {}",
                q.5
            );
        }
        println!(
            "case (f) {map}: {} queries, costs equal; frontier A* {:.1} ms ({:.2}x the peer), JPS {:.1} ms ({:.2}x), pathfinding A* {:.1} ms",
            mine.len(),
            t_astar.as_secs_f64() * 1e3,
            t_peer.as_secs_f64() / t_astar.as_secs_f64(),
            t_jps.as_secs_f64() * 1e3,
            t_peer.as_secs_f64() / t_jps.as_secs_f64(),
            t_peer.as_secs_f64() * 1e3,
        );
    }
}

fn case_c() {
    let board = Arc::new(Board::new(2048, 2048));
    let peer = PeerGrid::new(&board);
    let start = Pos::new(1024, 1024);
    // A goal off the board: the search floods everything.
    let problem = GridProblem::new(board, Connectivity::Four, Heuristic::Zero)
        .between(start, Pos::new(-1, -1));
    let (mut best_ours, mut best_peer) = (Duration::MAX, Duration::MAX);
    for round in 0..ROUNDS {
        let (ours, t_ours) = time(|| {
            let mut search = Search::new(problem.clone(), Algorithm::Bfs);
            for _ in search.by_ref() {}
            search.discovered()
        });
        let (theirs, t_peer) = time(|| {
            pathfinding::directed::bfs::bfs_reach(start, |p| peer.four(p).map(|(q, _)| q)).count()
        });
        if round == 0 {
            assert_eq!(ours, theirs, "case (c): different numbers of cells reached");
            println!("case (c): both reached {ours} cells");
        }
        best_ours = best_ours.min(t_ours);
        best_peer = best_peer.min(t_peer);
    }
    report(
        "case (c) BFS flood 2048x2048 4-connected",
        best_ours,
        best_peer,
    );
}

/// Whether case (f) measures `map`: every map, unless the command line names some
/// (`cargo bench --bench engine -- f den520d.map`).
fn map_wanted(map: &str) -> bool {
    let named: Vec<String> = std::env::args().filter(|a| a.ends_with(".map")).collect();
    named.is_empty() || named.iter().any(|n| n == map)
}

fn main() {
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--") && !a.ends_with(".map"))
        .collect();
    let wanted = |case: &str| only.is_empty() || only.iter().any(|o| o == case);
    println!(
        "best of {ROUNDS} rounds ({ROUNDS_SMALL_QUERIES} for case b); ratio = pathfinding time / frontier time (higher is better for frontier)"
    );
    if wanted("a") {
        case_a();
    }
    if wanted("b") {
        case_b();
    }
    if wanted("c") {
        case_c();
    }
    if wanted("d") {
        case_d();
    }
    if wanted("e") {
        case_e();
    }
    if wanted("f") {
        case_f();
    }
}
