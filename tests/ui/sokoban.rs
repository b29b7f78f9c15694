//! The Sokoban tab driven as a user drives it (egui_kittest).

use crate::harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::{FrontierApp, SokobanMode, TabId};
use frontier::games::sokoban::{Step, parse_level, verify_solution};
use frontier::grid::{Dir, Pos};

/// The app, its hints, Solvable? and portfolio paced by expansions (the app's own are timed),
/// so what they answer is the same however fast or busy the machine is.
fn app() -> Harness<'static, FrontierApp> {
    use frontier::games::sokoban::solver::HINT_STATES;
    use frontier::games::sokoban::solver::portfolio::Pace;
    let mut harness = harness::harness_of(FrontierApp::from_saved(None), [1400.0, 900.0]);
    let sokoban = &mut harness.state_mut().tabs.sokoban;
    sokoban.aid_mut().first = (HINT_STATES, Pace::Expansions(400_000));
    sokoban.set_portfolio_pace(Pace::Expansions(150_000));
    harness.run_steps(2);
    harness.get_by_label("Sokoban").click();
    harness.run_steps(2);
    harness
}

/// Presses To end and steps the app until the search has a solution (or a while passes).
fn run_solver_to_the_end(harness: &mut Harness<'static, FrontierApp>) {
    harness.get_by_label("To end").click();
    for _ in 0..100 {
        harness.step();
        let session = harness.state().tabs.sokoban.session();
        if session.is_some_and(|s| s.solution.is_some()) {
            break;
        }
    }
}

fn click(harness: &mut Harness<'static, FrontierApp>, at: Pos) {
    drag(harness, at, at);
}

