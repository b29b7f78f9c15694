//! Lessons as a student and a teacher meet them (egui_kittest): a lesson walked by clicks,
//! one answer right and one wrong, its progress remembered; the page's board painted on and
//! put back; a paint-wall question answered by painting; a lesson file dropped on the window,
//! and a broken one reported by its line and not loaded.

use crate::harness;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::{FrontierApp, TabId};
use frontier::grid::Pos;
use frontier::i18n::Language;
use harness::{app, app_in, click, drag as press};

fn open_lessons(harness: &mut Harness<'_, FrontierApp>) {
    click(harness, "Lessons");
}

fn progress(harness: &Harness<'_, FrontierApp>, id: &str) -> (usize, Vec<(usize, bool)>) {
    let p = harness
        .state()
        .lessons
        .course
        .progress
        .get(id)
        .cloned()
        .unwrap_or_default();
    (p.page, p.answers.into_iter().collect())
}

#[test]
fn a_lesson_is_walked_by_clicks_answering_one_question_right_and_one_wrong() {
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    click(
        &mut harness,
        "Start “The frontier and breadth-first search”",
    );
    assert_eq!(harness.state().tab, TabId::Pathfinding);
    harness.get_by_label_contains("1/5 · A search keeps a list");
    let board = harness.state().tabs.pathfinding.board().clone();
    assert_eq!((board.width(), board.height()), (9, 7), "the page's board");
    assert_eq!(harness.state().tabs.pathfinding.session().position(), 0);

    // Right: the start goes first. The click answered; it painted nothing.
    press(&mut harness, board.start, &[]);
    harness.get_by_label_contains("Right: (2,3) was next.");
    harness.get_by_label_contains("At the start the frontier holds one cell");
    assert_eq!(*harness.state().tabs.pathfinding.board(), board);
    assert_eq!(
        harness.state().tabs.pathfinding.session().position(),
        1,
        "the search took the step it was asked about"
    );

    click(&mut harness, "Next page");
    harness.get_by_label_contains("2/5 · First in, first out");
    assert_eq!(harness.state().tabs.pathfinding.session().position(), 3);
    // Wrong: a corner far from the start is not in the frontier.
    press(&mut harness, Pos::new(8, 0), &[]);
    harness.get_by_label_contains("Not quite: (8,0) is not in the frontier");
    harness.get_by_label("Try again");
    assert_eq!(
        progress(&harness, "frontier-bfs"),
        (1, vec![(0, true), (1, false)])
    );

    // A second try is judged, but the first answer is the one that counts.
    click(&mut harness, "Try again");
    let (_, next) = harness
        .state()
        .tabs
        .pathfinding
        .session()
        .run()
        .next_expansion()
        .unwrap();
    press(&mut harness, next, &[]);
    harness.get_by_label_contains(&format!("Right: {next} was next."));
    assert_eq!(
        progress(&harness, "frontier-bfs").1,
        vec![(0, true), (1, false)]
    );

    // Which cells join the frontier: picked one by one (a second click takes one back).
    click(&mut harness, "Next page");
    harness.get_by_label_contains("3/5 · Who joins the frontier?");
    let joined = {
        let run = harness.state().tabs.pathfinding.session().run();
        frontier::games::sandbox::predict::judge_joining(run, &[])
            .unwrap()
            .joined
    };
    assert!(joined.len() >= 2);
    press(&mut harness, Pos::new(8, 6), &[]);
    press(&mut harness, Pos::new(8, 6), &[]);
    for &cell in &joined {
        press(&mut harness, cell, &[]);
    }
    assert_eq!(
        harness.state().tabs.pathfinding.lesson_marks().len(),
        joined.len()
    );
    click(&mut harness, "Check my cells");
    harness.get_by_label_contains(&format!("Right: {} cells join", joined.len()));

    click(&mut harness, "Next page");
    harness.get_by_label_contains("4/5 · Rings of equal distance");
    click(&mut harness, "A diamond");
    click(&mut harness, "Check my answer");
    harness.get_by_label("Right.");

    // The board stays live: paint on it, then one button puts the page back.
    click(&mut harness, "Wall");
    press(&mut harness, Pos::new(0, 0), &[Pos::new(0, 6)]);
    assert!(
        !harness
            .state()
            .tabs
            .pathfinding
            .board()
            .is_passable(Pos::new(0, 3))
    );
    click(&mut harness, "Back to the page's board");
    assert_eq!(*harness.state().tabs.pathfinding.board(), board);
    let steps = harness
        .state()
        .lessons
        .course
        .active
        .as_ref()
        .unwrap()
        .steps;
    assert!(steps > 0);
    assert_eq!(harness.state().tabs.pathfinding.session().position(), steps);

    click(&mut harness, "Previous page");
    harness.get_by_label_contains("3/5 · Who joins the frontier?");

    // Progress is saved with the app and shown in the list.
    let saved = harness.state().saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(
        restored.lessons.course.progress.get("frontier-bfs"),
        harness.state().lessons.course.progress.get("frontier-bfs")
    );
    click(&mut harness, "All lessons");
    harness.get_by_label("Page 3 of 5 · 3 of 5 questions right");
    harness.get_by_label("Continue “The frontier and breadth-first search”");
}

