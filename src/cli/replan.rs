//! `frontier replan BOARD --edits N --seed S`: D* Lite repairing its plan after random wall
//! edits near the path, against A* from scratch and a fresh Dijkstra after each edit.

use std::path::Path;
use std::sync::Arc;

use super::Status;
use super::args::{Args, number};
use super::path::{load_board, read_path_options};
use crate::games::sandbox::GridProblem;
use crate::games::sandbox::dstar_lite::{RobotWalk, WalkEnd, replan_trial};

pub fn replan(mut args: Args) -> Status {
    match run_replan(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

fn run_replan(args: &mut Args) -> Result<Status, String> {
    let options = read_path_options(args, false)?;
    if args.flag("--robot") {
        return robot(args, options);
    }
    let edits: usize = args.parsed("--edits", number)?.unwrap_or(50);
    let seed: u64 = args.parsed("--seed", number)?.unwrap_or(1);
    let file = args.positional("BOARD (a board or .map file)")?;
    args.finish()?;
    if !(1..=100_000).contains(&edits) {
        return Err(format!("--edits must be 1 to 100000, not {edits}"));
    }
    let board = load_board(Path::new(&file))?;
    let problem = GridProblem::new(Arc::new(board), options.connectivity, options.heuristic);
    let report = replan_trial(problem, edits, seed);
    say!("board: {file}");
    say!("edits: {}", report.edits);
    say!("repair_expansions: {}", report.repair_expansions);
    say!("scratch_expansions: {}", report.scratch_expansions);
    let ratio = report.repair_expansions as f64 / report.scratch_expansions.max(1) as f64;
    say!("ratio: {ratio:.3}");
    say!("costs_equal: {}", report.costs_equal);
    Ok(if report.costs_equal {
        Status::Success
    } else {
        Status::Failure
    })
}

/// `frontier replan BOARD --robot [--radius R]`: a robot that sees walls only within R cells
/// walks to the goal, D* Lite repairing its plan at each discovery.
fn robot(args: &mut Args, options: super::path::PathOptions) -> Result<Status, String> {
    let radius: u32 = args.parsed("--radius", number)?.unwrap_or(2);
    let file = args.positional("BOARD (a board or .map file)")?;
    args.finish()?;
    if !(1..=100).contains(&radius) {
        return Err(format!("--radius must be 1 to 100, not {radius}"));
    }
    let board = load_board(Path::new(&file))?;
    let problem = GridProblem::new(Arc::new(board), options.connectivity, options.heuristic);
    let mut walk = RobotWalk::new(problem.clone(), radius);
    let end = walk.walk();
    say!("board: {file}");
    say!("radius: {radius}");
    say!("moves: {}", walk.trail.len() - 1);
    say!("discovered: {}", walk.discovered);
    say!("first_plan_expansions: {}", walk.first_plan_expansions());
    say!("repair_expansions: {}", walk.repair_expansions);
    Ok(match end {
        WalkEnd::Arrived => {
            let cost = problem.check_path(&walk.trail)?;
            say!("result: arrived, cost {}", (cost * 1e4).round() / 1e4);
            Status::Success
        }
        WalkEnd::NoWay => {
            say!("result: no way to the goal");
            Status::Failure
        }
    })
}