/// Presses the pointer on one square of the board and lets go on another.
fn drag(harness: &mut Harness<'static, FrontierApp>, from: Pos, to: Pos) {
    let (from, to) = {
        let tab = &harness.state().tabs.sokoban;
        (tab.view_center(from).unwrap(), tab.view_center(to).unwrap())
    };
    harness.hover_at(from);
    harness.step();
    harness.drag_at(from);
    harness.step();
    harness.hover_at(to);
    harness.step();
    harness.drop_at(to);
    harness.run_steps(2);
    // Walks are shown a step at a time; wait for the player to arrive.
    for _ in 0..600 {
        if !harness.state().tabs.sokoban.is_walking() {
            break;
        }
        harness.step();
    }
    assert!(
        !harness.state().tabs.sokoban.is_walking(),
        "the walk never ended"
    );
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
    assert_eq!(harness.state().tab, TabId::Sokoban);
    for _ in 0..3 {
        harness.key_press(Key::ArrowRight);
        harness.step();
    }
    let tab = &harness.state().tabs.sokoban;
    let game = tab.game().unwrap();
    assert!(game.is_won());
    assert_eq!((game.moves(), game.pushes()), (3, 2));
    assert_eq!(
        tab.progress()
            .best(game.level())
            .map(|b| (b.moves, b.pushes)),
        Some((3, 2))
    );
    harness.get_by_label_contains("Solved!");

    harness.key_press(Key::U);
    harness.step();
    let game = harness.state().tabs.sokoban.game().unwrap();
    assert!(!game.is_won());
    assert_eq!(game.moves(), 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.step();
    assert!(harness.state().tabs.sokoban.game().unwrap().is_won());
}

#[test]
fn a_preset_is_played_to_the_win_with_wasd_and_arrows() {
    let mut harness = app();
    harness.key_press(Key::N);
    harness.step();
    harness.key_press(Key::N);
    harness.step();
    assert_eq!(
        harness.state().tabs.sokoban.index(),
        2,
        "N goes to the next level"
    );
    // The solver's own solution, typed in as a player would.
    let level = harness.state().tabs.sokoban.level().unwrap().clone();
    let report = frontier::games::sokoban::solver::solve(
        &level,
        frontier::games::sokoban::solver::SokobanAlgorithm::AStar,
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
    let game = harness.state().tabs.sokoban.game().unwrap();
    assert!(game.is_won(), "after {}", game.lurd());
    assert_eq!(game.lurd(), lurd);
    harness.key_press(Key::R);
    harness.step();
    assert_eq!(
        harness.state().tabs.sokoban.game().unwrap().moves(),
        0,
        "R restarts"
    );
}

#[test]
fn clicking_a_square_walks_there() {
    let mut harness = app();
    // Level 3 ("Two boxes"): the player at (5,2) walks to (1,1).
    harness.state_mut().tabs.sokoban.select(2);
    harness.run_steps(2);
    let start = harness.state().tabs.sokoban.game().unwrap().player();
    assert_eq!(start, Pos::new(5, 2));
    click(&mut harness, Pos::new(1, 1));
    let game = harness.state().tabs.sokoban.game().unwrap();
    assert_eq!(game.player(), Pos::new(1, 1));
    assert_eq!(game.pushes(), 0);

    // The walk is shown step by step, and a key press finishes it before moving on.
    let back = harness
        .state()
        .tabs
        .sokoban
        .view_center(Pos::new(5, 2))
        .unwrap();
    harness.hover_at(back);
    harness.step();
    harness.drag_at(back);
    harness.step();
    harness.drop_at(back);
    harness.step();
    assert!(
        harness.state().tabs.sokoban.is_walking(),
        "still on the way"
    );
    let on_the_way = harness.state().tabs.sokoban.game().unwrap().player();
    assert_ne!(on_the_way, Pos::new(5, 2));
    harness.key_press(Key::ArrowDown);
    harness.step();
    assert!(!harness.state().tabs.sokoban.is_walking());
    assert_eq!(
        harness.state().tabs.sokoban.game().unwrap().player(),
        Pos::new(5, 3),
        "arrived, then one step down"
    );
}

#[test]
fn the_solver_runs_from_the_ui_to_a_checked_solution_and_replays_it() {
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(6);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Start solving").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Paused: Play (Space)");
    harness.key_press(Key::ArrowRight);
    harness.step();
    assert_eq!(
        harness
            .state()
            .tabs
            .sokoban
            .session()
            .as_ref()
            .unwrap()
            .position(),
        1
    );
    // The step just taken is told in words: the start position, and what joined the frontier.
    harness.get_by_label_contains("Expanded a position 0 pushes from the start");
    harness.get_by_label_contains("joined the frontier");
    harness.get_by_label("A* in pseudo-code");
    harness.get_by_label_contains("n ← frontier.pop()   ▹ lowest g + h");
    run_solver_to_the_end(&mut harness);
    let tab = &harness.state().tabs.sokoban;
    let session = tab.session().unwrap();
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
    assert_eq!(harness.state().tabs.sokoban.mode(), SokobanMode::Solve);
    harness.get_by_label("Replaying the solution");
    let replay = harness
        .state()
        .tabs
        .sokoban
        .replay_game()
        .expect("replaying");
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
        click(&mut harness, pos);
    }
    harness.get_by_label("Check").click();
    harness.run_steps(2);
    harness.get_by_label("The level is ready to play.");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert!(
        harness
            .query_by_label("The level is ready to play.")
            .is_none(),
        "the verdict was of the level before the undo"
    );
    assert!(
        !harness
            .state()
            .tabs
            .sokoban
            .editing()
            .is_goal(Pos::new(6, 2)),
        "undo takes the goal away"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.step();
    harness.get_by_label("Play it").click();
    harness.run_steps(2);
    let tab = &harness.state().tabs.sokoban;
    assert_eq!(tab.mode(), SokobanMode::Play);
    assert_eq!(tab.game().unwrap().player(), Pos::new(2, 2));
}

#[test]
fn a_malformed_level_shows_its_line_and_a_pasted_level_opens() {
    let mut harness = app();
    let before = harness.state().tabs.sokoban.entries().len();
    harness
        .state_mut()
        .tabs
        .sokoban
        .load_collection("bad.xsb", "hello\n");
    harness.run_steps(2);
    harness.get_by_label_contains("no Sokoban level found");
    assert_eq!(
        harness.state().tabs.sokoban.entries().len(),
        before,
        "the open levels stay"
    );
    harness.get_by_label("OK").click();
    harness.run_steps(2);

    harness.event(egui::Event::Paste(
        "; Pasted\n#######\n#@ $ .#\n#######\n".into(),
    ));
    harness.run_steps(2);
    let tab = &harness.state().tabs.sokoban;
    assert_eq!(
        tab.entries().len(),
        before + 1,
        "added to the open collection"
    );
    assert_eq!(tab.entries()[tab.index()].title, "Pasted");
}

/// A paste that is not a level is refused with its mistake and changes nothing: the open
/// collection, its levels and the one being played stay, after a restart too. A paste that
/// is a level joins the collection; the levels before it and their progress stay.
#[test]
fn a_pasted_text_that_is_no_level_changes_nothing_and_a_level_joins_the_collection() {
    let mut harness = app();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sokoban/microban-1.xsb"),
    )
    .unwrap();
    harness
        .state_mut()
        .tabs
        .sokoban
        .load_collection("microban-1.xsb", &text);
    harness.state_mut().tabs.sokoban.select(40);
    harness.run_steps(2);
    let before = harness.state().tabs.sokoban.saved();
    for garbage in ["this is not a level", "#####\n#   #\n#####\n", "@@@@\n"] {
        harness.event(egui::Event::Paste(garbage.into()));
        harness.run_steps(2);
        let tab = &harness.state().tabs.sokoban;
        assert!(
            tab.notice_shown().is_some_and(|n| n.error),
            "{garbage:?}: refused with a message"
        );
        assert_eq!(tab.entries().len(), 155, "{garbage:?}");
        assert_eq!(tab.index(), 40);
        assert_eq!(tab.collection_name(), "microban-1.xsb");
        harness.state_mut().tabs.sokoban.dismiss_notice();
    }
    assert_eq!(
        harness.state().tabs.sokoban.saved(),
        before,
        "a restart finds the same"
    );

    harness.event(egui::Event::Paste(
        "; Mine\n#######\n#@ $ .#\n#######\n".into(),
    ));
    harness.run_steps(2);
    let tab = &harness.state().tabs.sokoban;
    assert_eq!((tab.entries().len(), tab.index()), (156, 155));
    assert_eq!(tab.collection_name(), "microban-1.xsb");
    assert_eq!(tab.entries()[tab.index()].title, "Mine");
    // After a restart the collection still has all 156.
    let restored = frontier::app::SokobanTab::new(tab.saved());
    assert_eq!(restored.entries().len(), 156);
    assert_eq!(restored.entries()[155].title, "Mine");
    assert_eq!(restored.entries()[0].title, tab.entries()[0].title);
}

