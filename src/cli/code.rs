//! `frontier code`: a student's own search in Python, run headless on a board or a puzzle
//! position, and judged against the search it claims to be.
//!
//! Exit codes: 0 it ran (and passed the check, if asked), 1 the check failed, 2 a program
//! error (syntax, an exception, a limit) or bad input.

use std::fmt::Display;
use std::path::Path;
use std::sync::Arc;

use frontier_script::{Limits, Ran, ScriptState, record};

use super::Status;
use super::args::{Args, number};
use super::path::load_board;
use crate::files::read_text;
use crate::games::sandbox::{Connectivity, GridProblem, Heuristic};
use crate::games::sliding::{Goal, Position, PuzzleHeuristic, SlidingProblem};
use crate::search::judge::{Rule, Verdict, judge};
use crate::search::recorded::Recorded;
use crate::search::{Problem, Run};
use frontier_games::judged::verdict_text;

pub fn code(mut args: Args) -> Status {
    match run(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

fn run(args: &mut Args) -> Result<Status, String> {
    let board = args.option("--board")?;
    let puzzle = args.option("--puzzle")?;
    let goal = args.parsed("--goal", Goal::parse)?;
    let check = args.parsed("--check", Rule::parse)?;
    let heuristic = args.option("--heuristic")?;
    let diagonal = args.flag("--diagonal");
    let mut limits = Limits::default();
    if let Some(n) = args.parsed("--max-expansions", number::<usize>)? {
        limits.expansions = n;
    }
    let file = args.positional("PROGRAM.py")?;
    args.finish()?;
    let source = read_text(Path::new(&file))?;
    match (board, puzzle) {
        (Some(board), None) => {
            let board = load_board(Path::new(&board))?;
            let connectivity = if diagonal {
                Connectivity::Eight
            } else {
                Connectivity::Four
            };
            let heuristic = match heuristic {
                Some(text) => Heuristic::parse(&text)?,
                None => Heuristic::natural(connectivity),
            };
            let problem = GridProblem::new(Arc::new(board), connectivity, heuristic);
            Ok(report(&source, problem, check, limits))
        }
        (None, Some(position)) => {
            let start = Position::parse(&position).map_err(|e| format!("--puzzle: {e}"))?;
            let goal = goal.unwrap_or(Goal::Snail).position(start.side());
            let heuristic = match heuristic {
                Some(text) => PuzzleHeuristic::parse(&text)?,
                None => PuzzleHeuristic::Manhattan,
            };
            let problem = SlidingProblem::new(start, goal, heuristic)?;
            Ok(report(&source, problem, check, limits))
        }
        _ => Err("give one of --board FILE or --puzzle POSITION".to_owned()),
    }
}

/// Runs the program, prints what it did and the verdict.
fn report<P>(source: &str, problem: P, check: Option<Rule>, limits: Limits) -> Status
where
    P: Problem + Clone,
    P::State: ScriptState + Display,
{
    let Ran {
        recording,
        output,
        stopped,
    } = record(source, problem.clone(), limits);
    if !output.is_empty() {
        say!("{}", output.trim_end());
    }
    say!("expansions: {}", recording.steps.len());
    if let Some(stopped) = stopped {
        return Status::BadInput(stopped.to_string());
    }
    let mut replay = Recorded::new(problem.clone(), recording.clone());
    while replay.step().is_some() {}
    match (replay.path(), replay.path_cost()) {
        (Some(path), Some(cost)) => say!("path: {} moves, cost {cost}", path.len() - 1),
        (Some(path), None) => say!("path: {} states, not a path of moves", path.len()),
        _ => say!("path: none"),
    }
    let Some(rule) = check else {
        return Status::Success;
    };
    let verdict = judge(&problem, rule, &recording.trace());
    say!("{}", verdict_text(rule, &verdict));
    match verdict {
        Verdict::Follows { .. } => Status::Success,
        Verdict::Diverged { .. } => Status::Failure,
    }
}
