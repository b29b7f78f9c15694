//! The View menu's settings for a classroom (egui_kittest): the interface scale and its
//! keys (which leave the run speed alone), light and dark, presentation mode, and that the
//! scale and theme are remembered (a damaged saved scale reset with a message).

use crate::harness;
use crate::screen;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::app::view::Theme;
use frontier::i18n::Language;
use frontier::ui::{presentation, side_panels};
use harness::{app, click};

#[test]
fn ctrl_plus_minus_and_zero_scale_the_interface_and_leave_the_speed_alone() {
    let mut harness = app([1400.0, 900.0]);
    let speed = harness.state().tabs.pathfinding.playback().speed;
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Equals);
    harness.run_steps(3);
    assert_eq!(harness.state().view.scale, 1.1);
    assert!((harness.ctx.zoom_factor() - 1.1).abs() < 1e-4);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
    harness.run_steps(3);
    assert_eq!(harness.state().view.scale, 1.25);
    assert_eq!(
        harness.state().tabs.pathfinding.playback().speed,
        speed,
        "Ctrl+plus changed the run speed"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    harness.run_steps(3);
    assert_eq!(harness.state().view.scale, 1.1);
    assert_eq!(harness.state().tabs.pathfinding.playback().speed, speed);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    harness.run_steps(3);
    assert_eq!(harness.state().view.scale, 1.0);
    assert!((harness.ctx.zoom_factor() - 1.0).abs() < 1e-4);
    // Without Ctrl, + and - are the run speed's.
    harness.key_press(Key::Plus);
    harness.run_steps(2);
    assert_eq!(harness.state().tabs.pathfinding.playback().speed, speed + 1);
    assert_eq!(harness.state().view.scale, 1.0);
    harness.key_press(Key::Minus);
    harness.run_steps(2);
    assert_eq!(harness.state().tabs.pathfinding.playback().speed, speed);
}

#[test]
fn the_view_menu_sets_scale_and_theme_and_they_are_remembered() {
    let mut harness = app([1400.0, 900.0]);
    assert_eq!(
        harness.state().view.theme,
        Theme::System,
        "the system's at first"
    );
    for _ in 0..2 {
        click(&mut harness, "View");
        click(&mut harness, "Larger  (Ctrl+=)");
    }
    assert_eq!(harness.state().view.scale, 1.25);
    click(&mut harness, "View");
    click(&mut harness, "Light");
    assert_eq!(harness.ctx.theme(), egui::Theme::Light);
    assert_eq!(harness.state().view.theme, Theme::Light);
    click(&mut harness, "View");
    click(&mut harness, "Dark");
    assert_eq!(harness.ctx.theme(), egui::Theme::Dark);

    let saved = harness.state().saved_state().to_ron();
    let back = FrontierApp::from_saved(Some(&saved));
    assert_eq!(back.view.scale, 1.25);
    assert_eq!(back.view.theme, Theme::Dark);
    assert!(back.notice.is_none());
}

#[test]
fn an_absurd_saved_scale_is_reset_with_a_message() {
    let app = FrontierApp::from_saved(None);
    let saved = app.saved_state().to_ron();
    let damaged = saved.replace("scale:Some(1.0)", "scale:Some(40.0)");
    assert_ne!(saved, damaged, "{saved}");
    let back = FrontierApp::from_saved(Some(&damaged));
    assert_eq!(back.view.scale, 1.0);
    let notice = back.notice.expect("a message");
    assert!(
        notice.text().contains("interface scale (40)"),
        "{}",
        notice.text()
    );
}

#[test]
fn presentation_mode_hides_the_panels_shows_the_bar_and_esc_leaves_it() {
    let mut harness = app([1400.0, 900.0]);
    harness.key_press(Key::F11);
    harness.run_steps(4);
    assert!(harness.state().view.presenting);
    assert!(presentation::active(&harness.ctx));
    for id in ["pathfinding-controls", "pathfinding-teaching"] {
        assert!(
            side_panels::last_rect(&harness.ctx, id).is_none(),
            "{id} shown"
        );
    }
    // The compact bar steps the run, and the narration is set large.
    click(&mut harness, "Step");
    click(&mut harness, "Step");
    let narration = screen::drawn_texts(&harness)
        .into_iter()
        .find(|(text, _, _)| text.contains("neighbours added"))
        .expect("the narration is shown");
    assert!(narration.1.height() >= 20.0, "{narration:?}");
    // The other tabs present the same way.
    click(&mut harness, "Sokoban");
    assert!(side_panels::last_rect(&harness.ctx, "sokoban-controls").is_none());
    harness.get_by_label("Hint");
    harness.key_press(Key::Escape);
    harness.run_steps(4);
    assert!(!harness.state().view.presenting);
    assert!(side_panels::last_rect(&harness.ctx, "sokoban-controls").is_some());
    // And from the View menu.
    click(&mut harness, "View");
    click(&mut harness, "Presentation mode  (F11, Esc leaves)");
    assert!(harness.state().view.presenting);
    // The size is in the menu bar, two clicks from what the back of a room reads, and so
    // is the way out.
    let before = harness.state().view.scale;
    harness.get_by_label("Size 100%");
    click(&mut harness, "Larger");
    click(&mut harness, "Larger");
    assert!(harness.state().view.scale > before * 1.2);
    click(&mut harness, "Smaller");
    click(&mut harness, "Leave presentation (Esc)");
    assert!(!harness.state().view.presenting);
    assert!(harness.query_by_label("Leave presentation (Esc)").is_none());
}

