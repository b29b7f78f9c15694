//! The Snake and Link tabs driven as a user drives them (egui_kittest).

use crate::harness;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::{FrontierApp, Pilot, TabId};
use frontier::games::link::LinkBoard;
use frontier::games::snake::Status;
use frontier::grid::{Dir, Pos};

fn app(tab: &str) -> Harness<'static, FrontierApp> {
    let mut harness = harness::harness_of(FrontierApp::from_saved(None), [1400.0, 900.0]);
    harness.run_steps(2);
    harness.get_by_label(tab).click();
    harness.run_steps(2);
    harness
}

#[test]
fn the_snake_is_steered_with_the_keys_and_eats() {
    let mut harness = app("Snake");
    assert_eq!(harness.state().tab, TabId::Snake);
    harness.state_mut().tabs.snake.set_speed(60.0);
    harness.state_mut().tabs.snake.restart();
    // Steer towards the food one move at a time (Enter makes one move).
    for _ in 0..200 {
        let game = &harness.state().tabs.snake.game();
        if game.eaten() > 0 || game.status() != Status::Playing {
            break;
        }
        let (head, food) = (game.head(), game.food().unwrap());
        let key = if head.x < food.x {
            Key::ArrowRight
        } else if head.x > food.x {
            Key::A
        } else if head.y < food.y {
            Key::S
        } else {
            Key::ArrowUp
        };
        harness.key_press(key);
        harness.key_press(Key::Space); // the first arrow starts play: pause again
        harness.step();
        harness.key_press(Key::Enter);
        harness.step();
    }
    let game = &harness.state().tabs.snake.game();
    assert_eq!(game.eaten(), 1, "the snake ate the food it was steered to");
    assert_eq!(game.len(), 2);
    harness.key_press(Key::R);
    harness.step();
    assert_eq!(harness.state().tabs.snake.game().len(), 1, "R restarts");
}

#[test]
fn running_into_the_wall_ends_the_game_and_the_score_is_kept() {
    let mut harness = app("Snake");
    for _ in 0..60 {
        harness.key_press(Key::ArrowLeft);
        harness.key_press(Key::Period);
        harness.step();
        if harness.state().tabs.snake.game().status() != Status::Playing {
            break;
        }
    }
    assert!(matches!(
        harness.state().tabs.snake.game().status(),
        Status::Dead(_)
    ));
    harness.get_by_label_contains("Game over");
}

/// Plays with the keys: toward the food until `apples` are eaten, then into the left wall.
fn eat_then_crash(harness: &mut Harness<'_, FrontierApp>, apples: usize) {
    for _ in 0..400 {
        let game = &harness.state().tabs.snake.game();
        if game.status() != Status::Playing {
            break;
        }
        let (head, heading) = (game.head(), game.heading());
        let key = match game.food().filter(|_| game.eaten() < apples) {
            Some(food) if food.x > head.x && heading != Some(Dir::Left) => Key::ArrowRight,
            Some(food) if food.x < head.x && heading != Some(Dir::Right) => Key::ArrowLeft,
            Some(food) if food.y > head.y && heading != Some(Dir::Up) => Key::ArrowDown,
            Some(food) if food.y < head.y && heading != Some(Dir::Down) => Key::ArrowUp,
            Some(_) => Key::ArrowDown,
            None => Key::ArrowLeft,
        };
        harness.key_press(key);
        harness.key_press(Key::Period);
        harness.step();
    }
}

