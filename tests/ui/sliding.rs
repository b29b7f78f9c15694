//! The Sliding puzzle tab driven as a user drives it (egui_kittest): played with clicks and
//! keys, new games typed or shuffled, and searches watched, stepped back, compared and
//! predicted.

use crate::harness;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::{FrontierApp, SlidingMode, TabId};
use frontier::games::sandbox::PathAlgorithm;
use frontier::games::sliding::{PuzzleHeuristic, Shuffle, shuffled};

fn app() -> Harness<'static, FrontierApp> {
    let mut harness = harness::harness_of(FrontierApp::from_saved(None), [1400.0, 900.0]);
    harness.run_steps(2);
    harness.get_by_label("Sliding puzzle").click();
    harness.run_steps(2);
    assert_eq!(harness.state().tab, TabId::Sliding);
    harness
}

/// Types `text` in the field labelled `field` and clicks `button`.
fn type_and_click(harness: &mut Harness<'_, FrontierApp>, field: &str, text: &str, button: &str) {
    harness.get_by_label(field).focus();
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    harness.get_by_label(field).type_text(text);
    harness.run_steps(1);
    harness::click(harness, button);
}

fn position(harness: &Harness<'_, FrontierApp>) -> String {
    harness.state().tabs.sliding.game().position().to_string()
}

#[test]
fn a_typed_position_is_solved_by_clicks_and_keys_and_sets_a_best() {
    let mut harness = app();
    // The snail goal of 八数码 is the default; this position is two moves from it.
    type_and_click(
        &mut harness,
        "Position",
        "1 2 3 8 4 0 7 6 5",
        "Play this position",
    );
    assert_eq!(position(&harness), "1 2 3 8 4 0 7 6 5");
    // The tile left of the blank slides right by its click...
    harness::click(&mut harness, "Tile 4");
    assert_eq!(position(&harness), "1 2 3 8 0 4 7 6 5");
    assert!(harness.state().tabs.sliding.game().is_solved());
    harness.get_by_label_contains("Solved in 1 move and");
    let best = harness
        .state()
        .tabs
        .sliding
        .best()
        .best("3x3 snail")
        .unwrap();
    assert_eq!(best.moves, 1);
    // ...and with the game restarted, the arrow keys play it, and U undoes.
    harness::click(&mut harness, "Restart");
    harness.key_press(Key::ArrowUp);
    harness.run_steps(1);
    assert_eq!(
        position(&harness),
        "1 2 3 8 4 5 7 6 0",
        "the tile below went up"
    );
    harness.key_press(Key::U);
    harness.run_steps(1);
    assert_eq!(position(&harness), "1 2 3 8 4 0 7 6 5");
    harness.key_press(Key::ArrowRight);
    harness.run_steps(1);
    assert!(harness.state().tabs.sliding.game().is_solved());
}

#[test]
fn an_unsolvable_or_broken_position_is_refused_and_changes_nothing() {
    let mut harness = app();
    let before = position(&harness);
    type_and_click(
        &mut harness,
        "Position",
        "2 1 3 8 0 4 7 6 5",
        "Play this position",
    );
    harness.get_by_label_contains("cannot be played");
    harness.get_by_label_contains("odd");
    // The refusal and the window around it say "unchanged" once between them, not twice.
    let unchanged_said: usize = harness
        .query_all_by_label_contains("unchanged")
        .map(|node| {
            let node = node.accesskit_node();
            let label = node.label().or(node.value()).unwrap_or_default();
            label.matches("unchanged").count()
        })
        .sum();
    assert_eq!(unchanged_said, 1);
    assert_eq!(position(&harness), before);
    harness.state_mut().tabs.sliding.restart();
    type_and_click(
        &mut harness,
        "Position",
        "1 2 3 9 0 4 7 6 5",
        "Play this position",
    );
    harness.get_by_label_contains("cannot be played");
    assert_eq!(position(&harness), before);
}

#[test]
fn shuffles_and_goals_make_new_games_that_reach_their_goal() {
    let mut harness = app();
    harness::click(&mut harness, "Random position");
    let game = harness.state().tabs.sliding.game().clone();
    assert_eq!(game.position().reaches(game.goal()), Ok(()));
    assert_eq!(game.moves(), 0);
    type_and_click(
        &mut harness,
        "Goal position",
        "0 1 2 3 4 5 6 7 8",
        "Set goal",
    );
    let game = harness.state().tabs.sliding.game().clone();
    assert_eq!(game.goal().to_string(), "0 1 2 3 4 5 6 7 8");
    assert_eq!(game.position().reaches(game.goal()), Ok(()));
    type_and_click(&mut harness, "Goal position", "0 1 2 3", "Set goal");
    let game = harness.state().tabs.sliding.game().clone();
    assert_eq!(game.goal().side(), 2, "a 2 x 2 goal plays a 2 x 2 game");
    assert_eq!(game.position().side(), 2);
}

