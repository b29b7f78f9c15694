//! The app's saved state: what comes back after a restart, and what a damaged state does.

use frontier::app::{FrontierApp, PathfindingSaved, SavedState, TabId};
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
    app.tabs.pathfinding.replace_board(board.clone());
    app.tabs
        .pathfinding
        .change_settings(|s| s.algorithm = PathAlgorithm::search(Algorithm::WeightedAStar(2.5)));
    app.tabs
        .pathfinding
        .change_settings(|s| s.heuristic = Heuristic::Euclidean);
    app.tabs
        .pathfinding
        .change_settings(|s| s.connectivity = Connectivity::Eight);
    app.tabs
        .pathfinding
        .change_settings(|s| s.overlays.parents = false);
    app.tabs.pathfinding.playback_mut().speed = 8;
    app.tab = TabId::Snake;

    let saved = app.saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(*restored.tabs.pathfinding.board(), board);
    assert_eq!(
        restored.tabs.pathfinding.settings(),
        app.tabs.pathfinding.settings()
    );
    assert_eq!(restored.tabs.pathfinding.playback().speed, 8);
    assert!(
        !restored.tabs.pathfinding.playback().playing,
        "a restored run starts paused"
    );
    assert!(
        restored.tabs.pathfinding.dirty(),
        "unsaved edits stay marked as unsaved"
    );
    assert_eq!(restored.tab, TabId::Snake);
    assert!(restored.notice.is_none(), "{:?}", restored.notice);
}

#[test]
fn a_corrupt_saved_state_starts_fresh_with_a_message() {
    for (saved, words) in [
        ("this is not RON", "not a saved state"),
        ("", "not a saved state"),
        ("(tab: Pathfinding)", "not a saved state"),
        ("(version: 99, tab: \"snake\")", "another version"),
    ] {
        let app = FrontierApp::from_saved(Some(saved));
        let notice = app.notice.as_ref().expect("a message");
        assert!(notice.error);
        assert!(notice.text().contains(words), "{}", notice.text());
        assert!(notice.text().contains("started fresh"));
        assert!(app.tabs.pathfinding.board().width() > 1, "a usable board");
    }
}

/// The saved state with one tab's part replaced by `part` (RON text).
fn with_part(state: &SavedState, key: &str, part: &str) -> String {
    let mut state = state.clone();
    state.tabs.insert(
        key.to_string(),
        ron::value::RawValue::from_boxed_ron(part.into()).unwrap(),
    );
    state.to_ron()
}

fn pathfinding_part(app: &FrontierApp, edit: impl FnOnce(&mut PathfindingSaved)) -> String {
    let mut saved = app.tabs.pathfinding.saved();
    edit(&mut saved);
    ron::ser::to_string(&saved).unwrap()
}

#[test]
fn a_damaged_board_or_setting_inside_the_state_is_reset_and_the_rest_comes_back() {
    let mut app = FrontierApp::from_saved(None);
    app.tabs
        .snake
        .high_scores_mut()
        .0
        .insert("16x12".into(), 41);
    let good = app.saved_state();

    let part = pathfinding_part(&app, |s| {
        s.board = s.board.replacen("size ", "size 99999", 1)
    });
    let restored = FrontierApp::from_saved(Some(&with_part(&good, "pathfinding", &part)));
    let text = &restored.notice.as_ref().unwrap().text();
    assert!(
        text.contains("board was reset") && text.contains("line"),
        "{text}"
    );
    assert_eq!(
        restored.tabs.snake.high_scores().0.get("16x12"),
        Some(&41),
        "the other tabs come back"
    );

    let part = pathfinding_part(&app, |s| {
        s.settings.algorithm = PathAlgorithm::search(Algorithm::WeightedAStar(-3.0));
        s.settings.heuristic = Heuristic::Octile;
    });
    let restored = FrontierApp::from_saved(Some(&with_part(&good, "pathfinding", &part)));
    let text = &restored.notice.as_ref().unwrap().text();
    assert!(
        text.contains("algorithm was reset") && text.contains("weight"),
        "{text}"
    );
    assert_eq!(
        restored.tabs.pathfinding.settings().heuristic,
        Heuristic::Octile,
        "the settings beside it come back"
    );
}

