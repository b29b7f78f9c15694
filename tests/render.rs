//! Exported pictures decoded and checked against the run they show: the cells drawn in the
//! frontier colour are exactly the search's frontier at that step, in a PNG, in an SVG and
//! in every frame of a GIF, and the GIF has the frames it says.

#[path = "common/gif.rs"]
mod gif;

use std::collections::BTreeSet;
use std::process::Command;
use std::sync::Arc;

use frontier::games::sandbox::{
    Board, CellMark, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm, presets,
};
use frontier::grid::Pos;
use frontier::palette::search::{self, Mark};
use frontier::palette::{Rgba, terrain};
use frontier::render::{GifOptions, Layers, RunFrames, Snapshot, run_gif};
use frontier::search::{Algorithm, Budget, Side};

const CELL: u32 = 8;
/// Marks only: no path line, outline or discs over the cells' centres.
const MARKS_ONLY: Layers = Layers {
    path: false,
    current: false,
    markers: false,
};

fn run_on(board: Board, algorithm: Algorithm) -> GridRun {
    let problem = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
    GridRun::new(problem, PathAlgorithm::Search(algorithm), Budget::UNLIMITED)
}

fn rooms() -> Board {
    presets::board("rooms-with-doors.board").unwrap()
}

/// Every cell of the board.
fn cells(board: &Board) -> impl Iterator<Item = Pos> + '_ {
    (0..board.height() as i32)
        .flat_map(move |y| (0..board.width() as i32).map(move |x| Pos::new(x, y)))
}

/// The search's frontier now.
fn frontier_of(run: &GridRun) -> BTreeSet<Pos> {
    cells(run.problem().board())
        .filter(|&p| run.mark(p) == CellMark::Frontier(Side::Forward))
        .collect()
}

/// The cells whose centre pixel (in an RGBA buffer `width` pixels wide) has the frontier
/// colour of their terrain.
fn frontier_drawn(board: &Board, rgba: &[u8], width: u32) -> BTreeSet<Pos> {
    cells(board)
        .filter(|&p| {
            let (x, y) = (p.x as u32 * CELL + CELL / 2, p.y as u32 * CELL + CELL / 2);
            let i = ((y * width + x) * 4) as usize;
            let pixel = Rgba(rgba[i], rgba[i + 1], rgba[i + 2], 255);
            let t = board.terrain(p).unwrap();
            let base = terrain::named(&t.name, t.cost);
            pixel == search::marked(base, Mark::Frontier)
        })
        .collect()
}

#[test]
fn a_png_shows_exactly_the_frontier_of_its_step() {
    let mut run = run_on(rooms(), Algorithm::AStar);
    for _ in 0..60 {
        run.next();
    }
    let png = Snapshot::of(&run).png(CELL, MARKS_ONLY).unwrap();
    let pixmap = tiny_skia::Pixmap::decode_png(&png).unwrap();
    let board = run.problem().board();
    assert_eq!(pixmap.width(), board.width() as u32 * CELL);
    let expected = frontier_of(&run);
    assert!(expected.len() > 5);
    // Decoded pixels are premultiplied; every board colour is opaque, so they are the same.
    assert_eq!(
        frontier_drawn(board, pixmap.data(), pixmap.width()),
        expected
    );
}