#[test]
fn ida_star_is_picked_in_solve_and_shows_its_bound_rising_to_a_push_optimal_solution() {
    let mut harness = app();
    // Crossroads: the matching bound is 5 pushes short, so the bound rises three times.
    harness.state_mut().tabs.sokoban.select(7);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("IDA*").click();
    harness.run_steps(2);
    harness.get_by_label("Start solving").click();
    harness.run_steps(2);
    harness.key_press(Key::ArrowRight);
    harness.step();
    harness.get_by_label("IDA* in pseudo-code");
    harness.get_by_label_contains("DFS(n, g, bound):");
    harness.get_by_label_contains("Iteration 1, bound");
    harness.get_by_label("Bound (f)");
    harness.get_by_label("Re-expansions");
    run_solver_to_the_end(&mut harness);
    let tab = &harness.state().tabs.sokoban;
    let session = tab.session().unwrap();
    let lurd = session.solution.clone().expect("solved").expect("checked");
    let (_, pushes) = verify_solution(&session.level, &lurd).expect("replays");
    let status = session
        .run()
        .deepening()
        .expect("IDA* reports where it stands");
    assert_eq!(
        status.bound, pushes as f64,
        "the last bound is the solution's pushes"
    );
    let astar = frontier::games::sokoban::solver::solve(
        &session.level,
        frontier::games::sokoban::solver::SokobanAlgorithm::AStar,
        frontier::games::sokoban::solver::Detail::Pushes,
        frontier::search::Budget::UNLIMITED,
    );
    let frontier::games::sokoban::solver::SolveOutcome::Solved { pushes: best, .. } = astar.outcome
    else {
        panic!("A* solves it");
    };
    assert_eq!(pushes, best, "IDA* is push-optimal like A*");
    assert!(status.iteration > 1, "the bound had to rise on this level");

    // Stepping back to the first step of a later iteration says why the bound rose.
    let mut probe = frontier::games::sokoban::solver::SokobanRun::new(
        &session.level,
        frontier::games::sokoban::solver::SokobanAlgorithm::IdaStar,
        frontier::games::sokoban::solver::Detail::Pushes,
        frontier::search::Budget::UNLIMITED,
    );
    let position = (1..session.position())
        .find(|_| {
            probe.next();
            probe.deepening().is_some_and(|d| d.began_iteration)
        })
        .expect("a step began iteration 2");
    harness
        .state_mut()
        .tabs
        .sokoban
        .apply(frontier::ui::StepAction::Seek(position));
    harness.run_steps(2);
    harness.get_by_label_contains("Iteration 2: no goal within the old bound");
}

#[test]
fn the_solve_board_marks_the_dead_squares_until_told_not_to() {
    use frontier::games::sokoban::solver::analysis::Analysis;
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(3); // "Mind the corners"
    harness.run_steps(1);
    assert!(
        harness
            .state_mut()
            .tabs
            .sokoban
            .dead_squares_shown()
            .is_empty(),
        "only the Solve board marks them"
    );
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    let level = harness
        .state()
        .tabs
        .sokoban
        .level()
        .expect("a valid preset")
        .clone();
    let expected: Vec<Pos> = Analysis::new(&level).dead_positions().collect();
    assert!(!expected.is_empty(), "the level teaches corners");
    assert_eq!(
        harness.state_mut().tabs.sokoban.dead_squares_shown(),
        expected
    );
    harness.get_by_label("Show dead squares").click();
    harness.run_steps(2);
    assert!(!harness.state().tabs.sokoban.show_dead_squares());
    assert!(
        harness
            .state_mut()
            .tabs
            .sokoban
            .dead_squares_shown()
            .is_empty()
    );
}