#[test]
fn a_game_played_by_hand_sets_a_high_score_and_one_helped_by_a_planner_does_not() {
    let mut harness = app("Snake");
    eat_then_crash(&mut harness, 2);
    let snake = &harness.state().tabs.snake;
    assert!(matches!(snake.game().status(), Status::Dead(_)));
    assert_eq!(snake.game().eaten(), 2);
    assert_eq!(snake.high_score(), 2, "by hand: a high score");

    harness.key_press(Key::R);
    harness.step();
    harness.key_press(Key::Num2);
    harness.step();
    harness.key_press(Key::Period);
    harness.step();
    harness.key_press(Key::Num1);
    harness.step();
    eat_then_crash(&mut harness, 4);
    let snake = &harness.state().tabs.snake;
    assert!(matches!(snake.game().status(), Status::Dead(_)));
    assert_eq!(snake.game().eaten(), 4);
    assert!(snake.planner_moved());
    assert_eq!(snake.high_score(), 2, "a planner's help sets no high score");
}

#[test]
fn the_autopilots_are_switched_on_with_the_keys_and_play_safely() {
    let mut harness = app("Snake");
    harness.key_press(Key::Num3);
    harness.step();
    assert_eq!(harness.state().tabs.snake.pilot(), Pilot::Cycle);
    for _ in 0..300 {
        harness.key_press(Key::Period);
        harness.step();
    }
    let game = &harness.state().tabs.snake.game();
    assert_eq!(
        game.status(),
        Status::Playing,
        "the cycle planner never dies"
    );
    assert!(game.eaten() >= 3, "it ate {}", game.eaten());

    harness.key_press(Key::Num2);
    harness.step();
    assert_eq!(harness.state().tabs.snake.pilot(), Pilot::Classic);
    // Step through one decision part by part: the food search, the path, the tail check.
    let moves_before = harness.state().tabs.snake.game().steps();
    harness.get_by_label("Step through the decision").click();
    harness.run_steps(1);
    harness.get_by_label_contains("1. BFS from the food");
    for _ in 0..400 {
        if harness.state().tabs.snake.game().steps() > moves_before {
            break;
        }
        harness.key_press(Key::Comma);
        harness.step();
    }
    assert_eq!(
        harness.state().tabs.snake.game().steps(),
        moves_before + 1,
        "the decision ends with its move"
    );
    assert!(harness.state().tabs.snake.decision().is_some());
}

#[test]
fn the_planner_decision_is_stepped_back_a_part_as_it_is_stepped_forward() {
    let mut harness = app("Snake");
    harness.key_press(Key::Num2);
    harness.step();
    assert_eq!(harness.state().tabs.snake.pilot(), Pilot::Classic);
    let moves_before = harness.state().tabs.snake.game().steps();
    harness.get_by_label_contains("Whole decision shown");
    for _ in 0..2 {
        harness.get_by_label("Step through the decision").click();
        harness.run_steps(1);
    }
    // A search is shown a few cells a step: 1, then 5 of its cells.
    harness.get_by_label_contains("1. BFS from the food: 5 of");
    harness.get_by_label("Back a part").click();
    harness.run_steps(1);
    harness.get_by_label_contains("1. BFS from the food: 4 of");
    for _ in 0..4 {
        harness.get_by_label("Back a part").click();
        harness.run_steps(1);
    }
    harness.get_by_label_contains("Whole decision shown");
    assert_eq!(
        harness.state().tabs.snake.game().steps(),
        moves_before,
        "stepping through the decision makes no move"
    );
}

#[test]
fn an_odd_by_odd_board_says_why_the_cycle_planner_cannot_play() {
    let mut harness = app("Snake");
    harness.state_mut().tabs.snake.resize(7, 9);
    harness.run_steps(1);
    harness.key_press(Key::Num3);
    harness.run_steps(2);
    assert_eq!(harness.state().tabs.snake.pilot(), Pilot::Player);
    harness.get_by_label_contains("no Hamiltonian cycle");
}

fn link_board(rows: &[&str]) -> LinkBoard {
    LinkBoard::parse(&format!(
        "frontier-link 1\nsize {} {}\ntiles\n{}\n",
        rows[0].len(),
        rows.len(),
        rows.join("\n")
    ))
    .unwrap()
}

fn click(harness: &mut Harness<'_, FrontierApp>, pos: Pos) {
    let at = harness.state().tabs.link.view_center(pos).expect("drawn");
    harness.hover_at(at);
    harness.step();
    harness.drag_at(at);
    harness.step();
    harness.drop_at(at);
    harness.run_steps(1);
}

