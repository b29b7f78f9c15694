//! Links as a teacher sends them: File → Copy link points at the page students open, and
//! says so when only this computer could open it; File → Page for links… sets that page,
//! refuses an address that is none, and the app remembers it.

use crate::harness;
use frontier::ui::step_controls::BudgetOfFrames;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::{FrontierApp, Pilot, SlidingMode, TabId};
use frontier::games::sandbox::PathAlgorithm;
use frontier::games::sliding::{Move, PuzzleHeuristic};
use frontier::search::Algorithm;
use frontier::share;
use frontier::ui::step_controls::FrameBudget;

/// Clicks File → `entry`; what it does is in this frame's output.
fn file_menu(harness: &mut Harness<'static, FrontierApp>, entry: &str) {
    harness::click(harness, "File");
    harness.get_by_label(entry).click();
    harness.step();
}

/// What the last frame put on the clipboard.
fn copied(harness: &Harness<'static, FrontierApp>) -> Option<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

fn type_page(harness: &mut Harness<'static, FrontierApp>, page: &str) {
    harness.get_by_label("Page address").focus();
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("Page address").type_text(page);
    harness.run_steps(2);
    harness::click(harness, "Use this page");
}

#[test]
fn links_point_at_the_page_set_and_a_page_only_this_computer_serves_is_said() {
    let mut harness = harness::app([1400.0, 900.0]);
    let known = share::link_page(None);
    file_menu(&mut harness, "Copy link");
    let link = copied(&harness).expect("a link is copied whatever the page");
    assert!(link.starts_with(&format!("{}#v1.", known.url)), "{link}");
    assert!(share::open(&link).is_ok(), "the app's Open link reads it");
    harness.run_steps(2);
    if known.others_can_open() {
        harness.get_by_label_contains("whoever opens it sees this");
        file_menu(&mut harness, "Page for links…");
        harness.run_steps(2);
    } else {
        // No page students can open is known: the copy says so, and the window to set one
        // opens by itself.
        harness.get_by_label_contains("which only this computer can open");
        assert!(
            harness
                .query_by_label_contains("whoever opens it")
                .is_none()
        );
        harness.get_by_label_contains("Only this computer can open that page");
    }

    // An address that is not one is refused in the window; nothing changes.
    type_page(&mut harness, "school server");
    harness.get_by_label_contains("is not a web page's address");
    assert_eq!(harness.state().link_page, None);

    type_page(&mut harness, "https://school.example.cn/frontier/");
    harness.get_by_label_contains("Links now point to https://school.example.cn/frontier/");
    file_menu(&mut harness, "Copy link");
    let link = copied(&harness).unwrap();
    assert!(
        link.starts_with("https://school.example.cn/frontier/#v1."),
        "{link}"
    );
    harness.run_steps(2);
    harness.get_by_label_contains("on https://school.example.cn/frontier/: whoever opens it");

    // Remembered with the app, and a damaged one is forgotten with a message.
    let saved = harness.state().saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(
        restored.link_page.as_deref(),
        Some("https://school.example.cn/frontier/")
    );
    let damaged = saved.replace(
        "https://school.example.cn/frontier/",
        "https://school example/",
    );
    let restored = FrontierApp::from_saved(Some(&damaged));
    assert_eq!(restored.link_page, None);
    let notice = restored.notice.expect("the reset is said").text();
    assert!(
        notice.contains("The page for links was forgotten"),
        "{notice}"
    );
}

/// Copies the link to the view on screen and opens it in an app started afresh.
fn copy_and_open_elsewhere(
    harness: &mut Harness<'static, FrontierApp>,
) -> Harness<'static, FrontierApp> {
    file_menu(harness, "Copy link");
    let link = copied(harness).expect("a link is copied");
    let mut other = harness::app([1400.0, 900.0]);
    other.state_mut().open_link(&link).expect("the link opens");
    other
}