#[test]
fn getting_started_opens_once_on_the_first_start_and_from_the_help_menu() {
    use frontier::app::TabId;
    let mut app = FrontierApp::from_saved(None);
    app.set_language(Language::English);
    app.first_start();
    assert_eq!(app.getting_started.page, Some(TabId::Pathfinding));
    let mut harness = harness::harness_of(app, [1400.0, 900.0]);
    harness.run_steps(4);
    harness.get_by_label_contains("orange cells are the frontier");
    // Each tab has its page; the page picked shows its tab too.
    click(&mut harness, "Next tab");
    assert_eq!(harness.state().tab, TabId::Sokoban);
    harness.get_by_label_contains("Push every box onto a goal");
    click(&mut harness, "Next tab");
    harness.get_by_label_contains("Press 3 for the cycle planner");
    click(&mut harness, "Next tab");
    harness.get_by_label_contains("Click two equal tiles that a path");
    click(&mut harness, "Got it");
    assert!(!harness.state().getting_started.is_open());

    // Remembered as seen: the next start does not show it again.
    let saved = harness.state().saved_state().to_ron();
    let mut again = FrontierApp::from_saved(Some(&saved));
    again.first_start();
    assert!(!again.getting_started.is_open());

    // The Help menu opens the open tab's page; Escape closes it.
    click(&mut harness, "Help");
    click(&mut harness, "Getting started");
    assert_eq!(harness.state().getting_started.page, Some(TabId::Link));
    harness.get_by_label_contains("to watch the breadth-first search");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(
        !harness.state().getting_started.is_open(),
        "Escape closes it"
    );
}

/// The first window a newcomer meets leaves the menu bar free: a click on File while it
/// is open must reach the File menu, not the window (a browser test once clicked File under it).
#[test]
fn getting_started_leaves_the_menu_bar_uncovered() {
    for size in [[1400.0, 900.0], [640.0, 420.0], [390.0, 844.0]] {
        let mut app = FrontierApp::from_saved(None);
        app.set_language(Language::English);
        app.first_start();
        let mut harness = harness::harness_of(app, size);
        harness.run_steps(4);
        let window = harness.get_by_label("Getting started").rect();
        for menu in ["File", "Edit", "View", "Help"] {
            // The tab's panels have sections named Edit and View too: the menu's is the top one.
            let button = harness
                .get_all_by_label(menu)
                .map(|node| node.rect())
                .min_by(|a, b| a.top().total_cmp(&b.top()))
                .expect("the menu button");
            assert!(
                button.bottom() <= window.top(),
                "{size:?}: {menu} at {button:?}, the window at {window:?}"
            );
        }
    }
}

#[test]
fn every_tab_has_a_getting_started_page_in_both_languages() {
    use frontier::app::TabId;
    use frontier::app::getting_started::GettingStarted;
    for language in Language::ALL {
        frontier::i18n::set_language(language);
        for &tab in TabId::ALL {
            let text = GettingStarted::text(tab, false);
            assert!(text.lines().count() >= 3, "{language:?} {tab:?}: {text}");
            // A finger's page: as many steps, and none about keys a phone has not.
            let touch = GettingStarted::text(tab, true);
            assert_eq!(touch.lines().count(), text.lines().count(), "{tab:?}");
            for key in [
                "arrow",
                "方向键",
                "WASD",
                "Ctrl",
                "F11",
                "[ and ]",
                "[ 和 ]",
                "Press 2",
                "按 2",
                "H shows",
                "H 给出",
            ] {
                assert!(
                    !touch.contains(key),
                    "{language:?} {tab:?} on a touch screen: {key}"
                );
            }
        }
    }
    frontier::i18n::set_language(Language::English);
}

