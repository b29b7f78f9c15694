//! `frontier link`: the link that opens a board (or a Sokoban level, or a lesson page) in the
//! app, its search and step with it, so links can be made in scripts and checked in tests.

use std::path::Path;

use super::Status;
use super::args::{Args, number};
use super::path::{load_board, read_path_options};
use crate::files::read_text;
use crate::games::sandbox::{Connectivity, PathAlgorithm};
use crate::games::sliding::PuzzleHeuristic;
use crate::games::snake::play::{Autopilot, Planner};
use crate::games::snake::{MAX_SIDE, MIN_SIDE, SnakeGame, Status as GameStatus};
use crate::games::sokoban::parse_collection;
use crate::games::sokoban::solver::parse_algorithm;
use crate::grid::Grid;
use crate::share::{self, MAX_SNAKE_MOVES, View};

pub fn link(mut args: Args) -> Status {
    match run(&mut args) {
        Ok(line) => {
            say!("{line}");
            Status::Success
        }
        Err(message) => Status::BadInput(message),
    }
}

fn run(args: &mut Args) -> Result<String, String> {
    let chosen = args.option("--page")?;
    if let Some(page) = &chosen {
        share::check_page(page).map_err(|e| format!("--page: {e}"))?;
    }
    let page = share::link_page(chosen.as_deref());
    if !page.others_can_open() {
        // On stderr: the link on stdout stays what a script reads.
        eprintln!(
            "frontier: note: this link points at {}, which only this computer can open; \
             give the page your students open with --page URL or FRONTIER_PAGE=URL",
            page.url
        );
    }
    let page = page.url;
    let step = args.parsed("--step", number::<usize>)?.unwrap_or(0);
    let view = if let Some(lesson) = args.option("--lesson")? {
        lesson_view(&lesson, step)?
    } else if let Some(position) = args.option("--puzzle")? {
        puzzle_view(args, &position, step)?
    } else if args.flag("--snake") {
        snake_view(args, step)?
    } else if let Some(level) = args.parsed("--level", number::<usize>)? {
        let search = args.option("--algo")?;
        if let Some(search) = &search {
            parse_algorithm(search).map_err(|e| format!("--algo: {e}"))?;
        }
        let file = args.positional("LEVELS (an XSB file)")?;
        args.finish()?;
        level_view(Path::new(&file), level, search, step)?
    } else {
        let options = read_path_options(args, false)?;
        let compare = args
            .parsed("--compare", PathAlgorithm::parse)?
            .map(|a| a.code());
        // A student's program goes with the board as its search.
        let program = match args.option("--program")? {
            Some(file) => Some(crate::files::read_text(Path::new(&file))?),
            None => None,
        };
        let file = args.positional("BOARD (a board or .map file)")?;
        args.finish()?;
        let search = match program {
            Some(_) => PathAlgorithm::your_code().code(),
            None => options.algorithm.code(),
        };
        View::Board {
            board: load_board(Path::new(&file))?.to_text(),
            search,
            heuristic: options.heuristic.code().to_string(),
            diagonal: options.connectivity == Connectivity::Eight,
            step,
            compare,
            program,
        }
    };
    args.finish()?;
    Ok(share::link(&page, &view))
}

/// A sliding puzzle's position towards `--goal` (the snail unless given), to play, or with
/// `--algo` (and `--heuristic`, `--compare`) to watch solved to `step`. The view is checked
/// as the app will check it, so a link that would not open is never printed.
fn puzzle_view(args: &mut Args, position: &str, step: usize) -> Result<View, String> {
    let goal = args.option("--goal")?.unwrap_or_else(|| "snail".into());
    let search = args.parsed("--algo", PathAlgorithm::parse)?;
    let heuristic = args
        .parsed("--heuristic", PuzzleHeuristic::parse)?
        .unwrap_or(PuzzleHeuristic::LinearConflict);
    let compare = args.parsed("--compare", PathAlgorithm::parse)?;
    // A student's program goes with the position as its search.
    let program = match args.option("--program")? {
        Some(file) => Some(crate::files::read_text(Path::new(&file))?),
        None => None,
    };
    args.finish()?;
    let search = match program {
        Some(_) => Some(PathAlgorithm::your_code()),
        None => search,
    };
    let view = View::Puzzle {
        position: position.to_string(),
        goal,
        search: search.map(|s| s.code()),
        heuristic: heuristic.code().into(),
        compare: compare.map(|c| (c.code(), heuristic.code().into())),
        step,
        program,
    };
    view.clone().check()?;
    Ok(view)
}

/// A Snake game on an open `--size` board (10 unless given) with `--seed`, its `--planner`
/// (the cycle unless given) having made `step` moves (fewer when the game ends sooner).
fn snake_view(args: &mut Args, step: usize) -> Result<View, String> {
    let size: usize = args.parsed("--size", number)?.unwrap_or(10);
    let seed: u64 = args.parsed("--seed", number)?.unwrap_or(1);
    let planner = args
        .parsed("--planner", Planner::parse)?
        .unwrap_or(Planner::Cycle);
    args.finish()?;
    if !(MIN_SIDE..=MAX_SIDE).contains(&size) {
        return Err(format!(
            "--size must be {MIN_SIDE} to {MAX_SIDE}, not {size}"
        ));
    }
    if step > MAX_SNAKE_MOVES {
        return Err(format!(
            "--step must be at most {MAX_SNAKE_MOVES} moves, not {step}"
        ));
    }
    let walls = Grid::new(size, size, false);
    let mut game = SnakeGame::new(size, size, &walls, seed)?;
    let mut autopilot = Autopilot::new(planner, &walls)?;
    let mut moves = String::new();
    while moves.len() < step && game.status() == GameStatus::Playing {
        let dir = autopilot.choose(&game);
        game.step(dir);
        moves.push(dir.letter());
    }
    Ok(View::Snake {
        walls: vec![".".repeat(size); size],
        seed,
        pilot: match planner {
            Planner::Classic => "classic",
            Planner::Cycle => "cycle",
        }
        .into(),
        moves,
    })
}

/// Level `number` (from 1) of an XSB file.
fn level_view(
    file: &Path,
    number: usize,
    search: Option<String>,
    step: usize,
) -> Result<View, String> {
    let text = read_text(file)?;
    let entries = parse_collection(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let entry = number
        .checked_sub(1)
        .and_then(|i| entries.get(i))
        .ok_or_else(|| {
            format!(
                "--level {number}: the file has levels 1 to {}",
                entries.len()
            )
        })?;
    let level = entry
        .level
        .as_ref()
        .map_err(|problem| format!("level {number}: {problem}"))?;
    Ok(View::Level {
        xsb: level.to_xsb(),
        title: entry.title.clone(),
        search,
        step,
    })
}

/// A shipped lesson's page (`--step` is the page, from 0), or a lesson file's, whole.
fn lesson_view(lesson: &str, page: usize) -> Result<View, String> {
    let shipped = crate::lessons::shipped::LESSONS
        .iter()
        .filter_map(|(_, text)| crate::lessons::parse_lesson(text).ok())
        .find(|l| l.id == lesson);
    let (id, text) = match shipped {
        Some(lesson) => (lesson.id, None),
        None => {
            let text = read_text(Path::new(lesson))
                .map_err(|e| format!("--lesson: no shipped lesson is called {lesson}, and {e}"))?;
            let read = crate::lessons::parse_lesson(&text).map_err(|e| format!("{lesson}: {e}"))?;
            (read.id, Some(text))
        }
    };
    Ok(View::Lesson { id, text, page })
}
