//! The Pathfinding tab driven as a user drives it (egui_kittest): mouse, keys, widgets;
//! then assertions on the app's state.

use crate::harness;
use crate::screen;
use frontier::ui::step_controls::BudgetOfFrames;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::FrontierApp;
use frontier::games::sandbox::{Board, PathAlgorithm};
use frontier::grid::Pos;
use frontier::search::Algorithm;
use harness::{app_on_open_board, board_cell as cell, drag};

/// Chooses `algorithm` for the runs, as the Algorithm menu does.
fn choose(harness: &mut Harness<'_, FrontierApp>, algorithm: PathAlgorithm) {
    harness
        .state_mut()
        .tabs
        .pathfinding
        .change_settings(|s| s.algorithm = algorithm);
}

fn step_count(harness: &Harness<'_, FrontierApp>) -> usize {
    harness.state().tabs.pathfinding.session().position()
}

#[test]
fn dragging_paints_a_wall_without_gaps_and_undo_takes_it_back() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Wall").click();
    harness.run_steps(2);
    // One big jump in a single frame: the line between must still be painted.
    drag(
        &mut harness,
        Pos::new(3, 0),
        &[Pos::new(3, 2), Pos::new(3, 7)],
    );
    let board = &harness.state().tabs.pathfinding.board();
    for y in 0..8 {
        assert!(!board.is_passable(Pos::new(3, y)), "gap at (3,{y})");
    }
    assert!(board.is_passable(Pos::new(4, 4)));
    assert!(harness.state().tabs.pathfinding.dirty());

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    let board = &harness.state().tabs.pathfinding.board();
    assert!(
        (0..8).all(|y| board.is_passable(Pos::new(3, y))),
        "undo restores the whole stroke"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
    assert!(
        !harness
            .state()
            .tabs
            .pathfinding
            .board()
            .is_passable(Pos::new(3, 5)),
        "redo paints it again"
    );
}

#[test]
fn dragging_the_goal_moves_it_and_the_run_replans() {
    let mut harness = app_on_open_board();
    harness.get_by_label("To end").click();
    harness.run_steps(4);
    let before = harness
        .state()
        .tabs
        .pathfinding
        .session()
        .path()
        .map(|p| p.to_vec());
    assert_eq!(
        before.as_ref().and_then(|p| p.last()),
        Some(&Pos::new(10, 6))
    );

    drag(
        &mut harness,
        Pos::new(10, 6),
        &[Pos::new(8, 5), Pos::new(6, 2)],
    );
    harness.run_steps(4);
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(tab.board().goal, Pos::new(6, 2));
    let path = tab
        .session()
        .path()
        .expect("the finished run re-plans at once");
    assert_eq!(path.last(), Some(&Pos::new(6, 2)));
    assert_eq!(
        path.len() - 1,
        5 + 1,
        "Manhattan distance from (1,1) to (6,2)"
    );
}

#[test]
fn picking_an_algorithm_in_the_menu_restarts_the_run_with_it() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("Dijkstra").click();
    harness.run_steps(2);
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(
        tab.settings().algorithm,
        PathAlgorithm::search(Algorithm::Dijkstra)
    );
    assert_eq!(
        tab.session().algorithm,
        PathAlgorithm::search(Algorithm::Dijkstra)
    );
    assert_eq!(step_count(&harness), 0);
}

#[test]
fn play_step_step_back_and_scrub_the_timeline() {
    let mut harness = app_on_open_board();
    harness.key_press(Key::ArrowRight);
    harness.run_steps(2);
    assert_eq!(step_count(&harness), 1);
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    assert_eq!(step_count(&harness), 2);
    harness.key_press(Key::ArrowLeft);
    harness.run_steps(2);
    assert_eq!(step_count(&harness), 1);
    assert_eq!(
        harness
            .state()
            .tabs
            .pathfinding
            .session()
            .run()
            .expansions(),
        1,
        "the run itself went back"
    );

    // Two notches faster (50 -> 300 steps per second), then play until the path is found.
    let speed = harness.state().tabs.pathfinding.playback().speed;
    harness.key_press(Key::Plus);
    harness.step();
    harness.key_press(Key::Plus);
    harness.step();
    assert_eq!(harness.state().tabs.pathfinding.playback().speed, speed + 2);
    harness.key_press(Key::Space);
    harness.step();
    assert!(harness.state().tabs.pathfinding.playback().playing);
    for _ in 0..200 {
        harness.step();
        if !harness.state().tabs.pathfinding.playback().playing {
            break;
        }
    }
    let tab = &harness.state().tabs.pathfinding;
    assert!(!tab.playback().playing, "playing stops at the end");
    let path = tab.session().path().expect("a path");
    assert_eq!(path.len() - 1, 9 + 5);
    let total = step_count(&harness);

    // Scrub the timeline back to step 3: the run is as it was after three expansions.
    harness
        .get_by_role_and_label(egui::accesskit::Role::Slider, "Timeline")
        .set_value_accesskit(3.0);
    harness.run_steps(2);
    assert_eq!(step_count(&harness), 3);
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(tab.session().run().expansions(), 3);
    assert!(tab.session().path().is_none(), "no path yet at step 3");
    // And forward again to the end.
    harness
        .get_by_role_and_label(egui::accesskit::Role::Slider, "Timeline")
        .set_value_accesskit(total as f64);
    harness.run_steps(2);
    assert_eq!(step_count(&harness), total);
    assert!(harness.state().tabs.pathfinding.session().path().is_some());

    harness.key_press(Key::Home);
    harness.run_steps(2);
    assert_eq!(step_count(&harness), 0);
}

#[test]
fn a_malformed_file_shows_the_line_and_leaves_the_board_intact() {
    let mut harness = app_on_open_board();
    let dir = std::env::temp_dir().join(format!("frontier-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.board");
    std::fs::write(
        &path,
        "frontier-board 1\nsize 3 2\nstart 0 0\ngoal 2 1\nmap\n...\n.Q.\n",
    )
    .unwrap();
    let before = harness.state().tabs.pathfinding.board().clone();

    harness.state_mut().tabs.pathfinding.load_file(&path);
    harness.run_steps(2);
    harness.get_by_label_contains("line 7: `Q` at column 1 is not in the legend");
    assert_eq!(
        *harness.state().tabs.pathfinding.board(),
        before,
        "the old board is intact"
    );
    harness.get_by_label("OK").click();
    harness.run_steps(2);
    assert!(harness.state().tabs.pathfinding.notice_shown().is_none());
}

/// Eight directions with Manhattan: the panel says the heuristic can overestimate and
/// offers octile, and nothing under the pointer moves when the line changes.
#[test]
fn eight_directions_offer_octile_and_the_controls_stay_still() {
    let mut harness = app_on_open_board();
    harness.get_by_label("It never overestimates with these moves");
    let still = |harness: &Harness<'static, FrontierApp>| {
        (
            harness.get_by_label("8 directions").rect(),
            harness.get_by_label("Step").rect(),
        )
    };
    let before = still(&harness);
    harness::click(&mut harness, "8 directions");
    harness.get_by_label("It can overestimate here");
    assert_eq!(still(&harness), before, "nothing moved under the pointer");
    harness::click(&mut harness, "Use Octile");
    assert_eq!(
        harness.state().tabs.pathfinding.settings().heuristic,
        frontier::games::sandbox::Heuristic::Octile
    );
    harness.get_by_label("It never overestimates with these moves");
    assert_eq!(still(&harness), before);
}

/// A board pasted with Ctrl+V on the board, or in Edit → Paste a board…, opens; text that is
/// no board says why and the board stays.
#[test]
fn a_pasted_board_opens_and_pasted_nonsense_changes_nothing() {
    let mut harness = app_on_open_board();
    let mut pasted = Board::new(7, 3);
    pasted.start = Pos::new(0, 1);
    pasted.goal = Pos::new(6, 1);
    harness.event(egui::Event::Paste(pasted.to_text()));
    harness.run_steps(3);
    assert_eq!(*harness.state().tabs.pathfinding.board(), pasted);
    assert!(harness.state().tabs.pathfinding.dirty(), "in no file yet");
    harness.get_by_label_contains("unsaved board");
    // Nonsense: the reason, and the board stays.
    harness.event(egui::Event::Paste("a board with a river".into()));
    harness.run_steps(3);
    harness.get_by_label_contains("the pasted board");
    assert_eq!(*harness.state().tabs.pathfinding.board(), pasted);
    harness::click(&mut harness, "OK");
    // The Edit menu's window, for where the keyboard cannot paste.
    harness.state_mut().tabs.pathfinding.mark_saved();
    // ("Edit" is also the heading of the panel's painting tools.)
    harness
        .query_all_by_label("Edit")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .expect("the Edit menu")
        .click();
    harness.run_steps(2);
    harness::click(&mut harness, "Paste a board…");
    let map = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n";
    let field =
        "Paste a board (Frontier's board text, as a .board file holds it) or a Moving AI map:";
    harness.get_by_label(field).focus();
    harness.step();
    // Pasted into the field (it has the keyboard: the board does not take the paste).
    harness.event(egui::Event::Paste(map.into()));
    harness.run_steps(2);
    assert_eq!(*harness.state().tabs.pathfinding.board(), pasted);
    harness::click(&mut harness, "Open it");
    let board = harness.state().tabs.pathfinding.board();
    assert_eq!((board.width(), board.height()), (3, 2), "the map opened");
}