#[test]
fn a_small_board_is_cleared_by_clicks_with_a_hint_and_an_undo() {
    let mut harness = app("Link");
    assert_eq!(harness.state().tab, TabId::Link);
    harness
        .state_mut()
        .tabs
        .link
        .start(link_board(&["AB.", "C.B", "CA."]));
    harness.run_steps(2);
    // A different second tile becomes the selection.
    click(&mut harness, Pos::new(0, 0));
    click(&mut harness, Pos::new(1, 0));
    assert_eq!(
        harness.state().tabs.link.game().selected(),
        Some(Pos::new(1, 0))
    );
    // B and B link around the corner.
    click(&mut harness, Pos::new(2, 1));
    assert_eq!(harness.state().tabs.link.game().board().count(), 4);
    harness.key_press(Key::U);
    harness.step();
    assert_eq!(
        harness.state().tabs.link.game().board().count(),
        6,
        "U undoes the removal"
    );
    harness.get_by_label("Hint").click();
    harness.run_steps(1);
    let (a, b) = harness.state().tabs.link.hint().expect("a hint");
    click(&mut harness, a);
    click(&mut harness, b);
    while let Some((a, b)) = {
        let tab = &mut harness.state_mut().tabs.link;
        tab.game_mut().hint()
    } {
        click(&mut harness, a);
        click(&mut harness, b);
    }
    assert!(harness.state().tabs.link.game().is_won());
    harness.get_by_label("Cleared!");
    assert_eq!(
        harness.state().tabs.link.best_times().0.len(),
        1,
        "clearing by hand sets a best time"
    );
}

#[test]
fn the_computer_clears_a_dealt_board_showing_its_searches() {
    let mut harness = app("Link");
    harness.get_by_label("8 x 6").click();
    harness.run_steps(2);
    assert_eq!(harness.state().tabs.link.game().board().count(), 48);
    harness.get_by_label("Let the computer clear it").click();
    harness.step();
    harness.step();
    assert!(
        harness.state().tabs.link.shown().is_some(),
        "a link search is on screen"
    );
    for _ in 0..2000 {
        harness.step();
        if harness.state().tabs.link.game().is_won() {
            break;
        }
    }
    assert!(harness.state().tabs.link.game().is_won());
    assert!(
        harness.state().tabs.link.best_times().0.is_empty(),
        "the computer's clear is no best time"
    );
}

#[test]
fn the_naive_search_is_shown_missing_the_link_on_its_preset() {
    let mut harness = app("Link");
    harness.get_by_label("Naive trap").click();
    harness.run_steps(2);
    assert!(harness.state().tabs.link.naive() && harness.state().tabs.link.show_search());
    harness.state_mut().tabs.link.set_search_paused(true);
    click(&mut harness, Pos::new(5, 0));
    click(&mut harness, Pos::new(0, 0));
    // The naive search goes a cell per step beside it, in its own pseudo-code.
    harness.get_by_label_contains("the naive search (cells, not headings)");
    for step in 1..=3 {
        harness.get_by_label("Step the search").click();
        harness.step();
        let cells = if step == 1 { "cell" } else { "cells" };
        harness.get_by_label_contains(&format!("has visited {step} {cells}"));
    }
    // The timeline goes back over the steps taken (the naive search with it) and forward.
    harness.get_by_label("of 3+");
    let shown = |h: &Harness<'_, FrontierApp>| {
        let s = h.state().tabs.link.shown().unwrap();
        (s.steps(), s.reached())
    };
    harness
        .state_mut()
        .tabs
        .link
        .apply_to_search(frontier::ui::StepAction::Seek(1));
    harness.run_steps(2);
    assert_eq!(shown(&harness), (1, 3));
    harness.get_by_label_contains("has visited 1 cell");
    harness.get_by_label("Step the search").click();
    harness.step();
    assert_eq!(shown(&harness), (2, 3));
    for _ in 0..500 {
        harness.get_by_label("Step the search").click();
        harness.step();
        if harness
            .state()
            .tabs
            .link
            .shown()
            .as_ref()
            .is_some_and(|s| s.finished)
        {
            break;
        }
    }
    harness.get_by_label_contains("Linked with 2 turns");
    harness.get_by_label_contains("The naive search");
    let naive = harness
        .state()
        .tabs
        .link
        .shown()
        .as_ref()
        .unwrap()
        .naive
        .clone()
        .unwrap()
        .0;
    assert!(naive.is_none_or(|t| t > 2));
}