/// A new goal the position on the board can reach goes on from there; one it cannot asks
/// before a game in progress is given up.
#[test]
fn changing_the_goal_keeps_the_position_or_asks_before_a_new_game() {
    use frontier::games::sliding::Goal;
    let mut harness = app();
    harness.get_by_label_contains("Goal: 1 2 3 / 8 _ 4 / 7 6 5 (snail");
    type_and_click(
        &mut harness,
        "Position",
        "2 8 3 1 6 4 7 0 5",
        "Play this position",
    );
    harness::click(&mut harness, "Tile 6");
    let here = position(&harness);
    // Blank last (1 2 3 / 4 5 6 / 7 8 _): this position's parity does not reach it.
    harness
        .state_mut()
        .tabs
        .sliding
        .choose_goal(Goal::BlankLast);
    harness.run_steps(2);
    harness.get_by_label("Start a new game?");
    harness::click(&mut harness, "Keep this game");
    assert_eq!(position(&harness), here, "kept");
    assert_eq!(harness.state().tabs.sliding.game().moves(), 1);
    harness.get_by_label_contains("(snail");
    harness
        .state_mut()
        .tabs
        .sliding
        .choose_goal(Goal::BlankLast);
    harness.run_steps(2);
    harness::click(&mut harness, "New game");
    let game = harness.state().tabs.sliding.game();
    assert_eq!(game.goal().to_string(), "1 2 3 4 5 6 7 8 0");
    assert_eq!(game.moves(), 0);
    // A goal the position reaches: the game goes on from it, said so.
    harness::click(&mut harness, "Tile 8");
    let here = position(&harness);
    let goal = frontier::games::sliding::Position::parse(&here)
        .unwrap()
        .after("L")
        .or_else(|_| {
            frontier::games::sliding::Position::parse(&here)
                .unwrap()
                .after("R")
        })
        .unwrap();
    type_and_click(&mut harness, "Goal position", &goal.to_string(), "Set goal");
    assert_eq!(position(&harness), here, "the position stays");
    assert_eq!(harness.state().tabs.sliding.game().goal(), goal);
    harness.get_by_label_contains("the game goes on from the position on the board");
}

/// Steps the watched searches with the Step button `times` times.
fn step(harness: &mut Harness<'_, FrontierApp>, times: usize) {
    for _ in 0..times {
        harness.get_by_label("Step").click();
        harness.run_steps(1);
    }
}

#[test]
fn a_watched_a_star_shows_its_frontier_steps_back_and_finds_the_optimum() {
    let mut harness = app();
    // 8 moves from the snail goal.
    type_and_click(
        &mut harness,
        "Position",
        "2 8 3 1 6 4 7 0 5",
        "Play this position",
    );
    harness::click(&mut harness, "Watch a search solve it");
    assert_eq!(harness.state().tabs.sliding.mode(), SlidingMode::Watch);
    step(&mut harness, 3);
    let session = &harness.state().tabs.sliding.sessions()[0];
    assert_eq!(session.position(), 3);
    let frontier = session.run().frontier_len();
    harness.get_by_label_contains(&format!("The frontier: {frontier} positions"));
    // The first small board is a position of lowest f.
    harness.get_by_label_contains("Frontier position 1: g");
    harness.get_by_label("Back").click();
    harness.run_steps(1);
    assert_eq!(harness.state().tabs.sliding.sessions()[0].position(), 2);
    run_to_end(&mut harness);
    let session = &harness.state().tabs.sliding.sessions()[0];
    let moves = session.solution().expect("solved");
    assert_eq!(moves.len(), 5, "{moves}");
    harness.get_by_label_contains("Solved in 5 moves");
    let finished = harness.state().tabs.sliding.finished();
    assert_eq!(finished.len(), 1);
    assert!(finished[0].branching.is_some());
    // The solution played on the board solves the game, and sets no best.
    harness::click(&mut harness, "Play the solution on the board");
    harness::click(&mut harness, "To end");
    assert!(harness.state().tabs.sliding.game().is_solved());
    assert!(
        harness
            .state()
            .tabs
            .sliding
            .best()
            .best("3x3 snail")
            .is_none()
    );
}