#[test]
fn the_status_line_names_a_preset_and_an_edit_undone_is_no_edit() {
    let mut harness = harness::app([1400.0, 900.0]);
    harness.get_by_label_contains("far-doors.board (preset)");
    assert!(harness.query_by_label_contains("unsaved board").is_none());
    assert!(harness.query_by_label_contains("(edited)").is_none());
    harness.get_by_label("Wall").click();
    harness.run_steps(2);
    let board = harness.state().tabs.pathfinding.board().clone();
    let open = (0..board.height() as i32)
        .flat_map(|y| (0..board.width() as i32).map(move |x| Pos::new(x, y)))
        .find(|&p| board.is_passable(p) && p != board.start && p != board.goal)
        .expect("an open cell");
    drag(&mut harness, open, &[]);
    harness.get_by_label_contains("far-doors.board (preset) (edited)");
    assert!(harness.state().tabs.pathfinding.dirty());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert!(
        !harness.state().tabs.pathfinding.dirty(),
        "back as it opened"
    );
    assert!(harness.query_by_label_contains("(edited)").is_none());
    // So another board opens without asking.
    harness
        .state_mut()
        .tabs
        .pathfinding
        .open_preset("maze.board");
    harness.run_steps(2);
    harness.get_by_label_contains("maze.board (preset)");
    assert!(harness.query_by_label("Unsaved changes").is_none());
    // Redone after the board changed, nothing is restored as saved: another state.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert!(harness.state().tabs.pathfinding.dirty());
    // Remembered with the app.
    let saved = harness.state().saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert!(restored.tabs.pathfinding.dirty());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
    let saved = harness.state().saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert!(!restored.tabs.pathfinding.dirty());
    assert!(
        restored
            .tabs
            .pathfinding
            .status()
            .contains("maze.board (preset)")
    );
}

#[test]
fn opening_over_unsaved_edits_asks_first() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Wall").click();
    harness.run_steps(2);
    drag(&mut harness, Pos::new(5, 0), &[Pos::new(5, 3)]);
    assert!(harness.state().tabs.pathfinding.dirty());
    let painted = harness.state().tabs.pathfinding.board().clone();
    harness
        .state_mut()
        .tabs
        .pathfinding
        .open_preset("maze.board");
    harness.run_steps(2);
    assert_eq!(
        *harness.state().tabs.pathfinding.board(),
        painted,
        "nothing replaced before the answer"
    );
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert_eq!(*harness.state().tabs.pathfinding.board(), painted);
    harness
        .state_mut()
        .tabs
        .pathfinding
        .open_preset("maze.board");
    harness.run_steps(2);
    harness.get_by_label("Discard edits").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().tabs.pathfinding.board().width(),
        41,
        "the maze is open"
    );
}

#[test]
fn compare_mode_runs_two_algorithms_in_lockstep() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Compare side by side").click();
    harness.run_steps(2);
    assert_eq!(harness.state().tabs.pathfinding.sessions().len(), 2);
    for _ in 0..4 {
        harness.key_press(Key::ArrowRight);
        harness.step();
    }
    let sessions = &harness.state().tabs.pathfinding.sessions();
    assert_eq!(sessions[0].position(), 4);
    assert_eq!(sessions[1].position(), 4);
    assert_ne!(sessions[0].algorithm, sessions[1].algorithm);
    harness.get_by_label("To end").click();
    harness.run_steps(4);
    let sessions = &harness.state().tabs.pathfinding.sessions();
    assert!(
        sessions.iter().all(|s| s.path().is_some()),
        "both runs found their paths"
    );
    assert!(
        sessions[1].run().expansions() > sessions[0].run().expansions(),
        "Dijkstra expands more than A*"
    );
    // One timeline for both: it spans the longer run, which A* ended before.
    let (a_star_end, dijkstra_end) = (sessions[0].known(), sessions[1].known());
    assert!(a_star_end < dijkstra_end);
    let (position, known, finished) = harness.state().tabs.pathfinding.timeline_position();
    assert_eq!(
        (position, known, finished),
        (dijkstra_end, dijkstra_end, true)
    );
    harness.get_by_label_contains(&format!("of {dijkstra_end}"));
    // Both algorithms' pseudo-code, and a chart legend that tells the runs apart.
    harness.get_by_label("A* in pseudo-code");
    harness.get_by_label("Dijkstra in pseudo-code");
    harness.get_by_label("A*, 4 dirs, manhattan");
    harness.get_by_label("Dijkstra, 4 dirs");
    // Back from the end: the longer run steps back, the shorter stays at its end.
    harness.key_press(Key::ArrowLeft);
    harness.run_steps(2);
    let sessions = &harness.state().tabs.pathfinding.sessions();
    assert_eq!(sessions[1].position(), dijkstra_end - 1);
    assert_eq!(sessions[0].position(), a_star_end);
    // Back to the start and forward again: in lockstep.
    harness.key_press(Key::Home);
    harness.run_steps(2);
    for _ in 0..3 {
        harness.key_press(Key::ArrowRight);
        harness.step();
    }
    let sessions = &harness.state().tabs.pathfinding.sessions();
    assert_eq!((sessions[0].position(), sessions[1].position()), (3, 3));
}

#[test]
fn the_help_overlay_lists_the_shortcuts() {
    let mut harness = app_on_open_board();
    harness.key_press(Key::F1);
    harness.run_steps(2);
    assert!(harness.state().help_open);
    harness.get_by_label("play / pause");
    harness.get_by_label("Ctrl+Z");
    harness.key_press(Key::F1);
    harness.run_steps(2);
    assert!(!harness.state().help_open);
}

#[test]
fn generating_a_maze_is_one_undoable_edit() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Generate").click();
    harness.run_steps(2);
    let board = &harness.state().tabs.pathfinding.board();
    let walls = board
        .cells()
        .positions()
        .filter(|&p| !board.is_passable(p))
        .count();
    assert!(walls > 20, "a maze has walls ({walls})");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    let board = &harness.state().tabs.pathfinding.board();
    assert_eq!(
        board
            .cells()
            .positions()
            .filter(|&p| !board.is_passable(p))
            .count(),
        0
    );
}

#[test]
fn opening_a_moving_ai_map_switches_to_its_rules_and_undo_switches_back() {
    use frontier::games::sandbox::{Connectivity, Heuristic};
    let mut harness = app_on_open_board();
    let tab = |h: &Harness<'_, FrontierApp>| {
        let s = &h.state().tabs.pathfinding.settings();
        (s.connectivity, s.heuristic)
    };
    assert_eq!(tab(&harness), (Connectivity::Four, Heuristic::Manhattan));
    let map = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/movingai/maze-32-32-2.map"
    );
    harness
        .state_mut()
        .tabs
        .pathfinding
        .load_file(std::path::Path::new(map));
    harness.run_steps(3);
    assert_eq!(tab(&harness), (Connectivity::Eight, Heuristic::Octile));
    assert_eq!(harness.state().tabs.pathfinding.board().width(), 32);
    harness.get_by_label_contains("a Moving AI map, so now 8 directions");
    harness.get_by_label("8 directions");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(3);
    assert_eq!(tab(&harness), (Connectivity::Four, Heuristic::Manhattan));
    assert_eq!(harness.state().tabs.pathfinding.board().width(), 12);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(3);
    assert_eq!(tab(&harness), (Connectivity::Eight, Heuristic::Octile));

    // A board of Frontier's own format keeps the rules chosen.
    harness.state_mut().tabs.pathfinding.mark_saved();
    let mut board = Board::new(5, 5);
    board.goal = Pos::new(4, 4);
    harness
        .state_mut()
        .tabs
        .pathfinding
        .load_text("own.board", &board.to_text());
    harness.run_steps(3);
    assert_eq!(tab(&harness), (Connectivity::Eight, Heuristic::Octile));
    assert_eq!(harness.state().tabs.pathfinding.board().width(), 5);
}