#[test]
fn a_comparison_weight_that_is_not_a_number_is_reset() {
    // Accepted before, a weight of NaN made "To end" return a path far costlier than the
    // cheapest while the panel called it weighted A*.
    let app = FrontierApp::from_saved(None);
    let part = pathfinding_part(&app, |s| {
        s.settings.compare_with = Some(PathAlgorithm::search(Algorithm::WeightedAStar(f64::NAN)));
    });
    let restored =
        FrontierApp::from_saved(Some(&with_part(&app.saved_state(), "pathfinding", &part)));
    assert_eq!(restored.tabs.pathfinding.settings().compare_with, None);
    let text = &restored.notice.as_ref().unwrap().text();
    assert!(text.contains("compare_with was reset"), "{text}");
}

#[test]
fn damaged_fields_of_every_tab_are_reset_one_by_one() {
    let mut app = FrontierApp::from_saved(None);
    app.tabs
        .snake
        .high_scores_mut()
        .0
        .insert("16x12".into(), 41);
    app.tabs.link.set_seed(9);
    let good = app.saved_state();
    let cases = [
        (
            "snake",
            "speed",
            "(width: 16, height: 12, walls: [], seed: 5, speed: NaN, pilot: Player, high_scores: {\"16x12\": 41})",
        ),
        (
            "snake",
            "width",
            "(width: 1000, height: 12, walls: [], seed: 5, speed: 8.0, pilot: Player, high_scores: {\"16x12\": 41})",
        ),
        (
            "snake",
            "walls",
            "(width: 8, height: 8, walls: [\"#x\"], seed: 5, speed: 8.0, pilot: Player, high_scores: {\"16x12\": 41})",
        ),
        (
            "link",
            "best_times",
            "(width: 12, height: 8, seed: 9, gravity: true, show_search: false, best_times: {\"12x8\": NaN})",
        ),
        (
            "link",
            "width and height",
            "(width: 0, height: 8, seed: 9, gravity: true, show_search: false, best_times: {})",
        ),
        (
            "sokoban",
            "algorithm",
            "(collection_name: \"x\", collection_text: \"#####\\n#@$.#\\n#####\\n\", index: 0, progress: (best: {}), algorithm: Dijkstra, detail: Pushes)",
        ),
        (
            "sokoban",
            "index",
            "(collection_name: \"x\", collection_text: \"#####\\n#@$.#\\n#####\\n\", index: 7, progress: (best: {}), algorithm: AStar, detail: Pushes)",
        ),
        (
            "sokoban",
            "collection_text",
            "(collection_name: \"x\", collection_text: 42, index: 0, progress: (best: {}), algorithm: AStar, detail: Pushes)",
        ),
    ];
    for (key, field, part) in cases {
        let restored = FrontierApp::from_saved(Some(&with_part(&good, key, part)));
        let text = &restored.notice.as_ref().expect(field).text();
        assert!(
            text.contains(&format!("{field} was reset")),
            "{key} {field}: {text}"
        );
        assert_eq!(text.matches("was reset").count(), 1, "only {field}: {text}");
        match key {
            "snake" => assert_eq!(restored.tabs.snake.high_scores().0.get("16x12"), Some(&41)),
            "link" => assert!(restored.tabs.link.gravity() && restored.tabs.link.seed() == 9),
            _ => assert_eq!(
                restored.tabs.sokoban.detail(),
                frontier::games::sokoban::solver::Detail::Pushes
            ),
        }
    }
    let restored = FrontierApp::from_saved(Some(&with_part(
        &good,
        "snake",
        "(width: 16, height: 12, walls: [], seed: 5, speed: NaN, pilot: Player, high_scores: {})",
    )));
    assert!(restored.tabs.snake.speed().is_finite());
}

