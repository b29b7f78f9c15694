//! "Your code" on the Pathfinding board, driven as a student drives it: the picker, the
//! editor, Run, the step buttons with the program's line lit, the console, the check and its
//! verdict above the board, errors marked in the editor, and the program kept across
//! restarts and in links.

use crate::harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::games::sandbox::{Board, PathAlgorithm};
use frontier::grid::Pos;

/// The line of the starter program that calls `problem.successors`.
const SUCCESSORS_LINE: u32 = 19;

/// The app on a small open board, 10 x 6, start (1,1), goal (8,4).
fn app_on_open_board() -> Harness<'static, FrontierApp> {
    let mut app = FrontierApp::from_saved(None);
    let mut board = Board::new(10, 6);
    board.start = Pos::new(1, 1);
    board.goal = Pos::new(8, 4);
    app.tabs.pathfinding.replace_board(board);
    app.tabs.pathfinding.mark_saved();
    let mut harness = harness::harness_of(app, [1500.0, 950.0]);
    harness.run_steps(3);
    harness
}

/// Picks "Your code" in the search picker, as a student does, and lets the program run.
fn choose_your_code(harness: &mut Harness<'_, FrontierApp>) {
    harness.get_by_label("Algorithm").click();
    harness.run_steps(2);
    harness.get_by_label("Your code").click();
    harness.run_steps(4);
}

fn position(harness: &Harness<'_, FrontierApp>) -> usize {
    harness.state().tabs.pathfinding.session().position()
}

/// Puts `source` in the editor: select all, then type it.
fn type_program(harness: &mut Harness<'_, FrontierApp>, source: &str) {
    harness.get_by_label("Your program (Python)").focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    harness
        .get_by_label("Your program (Python)")
        .type_text(source);
    harness.run_steps(2);
}

#[test]
fn your_code_runs_the_starter_bfs_and_steps_it_with_its_line_lit() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    let tab = &harness.state().tabs.pathfinding;
    assert!(tab.runs_your_code());
    assert!(
        !tab.code().running(),
        "a 60-cell BFS records in a frame's budget"
    );
    assert_eq!(
        position(&harness),
        0,
        "the run waits at step 0, as a built-in one does"
    );
    // Checked against BFS by default: the verdict is said above the board.
    harness.get_by_label_contains("A correct BFS on this problem");
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    let tab = &harness.state().tabs.pathfinding;
    assert_eq!(position(&harness), 2);
    assert_eq!(
        tab.code().line_at(2),
        Some(SUCCESSORS_LINE),
        "the line that asked"
    );
    let expanded = tab.session().run().last_expanded().map(|(_, p)| p);
    assert!(
        expanded.is_some_and(|p| p != Pos::new(1, 1)),
        "the second step expands a neighbour"
    );
    // Back, as with any run; then to the end: the path the program returned.
    harness.get_by_label("Back").click();
    harness.run_steps(2);
    assert_eq!(position(&harness), 1);
    harness.get_by_label("To end").click();
    harness.run_steps(6);
    let run = harness.state().tabs.pathfinding.session().run();
    assert_eq!(
        run.path().map(|p| p.len() - 1),
        Some(10),
        "7 across and 3 down"
    );
}

#[test]
fn print_output_follows_the_step_shown() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    let source = "from frontier import Queue\n\ndef search(problem):\n    q = Queue()\n    q.push(problem.start)\n    seen = {problem.start}\n    while q:\n        s = q.pop()\n        print('at', s)\n        if problem.is_goal(s):\n            return [s]\n        for n, c in problem.successors(s):\n            if n not in seen:\n                seen.add(n)\n                q.push(n)\n";
    type_program(&mut harness, source);
    assert!(harness.state().tabs.pathfinding.code().edited_since_run());
    harness.get_by_label_contains("Run code").click();
    harness.run_steps(6);
    let code = harness.state().tabs.pathfinding.code();
    assert!(!code.edited_since_run());
    assert_eq!(code.printed_at(0), "");
    assert_eq!(
        code.printed_at(1),
        "at (1, 1)\n",
        "printed before the first expansion"
    );
    assert_eq!(code.printed_at(3).lines().count(), 3);
    assert_eq!(code.line_at(1), Some(12));
    // It returned one state, not a path: the verdict names the step where that shows.
    harness.get_by_label_contains("the path you returned breaks");
}

