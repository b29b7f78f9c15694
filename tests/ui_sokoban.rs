//! The Sokoban tab driven as a user drives it (egui_kittest).

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::{FrontierApp, SokobanMode, Tab};
use frontier::games::sokoban::{Step, verify_solution};
use frontier::grid::{Dir, Pos};

fn app() -> Harness<'static, FrontierApp> {
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(
            |ui, app: &mut FrontierApp| app.show(ui),
            FrontierApp::from_saved(None),
        );
    harness.run_steps(2);
    harness.get_by_label("Sokoban").click();
    harness.run_steps(2);
    harness
}

fn key_of(dir: Dir) -> Key {
    match dir {
        Dir::Up => Key::ArrowUp,
        Dir::Down => Key::ArrowDown,
        Dir::Left => Key::ArrowLeft,
        Dir::Right => Key::ArrowRight,
    }
}

#[test]
fn the_first_level_is_won_with_the_arrow_keys_and_undo_takes_a_move_back() {
    let mut harness = app();
    assert_eq!(harness.state().tab, Tab::Sokoban);
    for _ in 0..3 {
        harness.key_press(Key::ArrowRight);
        harness.step();
    }
    let tab = &harness.state().sokoban;
    let game = tab.game.as_ref().unwrap();
    assert!(game.is_won());
    assert_eq!((game.moves(), game.pushes()), (3, 2));
    assert_eq!(
        tab.progress.best(game.level()).map(|b| (b.moves, b.pushes)),
        Some((3, 2))
    );
    harness.get_by_label_contains("Solved!");

    harness.key_press(Key::U);
    harness.step();
    let game = harness.state().sokoban.game.as_ref().unwrap();
    assert!(!game.is_won());
    assert_eq!(game.moves(), 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.step();
    assert!(harness.state().sokoban.game.as_ref().unwrap().is_won());
}

#[test]
fn a_preset_is_played_to_the_win_with_wasd_and_arrows() {
    let mut harness = app();
    harness.key_press(Key::N);
    harness.step();
    harness.key_press(Key::N);
    harness.step();
    assert_eq!(harness.state().sokoban.index, 2, "N goes to the next level");
    // The solver's own solution, typed in as a player would.
    let level = harness.state().sokoban.level().unwrap().clone();
    let report = frontier::games::sokoban::solver::solve(
        &level,
        frontier::search::Algorithm::AStar,
        frontier::games::sokoban::solver::Detail::Pushes,
        frontier::search::Budget::UNLIMITED,
    );
    let frontier::games::sokoban::solver::SolveOutcome::Solved { lurd, .. } = report.outcome else {
        panic!("the preset is solvable");
    };
    for (i, letter) in lurd.chars().enumerate() {
        let step = Step::from_letter(letter).unwrap();
        // Alternate arrows and WASD.
        let key = if i % 2 == 0 {
            key_of(step.dir)
        } else {
            match step.dir {
                Dir::Up => Key::W,
                Dir::Down => Key::S,
                Dir::Left => Key::A,
                Dir::Right => Key::D,
            }
        };
        harness.key_press(key);
        harness.step();
    }
    let game = harness.state().sokoban.game.as_ref().unwrap();
    assert!(game.is_won(), "after {}", game.lurd());
    assert_eq!(game.lurd(), lurd);
    harness.key_press(Key::R);
    harness.step();
    assert_eq!(
        harness.state().sokoban.game.as_ref().unwrap().moves(),
        0,
        "R restarts"
    );
}

#[test]
fn clicking_a_square_walks_there() {
    let mut harness = app();
    // Level 3 ("Two boxes"): the player at (5,2) walks to (1,1).
    harness.state_mut().sokoban.select(2);
    harness.run_steps(2);
    let start = harness.state().sokoban.game.as_ref().unwrap().player();
    assert_eq!(start, Pos::new(5, 2));
    let target = harness.state().sokoban.view_center(Pos::new(1, 1)).unwrap();
    harness.hover_at(target);
    harness.step();
    harness.drag_at(target);
    harness.step();
    harness.drop_at(target);
    harness.run_steps(2);
    let game = harness.state().sokoban.game.as_ref().unwrap();
    assert_eq!(game.player(), Pos::new(1, 1));
    assert_eq!(game.pushes(), 0);
}

#[test]
fn the_solver_runs_from_the_ui_to_a_checked_solution_and_replays_it() {
    let mut harness = app();
    harness.state_mut().sokoban.select(6);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Start solving").click();
    harness.run_steps(2);
    harness.key_press(Key::ArrowRight);
    harness.step();
    assert_eq!(
        harness.state().sokoban.session.as_ref().unwrap().position(),
        1
    );
    harness.get_by_label("To end").click();
    for _ in 0..100 {
        harness.step();
        if harness
            .state()
            .sokoban
            .session
            .as_ref()
            .unwrap()
            .solution
            .is_some()
        {
            break;
        }
    }
    let tab = &harness.state().sokoban;
    let session = tab.session.as_ref().unwrap();
    let lurd = session.solution.clone().expect("solved").expect("checked");
    let (_, pushes) = verify_solution(&session.level, &lurd).expect("replays");
    // A* ends on the goal: g is the solution's pushes, and nothing is left to push.
    assert_eq!(session.run().last_costs(), Some((pushes as f64, 0.0)));
    harness.get_by_label("g + h");
    harness.get_by_label("Lower bound on pushes left (h)");
    harness.get_by_label("Pushes so far (g)");
    harness.get_by_label("Copy LURD");
    harness.get_by_label("Replay solution").click();
    harness.run_steps(2);
    harness.get_by_label("To end").click();
    harness.run_steps(2);
    assert_eq!(harness.state().sokoban.mode, SokobanMode::Solve);
    harness.get_by_label("Replaying the solution");
    let replay = harness.state().sokoban.replay_game().expect("replaying");
    assert!(replay.is_won());
    assert_eq!(replay.lurd(), lurd);
}

#[test]
fn the_editor_paints_a_level_checks_it_and_plays_it() {
    let mut harness = app();
    harness.get_by_label("Edit level").click();
    harness.run_steps(2);
    harness.get_by_label("New empty level").click();
    harness.run_steps(2);
    harness.get_by_label("Check").click();
    harness.run_steps(2);
    harness.get_by_label_contains("has no player");
    for (tool, pos) in [
        ("Player", Pos::new(2, 2)),
        ("Box", Pos::new(4, 2)),
        ("Goal", Pos::new(6, 2)),
    ] {
        harness.get_by_label(tool).click();
        harness.run_steps(1);
        let at = harness.state().sokoban.view_center(pos).unwrap();
        harness.hover_at(at);
        harness.step();
        harness.drag_at(at);
        harness.step();
        harness.drop_at(at);
        harness.run_steps(2);
    }
    harness.get_by_label("Check").click();
    harness.run_steps(2);
    harness.get_by_label("The level is ready to play.");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert!(
        !harness.state().sokoban.editing.is_goal(Pos::new(6, 2)),
        "undo takes the goal away"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.step();
    harness.get_by_label("Play it").click();
    harness.run_steps(2);
    let tab = &harness.state().sokoban;
    assert_eq!(tab.mode, SokobanMode::Play);
    assert_eq!(tab.game.as_ref().unwrap().player(), Pos::new(2, 2));
}

#[test]
fn a_malformed_level_shows_its_line_and_a_pasted_level_opens() {
    let mut harness = app();
    let before = harness.state().sokoban.entries.len();
    harness
        .state_mut()
        .sokoban
        .load_collection("bad.xsb", "hello\n");
    harness.run_steps(2);
    harness.get_by_label_contains("no Sokoban level found");
    assert_eq!(
        harness.state().sokoban.entries.len(),
        before,
        "the open levels stay"
    );
    harness.get_by_label("OK").click();
    harness.run_steps(2);

    harness.event(egui::Event::Paste(
        "; Pasted\n#######\n#@ $ .#\n#######\n".into(),
    ));
    harness.run_steps(2);
    let tab = &harness.state().sokoban;
    assert_eq!(tab.entries.len(), 1);
    assert_eq!(tab.entries[0].title, "Pasted");
}

#[test]
fn the_solve_board_marks_the_dead_squares_until_told_not_to() {
    use frontier::games::sokoban::solver::analysis::Analysis;
    let mut harness = app();
    harness.state_mut().sokoban.select(3); // "Mind the corners"
    harness.run_steps(1);
    assert!(
        harness.state_mut().sokoban.dead_squares_shown().is_empty(),
        "only the Solve board marks them"
    );
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    let level = harness.state().sokoban.level().expect("a valid preset").clone();
    let expected: Vec<Pos> = Analysis::new(&level).dead_positions().collect();
    assert!(!expected.is_empty(), "the level teaches corners");
    assert_eq!(harness.state_mut().sokoban.dead_squares_shown(), expected);
    harness.get_by_label("Show dead squares").click();
    harness.run_steps(2);
    assert!(!harness.state().sokoban.show_dead_squares);
    assert!(harness.state_mut().sokoban.dead_squares_shown().is_empty());
}