/// Steps the shown search by hand to its end; returns its expansions and verdict.
fn step_shown_search_to_the_end(harness: &mut Harness<'_, FrontierApp>) -> (usize, bool) {
    for _ in 0..500 {
        harness.get_by_label("Step the search").click();
        harness.step();
        if let Some(shown) = harness
            .state()
            .tabs
            .link
            .shown()
            .as_ref()
            .filter(|s| s.finished)
        {
            let found = matches!(
                shown.search().ended(),
                Some(frontier::search::Event::Found { .. })
            );
            return (shown.search().expansions(), found);
        }
    }
    panic!("the shown search did not finish");
}

#[test]
fn guiding_the_shown_search_by_the_turns_still_needed_expands_fewer_states() {
    let mut expansions = vec![];
    for guided in [false, true] {
        let mut harness = app("Link");
        harness.get_by_label("Naive trap").click();
        harness.run_steps(2);
        if guided {
            harness
                .get_by_label("Guide it by the turns still needed (A*)")
                .click();
            harness.run_steps(1);
        }
        assert_eq!(harness.state().tabs.link.guided(), guided);
        harness.state_mut().tabs.link.set_search_paused(true);
        click(&mut harness, Pos::new(5, 0));
        click(&mut harness, Pos::new(0, 0));
        let (expanded, found) = step_shown_search_to_the_end(&mut harness);
        assert!(found, "guided {guided}: the link exists");
        harness.get_by_label_contains("Linked with 2 turns");
        expansions.push(expanded);
    }
    assert!(
        expansions[1] * 2 <= expansions[0],
        "uniform cost expanded {}, A* {}",
        expansions[0],
        expansions[1]
    );
}

#[test]
fn the_first_steps_preset_opens_from_the_menu_and_is_cleared_by_clicks() {
    let mut harness = app("Link");
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Preset Link boards").hover();
    harness.run_steps(2);
    harness.get_by_label("First steps").click();
    harness.run_steps(2);
    let board = harness.state().tabs.link.game().board().clone();
    assert_eq!((board.width(), board.height(), board.count()), (6, 4, 10));
    // A and A cannot link yet: the second click only moves the selection.
    click(&mut harness, Pos::new(0, 1));
    click(&mut harness, Pos::new(5, 3));
    assert_eq!(harness.state().tabs.link.game().board().count(), 10);
    assert_eq!(
        harness.state().tabs.link.game().selected(),
        Some(Pos::new(5, 3))
    );
    // B over the top, then take it back with Undo.
    click(&mut harness, Pos::new(0, 0));
    click(&mut harness, Pos::new(5, 0));
    assert_eq!(harness.state().tabs.link.game().board().count(), 8);
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(harness.state().tabs.link.game().board().count(), 10);
    for (a, b) in [((2, 0), (3, 0)), ((0, 3), (3, 3)), ((4, 1), (3, 2))] {
        click(&mut harness, Pos::new(a.0, a.1));
        click(&mut harness, Pos::new(b.0, b.1));
    }
    assert_eq!(harness.state().tabs.link.game().board().count(), 4);
    // The hint shows one of the two pairs left; clear it and the other.
    harness.get_by_label("Hint").click();
    harness.run_steps(1);
    let (a, b) = harness.state().tabs.link.hint().expect("a hint");
    click(&mut harness, a);
    click(&mut harness, b);
    assert_eq!(harness.state().tabs.link.game().board().count(), 2);
    let left: Vec<Pos> = harness
        .state()
        .tabs
        .link
        .game()
        .board()
        .positions()
        .filter(|&p| harness.state().tabs.link.game().board().tile(p).is_some())
        .collect();
    click(&mut harness, left[0]);
    click(&mut harness, left[1]);
    assert!(harness.state().tabs.link.game().is_won());
    harness.get_by_label("Cleared!");
}