#[test]
fn a_syntax_error_is_marked_in_the_editor_and_said_above_the_board() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    type_program(
        &mut harness,
        "def search(problem):\n    return [problem.start\n\nx = )\n",
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run_steps(6);
    let code = harness.state().tabs.pathfinding.code();
    let error = code.outcome().and_then(|o| o.error_at());
    assert!(
        matches!(error, Some((line, Some(_))) if line >= 2),
        "{error:?}"
    );
    harness.get_by_label_contains("Your program stopped");
    assert!(code.stopped_at(0).is_some(), "the console says why at once");
}

#[test]
fn a_limit_hit_is_said_once_above_the_board() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    type_program(
        &mut harness,
        "def down(n):\n    return down(n + 1)\n\ndef search(problem):\n    return down(0)\n",
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    harness.run_steps(6);
    let said = harness
        .query_all_by_label_contains("nested deeper than 1000")
        .count();
    assert_eq!(said, 2, "above the board and in the console");
    assert!(
        harness
            .query_by_label_contains("Your program stopped: Stopped")
            .is_none()
    );
}

#[test]
fn a_stack_in_bfs_is_caught_and_show_step_goes_to_where_it_broke() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    let starter = harness.state().tabs.pathfinding.code().source.clone();
    type_program(&mut harness, &starter.replace("Queue", "Stack"));
    harness.get_by_label_contains("Run code").click();
    harness.run_steps(6);
    harness.get_by_label_contains("behaves like a stack");
    let step = harness
        .state()
        .tabs
        .pathfinding
        .code()
        .outcome()
        .and_then(|o| o.divergence_step())
        .expect("the judge names a step");
    // Run plays the new run from step 0: back to the start, then to where it broke.
    harness::click(&mut harness, "Reset");
    assert_eq!(position(&harness), 0);
    harness.get_by_label(&format!("Show step {step}")).click();
    harness.run_steps(6);
    assert_eq!(position(&harness), step);
    let marks = harness.state().tabs.pathfinding.divergence_marks();
    assert_eq!(
        marks.len(),
        2,
        "the cell taken out of turn, and the one the rule takes"
    );
}

#[test]
fn tab_indents_four_spaces() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    type_program(&mut harness, "x");
    harness.key_press(Key::Tab);
    harness.run_steps(2);
    let source = &harness.state().tabs.pathfinding.code().source;
    assert!(!source.contains('\t'), "{source:?}");
    assert!(source.contains("    "), "{source:?}");
}

#[test]
fn enter_keeps_the_indent_and_indents_after_a_colon() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    type_program(&mut harness, "def search(problem):");
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    harness
        .get_by_label("Your program (Python)")
        .type_text("x = 1");
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    let source = &harness.state().tabs.pathfinding.code().source;
    assert_eq!(source, "def search(problem):\n    x = 1\n    ");
}

#[test]
fn the_program_is_kept_across_a_restart_and_in_a_link() {
    let mut harness = app_on_open_board();
    choose_your_code(&mut harness);
    let starter = harness.state().tabs.pathfinding.code().source.clone();
    let dfs = starter.replace("Queue", "Stack");
    type_program(&mut harness, &dfs);
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    // Saved and restored, as between two sessions.
    let saved = harness.state().saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(restored.tabs.pathfinding.code().source, dfs);
    assert!(restored.tabs.pathfinding.runs_your_code());
    // In a link: the board, the search, the program and the step.
    let view = frontier::app::Tab::shared_view(&harness.state().tabs.pathfinding).unwrap();
    let link = frontier::share::link("https://example.org/f/", &view);
    let mut other = harness::app([1500.0, 950.0]);
    other.state_mut().open_link(&link).expect("the link opens");
    other.run_steps(8);
    let tab = &other.state().tabs.pathfinding;
    assert!(tab.runs_your_code());
    assert_eq!(tab.code().source, dfs);
    assert_eq!(
        tab.session().position(),
        1,
        "shown at the link's step once recorded"
    );
    assert_eq!(tab.settings().algorithm, PathAlgorithm::your_code());
}

