//! File → Export in the Pathfinding tab (egui_kittest): a PNG of the step shown, a GIF
//! written over frames with a progress bar, and a Cancel that writes nothing.

use crate::gif;
use crate::harness;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::FrontierApp;
use harness::click;

/// The app on the maze preset.
fn app() -> Harness<'static, FrontierApp> {
    let mut harness = harness::app([1400.0, 900.0]);
    harness
        .state_mut()
        .tabs
        .pathfinding
        .open_preset("maze.board");
    harness.run_steps(4);
    harness
}

/// A folder of its own for each call: tests run side by side in one process, and two that
/// exported to the same name would read each other's file.
fn folder(tag: &str) -> std::path::PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "frontier-export-{tag}-{}-{call}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_file_menu_exports_a_png_of_the_step_shown() {
    let mut harness = app();
    for _ in 0..30 {
        click(&mut harness, "Step");
    }
    click(&mut harness, "File");
    click(
        &mut harness,
        "Export the Pathfinding board or run as PNG, SVG or GIF…",
    );
    harness.get_by_label("PNG picture of the step shown");
    click(&mut harness, "Choose a file and export…");
    harness.get_by_label("File name");
    // The dialog's part is tested on its own; here the file is chosen directly.
    let path = folder("png").join("maze");
    harness.state_mut().tabs.pathfinding.export_to(path.clone());
    harness.run_steps(2);
    let written = path.with_extension("png");
    let pixmap = tiny_skia::Pixmap::decode_png(&std::fs::read(&written).unwrap()).unwrap();
    let board = &harness.state().tabs.pathfinding.board();
    assert_eq!(pixmap.width(), board.width() as u32 * 16);
    harness.get_by_label_contains("Exported ");
    std::fs::remove_file(written).ok();
}