#[test]
fn the_solution_is_played_move_by_move_from_the_position_the_search_solved() {
    let mut harness = app();
    type_and_click(
        &mut harness,
        "Position",
        "2 8 3 1 6 4 7 0 5",
        "Play this position",
    );
    // A move by hand first: the search solves the position it leads to, 4 moves away.
    harness::click(&mut harness, "Tile 6");
    let solved_from = "2 8 3 1 0 4 7 6 5";
    assert_eq!(position(&harness), solved_from);
    harness::click(&mut harness, "Watch a search solve it");
    run_to_end(&mut harness);
    assert_eq!(
        harness.state().tabs.sliding.sessions()[0].solution(),
        Some("ULDR".to_string())
    );
    harness::click(&mut harness, "Play the solution on the board");
    let tab = &harness.state().tabs.sliding;
    assert_eq!(tab.mode(), SlidingMode::Play);
    assert_eq!(
        position(&harness),
        solved_from,
        "it begins where the search began, not where the game began"
    );
    harness.get_by_label("Playing the solution: move 0 of 4");
    harness::click(&mut harness, "Step");
    assert_eq!(position(&harness), "2 0 3 1 8 4 7 6 5", "the blank went up");
    harness::click(&mut harness, "Back");
    assert_eq!(position(&harness), solved_from);
    // Played on its own (Space, as for a search), a move at a time, it ends solved.
    harness.key_press(Key::Space);
    let mut seen = vec![position(&harness)];
    for _ in 0..600 {
        harness.step();
        let now = position(&harness);
        if seen.last() != Some(&now) {
            seen.push(now);
        }
        if harness.state().tabs.sliding.game().is_solved() {
            break;
        }
    }
    assert_eq!(seen.len(), 5, "one position a move: {seen:?}");
    let game = harness.state().tabs.sliding.game();
    assert!(game.is_solved());
    assert_eq!(game.moves(), 5, "the hand's move and the solution's four");
    harness.run_steps(2);
    harness.get_by_label_contains("by the computer's solution");
}

#[test]
fn the_table_of_finished_searches_holds_only_the_position_watched() {
    let mut harness = app();
    type_and_click(
        &mut harness,
        "Position",
        "2 8 3 1 6 4 7 0 5",
        "Play this position",
    );
    harness::click(&mut harness, "Watch a search solve it");
    run_to_end(&mut harness);
    let finished = harness.state().tabs.sliding.finished();
    assert_eq!(finished.len(), 1);
    assert_eq!(finished[0].moves, Some(5));
    // Back to play, a tile moved: the position watched next is another one.
    harness::click(&mut harness, "Play");
    harness::click(&mut harness, "Tile 6");
    harness::click(&mut harness, "Watch a search solve it");
    assert!(harness.state().tabs.sliding.finished().is_empty());
    harness.get_by_label_contains("None yet");
    run_to_end(&mut harness);
    let finished = harness.state().tabs.sliding.finished();
    assert_eq!(finished.len(), 1);
    assert_eq!(finished[0].moves, Some(4));
    // The same position watched again keeps what ran on it.
    harness::click(&mut harness, "Play");
    harness::click(&mut harness, "Watch a search solve it");
    assert_eq!(harness.state().tabs.sliding.finished().len(), 1);
}

#[test]
fn a_long_solution_is_shown_folded_and_copied_whole() {
    let mut harness = app();
    let goal = harness.state().tabs.sliding.game().goal();
    let start = shuffled(goal, Shuffle::Uniform, 3);
    type_and_click(
        &mut harness,
        "Position",
        &start.to_string(),
        "Play this position",
    );
    let dfs = PathAlgorithm::parse("dfs").unwrap();
    harness
        .state_mut()
        .tabs
        .sliding
        .choose_search(dfs, PuzzleHeuristic::Manhattan);
    harness::click(&mut harness, "Watch a search solve it");
    run_to_end(&mut harness);
    let moves = harness.state().tabs.sliding.sessions()[0]
        .solution()
        .expect("DFS finds a solution");
    assert!(moves.len() > 1000, "DFS wanders: {}", moves.len());
    harness.get_by_label_contains(&format!("Solved in {} moves", moves.len()));
    let shown = harness
        .get_by_label_contains(" … ")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(shown.starts_with(&moves[..24]), "{shown}");
    assert!(shown.ends_with(&moves[moves.len() - 24..]), "{shown}");
    assert!(shown.len() < 100, "folded: {shown}");
    assert_eq!(harness.query_all_by_label_contains(&moves).count(), 0);
    // The buttons stay in reach, and the copy is whole.
    harness.get_by_label("Play the solution on the board");
    harness.get_by_label("Copy all the moves").click();
    harness.step();
    let copied = harness
        .output()
        .platform_output
        .commands
        .iter()
        .any(|c| matches!(c, egui::OutputCommand::CopyText(text) if *text == moves));
    assert!(copied, "the whole solution was copied");
}

