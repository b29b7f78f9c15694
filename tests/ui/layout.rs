//! The board keeps its room in any window (egui_kittest): every tab, and Sokoban's Solve
//! mode and the Pathfinding comparison, drawn at 640 x 420, 1024 x 768 and 1920 x 1080; the
//! board's size is measured, no side panel overlaps it, panels do not grow past their design
//! width on a wide screen, and nothing is cut off at the side; on a phone held upright the
//! panels are sheets under the board, which keeps the width. The side panels collapse with
//! their button and with `[` / `]`.

use crate::harness;
use crate::screen;

use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::ui::side_panels;
use harness::{app, click};
use screen::clipped_texts;

/// Desktop windows, and a phone held upright and on its side.
const SIZES: [[f32; 2]; 5] = [
    [640.0, 420.0],
    [1024.0, 768.0],
    [1920.0, 1080.0],
    [390.0, 844.0],
    [844.0, 390.0],
];

/// The side panels each view may show, with the width their content was designed for.
const PANELS: [(&str, f32); 7] = [
    ("pathfinding-controls", 300.0),
    ("pathfinding-teaching", 360.0),
    ("sokoban-controls", 300.0),
    ("sokoban-solver", 340.0),
    ("snake-controls", 300.0),
    ("snake-plan", 320.0),
    ("link-controls", 290.0),
];

/// The boards drawn in the last frame (two when runs are compared side by side).
fn boards(harness: &Harness<'_, FrontierApp>) -> Vec<Rect> {
    harness
        .get_all_by_role_and_label(egui::accesskit::Role::Canvas, "Board")
        .map(|node| node.rect())
        .collect()
}

/// The side panels drawn in the last frame, open or as strips.
fn panels(harness: &Harness<'_, FrontierApp>) -> Vec<(&'static str, Rect)> {
    PANELS
        .iter()
        .filter_map(|(id, _)| side_panels::last_rect(&harness.ctx, id).map(|rect| (*id, rect)))
        .collect()
}

/// Everything wrong with the layout of the view on screen now.
fn layout_problems(
    harness: &mut Harness<'_, FrontierApp>,
    view: &str,
    size: [f32; 2],
) -> Vec<String> {
    harness.run_steps(6);
    let mut problems = vec![];
    let window_area = size[0] * size[1];
    let boards = boards(harness);
    if boards.is_empty() {
        problems.push(format!("{view} at {size:?}: no board"));
    }
    let board_area: f32 = boards.iter().map(|b| b.area()).sum();
    // The bar for a small window is half its area; larger windows give the panels
    // their room too, and the board keeps at least 40%.
    let share = if size[0] < 800.0 || size[1] < 500.0 {
        0.5
    } else {
        0.4
    };
    if board_area < window_area * share {
        problems.push(format!(
            "{view} at {size:?}: the board takes {:.0}% of the window ({boards:?})",
            100.0 * board_area / window_area
        ));
    }
    let drawn = panels(harness);
    let sheets = size[0] < side_panels::SHEETS_NARROWER_THAN
        && size[1] >= size[0] * side_panels::SHEETS_TALLER_BY;
    for board in &boards {
        if board.right() > size[0] + 0.5 || board.bottom() > size[1] + 0.5 {
            problems.push(format!(
                "{view} at {size:?}: the board {board:?} runs off the window"
            ));
        }
    }
    for (id, panel) in &drawn {
        for board in &boards {
            let overlap = panel.intersect(*board);
            if overlap.width() > 0.5 && overlap.height() > 0.5 {
                problems.push(format!(
                    "{view} at {size:?}: {id} {panel:?} overlaps the board {board:?}"
                ));
            }
        }
        let designed = PANELS.iter().find(|(p, _)| p == id).unwrap().1;
        if !sheets && panel.width() > designed + 1.0 {
            problems.push(format!(
                "{view} at {size:?}: {id} is {:.0} wide, designed for {designed}",
                panel.width()
            ));
        }
    }
    if sheets {
        // A phone upright: the panels are sheets under the board, named by buttons below.
        if harness.query_by_label("Controls").is_none() {
            problems.push(format!(
                "{view} at {size:?}: no button opens the controls' sheet"
            ));
        }
        // (Two boards compared share it side by side.)
        let across = boards.iter().fold(Rect::NOTHING, |all, b| all.union(*b));
        if across.width() < size[0] * 0.9 {
            problems.push(format!(
                "{view} at {size:?}: the boards {boards:?} do not have the width"
            ));
        }
    } else if drawn.is_empty() {
        problems.push(format!("{view} at {size:?}: no side panel drawn"));
    }
    for text in clipped_texts(harness, size[0]) {
        problems.push(format!("{view} at {size:?}: cut off: {text}"));
    }
    problems
}