#[test]
fn a_game_scores_the_same_with_and_without_the_shown_search() {
    // CC link at once and leave the stuck diagonal AB/BA: the automatic shuffle follows.
    // Then the rest is cleared pair by pair from hints taken on a copy of the game.
    let mut ended = vec![];
    for show_search in [false, true] {
        let mut harness = app("Link");
        harness.state_mut().tabs.link.set_show_search(show_search);
        harness
            .state_mut()
            .tabs
            .link
            .start(link_board(&["CC..", "AB..", "BA.."]));
        harness.run_steps(2);
        let mut pairs = vec![(Pos::new(0, 0), Pos::new(1, 0))];
        while let Some((a, b)) = pairs.pop() {
            click(&mut harness, a);
            click(&mut harness, b);
            for _ in 0..300 {
                if harness
                    .state()
                    .tabs
                    .link
                    .shown()
                    .as_ref()
                    .is_none_or(|s| s.finished)
                {
                    break;
                }
                harness.step();
            }
            let mut copy = harness.state().tabs.link.game().clone();
            pairs.extend(copy.hint());
        }
        let game = &harness.state().tabs.link.game();
        assert!(game.is_won(), "show search {show_search}");
        assert_eq!(game.shuffles(), 1, "the Cs left no pair: one free shuffle");
        ended.push((game.score(), game.history().to_vec()));
    }
    assert_eq!(ended[0], ended[1]);
}

#[test]
fn the_snake_and_link_colours_have_legends_from_the_start() {
    let mut harness = app("Snake");
    harness.get_by_label("food");
    // The planners' colours are told before the first move, for the planner chosen.
    harness.get_by_label("Classic planner").click();
    harness.run_steps(2);
    assert_eq!(harness.state().tabs.snake.game().steps(), 0);
    harness.get_by_label("distance to the food (darker: nearer)");
    harness.get_by_label("dots: reached by the tail check");
    harness.get_by_label("Cycle planner (never loses)").click();
    harness.run_steps(2);
    harness.get_by_label("the Hamiltonian cycle");
    assert!(
        harness
            .query_by_label("dots: reached by the tail check")
            .is_none()
    );

    let harness = app("Link");
    assert!(harness.state().tabs.link.shown().is_none(), "no search yet");
    for label in [
        "selected tile",
        "the hinted pair",
        "reached with 0 turns",
        "reached with 1 turn",
        "reached with 2 turns",
        "in the frontier, not yet reached",
    ] {
        harness.get_by_label(label);
    }
}

#[test]
fn shuffle_clears_the_hint_and_a_cleared_board_has_no_hint_or_shuffle() {
    let mut harness = app("Link");
    harness.get_by_label("Hint").click();
    harness.run_steps(1);
    assert!(harness.state().tabs.link.hint().is_some());
    harness.get_by_label("Shuffle").click();
    harness.run_steps(1);
    assert!(harness.state().tabs.link.hint().is_none(), "the old hint");
    harness.get_by_label("Hint").click();
    harness.run_steps(1);
    harness.key_press(Key::S);
    harness.run_steps(1);
    assert!(harness.state().tabs.link.hint().is_none(), "S shuffles too");

    while let Some((a, b)) = harness.state_mut().tabs.link.game_mut().hint() {
        click(&mut harness, a);
        click(&mut harness, b);
    }
    assert!(harness.state().tabs.link.game().is_won());
    let score = harness.state().tabs.link.game().score();
    for label in ["Hint", "Shuffle"] {
        assert!(
            harness.get_by_label(label).accesskit_node().is_disabled(),
            "{label}"
        );
    }
    harness.key_press(Key::S);
    harness.key_press(Key::H);
    harness.run_steps(2);
    assert_eq!(
        harness.state().tabs.link.game().score(),
        score,
        "nothing charged"
    );
}

