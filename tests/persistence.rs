//! The app's saved state: what comes back after a restart, and what a damaged state does.

use frontier::app::{FrontierApp, Tab};
use frontier::games::sandbox::{Board, Connectivity, Heuristic, PathAlgorithm};
use frontier::grid::Pos;
use frontier::search::Algorithm;

#[test]
fn board_algorithm_options_and_speed_come_back_after_a_restart() {
    let mut app = FrontierApp::from_saved(None);
    let mut board = Board::new(9, 7);
    board.paint(Pos::new(4, 3), 1);
    board.paint(Pos::new(2, 2), 4);
    board.goal = Pos::new(8, 6);
    app.pathfinding.replace_board(board.clone());
    app.pathfinding.settings.algorithm = PathAlgorithm::Search(Algorithm::WeightedAStar(2.5));
    app.pathfinding.settings.heuristic = Heuristic::Euclidean;
    app.pathfinding.settings.connectivity = Connectivity::Eight;
    app.pathfinding.settings.overlays.parents = false;
    app.pathfinding.playback.speed = 8;
    app.tab = Tab::Snake;

    let saved = app.saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(restored.pathfinding.board, board);
    assert_eq!(restored.pathfinding.settings, app.pathfinding.settings);
    assert_eq!(restored.pathfinding.playback.speed, 8);
    assert!(
        !restored.pathfinding.playback.playing,
        "a restored run starts paused"
    );
    assert!(
        restored.pathfinding.dirty,
        "unsaved edits stay marked as unsaved"
    );
    assert_eq!(restored.tab, Tab::Snake);
    assert!(restored.pathfinding.notice.is_none());
}

#[test]
fn a_corrupt_saved_state_starts_fresh_with_a_message() {
    for (saved, words) in [
        ("this is not RON", "not a saved state"),
        ("(version: 99, tab: Pathfinding)", "not a saved state"),
    ] {
        let app = FrontierApp::from_saved(Some(saved));
        let notice = app.pathfinding.notice.as_ref().expect("a message");
        assert!(notice.error);
        assert!(notice.text.contains(words), "{}", notice.text);
        assert!(notice.text.contains("started fresh"));
        assert!(app.pathfinding.board.width() > 1, "a usable board");
    }
}

#[test]
fn a_damaged_board_or_setting_inside_the_state_is_caught_too() {
    let app = FrontierApp::from_saved(None);
    let good = app.saved_state();

    let mut bad_board = good.clone();
    bad_board.board = bad_board.board.replacen("size ", "size 99999", 1);
    let app = FrontierApp::from_saved(Some(&bad_board.to_ron()));
    let text = &app.pathfinding.notice.as_ref().unwrap().text;
    assert!(
        text.contains("its board is damaged") && text.contains("line"),
        "{text}"
    );

    let mut bad_weight = good.clone();
    bad_weight.settings.algorithm = PathAlgorithm::Search(Algorithm::WeightedAStar(-3.0));
    let app = FrontierApp::from_saved(Some(&bad_weight.to_ron()));
    let text = &app.pathfinding.notice.as_ref().unwrap().text;
    assert!(text.contains("weight"), "{text}");

    let mut other_version = good;
    other_version.version = 7;
    let app = FrontierApp::from_saved(Some(&other_version.to_ron()));
    assert!(
        app.pathfinding
            .notice
            .as_ref()
            .unwrap()
            .text
            .contains("another version")
    );
}

#[test]
fn sokoban_progress_and_the_open_collection_come_back() {
    let mut app = FrontierApp::from_saved(None);
    app.sokoban.load_collection(
        "mine.xsb",
        "; Mine\n#######\n#@ $ .#\n#######\n\n; Two\n######\n#@$ .#\n######\n",
    );
    app.sokoban.select(1);
    let level = app.sokoban.level().unwrap().clone();
    app.sokoban.progress.record(&level, 3, 2);
    let restored = FrontierApp::from_saved(Some(&app.saved_state().to_ron()));
    assert_eq!(restored.sokoban.collection_name, "mine.xsb");
    assert_eq!(restored.sokoban.index, 1);
    assert_eq!(
        restored
            .sokoban
            .progress
            .best(&level)
            .map(|b| (b.moves, b.pushes)),
        Some((3, 2))
    );
}

#[test]
fn snake_and_link_settings_and_best_scores_come_back() {
    let mut app = FrontierApp::from_saved(None);
    app.snake.high_scores.insert("16x12".into(), 41);
    app.snake.seed = 77;
    app.link.best_times.insert("12x8".into(), 93.5);
    app.link.gravity = true;
    app.link.seed = 5;
    let saved = app.saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(restored.snake.high_scores.get("16x12"), Some(&41));
    assert_eq!(restored.snake.seed, 77);
    assert_eq!(restored.link.best_times.get("12x8"), Some(&93.5));
    assert!(restored.link.gravity);
    assert_eq!(restored.link.seed, 5);
}
