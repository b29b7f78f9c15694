//! `frontier sokoban`: solve the levels of an XSB file headless.

use std::path::Path;

use super::Status;
use super::args::{Args, number, seconds};
use crate::files::read_text;
use crate::games::sokoban::parse_collection;
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::games::sokoban::solver::{Detail, SolveOutcome, parse_algorithm, solve};
use crate::search::Budget;

/// Memory allowed per level unless told otherwise.
const DEFAULT_BYTES: usize = 2 << 30;

pub fn sokoban(mut args: Args) -> Status {
    match run(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

fn run(args: &mut Args) -> Result<Status, String> {
    let algorithm = args
        .parsed("--algo", parse_algorithm)?
        .unwrap_or(SokobanAlgorithm::AStar);
    let which = args.option("--level")?.unwrap_or_else(|| "all".into());
    let max_states = args.parsed("--max-states", number::<usize>)?;
    let timeout = args.parsed("--timeout", seconds)?;
    let detail = if args.flag("--moves") {
        Detail::Moves
    } else {
        Detail::Pushes
    };
    let tsv = args.flag("--tsv");
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

    let mut all_solved = true;
    for i in chosen {
        let entry = &entries[i];
        let number = i + 1;
        let level = match &entry.level {
            Ok(level) => level,
            Err(problem) => {
                all_solved = false;
                if tsv {
                    say!("{number}\tinvalid\t\t\t\t\t");
                } else {
                    say!("level {number} ({}): invalid: {problem}", entry.title);
                }
                continue;
            }
        };
        let mut budget = Budget::UNLIMITED.bytes(DEFAULT_BYTES);
        budget.max_states = max_states;
        if let Some(limit) = timeout {
            budget = budget.timeout(limit);
        }
        let report = solve(level, algorithm, detail, budget);
        let ms = report.elapsed.as_secs_f64() * 1e3;
        match &report.outcome {
            SolveOutcome::Solved {
                lurd,
                moves,
                pushes,
            } => {
                if tsv {
                    say!(
                        "{number}\tsolved\t{moves}\t{pushes}\t{}\t{ms:.0}\t{lurd}",
                        report.expanded
                    );
                } else {
                    say!(
                        "level {number} ({}): solved, {moves} moves, {pushes} pushes, {} states expanded, {ms:.0} ms",
                        entry.title,
                        report.expanded
                    );
                    let p = report.prunes;
                    say!(
                        "  pruned: {} dead-square pushes, {} freezes, {} hopeless matchings; {} PI-corral cuts",
                        p.dead_squares,
                        p.freezes,
                        p.matchings,
                        p.corrals
                    );
                    say!("{lurd}");
                }
            }
            outcome => {
                all_solved = false;
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
                if tsv {
                    say!("{number}\t{status}\t\t\t{}\t{ms:.0}\t", report.expanded);
                } else {
                    say!(
                        "level {number} ({}): {words}, {} states expanded, {ms:.0} ms",
                        entry.title,
                        report.expanded
                    );
                }
            }
        }
    }
    Ok(if all_solved {
        Status::Success
    } else {
        Status::Failure
    })
}
