//! Frontier's Sokoban A* over the 155 Microban levels, 10 s and 2 GiB per level: how many it
//! solves, in how long, and how many pushes above the known optimum (and, side by side, the
//! pushes of the Festival solver's solutions, from the same table).
//!
//! Then the same collection as a `frontier sokoban` batch on one thread and on every core,
//! side by side in one run: the wall times, their ratio, and whether the results agree.
//!
//! Then the portfolio (`--algo auto`, the same time a level, every core) on Microban,
//! Grigr2001 and Boxoban medium: how many it solves, by which search (and the pushes of the
//! solutions not proven shortest), every solution replayed here again; and on Microban and
//! Grigr2001 with each pruning or search switched off in turn (`--without`), to show what
//! each one buys.
//!
//! Then the app's hint (the portfolio from the position, `HINT_STATES` and the app's 10 s)
//! on the hard levels it answers on, one at a time: how long the player waits, and beside
//! it the same hint counted in expansions, as the tests run it.
//!
//! Run with `cargo bench --bench sokoban` (add `-- SECONDS` to change the time limit, and an
//! algorithm name such as `greedy` or `wastar:2` to measure another search than A* in the
//! first part; `-- quick` leaves out the pruning comparison; `-- hints` runs the hints
//! alone).

use std::time::{Duration, Instant};

use frontier::files::read_text;
use frontier::games::sokoban::solver::{
    Detail, SokobanAlgorithm, SolveOutcome, parse_algorithm, solve,
};
use frontier::games::sokoban::{parse_collection, verify_solution};
use frontier::search::Budget;

use common::test_data;
use frontier_test_support as common;

fn main() {
    let seconds: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10.0);
    let algorithm = std::env::args()
        .skip(1)
        .find_map(|a| parse_algorithm(&a).ok())
        .unwrap_or(SokobanAlgorithm::AStar);
    let data = test_data().join("sokoban");
    if std::env::args().any(|a| a == "hints") {
        hints(&data);
        return;
    }
    let levels = parse_collection(&read_text(&data.join("microban-1.xsb")).expect("microban"))
        .expect("valid");
    // level -> (optimal pushes, Festival's pushes)
    let table: Vec<(Option<usize>, Option<usize>)> =
        read_text(&data.join("microban-1-optimal.tsv"))
            .expect("optimal table")
            .lines()
            .skip(1)
            .map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                (
                    f.get(1).and_then(|v| v.parse().ok()),
                    f.get(5).and_then(|v| v.parse().ok()),
                )
            })
            .collect();

    let began = Instant::now();
    let (mut solved, mut above, mut compared, mut festival_above) = (0, 0, 0, 0i64);
    let mut solving_time = Duration::ZERO;
    let mut unsolved = vec![];
    for (i, entry) in levels.iter().enumerate() {
        let level = entry.level.as_ref().expect("Microban levels are valid");
        let budget = Budget::UNLIMITED
            .bytes(2 << 30)
            .timeout(Duration::from_secs_f64(seconds));
        let report = solve(level, algorithm, Detail::Pushes, budget);
        match report.outcome {
            SolveOutcome::Solved { pushes, .. } => {
                solved += 1;
                solving_time += report.elapsed;
                if let Some((Some(best), festival)) = table.get(i) {
                    above += pushes - best;
                    compared += 1;
                    if let Some(f) = festival {
                        festival_above += *f as i64 - *best as i64;
                    }
                }
            }
            other => unsolved.push(format!(
                "{} ({other:?}, {} states{})",
                i + 1,
                report.expanded,
                report
                    .proven_bound
                    .map(|b| format!(", optimum >= {b}"))
                    .unwrap_or_default()
            )),
        }
    }
    let total = began.elapsed();
    println!("Microban, {algorithm} over pushes, {seconds} s and 2 GiB per level:");
    println!("solved: {solved} of {}", levels.len());
    println!(
        "total time: {:.1} s (unsolved levels count their full time limit)",
        total.as_secs_f64()
    );
    println!(
        "time on the solved levels: {:.1} s",
        solving_time.as_secs_f64()
    );
    println!(
        "mean pushes above optimal: {:.3} over {compared} levels with a known optimum (Festival's solutions: {:.3})",
        above as f64 / compared.max(1) as f64,
        festival_above as f64 / compared.max(1) as f64
    );
    if !unsolved.is_empty() {
        println!("unsolved: {}", unsolved.join(", "));
    }
    batch_on_every_core(&data.join("microban-1.xsb"));

    let quick = std::env::args().any(|a| a == "quick");
    let collections = [
        ("Microban", "microban-1.xsb"),
        ("Grigr2001", "grigr2001.xsb"),
        ("Boxoban medium", "boxoban-medium-valid-000.txt"),
    ];
    for (name, file) in collections {
        portfolio_batch(name, &data.join(file), seconds, None);
    }
    if !quick {
        for without in frontier::games::sokoban::solver::Pruning::NAMES {
            for (name, file) in &collections[..2] {
                portfolio_batch(name, &data.join(file), seconds, Some(without));
            }
        }
    }
    hints(&data);
}