/// The g / h / f texts drawn on the board in the last frame, with where they were drawn.
fn number_texts(harness: &Harness<'_, FrontierApp>) -> Vec<(String, egui::Rect)> {
    let board = harness.state().tabs.pathfinding.sessions()[0]
        .view
        .last_rect()
        .unwrap();
    screen::drawn_texts(harness)
        .into_iter()
        .filter(|(_, rect, _)| board.contains_rect(*rect))
        .filter(|(text, _, _)| {
            let digits = text.trim_start_matches(['g', 'h', 'f']);
            !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        })
        .map(|(text, rect, _)| (text, rect))
        .collect()
}

#[test]
fn numbers_show_f_alone_in_middle_cells_and_g_h_f_in_large_ones_without_running_together() {
    let mut harness = app_on_open_board();
    for _ in 0..12 {
        harness.get_by_label("Step").click();
        harness.run_steps(1);
    }
    let mut seen = vec![];
    for (cell, ghf) in [(16.0, None), (30.0, Some(false)), (60.0, Some(true))] {
        let size = harness.state().tabs.pathfinding.sessions()[0]
            .view
            .last_rect()
            .unwrap()
            .size();
        harness
            .state_mut()
            .tabs
            .pathfinding
            .session_mut()
            .view
            .zoom_to(cell, Pos::new(3, 3), size);
        harness.run_steps(3);
        let texts = number_texts(&harness);
        match ghf {
            None => assert!(texts.is_empty(), "{cell} px: {texts:?}"),
            Some(all) => {
                assert!(!texts.is_empty(), "{cell} px: no numbers");
                let lettered = texts.iter().any(|(t, _)| t.starts_with('g'));
                assert_eq!(lettered, all, "{cell} px: {texts:?}");
            }
        }
        for (i, (a, ra)) in texts.iter().enumerate() {
            assert!(ra.width() <= cell, "{cell} px: {a} is {} wide", ra.width());
            for (b, rb) in &texts[i + 1..] {
                let overlap = ra.intersect(*rb);
                assert!(
                    overlap.width() <= 0.5 || overlap.height() <= 0.5,
                    "{cell} px: {a} and {b} run together"
                );
            }
        }
        seen.push(texts.len());
    }
    assert!(
        seen[2] > seen[1],
        "g, h and f are three texts a cell: {seen:?}"
    );
}

