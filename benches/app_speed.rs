//! The desktop build's side of the web-against-desktop comparison (`tools/web/bench.sh`
//! runs this, then the same work in headless Chromium, and prints the ratios).
//!
//! 1. "To end" of A* on a 256 x 256 board (random walls, the goal walled in), in the app
//!    as it runs: each frame steps for the app's frame budget (6 ms), so the frames it takes
//!    measure the engine's speed inside the app (at 60 frames a second, the seconds it
//!    takes are frames / 60 on either build). Printed: the frames, the steps, and the
//!    milliseconds the frames spent, and the steps per millisecond of the frames' work
//!    (the time in the tab's share of each frame, `FrontierApp::advance_time`).
//! 2. A Sokoban hint (the app's portfolio, `HINT_STATES` and its 10 s) on Microban 144,
//!    which the desktop works out on a thread of its own at full speed.
//!
//! Each figure is also printed as a `key: value` line, and the links that open the same
//! board and level in the browser.
//!
//! Run with `cargo bench --bench app_speed`.

use std::time::{Duration, Instant};

use egui::{RawInput, Rect, pos2, vec2};
use frontier::app::FrontierApp;
use frontier::games::sandbox::generate::Generator;
use frontier::games::sokoban::parse_collection;
use frontier::games::sokoban::solver::{HINT_PACE, HINT_STATES, HintOutcome, HintSearch};
use frontier::grid::Pos;
use frontier::share::{self, View};
use frontier::ui::step_controls::StepAction;

use frontier_test_support as common;

/// The board both builds search: 256 x 256, a quarter of the cells walls at random (seed
/// 7), the start in the middle and the goal in a corner walled in, so that A* goes through
/// every cell it can reach (about 46,000) before it knows there is no path.
fn board() -> frontier::games::sandbox::Board {
    let side = 256;
    let mut board = Generator::Scatter { density: 0.25 }.generate(side, side, 7);
    let middle = Pos::new(side as i32 / 2, side as i32 / 2);
    board.paint(middle, board.floor_terrain());
    board.start = middle;
    let corner = Pos::new(1, 1);
    board.paint(corner, board.floor_terrain());
    board.goal = corner;
    let wall = board.wall_terrain().expect("a wall terrain");
    for (dx, dy) in [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ] {
        board.paint(corner.offset(dx, dy), wall);
    }
    board
}

fn main() {
    let board = board();
    let view = View::Board {
        board: board.to_text(),
        search: "astar".into(),
        heuristic: "manhattan".into(),
        diagonal: false,
        step: 0,
        compare: None,
        program: None,
    };
    println!("board link: {}", share::fragment(&view));

    let ctx = egui::Context::default();
    let input = || RawInput {
        screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), vec2(1280.0, 800.0))),
        ..RawInput::default()
    };
    let mut app = FrontierApp::from_saved(None);
    app.open_link(&share::link("https://example.org/", &view))
        .expect("the board's link opens");
    for _ in 0..3 {
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
    }
    app.tabs.pathfinding.apply(StepAction::RunToEnd);
    let stepping_before = app.advance_time;
    let (mut frames, mut spent) = (0usize, Duration::ZERO);
    while !app.tabs.pathfinding.session().at_end() {
        let began = Instant::now();
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
        spent += began.elapsed();
        frames += 1;
        assert!(frames < 100_000, "To end never ended");
    }
    let steps = app.tabs.pathfinding.session().position();
    println!(
        "A* To end, 256 x 256: {frames} frames, {steps} steps, {:.0} ms in frames",
        spent.as_secs_f64() * 1e3
    );
    println!("desktop_to_end_frames: {frames}");
    println!("desktop_to_end_steps: {steps}");
    let stepping = app.advance_time - stepping_before;
    println!(
        "desktop_steps_per_ms: {:.0}",
        steps as f64 / (stepping.as_secs_f64() * 1e3)
    );

    let text = std::fs::read_to_string(common::test_data().join("sokoban/microban-1.xsb"))
        .expect("the Microban file");
    let level = parse_collection(&text).expect("Microban")[143]
        .level
        .clone()
        .expect("a valid level");
    let level_view = View::Level {
        xsb: level.to_xsb(),
        title: "Microban 144".into(),
        search: None,
        step: 0,
    };
    println!("level link: {}", share::fragment(&level_view));
    let began = Instant::now();
    let mut search = HintSearch::new(level, HINT_STATES, HINT_PACE);
    while search.advance(Instant::now() + Duration::from_millis(20)) {}
    let ms = began.elapsed().as_secs_f64() * 1e3;
    let answer = match search.outcome() {
        Some(HintOutcome::Push(hint)) => {
            format!("{} pushes by {}", hint.pushes_left, hint.found_by.code())
        }
        other => format!("{other:?}"),
    };
    println!(
        "hint on Microban 144: {answer} in {ms:.0} ms ({} expansions)",
        search.expanded()
    );
    println!("desktop_hint_ms: {ms:.0}");
}