/// In presentation mode the big narration says what the predict panel says: once the search
/// is over it says so, and never "your turn" again while the run plays on to its end.
#[test]
fn presentation_mode_says_the_search_is_over_as_the_predict_panel_does() {
    let mut harness = app([1400.0, 900.0]);
    // A small open board, so the run ends soon.
    let mut board = frontier::games::sandbox::Board::new(6, 4);
    board.start = frontier::grid::Pos::new(0, 0);
    board.goal = frontier::grid::Pos::new(5, 3);
    harness.state_mut().tabs.pathfinding.replace_board(board);
    harness.run_steps(2);
    click(&mut harness, "Predict the next step");
    harness.key_press(Key::F11);
    harness.run_steps(4);
    let narrations = |harness: &egui_kittest::Harness<'_, FrontierApp>| -> Vec<String> {
        screen::drawn_texts(harness)
            .into_iter()
            .map(|(text, _, _)| text)
            .collect()
    };
    assert!(
        narrations(&harness).iter().any(|t| t.contains("Your turn")),
        "asked before the first step"
    );
    click(&mut harness, "Play");
    for _ in 0..600 {
        if harness.state().tabs.pathfinding.session().at_end() {
            break;
        }
        harness.step();
    }
    harness.run_steps(3);
    assert!(harness.state().tabs.pathfinding.session().at_end());
    let texts = narrations(&harness);
    assert!(
        texts.iter().any(|t| t.contains("The search is over")),
        "{texts:?}"
    );
    assert!(!texts.iter().any(|t| t.contains("Your turn")), "{texts:?}");
}

/// A chart's axis label is drawn beside its tick labels, not over them, however wide the
/// counts grow, in the very frame they grow ("count" over "10000" read "1count0" when a run
/// ended on such a frame).
#[test]
fn the_charts_axis_labels_do_not_overlap_their_tick_labels() {
    use frontier::ui::plot::{RunSeries, series_plot};
    let counts = |most: usize| {
        let mut series = RunSeries::new("A*");
        for step in 0..200 {
            series.record(step, most * step / 200, most * step / 100);
        }
        series
    };
    let mut harness = egui_kittest::Harness::builder()
        .with_size([360.0, 320.0])
        .build_ui_state(
            |ui, series: &mut RunSeries| series_plot(ui, "chart", &[&*series], Some(50)),
            counts(90),
        );
    harness.run_steps(4);
    for most in [12_000, 3_000_000] {
        // One frame with the wider counts, as the last frame of a run that grew them.
        *harness.state_mut() = counts(most);
        harness.step();
        let texts = screen::drawn_texts(&harness);
        for axis in ["count", "step"] {
            let (_, label, _) = texts
                .iter()
                .find(|(t, _, _)| t == axis)
                .unwrap_or_else(|| panic!("no {axis} label"));
            for (tick, rect, _) in texts.iter().filter(|(t, _, _)| t.parse::<f64>().is_ok()) {
                assert!(
                    !label.intersects(*rect),
                    "{most}: {axis} at {label:?} over the tick {tick} at {rect:?}"
                );
            }
        }
    }
}

/// In presentation mode the lesson panel's page is set as large as the narration, to be
/// read from the back of a room.
#[test]
fn presentation_mode_enlarges_the_lesson_page() {
    let mut harness = app([1400.0, 900.0]);
    let link = frontier::share::link(
        "https://example.org/",
        &frontier::share::View::Lesson {
            id: "frontier-bfs".into(),
            text: None,
            page: 0,
        },
    );
    harness.state_mut().open_link(&link).unwrap();
    harness.run_steps(4);
    let size = |harness: &egui_kittest::Harness<'_, FrontierApp>| {
        screen::drawn_texts(harness)
            .into_iter()
            .filter(|(text, _, _)| text.contains("frontier"))
            .map(|(_, rect, _)| rect.height())
            .fold(0.0, f32::max)
    };
    let normal = size(&harness);
    harness.key_press(Key::F11);
    harness.run_steps(6);
    assert!(harness.state().lessons.open, "the lesson stays open");
    let presented = size(&harness);
    assert!(
        presented > normal * 1.4,
        "the page's text {normal} grew to {presented}"
    );
}

