//! The assignment panel as a student uses it: a shipped assignment opened from the menu bar,
//! a file with a bug typed in and checked, the failing test opened on its board at the
//! step that broke the rule with the line lit, the work exported as the one .py file, kept
//! across a restart, and the panel in Chinese.

use crate::harness::{self, click};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::i18n::Language;
use frontier::search::judge::Rule;

const REFERENCE: &str = include_str!("../assignments/search-basics.py");

const OPEN_SEARCH_BASICS: &str =
    "Open the assignment “Search basics: BFS, DFS, uniform-cost search and A*”";

const EDITOR: &str = "Your file (every question's function in one Python file)";

/// The reference with its BFS's queue written as a stack.
fn stack_in_bfs() -> String {
    REFERENCE.replacen(
        "def bfs(problem):\n    frontier = Queue()",
        "def bfs(problem):\n    frontier = Stack()",
        1,
    )
}

/// The app with the search-basics assignment open, as a student opens it.
fn app_with_search_basics() -> Harness<'static, FrontierApp> {
    let mut harness = harness::app([1600.0, 1000.0]);
    click(&mut harness, "Assignments");
    click(&mut harness, OPEN_SEARCH_BASICS);
    harness
}

/// Puts `source` in the assignment's editor: select all, then type it.
fn type_file(harness: &mut Harness<'_, FrontierApp>, source: &str) {
    harness.get_by_label(EDITOR).focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    harness.get_by_label(EDITOR).type_text(source);
    harness.run_steps(2);
}

fn work_source(harness: &Harness<'_, FrontierApp>) -> String {
    harness.state().assignments.work["search-basics"]
        .source
        .clone()
}

#[test]
fn a_student_checks_a_file_with_a_bug_and_opens_the_failing_test_at_its_divergence() {
    let mut harness = app_with_search_basics();
    // The starter file comes first: every function there, returning None.
    let starter = work_source(&harness);
    for function in [
        "def bfs(problem):",
        "def dfs(problem):",
        "def astar(problem):",
    ] {
        assert!(starter.contains(function), "{starter}");
    }
    harness.get_by_label("Handout");
    type_file(&mut harness, &stack_in_bfs());
    assert_eq!(work_source(&harness), stack_in_bfs());
    click(&mut harness, "Check");
    let graded = harness.state().assignments.work["search-basics"]
        .graded
        .clone()
        .expect("checked within the frame's counted budget");
    // Only the visible tests: 3 of BFS's 5.
    let bfs = graded.question("bfs").unwrap();
    assert_eq!(bfs.tests.len(), 3);
    assert!(bfs.tests.iter().all(|t| !t.passed && !t.hidden));
    assert_eq!(bfs.score, 0.0);
    for question in ["dfs", "ucs", "astar"] {
        let graded = graded.question(question).unwrap();
        assert_eq!(graded.score, graded.max_score, "{question}");
    }
    harness.get_by_label_contains("On the tests you can see: 6.4 / 8.8.");
    let step = bfs.tests[0]
        .divergence
        .expect("where the BFS broke its rule")
        .step;

    click(
        &mut harness,
        "Show “bfs: The maze” on the board with your search (after a check, at the step that broke the rule)",
    );
    harness.run_steps(6);
    let app = harness.state();
    assert_eq!(app.tab, frontier::app::TabId::Pathfinding);
    let tab = &app.tabs.pathfinding;
    assert!(tab.runs_your_code());
    assert_eq!(tab.board().width(), 41, "the maze, 41 x 25");
    assert_eq!(tab.code().check, Some(Rule::Bfs));
    assert_eq!(
        tab.session().position(),
        step,
        "at the step that broke the rule"
    );
    let line = tab
        .code()
        .line_at(step)
        .expect("the line that made the step") as usize;
    let text = stack_in_bfs().lines().nth(line - 1).unwrap().to_owned();
    assert!(text.contains("problem.successors"), "line {line}: {text}");
    // Said above the board by the judge, and in the panel by the check of each test.
    assert_eq!(
        harness
            .query_all_by_label_contains("Your frontier behaves like a stack.")
            .count(),
        1 + 3
    );
}

