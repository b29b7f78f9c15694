//! A seeded mutation fuzzer over every parser and entry point a user's text reaches: boards,
//! Moving AI maps and scenarios, XSB collections, LURD solutions, Link boards, the POJ 1101
//! input, the app's saved state and the command line's values. Each case takes a real file
//! (from the presets and the test data), mutates it (flipped, inserted, deleted, repeated or
//! spliced bytes, and values chosen to hurt: huge numbers, NaN, NUL bytes, long lines), and
//! feeds it in. A case fails if it panics or if an error message runs over 1 KB.
//!
//! Run by `tests/fuzz.rs` (a few thousand cases) and, for as long as wanted, by
//! `cargo run --release --example fuzz -- --runs 100000`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use frontier::games::link::LinkBoard;
use frontier::games::link::finder::{LinkFinder, PLAY_TURNS};
use frontier::games::link::poj;
use frontier::games::sandbox::movingai::{parse_map, parse_scenario};
use frontier::games::sandbox::{Board, parse_board_or_map};
use frontier::games::sokoban::solver::{Detail, SokobanAlgorithm, solve};
use frontier::games::sokoban::{parse_collection, verify_solution};
use frontier::search::{Algorithm, Budget};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The longest error message allowed.
pub const MAX_MESSAGE: usize = 1024;