#[test]
fn a_wrong_choice_names_the_right_one_by_its_text_and_a_changed_choice_is_judged() {
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    click(
        &mut harness,
        "Start “The frontier and breadth-first search”",
    );
    for _ in 0..3 {
        click(&mut harness, "Next page");
    }
    harness.get_by_label_contains("4/5 · Rings of equal distance");
    click(&mut harness, "A circle");
    click(&mut harness, "Check my answer");
    harness.get_by_label("Not “A circle”: the right choice is “A diamond”.");
    // Another choice ticked: the verdict of the first goes, and Check judges this one
    // without Try again.
    click(&mut harness, "A square");
    assert!(harness.query_by_label_contains("Not “A circle”").is_none());
    click(&mut harness, "Check my answer");
    harness.get_by_label("Not “A square”: the right choice is “A diamond”.");
    click(&mut harness, "A diamond");
    click(&mut harness, "Check my answer");
    harness.get_by_label("Right.");
    assert_eq!(
        progress(&harness, "frontier-bfs").1,
        vec![(3, false)],
        "the first answer is the one that counts"
    );
}

#[test]
fn a_paint_wall_question_is_answered_by_painting_on_the_board() {
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    click(&mut harness, "Start “Greedy's trap”");
    for _ in 0..2 {
        click(&mut harness, "Next page");
    }
    harness.get_by_label_contains("3/4 · Set the trap yourself");
    // Nothing painted yet: greedy and A* both pay 18.
    click(&mut harness, "Check my board");
    harness.get_by_label_contains("Paint exactly one new wall on the page's board");
    click(&mut harness, "Wall");
    press(&mut harness, Pos::new(16, 6), &[]);
    click(&mut harness, "Check my board");
    harness.get_by_label_contains("Right: with your wall Greedy best-first's path costs 48");
    assert_eq!(progress(&harness, "greedy-trap").1, vec![(2, false)]);
}

#[test]
fn the_first_meeting_rule_is_shown_failing_beside_dijkstra() {
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    click(&mut harness, "Start “Meeting in the middle”");
    for _ in 0..2 {
        click(&mut harness, "Next page");
    }
    harness.get_by_label_contains("3/4 · The first meeting");
    harness.run_steps(10);
    let tab = &harness.state().tabs.pathfinding;
    assert!(tab.settings().first_meeting);
    let costs: Vec<Option<f64>> = tab.sessions().iter().map(|s| s.run().path_cost()).collect();
    assert_eq!(costs, vec![Some(6.5), Some(4.0)]);
    harness.get_by_label("Stop at the first meeting (the wrong rule)");
    harness.get_by_label_contains("no: the cheapest costs 4");
    // The next page stops by the proven rule again.
    click(&mut harness, "Next page");
    harness.run_steps(10);
    let tab = &harness.state().tabs.pathfinding;
    assert!(!tab.settings().first_meeting);
    assert_eq!(tab.session().run().path_cost(), Some(4.0));
}

