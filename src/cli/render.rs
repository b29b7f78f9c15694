//! `frontier render`: a board's run as a PNG or SVG picture at one step, or as an animated
//! GIF from one step to another, drawn the way the app draws it; a Sokoban level's solution
//! (`--level N --algo A`) or a Snake game (`--snake --planner P --seed S --moves N`) as a
//! GIF, a frame a move.

use std::path::Path;
use std::sync::Arc;

use super::Status;
use super::args::{Args, number, seconds};
use super::path::{load_board, read_path_options};
use std::time::Duration;

use crate::files::{read_text, write_bytes};
use crate::games::sandbox::{GridProblem, GridRun};
use crate::games::snake::play::{Autopilot, Planner};
use crate::games::snake::{SnakeGame, Status as SnakeStatus};
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::games::sokoban::solver::{Detail, SolveOutcome, parse_algorithm, solve};
use crate::games::sokoban::{Game, parse_collection};
use crate::games::{snake::picture::snake_replay, sokoban::picture::sokoban_replay};
use crate::grid::Grid;
use crate::render::games::CellPicture;
use crate::render::{FrameSource, GifOptions, Layers, RunFrames, Snapshot, run_gif};
use crate::search::Budget;

pub fn render(mut args: Args) -> Status {
    match run_render(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

/// How many steps the run takes to its end.
fn length(run: &GridRun) -> usize {
    run.clone().count()
}

/// What a picture or GIF of a game is written to, and how.
struct GameOutput {
    png: Option<String>,
    gif: Option<String>,
    cell: u32,
    fps: u32,
    max_frames: usize,
}

impl GameOutput {
    fn read(args: &mut Args) -> Result<GameOutput, String> {
        let output = GameOutput {
            cell: args.parsed("--cell", number::<u32>)?.unwrap_or(24),
            fps: args.parsed("--fps", number::<u32>)?.unwrap_or(10),
            max_frames: args.parsed("--max-frames", number::<usize>)?.unwrap_or(600),
            png: args.option("--png")?,
            gif: args.option("--gif")?,
        };
        if output.png.is_none() && output.gif.is_none() {
            return Err("say what to write: --png FILE or --gif FILE".into());
        }
        Ok(output)
    }

    /// Writes `first` as the PNG and every frame of `frames` as the GIF.
    fn write(&self, first: &CellPicture, frames: impl FrameSource + 'static) -> Result<(), String> {
        if let Some(out) = &self.png {
            let pixmap = first.pixmap(self.cell, true).map_err(|e| e.to_string())?;
            let bytes = pixmap
                .encode_png()
                .map_err(|e| format!("cannot encode the PNG: {e}"))?;
            write_bytes(Path::new(out), &bytes)?;
            say!("png: {out}");
        }
        if let Some(out) = &self.gif {
            let total = frames.frame_count();
            let options = GifOptions::all(self.fps, self.cell, self.max_frames);
            let (bytes, used) = run_gif(frames, options, |_| true).map_err(|e| e.to_string())?;
            write_bytes(Path::new(out), &bytes)?;
            say!(
                "gif: {out} ({} frames of {total}, {} frames/s)",
                used.len(),
                self.fps
            );
        }
        Ok(())
    }
}

/// `frontier render LEVELS --level N`: the level solved by a search, a frame a move.
fn render_sokoban(args: &mut Args, which: usize) -> Result<Status, String> {
    let algorithm = args
        .parsed("--algo", parse_algorithm)?
        .unwrap_or(SokobanAlgorithm::AStar);
    let timeout = args
        .parsed("--timeout", seconds)?
        .unwrap_or(Duration::from_secs(10));
    let output = GameOutput::read(args)?;
    let file = args.positional("LEVELS (an XSB file)")?;
    args.finish()?;
    let text = read_text(Path::new(&file))?;
    let entries = parse_collection(&text).map_err(|e| format!("{file}: {e}"))?;
    if which == 0 || which > entries.len() {
        return Err(format!(
            "--level {which}: the file has levels 1 to {}",
            entries.len()
        ));
    }
    let level = entries[which - 1]
        .level
        .as_ref()
        .map_err(|problem| format!("level {which}: {problem}"))?;
    let budget = Budget::UNLIMITED.bytes(2 << 30).timeout(timeout);
    let report = solve(level, algorithm, Detail::Pushes, budget);
    let SolveOutcome::Solved {
        lurd,
        moves,
        pushes,
    } = report.outcome
    else {
        say!("level {which}: not solved by {algorithm} within the budget");
        return Ok(Status::Failure);
    };
    let frames = sokoban_replay(level, &lurd).map_err(|e| e.to_string())?;
    say!("level {which}: solved by {algorithm} in {moves} moves and {pushes} pushes");
    output.write(&CellPicture::sokoban(&Game::new(level.clone())), frames)?;
    Ok(Status::Success)
}

/// `frontier render --snake`: a game played by a planner, a frame a move.
fn render_snake(args: &mut Args) -> Result<Status, String> {
    let planner = args
        .parsed("--planner", Planner::parse)?
        .unwrap_or(Planner::Cycle);
    let size: usize = args.parsed("--size", number)?.unwrap_or(10);
    let seed: u64 = args.parsed("--seed", number)?.unwrap_or(1);
    let moves: usize = args.parsed("--moves", number)?.unwrap_or(200);
    let output = GameOutput::read(args)?;
    args.finish()?;
    if !(1..=100_000).contains(&moves) {
        return Err(format!("--moves must be 1 to 100000, not {moves}"));
    }
    let walls = Grid::new(size.clamp(1, 64), size.clamp(1, 64), false);
    let mut game = SnakeGame::new(size, size, &walls, seed)?;
    let mut autopilot = Autopilot::new(planner, &walls)?;
    let first = CellPicture::snake(&game);
    while game.moves_made().len() < moves && game.status() == SnakeStatus::Playing {
        let dir = autopilot.choose(&game);
        game.step(dir);
    }
    say!(
        "snake: {} moves, length {}, {:?}",
        game.moves_made().len(),
        game.body().len(),
        game.status()
    );
    output.write(&first, snake_replay(&game))?;
    Ok(Status::Success)
}

fn run_render(args: &mut Args) -> Result<Status, String> {
    if args.flag("--snake") {
        return render_snake(args);
    }
    if let Some(which) = args.parsed("--level", number::<usize>)? {
        return render_sokoban(args, which);
    }
    let options = read_path_options(args, false)?;
    let to_step = args.parsed("--to-step", number::<usize>)?;
    let from_step = args.parsed("--from-step", number::<usize>)?.unwrap_or(0);
    let cell = args.parsed("--cell", number::<u32>)?.unwrap_or(16);
    let fps = args.parsed("--fps", number::<u32>)?.unwrap_or(10);
    let max_frames = args.parsed("--max-frames", number::<usize>)?.unwrap_or(600);
    let png = args.option("--png")?;
    let svg = args.option("--svg")?;
    let gif = args.option("--gif")?;
    let layers = Layers {
        path: !args.flag("--no-path"),
        current: !args.flag("--no-current"),
        markers: !args.flag("--no-markers"),
    };
    let file = args.positional("BOARD (a board or .map file)")?;
    args.finish()?;
    if png.is_none() && svg.is_none() && gif.is_none() {
        return Err("say what to write: --png FILE, --svg FILE or --gif FILE".into());
    }

    let board = load_board(Path::new(&file))?;
    let problem = GridProblem::new(Arc::new(board), options.connectivity, options.heuristic);
    let run = GridRun::new(problem, options.algorithm, Budget::UNLIMITED);
    let end = length(&run);
    let to = to_step.unwrap_or(end).min(end);
    say!("board: {file}");
    say!("steps: {end}");
    if png.is_some() || svg.is_some() {
        let mut at = run.clone();
        for _ in 0..to {
            at.next();
        }
        let snapshot = Snapshot::of(&at);
        if let Some(out) = &png {
            let png = snapshot.png(cell, layers).map_err(|e| e.to_string())?;
            write_bytes(Path::new(out), &png)?;
            say!("png: {out} (step {to})");
        }
        if let Some(out) = &svg {
            let svg = snapshot.svg(cell, layers).map_err(|e| e.to_string())?;
            write_bytes(Path::new(out), svg.as_bytes())?;
            say!("svg: {out} (step {to})");
        }
    }
    if let Some(out) = &gif {
        let options = GifOptions {
            from_step: from_step.min(to),
            to_step: to,
            fps,
            cell,
            max_frames,
        };
        let frames = RunFrames::new(run, layers);
        let (bytes, steps) = run_gif(frames, options, |_| true).map_err(|e| e.to_string())?;
        write_bytes(Path::new(out), &bytes)?;
        say!(
            "gif: {out} ({} frames, steps {}..={}, {fps} frames/s)",
            steps.len(),
            steps.first().unwrap_or(&0),
            steps.last().unwrap_or(&0)
        );
    }
    Ok(Status::Success)
}