/// In the light theme the board's edge is drawn, in a colour that stands apart from the
/// canvas around it (the light floor and the light canvas were nearly the same).
#[test]
fn the_boards_edge_is_drawn_and_stands_apart_in_the_light_theme() {
    let mut harness = app([1400.0, 900.0]);
    harness.state_mut().view.theme = frontier::app::view::Theme::Light;
    harness.run_steps(4);
    assert_eq!(harness.ctx.theme(), egui::Theme::Light);
    let tab = &harness.state().tabs.pathfinding;
    let view = &tab.session().view;
    let half = view.cell_size() / 2.0;
    let (w, h) = (tab.board().width() as i32, tab.board().height() as i32);
    let first = view.screen_center(frontier::grid::Pos::new(0, 0)).unwrap();
    let last = view
        .screen_center(frontier::grid::Pos::new(w - 1, h - 1))
        .unwrap();
    let board = egui::Rect::from_min_max(
        first - egui::vec2(half, half),
        last + egui::vec2(half, half),
    );
    let canvas = harness
        .ctx
        .style_of(egui::Theme::Light)
        .visuals
        .extreme_bg_color;
    let mut edges = vec![];
    fn collect(shape: &egui::Shape, out: &mut Vec<egui::epaint::RectShape>) {
        match shape {
            egui::Shape::Rect(r) => out.push(r.clone()),
            egui::Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    for clipped in &harness.output().shapes {
        collect(&clipped.shape, &mut edges);
    }
    let edge = edges
        .iter()
        .find(|r| {
            r.stroke.width >= 1.0
                && (r.rect.min - board.min).length() < 1.0
                && (r.rect.max - board.max).length() < 1.0
        })
        .expect("the board's edge is drawn");
    let distance = |a: egui::Color32, b: egui::Color32| {
        (a.r() as i32 - b.r() as i32).abs()
            + (a.g() as i32 - b.g() as i32).abs()
            + (a.b() as i32 - b.b() as i32).abs()
    };
    assert!(
        distance(edge.stroke.color, canvas) > 200,
        "{:?} on {canvas:?}",
        edge.stroke.color
    );
}

#[test]
fn a_link_opened_on_the_first_start_is_not_covered_by_getting_started() {
    use frontier::share::{self, View};
    let mut app = FrontierApp::from_saved(None);
    app.set_language(Language::English);
    app.first_start();
    assert!(app.getting_started.is_open());
    let link = share::link(
        "https://example.org/",
        &View::Lesson {
            id: "dfs-bfs".into(),
            text: None,
            page: 1,
        },
    );
    // A link that does not read leaves everything as it was, the window too.
    assert!(app.open_link("https://example.org/#v1.broken").is_err());
    assert!(app.getting_started.is_open());
    app.open_link(&link).expect("a shipped lesson");
    assert!(!app.getting_started.is_open());
    let mut harness = harness::harness_of(app, [1400.0, 900.0]);
    harness.run_steps(4);
    harness.get_by_label_contains("2/5 · Not BFS with a stack");
}

/// The game boards grow with the window: on a projector's 1920 x 1080 a Snake board and a
/// Sokoban level fill their room, larger than at 1024 x 768.
#[test]
fn the_game_boards_grow_on_a_big_window() {
    let cells = |size: [f32; 2]| {
        let mut harness = harness::app(size);
        harness::click(&mut harness, "Snake");
        harness.run_steps(4);
        let snake = harness.state().tabs.snake.cell_size();
        harness::click(&mut harness, "Sokoban");
        harness.run_steps(4);
        (snake, harness.state().tabs.sokoban.cell_size())
    };
    let (small, big) = (cells([1024.0, 768.0]), cells([1920.0, 1080.0]));
    assert!(big.0 > small.0 * 1.3, "Snake: {small:?} then {big:?}");
    assert!(
        big.0 >= 75.0,
        "a 10 x 10 Snake board fills a tall window: {big:?}"
    );
    // The first level is small: its cells were held to 64 points however big the window.
    assert!(big.1 > 64.0, "Sokoban: {small:?} then {big:?}");
}

/// A fitted board keeps a margin all round, so its edge shows against the canvas on every
/// side (a board as wide as its room had no left or right edge).
#[test]
fn a_fitted_board_leaves_its_edges_in_view() {
    let harness = harness::app([1024.0, 768.0]);
    let tab = &harness.state().tabs.pathfinding;
    let view = &tab.session().view;
    let area = view.last_rect().expect("drawn");
    let board = tab.board();
    let (w, h) = (
        board.width() as f32 * view.cell_size(),
        board.height() as f32 * view.cell_size(),
    );
    assert!(
        w <= area.width() - 8.0 && h <= area.height() - 8.0,
        "{w} x {h} in {area:?}"
    );
    assert!(
        w >= area.width() - 9.0 || h >= area.height() - 9.0,
        "it still fills its room"
    );
}