/// Every shape of the last frame in drawing order, nested lists flattened.
fn drawn_shapes(harness: &Harness<'_, FrontierApp>) -> Vec<egui::Shape> {
    fn flatten(shape: &egui::Shape, out: &mut Vec<egui::Shape>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| flatten(s, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = vec![];
    for clipped in &harness.output().shapes {
        flatten(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn numbers_on_the_board_sit_on_a_light_backing_drawn_under_them() {
    let mut harness = app_on_open_board();
    for _ in 0..12 {
        harness.get_by_label("Step").click();
        harness.run_steps(1);
    }
    let size = harness.state().tabs.pathfinding.sessions()[0]
        .view
        .last_rect()
        .unwrap()
        .size();
    harness
        .state_mut()
        .tabs
        .pathfinding
        .session_mut()
        .view
        .zoom_to(30.0, Pos::new(3, 3), size);
    harness.run_steps(3);
    let numbers = number_texts(&harness);
    assert!(!numbers.is_empty(), "f numbers at 30 px cells");
    let shapes = drawn_shapes(&harness);
    for (number, rect) in &numbers {
        let drawn_at = shapes
            .iter()
            .position(|s| matches!(s, egui::Shape::Text(t) if t.galley.text() == number && t.visual_bounding_rect().center().distance(rect.center()) < 0.5))
            .expect("the number is drawn");
        // A parent arrow drawn through "27.73" read "2773": the number needs its own
        // light ground, painted before it and around all of it.
        let backed = shapes[..drawn_at].iter().any(|s| match s {
            egui::Shape::Rect(r) => {
                let fill = r.fill;
                r.rect.contains_rect(rect.shrink(0.5))
                    && fill.a() >= 150
                    && fill.r() >= 150
                    && fill.g() >= 150
                    && fill.b() >= 150
            }
            _ => false,
        });
        assert!(backed, "{number} at {rect:?} has no light backing under it");
    }
}

#[test]
fn long_pseudo_code_lines_wrap_under_the_code_not_under_the_line_number() {
    let mut harness = app_on_open_board();
    harness.set_size(egui::vec2(1024.0, 768.0));
    harness.run_steps(4);
    let texts = screen::drawn_texts(&harness);
    let numbers: Vec<&(String, egui::Rect, egui::Rect)> = texts
        .iter()
        .filter(|(t, _, _)| t.trim().parse::<usize>().is_ok() && t.ends_with("  "))
        .collect();
    let pop = texts
        .iter()
        .find(|(t, _, _)| t.starts_with("n ← frontier.pop()"))
        .expect("A*'s line 3 is shown");
    let three = numbers
        .iter()
        .find(|(t, _, _)| t.trim() == "3")
        .expect("its number");
    let line_height = three.1.height();
    assert!(
        pop.1.height() > 1.5 * line_height,
        "the line wraps in a 1024 px window: {pop:?}"
    );
    assert!(
        pop.1.left() >= three.1.right() + 20.0,
        "wrapped under the code, indented: {pop:?} after {three:?}"
    );
}

#[test]
fn the_status_line_forgets_the_cell_when_the_pointer_leaves_the_board() {
    let mut harness = app_on_open_board();
    let status = |h: &Harness<'_, FrontierApp>| h.state().tabs.pathfinding.status();
    harness.hover_at(cell(&harness, Pos::new(2, 3)));
    harness.run_steps(2);
    assert!(
        status(&harness).contains("(2,3) floor"),
        "{}",
        status(&harness)
    );
    harness.hover_at(Pos2::new(5.0, 300.0));
    harness.run_steps(2);
    assert!(!status(&harness).contains("(2,3)"), "{}", status(&harness));
}

#[test]
fn bidirectional_astar_shows_its_meeting_code_and_stopping_rule() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("Bidirectional A*").click();
    harness.run_steps(2);
    harness.get_by_label("Bidirectional A* in pseudo-code");
    harness.get_by_label_contains("if max(lowest f forward, lowest f backward) ≥ μ:");
    harness.get_by_label("Best meeting (μ)");
    harness.get_by_label("none yet");
    harness.get_by_label("To end").click();
    harness.run_steps(4);
    harness.get_by_label_contains("Stopped: no path cheaper than the best meeting can remain");
    let tab = &harness.state().tabs.pathfinding;
    let (cell, cost) = tab.session().run().meeting().expect("met");
    assert_eq!(cost, 14.0, "9 + 5 moves on an open board");
    assert!(tab.session().path().unwrap().contains(&cell));
    harness.get_by_label_contains("path cost 14");
}

#[test]
fn jps_runs_on_a_board_of_one_cost_and_gives_way_to_astar_on_weighted_terrain() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("Jump Point Search").click();
    harness.run_steps(2);
    harness.get_by_label("Jump Point Search in pseudo-code");
    harness.get_by_label("To end").click();
    harness.run_steps(4);
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(
        tab.session().algorithm,
        PathAlgorithm::parse("jps").unwrap()
    );
    assert!(tab.session().path().is_some());
    harness.get_by_label("scanned by a jump");

    // Grass on the board: JPS cannot price a jump over it.
    let board = frontier::games::sandbox::presets::board("weighted-swamp.board").unwrap();
    harness.state_mut().tabs.pathfinding.replace_board(board);
    harness.run_steps(3);
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(
        tab.settings().algorithm,
        PathAlgorithm::search(Algorithm::AStar)
    );
    harness.get_by_label_contains(
        "Jump Point Search needs a board where every passable cell costs the same",
    );
}

#[test]
fn theta_star_draws_its_lines_of_sight_and_beats_the_grids_cheapest_path() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("Theta*").click();
    harness.run_steps(2);
    harness.get_by_label("Theta* in pseudo-code");
    harness.get_by_label("line of sight, clear");
    harness.get_by_label("Step").click();
    harness.get_by_label("Step").click();
    harness.run_steps(3);
    let run = harness
        .state()
        .tabs
        .pathfinding
        .session()
        .timeline
        .current()
        .clone();
    assert!(
        !run.sight_checks().is_empty(),
        "the second step checks lines of sight"
    );
    harness.get_by_label("To end").click();
    harness.run_steps(40);
    // Open ground: one straight segment from (1,1) to (10,6), where 4 moves cost 14.
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(
        tab.session().path(),
        Some(&[Pos::new(1, 1), Pos::new(10, 6)][..])
    );
    harness.get_by_label_contains("1 straight segment, cost 10.3");
    harness.get_by_label_contains("shorter than grid moves' best, 14");
    harness.get_by_label_contains("Reached the goal: a path of 1 straight segment costing");
}

#[test]
fn dstar_lite_repairs_its_plan_when_a_wall_is_painted_instead_of_starting_again() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("D* Lite").click();
    harness.run_steps(2);
    harness.get_by_label("D* Lite in pseudo-code");
    harness.get_by_label("inconsistent: queued for repair");
    harness.get_by_label("To end").click();
    harness.run_steps(4);
    let first = harness
        .state()
        .tabs
        .pathfinding
        .session()
        .run()
        .expansions();
    assert!(first > 0);

    // A wall across the middle of the path, with a gap at the bottom.
    let mut board = harness.state().tabs.pathfinding.board().clone();
    for y in 0..7 {
        board.paint(Pos::new(6, y), 1);
    }
    let tab = &mut harness.state_mut().tabs.pathfinding;
    tab.paint_board(board.clone());
    harness.run_steps(2);
    let session = harness.state().tabs.pathfinding.session();
    assert!(session.repair.is_some(), "repaired, not restarted");
    assert_eq!(
        session.run().algorithm(),
        PathAlgorithm::parse("dstar-lite").unwrap()
    );
    harness.get_by_label("To end").click();
    harness.run_steps(6);
    let session = harness.state().tabs.pathfinding.session();
    let cost = session.run().path_cost().expect("a path round the wall");
    let expected = {
        let problem = frontier::games::sandbox::GridProblem::new(
            std::sync::Arc::new(board),
            frontier::games::sandbox::Connectivity::Four,
            frontier::games::sandbox::Heuristic::Manhattan,
        );
        frontier::games::sandbox::GridRun::new(
            problem,
            PathAlgorithm::search(Algorithm::Dijkstra),
            frontier::search::Budget::UNLIMITED,
        )
        .run()
    };
    let frontier::search::Outcome::Found { cost: best, .. } = expected.outcome else {
        panic!("no path");
    };
    assert!((cost - best).abs() < 1e-9, "{cost} vs {best}");
    let repair = session.repair.as_ref().unwrap();
    assert!(
        repair.counted(),
        "A* from scratch counted within the frames"
    );
    let scratch = repair.scratch_expansions();
    let repair = session.run().expansions() - repair.before;
    // A seven-cell wall on a small board costs the repair more than a fresh A* (the bench
    // measures single edits on large boards); what counts here is that it was a repair.
    assert!(repair > 0 && scratch > 0);
    harness.get_by_label("Last repair");
    harness.get_by_label_contains(&format!("(A* from scratch: {scratch})"));
}

/// On a board big enough, A* from scratch (what the repair is compared with) is counted a
/// share of each frame beside the repair, not at once while the edit waits: the panel says
/// it is still counting, then gives the count a fresh A* makes.
#[test]
fn the_astar_a_repair_is_compared_with_is_counted_over_frames() {
    let mut app = FrontierApp::from_saved(None);
    let mut board = Board::new(120, 60);
    board.start = Pos::new(2, 30);
    board.goal = Pos::new(117, 30);
    // A long wall between them, open only at the bottom: A* must flood round it.
    for y in 0..58 {
        board.paint(Pos::new(60, y), 1);
    }
    app.tabs.pathfinding.replace_board(board);
    let mut harness = harness::harness_of(app, [1400.0, 900.0]);
    harness.run_steps(2);
    choose(&mut harness, PathAlgorithm::parse("dstar-lite").unwrap());
    harness.run_steps(2);
    harness::click(&mut harness, "To end");
    harness.run_steps(40);
    let session = harness.state().tabs.pathfinding.session();
    assert!(
        session.at_end(),
        "planned: {} steps, {:?}, {:?}",
        session.position(),
        session.run().ended(),
        session.algorithm
    );
    let path = session.path().expect("a path").to_vec();

    let mut board = harness.state().tabs.pathfinding.board().clone();
    board.paint(path[path.len() / 3], 1);
    harness
        .state_mut()
        .tabs
        .pathfinding
        .paint_board(board.clone());
    harness.run_steps(1);
    let repair = harness.state().tabs.pathfinding.session().repair.as_ref();
    assert!(!repair.expect("repaired").counted(), "still counting");
    harness.get_by_label_contains("A* from scratch: counting");

    harness.run_steps(40);
    let session = harness.state().tabs.pathfinding.session();
    let repair = session.repair.as_ref().expect("repaired");
    assert!(repair.counted());
    assert_eq!(
        **session.board(),
        board,
        "the repaired plan is on the edited board"
    );
    let fresh = frontier::games::sandbox::GridRun::new(
        session.run().problem().clone(),
        PathAlgorithm::search(Algorithm::AStar),
        frontier::search::Budget::UNLIMITED,
    )
    .run();
    assert_eq!(repair.scratch_expansions(), fresh.expanded);
    harness.get_by_label_contains(&format!("(A* from scratch: {})", fresh.expanded));
}

/// The classic D* Lite demonstration: a robot that sees two cells around it walks into a
/// wall it did not know of, and the plan is repaired on the way.
#[test]
fn the_dstar_lite_robot_walks_to_the_goal_discovering_walls_and_steps_back() {
    let mut board = Board::new(12, 8);
    board.start = Pos::new(1, 1);
    board.goal = Pos::new(10, 1);
    // A wall between start and goal, open at the bottom.
    for y in 0..7 {
        board.paint(Pos::new(6, y), 1);
    }
    let mut app = FrontierApp::from_saved(None);
    app.tabs.pathfinding.replace_board(board.clone());
    let mut harness = harness::harness_of(app, [1400.0, 900.0]);
    harness.run_steps(3);
    assert!(
        harness.query_by_label("Robot walk").is_none(),
        "the robot belongs to D* Lite"
    );
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("D* Lite").click();
    harness.run_steps(2);
    harness.get_by_label("Robot walk").click();
    harness.run_steps(2);
    harness.get_by_label("The D* Lite robot in pseudo-code");
    harness.get_by_label_contains("sees 2 cells around it and believes the rest is open floor");
    harness.get_by_label("a wall the robot has not seen");

    // Believing the floor open, it first heads straight for the goal.
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    let robot = harness.state().tabs.pathfinding.robot().unwrap();
    assert_eq!(robot.walk().trail, [Pos::new(1, 1), Pos::new(2, 1)]);

    harness.get_by_label("To end").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Arrived at the goal after");
    let robot = harness.state().tabs.pathfinding.robot().unwrap();
    let walk = robot.walk();
    assert_eq!(walk.at(), board.goal);
    assert!(walk.discovered >= 7, "it saw the wall: {}", walk.discovered);
    assert!(walk.repair_expansions > 0);
    let problem = frontier::games::sandbox::GridProblem::new(
        std::sync::Arc::new(board.clone()),
        frontier::games::sandbox::Connectivity::Four,
        frontier::games::sandbox::Heuristic::Manhattan,
    );
    let walked = problem
        .check_path(&walk.trail)
        .expect("every move is legal");
    // It believed 9 moves would do; the way round the wall's bottom end takes 21.
    assert_eq!(walked, 21.0, "round the wall's bottom end");
    let moves = walk.trail.len() - 1;
    harness.get_by_label(&moves.to_string());

    // Back: first to the move onto the goal (arriving was a step of its own), then to the
    // move before it, told in words.
    harness.get_by_label("Back").click();
    harness.run_steps(2);
    harness.get_by_label_contains(&format!("Moved to {}", walk_goal(&harness)));
    harness.get_by_label("Back").click();
    harness.run_steps(2);
    let robot = harness.state().tabs.pathfinding.robot().unwrap();
    assert_eq!(robot.walk().trail.len() - 1, moves - 1);
    assert_ne!(robot.walk().at(), walk_goal(&harness));
    harness.get_by_label_contains("Moved to");

    // Painting a wall sends the robot back to the start of the edited board.
    let mut edited = board;
    edited.paint(Pos::new(3, 1), 1);
    let tab = &mut harness.state_mut().tabs.pathfinding;
    tab.paint_board(edited);
    harness.run_steps(2);
    let robot = harness.state().tabs.pathfinding.robot().unwrap();
    assert_eq!(robot.position(), 0);

    // Another search takes the robot off the board.
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("A*").click();
    harness.run_steps(2);
    assert!(harness.state().tabs.pathfinding.robot().is_none());
    harness.get_by_label("A* in pseudo-code");
}

fn walk_goal(harness: &Harness<'_, FrontierApp>) -> Pos {
    harness.state().tabs.pathfinding.board().goal
}

/// A click on the board in predict mode: the cell the search takes next is right, a cell
/// it has already expanded is wrong, and stepping back takes the wrong answer back.
#[test]
fn predict_mode_judges_clicks_on_the_board_and_step_back_takes_an_answer_back() {
    let mut harness = app_on_open_board();
    let board_before = harness.state().tabs.pathfinding.board().clone();
    harness.get_by_label("Predict the next step").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Your turn: which cell does the search expand next?");
    harness.get_by_label("Score: 0 of 0");

    let (_, next) = (harness.state().tabs.pathfinding.session().run())
        .next_expansion()
        .unwrap();
    assert_eq!(next, Pos::new(1, 1), "the start goes first");
    drag(&mut harness, next, &[]);
    assert_eq!(step_count(&harness), 1, "the answer took the step");
    harness.get_by_label_contains(&format!("Right: {next} was next. A* takes the lowest f"));
    harness.get_by_label("Score: 1 of 1");

    // The start has been expanded: naming it again is wrong, and told so.
    drag(&mut harness, Pos::new(1, 1), &[]);
    assert_eq!(step_count(&harness), 2);
    harness.get_by_label_contains("Not quite: (1,1) is not in the frontier");
    harness.get_by_label("Score: 1 of 2");
    assert_eq!(
        *harness.state().tabs.pathfinding.board(),
        board_before,
        "clicks answered, they painted nothing"
    );

    harness.get_by_label("Back").click();
    harness.run_steps(2);
    assert_eq!(step_count(&harness), 1);
    harness.get_by_label("Score: 1 of 1");
    harness.get_by_label_contains("Right:");

    // With the teaching panel hidden, the verdict and the score go above the board.
    harness.key_press(Key::CloseBracket);
    harness.run_steps(2);
    harness.get_by_label_contains("Score: 1 of 1 · Right: (1,1) was next.");
    harness.key_press(Key::CloseBracket);
    harness.run_steps(2);

    // Turning the mode off gives the board back to the brush.
    harness.get_by_label("Predict the next step").click();
    harness.run_steps(2);
    harness.get_by_label("Wall").click();
    harness.run_steps(2);
    drag(&mut harness, Pos::new(5, 5), &[]);
    assert!(
        !harness
            .state()
            .tabs
            .pathfinding
            .board()
            .is_passable(Pos::new(5, 5))
    );
}

#[test]
fn predict_mode_asks_which_cells_join_the_frontier() {
    let mut harness = app_on_open_board();
    harness.get_by_label("Predict the next step").click();
    harness.run_steps(2);
    harness
        .get_by_label("the cells that join the frontier")
        .click();
    harness.run_steps(2);
    harness.get_by_label_contains("Your turn: click every cell that joins the frontier");
    let joined = |harness: &Harness<'_, FrontierApp>| {
        let run = harness.state().tabs.pathfinding.session().run();
        frontier::games::sandbox::predict::judge_joining(run, &[])
            .unwrap()
            .joined
    };
    // The start's neighbours join at the first step. A cell picked twice is taken back.
    let first = joined(&harness);
    assert_eq!(first.len(), 4);
    drag(&mut harness, Pos::new(8, 5), &[]);
    drag(&mut harness, Pos::new(8, 5), &[]);
    for &cell in &first {
        drag(&mut harness, cell, &[]);
    }
    assert_eq!(harness.state().tabs.pathfinding.picked(), first);
    harness.get_by_label("Check my cells and step").click();
    harness.run_steps(2);
    assert_eq!(step_count(&harness), 1);
    harness.get_by_label_contains("Right: 4 cells join");
    harness.get_by_label("Score: 1 of 1");

    // Nothing picked: the cells that join are named as missed.
    let second = joined(&harness);
    harness.get_by_label("Check my cells and step").click();
    harness.run_steps(2);
    harness.get_by_label_contains(&format!("Missed: {}", second[0]));
    harness.get_by_label("Score: 1 of 2");
    harness.get_by_label("Back").click();
    harness.run_steps(2);
    harness.get_by_label("Score: 1 of 1");
    assert!(
        harness
            .state()
            .tabs
            .pathfinding
            .board()
            .is_passable(Pos::new(8, 5))
    );
}