#[test]
fn a_lesson_in_chinese_is_chosen_for_the_chinese_interface() {
    let mut harness = app_in(Language::Chinese, [1400.0, 900.0]);
    click(&mut harness, "课程");
    click(&mut harness, "开始“边界与广度优先搜索”");
    harness.get_by_label_contains("1/5 · 搜索维护一张表");
    let start = harness.state().tabs.pathfinding.board().start;
    press(&mut harness, start, &[]);
    harness.get_by_label_contains("对了：下一个就是 (2,3)");
}

/// A file dropped on the window, read from its bytes.
#[derive(Debug)]
struct Dropped {
    path: PathBuf,
    text: String,
}

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.path
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        Ok(self.text.clone().into_bytes())
    }
}

fn drop_file(harness: &mut Harness<'_, FrontierApp>, name: &str, text: &str) {
    harness.input_mut().dropped_files.push(Arc::new(Dropped {
        path: PathBuf::from(name),
        text: text.to_string(),
    }));
    harness.run_steps(4);
}

const MINE: &str = r#"id = "mine"
title = "My own lesson"
language = "en"

[[page]]
title = "Where A* goes"
text = "A* on the maze, ten steps in."
[page.board]
preset = "maze"
algorithm = "astar"
run = "step 10"
[page.question]
kind = "predict"
prompt = "Which cell next?"
"#;

#[test]
fn a_lesson_dropped_on_the_window_opens_and_a_broken_one_is_reported_and_not_loaded() {
    let mut harness = app([1400.0, 900.0]);
    let board = harness.state().tabs.pathfinding.board().clone();
    drop_file(
        &mut harness,
        "broken.toml",
        &MINE.replace("run = \"step 10\"", "run = \"soon\""),
    );
    harness.get_by_label_contains("Could not open the lesson broken.toml: line 11:");
    assert!(
        harness.state().lessons.course.active.is_none(),
        "nothing loaded"
    );
    assert_eq!(
        *harness.state().tabs.pathfinding.board(),
        board,
        "the board untouched"
    );
    click(&mut harness, "OK");

    drop_file(&mut harness, "mine.toml", MINE);
    harness.get_by_label_contains("1/1 · Where A* goes");
    assert_eq!(harness.state().tabs.pathfinding.session().position(), 10);
    // A cell clicked answers the question; then the verdict, not the hint, says what next.
    harness.get_by_label("Answer by clicking a cell on the board.");
    let start = harness.state().tabs.pathfinding.board().start;
    harness::drag(&mut harness, start, &[]);
    assert!(
        harness
            .state()
            .lessons
            .course
            .active
            .as_ref()
            .unwrap()
            .checked
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Answer by clicking a cell on the board.")
            .is_none()
    );
    assert_eq!(
        harness.state().tabs.pathfinding.board().width(),
        41,
        "the maze"
    );
    // The user's own board is one Undo away.
    harness.state_mut().tabs.pathfinding.undo();
    assert_eq!(*harness.state().tabs.pathfinding.board(), board);
    // The opened lesson joins the list.
    click(&mut harness, "All lessons");
    harness.get_by_label("Continue “My own lesson”");
}

