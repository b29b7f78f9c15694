//! What one frame of the Pathfinding tab costs, headless: the egui pass plus tessellation,
//! with every overlay on, while a run is in progress (10 expansions per frame, as when
//! playing). Boards of 32 x 32 and 1024 x 1024 (25% random walls), both fitted to the same
//! window; plus the 1024 board zoomed in to the 32 board's cell size. The target is a
//! 1024 x 1024 frame costing at most half a 32 x 32 frame.
//!
//! Then each search the issue names playing at full speed (the play button at "max", the
//! app's 6 ms of stepping a frame) on a 512 x 512 Moving AI map (AR0012SR, Baldur's Gate,
//! its scenario's longest query): the median and slowest frame, the steps a frame, and the
//! steps a second at 60 frames a second (or at the frames' own pace, when slower). The
//! target: every frame under 16 ms, D* Lite at least 20,000 steps a second.
//!
//! Last, a 3000 x 3000 board (20% random walls, the start and goal in opposite corners)
//! with A*: opening it from text, playing, Reset, painting one wall and "To end", each
//! timed as the call that takes the action plus the slowest of the frames that follow
//! (the target: none of them more than a frame's worth of work, 16 ms, or a progress
//! display while it takes longer); then JPS and D* Lite chosen, played for 60 frames and
//! Reset.
//!
//! Run with `cargo bench --bench frame` (`-- fitted`, `-- playing` or `-- huge` for one part).

use std::time::{Duration, Instant};

use egui::{RawInput, Rect, pos2, vec2};
use frontier::app::FrontierApp;
use frontier::games::sandbox::PathAlgorithm;
use frontier::games::sandbox::generate::Generator;
use frontier::games::sandbox::movingai::{parse_map, parse_scenario};
use frontier::grid::Pos;
use frontier::ui::step_controls::SPEEDS;

const FRAMES: usize = 120;
const STEPS_PER_FRAME: usize = 10;

fn input() -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), vec2(1400.0, 900.0))),
        ..RawInput::default()
    }
}

/// The frames a new board takes to find its cheapest cost, and the slowest of them.
#[derive(Default)]
struct Settling {
    frames: usize,
    slowest: Duration,
}

/// Median frame time over FRAMES frames, the shapes drawn, and what settling took.
fn frame_cost(side: usize, zoom: Option<f32>) -> (Duration, usize, Settling) {
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
    // A board of a million cells has its tables made over frames first; until then the
    // sessions are the last board's.
    while app.tabs.pathfinding.preparing().is_some() {
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
    }
    // Mid-run: a good part of the board explored, the frontier wide.
    let cells = side * side;
    for _ in 0..cells / 3 {
        app.tabs.pathfinding.session_mut().step();
    }
    let run = app.tabs.pathfinding.sessions()[0].run();
    assert!(
        run.ended().is_none() && run.frontier_len() > 10,
        "the run must be in progress"
    );
    // A new board sets the search for its note (the cheapest cost) going, a third of each
    // frame's budget until it ends: a cost of the board's change, not of every frame, so
    // it is timed apart.
    let mut settling = Settling::default();
    while settling.frames < 3 || !app.tabs.pathfinding.cheapest_cost_settled() {
        let began = Instant::now();
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
        settling.slowest = settling.slowest.max(began.elapsed());
        settling.frames += 1;
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
            app.tabs.pathfinding.session_mut().step();
        }
        let output = ctx.run_ui(input(), |ui| app.show(ui));
        shapes = output.shapes.len();
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        std::hint::black_box(primitives);
        times.push(began.elapsed());
    }
    times.sort();
    (times[times.len() / 2], shapes, settling)
}

/// The 512 x 512 map with its scenario's longest query as start and goal.
fn large_map() -> frontier::games::sandbox::Board {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/movingai-large");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).expect(name);
    let mut board = parse_map(&read("AR0012SR.map")).expect("the map");
    let queries = parse_scenario(&read("AR0012SR.map.scen")).expect("the scenario");
    let longest = (queries.iter())
        .max_by(|a, b| a.optimal.total_cmp(&b.optimal))
        .expect("a query");
    board.start = longest.start;
    board.goal = longest.goal;
    board
}