/// The robot's first plan is made at once, so a board too large for that says so instead of
/// freezing the window.
#[test]
fn the_robot_walks_only_boards_it_can_plan_at_once() {
    let mut app = FrontierApp::from_saved(None);
    app.tabs.pathfinding.replace_board(Board::new(1100, 1000));
    app.tabs
        .pathfinding
        .change_settings(|s| s.algorithm = PathAlgorithm::parse("dstar-lite").unwrap());
    let mut harness = harness::harness_of(app, [1400.0, 900.0]);
    harness.run_steps(2);
    assert!(harness.query_by_label("Robot walk").is_none());
    harness.get_by_label_contains("The robot walks boards of up to 1048576 cells");
}

/// Clicks File → `entry` (egui_kittest: the menu opens, then the entry is clicked).
fn file_menu(harness: &mut Harness<'static, FrontierApp>, entry: &str) {
    harness::click(harness, "File");
    harness.get_by_label(entry).click();
    harness.step();
    // (What the entry does is in this frame's output; a window it opens shows next frame.)
}

/// File → Copy link puts the board, its search and the step in a link; File → Open link… on
/// another app opens exactly that: the same board, search, heuristic and step. A link that
/// does not read changes nothing and says why.
#[test]
fn a_copied_link_opens_the_same_board_search_and_step_and_a_broken_one_changes_nothing() {
    let mut harness = app_on_open_board();
    drag(&mut harness, Pos::new(5, 0), &[Pos::new(5, 5)]);
    choose(&mut harness, PathAlgorithm::search(Algorithm::Bfs));
    for _ in 0..7 {
        harness::click(&mut harness, "Step");
    }
    assert_eq!(step_count(&harness), 7);
    file_menu(&mut harness, "Copy link");
    let copied = harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("the link went to the clipboard");
    assert!(copied.contains("#v1."), "{copied}");
    harness.get_by_label_contains(&format!("Link copied ({} characters)", copied.len()));
    let painted = harness.state().tabs.pathfinding.board().clone();

    // Another app, on its own first board: the link opens the painted one at step 7.
    let mut other = harness::app([1400.0, 900.0]);
    let before = other.state().tabs.pathfinding.board().clone();
    file_menu(&mut other, "Open link…");
    other.run_steps(2);
    other.get_by_label("Link to open").focus();
    other.step();
    other
        .get_by_label("Link to open")
        .type_text("https://example.org/#v1.not-a-view");
    other.run_steps(2);
    other.get_by_label("Open").click();
    other.run_steps(2);
    other.get_by_label_contains("The link is cut short or damaged");
    assert_eq!(
        *other.state().tabs.pathfinding.board(),
        before,
        "nothing changed"
    );

    other.get_by_label("Link to open").focus();
    other.step();
    other.key_press_modifiers(Modifiers::COMMAND, Key::A);
    other.get_by_label("Link to open").type_text(&copied);
    other.run_steps(2);
    other.get_by_label("Open").click();
    for _ in 0..100 {
        other.step();
    }
    let tab = &other.state().tabs.pathfinding;
    assert_eq!(*tab.board(), painted);
    assert_eq!(
        tab.settings().algorithm,
        PathAlgorithm::search(Algorithm::Bfs)
    );
    assert_eq!(tab.session().position(), 7, "stepped to the link's step");
    assert!(
        other.query_by_label("Open a link").is_none(),
        "the window closed"
    );
}