/// A link to a lesson page opens that page of that lesson, in the app's language; a link to
/// a lesson of the teacher's own carries its text and opens it too; Copy link on a lesson
/// page makes such a link.
#[test]
fn a_link_opens_a_lesson_page_and_the_teachers_own_lesson_travels_inside_it() {
    use frontier::share::{self, View};
    let mut harness = app_in(Language::Chinese, [1400.0, 900.0]);
    let link = share::link(
        "https://example.org/",
        &View::Lesson {
            id: "sokoban-pushes".into(),
            text: None,
            page: 2,
        },
    );
    harness
        .state_mut()
        .open_link(&link)
        .expect("a shipped lesson");
    harness.run_steps(4);
    let active = harness
        .state()
        .lessons
        .course
        .active
        .as_ref()
        .expect("a lesson");
    assert_eq!(
        (active.lesson.id.as_str(), active.page),
        ("sokoban-pushes", 2)
    );
    assert_eq!(active.lesson.language, Language::Chinese);
    assert!(harness.state().lessons.open);
    assert_eq!(
        harness.state().tab,
        TabId::Sokoban,
        "the page's level is shown"
    );

    // A lesson of one's own: opened from its file, linked, opened by another app.
    let own = include_str!("../../presets/lessons/01-frontier-bfs.en.toml")
        .replace("id = \"frontier-bfs\"", "id = \"my-own-bfs\"");
    let mut teacher = app([1400.0, 900.0]);
    teacher.state_mut().lessons.load_text("mine.toml", Ok(own));
    teacher.run_steps(4);
    let view = teacher
        .state()
        .shared_view()
        .expect("a lesson page to share");
    let View::Lesson { id, text, .. } = &view else {
        panic!("{view:?}")
    };
    assert_eq!(id, "my-own-bfs");
    assert!(text.is_some(), "not shipped: the text goes in the link");
    let mut student = app([1400.0, 900.0]);
    let link = share::link("https://example.org/", &view);
    student
        .state_mut()
        .open_link(&link)
        .expect("the lesson travels");
    student.run_steps(4);
    let active = student
        .state()
        .lessons
        .course
        .active
        .as_ref()
        .expect("a lesson");
    assert_eq!(active.lesson.id, "my-own-bfs");

    // A link to a lesson nobody has, without its text: refused, nothing changes.
    let missing = share::link(
        "https://example.org/",
        &View::Lesson {
            id: "nowhere".into(),
            text: None,
            page: 0,
        },
    );
    let error = student.state_mut().open_link(&missing).unwrap_err();
    assert!(error.contains("there is no lesson nowhere"), "{error}");
    let active = student
        .state()
        .lessons
        .course
        .active
        .as_ref()
        .expect("still there");
    assert_eq!(active.lesson.id, "my-own-bfs");
}

#[test]
fn the_lesson_panel_stays_on_its_tab_and_comes_back_with_it() {
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    click(
        &mut harness,
        "Start “Why Sokoban solvers search pushes, not moves”",
    );
    assert_eq!(harness.state().tab, TabId::Sokoban);
    assert!(harness.query_by_label("Next page").is_some());

    // The student goes off to play Snake: the Sokoban lesson steps aside.
    click(&mut harness, "Snake");
    assert_eq!(harness.state().tab, TabId::Snake);
    assert!(
        harness.query_by_label("Next page").is_none(),
        "the Sokoban lesson does not cover the Snake game"
    );
    assert!(
        harness.state().lessons.course.active.is_some(),
        "it is kept"
    );

    // Back on Sokoban, the page is where it was.
    click(&mut harness, "Sokoban");
    harness.get_by_label_contains("1/");
    assert!(harness.query_by_label("Next page").is_some());

    // Asked for on another tab, the panel comes there, and a board click there is no
    // answer to the Sokoban page's question.
    click(&mut harness, "Pathfinding");
    assert!(harness.query_by_label("Next page").is_none());
    assert!(!harness.state().tabs.pathfinding.cell_asked());
    open_lessons(&mut harness);
    assert!(harness.query_by_label("Next page").is_some());
    assert_eq!(harness.state().lessons.home, Some(TabId::Pathfinding));
}