#[test]
fn comparing_two_searches_the_export_says_which_one_it_is_of() {
    use frontier::games::sandbox::PathAlgorithm;
    let mut harness = app();
    // Open ground, where the two searches spread differently (in the maze they agree).
    harness
        .state_mut()
        .tabs
        .pathfinding
        .open_preset("open-field.board");
    harness.run_steps(2);
    let (bfs, astar) = (
        PathAlgorithm::parse("bfs").unwrap(),
        PathAlgorithm::parse("astar").unwrap(),
    );
    harness.state_mut().tabs.pathfinding.change_settings(|s| {
        s.algorithm = bfs;
        s.compare_with = Some(astar);
    });
    harness.run_steps(2);
    for _ in 0..30 {
        click(&mut harness, "Step");
    }
    click(&mut harness, "File");
    click(
        &mut harness,
        "Export the Pathfinding board or run as PNG, SVG or GIF…",
    );
    harness.get_by_label_contains("Two searches are compared");
    let dir = folder("compared");
    let mut written = vec![];
    for (side, name) in [("left", "BFS"), ("right", "A*")] {
        click(&mut harness, &format!("the {side} search, {name}"));
        let path = dir.join(side);
        harness.state_mut().tabs.pathfinding.export_to(path.clone());
        harness.run_steps(2);
        written.push(std::fs::read(path.with_extension("png")).unwrap());
        click(&mut harness, "File");
        click(
            &mut harness,
            "Export the Pathfinding board or run as PNG, SVG or GIF…",
        );
    }
    assert!(written[0] != written[1], "each search's own board");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_gif_is_written_over_frames_with_a_progress_bar_and_can_be_cancelled() {
    let mut harness = app();
    click(&mut harness, "File");
    click(
        &mut harness,
        "Export the Pathfinding board or run as PNG, SVG or GIF…",
    );
    click(&mut harness, "GIF of the run, step by step");
    {
        let export = &mut harness.state_mut().tabs.pathfinding.export_mut();
        export.to_step = 200;
        export.cell = 10;
    }
    let path = folder("gif").join("maze.gif");
    harness.state_mut().tabs.pathfinding.export_to(path.clone());
    harness.step();
    harness.get_by_label_contains("Writing frame");
    for _ in 0..600 {
        harness.step();
        if path.exists() {
            break;
        }
    }
    assert!(path.exists(), "written");
    harness.run_steps(2);
    harness.get_by_label_contains("frames, steps 0 to");
    let frames = gif::decode(&std::fs::read(&path).unwrap()).frames;
    assert_eq!(frames.len(), 201);
    std::fs::remove_file(&path).ok();

    // Started again and cancelled: nothing written.
    click(&mut harness, "File");
    click(
        &mut harness,
        "Export the Pathfinding board or run as PNG, SVG or GIF…",
    );
    click(&mut harness, "GIF of the run, step by step");
    harness.state_mut().tabs.pathfinding.export_mut().to_step = 400;
    harness.state_mut().tabs.pathfinding.export_mut().cell = 24;
    harness.state_mut().tabs.pathfinding.export_to(path.clone());
    harness.step();
    click(&mut harness, "Cancel");
    for _ in 0..20 {
        harness.step();
    }
    assert!(!path.exists());
    harness.get_by_label_contains("Export cancelled");
}

/// Exports choice `choice` of the open game tab through File → Export and the file
/// dialog, typing an absolute path; returns the file's bytes once written.
fn export_from_game_tab(
    harness: &mut Harness<'static, FrontierApp>,
    entry: &str,
    choice: &str,
    file: &str,
) -> Vec<u8> {
    click(harness, "File");
    click(harness, entry);
    click(harness, choice);
    click(harness, "Choose a file and export…");
    let path = folder(file).join(file);
    harness.get_by_label("File name").focus();
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("File name")
        .type_text(path.to_str().unwrap());
    harness.run_steps(2);
    click(harness, "Save");
    for _ in 0..300 {
        harness.step();
        if path.exists() {
            break;
        }
    }
    harness.run_steps(2);
    let bytes = std::fs::read(&path).expect("written");
    std::fs::remove_file(&path).ok();
    bytes
}

/// The frames of a GIF, as whole RGBA pictures.
fn gif_frames(bytes: &[u8]) -> Vec<Vec<u8>> {
    gif::decode(bytes).frames
}

#[test]
fn the_snake_and_sokoban_boards_export_as_png_from_the_file_menu() {
    let mut harness = app();
    click(&mut harness, "Snake");
    let bytes = export_from_game_tab(
        &mut harness,
        "Export the Snake game as PNG or GIF…",
        "PNG picture of the board shown",
        "s.png",
    );
    let pixmap = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let game = &harness.state().tabs.snake.game();
    assert_eq!(
        (pixmap.width(), pixmap.height()),
        (game.width() as u32 * 32, game.height() as u32 * 32)
    );
    harness.get_by_label_contains("Exported ");

    click(&mut harness, "Sokoban");
    let bytes = export_from_game_tab(
        &mut harness,
        "Export the Sokoban position or solution as PNG or GIF…",
        "PNG picture of the board shown",
        "k.png",
    );
    let pixmap = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let level = harness.state().tabs.sokoban.level().unwrap();
    assert_eq!(pixmap.width(), level.width() as u32 * 32);
}

#[test]
fn the_snake_game_and_the_sokoban_moves_played_export_as_gifs_a_frame_a_move() {
    use frontier::render::games::CellPicture;
    let mut harness = app();
    click(&mut harness, "Snake");
    // The cycle planner steers, so the game lasts.
    harness.key_press(egui::Key::Num3);
    harness.run_steps(1);
    for _ in 0..12 {
        harness.state_mut().tabs.snake.step();
    }
    let bytes = export_from_game_tab(
        &mut harness,
        "Export the Snake game as PNG or GIF…",
        "GIF of the game so far",
        "s.gif",
    );
    let frames = gif_frames(&bytes);
    let game = harness.state().tabs.snake.game().clone();
    assert_eq!(frames.len(), 13, "the start and twelve moves");
    let last = CellPicture::snake(&game).pixmap(32, false).unwrap();
    assert_eq!(
        frames.last().unwrap(),
        last.data(),
        "the last frame is the game now"
    );
    assert_ne!(frames[0], frames[12]);
    harness.get_by_label_contains("13 frames");

    click(&mut harness, "Sokoban");
    for key in [
        egui::Key::ArrowLeft,
        egui::Key::ArrowRight,
        egui::Key::ArrowUp,
    ] {
        harness.key_press(key);
        harness.run_steps(1);
    }
    let game = harness.state().tabs.sokoban.game().cloned().unwrap();
    assert!(game.moves() > 0, "moves were played");
    let bytes = export_from_game_tab(
        &mut harness,
        "Export the Sokoban position or solution as PNG or GIF…",
        "GIF of the moves played",
        "k.gif",
    );
    let frames = gif_frames(&bytes);
    assert_eq!(frames.len(), game.moves() + 1);
    let last = CellPicture::sokoban(&game).pixmap(32, false).unwrap();
    assert_eq!(frames.last().unwrap(), last.data());
}

#[test]
fn the_link_board_game_and_shown_search_export_from_the_file_menu() {
    use frontier::render::games::CellPicture;
    const ENTRY: &str = "Export the Link board or search as PNG or GIF…";
    let mut harness = app();
    click(&mut harness, "Link");
    let bytes = export_from_game_tab(
        &mut harness,
        ENTRY,
        "PNG picture of the board shown",
        "l.png",
    );
    let pixmap = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let board = harness.state().tabs.link.game().board().clone();
    assert_eq!(
        pixmap.width(),
        (board.width() as u32 + 2) * 32,
        "with the ring"
    );

    // A pair taken, then the search for another shown step by step.
    let link = &mut harness.state_mut().tabs.link;
    let (a, b) = link.game_mut().hint().expect("a pair to take");
    link.game_mut().take_pair(a, b);
    let (c, d) = link.game_mut().hint().expect("another pair");
    // Held, so it stays at five steps while the window is used.
    link.set_search_paused(true);
    link.show_search_for(c, d, false);
    for _ in 0..5 {
        link.step_search();
    }
    let steps = link.shown().unwrap().steps();
    let bytes = export_from_game_tab(&mut harness, ENTRY, "GIF of the game so far", "l.gif");
    let frames = gif_frames(&bytes);
    let game = harness.state().tabs.link.game().clone();
    assert_eq!(frames.len(), game.history().len() + 1);
    let now = CellPicture::link(game.board(), None, None)
        .pixmap(32, false)
        .unwrap();
    assert_eq!(frames.last().unwrap(), now.data());
    assert_ne!(frames[0], now.data(), "the first frame has the pair");

    let bytes = export_from_game_tab(&mut harness, ENTRY, "GIF of the link search shown", "s.gif");
    let frames = gif_frames(&bytes);
    assert_eq!(frames.len(), steps + 1);
    assert!(
        frames.windows(2).any(|w| w[0] != w[1]),
        "the search spreads"
    );
}

#[test]
fn the_sokoban_solution_found_exports_as_a_gif_ending_solved() {
    use frontier::games::sokoban::Game;
    use frontier::render::games::CellPicture;
    use frontier::ui::step_controls::StepAction;
    let mut harness = app();
    click(&mut harness, "Sokoban");
    harness.state_mut().tabs.sokoban.select(0);
    click(&mut harness, "Solve");
    click(&mut harness, "Start solving");
    harness.state_mut().tabs.sokoban.apply(StepAction::RunToEnd);
    for _ in 0..200 {
        harness.step();
        let solved = harness.state().tabs.sokoban.session();
        if solved.is_some_and(|s| s.solution.is_some()) {
            break;
        }
    }
    let session = harness.state().tabs.sokoban.session().unwrap();
    let level = session.level.clone();
    let lurd = session.solution.clone().expect("solved").expect("checked");
    let bytes = export_from_game_tab(
        &mut harness,
        "Export the Sokoban position or solution as PNG or GIF…",
        "GIF of the solution found",
        "solution.gif",
    );
    let frames = gif_frames(&bytes);
    assert_eq!(frames.len(), lurd.len() + 1, "the start and a frame a move");
    let mut game = Game::new(level);
    game.play_lurd(&lurd).unwrap();
    assert!(game.is_won());
    let solved = CellPicture::sokoban(&game).pixmap(32, false).unwrap();
    assert_eq!(
        frames.last().unwrap(),
        solved.data(),
        "ends with every box home"
    );
}

/// The file offered names what is exported, and the file dialog has a title of its own, not
/// the export window's.
#[test]
fn the_file_offered_names_what_is_exported() {
    let mut harness = app();
    for (choice, name) in [
        ("PNG picture of the step shown", "board-step.png"),
        ("GIF of the run, step by step", "board-run.gif"),
    ] {
        click(&mut harness, "File");
        click(
            &mut harness,
            "Export the Pathfinding board or run as PNG, SVG or GIF…",
        );
        click(&mut harness, choice);
        click(&mut harness, "Choose a file and export…");
        harness.get_by_label("Save the export as");
        let field = harness.get_by_label("File name");
        assert_eq!(
            field.accesskit_node().value().as_deref(),
            Some(name),
            "{choice}"
        );
        click(&mut harness, "Cancel");
        harness.run_steps(2);
    }
}

/// The sliding puzzle exports from the File menu: the position shown as PNG and SVG, the
/// game played as a GIF a frame a move, and the solution found as a GIF ending solved.
#[test]
fn the_sliding_puzzle_exports_its_position_game_and_solution() {
    let mut harness = harness::app([1400.0, 900.0]);
    harness.state_mut().tab = frontier::app::TabId::Sliding;
    harness.run_steps(2);
    harness
        .state_mut()
        .tabs
        .sliding
        .play_typed("2 8 3 1 6 4 7 0 5");
    harness.run_steps(2);
    click(&mut harness, "Tile 6");
    let entry = "Export the sliding puzzle as PNG, SVG or GIF, its tables as Markdown…";
    let png = export_from_game_tab(
        &mut harness,
        entry,
        "PNG picture of the position shown",
        "puzzle.png",
    );
    let pixmap = tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (3 * 48, 3 * 48));
    let svg = export_from_game_tab(
        &mut harness,
        entry,
        "SVG picture of the position shown",
        "puzzle.svg",
    );
    let svg = String::from_utf8(svg).unwrap();
    assert_eq!(svg.matches("<text").count(), 8, "{svg}");
    let game = export_from_game_tab(&mut harness, entry, "GIF of the game so far", "game.gif");
    assert_eq!(gif_frames(&game).len(), 2, "the start and the move played");
    // The solution a search found, from the position it solved.
    click(&mut harness, "Watch a search solve it");
    click(&mut harness, "To end");
    for _ in 0..50 {
        harness.step();
    }
    let moves = harness.state().tabs.sliding.sessions()[0]
        .solution()
        .expect("solved");
    let solution = export_from_game_tab(
        &mut harness,
        entry,
        &format!("GIF of the solution found, {} moves", moves.len()),
        "solution.gif",
    );
    let frames = gif_frames(&solution);
    assert_eq!(frames.len(), moves.len() + 1);
    assert_ne!(frames[0], frames[frames.len() - 1]);
}