/// A link made while two searches are compared opens both, at the step they stood at
/// together (the one that ended first stays at its end).
#[test]
fn a_link_made_comparing_two_searches_opens_both_at_the_same_step() {
    let mut harness = app_on_open_board();
    let (astar, bfs) = (
        PathAlgorithm::search(Algorithm::AStar),
        PathAlgorithm::search(Algorithm::Bfs),
    );
    harness.state_mut().tabs.pathfinding.change_settings(|s| {
        s.algorithm = astar;
        s.compare_with = Some(bfs);
    });
    harness.run_steps(2);
    // Past A*'s end, BFS still going.
    let astar_end = loop {
        harness::click(&mut harness, "Step");
        let sessions = harness.state().tabs.pathfinding.sessions();
        if sessions[0].finished() {
            break sessions[0].position();
        }
    };
    for _ in 0..5 {
        harness::click(&mut harness, "Step");
    }
    let bfs_at = harness.state().tabs.pathfinding.sessions()[1].position();
    assert!(bfs_at > astar_end);
    file_menu(&mut harness, "Copy link");
    let copied = harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("the link went to the clipboard");
    let mut other = harness::app([1400.0, 900.0]);
    other.state_mut().open_link(&copied).expect("it opens");
    for _ in 0..100 {
        other.step();
    }
    let tab = &other.state().tabs.pathfinding;
    assert_eq!(tab.settings().compare_with, Some(bfs));
    let positions: Vec<usize> = tab.sessions().iter().map(|s| s.position()).collect();
    assert_eq!(positions, [astar_end, bfs_at]);
}

/// Sends a touch of finger `id` (phase `phase`) at `pos`, as a browser on a touch screen
/// does; the first finger also moves and presses the pointer, as eframe makes it.
fn touch(harness: &mut Harness<'static, FrontierApp>, id: u64, phase: egui::TouchPhase, pos: Pos2) {
    harness.event(egui::Event::Touch {
        device_id: egui::TouchDeviceId(1),
        id: egui::TouchId(id),
        phase,
        pos,
        force: None,
    });
    if id == 0 {
        harness.event(egui::Event::PointerMoved(pos));
        let pressed = match phase {
            egui::TouchPhase::Start => Some(true),
            egui::TouchPhase::End | egui::TouchPhase::Cancel => Some(false),
            egui::TouchPhase::Move => None,
        };
        if let Some(pressed) = pressed {
            harness.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: Modifiers::NONE,
            });
        }
    }
}

/// Two fingers pinch the board: it zooms about them; moved together they pan it; the cell
/// the first finger touched is not painted (a pinch is not a stroke). One finger paints.
#[test]
fn a_pinch_zooms_two_fingers_pan_and_neither_paints_one_finger_does() {
    use egui::TouchPhase::{End, Move, Start};
    let mut harness = app_on_open_board();
    harness.get_by_label("Wall").click();
    harness.run_steps(2);
    harness.state_mut().tabs.pathfinding.clear_history();
    let before = harness.state().tabs.pathfinding.sessions()[0]
        .view
        .cell_size();
    let (a, b) = (
        cell(&harness, Pos::new(4, 3)),
        cell(&harness, Pos::new(7, 3)),
    );
    touch(&mut harness, 0, Start, a);
    harness.step();
    touch(&mut harness, 1, Start, b);
    harness.step();
    for k in 1..=10 {
        let spread = egui::vec2(4.0 * k as f32, 0.0);
        touch(&mut harness, 0, Move, a - spread);
        touch(&mut harness, 1, Move, b + spread);
        harness.step();
    }
    touch(&mut harness, 1, End, b);
    touch(&mut harness, 0, End, a);
    harness.run_steps(2);
    let tab = &harness.state().tabs.pathfinding;
    let after = tab.sessions()[0].view.cell_size();
    assert!(after > before * 1.2, "zoomed from {before} to {after}");
    assert!(
        tab.board().is_passable(Pos::new(4, 3)),
        "the pinch painted nothing"
    );
    assert!(
        !tab.history().can_undo(),
        "nothing to undo: the taken-back stroke left no edit"
    );

    // Two fingers moving together pan.
    let corner = cell(&harness, Pos::new(0, 0));
    let (a, b) = (
        cell(&harness, Pos::new(4, 3)),
        cell(&harness, Pos::new(6, 3)),
    );
    touch(&mut harness, 0, Start, a);
    touch(&mut harness, 1, Start, b);
    harness.step();
    for k in 1..=6 {
        let along = egui::vec2(5.0 * k as f32, 0.0);
        touch(&mut harness, 0, Move, a + along);
        touch(&mut harness, 1, Move, b + along);
        harness.step();
    }
    touch(&mut harness, 1, End, b);
    touch(&mut harness, 0, End, a);
    harness.run_steps(2);
    let moved = cell(&harness, Pos::new(0, 0)) - corner;
    assert!(
        (moved.x - 30.0).abs() < 6.0 && moved.y.abs() < 3.0,
        "panned by {moved:?}"
    );
    assert!(!harness.state().tabs.pathfinding.history().can_undo());

    // One finger paints as a mouse does.
    let (from, to) = (
        cell(&harness, Pos::new(2, 1)),
        cell(&harness, Pos::new(2, 4)),
    );
    touch(&mut harness, 0, Start, from);
    harness.step();
    for k in 1..=6 {
        touch(&mut harness, 0, Move, from + (to - from) * (k as f32 / 6.0));
        harness.step();
    }
    touch(&mut harness, 0, End, to);
    harness.run_steps(2);
    let board = &harness.state().tabs.pathfinding.board();
    assert!((1..=4).all(|y| !board.is_passable(Pos::new(2, y))));
}

/// Before the first step the narration says what the frontier holds: the start for a
/// forward search, the goal for D* Lite (which searches back from it), both for a two-sided
/// search; and D* Lite's first step expands the goal it named.
#[test]
fn the_first_line_names_what_the_frontier_holds_for_each_kind_of_search() {
    use frontier::games::sandbox::PathAlgorithm;
    let mut harness = app_on_open_board();
    for (algorithm, says) in [
        (
            PathAlgorithm::search(Algorithm::AStar),
            "the frontier holds the start (1,1)",
        ),
        (
            PathAlgorithm::parse("dstar-lite").unwrap(),
            "its queue holds the goal (10,6)",
        ),
        (
            PathAlgorithm::parse("bibfs").unwrap(),
            "the forward frontier holds the start (1,1) and the backward one the goal (10,6)",
        ),
    ] {
        choose(&mut harness, algorithm);
        harness.run_steps(2);
        harness.get_by_label_contains(says);
    }
    choose(&mut harness, PathAlgorithm::parse("dstar-lite").unwrap());
    harness::click(&mut harness, "Step");
    let run = harness.state().tabs.pathfinding.session().run();
    assert_eq!(run.last_expanded().map(|(_, p)| p), Some(Pos::new(10, 6)));
}

/// A wall painted during D* Lite's first plan: the plan is made again on the edited board
/// and caught up to where it was, its step and its expansions agreeing, and the status says
/// what happened; once the plan is finished, an edit is repaired instead.
#[test]
fn an_edit_during_d_star_lites_first_plan_plans_again_and_one_after_it_repairs() {
    use frontier::games::sandbox::PathAlgorithm;
    let mut app = FrontierApp::from_saved(None);
    let mut board = Board::new(40, 30);
    board.start = Pos::new(1, 1);
    board.goal = Pos::new(38, 28);
    app.tabs.pathfinding.replace_board(board);
    app.tabs
        .pathfinding
        .change_settings(|s| s.algorithm = PathAlgorithm::parse("dstar-lite").unwrap());
    let mut harness = harness::harness_of(app, [1400.0, 900.0]);
    harness.run_steps(3);
    harness::click(&mut harness, "Wall");
    for _ in 0..20 {
        harness::click(&mut harness, "Step");
    }
    assert_eq!(step_count(&harness), 20);
    drag(&mut harness, Pos::new(20, 3), &[Pos::new(20, 6)]);
    harness.run_steps(10);
    let tab = &harness.state().tabs.pathfinding;
    let run = tab.session().run();
    assert!(run.ended().is_none(), "still the first plan");
    assert_eq!(tab.session().position(), 20, "caught up to where it was");
    assert_eq!(run.expansions(), 20, "the step and the expansions agree");
    assert!(tab.session().repair.is_none());
    harness.get_by_label_contains("it plans again on the edited board");

    // Finished, an edit is a repair: its timeline counts the repair's steps.
    harness::click(&mut harness, "To end");
    harness.run_steps(20);
    assert!(
        harness
            .state()
            .tabs
            .pathfinding
            .session()
            .run()
            .ended()
            .is_some()
    );
    drag(&mut harness, Pos::new(30, 10), &[Pos::new(30, 14)]);
    harness.run_steps(3);
    assert!(harness.state().tabs.pathfinding.session().repair.is_some());
}