/// Steps the app until the hint search, on its own thread, has finished (up to ten minutes:
/// only a hang gets that far).
fn wait_for_hint(harness: &mut Harness<'static, FrontierApp>) {
    for _ in 0..60_000 {
        harness.step();
        if !harness.state().tabs.sokoban.aid().is_thinking() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the hint never came");
}

#[test]
fn a_hint_points_at_the_next_push_and_goes_stale_once_the_player_moves_on() {
    use frontier::games::sokoban::solver::HintOutcome;
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(2); // "Two boxes"
    harness.run_steps(1);
    harness.key_press(Key::H);
    wait_for_hint(&mut harness);
    let Some(HintOutcome::Push(hint)) = harness.state().tabs.sokoban.aid().outcome().cloned()
    else {
        panic!("a hint for a fresh level")
    };
    harness.get_by_label_contains("Hint: push the marked box");
    let game = harness
        .state()
        .tabs
        .sokoban
        .game()
        .cloned()
        .expect("playing");
    assert!(game.has_box(hint.box_at));
    assert_eq!(
        harness.state().tabs.sokoban.aid().hinted_push(),
        Some((hint.box_at, hint.dir))
    );

    // The player follows the hint: walk behind the box (a click), then push with a key.
    let behind = hint.box_at.step(hint.dir.opposite());
    let path = game
        .walk_path(behind)
        .expect("the player can get behind the box");
    for dir in path {
        harness.key_press(key_of(dir));
        harness.step();
    }
    assert_eq!(
        harness.state().tabs.sokoban.aid().hinted_push(),
        None,
        "stale once moved"
    );
    harness.key_press(key_of(hint.dir));
    harness.step();
    assert!(
        harness
            .state()
            .tabs
            .sokoban
            .game()
            .as_ref()
            .unwrap()
            .has_box(hint.box_at.step(hint.dir))
    );
    harness.get_by_label("Hint").click();
    harness.step();
    wait_for_hint(&mut harness);
    let Some(HintOutcome::Push(next)) = harness.state().tabs.sokoban.aid().outcome().cloned()
    else {
        panic!("still solvable after following the hint")
    };
    assert_eq!(next.pushes_left, hint.pushes_left - 1);
}

/// The app on Microban 144, a level A* cannot settle quickly (its optimum is not known).
fn app_on_microban_144() -> Harness<'static, FrontierApp> {
    app_on_level("microban-1.xsb", 143)
}

/// The app on level `index` (from 0) of the collection `file` of the test data.
fn app_on_level(file: &str, index: usize) -> Harness<'static, FrontierApp> {
    let mut harness = app();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/sokoban")
            .join(file),
    )
    .unwrap();
    let sokoban = &mut harness.state_mut().tabs.sokoban;
    sokoban.load_collection(file, &text);
    sokoban.select(index);
    harness
}

/// On Microban 144, A* cannot settle the hint in its share alone; another search finds a
/// solution first, and the hint names it and does not call it shortest.
#[test]
fn a_hint_from_a_solution_a_star_did_not_prove_names_the_search_that_found_it() {
    use frontier::games::sokoban::solver::HintOutcome;
    use frontier::games::sokoban::solver::portfolio::PortfolioSearch;
    let mut harness = app_on_microban_144();
    harness.run_steps(1);
    harness.key_press(Key::H);
    wait_for_hint(&mut harness);
    let Some(HintOutcome::Push(hint)) = harness.state().tabs.sokoban.aid().outcome().cloned()
    else {
        panic!("a hint for Microban 144")
    };
    assert_ne!(hint.found_by, PortfolioSearch::AStar);
    assert!(!hint.proven_shortest);
    // The search's English name is its `Display`.
    harness.get_by_label_contains(&format!(
        "a solution in {} pushes from here, not proven shortest (found by {})",
        hint.pushes_left, hint.found_by
    ));
}

#[test]
fn a_box_pushed_where_it_is_lost_is_marked_and_the_hint_says_undo() {
    use frontier::games::sokoban::solver::HintOutcome;
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(2); // "Two boxes"
    harness.run_steps(1);
    // Round the boxes and push the left one up against the top wall, where no goal is.
    for dir in [Dir::Down, Dir::Left, Dir::Left, Dir::Left, Dir::Up] {
        harness.key_press(key_of(dir));
        harness.step();
    }
    let tab = &mut harness.state_mut().tabs.sokoban;
    let game = tab.game().cloned().expect("playing");
    assert!(game.has_box(Pos::new(2, 1)), "the box went up");
    assert_eq!(tab.aid_mut().stuck(&game), vec![Pos::new(2, 1)]);
    harness.run_steps(1);
    harness.get_by_label_contains("can never reach a goal now");
    harness.key_press(Key::H);
    wait_for_hint(&mut harness);
    assert_eq!(
        harness.state().tabs.sokoban.aid().outcome(),
        Some(&HintOutcome::NoSolution)
    );
    harness.get_by_label_contains("No solution from here");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    let tab = &mut harness.state_mut().tabs.sokoban;
    let game = tab.game().cloned().expect("playing");
    assert!(tab.aid_mut().stuck(&game).is_empty(), "undo saves the box");
}