/// The app's hint, timed as the app times it, and counted as the tests count it, on levels
/// that need the whole portfolio: the seconds a player waits, and who answers.
fn hints(data: &std::path::Path) {
    use frontier::games::sokoban::solver::portfolio::Pace;
    use frontier::games::sokoban::solver::{HINT_PACE, HINT_STATES, HintOutcome, HintSearch};
    println!("The app's hint ({HINT_STATES} states), one level at a time:");
    let counted = Pace::Expansions(1_000_000);
    for (name, file, number) in [
        ("Grigr2001", "grigr2001.xsb", 15),
        ("Grigr2001", "grigr2001.xsb", 40),
        ("Grigr2001", "grigr2001.xsb", 100),
        ("Microban", "microban-1.xsb", 144),
        ("Microban", "microban-1.xsb", 153),
    ] {
        let text = read_text(&data.join(file)).expect("the level file");
        let entries = parse_collection(&text).expect("a valid collection");
        let level = entries[number - 1].level.clone().expect("a valid level");
        let mut line = format!("{name} {number}:");
        for (pace, what) in [
            (HINT_PACE, "the app's 10 s"),
            (counted, "1000000 expansions"),
        ] {
            let began = Instant::now();
            let mut search = HintSearch::new(level.clone(), HINT_STATES, pace);
            while search.advance(Instant::now() + Duration::from_millis(50)) {}
            let answer = match search.outcome() {
                Some(HintOutcome::Push(hint)) => {
                    format!("by {}, {} pushes", hint.found_by.code(), hint.pushes_left)
                }
                Some(HintOutcome::GaveUp(limit)) => limit.to_string(),
                Some(HintOutcome::NoSolution) => "no solution".into(),
                None => "no outcome".into(),
            };
            line += &format!(
                " {what}: {answer} in {:.2} s ({} expansions);",
                began.elapsed().as_secs_f64(),
                search.expanded()
            );
        }
        println!("{}", line.trim_end_matches(';'));
    }
}

/// `frontier sokoban FILE --algo auto --timeout SECONDS --tsv` on every core (with
/// `--without` a pruning, if given): solved, by which search, the wall time, and whether every
/// solution replays.
fn portfolio_batch(name: &str, file: &std::path::Path, seconds: f64, without: Option<&str>) {
    let began = Instant::now();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_frontier"));
    command
        .args(["sokoban", file.to_str().expect("a UTF-8 path")])
        .args(["--algo", "auto", "--tsv", "--timeout", &seconds.to_string()]);
    if let Some(pruning) = without {
        command.args(["--without", pruning]);
    }
    let output = command.output().expect("the frontier binary runs");
    let wall = began.elapsed().as_secs_f64();
    let levels = parse_collection(&read_text(file).expect("the collection")).expect("valid");
    let (mut solved, mut replayed, mut expanded) = (0, 0, 0u64);
    let mut unsolved = vec![];
    // Solved levels and their pushes, by the search that found them.
    let mut by: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let number: usize = fields[0].parse().expect("a level number");
        expanded += fields.get(4).and_then(|e| e.parse().ok()).unwrap_or(0);
        if fields[1] != "solved" {
            unsolved.push(number.to_string());
            continue;
        }
        solved += 1;
        let level = levels[number - 1].level.as_ref().expect("a valid level");
        let pushes: usize = fields[3].parse().expect("pushes");
        let search = by.entry(fields[7].to_string()).or_default();
        search.0 += 1;
        search.1 += pushes;
        replayed += usize::from(verify_solution(level, fields[6]).map(|(_, p)| p) == Ok(pushes));
    }
    let run = match without {
        Some(pruning) => format!("auto --without {pruning}"),
        None => "auto".into(),
    };
    let by_astar = by.remove("astar").map_or(0, |(levels, _)| levels);
    let others: Vec<String> = (by.iter())
        .map(|(search, (levels, pushes))| format!("{levels} by {search} in {pushes} pushes"))
        .collect();
    println!(
        "{name}, {run}, {seconds} s a level: solved {solved} of {} ({by_astar} by A*, proven push-optimal; {}), {replayed} replayed, {expanded} expansions in all, wall {wall:.1} s{}",
        levels.len(),
        if others.is_empty() {
            "none by another search".to_string()
        } else {
            others.join(", ")
        },
        if unsolved.is_empty() {
            String::new()
        } else {
            format!("; unsolved: {}", unsolved.join(" "))
        }
    );
}

/// `frontier sokoban FILE --jobs 1` against `--jobs N` (every core), with a state limit so
/// that both solve exactly the same levels: wall times and whether the outputs agree.
fn batch_on_every_core(file: &std::path::Path) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let run = |jobs: usize| {
        let began = Instant::now();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_frontier"))
            .args(["sokoban", file.to_str().expect("a UTF-8 path")])
            .args([
                "--max-states",
                "300000",
                "--tsv",
                "--jobs",
                &jobs.to_string(),
            ])
            .output()
            .expect("the frontier binary runs");
        let lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| {
                let mut fields: Vec<&str> = line.split('\t').collect();
                if fields.len() > 5 {
                    fields.remove(5); // the level's own time
                }
                fields.join("\t")
            })
            .collect();
        (began.elapsed().as_secs_f64(), lines)
    };
    let (serial, serial_lines) = run(1);
    let (parallel, parallel_lines) = run(cores);
    println!(
        "batch, Microban at 300000 states a level: 1 thread {serial:.2} s, {cores} threads {parallel:.2} s, ratio {:.2}; results identical: {}",
        parallel / serial,
        serial_lines == parallel_lines
    );
}