#[test]
fn the_naive_trap_notes_name_a_pair_that_links_and_the_naive_search_misses() {
    use frontier::games::link::finder::{PLAY_TURNS, find_link, naive_turns};
    use frontier::games::link::presets;
    for language in frontier::i18n::Language::ALL {
        frontier::i18n::set_language(language);
        let notes = frontier::games::preset_notes("naive-trap.link", &[]);
        let named: Vec<Pos> = notes
            .split('(')
            .skip(1)
            .filter_map(|rest| {
                let (x, y) = rest.split_once(')')?.0.split_once(',')?;
                Some(Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
            })
            .collect();
        assert!(named.len() >= 2, "{language:?}: {notes}");
        let (a, b) = (named[0], named[1]);
        let board = presets::BOARDS
            .iter()
            .find(|(f, _)| *f == "naive-trap.link")
            .map(|(_, text)| LinkBoard::parse(text).unwrap())
            .unwrap();
        assert!(board.tile(a).is_some() && board.tile(a) == board.tile(b));
        assert!(find_link(&board, a, b, PLAY_TURNS).is_some());
        assert!(naive_turns(&board, a, b).0.is_none_or(|t| t > PLAY_TURNS));
    }
    frontier::i18n::set_language(frontier::i18n::Language::English);
}

/// The shown link search teaches like the Pathfinding board: its pseudo-code with the
/// lines of the last step, a sentence on each step, and a step back.
#[test]
fn the_shown_link_search_has_its_pseudocode_narration_and_a_step_back() {
    let mut harness = app("Link");
    harness.get_by_label("Naive trap").click();
    harness.run_steps(2);
    harness.state_mut().tabs.link.set_search_paused(true);
    click(&mut harness, Pos::new(5, 0));
    click(&mut harness, Pos::new(0, 0));
    harness.get_by_label("Uniform-cost search over turns in pseudo-code");
    harness.get_by_label_contains("Ready: the frontier holds the first tile.");
    for _ in 0..3 {
        harness.get_by_label("Step the search").click();
        harness.step();
    }
    let third = harness.state().tabs.link.shown().unwrap().last_event();
    harness.get_by_label_contains("Expanded (");
    harness.get_by_label("Step the search").click();
    harness.step();
    harness.get_by_label("Step back").click();
    harness.run_steps(2);
    let shown = harness.state().tabs.link.shown().unwrap();
    assert_eq!(shown.steps(), 3);
    assert_eq!(
        shown.last_event(),
        third,
        "back where the third step left it"
    );
    assert_eq!(shown.search().expansions(), 3);
    let (_, found) = step_shown_search_to_the_end(&mut harness);
    assert!(found);
    harness.run_steps(1);
    harness.get_by_label_contains("Reached the second tile with 2 turns.");
    let back = harness.get_by_label("Step back");
    assert!(
        back.accesskit_node().is_disabled(),
        "a finished search changed the board"
    );
}

/// The planner's view of a position: its move, its way to the food and its cycle.
fn cycle_view(harness: &Harness<'_, FrontierApp>) -> (Dir, Option<Vec<Pos>>, Vec<Pos>) {
    let choice = harness
        .state()
        .tabs
        .snake
        .cycle_decision()
        .cloned()
        .unwrap();
    (choice.choice, choice.path, choice.cycle)
}

/// Rewinding a game move by move restores the position and the cycle planner's view of it
/// as they were (the planner carries memory between moves); Forward makes the moves again,
/// and a rewound game sets no best score.
#[test]
fn the_snake_game_rewinds_with_the_planners_view_and_goes_forward_again() {
    let mut harness = app("Snake");
    assert!(
        harness
            .get_by_label("Back a move")
            .accesskit_node()
            .is_disabled(),
        "nothing to take back at the start"
    );
    // Not whole 2 x 2 blocks: the planner keeps to fixed cycles and remembers which one it
    // follows, so a rewind must give it back its memory of the time.
    harness.state_mut().tabs.snake.resize(15, 12);
    harness.state_mut().tabs.snake.set_pilot(Pilot::Cycle);
    let mut views = vec![];
    let mut bodies = vec![];
    for _ in 0..120 {
        views.push(cycle_view(&harness));
        bodies.push(harness.state().tabs.snake.game().body().clone());
        harness.state_mut().tabs.snake.step();
    }
    let end_body = harness.state().tabs.snake.game().body().clone();
    let eaten = harness.state().tabs.snake.game().eaten();
    assert!(eaten > 0, "the planner ate on the way");
    harness.run_steps(1);
    for back in 1..=40 {
        harness.get_by_label("Back a move").click();
        harness.run_steps(1);
        let at = 120 - back;
        let snake = &harness.state().tabs.snake;
        assert_eq!(snake.game().moves_made().len(), at);
        assert_eq!(
            snake.game().body(),
            &bodies[at],
            "position after {at} moves"
        );
        assert_eq!(
            cycle_view(&harness),
            views[at],
            "the planner's view at move {at}"
        );
    }
    assert!(harness.state().tabs.snake.game().was_rewound());
    for _ in 0..40 {
        harness.get_by_label("Forward").click();
        harness.run_steps(1);
    }
    let snake = &harness.state().tabs.snake;
    assert_eq!(
        snake.game().body(),
        &end_body,
        "forward again lands where the game was"
    );
    assert_eq!(snake.game().eaten(), eaten);
    harness.run_steps(1);
    assert!(
        harness
            .get_by_label("Forward")
            .accesskit_node()
            .is_disabled(),
        "every move taken back was made again"
    );

    // Backspace takes a move back too, in the player's hands as well.
    harness.state_mut().tabs.snake.set_pilot(Pilot::Player);
    harness.key_press(Key::Backspace);
    harness.run_steps(1);
    assert_eq!(harness.state().tabs.snake.game().moves_made().len(), 119);
}

/// Predicting the link search: a click on the cell it expands next is right, a click on a
/// tile (which no link passes through) is not, and the score says so.
#[test]
fn the_link_search_can_be_predicted_cell_by_cell() {
    let mut harness = app("Link");
    harness.get_by_label("Naive trap").click();
    harness.run_steps(2);
    harness.get_by_label("Predict the next step").click();
    harness.run_steps(1);
    assert!(harness.state().tabs.link.predicting());
    harness.state_mut().tabs.link.set_search_paused(true);
    click(&mut harness, Pos::new(5, 0));
    click(&mut harness, Pos::new(0, 0));
    harness.get_by_label_contains("Your turn: which cell does the link search expand next?");
    let next = |harness: &Harness<'_, FrontierApp>| {
        let shown = harness.state().tabs.link.shown().unwrap();
        frontier::games::link::predict::judge(shown.search(), Pos::new(5, 0))
            .unwrap()
            .taken
    };
    let first = next(&harness);
    assert_eq!(first, Pos::new(5, 0), "the first tile goes first");
    click(&mut harness, first);
    harness.get_by_label_contains("Right: (5,0) was next.");
    harness.get_by_label("Score: 1 of 1");
    assert_eq!(harness.state().tabs.link.shown().unwrap().steps(), 1);

    // A B tile blocks every link: it is never in the frontier.
    click(&mut harness, Pos::new(2, 0));
    harness.get_by_label_contains("Not quite: (2,0) is not in the frontier");
    harness.get_by_label("Score: 1 of 2");
    assert!(
        harness
            .state()
            .tabs
            .link
            .game()
            .board()
            .tile(Pos::new(2, 0))
            .is_some(),
        "the click answered; it did not play"
    );
}

