//! `frontier render`: a board's run as a PNG or SVG picture at one step, or as an animated
//! GIF from one step to another, drawn the way the app draws it.

use std::path::Path;
use std::sync::Arc;

use super::Status;
use super::args::{Args, number};
use super::path::{load_board, read_path_options};
use crate::files::write_bytes;
use crate::games::sandbox::{GridProblem, GridRun};
use crate::render::{GifOptions, Layers, Snapshot, run_gif};
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

fn run_render(args: &mut Args) -> Result<Status, String> {
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
            write_bytes(Path::new(out), &snapshot.png(cell, layers)?)?;
            say!("png: {out} (step {to})");
        }
        if let Some(out) = &svg {
            write_bytes(Path::new(out), snapshot.svg(cell, layers)?.as_bytes())?;
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
            layers,
        };
        let (bytes, steps) = run_gif(run, options, |_| true)?;
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