/// The sliding puzzle tab on 八数码 five moves from the snail goal, "Your code" chosen and
/// watched.
fn puzzle_watched_by_your_code() -> Harness<'static, FrontierApp> {
    let mut harness = harness::harness_of(FrontierApp::from_saved(None), [1500.0, 950.0]);
    harness.run_steps(2);
    harness::click(&mut harness, "Sliding puzzle");
    harness.get_by_label("Position").focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_label("Position")
        .type_text("2 8 3 1 6 4 7 0 5");
    harness.run_steps(1);
    harness::click(&mut harness, "Play this position");
    harness.get_by_label("Search").click();
    harness.run_steps(2);
    harness::click(&mut harness, "Your code");
    harness::click(&mut harness, "Watch a search solve it");
    harness.run_steps(6);
    harness
}

#[test]
fn your_code_solves_the_eight_puzzle_step_by_step_with_its_line_lit() {
    let mut harness = puzzle_watched_by_your_code();
    let tab = &harness.state().tabs.sliding;
    assert!(tab.runs_your_code());
    assert_eq!(tab.sessions().len(), 1, "the program's run is watched");
    assert!(tab.sessions()[0].algorithm.is_your_code());
    harness.get_by_label_contains("A correct BFS on this problem");
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    harness.get_by_label("Step").click();
    harness.run_steps(2);
    let tab = &harness.state().tabs.sliding;
    assert_eq!(tab.sessions()[0].position(), 2);
    assert_eq!(tab.code().line_at(2), Some(SUCCESSORS_LINE));
    harness::click(&mut harness, "To end");
    harness.run_steps(20);
    let session = &harness.state().tabs.sliding.sessions()[0];
    assert_eq!(
        session.solution().map(|m| m.len()),
        Some(5),
        "BFS finds the fewest moves"
    );
    // In a link, with the program; opened elsewhere, it runs again and shows the same step.
    let view = frontier::app::Tab::shared_view(&harness.state().tabs.sliding).unwrap();
    let link = frontier::share::link("https://example.org/f/", &view);
    let mut other = harness::app([1500.0, 950.0]);
    other.state_mut().open_link(&link).expect("the link opens");
    other.run_steps(10);
    let tab = &other.state().tabs.sliding;
    assert!(tab.runs_your_code());
    assert_eq!(
        tab.sessions().first().map(|s| s.position()),
        Some(harness.state().tabs.sliding.sessions()[0].position())
    );
}

#[test]
fn a_stack_in_bfs_on_the_eight_puzzle_is_caught() {
    let mut harness = puzzle_watched_by_your_code();
    let starter = harness.state().tabs.sliding.code().source.clone();
    type_program(&mut harness, &starter.replace("Queue", "Stack"));
    harness.get_by_label_contains("Run code").click();
    // A depth-first walk of 八数码 goes a long way before it meets the goal: frames of
    // counted work until it has.
    for _ in 0..400 {
        harness.run_steps(1);
        if !harness.state().tabs.sliding.code().running() {
            break;
        }
    }
    harness.run_steps(2);
    harness.get_by_label_contains("behaves like a stack");
    let step = harness
        .state()
        .tabs
        .sliding
        .code()
        .outcome()
        .and_then(|o| o.divergence_step())
        .expect("the judge names a step");
    // Run plays the new run from step 0: back to the start, then to where it broke.
    harness::click(&mut harness, "Reset");
    assert_eq!(harness.state().tabs.sliding.sessions()[0].position(), 0);
    harness.get_by_label(&format!("Show step {step}")).click();
    harness.run_steps(6);
    assert_eq!(harness.state().tabs.sliding.sessions()[0].position(), step);
}