#[test]
fn the_work_is_exported_as_one_python_file_and_kept_across_a_restart() {
    let mut harness = app_with_search_basics();
    type_file(&mut harness, REFERENCE);
    click(&mut harness, "Check");
    harness.get_by_label_contains("On the tests you can see: 8.8 / 8.8.");
    click(&mut harness, "Export my work…");
    let dir = std::env::temp_dir().join(format!("frontier-assignment-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("search_basics.py");
    harness.get_by_label("File name").focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_label("File name")
        .type_text(path.to_str().unwrap());
    harness.run_steps(2);
    click(&mut harness, "Save");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), REFERENCE);
    harness.get_by_label_contains("hand in this file");
    std::fs::remove_file(&path).ok();

    // A restart: the file and the last check come back with the saved state.
    let saved = harness.state().saved_state();
    let text = ron::to_string(&saved).unwrap();
    let mut harness = harness::harness_of(FrontierApp::from_saved(Some(&text)), [1600.0, 1000.0]);
    harness.run_steps(3);
    click(&mut harness, "Assignments");
    harness.get_by_label_contains("Last check: 8.8 / 8.8");
    click(&mut harness, OPEN_SEARCH_BASICS);
    assert_eq!(work_source(&harness), REFERENCE);
}

#[test]
fn the_panel_and_its_check_speak_chinese() {
    let mut harness = harness::app_in(Language::Chinese, [1600.0, 1000.0]);
    click(&mut harness, "作业");
    click(
        &mut harness,
        "打开作业“搜索基础：BFS、DFS、一致代价搜索和 A*”",
    );
    harness.get_by_label("作业说明");
    type_file_labelled(
        &mut harness,
        "你的文件（所有题目的函数写在一个 Python 文件里）",
        &stack_in_bfs(),
    );
    click(&mut harness, "检查");
    harness.get_by_label_contains("可见测试：");
    assert!(
        harness
            .query_all_by_label_contains("你的边界表现得像一个栈")
            .count()
            >= 1
    );
}

fn type_file_labelled(harness: &mut Harness<'_, FrontierApp>, label: &str, source: &str) {
    harness.get_by_label(label).focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    harness.get_by_label(label).type_text(source);
    harness.run_steps(2);
}

#[test]
fn a_puzzle_test_opens_on_the_sliding_puzzle_before_and_after_a_check() {
    let mut harness = app_with_search_basics();
    // Before a check: the visible tests are listed, each one's problem a click away, the
    // file there run on it (the starter's bfs returns None: no path, says the judge).
    click(
        &mut harness,
        "Show “bfs: 8-puzzle, 5 moves” on the board with your search (after a check, at the step that broke the rule)",
    );
    harness.run_steps(6);
    let app = harness.state();
    assert_eq!(app.tab, frontier::app::TabId::Sliding);
    let tab = &app.tabs.sliding;
    assert!(tab.runs_your_code());
    assert_eq!(tab.code().check, Some(Rule::Bfs));
    assert_eq!(
        tab.game().position().to_string(),
        "2 8 3 1 6 4 7 0 5",
        "the textbook's position"
    );
    harness.get_by_label_contains("you returned no path");

    // After a check of a BFS with a stack: opened at the step that broke the rule (the
    // panel stayed open on the other tab).
    type_file(&mut harness, &stack_in_bfs());
    click(&mut harness, "Check");
    let graded = harness.state().assignments.work["search-basics"]
        .graded
        .clone()
        .unwrap();
    let puzzle = &graded.question("bfs").unwrap().tests[2];
    assert_eq!(puzzle.name, "8-puzzle, 5 moves");
    let step = puzzle.divergence.unwrap().step;
    click(
        &mut harness,
        "Show “bfs: 8-puzzle, 5 moves” on the board with your search (after a check, at the step that broke the rule)",
    );
    harness.run_steps(6);
    let tab = &harness.state().tabs.sliding;
    assert_eq!(tab.sessions()[0].position(), step);
}