#[test]
fn the_solver_can_start_from_the_position_reached_in_play() {
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(2); // "Two boxes"
    harness.run_steps(1);
    // Round the right-hand box and push it down, one square nearer the goals.
    for dir in [Dir::Up, Dir::Left, Dir::Left, Dir::Down] {
        harness.key_press(key_of(dir));
        harness.step();
    }
    let game = harness
        .state()
        .tabs
        .sokoban
        .game()
        .cloned()
        .expect("playing");
    assert!(game.has_box(Pos::new(3, 3)), "the box went down");
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness
        .get_by_label("Start from the position in Play")
        .click();
    harness.run_steps(1);
    harness.get_by_label("Start solving").click();
    harness.run_steps(1);
    run_solver_to_the_end(&mut harness);
    let session = harness.state().tabs.sokoban.session().unwrap();
    assert_eq!(session.level, game.position());
    assert_ne!(&session.level, game.level(), "not the level's start");
    let lurd = session.solution.clone().expect("solved").expect("checked");
    assert!(verify_solution(&session.level, &lurd).is_ok());
    assert!(
        verify_solution(game.level(), &lurd).is_err(),
        "it starts mid-game"
    );
}

#[test]
fn a_box_dragged_to_a_square_is_pushed_there_and_an_impossible_drag_says_why() {
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(2); // "Two boxes": boxes at (2,2) and (3,2)
    harness.run_steps(2);
    drag(&mut harness, Pos::new(3, 2), Pos::new(3, 4));
    let game = harness.state().tabs.sokoban.game().cloned().unwrap();
    assert!(game.has_box(Pos::new(3, 4)) && !game.has_box(Pos::new(3, 2)));
    assert_eq!(game.pushes(), 2, "down twice");
    assert!(
        verify_solution(game.level(), &game.lurd()).is_err(),
        "one box to go"
    );

    // Against the top wall nothing can push it down again, so the goal is out of reach.
    drag(&mut harness, Pos::new(2, 2), Pos::new(2, 1));
    let before = harness.state().tabs.sokoban.game().cloned().unwrap();
    assert!(before.has_box(Pos::new(2, 1)));
    drag(&mut harness, Pos::new(2, 1), Pos::new(4, 4));
    let after = harness.state().tabs.sokoban.game().cloned().unwrap();
    assert_eq!(after.lurd(), before.lurd(), "nothing moved");
    harness.get_by_label_contains("cannot be pushed there");
}

#[test]
fn clicking_a_box_beside_the_player_pushes_it() {
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(0); // "First push": #@ $ .#
    harness.run_steps(2);
    click(&mut harness, Pos::new(2, 1));
    assert_eq!(
        harness.state().tabs.sokoban.game().unwrap().player(),
        Pos::new(2, 1)
    );
    click(&mut harness, Pos::new(3, 1));
    let game = harness.state().tabs.sokoban.game().unwrap();
    assert!(game.has_box(Pos::new(4, 1)), "pushed one square");
    assert_eq!(game.pushes(), 1);
}

#[test]
fn the_editor_says_whether_a_level_can_be_solved_and_in_how_few_pushes() {
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(2); // "Two boxes": six pushes at best
    harness.get_by_label("Edit level").click();
    harness.run_steps(2);
    let wait = |harness: &mut Harness<'static, FrontierApp>| {
        for _ in 0..60_000 {
            harness.step();
            let verdict = harness.state().tabs.sokoban.editing_verdict();
            if verdict.is_some_and(|v| !v.starts_with("Solving")) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("no verdict");
    };
    harness.get_by_label("Solvable?").click();
    wait(&mut harness);
    harness.get_by_label_contains("Solvable: the fewest pushes is 6 ");

    // A box already in a corner: no solution, said so; and an edit forgets the verdict.
    harness
        .state_mut()
        .tabs
        .sokoban
        .set_editing(parse_level("######\n#$ @.#\n# $ .#\n######\n").unwrap());
    harness.step();
    assert_eq!(
        harness.state().tabs.sokoban.editing_verdict(),
        None,
        "stale"
    );
    harness.get_by_label("Solvable?").click();
    wait(&mut harness);
    harness.get_by_label_contains("No solution");
}

#[test]
fn five_searches_compared_on_one_level_show_how_differently_they_go() {
    use frontier::games::sokoban::solver::SokobanAlgorithm;
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(5); // "Five goals"
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Compare all five").click();
    for _ in 0..2000 {
        harness.step();
        let comparison = harness.state().tabs.sokoban.comparison();
        if comparison.is_some_and(|c| c.is_done()) {
            break;
        }
    }
    let comparison = harness.state().tabs.sokoban.comparison().expect("started");
    assert!(comparison.is_done(), "all five finish on a small level");
    let entrant = |a: SokobanAlgorithm| {
        let e = comparison
            .entrants
            .iter()
            .find(|e| e.algorithm == a)
            .unwrap();
        let (_, pushes) = e.result.clone().unwrap().expect("solved");
        (pushes, e.expanded())
    };
    let (bfs, dfs, astar, greedy) = (
        entrant(SokobanAlgorithm::Bfs),
        entrant(SokobanAlgorithm::Dfs),
        entrant(SokobanAlgorithm::AStar),
        entrant(SokobanAlgorithm::Greedy),
    );
    assert_eq!(astar.0, bfs.0, "both find the fewest pushes");
    assert!(dfs.0 >= bfs.0 && greedy.0 >= bfs.0);
    assert!(astar.1 < bfs.1, "A* looks at fewer positions than BFS");
    harness.get_by_label("BFS, DFS, A*, greedy and IDA* side by side");
    harness.get_by_label(&bfs.1.to_string());
}