/// The search tree and the OPEN and CLOSED tables, seen in Watch and exported at the step
/// shown: the tree as SVG and PNG, the tables as Markdown with a row a step.
#[test]
fn the_sliding_puzzles_tree_and_tables_are_seen_and_exported_at_the_step_shown() {
    let mut harness = harness::app([1400.0, 900.0]);
    harness.state_mut().tab = frontier::app::TabId::Sliding;
    harness.run_steps(2);
    harness
        .state_mut()
        .tabs
        .sliding
        .play_typed("2 8 3 1 6 4 7 0 5");
    harness.run_steps(2);
    click(&mut harness, "Watch a search solve it");
    click(&mut harness, "Search tree");
    for _ in 0..2 {
        click(&mut harness, "Step");
    }
    let sliding = &harness.state().tabs.sliding;
    assert_eq!(sliding.middle(), frontier::lessons::SlidingView::Tree);
    let tree = sliding.search_tree().expect("A* draws a tree");
    assert_eq!(tree.recorded(), 2, "recorded as far as the step shown");
    let kept_after_two = tree.nodes_at(2);
    let entry = "Export the sliding puzzle as PNG, SVG or GIF, its tables as Markdown…";
    let svg = export_from_game_tab(
        &mut harness,
        entry,
        "The search tree at this step (SVG)",
        "tree.svg",
    );
    let svg = String::from_utf8(svg).unwrap();
    // Each node a board of 8 numbers, a name and its values; two discs of expansions.
    assert_eq!(svg.matches("<circle").count(), 2, "{svg}");
    for name in 0..kept_after_two {
        assert!(svg.contains(&format!(">S{name}</text>")), "S{name}");
    }
    let png = export_from_game_tab(
        &mut harness,
        entry,
        "The search tree at this step (PNG)",
        "tree.png",
    );
    assert!(tiny_skia::Pixmap::decode_png(&png).is_ok());
    click(&mut harness, "OPEN/CLOSED");
    harness.get_by_label("CLOSED");
    harness.get_by_label("S0, S1");
    // "Step" heads a column of the tables too: the button is the one clicked.
    harness
        .get_by_role_and_label(egui::accesskit::Role::Button, "Step")
        .click();
    harness.run_steps(4);
    let markdown = export_from_game_tab(
        &mut harness,
        entry,
        "The OPEN and CLOSED tables to this step (Markdown)",
        "tables.md",
    );
    let markdown = String::from_utf8(markdown).unwrap();
    let rows: Vec<&str> = markdown.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(
        rows.len(),
        1 + 4,
        "the heading and steps 0 to 3: {markdown}"
    );
    assert!(rows[2].starts_with("| 1 | S0("), "{markdown}");
    // Back a step: the view and the export follow it, the recording stays.
    click(&mut harness, "Back");
    assert_eq!(
        harness
            .state()
            .tabs
            .sliding
            .search_tree()
            .unwrap()
            .recorded(),
        3
    );
    let markdown = export_from_game_tab(
        &mut harness,
        entry,
        "The OPEN and CLOSED tables to this step (Markdown)",
        "tables.md",
    );
    let markdown = String::from_utf8(markdown).unwrap();
    assert_eq!(markdown.lines().filter(|l| l.starts_with("| ")).count(), 4);
}