/// The panel's "Cells are N px now" names the cells as the screen shows them: in pixels,
/// the interface scale counted (at 150% a 16-point cell is 24 pixels), and so its
/// thresholds too.
#[test]
fn the_cell_size_the_panel_names_is_in_the_screens_pixels() {
    let mut harness = harness::app([1920.0, 1080.0]);
    harness.state_mut().view.scale = 1.5;
    harness.run_steps(6);
    let points = harness.state().tabs.pathfinding.session().view.cell_size();
    let pixels = (points * harness.ctx.pixels_per_point()).round();
    assert!(
        (harness.ctx.pixels_per_point() - 1.5).abs() < 0.01,
        "{}",
        harness.ctx.pixels_per_point()
    );
    harness.get_by_label_contains(&format!("Cells are {pixels} px now"));
    harness.get_by_label_contains("parent arrows from 21 px cells");
}

/// After a run has reached its end, another search, or another board, starts at step 0 (a
/// teacher pressed Reset every time); an edit to the board still catches the new run up to
/// the end, so painting re-plans at once.
#[test]
fn a_new_search_or_board_starts_at_step_0_and_an_edit_catches_up() {
    use frontier::games::sandbox::PathAlgorithm;
    let mut harness = app_on_open_board();
    let to_end = |harness: &mut Harness<'static, FrontierApp>| {
        harness::click(harness, "To end");
        harness.run_steps(10);
        assert!(harness.state().tabs.pathfinding.session().at_end());
    };
    to_end(&mut harness);
    choose(&mut harness, PathAlgorithm::search(Algorithm::Bfs));
    harness.run_steps(10);
    assert_eq!(step_count(&harness), 0, "a new search starts at step 0");

    to_end(&mut harness);
    harness::click(&mut harness, "Wall");
    drag(&mut harness, Pos::new(6, 2), &[Pos::new(6, 4)]);
    harness.run_steps(10);
    assert!(
        harness.state().tabs.pathfinding.session().at_end(),
        "an edit catches up to the end"
    );

    // (Saved, so the preset opens without asking about unsaved edits.)
    harness.state_mut().tabs.pathfinding.mark_saved();
    harness
        .state_mut()
        .tabs
        .pathfinding
        .open_preset("maze.board");
    harness.run_steps(10);
    assert_eq!(harness.state().tabs.pathfinding.board().width(), 41);
    assert_eq!(step_count(&harness), 0, "a new board starts at step 0");
}

/// Predict mode puts the Answer tool in hand: a click is the answer. With a painting tool
/// picked, a click paints, and the question says so; the answers start afresh on the
/// changed board.
#[test]
fn in_predict_mode_the_answer_tool_answers_and_a_painting_tool_paints() {
    let mut harness = app_on_open_board();
    harness::click(&mut harness, "Step");
    harness::click(&mut harness, "Predict the next step");
    assert_eq!(
        harness.state().tabs.pathfinding.settings().tool,
        frontier::app::Tool::Answer
    );
    let before = harness.state().tabs.pathfinding.board().clone();
    // Any cell: right or wrong, it is an answer, and nothing is painted.
    drag(&mut harness, Pos::new(5, 5), &[]);
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(*tab.board(), before, "an answer paints nothing");
    let answered = tab
        .predictions()
        .as_ref()
        .unwrap()
        .score(tab.session().position())
        .1;
    assert_eq!(answered, 1, "the click was an answer");
    harness.get_by_label_contains("Score:");

    harness::click(&mut harness, "Wall");
    harness.get_by_label_contains("A painting tool is in hand: a click paints");
    drag(&mut harness, Pos::new(8, 2), &[]);
    let tab = &harness.state().tabs.pathfinding;
    assert!(
        !tab.board().is_passable(Pos::new(8, 2)),
        "the wall tool painted"
    );
    let answered = tab
        .predictions()
        .as_ref()
        .unwrap()
        .score(tab.session().position())
        .1;
    assert_eq!(answered, 0, "not an answer; the answers start afresh");

    harness::click(&mut harness, "Predict the next step");
    assert_ne!(
        harness.state().tabs.pathfinding.settings().tool,
        frontier::app::Tool::Answer
    );
    assert!(
        harness.query_by_label("Answer").is_none(),
        "no Answer tool outside predict mode"
    );
}

/// At any zoom the cell under the pointer tells its g, h and f beside it when the cells are
/// too small to carry the numbers; and the wheel zooms gently (six notches about triple the
/// cells, where they had made them ten times larger).
#[test]
fn hovering_a_cell_tells_its_costs_and_the_wheel_zooms_gently() {
    let mut app = FrontierApp::from_saved(None);
    let mut board = Board::new(60, 40);
    board.start = Pos::new(1, 1);
    board.goal = Pos::new(58, 38);
    app.tabs.pathfinding.replace_board(board);
    let mut harness = harness::harness_of(app, [1400.0, 900.0]);
    harness.run_steps(3);
    for _ in 0..6 {
        harness::click(&mut harness, "Step");
    }
    let info = {
        let run = harness.state().tabs.pathfinding.session().run();
        let pos = Pos::new(2, 1);
        run.info(pos).expect("reached in six steps")
    };
    assert!(harness.state().tabs.pathfinding.session().view.cell_size() < 48.0);
    harness.hover_at(cell(&harness, Pos::new(2, 1)));
    harness.run_steps(60);
    harness.get_by_label_contains(&format!(
        "(2,1)   g {}   h {}   f {}",
        info.g, info.h, info.f
    ));

    let before = harness.state().tabs.pathfinding.session().view.cell_size();
    let at = cell(&harness, Pos::new(6, 4));
    for _ in 0..6 {
        harness.hover_at(at);
        harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Line,
            delta: egui::vec2(0.0, 1.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: Modifiers::NONE,
        });
        harness.run_steps(10);
    }
    let after = harness.state().tabs.pathfinding.session().view.cell_size();
    let ratio = after / before;
    assert!(
        (1.5..4.0).contains(&ratio),
        "six notches: {before} to {after}"
    );
}

#[test]
fn the_app_opens_on_the_far_doors_board_whose_note_the_games_tests_check() {
    let first = frontier::games::sandbox::presets::board("far-doors.board").unwrap();
    let app = frontier::app::FrontierApp::from_saved(None);
    assert_eq!(*app.tabs.pathfinding.board(), first);
}

/// A board of a million cells has its tables made over frames: a progress bar stands in
/// for the board, the step keys wait, and the runs begin on the new board once it is
/// ready, each frame having made only its share (here 500 lines a pass; egui may run a
/// frame in two passes).
#[test]
fn a_big_board_is_made_ready_over_frames_with_a_progress_bar() {
    let mut harness = app_on_open_board();
    frontier::ui::step_controls::FrameBudget::Steps(500).set(&harness.ctx);
    let jps = PathAlgorithm::parse("jps").expect("JPS");
    choose(&mut harness, jps);
    harness.run_steps(2);
    let mut big = Board::new(1024, 1024);
    for y in (2..1020).step_by(4) {
        big.paint(Pos::new(500, y), big.wall_terrain().expect("a wall"));
    }
    harness.state_mut().tabs.pathfinding.replace_board(big);
    let tab = &harness.state().tabs.pathfinding;
    let first = tab
        .preparing()
        .expect("a big board is prepared over frames");
    assert_eq!(first.tables.made, 0);
    assert_eq!(
        first.tables.of,
        1024 + 2 * (1024 + 1024),
        "rows, then jump lines"
    );
    assert_eq!(
        first.tiles,
        (0, 4),
        "then the picture's four 512 x 512 tiles"
    );
    assert_eq!(tab.session().board().width(), 12, "the runs wait");

    harness.step();
    harness.get_by_label_contains("Getting the 1024 x 1024 board ready");
    for control in ["Step", "To end"] {
        let button = harness.get_by_label(control);
        assert!(button.accesskit_node().is_disabled(), "{control} waits too");
    }
    harness.key_press(Key::ArrowRight);
    let mut made = vec![];
    for _ in 0..50 {
        harness.step();
        match harness.state().tabs.pathfinding.preparing() {
            Some(preparing) => made.push(preparing.tables.made + preparing.tiles.0),
            None => break,
        }
    }
    let tab = &harness.state().tabs.pathfinding;
    assert!(
        tab.preparing().is_none(),
        "ready within 50 frames: {made:?}"
    );
    assert!(made.len() >= 2, "spread over frames: {made:?}");
    assert_eq!(
        made.last(),
        Some(&(5120 + 4)),
        "every line and tile made first"
    );
    assert!(made.windows(2).all(|w| w[0] < w[1] && w[1] - w[0] <= 1_000));
    assert_eq!(tab.session().board().width(), 1024);
    assert_eq!(
        tab.session().position(),
        0,
        "the key pressed while preparing did nothing"
    );
    assert_eq!(tab.session().algorithm, jps);

    assert!(!harness.get_by_label("Step").accesskit_node().is_disabled());
    harness.key_press(Key::ArrowRight);
    harness.run_steps(2);
    assert_eq!(
        step_count(&harness),
        1,
        "the runs go on once the board is ready"
    );
}