/// One kind of input and the code that reads it.
pub struct Target {
    pub name: &'static str,
    /// Real inputs to start from.
    pub seeds: Vec<String>,
    /// Reads one input; the error messages it produced, to check their length.
    pub run: fn(&str) -> Vec<String>,
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn files(folder: &Path, extension: &str) -> Vec<String> {
    let mut paths: Vec<_> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    paths.sort();
    paths.iter().map(|p| read(p)).collect()
}

fn errors<T, E: ToString>(result: Result<T, E>) -> (Option<T>, Vec<String>) {
    match result {
        Ok(value) => (Some(value), vec![]),
        Err(e) => (None, vec![e.to_string()]),
    }
}

/// What the app does next with a board: search it a little, save it and read it back.
fn use_board(board: Board) -> Vec<String> {
    use frontier::games::sandbox::{Connectivity, GridProblem, Heuristic};
    use frontier::search::Search;
    if board.width() * board.height() <= 1 << 20 {
        let problem = GridProblem::new(
            std::sync::Arc::new(board.clone()),
            Connectivity::Eight,
            Heuristic::Octile,
        );
        let _ = Search::new(problem, Algorithm::AStar)
            .with_budget(Budget::UNLIMITED.expansions(200))
            .run();
    }
    errors(Board::parse(&board.to_text())).1
}

fn board(text: &str) -> Vec<String> {
    let (board, mut messages) = errors(parse_board_or_map(text));
    messages.extend(board.map(use_board).unwrap_or_default());
    messages
}

fn map(text: &str) -> Vec<String> {
    let (board, mut messages) = errors(parse_map(text));
    messages.extend(board.map(use_board).unwrap_or_default());
    messages
}

fn scenario(text: &str) -> Vec<String> {
    errors(parse_scenario(text)).1
}

fn xsb(text: &str) -> Vec<String> {
    let (entries, mut messages) = errors(parse_collection(text));
    for entry in entries.into_iter().flatten().take(3) {
        match entry.level {
            Ok(level) => match level.check() {
                Ok(()) => {
                    let budget = Budget::UNLIMITED.expansions(50).states(5_000);
                    let report = solve(&level, SokobanAlgorithm::AStar, Detail::Pushes, budget);
                    let _ = report.outcome;
                }
                Err(problem) => messages.push(problem.to_string()),
            },
            Err(e) => messages.push(e.to_string()),
        }
    }
    messages
}

/// The level the LURD solutions are checked on: the tutorial's third.
fn lurd_level() -> frontier::games::sokoban::Level {
    parse_collection(include_str!("../../presets/sokoban/frontier-tutorial.xsb"))
        .ok()
        .and_then(|entries| entries.into_iter().nth(2))
        .and_then(|entry| entry.level.ok())
        .expect("the tutorial's third level")
}

fn lurd(text: &str) -> Vec<String> {
    errors(verify_solution(&lurd_level(), text)).1
}

/// A solution of the LURD level, to mutate.
fn lurd_solution() -> String {
    let report = solve(
        &lurd_level(),
        SokobanAlgorithm::AStar,
        Detail::Pushes,
        Budget::UNLIMITED,
    );
    match report.outcome {
        frontier::games::sokoban::solver::SolveOutcome::Solved { lurd, .. } => lurd,
        other => panic!("the tutorial's third level: {other:?}"),
    }
}

fn lesson(text: &str) -> Vec<String> {
    errors(frontier::lessons::parse_lesson(text)).1
}

fn link(text: &str) -> Vec<String> {
    let (board, mut messages) = errors(LinkBoard::parse(text));
    if let Some(board) = board {
        messages.extend(errors(board.check()).1);
        let tiles: Vec<_> = board
            .positions()
            .filter(|&p| board.tile(p).is_some())
            .take(6)
            .collect();
        let mut finder = LinkFinder::new(&board);
        for pair in tiles.windows(2) {
            let _ = finder.find(pair[0], pair[1], PLAY_TURNS);
            let _ = finder.min_segments(pair[0], pair[1]);
        }
    }
    messages
}

fn poj(text: &str) -> Vec<String> {
    errors(poj::answer(text)).1
}

fn saved_state(text: &str) -> Vec<String> {
    let app = frontier::app::FrontierApp::from_saved(Some(text));
    app.notice.map(|n| n.text()).into_iter().collect()
}

fn command_values(text: &str) -> Vec<String> {
    use frontier::games::sandbox::generate::Generator;
    use frontier::games::sandbox::{Heuristic, PathAlgorithm};
    use frontier::games::snake::play::{HandoverAt, Planner, Steerer};
    let mut messages = vec![];
    for word in text.split_whitespace().take(8) {
        messages.extend(errors(PathAlgorithm::parse(word)).1);
        messages.extend(errors(Heuristic::parse(word)).1);
        messages.extend(errors(Generator::parse(word)).1);
        messages.extend(errors(frontier::grid::Pos::parse(word)).1);
        messages.extend(errors(HandoverAt::parse(word)).1);
        messages.extend(errors(Planner::parse(word)).1);
        messages.extend(errors(Steerer::parse(word)).1);
        messages.extend(errors(frontier::cli::seconds(word)).1);
    }
    messages
}

/// Every target, its seeds read from the presets and the test data under `root` (the
/// project's folder).
pub fn targets(root: &Path) -> Vec<Target> {
    let data = root.join("tests/data");
    let app = frontier::app::FrontierApp::from_saved(None);
    let saved = app.saved_state().to_ron();
    vec![
        Target {
            name: "board",
            seeds: files(&root.join("presets/boards"), "board"),
            run: board,
        },
        Target {
            name: "map",
            seeds: files(&data.join("movingai"), "map"),
            run: map,
        },
        Target {
            name: "scen",
            seeds: files(&data.join("movingai"), "scen")
                .into_iter()
                .map(|s| s.lines().take(40).collect::<Vec<_>>().join("\n"))
                .collect(),
            run: scenario,
        },
        Target {
            name: "xsb",
            seeds: vec![
                read(&root.join("presets/sokoban/frontier-tutorial.xsb")),
                read(&data.join("sokoban/microban-1.xsb"))
                    .split("\n\n")
                    .take(12)
                    .collect::<Vec<_>>()
                    .join("\n\n"),
            ],
            run: xsb,
        },
        Target {
            name: "lurd",
            seeds: vec![lurd_solution(), "lurdLURD".into()],
            run: lurd,
        },
        Target {
            name: "link",
            seeds: files(&root.join("presets/link"), "link"),
            run: link,
        },
        Target {
            name: "lesson",
            seeds: vec![
                read(&root.join("presets/lessons/01-frontier-bfs.en.toml")),
                read(&root.join("presets/lessons/05-greedy-trap.zh-CN.toml")),
            ],
            run: lesson,
        },
        Target {
            name: "poj",
            seeds: files(&data.join("poj1101"), "in"),
            run: poj,
        },
        Target {
            name: "saved-state",
            seeds: vec![saved],
            run: saved_state,
        },
        Target {
            name: "command-values",
            seeds: vec![
                "astar wastar:2.5 bibfs octile zero backtracker scatter:0.3 3,4 random:300 \
                 classic cycle random 0.5 86400"
                    .into(),
            ],
            run: command_values,
        },
    ]
}

/// Values that break careless parsers.
const NASTY: &[&str] = &[
    "0",
    "-1",
    "NaN",
    "inf",
    "-inf",
    "1e309",
    "5e-324",
    "18446744073709551616",
    "99999999999999999999999",
    "4096",
    "4097",
    "\0",
    "\r",
    "\t",
    ";",
    "#",
    "wall",
    "连连看",
    "\u{feff}",
    "(",
    ")",
    "\"",
];

/// One mutation of `input`, drawing on `other` for splices.
pub fn mutate(input: &str, other: &str, rng: &mut StdRng) -> String {
    let mut bytes = input.as_bytes().to_vec();
    let operations = if rng.random_bool(0.5) {
        1
    } else {
        rng.random_range(2..=4)
    };
    for _ in 0..operations {
        let at = if bytes.is_empty() {
            0
        } else {
            rng.random_range(0..=bytes.len())
        };
        match rng.random_range(0..9) {
            0 if at < bytes.len() => bytes[at] ^= 1 << rng.random_range(0..8),
            1 => bytes.insert(at, rng.random()),
            2 if at < bytes.len() => {
                let end = (at + rng.random_range(1..64)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                let nasty = NASTY[rng.random_range(0..NASTY.len())];
                bytes.splice(at..at, nasty.bytes());
            }
            4 if at < bytes.len() => {
                // Repeat a slice many times: long lines, huge counts.
                let end = (at + rng.random_range(1..16)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                let most = if rng.random_bool(0.1) { 20_000 } else { 50 };
                let times = rng.random_range(2..most);
                for _ in 0..times {
                    bytes.splice(at..at, piece.iter().copied());
                }
            }
            5 if !other.is_empty() => {
                let from = rng.random_range(0..other.len());
                let end = (from + rng.random_range(1..200)).min(other.len());
                bytes.splice(at..at, other.as_bytes()[from..end].iter().copied());
            }
            6 => bytes.truncate(at),
            7 => {
                // Swap digits for other digits: sizes and coordinates change.
                for b in bytes.iter_mut().skip(at).take(40) {
                    if b.is_ascii_digit() {
                        *b = b'0' + rng.random_range(0..10);
                    }
                }
            }
            _ => {
                let newline: &[u8] = [b"\n".as_slice(), b"\r\n", b"\n\n"][rng.random_range(0..3)];
                bytes.splice(at..at, newline.iter().copied());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// What a fuzzing run found.
#[derive(Debug, Default)]
pub struct Findings {
    pub cases: usize,
    /// Cases read without an error message (so the code past the parser ran too).
    pub accepted: usize,
    /// Target, case number and what went wrong, with the input (cut short).
    pub failures: Vec<String>,
}

/// Runs `runs` cases of `target` from `seed`.
pub fn fuzz(target: &Target, runs: usize, seed: u64) -> Findings {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut findings = Findings::default();
    for case in 0..runs {
        let base = &target.seeds[rng.random_range(0..target.seeds.len())];
        let other = &target.seeds[rng.random_range(0..target.seeds.len())];
        let mut input = mutate(base, other, &mut rng);
        if rng.random_bool(0.3) {
            input = mutate(&input, other, &mut rng);
        }
        findings.cases += 1;
        let shown = || {
            let cut: String = input.chars().take(300).collect();
            format!("{cut:?}")
        };
        match catch_unwind(AssertUnwindSafe(|| (target.run)(&input))) {
            Ok(messages) => {
                findings.accepted += usize::from(messages.is_empty());
                if let Some(long) = messages.iter().find(|m| m.len() > MAX_MESSAGE) {
                    findings.failures.push(format!(
                        "{} case {case}: a message of {} bytes ({}…) for {}",
                        target.name,
                        long.len(),
                        long.chars().take(120).collect::<String>(),
                        shown()
                    ));
                }
            }
            Err(panic) => {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                findings.failures.push(format!(
                    "{} case {case}: panicked ({why}) for {}",
                    target.name,
                    shown()
                ));
            }
        }
    }
    findings
}

/// The peak memory of this process so far, in bytes (Linux; None elsewhere).
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