#[test]
fn a_sliding_puzzle_lesson_sets_its_position_and_searches_on_the_puzzle_tab() {
    use frontier::app::{SlidingMode, TabId};
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    let start = "Start “Designing heuristics: relaxed problems, dominance and pattern databases”";
    harness.get_by_label(start).scroll_to_me();
    harness.run_steps(2);
    harness.get_by_label(start).click_accesskit();
    harness.run_steps(4);
    assert!(harness.state().lessons.course.active.is_some(), "started");
    click(&mut harness, "Next page");
    harness.get_by_label_contains("2/4 · Dominance");
    harness.run_steps(4);
    assert_eq!(harness.state().tab, TabId::Sliding);
    let tab = &harness.state().tabs.sliding;
    assert_eq!(tab.mode(), SlidingMode::Watch);
    assert_eq!(tab.game().position().to_string(), "5 6 7 4 0 8 3 2 1");
    assert_eq!(tab.game().goal().to_string(), "1 2 3 8 0 4 7 6 5");
    let labels: Vec<String> = tab
        .sessions()
        .iter()
        .map(|s| s.series.label.clone())
        .collect();
    assert_eq!(labels, ["A* · misplaced tiles", "A* · Manhattan distance"]);
    // The question is answered, then both searches run to their end, as the page says.
    harness
        .get_by_label_contains("A* with Manhattan expands no position")
        .click();
    harness.run_steps(2);
    click(&mut harness, "Check my answer");
    harness.get_by_label_contains("115,158 positions with misplaced tiles");
    click(&mut harness, "To end");
    for _ in 0..400 {
        if harness.state().tabs.sliding.finished().len() == 2 {
            break;
        }
        harness.step();
    }
    // The faster search ends first: the table lists them as they end.
    let expanded: Vec<(String, usize)> = (harness.state().tabs.sliding.finished().iter())
        .map(|run| (run.label(), run.expansions))
        .collect();
    assert_eq!(
        expanded,
        [
            ("A* · Manhattan distance".to_string(), 749),
            ("A* · misplaced tiles".to_string(), 115_158)
        ],
        "the counts the page states"
    );
}

/// The tree-search lesson's first page: the line it names in DFS's pseudo-code is that line
/// on screen, and the prompt's emphasis is drawn, not shown as stars.
#[test]
fn the_visited_set_lesson_names_the_line_on_screen_and_draws_its_emphasis() {
    use frontier::games::sandbox::PathAlgorithm;
    let dfs = frontier::teach::listing::pseudocode(PathAlgorithm::parse("dfs").unwrap());
    assert_eq!(dfs[5].trim(), "mark n visited", "line 6: {dfs:?}");
    for language in [Language::English, Language::Chinese] {
        let lesson = frontier::lessons::shipped::LESSONS
            .iter()
            .filter_map(|(_, text)| frontier::lessons::parse_lesson(text).ok())
            .find(|l| l.id == "visited-set" && l.language == language)
            .unwrap();
        let named = match language {
            Language::English => "line 6 of DFS's pseudo-code",
            Language::Chinese => "伪代码第 6 行",
        };
        assert!(lesson.pages[0].text.contains(named), "{language:?}");
    }
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    let start = "Start “Tree search and graph search: what the visited set buys”";
    harness.get_by_label(start).scroll_to_me();
    harness.run_steps(2);
    harness.get_by_label(start).click_accesskit();
    harness.run_steps(4);
    harness.get_by_label_contains("A depth-first tree search, with no visited set");
    assert!(
        harness.query_by_label_contains("*tree*").is_none(),
        "no stars"
    );
}