/// Draws one frame of the app each call, a 60th of a second after the last, tessellated as
/// for the screen.
fn frame_drawer() -> impl FnMut(&mut FrontierApp) {
    let ctx = egui::Context::default();
    let mut time = 0.0;
    move |app: &mut FrontierApp| {
        time += 1.0 / 60.0;
        let input = RawInput {
            time: Some(time),
            ..input()
        };
        let output = ctx.run_ui(input, |ui| app.show(ui));
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        std::hint::black_box(primitives);
    }
}

/// One search playing at full speed from step 0 for `frames` frames (or to its end).
struct Playing {
    median: Duration,
    slowest: Duration,
    frames: usize,
    steps: usize,
    spent: Duration,
    repair: Option<Repair>,
}

fn playing(board: &frontier::games::sandbox::Board, code: &str, frames: usize) -> Playing {
    let mut frame = frame_drawer();
    let mut app = FrontierApp::from_saved(None);
    app.tabs.pathfinding.replace_board(board.clone());
    let algorithm = PathAlgorithm::parse(code).expect("a search");
    app.tabs.pathfinding.change_settings(|s| {
        s.algorithm = algorithm;
        s.connectivity = frontier::games::sandbox::Connectivity::Eight;
        s.heuristic = frontier::games::sandbox::Heuristic::Octile;
    });
    for _ in 0..3 {
        frame(&mut app);
    }
    let playback = app.tabs.pathfinding.playback_mut();
    playback.speed = SPEEDS.len() - 1;
    playback.playing = true;
    let mut times = vec![];
    while times.len() < frames && !app.tabs.pathfinding.sessions()[0].at_end() {
        let began = Instant::now();
        frame(&mut app);
        times.push(began.elapsed());
    }
    let steps = app.tabs.pathfinding.sessions()[0].position();
    let repair = repair_after_a_wall(&mut app, &mut frame);
    let spent = times.iter().sum();
    let frames = times.len();
    times.sort();
    Playing {
        median: times[frames / 2],
        slowest: times[frames - 1],
        frames,
        steps,
        spent,
        repair,
    }
}

/// For a finished D* Lite plan: a wall painted on its path, as a stroke would, and the
/// frames until the plan is right again; then the wall erased, repaired the same way. Eight
/// cells spread along the path, each painted and erased: the slowest of the sixteen edits.
fn repair_after_a_wall(
    app: &mut FrontierApp,
    frame: &mut impl FnMut(&mut FrontierApp),
) -> Option<Repair> {
    let session = &app.tabs.pathfinding.sessions()[0];
    if !session.algorithm.capabilities().repairs || !session.at_end() {
        return None;
    }
    let path = session.path()?.to_vec();
    let mut worst = Repair::default();
    for k in 1..=8 {
        let cell = path[path.len() * k / 9];
        let floor = app.tabs.pathfinding.board().terrain_index(cell)?;
        let wall = app.tabs.pathfinding.board().wall_terrain()?;
        for terrain in [wall, floor] {
            let mut board = app.tabs.pathfinding.board().clone();
            board.paint(cell, terrain);
            let began = Instant::now();
            app.tabs.pathfinding.paint_board(board);
            let edit = began.elapsed();
            let mut frames = 0;
            let mut slowest = Duration::ZERO;
            while !app.tabs.pathfinding.sessions()[0].at_end() {
                let began = Instant::now();
                frame(app);
                slowest = slowest.max(began.elapsed());
                frames += 1;
                assert!(frames < 10_000, "the repair never ended");
            }
            let session = &app.tabs.pathfinding.sessions()[0];
            let repair = session.repair.as_ref().expect("repaired, not made again");
            let expansions = session.run().expansions() - repair.before;
            println!(
                "    {} at {cell}: taken in {:.2} ms, then {expansions} expansions over {frames} frames (slowest {:.2} ms)",
                if terrain == wall {
                    "wall painted"
                } else {
                    "wall erased "
                },
                edit.as_secs_f64() * 1e3,
                slowest.as_secs_f64() * 1e3,
            );
            worst = Repair {
                edit: worst.edit.max(edit),
                frames: worst.frames.max(frames),
                slowest: worst.slowest.max(slowest),
                expansions: worst.expansions.max(expansions),
            };
        }
    }
    Some(worst)
}