#[test]
fn every_view_keeps_its_board_at_every_window_size() {
    let mut problems = vec![];
    for size in SIZES {
        let mut harness = app(size);
        problems.extend(layout_problems(&mut harness, "Pathfinding", size));
        click(&mut harness, "Step");
        // In a small window the controls panel is collapsed: open it for the checkbox.
        let collapsed = harness.query_by_label("Compare side by side").is_none();
        if collapsed {
            harness.key_press(egui::Key::OpenBracket);
            harness.run_steps(4);
        }
        click(&mut harness, "Compare side by side");
        if collapsed {
            harness.key_press(egui::Key::OpenBracket);
            harness.run_steps(4);
        }
        problems.extend(layout_problems(&mut harness, "Pathfinding compared", size));
        click(&mut harness, "Sokoban");
        problems.extend(layout_problems(&mut harness, "Sokoban play", size));
        click(&mut harness, "Solve");
        problems.extend(layout_problems(&mut harness, "Sokoban solve", size));
        click(&mut harness, "Edit level");
        problems.extend(layout_problems(&mut harness, "Sokoban edit", size));
        click(&mut harness, "Snake");
        problems.extend(layout_problems(&mut harness, "Snake", size));
        click(&mut harness, "Link");
        problems.extend(layout_problems(&mut harness, "Link", size));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn on_a_wide_screen_both_panels_are_open_and_at_their_design_width() {
    let mut harness = app([1920.0, 1080.0]);
    harness.run_steps(4);
    let left = side_panels::last_rect(&harness.ctx, "pathfinding-controls").unwrap();
    let right = side_panels::last_rect(&harness.ctx, "pathfinding-teaching").unwrap();
    assert!((left.width() - 300.0).abs() <= 2.0, "{left:?}");
    assert!((right.width() - 360.0).abs() <= 2.0, "{right:?}");
}

#[test]
fn a_narrow_window_collapses_the_right_panel_first_and_a_small_one_both() {
    let mut harness = app([800.0, 600.0]);
    let left = side_panels::last_rect(&harness.ctx, "pathfinding-controls").unwrap();
    let right = side_panels::last_rect(&harness.ctx, "pathfinding-teaching").unwrap();
    assert!(right.width() <= side_panels::STRIP_WIDTH + 1.0, "{right:?}");
    assert!(left.width() >= side_panels::MIN_WIDTH - 1.0, "{left:?}");
    // Opened by hand, it opens (and the left one gives way rather than the board).
    click(&mut harness, "Show the right panel (])");
    harness.run_steps(4);
    let right = side_panels::last_rect(&harness.ctx, "pathfinding-teaching").unwrap();
    assert!(right.width() > side_panels::MIN_WIDTH - 1.0, "{right:?}");

    let mut harness = app([640.0, 420.0]);
    for id in ["pathfinding-controls", "pathfinding-teaching"] {
        let strip = side_panels::last_rect(&harness.ctx, id).unwrap();
        assert!(
            strip.width() <= side_panels::STRIP_WIDTH + 1.0,
            "{id}: {strip:?}"
        );
    }
    // The compact bar above the board stands in for the controls, and works.
    harness.get_by_label("Algorithm");
    click(&mut harness, "Step");
    click(&mut harness, "Step");
    assert_eq!(harness.state().tabs.pathfinding.session().position(), 2);
    harness.get_by_label_contains("neighbours");
}

#[test]
fn the_collapse_buttons_and_the_bracket_keys_close_and_open_the_panels() {
    let mut harness = app([1400.0, 900.0]);
    let width =
        |h: &Harness<'_, FrontierApp>, id| side_panels::last_rect(&h.ctx, id).unwrap().width();
    let board_before = boards(&harness)[0];
    click(&mut harness, "Hide this panel ([)");
    harness.run_steps(4);
    assert!(width(&harness, "pathfinding-controls") <= side_panels::STRIP_WIDTH + 1.0);
    // The board got the room.
    assert!(boards(&harness)[0].width() > board_before.width() + 100.0);
    click(&mut harness, "Show the left panel ([)");
    assert!(width(&harness, "pathfinding-controls") >= 290.0);

    harness.key_press(egui::Key::CloseBracket);
    harness.run_steps(4);
    assert!(width(&harness, "pathfinding-teaching") <= side_panels::STRIP_WIDTH + 1.0);
    harness.key_press(egui::Key::CloseBracket);
    harness.run_steps(4);
    assert!(width(&harness, "pathfinding-teaching") >= 350.0);
    harness.key_press(egui::Key::OpenBracket);
    harness.run_steps(4);
    assert!(width(&harness, "pathfinding-controls") <= side_panels::STRIP_WIDTH + 1.0);
    // The other tabs answer the same keys.
    click(&mut harness, "Link");
    harness.key_press(egui::Key::OpenBracket);
    harness.run_steps(4);
    assert!(width(&harness, "link-controls") <= side_panels::STRIP_WIDTH + 1.0);
}

/// In a small window there is room for one side panel beside the board: opening the other
/// closes the first, instead of squeezing both until one is drawn under the board.
#[test]
fn opening_a_second_panel_in_a_small_window_closes_the_first() {
    let size = [640.0, 420.0];
    let mut harness = app(size);
    click(&mut harness, "Sokoban");
    click(&mut harness, "Solve");
    let width =
        |h: &Harness<'_, FrontierApp>, id| side_panels::last_rect(&h.ctx, id).unwrap().width();
    harness.key_press(egui::Key::OpenBracket);
    harness.run_steps(4);
    assert!(width(&harness, "sokoban-controls") >= side_panels::MIN_WIDTH - 1.0);
    harness.key_press(egui::Key::CloseBracket);
    harness.run_steps(4);
    assert!(width(&harness, "sokoban-solver") >= side_panels::MIN_WIDTH - 1.0);
    assert!(width(&harness, "sokoban-controls") <= side_panels::STRIP_WIDTH + 1.0);
    // Nothing under the board and nothing cut off; the board is smaller than when the window
    // chooses (the user asked for the panel), so its share is not checked here.
    let problems: Vec<String> = layout_problems(&mut harness, "Sokoban solve", size)
        .into_iter()
        .filter(|problem| !problem.contains("of the window"))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
    // And back: the left one opened again closes the right one.
    harness.key_press(egui::Key::OpenBracket);
    harness.run_steps(4);
    assert!(width(&harness, "sokoban-controls") >= side_panels::MIN_WIDTH - 1.0);
    assert!(width(&harness, "sokoban-solver") <= side_panels::STRIP_WIDTH + 1.0);
    // The panel's own button does what the key does.
    click(&mut harness, "Show the right panel (])");
    harness.run_steps(4);
    assert!(width(&harness, "sokoban-solver") >= side_panels::MIN_WIDTH - 1.0);
    assert!(width(&harness, "sokoban-controls") <= side_panels::STRIP_WIDTH + 1.0);
}

/// The portfolio's table of searches (three once greedy pulling joins A* and greedy) fits
/// the Solve panel: it neither widens the panel past its design nor has text cut off.
#[test]
fn the_portfolio_table_fits_the_solve_panel() {
    use frontier::i18n::Language;
    for (language, size) in [
        (Language::English, [1024.0, 768.0]),
        (Language::English, [640.0, 420.0]),
        (Language::Chinese, [1024.0, 768.0]),
    ] {
        for max_states in [2_000_000, 30_000] {
            portfolio_table_fits(language, size, max_states);
        }
    }
}

/// With `max_states` small, every search gives up at once and says so in the table.
fn portfolio_table_fits(language: frontier::i18n::Language, size: [f32; 2], max_states: usize) {
    use frontier::i18n::Language;
    use frontier::tr;
    let mut harness = harness::app_in(language, size);
    click(&mut harness, &tr!("tab-sokoban"));
    harness.state_mut().tabs.sokoban.set_max_states(max_states);
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sokoban/microban-1.xsb"),
    )
    .unwrap();
    let sokoban = &mut harness.state_mut().tabs.sokoban;
    sokoban.load_collection("microban-1.xsb", &text);
    sokoban.select(143); // A* cannot settle it alone: the greedy searches join
    // Paced by expansions: the table is the same however fast the machine is.
    sokoban
        .set_portfolio_pace(frontier::games::sokoban::solver::portfolio::Pace::Expansions(150_000));
    let small = size[0] < 800.0;
    if small {
        // A small window shows the board first: open the controls, then the table's panel.
        harness.key_press(egui::Key::OpenBracket);
        harness.run_steps(4);
    }
    click(&mut harness, &tr!("sk-mode-solve"));
    // The button may be below the fold of a small window's panel.
    harness.get_by_label(&tr!("solve-portfolio")).scroll_to_me();
    harness.run_steps(4);
    click(&mut harness, &tr!("solve-portfolio"));
    if small {
        harness.key_press(egui::Key::CloseBracket);
    }
    // Until every search has joined (and, with few states, given up), or it is over.
    let searches_shown = |harness: &Harness<'static, FrontierApp>| {
        let joined = harness
            .query_all_by_label(&tr!("auto-novel-pulling-short"))
            .count();
        let gave_up = harness.query_all_by_label(&tr!("auto-gave-up")).count();
        let over = (harness.state().tabs.sokoban.portfolio()).is_none_or(|p| p.is_done());
        over || (joined == 1 && (max_states >= 100_000 || gave_up >= 2))
    };
    let began = std::time::Instant::now();
    while !searches_shown(&harness) {
        assert!(began.elapsed().as_secs() < 600, "the searches never joined");
        harness.step();
    }
    harness.step();
    harness.get_by_label(&tr!("auto-greedy-pulling-short"));
    if max_states < 100_000 {
        assert!(harness.query_all_by_label(&tr!("auto-gave-up")).count() >= 2);
    }
    let problems: Vec<String> = if language == Language::English {
        layout_problems(&mut harness, "Sokoban portfolio", size)
            .into_iter()
            // With a panel opened by hand the board is smaller than the window chooses.
            .filter(|problem| !small || !problem.contains("of the window"))
            .collect()
    } else {
        // (The board's own checks look for its English label; what is cut off is the same.)
        harness.run_steps(6);
        clipped_texts(&harness, size[0])
    };
    assert!(problems.is_empty(), "{language:?} {size:?}: {problems:#?}");
}

