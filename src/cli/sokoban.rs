//! `frontier sokoban`: solve the levels of an XSB file headless.

use std::path::Path;

use super::Status;
use std::collections::BTreeMap;
use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::args::{Args, bytes, number, seconds};
use crate::files::read_text;
use crate::games::sokoban::level::Entry;
use crate::games::sokoban::parse_collection;
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::games::sokoban::solver::fess::{SolutionStep, StepKind};
use crate::games::sokoban::solver::{
    Detail, Pruning, SolveOutcome, parse_algorithm, solve_fess, solve_portfolio, solve_pruned,
};
use crate::search::Budget;

/// Memory allowed per level unless told otherwise (each level solved at once has its own).
const DEFAULT_BYTES: usize = 2 << 30;

/// More threads than this would only share the same cores.
const MAX_JOBS: usize = 256;

pub fn sokoban(mut args: Args) -> Status {
    match run(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

fn run(args: &mut Args) -> Result<Status, String> {
    // The portfolio unless a search is named (with no time limit it is A* alone).
    let algorithm = match args.option("--algo")?.as_deref() {
        None | Some("auto") => Solver::Portfolio,
        Some("fess") => Solver::Fess,
        Some(name) => Solver::One(parse_algorithm(name)?),
    };
    let which = args.option("--level")?.unwrap_or_else(|| "all".into());
    let max_states = args.parsed("--max-states", number::<usize>)?;
    let max_expansions = args.parsed("--max-expansions", number::<usize>)?;
    let timeout = args.parsed("--timeout", seconds)?;
    let detail = if args.flag("--moves") {
        Detail::Moves
    } else {
        Detail::Pushes
    };
    let tsv = args.flag("--tsv");
    let jobs = match args.parsed("--jobs", number::<usize>)? {
        Some(0) => return Err("--jobs must be at least 1".into()),
        Some(n) => n.min(MAX_JOBS),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let max_memory = args.parsed("--max-memory", bytes)?.unwrap_or(DEFAULT_BYTES);
    let pruning = args
        .parsed("--without", Pruning::without)?
        .unwrap_or_default();
    let file = args.positional("FILE (an XSB level or collection)")?;
    args.finish()?;

    let text = read_text(Path::new(&file))?;
    let entries = parse_collection(&text).map_err(|e| format!("{file}: {e}"))?;
    let chosen: Vec<usize> = match which.as_str() {
        "all" => (0..entries.len()).collect(),
        n => {
            let n: usize = number(n)?;
            if n == 0 || n > entries.len() {
                return Err(format!(
                    "--level {n}: the file has levels 1 to {}",
                    entries.len()
                ));
            }
            vec![n - 1]
        }
    };

    let settings = LevelSettings {
        algorithm,
        detail,
        max_states,
        max_expansions,
        timeout,
        max_memory,
        pruning,
        tsv,
    };
    let shown = !tsv && std::io::stdout().is_terminal();
    let bar = if shown && chosen.len() > 1 {
        let bar =
            ProgressBar::with_draw_target(Some(chosen.len() as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:40} {pos}/{len} levels, {elapsed} (about {eta} left)",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut all_solved = true;
    let mut print = |report: LevelReport| {
        all_solved &= report.solved;
        bar.suspend(|| {
            for line in &report.lines {
                say!("{line}");
            }
        });
        bar.inc(1);
    };
    if jobs == 1 || chosen.len() == 1 {
        for &i in &chosen {
            print(solve_level(&entries[i], i + 1, &settings));
        }
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| format!("cannot start {jobs} threads: {e}"))?;
        let (sender, results) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let (chosen, entries, settings) = (&chosen, &entries, &settings);
            scope.spawn(move || {
                pool.install(|| {
                    chosen.par_iter().for_each_with(sender, |sender, &i| {
                        let report = solve_level(&entries[i], i + 1, settings);
                        // The receiver lives until every level is in.
                        let _ = sender.send((i, report));
                    })
                })
            });
            // Levels finish in any order; they are printed in the file's.
            let mut waiting = BTreeMap::new();
            let mut next = 0;
            for (i, report) in results {
                waiting.insert(i, report);
                while let Some(report) = chosen.get(next).and_then(|i| waiting.remove(i)) {
                    print(report);
                    next += 1;
                }
            }
        });
    }
    bar.finish_and_clear();
    Ok(if all_solved {
        Status::Success
    } else {
        Status::Failure
    })
}

/// What solves the levels.
#[derive(Clone, Copy)]
enum Solver {
    /// The portfolio (`--algo auto`, the default).
    Portfolio,
    /// One of the engine's searches.
    One(SokobanAlgorithm),
    /// The feature-space search alone.
    Fess,
}

/// How every level of a batch is solved.
struct LevelSettings {
    algorithm: Solver,
    detail: Detail,
    max_states: Option<usize>,
    /// With the portfolio, its turns are counted in expansions, not timed: the same
    /// answer on any machine.
    max_expansions: Option<usize>,
    timeout: Option<std::time::Duration>,
    max_memory: usize,
    pruning: Pruning,
    tsv: bool,
}

/// One level's lines of output, and whether it was solved.
struct LevelReport {
    lines: Vec<String>,
    solved: bool,
}

/// Solves level `number` (from 1), `entry` of the file, and words the outcome.
fn solve_level(entry: &Entry, number: usize, settings: &LevelSettings) -> LevelReport {
    let LevelSettings {
        algorithm,
        detail,
        max_states,
        max_expansions,
        timeout,
        max_memory,
        pruning,
        tsv,
    } = *settings;
    let mut lines = vec![];
    let level = match &entry.level {
        Ok(level) => level,
        Err(problem) => {
            lines.push(if tsv {
                format!("{number}\tinvalid\t\t\t\t\t")
            } else {
                format!("level {number} ({}): invalid: {problem}", entry.title)
            });
            return LevelReport {
                lines,
                solved: false,
            };
        }
    };
    let mut budget = Budget::UNLIMITED.bytes(max_memory);
    budget.max_states = max_states;
    budget.max_expansions = max_expansions;
    if let Some(limit) = timeout {
        budget = budget.timeout(limit);
    }
    // The moves of a solution the feature-space search found (its macros whole).
    let mut steps = None;
    let (report, portfolio) = match algorithm {
        Solver::One(algorithm) => (
            solve_pruned(level, algorithm, detail, budget, pruning),
            None,
        ),
        Solver::Fess | Solver::Portfolio => {
            let run = match algorithm {
                Solver::Fess => solve_fess(level, budget, pruning),
                _ => solve_portfolio(level, detail, budget, pruning),
            };
            steps = run.steps;
            (run.report, Some((run.found_by, run.proven_optimal)))
        }
    };
    // With the portfolio: which search found the solution, and whether it is proven best.
    let (by_tsv, by_words) = match portfolio {
        Some((Some(by), proven)) => (
            format!(
                "\t{}\t{}",
                by.code(),
                if proven { "optimal" } else { "not-proven" }
            ),
            format!(
                " by {by}, {}",
                if proven {
                    "proven push-optimal"
                } else {
                    "not proven shortest"
                }
            ),
        ),
        Some((None, _)) => ("\t\t".to_string(), String::new()),
        None => (String::new(), String::new()),
    };
    let ms = report.elapsed.as_secs_f64() * 1e3;
    let solved = matches!(report.outcome, SolveOutcome::Solved { .. });
    match &report.outcome {
        SolveOutcome::Solved {
            lurd,
            moves,
            pushes,
        } => {
            if tsv {
                lines.push(format!(
                    "{number}\tsolved\t{moves}\t{pushes}\t{}\t{ms:.0}\t{lurd}{by_tsv}",
                    report.expanded
                ));
            } else {
                lines.push(format!(
                    "level {number} ({}): solved{by_words}, {moves} moves, {pushes} pushes, {} states expanded, {ms:.0} ms",
                    entry.title, report.expanded
                ));
                let p = report.prunes;
                lines.push(format!(
                    "  pruned: {} dead-square pushes, {} freezes, {} hopeless matchings; {} PI-corral cuts; {} dead corrals, {} learned deadlocks",
                    p.dead_squares, p.freezes, p.matchings, p.corrals, p.corral_deadlocks, p.learned_deadlocks
                ));
                if let Some(steps) = &steps {
                    lines.push(format!("  {}", step_counts(steps)));
                }
                lines.push(lurd.clone());
            }
        }
        outcome => {
            let (status, words) = match outcome {
                SolveOutcome::NoSolution => ("no-solution", "no solution".to_string()),
                SolveOutcome::GaveUp(limit) => {
                    let mut words = format!("not solved: {limit}");
                    if let Some(bound) = report.proven_bound {
                        let unit = match detail {
                            Detail::Pushes => "pushes",
                            Detail::Moves => "moves",
                        };
                        words += &format!(" (any solution needs at least {bound} {unit})");
                    }
                    ("unsolved", words)
                }
                SolveOutcome::BadSolution(problem) => (
                    "unsolved",
                    format!("internal error, solution rejected: {problem}"),
                ),
                SolveOutcome::Solved { .. } => unreachable!("handled above"),
            };
            lines.push(if tsv {
                format!(
                    "{number}\t{status}\t\t\t{}\t{ms:.0}\t{by_tsv}",
                    report.expanded
                )
            } else {
                format!(
                    "level {number} ({}): {words}, {} states expanded, {ms:.0} ms",
                    entry.title, report.expanded
                )
            });
        }
    }
    LevelReport { lines, solved }
}

/// The moves of the feature-space search's solution, counted by kind.
fn step_counts(steps: &[SolutionStep]) -> String {
    let count = |kind: StepKind| steps.iter().filter(|s| s.kind == kind).count();
    format!(
        "the feature-space search's moves: {} ({} single pushes, {} tunnel macros, {} goal-room macros, {} packing macros)",
        steps.len(),
        count(StepKind::Push),
        count(StepKind::Tunnel),
        count(StepKind::GoalRoom),
        count(StepKind::Pack)
    )
}