/// A teacher watching A* (beside BFS) on 八数码 sends the link: the student's app opens the
/// sliding puzzle on the same position, the same two searches, at the same step. A link made
/// while playing opens the position as it stands, to play.
#[test]
fn a_link_opens_the_sliding_puzzle_at_the_searches_and_step_shown() {
    let mut harness = harness::app([1400.0, 900.0]);
    harness::click(&mut harness, "Sliding puzzle");
    let astar = (
        PathAlgorithm::search(Algorithm::AStar),
        PuzzleHeuristic::Manhattan,
    );
    let bfs = (
        PathAlgorithm::search(Algorithm::Bfs),
        PuzzleHeuristic::Manhattan,
    );
    let tab = &mut harness.state_mut().tabs.sliding;
    tab.play_typed("2 8 3 1 6 4 7 0 5");
    tab.choose_search(astar.0, astar.1);
    tab.compare_with(Some(bfs));
    harness.run_steps(2);
    harness::click(&mut harness, "Watch a search solve it");
    for _ in 0..6 {
        harness::click(&mut harness, "Step");
    }
    let mut other = copy_and_open_elsewhere(&mut harness);
    other.run_steps(4);
    assert_eq!(other.state().tab, TabId::Sliding);
    let tab = &other.state().tabs.sliding;
    assert_eq!(tab.mode(), SlidingMode::Watch);
    let searches: Vec<_> = tab
        .sessions()
        .iter()
        .map(|s| ((s.algorithm, s.heuristic), s.position()))
        .collect();
    assert_eq!(searches, [(astar, 6), (bfs, 6)]);
    assert_eq!(
        tab.sessions()[0].run().problem().start.to_string(),
        "2 8 3 1 6 4 7 0 5"
    );

    // Playing: two moves made by hand, the link opens the position they reached.
    let tab = &mut harness.state_mut().tabs.sliding;
    tab.stop_watching();
    tab.slide(Move::Up);
    tab.slide(Move::Left);
    let reached = tab.game().position();
    let other = copy_and_open_elsewhere(&mut harness);
    let tab = &other.state().tabs.sliding;
    assert_eq!(tab.mode(), SlidingMode::Play);
    assert_eq!(tab.game().position(), reached);
    assert_eq!(tab.game().moves(), 0, "a new game from the position linked");
}

/// A Snake game sent as a link opens at the same move with the same planner, the moves made
/// again over frames through the planner (whose memory decides its next move), paused, and
/// with no high score to win for the student.
#[test]
fn a_link_opens_the_snake_game_at_the_move_shown_with_its_planner() {
    let mut harness = harness::app([1400.0, 900.0]);
    harness::click(&mut harness, "Snake");
    // Not whole 2 x 2 blocks: the cycle planner remembers the cycle it follows.
    harness.state_mut().tabs.snake.resize(15, 12);
    harness.state_mut().tabs.snake.set_pilot(Pilot::Cycle);
    for _ in 0..150 {
        harness.state_mut().tabs.snake.step();
    }
    harness.run_steps(1);
    let snake = &harness.state().tabs.snake;
    let (body, eaten) = (snake.game().body().clone(), snake.game().eaten());
    let next = snake.cycle_decision().map(|d| (d.choice, d.cycle.clone()));
    assert!(eaten > 0 && next.is_some());

    file_menu(&mut harness, "Copy link");
    let link = copied(&harness).expect("a link is copied");
    let mut other = harness::app([1400.0, 900.0]);
    // Fifty moves a frame: the game is caught up with over frames, not in one.
    FrameBudget::Steps(50).set(&other.ctx);
    other.state_mut().open_link(&link).expect("the link opens");
    other.step();
    assert_eq!(other.state().tab, TabId::Snake);
    let made = other.state().tabs.snake.game().moves_made().len();
    assert!(made > 0 && made <= 50, "{made} moves in the first frame");
    other.run_steps(4);
    let snake = &other.state().tabs.snake;
    assert_eq!(snake.game().moves_made().len(), 150);
    assert_eq!((snake.game().body(), snake.game().eaten()), (&body, eaten));
    assert_eq!(snake.pilot(), Pilot::Cycle);
    assert_eq!(
        snake.cycle_decision().map(|d| (d.choice, d.cycle.clone())),
        next,
        "the planner's next move is the one it would have made"
    );
    assert!(!snake.playing(), "paused at the move linked");
    assert!(snake.planner_moved(), "a linked game wins no high score");
}