#[test]
fn a_search_that_gives_up_says_how_many_pushes_any_solution_needs_at_least() {
    let mut harness = app();
    // Crossroads: 23 pushes at best, and A* stores more than 1,000 states on the way.
    harness.state_mut().tabs.sokoban.select(7);
    harness.state_mut().tabs.sokoban.set_max_states(1000);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Start solving").click();
    harness.run_steps(2);
    harness.get_by_label("To end").click();
    for _ in 0..100 {
        harness.step();
        let session = harness.state().tabs.sokoban.session().unwrap();
        if session.run().ended().is_some() {
            break;
        }
    }
    harness.run_steps(2);
    let bound = harness
        .state()
        .tabs
        .sokoban
        .session()
        .as_ref()
        .unwrap()
        .proven_bound;
    let bound = bound.expect("A* proves a bound when it gives up");
    assert!((1.0..=23.0).contains(&bound), "{bound}");
    harness.get_by_label_contains(&format!("Any solution needs at least {bound} pushes"));
}

#[test]
fn the_solved_message_belongs_to_its_level() {
    let mut harness = app();
    for _ in 0..12 {
        if harness
            .state()
            .tabs
            .sokoban
            .game()
            .as_ref()
            .is_some_and(|g| g.is_won())
        {
            break;
        }
        harness.key_press(Key::ArrowRight);
        harness.run_steps(2);
    }
    harness.run_steps(2);
    let status = |h: &Harness<'static, FrontierApp>| h.state().tabs.get(TabId::Sokoban).status();
    assert!(
        status(&harness).contains("Solved in"),
        "{}",
        status(&harness)
    );
    harness.get_by_label("Next level").click();
    harness.run_steps(2);
    assert!(
        !status(&harness).contains("Solved in"),
        "{}",
        status(&harness)
    );
}

#[test]
fn a_long_race_can_be_stopped_and_keeps_what_it_reached() {
    use frontier::games::sokoban::solver::SokobanAlgorithm;
    let mut harness = app();
    // Crossroads: BFS and DFS take many frames over it.
    harness.state_mut().tabs.sokoban.select(7);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Compare all five").click();
    harness.run_steps(3);
    harness.get_by_label("Stop the race").click();
    harness.run_steps(3);
    let comparison = harness.state().tabs.sokoban.comparison().unwrap();
    assert!(comparison.is_done());
    let bfs = comparison
        .entrants
        .iter()
        .find(|e| e.algorithm == SokobanAlgorithm::Bfs)
        .unwrap();
    assert!(bfs.expanded() > 0);
    assert!(harness.query_by_label("Stop the race").is_none());
    assert!(harness.get_all_by_label("stopped").count() >= 1);
}

#[test]
fn solve_over_pushes_says_the_dots_are_the_players_region() {
    let mut harness = app();
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Start solving").click();
    harness.run_steps(2);
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    harness.get_by_label_contains("every square the player can walk to");
}

#[test]
fn the_editor_says_play_has_the_level_as_it_was_until_play_it() {
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(5); // "Five goals": room to spare
    harness.get_by_label("Edit level").click();
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("Play still has the level as it was")
            .is_none()
    );
    harness.get_by_label("Wall").click();
    harness.run_steps(1);
    // A free square that can take a wall with the level still playable.
    let level = harness.state().tabs.sokoban.level().unwrap().clone();
    let rows: Vec<String> = level
        .to_xsb()
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(str::to_string)
        .collect();
    let floor = level
        .inside()
        .positions()
        .filter(|&p| level.inside()[p] && !level.is_wall(p) && !level.has_box(p))
        .filter(|&p| level.player != Some(p) && !level.is_goal(p))
        .find(|&p| {
            let mut walled = rows.clone();
            let row = &mut walled[p.y as usize];
            row.replace_range(p.x as usize..p.x as usize + 1, "#");
            parse_level(&walled.join("\n")).is_ok_and(|l| l.check().is_ok())
        })
        .expect("a square to wall");
    click(&mut harness, floor);
    harness.get_by_label_contains("Play still has the level as it was");
    harness.get_by_label("Play it").click();
    harness.run_steps(2);
    assert_eq!(harness.state().tabs.sokoban.mode(), SokobanMode::Play);
    // Play now has the edits: back in the editor, nothing is left to carry over.
    harness.get_by_label("Edit level").click();
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("Play still has the level as it was")
            .is_none()
    );
}