#[test]
fn while_a_large_run_plays_the_frontier_list_says_which_step_it_shows() {
    let mut harness = app();
    // 30 moves from the snail goal: BFS knows every one of the 181,440 positions.
    type_and_click(
        &mut harness,
        "Position",
        "5 6 7 4 0 8 3 2 1",
        "Play this position",
    );
    let bfs = PathAlgorithm::parse("bfs").unwrap();
    let tab = &mut harness.state_mut().tabs.sliding;
    tab.choose_search(bfs, PuzzleHeuristic::Zero);
    harness::click(&mut harness, "Watch a search solve it");
    harness.get_by_label("To end").click();
    for _ in 0..2_000 {
        harness.step();
        let session = &harness.state().tabs.sliding.sessions()[0];
        let (step, frontier) = (session.position(), session.run().frontier_len());
        let plural = if frontier == 1 { "" } else { "s" };
        let in_step = format!("The frontier: {frontier} position{plural}");
        if harness.query_by_label_contains(&in_step).is_none() {
            // Not this step's: then it says which earlier step it is of.
            let earlier = harness.get_by_label_contains("The frontier at step");
            let text = earlier.accesskit_node().value().unwrap_or_default();
            let of: usize = text["The frontier at step ".len()..]
                .split(',')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a step number");
            assert!(of < step, "{text} at step {step}");
        }
        if session.finished() && session.at_end() {
            break;
        }
    }
    assert!(harness.state().tabs.sliding.sessions()[0].finished());
    harness.run_steps(2);
    // Stopped, it is the last step's.
    let frontier = harness.state().tabs.sliding.sessions()[0]
        .run()
        .frontier_len();
    harness.get_by_label_contains(&format!("The frontier: {frontier} positions"));
}

/// Runs the watched searches to their end: "To end", then frames until each has ended.
fn run_to_end(harness: &mut Harness<'_, FrontierApp>) {
    harness::click(harness, "To end");
    for _ in 0..2_000 {
        if harness
            .state()
            .tabs
            .sliding
            .sessions()
            .iter()
            .all(|s| s.finished() && s.at_end())
        {
            break;
        }
        harness.step();
    }
    harness.run_steps(2);
}

#[test]
fn compared_searches_step_together_and_the_better_heuristic_expands_fewer() {
    let mut harness = app();
    let goal = harness.state().tabs.sliding.game().goal();
    let start = shuffled(goal, Shuffle::Moves(40), 5);
    type_and_click(
        &mut harness,
        "Position",
        &start.to_string(),
        "Play this position",
    );
    let astar = PathAlgorithm::parse("astar").unwrap();
    let tab = &mut harness.state_mut().tabs.sliding;
    tab.choose_search(astar, PuzzleHeuristic::LinearConflict);
    tab.compare_with(Some((astar, PuzzleHeuristic::Misplaced)));
    harness::click(&mut harness, "Watch a search solve it");
    step(&mut harness, 4);
    let sessions = harness.state().tabs.sliding.sessions();
    assert_eq!(sessions.len(), 2);
    assert_eq!((sessions[0].position(), sessions[1].position()), (4, 4));
    run_to_end(&mut harness);
    let finished = harness.state().tabs.sliding.finished();
    assert_eq!(finished.len(), 2, "both ran to their end");
    let (lc, misplaced) = (&finished[0], &finished[1]);
    assert_eq!(lc.moves, misplaced.moves, "both optimal");
    assert!(
        lc.expansions * 2 < misplaced.expansions,
        "{lc:?} {misplaced:?}"
    );
    assert!(lc.branching.unwrap() < misplaced.branching.unwrap());
    // Expansions by depth sum to the expansions, depth by depth for the plot.
    assert_eq!(lc.depths.iter().sum::<u64>() as usize, lc.expansions);
    harness.get_by_label_contains("Expansions at each depth");
}

#[test]
fn a_prediction_is_judged_by_the_search_and_steps_it() {
    let mut harness = app();
    type_and_click(
        &mut harness,
        "Position",
        "2 8 3 1 6 4 7 0 5",
        "Play this position",
    );
    harness.state_mut().tabs.sliding.set_predicting(true);
    harness::click(&mut harness, "Watch a search solve it");
    step(&mut harness, 1);
    harness.get_by_label_contains("which frontier position does the search expand next");
    // The first board of the frontier list has the lowest f: a right answer (or a tie).
    harness
        .get_by_label_contains("Frontier position 1: g")
        .click();
    harness.run_steps(2);
    let session = &harness.state().tabs.sliding.sessions()[0];
    assert_eq!(session.position(), 2, "the answer took the step");
    assert_eq!(session.predictions.score(2), (1, 1));
    harness.get_by_label("Score: 1 of 1");
}

