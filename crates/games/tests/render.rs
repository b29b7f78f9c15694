//! Exported pictures decoded and checked against the run they show: the cells drawn in the
//! frontier colour are exactly the search's frontier at that step, in a PNG, in an SVG and
//! in every frame of a GIF, and the GIF has the frames it says.

use frontier_test_support::gif;

use std::collections::BTreeSet;
use std::sync::Arc;

use frontier_games::games::sandbox::{
    Board, CellMark, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm, presets,
};
use frontier_games::grid::Pos;
use frontier_games::palette::search::{self, Mark};
use frontier_games::palette::{Rgba, terrain};
use frontier_games::render::{GifOptions, Layers, RunFrames, Snapshot, run_gif};
use frontier_games::search::{Algorithm, Budget, Side};

const CELL: u32 = 8;
/// Marks only: no path line, outline or discs over the cells' centres.
const MARKS_ONLY: Layers = Layers {
    path: false,
    current: false,
    markers: false,
};

fn run_on(board: Board, algorithm: Algorithm) -> GridRun {
    let problem = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
    GridRun::new(problem, PathAlgorithm::search(algorithm), Budget::UNLIMITED)
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
fn export_errors_are_told_in_the_language_shown() {
    let snapshot = Snapshot::of(&run_on(rooms(), Algorithm::Bfs));
    let error = snapshot.png(0, Layers::default()).unwrap_err();
    frontier_games::i18n::set_language(frontier_games::i18n::Language::Chinese);
    assert!(error.to_string().contains("格子大小 0 像素"), "{error}");
    frontier_games::i18n::set_language(frontier_games::i18n::Language::English);
    assert_eq!(error.to_string(), "a cell of 0 px is outside 1..=64");
}

/// A Link search drawn a step at a time: the squares tinted in frame k are exactly the
/// cells the search holds a node for after k steps, the found link is drawn in the last,
/// and every tile carries its letter.
#[test]
fn a_link_search_picture_tints_exactly_the_cells_it_has_reached() {
    use frontier_games::games::link::colors as link;
    use frontier_games::games::link::finder::LinkField;
    use frontier_games::games::link::tints::SearchTints;
    use frontier_games::games::link::{LinkBoard, presets};
    use frontier_games::render::games::CellPicture;
    use frontier_games::search::Search;

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
        Some(frontier_games::search::Event::Found { goal }) => goal,
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