#[test]
fn the_editor_draws_squares_outside_the_walls_as_outside() {
    use frontier::games::sokoban::colors as sokoban;
    let mut harness = app();
    let outside_of = |level: &frontier::games::sokoban::Level| {
        let inside = level.inside();
        inside
            .positions()
            .find(|&p| !inside[p] && !level.is_wall(p))
    };
    let (index, outside) = (0..8)
        .find_map(|i| {
            harness.state_mut().tabs.sokoban.select(i);
            let level = harness.state().tabs.sokoban.level()?.clone();
            outside_of(&level).map(|p| (i, p))
        })
        .expect("a tutorial level with squares outside its walls");
    harness.state_mut().tabs.sokoban.select(index);
    let expected = frontier::ui::color(sokoban::OUTSIDE);
    for mode in ["Play", "Edit level"] {
        harness.get_by_label(mode).click();
        harness.run_steps(2);
        assert_eq!(
            harness.state().tabs.sokoban.view_color(outside),
            Some(expected),
            "{mode}"
        );
    }
}

/// Predicting the solver's next position: the one it takes is right, one it ranks after
/// is not, and the score follows.
#[test]
fn the_solver_can_be_predicted_by_picking_among_frontier_positions() {
    use frontier::games::sokoban::solver::predict::{choices, judge, pushed_box};
    use frontier::search::predict::Verdict;
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(7);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    harness.get_by_label("Start solving").click();
    harness.run_steps(2);
    // A few steps first, so that the frontier holds positions to choose from.
    for _ in 0..3 {
        harness.key_press(Key::ArrowRight);
        harness.step();
    }
    harness.get_by_label("Predict the next step").click();
    harness.run_steps(2);
    harness
        .get_by_label_contains("Your turn: which of these positions does the search expand next?");
    let offered = |harness: &Harness<'static, FrontierApp>| {
        let tab = &harness.state().tabs.sokoban;
        choices(tab.session().unwrap().run(), 6).unwrap()
    };
    let first = offered(&harness);
    assert!(first.positions.len() > 1, "a choice to make");
    // Each position is offered by the push that made it, the pushed box outlined.
    let button = |harness: &Harness<'static, FrontierApp>, k: usize, positions: &[_]| {
        let run = harness.state().tabs.sokoban.session().unwrap().run();
        let (from, to) = pushed_box(run, &positions[k]).expect("reached by a push");
        (
            format!("{}: box {from} → {to}", k + 1),
            format!("the box at {from} to {to}"),
        )
    };
    let (label, push) = button(&harness, first.next, &first.positions);
    harness.get_by_label(&label).click();
    harness.run_steps(2);
    harness.get_by_label_contains(&format!("Right: the push of {push} was next"));
    harness.get_by_label_contains("A* takes the position with the lowest g + h");
    harness.get_by_label("Score: 1 of 1");

    // Near the next one in rank, the choices often tie with it: step on (unanswered) until
    // one is ranked after it.
    let later = |harness: &Harness<'static, FrontierApp>| {
        let tab = &harness.state().tabs.sokoban;
        let run = tab.session().unwrap().run();
        let offered = choices(run, 6)?;
        offered.positions.iter().position(|p| {
            matches!(
                judge(run, p.clone()).unwrap().verdict,
                Verdict::Later { .. }
            )
        })
    };
    let mut second = later(&harness);
    for _ in 0..200 {
        if second.is_some() {
            break;
        }
        harness.key_press(Key::ArrowRight);
        harness.step();
        second = later(&harness);
    }
    let second = second.expect("a position ranked after the next one");
    let (right_before, asked_before) = {
        let session = harness.state().tabs.sokoban.session().unwrap();
        let predictions = session.predictions.as_ref().unwrap();
        predictions.answers.score(session.position())
    };
    assert_eq!((right_before, asked_before), (1, 1));
    let positions = offered(&harness).positions;
    let (label, push) = button(&harness, second, &positions);
    harness.get_by_label(&label).click();
    harness.run_steps(2);
    harness.get_by_label_contains("Not quite: the search took the push of the box at");
    assert!(!push.is_empty());
    harness.get_by_label("Score: 1 of 2");
}

/// Presses "Solve with the portfolio" and draws frames until it is over (up to ten minutes:
/// only a hang gets that far).
fn run_portfolio(harness: &mut Harness<'static, FrontierApp>) {
    harness.get_by_label("Solve with the portfolio").click();
    let began = std::time::Instant::now();
    let done = |h: &Harness<'static, FrontierApp>| {
        let portfolio = h.state().tabs.sokoban.portfolio();
        portfolio.is_some_and(|p| p.is_done())
    };
    while !done(harness) {
        assert!(began.elapsed().as_secs() < 600, "the portfolio never ended");
        harness.step();
    }
    harness.run_steps(2);
}