/// What repairing a plan after one painted wall cost in the app.
#[derive(Default)]
struct Repair {
    /// Taking the edit in: the board copied, the plan mended around the cell, redrawn.
    edit: Duration,
    frames: usize,
    slowest: Duration,
    expansions: usize,
}

/// The slowest of `frames` frames (or of the frames until `done`, at most `frames`).
fn slowest_frame(
    app: &mut FrontierApp,
    frame: &mut impl FnMut(&mut FrontierApp),
    frames: usize,
    done: impl Fn(&FrontierApp) -> bool,
) -> (Duration, usize) {
    let mut slowest = Duration::ZERO;
    let mut taken = 0;
    while taken < frames && !done(app) {
        let began = Instant::now();
        frame(app);
        slowest = slowest.max(began.elapsed());
        taken += 1;
    }
    (slowest, taken)
}

fn huge_board() {
    let side = 3000;
    let mut board = Generator::Scatter { density: 0.2 }.generate(side, side, 5);
    let (start, goal) = (Pos::new(1, 1), Pos::new(side as i32 - 2, side as i32 - 2));
    for pos in [start, goal] {
        board.paint(pos, board.floor_terrain());
    }
    board.start = start;
    board.goal = goal;
    let text = board.to_text();
    let mut frame = frame_drawer();
    let mut app = FrontierApp::from_saved(None);
    frame(&mut app);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("a 3000 x 3000 board, A*:");
    let never = |_: &FrontierApp| false;

    let began = Instant::now();
    app.tabs.pathfinding.load_text("huge.board", &text);
    let call = began.elapsed();
    let ready = |app: &FrontierApp| app.tabs.pathfinding.preparing().is_none();
    let (preparing, frames) = slowest_frame(&mut app, &mut frame, 1000, ready);
    let (slowest, _) = slowest_frame(&mut app, &mut frame, 10, never);
    println!(
        "  open:      {:>7.1} ms, {frames} frames of at most {:>6.1} ms getting it ready, then frames of at most {:>6.1} ms",
        ms(call),
        ms(preparing),
        ms(slowest)
    );

    let playback = app.tabs.pathfinding.playback_mut();
    playback.speed = SPEEDS.len() - 1;
    playback.playing = true;
    let (slowest, _) = slowest_frame(&mut app, &mut frame, 20, never);
    let steps = app.tabs.pathfinding.sessions()[0].position();
    println!(
        "  play:      20 frames of at most {:>6.1} ms, {steps} steps",
        ms(slowest)
    );

    let began = Instant::now();
    app.tabs.pathfinding.apply(frontier::ui::StepAction::Reset);
    let call = began.elapsed();
    let (slowest, _) = slowest_frame(&mut app, &mut frame, 10, never);
    println!(
        "  Reset:     {:>7.1} ms, then frames of at most {:>6.1} ms",
        ms(call),
        ms(slowest)
    );

    app.tabs.pathfinding.playback_mut().playing = true;
    let _ = slowest_frame(&mut app, &mut frame, 10, never);
    let mut painted = app.tabs.pathfinding.board().clone();
    let wall = painted.wall_terrain().expect("a wall terrain");
    painted.paint(Pos::new(side as i32 / 2, 3), wall);
    app.tabs.pathfinding.playback_mut().playing = false;
    let began = Instant::now();
    app.tabs.pathfinding.paint_board(painted);
    let call = began.elapsed();
    let caught_up = |app: &FrontierApp| !app.tabs.pathfinding.catching_up();
    let (slowest, frames) = slowest_frame(&mut app, &mut frame, 600, caught_up);
    println!(
        "  paint:     {:>7.1} ms, then {frames} frames of at most {:>6.1} ms to catch up",
        ms(call),
        ms(slowest)
    );

    let began = Instant::now();
    app.tabs
        .pathfinding
        .apply(frontier::ui::StepAction::RunToEnd);
    let call = began.elapsed();
    let at_end = |app: &FrontierApp| app.tabs.pathfinding.sessions()[0].at_end();
    let (slowest, frames) = slowest_frame(&mut app, &mut frame, 5000, at_end);
    let steps = app.tabs.pathfinding.sessions()[0].position();
    println!(
        "  To end:    {:>7.1} ms, then {frames} frames of at most {:>6.1} ms ({steps} steps{})",
        ms(call),
        ms(slowest),
        if at_end(&app) {
            ""
        } else {
            ", not yet at the end"
        }
    );

    // The other searches whose tables are the board's: choosing one, playing, Reset.
    for code in ["jps", "dstar-lite"] {
        let began = Instant::now();
        app.tabs
            .pathfinding
            .change_settings(|s| s.algorithm = PathAlgorithm::parse(code).expect("a search"));
        let call = began.elapsed();
        let (preparing, ready_after) = slowest_frame(&mut app, &mut frame, 1000, ready);
        let playback = app.tabs.pathfinding.playback_mut();
        playback.speed = SPEEDS.len() - 1;
        playback.playing = true;
        let (playing, frames) = slowest_frame(&mut app, &mut frame, 60, at_end);
        let steps = app.tabs.pathfinding.sessions()[0].position();
        let began = Instant::now();
        app.tabs.pathfinding.apply(frontier::ui::StepAction::Reset);
        let reset = began.elapsed();
        let (after_reset, _) = slowest_frame(&mut app, &mut frame, 10, never);
        println!(
            "  {code:<10} chosen in {:>6.1} ms, {ready_after} frames of at most {:>5.1} ms getting ready; {frames} frames of play of at most {:>6.1} ms ({steps} steps); Reset {:>5.1} ms, then frames of at most {:>5.1} ms",
            ms(call),
            ms(preparing),
            ms(playing),
            ms(reset),
            ms(after_reset),
        );
    }
}