#[test]
fn the_pattern_database_solves_the_8_puzzle_optimally_in_the_tab() {
    let mut harness = app();
    // A random position that reaches the goal.
    let goal = harness.state().tabs.sliding.game().goal();
    let start = shuffled(goal, Shuffle::Uniform, 3);
    type_and_click(
        &mut harness,
        "Position",
        &start.to_string(),
        "Play this position",
    );
    let tab = &mut harness.state_mut().tabs.sliding;
    tab.choose_search(
        PathAlgorithm::parse("idastar").unwrap(),
        PuzzleHeuristic::PatternDatabase,
    );
    harness::click(&mut harness, "Watch a search solve it");
    let tab = &harness.state().tabs.sliding;
    assert_eq!(tab.notice_shown(), None);
    assert_eq!(tab.mode(), SlidingMode::Watch);
    run_to_end(&mut harness);
    let session = &harness.state().tabs.sliding.sessions()[0];
    let moves = session.solution().expect("solved");
    let goal = harness.state().tabs.sliding.game().goal();
    assert_eq!(start.after(&moves), Ok(goal));
    let bfs = frontier::search::Search::new(
        frontier::games::sliding::SlidingProblem::new(start, goal, PuzzleHeuristic::Zero).unwrap(),
        frontier::search::Algorithm::Bfs,
    )
    .run();
    let frontier::search::Outcome::Found { cost, .. } = bfs.outcome else {
        panic!("BFS solves it");
    };
    assert_eq!(moves.len() as f64, cost, "as short as BFS finds");
}

/// The 15-puzzle's tables are made away from the frames: the tab shows how far they are and
/// a button that stops them; stopped, the search does not start and says why.
#[test]
fn the_15_puzzles_tables_show_their_progress_and_can_be_stopped() {
    let mut harness = app();
    type_and_click(
        &mut harness,
        "Position",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        "Play this position",
    );
    let astar = PathAlgorithm::parse("astar").unwrap();
    harness
        .state_mut()
        .tabs
        .sliding
        .choose_search(astar, PuzzleHeuristic::PatternDatabase);
    harness.get_by_label("Watch a search solve it").click();
    harness.step();
    // Seconds of work on another thread: a frame later it is under way.
    assert!(harness.state().tabs.sliding.waiting_for_tables());
    harness.get_by_label_contains("Making the pattern database");
    assert!(
        harness
            .query_all(egui_kittest::kittest::by().role(egui::accesskit::Role::ProgressIndicator))
            .next()
            .is_some(),
        "a progress bar"
    );
    harness::click(&mut harness, "Stop making them");
    let tab = &harness.state().tabs.sliding;
    assert!(!tab.waiting_for_tables());
    assert_eq!(tab.mode(), SlidingMode::Play, "no search started");
    harness.get_by_label_contains("The pattern database was not made");
    harness.run_steps(20);
    assert_eq!(harness.state().tabs.sliding.mode(), SlidingMode::Play);
}

#[test]
fn a_pasted_position_is_played_and_a_pasted_mistake_changes_nothing() {
    let mut harness = app();
    harness.event(egui::Event::Paste("1 2 3 8 4 0 7 6 5".into()));
    harness.run_steps(2);
    assert_eq!(position(&harness), "1 2 3 8 4 0 7 6 5");
    harness.event(egui::Event::Paste("a tray of nine tiles".into()));
    harness.run_steps(2);
    harness.get_by_label_contains("That position cannot be played");
    assert_eq!(position(&harness), "1 2 3 8 4 0 7 6 5", "the game stays");
}

#[test]
fn the_searches_names_follow_a_switch_to_chinese() {
    let mut harness = app();
    harness::click(&mut harness, "Watch a search solve it");
    assert!(
        harness
            .query_all_by_label("A* · Manhattan distance")
            .count()
            >= 2
    );
    harness
        .state_mut()
        .set_language(frontier::i18n::Language::Chinese);
    harness.run_steps(3);
    let label = harness.state().tabs.sliding.sessions()[0]
        .series
        .label
        .clone();
    assert_eq!(label, "A* · 曼哈顿距离");
    // The column's heading and the chart's legend.
    assert!(harness.query_all_by_label("A* · 曼哈顿距离").count() >= 2);
    harness.get_by_label("看搜索来解");
    frontier::i18n::set_language(frontier::i18n::Language::English);
}