/// "Solve with the portfolio": A* and greedy at work on the level, in the Solve panel, the
/// answer said to be proven shortest because A* found it.
#[test]
fn the_portfolio_solves_a_level_in_the_solve_panel_and_says_who_found_it() {
    let mut harness = app();
    harness.state_mut().tabs.sokoban.select(2);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    run_portfolio(&mut harness);
    harness.get_by_label_contains("Solved by A*: 6 pushes");
    harness.get_by_label_contains("proven push-optimal");
    harness.get_by_label("found a solution");
    let lurd = harness
        .state()
        .tabs
        .sokoban
        .portfolio()
        .as_ref()
        .unwrap()
        .solution();
    assert!(lurd.is_some_and(|l| !l.is_empty()));
}

/// On a level A* cannot settle in its share alone, a greedy search's solution is shown, not
/// called shortest.
#[test]
fn the_portfolio_shows_greedy_solving_a_level_a_star_cannot_settle_in_time() {
    let mut harness = app_on_microban_144();
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    run_portfolio(&mut harness);
    // Greedy, greedy pulling and their meeting race for it; any may win, none is called shortest.
    let solved = harness
        .get_by_label_contains("not proven shortest")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(solved.starts_with("Solved by Greedy"), "{solved}");
    // Once over, a search that had not ended is said to have stopped, not to be running.
    assert!(harness.query_all_by_label("running").next().is_none());
    assert!(harness.query_all_by_label("stopped").next().is_some());
    // The deadlock table the searches that push learn into, with what it has learned.
    let table = harness
        .get_by_label_contains("Deadlock table, shared by the searches that push:")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    let learned: u64 = table
        .split(": ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(learned > 0, "{table}");
}

/// On XSokoban 4 (20 boxes) the feature-space search finds the portfolio's solution: the
/// panel shows its cells (what guides it) while it runs, and its solution in its own moves,
/// a packing macro one move with the squares of its pushes listed with it.
#[test]
fn the_portfolio_shows_the_feature_space_search_its_cells_and_its_macros() {
    let mut harness = app_on_level("xsokoban.xsb", 3);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    run_portfolio(&mut harness);
    harness.get_by_label_contains("Solved by Feature-space search (FESS)");
    harness.get_by_label_contains("not proven shortest");
    // The cells, opened: the table's columns and at least one row of counts.
    harness.get_by_label_contains("Feature space:").click();
    harness.run_steps(2);
    harness.get_by_label("Links");
    harness.get_by_label("Off plan");
    // The solution in the search's moves, opened: a packing macro is one move, the squares
    // of each of its pushes listed with it.
    harness
        .get_by_label("The solution in the search's moves")
        .click();
    harness.run_steps(4);
    harness.get_by_label_contains("357 pushes: a macro is one move");
    let macro_step = harness
        .query_all_by_label_contains("packing macro (")
        .next()
        .expect("a packing macro among the moves");
    let label = macro_step.accesskit_node().value().unwrap_or_default();
    let pushes: usize = label
        .split(" (")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(pushes >= 2, "{label}");
    assert_eq!(label.matches(" → ").count(), pushes, "{label}");
}

/// A link to a level watched being solved opens it in the Solve view with that search at
/// that step; Copy link there makes the same link.
#[test]
fn a_link_opens_a_level_in_the_solve_view_at_its_step() {
    use frontier::games::sokoban::solver::SokobanAlgorithm;
    use frontier::share::{self, View};
    let mut harness = app();
    let xsb = "; Two in a row\n#######\n#@ $ .#\n#  $ .#\n#######\n";
    let view = View::Level {
        xsb: parse_level(xsb).unwrap().to_xsb(),
        title: "Two in a row".into(),
        search: Some("bfs".into()),
        step: 3,
    };
    harness
        .state_mut()
        .open_link(&share::link("https://example.org/", &view))
        .expect("a good level");
    harness.run_steps(3);
    let tab = &harness.state().tabs.sokoban;
    assert_eq!(harness.state().tab, frontier::app::TabId::Sokoban);
    assert_eq!(tab.mode(), SokobanMode::Solve);
    assert_eq!(tab.algorithm(), SokobanAlgorithm::Bfs);
    assert_eq!(tab.session().unwrap().position(), 3);
    assert_eq!(tab.entries()[tab.index()].title, "Two in a row");
    assert_eq!(harness.state().shared_view(), Some(view));
}

/// The level list shows the level being played: one chosen another way (Next level, a
/// lesson, a link) is scrolled into view.
#[test]
fn the_level_list_scrolls_to_the_level_being_played() {
    let mut harness = app_on_microban_144();
    harness.run_steps(4);
    let header = harness.get_by_label("microban-1.xsb — 155 levels").rect();
    let row = harness.get_by_label_contains("144  ").rect();
    assert!(
        row.top() >= header.bottom() && row.bottom() <= header.bottom() + 230.0,
        "the row {row:?} is in the list under {header:?}"
    );
    harness.get_by_label("Next level").click();
    harness.run_steps(4);
    let row = harness.get_by_label_contains("145  ").rect();
    assert!(row.top() >= header.bottom() && row.bottom() <= header.bottom() + 230.0);
}