fn main() {
    // `cargo bench --bench frame -- huge` (or `fitted`, `playing`) measures one part.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |part: &str| only.is_empty() || only.iter().any(|o| o == part);
    if wanted("fitted") {
        fitted();
    }
    if wanted("playing") {
        playing_on_a_large_map();
    }
    if wanted("huge") {
        huge_board();
    }
}

fn fitted() {
    let (small, small_shapes, small_settling) = frame_cost(32, None);
    let (large, large_shapes, large_settling) = frame_cost(1024, None);
    let cell = {
        // The 32 board's fitted cell size in the same window, roughly.
        700.0 / 32.0
    };
    let (zoomed, zoomed_shapes, _) = frame_cost(1024, Some(cell));
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
    for (side, settling) in [(32, small_settling), (1024, large_settling)] {
        println!(
            "before them, the {side} x {side} board's cheapest cost: {} frames of at most {:.3} ms",
            settling.frames,
            settling.slowest.as_secs_f64() * 1e3
        );
    }
}

fn playing_on_a_large_map() {
    let board = large_map();
    println!(
        "playing at full speed on AR0012SR (512 x 512), {} to {}:",
        board.start, board.goal
    );
    for code in ["astar", "jps", "dstar-lite"] {
        let run = playing(&board, code, 1200);
        // Frames come at most 60 a second; slower frames set their own pace.
        let seconds = run.spent.as_secs_f64().max(run.frames as f64 / 60.0);
        println!(
            "  {code:<11} median {:>6.2} ms, slowest {:>6.2} ms, {:>6.0} steps a frame, {:>8.0} steps a second ({} frames, {} steps)",
            run.median.as_secs_f64() * 1e3,
            run.slowest.as_secs_f64() * 1e3,
            run.steps as f64 / run.frames as f64,
            run.steps as f64 / seconds,
            run.frames,
            run.steps,
        );
        if let Some(repair) = run.repair {
            println!(
                "  {code:<11} one wall painted on its path or erased, the worst of 16: taken in {:.2} ms, then {} expansions over {} frames (slowest {:.2} ms)",
                repair.edit.as_secs_f64() * 1e3,
                repair.expansions,
                repair.frames,
                repair.slowest.as_secs_f64() * 1e3,
            );
        }
    }
}
