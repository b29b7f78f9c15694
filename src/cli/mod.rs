//! The headless command line: the same engine and games as the app, without a window.
//!
//! Exit codes: 0 found / all matched, 1 no path / some differ, 2 bad input (a message on
//! stderr, never a panic).

/// `println!` that ends the program quietly when whoever reads the output has gone (a
/// closed pipe, as in `frontier ... | head`) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod args;
mod assignment;
mod code;
mod lesson;
mod link;
mod path;
mod puzzle;
mod render;
mod replan;
mod share;
mod snake;
mod sokoban;

use std::process::ExitCode;

pub use args::{Args, seconds};

pub const USAGE: &str = "\
usage: frontier                      open the app
       frontier open BOARD           open the app with a board (or .map) file
       frontier path BOARD [--algo ALGO]
                     [--heuristic manhattan|euclidean|octile|chebyshev|zero]
                     [--diagonal] [--from X,Y --to X,Y] [--max-expansions N]
       frontier scen MAP.scen [--map MAP] [--algo ALGO] [--heuristic H] [--verbose]
                     [--max-expansions N]   (per query; iddfs and idastar: 2000000 unless set)
       frontier replan BOARD [--edits N] [--seed S] [--diagonal] [--heuristic H]
                     (D* Lite repairing after N random wall edits near the path)
       frontier replan BOARD --robot [--radius R] [--diagonal] [--heuristic H]
                     (a robot seeing walls within R cells walks to the goal, re-planning)
       frontier generate backtracker|prim|kruskal|division|scatter:D WIDTH HEIGHT [--seed S]
       frontier render BOARD [--algo ALGO] [--heuristic H] [--diagonal] [--to-step N]
                     [--cell PX] [--png OUT] [--svg OUT]
                     [--gif OUT [--from-step N] [--fps F] [--max-frames N]]
                     [--no-path] [--no-current] [--no-markers]
       frontier render LEVELS.xsb --level N [--algo bfs|dfs|astar|greedy|idastar] [--timeout S]
                     [--cell PX] [--png OUT] [--gif OUT [--fps F] [--max-frames N]]
       frontier render --snake [--planner classic|cycle] [--size N] [--seed S] [--moves N]
                     [--cell PX] [--png OUT] [--gif OUT [--fps F] [--max-frames N]]
       frontier sokoban FILE [--level N|all] [--algo auto|bfs|dfs|astar|greedy|idastar|fess]
                     [--moves] [--max-states N] [--max-expansions N] [--timeout S]
                     [--max-memory M] [--jobs N] [--tsv]
                     [--without pi-corrals,corral-deadlocks,pulling,meeting,novelty,
                                fess,packing-order,macros]
                     (auto, the default: A* then A*, greedy, two greedy pulling searches
                     from the goals and the feature-space search (fess) in turns, timed
                     by --timeout, or counted by --max-expansions for the same answer on
                     any machine; levels on N threads, default every core; M per level,
                     default 2G; --without switches techniques off to measure them)
       frontier puzzle POSITION|FILE [--goal snail|blank-first|blank-last|POSITION] [--algo ALGO]
                     [--heuristic misplaced|manhattan|linear-conflict|pdb|zero|inconsistent]
                     [--max-expansions N] [--path-only] [--tsv]
                     (the sliding puzzle, 2 x 2 to 5 x 5: \"1 2 3 4 5 6 7 8 0\", 0 the
                     blank; the goal the snail, as in the app, unless given; a FILE
                     holds a position a line; --tsv: number, status, moves, expanded,
                     ms, the blank's moves; --path-only: IDA* or IDDFS holding its
                     path alone, no table of the positions reached)
       frontier puzzle POSITION [--goal G] [--algo ALGO] [--heuristic H]
                     [--tree OUT.svg|.png] [--tables OUT.md|.svg|.png] [--step N]
                     [--language en|zh-CN]
                     (the search tree and the OPEN and CLOSED tables of a best-first
                     search, at step N or its end, as the textbooks draw them)
       frontier puzzle --compare-heuristics [--depths 2..24[:STEP]|A,B,..] [--per-depth N]
                     [--seed S] [--heuristic misplaced,manhattan,lc,pdb] [--goal G]
                     [--count expanded|generated] [--ids-to D] [--tsv]
                     (the textbook's table: A*'s mean positions expanded and b* on N random
                     八数码 positions at each depth; the goal blank-first, as the book's)
       frontier snake [--planner classic|cycle] [--size N] [--games G] [--seed S]
                     [--before classic|random --handover K|random:K]
       frontier link-game < INPUT    (POJ 1101, The Game: its input and output formats)
       frontier link BOARD [--algo ALGO] [--compare ALGO] [--heuristic H] [--diagonal]
                     [--program PROGRAM.py] [--step N] [--page URL]
                     (--program: the board searched by your own search in Python)
       frontier link LEVELS.xsb --level N [--algo bfs|dfs|astar|greedy|idastar] [--step N]
       frontier link --lesson ID|FILE [--step PAGE]
       frontier link --puzzle POSITION [--goal G] [--algo ALGO] [--heuristic H]
                     [--compare ALGO] [--program PROGRAM.py] [--step N]
                     (without --algo, the position to play; the heuristic linear-conflict
                     unless given)
       frontier link --snake [--size N] [--seed S] [--planner classic|cycle] [--step N]
                     (the game after the planner's first N moves)
                     (the link that opens it in the app; the page is --page, else
                     FRONTIER_PAGE, else the one the build was made for, else
                     http://127.0.0.1:8080/, said on stderr)
       frontier lesson FILE...       check lesson files (pages, runs, questions) as the app reads them
       frontier code PROGRAM.py (--board BOARD [--diagonal] | --puzzle POSITION [--goal G])
                     [--check bfs|dfs|ucs|astar|greedy] [--heuristic H] [--max-expansions N]
                     (your own search in Python, run and judged: exit 0 it ran and passed,
                     1 the check failed, 2 a program error or bad input)
       frontier assignment check ASSIGNMENT [--reference SOLUTION.py] [--language en|zh-CN]
                     (ASSIGNMENT a .toml file or a shipped id: every test's problem, the
                     tiers beside Frontier's own heuristics, and the reference graded)
       frontier assignment starter ASSIGNMENT   the .py file a student starts from
       frontier assignment list      the shipped assignments
       frontier grade ASSIGNMENT SUBMISSION.py|FOLDER... [--csv FILE] [--gradescope FILE]
                     [--reports FOLDER] [--jobs N] [--language en|zh-CN]
                     (every test, hidden ones too, on N threads, default every core;
                     one submission: its report; several: a line each)

BOARD is a Frontier board file or a Moving AI .map file.";

/// The usage, with the board's searches as the registry lists them.
pub fn usage() -> String {
    let codes: Vec<String> = crate::games::sandbox::PathAlgorithm::all()
        .map(|a| a.code_pattern())
        .collect();
    format!(
        "{USAGE}\nALGO, a board's search (default astar): {}",
        codes.join("|")
    )
}

/// Outcome of a command, as the process exit code.
pub enum Status {
    Success,
    Failure,
    BadInput(String),
}

/// Runs the command line `args` (without the program name).
pub fn run(args: Vec<String>) -> ExitCode {
    let status = match args.first().map(String::as_str) {
        Some("open") => match args.get(1) {
            Some(file) if args.len() == 2 => {
                return crate::app::run_with(Some(std::path::PathBuf::from(file)));
            }
            _ => Status::BadInput("usage: frontier open BOARD".into()),
        },
        Some("path") => path::path(Args::new(&args[1..])),
        Some("scen") => path::scen(Args::new(&args[1..])),
        Some("sokoban") => sokoban::sokoban(Args::new(&args[1..])),
        Some("puzzle") => puzzle::puzzle(Args::new(&args[1..])),
        Some("snake") => snake::snake(Args::new(&args[1..])),
        Some("link-game") => link::link_game(&args[1..]),
        Some("link") => share::link(Args::new(&args[1..])),
        Some("generate") => path::generate(Args::new(&args[1..])),
        Some("render") => render::render(Args::new(&args[1..])),
        Some("replan") => replan::replan(Args::new(&args[1..])),
        Some("lesson") => lesson::lesson(&args[1..]),
        Some("code") => code::code(Args::new(&args[1..])),
        Some("assignment") => assignment::assignment(Args::new(&args[1..])),
        Some("grade") => assignment::grade_command(Args::new(&args[1..])),
        Some("help" | "--help" | "-h") => {
            say!("{}", usage());
            Status::Success
        }
        Some(other) => Status::BadInput(format!(
            "unknown command `{}`\n{}",
            crate::files::quote(other),
            usage()
        )),
        None => Status::BadInput(usage()),
    };
    match status {
        Status::Success => ExitCode::SUCCESS,
        Status::Failure => ExitCode::from(1),
        Status::BadInput(message) => {
            eprintln!("frontier: {message}");
            ExitCode::from(2)
        }
    }
}
