//! `frontier path`, `frontier scen` and `frontier generate`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use super::Status;
use super::args::{Args, number};
use crate::files::read_text;
use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::movingai::parse_scenario;
use crate::games::sandbox::{
    Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm, parse_board_or_map,
};
use crate::grid::Pos;
use crate::search::{Algorithm, Budget, Outcome};

pub(super) fn load_board(path: &Path) -> Result<Board, String> {
    let text = read_text(path)?;
    parse_board_or_map(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn check_endpoint(board: &Board, what: &str, pos: Pos) -> Result<(), String> {
    if !board.contains(pos) {
        return Err(format!(
            "the {what} {pos} is outside the {} x {} board",
            board.width(),
            board.height()
        ));
    }
    if !board.is_passable(pos) {
        return Err(format!("the {what} {pos} is on a wall"));
    }
    Ok(())
}

pub(super) struct PathOptions {
    pub algorithm: PathAlgorithm,
    pub heuristic: Heuristic,
    pub connectivity: Connectivity,
}

pub(super) fn read_path_options(
    args: &mut Args,
    default_diagonal: bool,
) -> Result<PathOptions, String> {
    let algorithm = args
        .parsed("--algo", PathAlgorithm::parse)?
        .unwrap_or(PathAlgorithm::search(Algorithm::AStar));
    let connectivity = if args.flag("--diagonal") || default_diagonal {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let heuristic = args
        .parsed("--heuristic", Heuristic::parse)?
        .unwrap_or(Heuristic::natural(connectivity));
    Ok(PathOptions {
        algorithm,
        heuristic,
        connectivity,
    })
}

pub fn path(mut args: Args) -> Status {
    match run_path(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

fn run_path(args: &mut Args) -> Result<Status, String> {
    let options = read_path_options(args, false)?;
    let from = args.parsed("--from", Pos::parse)?;
    let to = args.parsed("--to", Pos::parse)?;
    let max_expansions = args.parsed("--max-expansions", number::<usize>)?;
    let file = args.positional("BOARD (a board or .map file)")?;
    args.finish()?;

    let board = load_board(Path::new(&file))?;
    let (start, goal) = (from.unwrap_or(board.start), to.unwrap_or(board.goal));
    check_endpoint(&board, "start", start)?;
    check_endpoint(&board, "goal", goal)?;
    let (width, height) = (board.width(), board.height());
    let problem = GridProblem::new(Arc::new(board), options.connectivity, options.heuristic)
        .between(start, goal);
    check_jps(&options, &problem)?;
    let mut budget = Budget::UNLIMITED;
    budget.max_expansions = max_expansions;
    let result = GridRun::headless(problem, options.algorithm, budget).run();

    say!("board: {file} ({width} x {height})");
    let connectivity = match options.connectivity {
        Connectivity::Four => "4-connected",
        Connectivity::Eight => "8-connected",
    };
    if options.algorithm.uses_heuristic() {
        say!(
            "algorithm: {}, {} heuristic, {connectivity}",
            options.algorithm,
            options.heuristic
        );
    } else {
        say!("algorithm: {}, {connectivity}", options.algorithm);
    }
    say!("from {start} to {goal}");
    let status = match &result.outcome {
        Outcome::Found { path, cost } => {
            say!("result: path found");
            say!("cost: {}", round(*cost));
            if options.algorithm.capabilities().any_angle {
                say!("length: {} straight segments", path.len() - 1);
            } else {
                say!("length: {} moves", path.len() - 1);
            }
            Status::Success
        }
        Outcome::NoPath => {
            say!("result: no path");
            Status::Failure
        }
        Outcome::GaveUp(limit) => {
            say!("result: {limit}");
            Status::Failure
        }
    };
    say!("expanded: {}", result.expanded);
    say!("time: {:.3} ms", result.elapsed.as_secs_f64() * 1e3);
    Ok(status)
}

/// Refuses a search that needs one step cost (JPS) on a board of more than one, saying why.
fn check_jps(options: &PathOptions, problem: &GridProblem) -> Result<(), String> {
    if options.algorithm.capabilities().uniform_costs_only && problem.uniform_cost().is_none() {
        return Err(format!(
            "--algo {} needs a board where every passable cell costs the same (it \
             prices a straight run by its length); this board has weighted terrain: use \
             astar",
            options.algorithm.code()
        ));
    }
    Ok(())
}

/// Expansions a query of `frontier scen` may take by default: iterative deepening repeats
/// its work each iteration (IDA* an iteration per distinct f on octile moves).
pub const SCEN_DEEPENING_BUDGET: usize = 2_000_000;

/// Costs printed to 4 decimals, without trailing zeros.
fn round(cost: f64) -> String {
    let text = format!("{cost:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub fn scen(mut args: Args) -> Status {
    match run_scen(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

fn run_scen(args: &mut Args) -> Result<Status, String> {
    let options = read_path_options(args, true)?;
    let max_expansions = args.parsed("--max-expansions", number::<usize>)?;
    let map_override = args.option("--map")?;
    let verbose = args.flag("--verbose");
    let file = args.positional("the .scen file")?;
    args.finish()?;

    let scen_path = PathBuf::from(&file);
    let text = read_text(&scen_path)?;
    let queries = parse_scenario(&text).map_err(|e| format!("{file}: {e}"))?;
    let mut maps: HashMap<String, Arc<Board>> = HashMap::new();
    // One run, restarted for each query on the map of the last one: a best-first search
    // then clears only what the last query touched instead of taking fresh memory.
    let mut reused: Option<(String, GridRun)> = None;
    let began = Instant::now();
    let mut matched = 0;
    let mut expanded = 0;
    for (i, query) in queries.iter().enumerate() {
        let map_path = match &map_override {
            Some(path) => PathBuf::from(path),
            None => {
                let name = Path::new(&query.map)
                    .file_name()
                    .ok_or_else(|| format!("{file}: query {}: no map name", i + 1))?;
                scen_path.with_file_name(name)
            }
        };
        let key = map_path.display().to_string();
        if !maps.contains_key(&key) {
            let board = load_board(&map_path)?;
            maps.insert(key.clone(), Arc::new(board));
        }
        let board = &maps[&key];
        let label = format!("query {}: {} -> {}", i + 1, query.start, query.goal);
        if let Err(problem) = check_endpoint(board, "start", query.start)
            .and_then(|_| check_endpoint(board, "goal", query.goal))
        {
            say!("{label}: {problem}");
            continue;
        }
        let problem = GridProblem::new(board.clone(), options.connectivity, options.heuristic)
            .between(query.start, query.goal);
        check_jps(&options, &problem)?;
        let mut budget = Budget::UNLIMITED;
        budget.max_expansions =
            max_expansions.or(options.algorithm.deepening().map(|_| SCEN_DEEPENING_BUDGET));
        let run = match &mut reused {
            Some((map, run)) if *map == key => {
                run.restart(problem);
                run
            }
            _ => {
                let run = GridRun::headless(problem, options.algorithm, budget);
                &mut reused.insert((key.clone(), run)).1
            }
        };
        let result = run.finish();
        expanded += result.expanded;
        let cost = match result.outcome {
            Outcome::Found { cost, .. } => Some(cost),
            _ => None,
        };
        let ok = cost.is_some_and(|c| query.matches(c));
        if ok {
            matched += 1;
        }
        if !ok || verbose {
            let found = cost.map_or("no path".to_string(), round);
            say!(
                "{label}: expected {}, found {found}{}",
                round(query.optimal),
                if ok { "" } else { "  MISMATCH" }
            );
        }
    }
    let millis = began.elapsed().as_secs_f64() * 1e3;
    let count = queries.len().max(1) as f64;
    say!(
        "{} queries, {expanded} expansions ({:.1} a query), {millis:.1} ms ({:.3} ms a query)",
        queries.len(),
        expanded as f64 / count,
        millis / count
    );
    say!("matched {matched} of {}", queries.len());
    Ok(if matched == queries.len() {
        Status::Success
    } else {
        Status::Failure
    })
}

pub fn generate(mut args: Args) -> Status {
    let mut run = || -> Result<Status, String> {
        let seed = args.parsed("--seed", number::<u64>)?.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0)
        });
        let generator = Generator::parse(&args.positional("the generator")?)?;
        let width: usize = number(&args.positional("WIDTH")?)?;
        let height: usize = number(&args.positional("HEIGHT")?)?;
        args.finish()?;
        crate::games::sandbox::board_check_size(width, height)?;
        say!(
            "{}",
            generator.generate(width, height, seed).to_text().trim_end()
        );
        Ok(Status::Success)
    };
    run().unwrap_or_else(Status::BadInput)
}
