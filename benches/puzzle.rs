//! The 15-puzzle at full size: Korf's 100 random instances (1985), each solved by IDA* and
//! checked against its known optimal length.
//!
//! First the 6-6-3 additive pattern database is made (its size and the time it took, beside
//! the textbook's build of the same tables), then
//! IDA* with it runs every instance, then A* with it (each within a budget of stored
//! positions, as A* keeps all it has seen: the instances it gives up on are counted); then
//! IDA* with Manhattan plus linear conflicts runs the instances the paper's IDA*
//! (Manhattan) solved with the fewest nodes, beside the paper's counts. Totals of nodes
//! expanded and time, per search and heuristic.
//!
//! Run with `cargo bench --bench puzzle` (add `-- N` for the number of instances linear
//! conflicts runs, 20 unless told).

use std::time::Instant;

use frontier::games::sliding::{PatternDatabase, Position, PuzzleHeuristic, SlidingProblem};
use frontier::search::{Algorithm, Budget, Deepening, DeepeningLimit, Outcome, Run, Search};

/// The positions A* may store per instance: about 1.5 GB at the most.
const ASTAR_STATES: usize = 12_000_000;

fn instances() -> Vec<(u32, u32, u64, Position)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzle/korf100.tsv");
    let text = std::fs::read_to_string(path).expect("tests/data/puzzle/korf100.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let position = Position::parse(f[3]).expect("a Korf instance");
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                position,
            )
        })
        .collect()
}

/// IDA* on `problem`: its moves (checked against `optimal`), nodes expanded and seconds.
fn solve(problem: SlidingProblem, optimal: u32, number: u32) -> (usize, f64) {
    let began = Instant::now();
    let result = Deepening::new(problem, DeepeningLimit::Cost).finish();
    let seconds = began.elapsed().as_secs_f64();
    let Outcome::Found { cost, .. } = result.outcome else {
        panic!("Korf #{number}: not solved: {:?}", result.outcome);
    };
    assert_eq!(
        cost as u32, optimal,
        "Korf #{number}: {cost} moves, optimal {optimal}"
    );
    (result.expanded, seconds)
}

fn main() {
    let linear_count: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20);
    let goal = Position::blank_first(4);
    let all = instances();
    assert_eq!(all.len(), 100);

    // The tables made twice side by side: by the region search the app uses, and by the
    // textbook's 0-1 breadth-first search over every cell of the blank; the same entries.
    let groups = PatternDatabase::standard_groups(goal).expect("the 6-6-3 split");
    let began = Instant::now();
    let made = PatternDatabase::build(goal, &groups);
    let region = began.elapsed().as_secs_f64();
    let began = Instant::now();
    let plain = PatternDatabase::build_plain(goal, &groups);
    let textbook = began.elapsed().as_secs_f64();
    for &(number, _, _, start) in &all {
        assert_eq!(
            made.estimate(start),
            plain.estimate(start),
            "Korf #{number}: the two builds differ"
        );
    }
    println!(
        "6-6-3 pattern database: {} bytes, made in {region:.2} s by regions, {textbook:.2} s \
         by the textbook's search ({:.1}x), the same on all 100 instances",
        made.bytes(),
        textbook / region
    );
    drop(plain);
    // Kept for the process: the searches below take them from there.
    PatternDatabase::keep(goal, made);
    let (mut nodes, mut seconds) = (0usize, 0.0);
    for &(number, optimal, _, start) in &all {
        let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::PatternDatabase)
            .expect("a solvable instance");
        let (n, s) = solve(problem, optimal, number);
        nodes += n;
        seconds += s;
    }
    println!(
        "IDA* with the 6-6-3 pattern database: 100 of 100 solved optimally, {nodes} nodes expanded, {seconds:.1} s"
    );

    let (mut nodes, mut seconds, mut solved, mut gave_up) = (0usize, 0.0, 0, vec![]);
    for &(number, optimal, _, start) in &all {
        let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::PatternDatabase)
            .expect("a solvable instance");
        let began = Instant::now();
        let result = Search::new(problem, Algorithm::AStar)
            .with_budget(Budget::UNLIMITED.states(ASTAR_STATES))
            .finish();
        seconds += began.elapsed().as_secs_f64();
        nodes += result.expanded;
        match result.outcome {
            Outcome::Found { cost, .. } => {
                assert_eq!(
                    cost as u32, optimal,
                    "Korf #{number}: A* {cost}, optimal {optimal}"
                );
                solved += 1;
            }
            Outcome::GaveUp(_) => gave_up.push(number),
            Outcome::NoPath => panic!("Korf #{number}: no path"),
        }
    }
    println!(
        "A* with the 6-6-3 pattern database, at most {ASTAR_STATES} positions stored: {solved} of 100 solved, all optimal, {nodes} nodes expanded, {seconds:.1} s; gave up on {gave_up:?}"
    );

    let mut easiest = all.clone();
    easiest.sort_by_key(|&(_, _, paper, _)| paper);
    let (mut ours, mut paper_total, mut seconds) = (0usize, 0u64, 0.0);
    for &(number, optimal, paper, start) in easiest.iter().take(linear_count) {
        let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::LinearConflict)
            .expect("a solvable instance");
        let (n, s) = solve(problem, optimal, number);
        ours += n;
        paper_total += paper;
        seconds += s;
    }
    println!(
        "IDA* with Manhattan + linear conflicts, the {linear_count} instances the paper solved with the fewest nodes: all optimal, {ours} nodes expanded, {seconds:.1} s (the paper's IDA* with Manhattan generated {paper_total} on them)"
    );
}