/// With no keyboard (a phone), a tap on the board steers the snake toward it: the way from
/// the head that goes most of the way there; the first tap starts the game.
#[test]
fn a_tap_on_the_board_steers_the_snake_toward_it() {
    let mut harness = app("Snake");
    harness.state_mut().tabs.snake.set_speed(10.0);
    harness.state_mut().tabs.snake.restart();
    harness.run_steps(2);
    let tap = |harness: &mut Harness<'static, FrontierApp>, pos: Pos| {
        let at = harness.state().tabs.snake.view_center(pos).unwrap();
        harness.hover_at(at);
        harness.step();
        harness.drag_at(at);
        harness.step();
        harness.drop_at(at);
        harness.step();
    };
    // Frames until the head moves (a move every sixth frame at 10 a second).
    let next_move = |harness: &mut Harness<'static, FrontierApp>| {
        let from = harness.state().tabs.snake.game().head();
        for _ in 0..30 {
            if harness.state().tabs.snake.game().head() != from {
                break;
            }
            harness.step();
        }
        (from, harness.state().tabs.snake.game().head())
    };
    // Two cells left and one up: left goes most of the way.
    let head = harness.state().tabs.snake.game().head();
    tap(&mut harness, Pos::new(head.x - 2, head.y - 1));
    assert!(
        harness.state().tabs.snake.playing(),
        "the first tap starts the game"
    );
    let (from, to) = next_move(&mut harness);
    assert_eq!((to.x, to.y), (from.x - 1, from.y), "left");
    // Now far below: down.
    tap(&mut harness, Pos::new(to.x + 1, to.y + 4));
    let (from, to) = next_move(&mut harness);
    assert_eq!((to.x, to.y), (from.x, from.y + 1), "down");
}