/// The IDA*-memory lesson's second page: IDA* holding only its path (the box ticked, its
/// name says so) beside A*, both run to the end, each column saying the memory it holds.
#[test]
fn a_lesson_runs_ida_star_holding_only_its_path_and_shows_the_memory_held() {
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    let start = "Start “IDA* that keeps only its path: memory against time on the 15-puzzle”";
    harness.get_by_label(start).scroll_to_me();
    harness.run_steps(2);
    harness.get_by_label(start).click_accesskit();
    harness.run_steps(4);
    click(&mut harness, "Next page");
    harness.run_steps(4);
    let labels: Vec<String> = (harness.state().tabs.sliding.sessions().iter())
        .map(|s| s.series.label.clone())
        .collect();
    assert_eq!(
        labels,
        [
            "IDA* · Manhattan distance · path only",
            "A* · Manhattan distance"
        ]
    );
    use egui_kittest::kittest::NodeT;
    let ticked = harness
        .get_by_label("Keep only the path (the textbook's IDA*)")
        .accesskit_node()
        .toggled();
    assert_eq!(ticked, Some(egui::accesskit::Toggled::True));
    click(&mut harness, "To end");
    for _ in 0..2000 {
        if harness.state().tabs.sliding.finished().len() == 2 {
            break;
        }
        harness.step();
    }
    let sessions = harness.state().tabs.sliding.sessions();
    assert_eq!(sessions[0].run().expansions(), 406_931);
    assert_eq!(sessions[1].run().expansions(), 118_485);
    harness.run_steps(2);
    // A* holds megabytes (how many depends on how its arrays grew as it was stepped);
    // IDA* with its path alone, kilobytes.
    harness.get_by_label_contains("Memory held: 11.6 KiB");
    let astar = harness.get_by_label_contains("MiB");
    let shown = format!("{:?}", astar.accesskit_node().value());
    let mib: f64 = shown
        .split("Memory held: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    assert!(mib > 10.0, "{shown}");
}

/// A lesson page where the student writes the search: the skeleton opens in the code panel
/// and fails the judge; a program that is a BFS passes, and going back to the page keeps
/// what the student wrote.
#[test]
fn a_lesson_page_judges_the_search_the_student_wrote() {
    let mut harness = app([1400.0, 900.0]);
    open_lessons(&mut harness);
    let start = "Start “Write it yourself: BFS on a maze”";
    harness.get_by_label(start).scroll_to_me();
    harness.run_steps(2);
    harness.get_by_label(start).click_accesskit();
    harness.run_steps(4);
    click(&mut harness, "Next page");
    let wait_for_the_run = |harness: &mut Harness<'_, FrontierApp>| {
        for _ in 0..600 {
            harness.step();
            let code = harness.state().tabs.pathfinding.code();
            if code.outcome().is_some() && !code.running() {
                break;
            }
        }
        harness.run_steps(2);
    };
    wait_for_the_run(&mut harness);
    assert!(harness.state().tabs.pathfinding.runs_your_code());
    assert!(
        harness
            .state()
            .tabs
            .pathfinding
            .code()
            .source
            .contains("TODO 1")
    );
    click(&mut harness, "Check my search");
    let active = harness.state().lessons.course.active.as_ref().unwrap();
    assert_eq!(active.checked.as_ref().map(|c| c.is_right()), Some(false));
    // The student writes the loop.
    let reference = include_str!("../assignments/search-basics.py");
    let solution = format!("{reference}\n\nsearch = bfs\n");
    harness
        .state_mut()
        .tabs
        .pathfinding
        .set_program(solution.clone(), None);
    click(&mut harness, "Try again");
    wait_for_the_run(&mut harness);
    click(&mut harness, "Check my search");
    let active = harness.state().lessons.course.active.as_ref().unwrap();
    assert_eq!(active.checked.as_ref().map(|c| c.is_right()), Some(true));
    // The judge's words, above the board and under the question.
    let told = harness.get_all_by_label_contains("A correct BFS on this problem");
    assert_eq!(told.count(), 2);
    // The page shown again keeps the program written.
    click(&mut harness, "Previous page");
    click(&mut harness, "Next page");
    assert_eq!(harness.state().tabs.pathfinding.code().source, solution);
}