/// A big board saved at the end of the last session is made ready over the first frames,
/// as an opened one is, rather than before the first frame.
#[test]
fn a_big_board_saved_last_time_is_made_ready_over_the_first_frames() {
    let mut harness = app_on_open_board();
    let mut big = Board::new(1024, 1024);
    for y in (2..1020).step_by(4) {
        big.paint(Pos::new(500, y), big.wall_terrain().expect("a wall"));
    }
    let jps = PathAlgorithm::parse("jps").expect("JPS");
    let tab = &mut harness.state_mut().tabs.pathfinding;
    tab.change_settings(|s| s.algorithm = jps);
    tab.replace_board(big.clone());
    let saved = harness.state().saved_state().to_ron();

    let restored = FrontierApp::from_saved(Some(&saved));
    let tab = &restored.tabs.pathfinding;
    assert_eq!(*tab.board(), big);
    let first = tab.preparing().expect("made ready over frames");
    assert_eq!(first.tables.made, 0, "nothing made before the first frame");
    assert!(tab.session().board().width() < 1024, "the runs wait");

    // Started in a harness that has drawn its first frames already, so that the frames
    // below are the restored app's first: the tables are made over them, and meanwhile the
    // panel names no cell size (the placeholder's would be wrong).
    let mut harness = harness::harness_of(FrontierApp::from_saved(None), [1400.0, 900.0]);
    *harness.state_mut() = restored;
    harness.step();
    assert!(harness.state().tabs.pathfinding.preparing().is_some());
    assert!(
        harness.query_by_label_contains("px now").is_none(),
        "no cell size named for the placeholder the runs wait on"
    );
    frames_until_the_runs_begin(&mut harness, &big, jps);
    harness.run_steps(2);
    // The big board's cells, smaller than a pixel, in tenths of one (not "0 px").
    let points = harness.state().tabs.pathfinding.session().view.cell_size();
    let pixels = points * harness.ctx.pixels_per_point();
    assert!(pixels < 1.0, "the big board's cells: {pixels} px");
    let node = harness.get_by_label_contains("px now");
    let node = node.accesskit_node();
    let hint = node.label().or(node.value()).unwrap_or_default();
    let named: f32 = hint
        .rsplit("Cells are ")
        .next()
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a cell size in {hint:?}"));
    assert!(
        named > 0.0 && (named - pixels).abs() <= 0.05 + 1e-3,
        "{hint:?} for cells of {pixels} px"
    );
}

/// Draws frames until a big board is ready (at most 50), checks that the runs then begin
/// at step 0 with `algorithm` on `board`, and returns the tables' count at each frame.
fn frames_until_the_runs_begin(
    harness: &mut Harness<'_, FrontierApp>,
    board: &Board,
    algorithm: PathAlgorithm,
) -> Vec<usize> {
    let mut made = vec![];
    while let Some(preparing) = harness.state().tabs.pathfinding.preparing() {
        made.push(preparing.tables.made);
        assert!(made.len() < 50, "ready within 50 frames: {made:?}");
        harness.step();
    }
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(**tab.session().board(), *board);
    assert_eq!(
        (tab.session().algorithm, tab.session().position()),
        (algorithm, 0)
    );
    made
}

/// Choosing another search while a big board is made ready changes what is made (JPS's
/// jump distances after the move sets, over frames as well) without losing what is made
/// already, and the runs begin with the search chosen.
#[test]
fn a_search_chosen_while_a_big_board_is_made_ready_is_the_one_that_runs() {
    let mut harness = app_on_open_board();
    frontier::ui::step_controls::FrameBudget::Steps(500).set(&harness.ctx);
    let big = Board::new(1024, 1024);
    let tab = &mut harness.state_mut().tabs.pathfinding;
    tab.change_settings(|s| s.algorithm = PathAlgorithm::search(Algorithm::AStar));
    tab.replace_board(big.clone());
    harness.run_steps(1);
    let before = harness
        .state()
        .tabs
        .pathfinding
        .preparing()
        .expect("preparing");
    assert!(
        before.tables.made > 0 && before.tables.made < 1024,
        "part of the move sets' rows: {before:?}"
    );

    let jps = PathAlgorithm::parse("jps").expect("JPS");
    choose(&mut harness, jps);
    let after = harness
        .state()
        .tabs
        .pathfinding
        .preparing()
        .expect("still preparing");
    assert_eq!(
        after.tables.made, before.tables.made,
        "nothing made is lost"
    );

    let made = frames_until_the_runs_begin(&mut harness, &big, jps);
    assert!(
        made.iter().any(|&m| m > 1024 && m < 1024 + 2 * 2048),
        "the jump lines made over frames too: {made:?}"
    );
}

/// A frame egui runs in two passes (a layout that changed asks for a second one) is one
/// frame of play: the run takes the same steps as in frames of one pass.
#[test]
fn a_frame_drawn_in_two_passes_plays_one_frame_of_steps() {
    let steps_after_frames = |two_passes: bool| {
        let mut app = FrontierApp::from_saved(None);
        let mut board = Board::new(40, 30);
        board.goal = Pos::new(39, 29);
        app.tabs.pathfinding.replace_board(board);
        app.tabs.pathfinding.playback_mut().speed = 4;
        app.tabs.pathfinding.playback_mut().playing = true;
        let mut harness = Harness::builder()
            .with_size([1400.0, 900.0])
            .with_step_dt(1.0 / 60.0)
            .build_ui_state(
                move |ui, app: &mut FrontierApp| {
                    if two_passes && ui.ctx().current_pass_index() == 0 {
                        ui.ctx().request_discard("the test asks for a second pass");
                    }
                    app.show(ui)
                },
                app,
            );
        harness::FRAME_BUDGET.set(&harness.ctx);
        for _ in 0..30 {
            harness.step();
        }
        step_count(&harness)
    };
    let one = steps_after_frames(false);
    assert!(one > 0, "the run plays");
    assert_eq!(steps_after_frames(true), one);
}

/// While a big board is made ready, neither the side panel nor, in a small window, the line
/// above the board narrates the old board's run: both say the runs begin when it is ready.
#[test]
fn while_a_big_board_is_made_ready_no_old_run_is_narrated() {
    for size in [[1400.0, 900.0], [640.0, 420.0]] {
        let mut app = FrontierApp::from_saved(None);
        app.tabs.pathfinding.replace_board(Board::new(12, 8));
        let mut harness = harness::harness_of(app, size);
        harness.run_steps(3);
        assert!(
            harness
                .query_by_label_contains("Ready: the frontier")
                .is_some()
        );
        let big = Board::new(1024, 1024);
        harness.state_mut().tabs.pathfinding.replace_board(big);
        harness.step();
        assert!(harness.state().tabs.pathfinding.preparing().is_some());
        assert!(
            harness
                .query_by_label_contains("Ready: the frontier")
                .is_none(),
            "{size:?}"
        );
        harness.get_by_label_contains("The runs begin as soon as the board is ready");
    }
}

/// The chart keeps the last run of each search for comparison, not every run: switching
/// back and forth (or running one's program again and again) gives one "(earlier)" line,
/// never "(earlier) (earlier)".
#[test]
fn the_chart_keeps_one_earlier_run_of_each_search() {
    let mut harness = app_on_open_board();
    for _ in 0..3 {
        for algorithm in [Algorithm::Bfs, Algorithm::AStar] {
            choose(&mut harness, PathAlgorithm::search(algorithm));
            harness.run_steps(2);
            for _ in 0..2 {
                harness.get_by_label("Step").click();
                harness.run_steps(2);
            }
        }
    }
    use egui_kittest::kittest::NodeT;
    let earlier: Vec<String> = harness
        .query_all_by_label_contains("(earlier)")
        .filter(|node| node.accesskit_node().role() == egui::accesskit::Role::Label)
        .map(|node| format!("{node:?}"))
        .collect();
    assert!(earlier.len() <= 1, "{earlier:#?}");
    assert!(
        harness
            .query_by_label_contains("(earlier) (earlier)")
            .is_none()
    );
}