/// A link to a puzzle or a Snake game that does not play opens nothing and says which part
/// is wrong; the tab shown stays as it was.
#[test]
fn a_puzzle_or_snake_link_that_does_not_play_changes_nothing() {
    let mut harness = harness::app([1400.0, 900.0]);
    let view = share::View::Puzzle {
        position: "2 1 3 8 0 4 7 6 5".into(),
        goal: "snail".into(),
        search: None,
        heuristic: "manhattan".into(),
        compare: None,
        step: 0,
        program: None,
    };
    let link = share::link("https://example.org/f/", &view);
    let why = harness
        .state_mut()
        .open_link(&link)
        .expect_err("unsolvable");
    assert!(
        why.contains("the position in the link does not read"),
        "{why}"
    );
    let view = share::View::Snake {
        walls: vec!["......".into(); 6],
        seed: 1,
        pilot: "player".into(),
        moves: "uuuuuuuuuuuuuu".into(),
    };
    let why = harness
        .state_mut()
        .open_link(&share::link("https://example.org/f/", &view))
        .expect_err("into the wall and on");
    assert!(why.contains("the game is over before move"), "{why}");
    assert_eq!(harness.state().tab, TabId::Pathfinding);
}

/// Every tab the shell registers has a way out and a way in: the view it shares, put in a
/// link, opens that same tab in another app. A new tab that forgets either fails here.
#[test]
fn every_tab_shares_its_view_and_a_link_to_it_opens_that_tab() {
    for &id in TabId::ALL {
        let mut harness = harness::app([1400.0, 900.0]);
        harness.state_mut().tab = id;
        let view = harness
            .state()
            .shared_view()
            .unwrap_or_else(|| panic!("{id:?} has a view to share"));
        let link = share::link("https://example.org/f/", &view);
        let mut other = harness::app([1400.0, 900.0]);
        other
            .state_mut()
            .open_link(&link)
            .unwrap_or_else(|why| panic!("{id:?}: {why}"));
        assert_eq!(
            other.state().tab,
            id,
            "the link opens the tab it was made on"
        );
    }
}

#[test]
fn a_link_over_unsaved_edits_offers_a_button_that_brings_the_board_back() {
    use frontier::games::sandbox::Board;
    use frontier::grid::Pos;
    let mut harness = harness::app_on_open_board();
    harness.get_by_label("Wall").click();
    harness.run_steps(2);
    harness::drag(&mut harness, Pos::new(5, 2), &[Pos::new(5, 5)]);
    assert!(harness.state().tabs.pathfinding.dirty());
    let painted = harness.state().tabs.pathfinding.board().clone();

    let mut linked = Board::new(9, 9);
    linked.start = Pos::new(0, 0);
    linked.goal = Pos::new(8, 8);
    let mut sender = harness::app([1400.0, 900.0]);
    sender.state_mut().tabs.pathfinding.replace_board(linked);
    sender.run_steps(2);
    let link = share::link(
        "https://example.org/f/",
        &sender.state().shared_view().unwrap(),
    );
    harness.state_mut().open_link(&link).unwrap();
    harness.run_steps(3);
    assert_eq!(harness.state().tabs.pathfinding.board().width(), 9);
    harness.get_by_label_contains("replaced yours, which had unsaved edits");

    // A button, not a key a phone has not.
    harness::click(&mut harness, "Bring back my board");
    assert_eq!(*harness.state().tabs.pathfinding.board(), painted);
    assert!(
        harness.query_by_label_contains("replaced yours").is_none(),
        "the offer goes once taken"
    );
}

#[test]
fn a_link_over_a_saved_board_says_nothing_of_edits() {
    let mut harness = harness::app([1400.0, 900.0]);
    harness.state_mut().tabs.pathfinding.mark_saved();
    let view = harness.state().shared_view().unwrap();
    let link = share::link("https://example.org/f/", &view);
    harness.state_mut().open_link(&link).unwrap();
    harness.run_steps(3);
    assert!(harness.query_by_label_contains("replaced yours").is_none());
}
