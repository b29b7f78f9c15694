//! What one frame of the Pathfinding tab costs, headless: the egui pass plus tessellation,
//! with every overlay on, while a run is in progress (10 expansions per frame, as when
//! playing). Boards of 32 x 32 and 1024 x 1024 (25% random walls), both fitted to the same
//! window; plus the 1024 board zoomed in to the 32 board's cell size. The target is a
//! 1024 x 1024 frame costing at most twice a 32 x 32 frame.
//!
//! Run with `cargo bench --bench frame`.

use std::time::{Duration, Instant};

use egui::{RawInput, Rect, pos2, vec2};
use frontier::app::FrontierApp;
use frontier::games::sandbox::generate::Generator;
use frontier::grid::Pos;

const FRAMES: usize = 120;
const STEPS_PER_FRAME: usize = 10;

fn input() -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), vec2(1400.0, 900.0))),
        ..RawInput::default()
    }
}

/// Median frame time over FRAMES frames.
fn frame_cost(side: usize, zoom: Option<f32>) -> (Duration, usize) {
    let ctx = egui::Context::default();
    let mut app = FrontierApp::from_saved(None);
    let mut board = Generator::Scatter { density: 0.25 }.generate(side, side, 11);
    // Start in the middle, in a small clearing, so the search spreads across the board.
    let middle = Pos::new(side as i32 / 2, side as i32 / 2);
    for dy in -1..=1 {
        for dx in -1..=1 {
            board.paint(middle.offset(dx, dy), board.floor_terrain());
        }
    }
    board.start = middle;
    app.tabs.pathfinding.replace_board(board);
    app.tabs.pathfinding.change_settings(|s| {
        s.algorithm =
            frontier::games::sandbox::PathAlgorithm::search(frontier::search::Algorithm::Dijkstra)
    });
    // Mid-run: a good part of the board explored, the frontier wide.
    let overlays = app.tabs.pathfinding.settings().overlays;
    let cells = side * side;
    for _ in 0..cells / 3 {
        app.tabs.pathfinding.session_mut().step(overlays);
    }
    let run = app.tabs.pathfinding.sessions()[0].run();
    assert!(
        run.ended().is_none() && run.frontier_len() > 10,
        "the run must be in progress"
    );
    for _ in 0..3 {
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
    }
    if let Some(cell) = zoom {
        let center = app
            .tabs
            .pathfinding
            .session_mut()
            .run()
            .last_expanded()
            .map_or(Pos::new(side as i32 / 2, side as i32 / 2), |(_, p)| p);
        app.tabs
            .pathfinding
            .session_mut()
            .view
            .zoom_to(cell, center, vec2(700.0, 800.0));
    }
    let mut times = vec![];
    let mut shapes = 0;
    for _ in 0..FRAMES {
        let began = Instant::now();
        for _ in 0..STEPS_PER_FRAME {
            app.tabs.pathfinding.session_mut().step(overlays);
        }
        let output = ctx.run_ui(input(), |ui| app.show(ui));
        shapes = output.shapes.len();
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        std::hint::black_box(primitives);
        times.push(began.elapsed());
    }
    times.sort();
    (times[times.len() / 2], shapes)
}

fn main() {
    let (small, small_shapes) = frame_cost(32, None);
    let (large, large_shapes) = frame_cost(1024, None);
    let cell = {
        // The 32 board's fitted cell size in the same window, roughly.
        700.0 / 32.0
    };
    let (zoomed, zoomed_shapes) = frame_cost(1024, Some(cell));
    println!(
        "median frame (egui pass + tessellation + {STEPS_PER_FRAME} steps), {FRAMES} frames, all overlays on:"
    );
    println!(
        "  32 x 32, fitted:           {:>8.3} ms ({small_shapes} shapes)",
        small.as_secs_f64() * 1e3
    );
    println!(
        "  1024 x 1024, fitted:       {:>8.3} ms ({large_shapes} shapes)",
        large.as_secs_f64() * 1e3
    );
    println!(
        "  1024 x 1024, zoomed in:    {:>8.3} ms ({zoomed_shapes} shapes)",
        zoomed.as_secs_f64() * 1e3
    );
    println!(
        "ratio 1024 fitted / 32:  {:.2}x",
        large.as_secs_f64() / small.as_secs_f64()
    );
    println!(
        "ratio 1024 zoomed / 32:  {:.2}x",
        zoomed.as_secs_f64() / small.as_secs_f64()
    );
}