/// The tints of the last search shown belong to the board it searched: a shuffle (and an
/// undo) clears them, so no tile that moved keeps another's colours.
#[test]
fn a_shuffle_or_an_undo_clears_the_last_search_shown() {
    let mut harness = app("Link");
    harness.state_mut().tabs.link.set_show_search(true);
    harness
        .state_mut()
        .tabs
        .link
        .start(link_board(&["CC..", "AB.D", "BAD."]));
    harness.run_steps(2);
    for action in ["Shuffle", "Undo"] {
        click(&mut harness, Pos::new(0, 0));
        click(&mut harness, Pos::new(1, 0));
        for _ in 0..300 {
            if harness
                .state()
                .tabs
                .link
                .shown()
                .as_ref()
                .is_some_and(|s| s.finished)
            {
                break;
            }
            harness.step();
        }
        assert!(
            harness.state().tabs.link.shown().is_some(),
            "the search shown"
        );
        harness.get_by_label(action).click();
        harness.run_steps(2);
        assert!(
            harness.state().tabs.link.shown().is_none(),
            "{action} cleared it"
        );
        // (Back to a board with the Cs for the next round.)
        harness
            .state_mut()
            .tabs
            .link
            .start(link_board(&["CC..", "AB.D", "BAD."]));
        harness.run_steps(2);
    }
}

/// The Link clock starts with the player's first move, not when the board is dealt.
#[test]
fn the_link_clock_starts_at_the_first_click() {
    let mut harness = app("Link");
    harness
        .state_mut()
        .tabs
        .link
        .start(link_board(&["CC..", "AB.D", "BAD."]));
    harness.run_steps(120);
    assert_eq!(harness.state().tabs.link.elapsed(), 0.0, "two seconds idle");
    click(&mut harness, Pos::new(0, 0));
    harness.run_steps(60);
    let elapsed = harness.state().tabs.link.elapsed();
    assert!(elapsed > 0.9 && elapsed < 1.2, "{elapsed}");
}