#[test]
fn a_state_saved_by_the_first_version_is_read() {
    let board = Board::new(9, 7).to_text();
    let v1 = format!(
        "(version: 1, tab: Snake, board: {board:?}, file: None, dirty: true, settings: (algorithm: Search(Dijkstra), heuristic: Euclidean, connectivity: Eight, compare_with: None, overlays: (visited: true, frontier: true, current: true, path: true, parents: false, numbers: true), tool: Paint(1)), playback: (playing: true, speed: 8), sokoban: None, snake: Some((width: 20, height: 14, walls: [], seed: 3, speed: 12.0, pilot: Classic, high_scores: {{\"20x14\": 7}})), link: None)"
    );
    let restored = FrontierApp::from_saved(Some(&v1));
    assert!(restored.notice.is_none(), "{:?}", restored.notice);
    assert_eq!(restored.tab, TabId::Snake);
    assert_eq!(restored.tabs.pathfinding.board().width(), 9);
    assert_eq!(
        restored.tabs.pathfinding.settings().algorithm,
        PathAlgorithm::search(Algorithm::Dijkstra)
    );
    assert!(restored.tabs.pathfinding.dirty());
    assert_eq!(restored.tabs.snake.width(), 20);
    assert_eq!(restored.tabs.snake.high_scores().0.get("20x14"), Some(&7));
}

#[test]
fn sokoban_progress_and_the_open_collection_come_back() {
    let mut app = FrontierApp::from_saved(None);
    app.tabs.sokoban.load_collection(
        "mine.xsb",
        "; Mine\n#######\n#@ $ .#\n#######\n\n; Two\n######\n#@$ .#\n######\n",
    );
    app.tabs.sokoban.select(1);
    let level = app.tabs.sokoban.level().unwrap().clone();
    app.tabs.sokoban.progress_mut().record(&level, 3, 2);
    let restored = FrontierApp::from_saved(Some(&app.saved_state().to_ron()));
    assert_eq!(restored.tabs.sokoban.collection_name(), "mine.xsb");
    assert_eq!(restored.tabs.sokoban.index(), 1);
    assert_eq!(
        restored
            .tabs
            .sokoban
            .progress()
            .best(&level)
            .map(|b| (b.moves, b.pushes)),
        Some((3, 2))
    );
}

#[test]
fn snake_and_link_settings_and_best_scores_come_back() {
    let mut app = FrontierApp::from_saved(None);
    app.tabs
        .snake
        .high_scores_mut()
        .0
        .insert("16x12".into(), 41);
    app.tabs.snake.set_seed(77);
    app.tabs.link.best_times_mut().0.insert("12x8".into(), 93.5);
    app.tabs.link.set_gravity(true);
    app.tabs.link.set_seed(5);
    let saved = app.saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(restored.tabs.snake.high_scores().0.get("16x12"), Some(&41));
    assert_eq!(restored.tabs.snake.seed(), 77);
    assert_eq!(restored.tabs.link.best_times().best("12x8"), Some(93.5));
    assert!(restored.tabs.link.gravity());
    assert_eq!(restored.tabs.link.seed(), 5);
}

#[test]
fn messages_about_a_damaged_state_stay_short() {
    let long = "s".repeat(20_000);
    let app = FrontierApp::from_saved(None);
    let good = app.saved_state();
    let many_bad = "(width: \"a\", height: \"b\", walls: 1, seed: \"c\", speed: \"d\", pilot: 2, high_scores: 3)";
    for text in [
        format!("(version: 2, tab: \"pathfinding\", best_time{long}-: 1)"),
        format!("(version: 2, tab: \"pathfinding\", tabs: {{\"snake\": (pilot: {long})}})"),
        with_part(&good, "snake", many_bad),
    ] {
        let restored = FrontierApp::from_saved(Some(&text));
        let message = &restored.notice.as_ref().expect("a message").text();
        assert!(message.len() <= 1024, "{} bytes: {message}", message.len());
    }
    let restored = FrontierApp::from_saved(Some(&with_part(&good, "snake", many_bad)));
    assert!(restored.notice.unwrap().text().contains("…and 1 more"));
}