#[test]
fn an_svg_has_a_square_of_frontier_colour_for_each_frontier_cell() {
    let mut board = Board::new(20, 12);
    board.start = Pos::new(2, 2);
    board.goal = Pos::new(17, 9);
    let mut run = run_on(board, Algorithm::Bfs);
    for _ in 0..40 {
        run.next();
    }
    let svg = Snapshot::of(&run).svg(CELL, MARKS_ONLY).unwrap();
    let c = search::marked(terrain::FLOOR, Mark::Frontier);
    let fill = format!("fill=\"#{:02x}{:02x}{:02x}\"", c.0, c.1, c.2);
    let cells: f32 = svg
        .lines()
        .filter(|l| l.starts_with("<rect") && l.contains(&fill))
        .map(|l| {
            let width = l
                .split("width=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            width.parse::<f32>().unwrap() / CELL as f32
        })
        .sum();
    assert_eq!(cells as usize, frontier_of(&run).len());
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

#[test]
fn every_gif_frame_shows_the_frontier_of_its_step() {
    let run = run_on(rooms(), Algorithm::AStar);
    let options = GifOptions {
        from_step: 5,
        to_step: 65,
        fps: 25,
        cell: CELL,
        max_frames: 31,
    };
    let (bytes, steps) =
        run_gif(RunFrames::new(run.clone(), MARKS_ONLY), options, |_| true).unwrap();
    assert_eq!(steps.len(), 31);
    assert_eq!((steps[0], steps[30]), (5, 65));

    let decoded = gif::decode(&bytes);
    let width = decoded.width;
    let board = run.problem().board().clone();
    let mut frames = 0;
    for (frame, delay) in decoded.frames.iter().zip(&decoded.delays) {
        assert_eq!(*delay, 4, "25 frames a second");
        let step = steps[frames];
        let mut at = run.clone();
        for _ in 0..step {
            at.next();
        }
        assert_eq!(
            frontier_drawn(&board, frame, width),
            frontier_of(&at),
            "frame {frames}, step {step}"
        );
        frames += 1;
    }
    assert_eq!(frames, steps.len());

    // Past the run's end, the frames spread over the steps it has.
    let end = run.clone().count();
    let late = GifOptions {
        to_step: end + 500,
        ..options
    };
    let (_, steps) = run_gif(RunFrames::new(run, MARKS_ONLY), late, |_| true).unwrap();
    assert_eq!((steps.len(), *steps.last().unwrap()), (31, end));
}

#[test]
fn a_gif_export_can_be_cancelled_and_bad_options_are_refused() {
    let run = run_on(rooms(), Algorithm::Bfs);
    let options = GifOptions {
        from_step: 0,
        to_step: 100,
        fps: 10,
        cell: CELL,
        max_frames: 50,
    };
    let frames = || RunFrames::new(run.clone(), Layers::default());
    let mut told = 0;
    let cancelled = run_gif(frames(), options, |_| {
        told += 1;
        told < 3
    });
    assert_eq!(cancelled.unwrap_err().to_string(), "export cancelled");
    assert_eq!(told, 3);
    for (bad, why) in [
        (GifOptions { fps: 0, ..options }, "frames a second"),
        (
            GifOptions {
                cell: 500,
                ..options
            },
            "outside 1..=64",
        ),
        (
            GifOptions {
                from_step: 9,
                to_step: 3,
                ..options
            },
            "after the last",
        ),
    ] {
        let error = run_gif(frames(), bad, |_| true).unwrap_err().to_string();
        assert!(error.contains(why), "{error}");
    }
}

#[test]
fn the_command_line_writes_png_svg_and_gif_and_says_what_it_wrote() {
    let dir = std::env::temp_dir().join(format!("frontier-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = format!("{}/presets/boards/maze.board", env!("CARGO_MANIFEST_DIR"));
    let (png, svg, gif) = (dir.join("a.png"), dir.join("a.svg"), dir.join("a.gif"));
    let out = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args([
            "render",
            &board,
            "--algo",
            "bfs",
            "--to-step",
            "50",
            "--cell",
            "6",
        ])
        .args([
            "--png",
            png.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ])
        .args([
            "--gif",
            gif.to_str().unwrap(),
            "--fps",
            "12",
            "--max-frames",
            "20",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("png: ") && text.contains("(step 50)"),
        "{text}"
    );
    assert!(
        text.contains("gif: ") && text.contains("20 frames"),
        "{text}"
    );
    let pixmap = tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    let maze = presets::board("maze.board").unwrap();
    assert_eq!(pixmap.width(), maze.width() as u32 * 6);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let decoded = gif::decode(&std::fs::read(&gif).unwrap());
    assert_eq!(decoded.width as usize, maze.width() * 6);

    let bad = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(["render", &board, "--cell", "0", "--png"])
        .arg(dir.join("b.png"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let error = String::from_utf8_lossy(&bad.stderr);
    assert!(
        error.contains("a cell of 0 px is outside 1..=64"),
        "{error}"
    );
    assert!(!dir.join("b.png").exists());
    std::fs::remove_dir_all(&dir).ok();
}

fn frontier_cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(args)
        .output()
        .unwrap()
}

/// The RGBA frames of a GIF file.
fn gif_frames(path: &std::path::Path) -> (u32, Vec<Vec<u8>>) {
    let decoded = gif::decode(&std::fs::read(path).unwrap());
    (decoded.width, decoded.frames)
}

fn pixel(rgba: &[u8], width: u32, x: u32, y: u32) -> Rgba {
    let i = ((y * width + x) * 4) as usize;
    Rgba(rgba[i], rgba[i + 1], rgba[i + 2], 255)
}

#[test]
fn a_sokoban_solution_becomes_a_gif_a_frame_a_move_ending_with_every_box_home() {
    use frontier::games::sokoban::parse_collection;
    use frontier::palette::sokoban;
    let dir = std::env::temp_dir().join(format!("frontier-render-sk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let levels = format!(
        "{}/presets/sokoban/frontier-tutorial.xsb",
        env!("CARGO_MANIFEST_DIR")
    );
    let gif = dir.join("level6.gif");
    let out = frontier_cli(&[
        "render",
        &levels,
        "--level",
        "6",
        "--algo",
        "astar",
        "--cell",
        "10",
        "--gif",
        gif.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let moves: usize = text
        .split(" in ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the moves are told");
    let (width, frames) = gif_frames(&gif);
    assert_eq!(frames.len(), moves + 1);
    let entries = parse_collection(&std::fs::read_to_string(&levels).unwrap()).unwrap();
    let level = entries[5].level.as_ref().unwrap();
    let goals: Vec<Pos> = (0..level.height() as i32)
        .flat_map(|y| (0..level.width() as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| level.is_goal(p))
        .collect();
    // A box on a goal is drawn over the goal's disc; away from the square's centre its
    // colour shows.
    let box_on_goal = |frame: &Vec<u8>, p: Pos| {
        pixel(frame, width, p.x as u32 * 10 + 2, p.y as u32 * 10 + 2) == sokoban::BOX_ON_GOAL
    };
    assert!(
        goals
            .iter()
            .all(|&g| box_on_goal(frames.last().unwrap(), g))
    );
    assert!(!goals.iter().all(|&g| box_on_goal(&frames[0], g)));

    let bad = frontier_cli(&["render", &levels, "--level", "99", "--gif", "x.gif"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("--level 99: the file has levels 1 to 8")
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_snake_game_becomes_a_gif_a_frame_a_move() {
    use frontier::palette::snake;
    let dir = std::env::temp_dir().join(format!("frontier-render-sn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gif = dir.join("snake.gif");
    let out = frontier_cli(&[
        "render",
        "--snake",
        "--planner",
        "cycle",
        "--size",
        "8",
        "--seed",
        "5",
        "--moves",
        "60",
        "--cell",
        "8",
        "--gif",
        gif.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (width, frames) = gif_frames(&gif);
    assert_eq!(frames.len(), 61);
    assert_eq!(width, 64);
    // Each frame has exactly one head square, and the snake grows as it eats.
    let count = |frame: &Vec<u8>, color: Rgba| {
        (0..8u32)
            .flat_map(|y| (0..8u32).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(frame, width, x * 8 + 1, y * 8 + 1) == color)
            .count()
    };
    assert!(frames.iter().all(|f| count(f, snake::HEAD) == 1));
    let snake_squares =
        |frame: &Vec<u8>| 64 - count(frame, snake::FLOOR) - count(frame, snake::WALL);
    assert_eq!(snake_squares(&frames[0]), 1);
    assert!(snake_squares(&frames[60]) > 1, "the snake grew");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn export_errors_are_told_in_the_language_shown() {
    let snapshot = Snapshot::of(&run_on(rooms(), Algorithm::Bfs));
    let error = snapshot.png(0, Layers::default()).unwrap_err();
    frontier::i18n::set_language(frontier::i18n::Language::Chinese);
    assert!(error.to_string().contains("格子大小 0 像素"), "{error}");
    frontier::i18n::set_language(frontier::i18n::Language::English);
    assert_eq!(error.to_string(), "a cell of 0 px is outside 1..=64");
}

/// A Link search drawn a step at a time: the squares tinted in frame k are exactly the
/// cells the search holds a node for after k steps, the found link is drawn in the last,
/// and every tile carries its letter.
#[test]
fn a_link_search_picture_tints_exactly_the_cells_it_has_reached() {
    use frontier::games::link::finder::LinkField;
    use frontier::games::link::tints::SearchTints;
    use frontier::games::link::{LinkBoard, presets};
    use frontier::palette::link;
    use frontier::render::games::CellPicture;
    use frontier::search::Search;

    const C: u32 = 24;
    let board = LinkBoard::parse(presets::BOARDS[0].1).unwrap();
    let (from, to) = (Pos::new(0, 0), Pos::new(5, 0));
    let mut search = Search::new(
        LinkField::new(&board).problem(from, to),
        Algorithm::Dijkstra,
    );
    let (w, h) = (board.width(), board.height());
    let mut steps = 0;
    loop {
        let tints = SearchTints::of(&search, w, h);
        let pixmap = CellPicture::link(&board, Some(&tints), None)
            .pixmap(C, false)
            .unwrap();
        assert_eq!(pixmap.width(), (w as u32 + 2) * C);
        let mut tinted = BTreeSet::new();
        for y in 0..h as i32 + 2 {
            for x in 0..w as i32 + 2 {
                // A square's corner: never under a tile.
                let px = pixmap.pixel(x as u32 * C, y as u32 * C).unwrap();
                let inside = board.contains(Pos::new(x - 1, y - 1));
                let base = if inside { link::CELL } else { link::RING };
                if (px.red(), px.green(), px.blue()) != (base.0, base.1, base.2) {
                    tinted.insert(Pos::new(x - 1, y - 1));
                }
            }
        }
        let held: BTreeSet<Pos> = search.nodes().map(|n| search.state(n).0).collect();
        assert_eq!(tinted, held, "after {steps} steps");
        if search.next().is_none() || search.ended().is_some() {
            break;
        }
        steps += 1;
    }
    assert!(steps > 3);

    let goal = match search.ended() {
        Some(frontier::search::Event::Found { goal }) => goal,
        other => panic!("no link found: {other:?}"),
    };
    let cells: Vec<Pos> = search.path_to(goal).into_iter().map(|(p, _)| p).collect();
    let picture = CellPicture::link(&board, None, Some(&cells));
    let pixmap = picture.pixmap(C, false).unwrap();
    let red = pixmap
        .pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) == (link::LINK.0, link::LINK.1, link::LINK.2))
        .count();
    assert!(red > 6 * C as usize, "the link is drawn: {red} pixels");
    // Every tile has black ink (its letter) inside its square.
    for p in board.positions().filter(|&p| board.tile(p).is_some()) {
        let (x0, y0) = ((p.x + 1) as u32 * C, (p.y + 1) as u32 * C);
        let ink = (0..C * C)
            .filter(|i| {
                let px = pixmap.pixel(x0 + i % C, y0 + i / C).unwrap();
                (px.red(), px.green(), px.blue()) == (0, 0, 0)
            })
            .count();
        assert!(ink > 4, "tile at {p} has its letter ({ink} pixels)");
    }
}

#[test]
fn start_and_goal_markers_carry_their_letters_when_cells_are_large_enough() {
    let run = run_on(rooms(), Algorithm::AStar);
    let snapshot = Snapshot::of(&run);
    let white_in = |cell: u32, at: Pos| {
        let pixmap = snapshot.pixmap(cell, Layers::default(), false).unwrap();
        let mut ink = vec![];
        for y in 0..cell {
            for x in 0..cell {
                let p = pixmap
                    .pixel(at.x as u32 * cell + x, at.y as u32 * cell + y)
                    .unwrap();
                ink.push((p.red(), p.green(), p.blue()) == (255, 255, 255));
            }
        }
        ink
    };
    let (start, goal) = (snapshot.start, snapshot.goal);
    let s = white_in(24, start);
    let g = white_in(24, goal);
    assert!(s.iter().filter(|&&w| w).count() > 10, "S is written");
    assert!(g.iter().filter(|&&w| w).count() > 10, "G is written");
    assert_ne!(s, g, "two different letters");
    assert!(
        !white_in(8, start).contains(&true),
        "small cells: a disc only"
    );
    let svg = snapshot.svg(24, Layers::default()).unwrap();
    assert!(svg.contains(">S</text>") && svg.contains(">G</text>"));
}