#[test]
fn a_lesson_page_in_a_small_window_wraps_its_buttons_and_leaves_the_board_its_room() {
    for size in [[640.0, 420.0], [1920.0, 1080.0]] {
        let mut harness = app(size);
        click(&mut harness, "Lessons");
        click(&mut harness, "Start “Depth-first against breadth-first”");
        harness.run_steps(6);
        let window = Rect::from_min_size(egui::Pos2::ZERO, size.into());
        let buttons: Vec<Rect> = ["Previous page", "Next page", "Back to the page's board"]
            .iter()
            .map(|label| harness.get_by_label(label).rect())
            .collect();
        for button in &buttons {
            assert!(
                window.contains_rect(*button),
                "{size:?}: {button:?} off the window"
            );
        }
        // The panel is as wide as its words need, not as its row of buttons: in a small
        // window the buttons take a second row and the board keeps over a third of the width.
        let panel_left = buttons.iter().map(|b| b.left()).fold(f32::MAX, f32::min);
        let board = boards(&harness)[0];
        assert!(
            board.right() <= panel_left,
            "{size:?}: the board {board:?} runs under the lesson panel at {panel_left}"
        );
        assert!(
            panel_left > size[0] * 0.5,
            "{size:?}: the lesson panel starts at {panel_left}, more than half the window"
        );
    }
}