#[test]
fn every_search_comes_back_and_saves_that_named_searches_the_old_way_are_read() {
    let mut app = FrontierApp::from_saved(None);
    for algorithm in PathAlgorithm::all() {
        app.tabs
            .pathfinding
            .change_settings(|s| s.algorithm = algorithm);
        let restored = FrontierApp::from_saved(Some(&app.saved_state().to_ron()));
        assert!(
            restored.notice.is_none(),
            "{algorithm}: {:?}",
            restored.notice
        );
        assert_eq!(restored.tabs.pathfinding.settings().algorithm, algorithm);
    }
    app.tabs
        .pathfinding
        .change_settings(|s| s.algorithm = PathAlgorithm::search(Algorithm::AStar));
    let good = app.saved_state();
    let part = pathfinding_part(&app, |_| {});
    assert!(part.contains("algorithm:Code(\"astar\")"), "{part}");
    // Before the registry, a search was saved as a variant of an enum.
    for (old, code) in [
        ("Search(WeightedAStar(3.0))", "wastar:3"),
        ("Search(Bfs)", "bfs"),
        ("BidirectionalAStar", "biastar"),
        ("IdaStar", "idastar"),
        ("Jps", "jps"),
        ("DStarLite", "dstar-lite"),
    ] {
        let part = part.replace("Code(\"astar\")", old);
        let restored = FrontierApp::from_saved(Some(&with_part(&good, "pathfinding", &part)));
        assert!(restored.notice.is_none(), "{old}: {:?}", restored.notice);
        assert_eq!(restored.tabs.pathfinding.settings().algorithm.code(), code);
    }
    let part = part.replace("Code(\"astar\")", "Code(\"bogosort\")");
    let restored = FrontierApp::from_saved(Some(&with_part(&good, "pathfinding", &part)));
    let text = &restored.notice.as_ref().unwrap().text();
    assert!(text.contains("algorithm was reset"), "{text}");
    assert_eq!(
        restored.tabs.pathfinding.settings().algorithm,
        PathAlgorithm::search(Algorithm::AStar)
    );
}

#[test]
fn the_sliding_puzzle_comes_back_and_each_damaged_field_is_reset_alone() {
    use frontier::games::sliding::{Goal, PuzzleHeuristic};
    let mut app = FrontierApp::from_saved(None);
    let tab = &mut app.tabs.sliding;
    tab.choose_size(4);
    tab.choose_goal(Goal::BlankFirst);
    tab.choose_search(
        PathAlgorithm::parse("idastar").unwrap(),
        PuzzleHeuristic::LinearConflict,
    );
    tab.click_cell(tab.game().position().blank() + 1);
    let start = tab.game().start();
    let saved = app.saved_state();
    let restored = FrontierApp::from_saved(Some(&saved.to_ron()));
    assert!(restored.notice.is_none(), "{:?}", restored.notice);
    let back = &restored.tabs.sliding;
    assert_eq!(back.game().start(), start, "the game's start comes back");
    assert_eq!(back.game().goal(), Goal::BlankFirst.position(4));
    assert_eq!(back.search(), app.tabs.sliding.search());
    let part = |start: &str, side: usize, best: &str| {
        format!(
            "(side: {side}, goal: BlankFirst, start: \"{start}\", shuffle_moves: 40, seed: 3, \
             algorithm: Code(\"idastar\"), heuristic: LinearConflict, speed: 5, best: {best})"
        )
    };
    let good_start = start.to_string();
    // An unsolvable start, a side out of range, an impossible best result: each reset alone,
    // naming the field, the rest kept.
    let swapped = {
        let mut tiles = start.tiles();
        let (a, b) = (
            tiles.iter().position(|&t| t == 1).unwrap(),
            tiles.iter().position(|&t| t == 2).unwrap(),
        );
        tiles.swap(a, b);
        tiles
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (field, text) in [
        ("start", part(&swapped, 4, "{}")),
        // A 3 x 3 start, which fits the side it is reset to.
        ("side", part("0 1 2 3 4 5 6 7 8", 9, "{}")),
        (
            "best",
            part(
                &good_start,
                4,
                "{\"4x4 blank first\": (moves: 0, seconds: 1.0)}",
            ),
        ),
    ] {
        let restored = FrontierApp::from_saved(Some(&with_part(&saved, "sliding", &text)));
        let notice = &restored.notice.as_ref().expect(field).text();
        assert!(
            notice.contains(&format!("{field} was reset")),
            "{field}: {notice}"
        );
        assert_eq!(
            notice.matches("was reset").count(),
            1,
            "only {field}: {notice}"
        );
        let back = &restored.tabs.sliding;
        assert_eq!(
            back.game().position().reaches(back.game().goal()),
            Ok(()),
            "{field}"
        );
        assert_eq!(
            back.search().0.code(),
            "idastar",
            "{field}: the search kept"
        );
    }
}
