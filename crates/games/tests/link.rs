//! Link: the contest problem's expected outputs byte for byte, the finder against brute
//! force on seeded random boards, the naive search's failure, and dealt boards cleared.

use frontier_games::games::link::autoplay::clear;
use frontier_games::games::link::deal::deal;
use frontier_games::games::link::finder::{PLAY_TURNS, find_link, min_segments, naive_turns};
use frontier_games::games::link::{LinkBoard, SYMBOLS, presets};
use frontier_games::grid::{Dir, Grid, Pos};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random board with `density` tiles of a few kinds (not necessarily paired).
fn random_board(rng: &mut StdRng, density: f64) -> LinkBoard {
    let (w, h) = (rng.random_range(1..9), rng.random_range(1..8));
    let mut tiles = Grid::new(w, h, None);
    for p in tiles.positions().collect::<Vec<_>>() {
        if rng.random_bool(density) {
            tiles.set(p, Some(rng.random_range(0..3u8)));
        }
    }
    LinkBoard::from_grid(tiles)
}

/// Reference: the fewest turns by breadth-first search over segments. From each reached
/// cell, rays go out in every direction through empty cells (and the ring); every cell on a
/// ray is one more segment away. Independent of the engine and of headings.
fn reference_turns(board: &LinkBoard, a: Pos, b: Pos) -> Option<u32> {
    let (w, h) = (board.width() as i32, board.height() as i32);
    let index = |p: Pos| ((p.y + 1) * (w + 2) + p.x + 1) as usize;
    let mut segments = vec![u32::MAX; ((w + 2) * (h + 2)) as usize];
    segments[index(a)] = 0;
    let mut layer = vec![a];
    let mut k = 0;
    while !layer.is_empty() {
        k += 1;
        let mut next = vec![];
        for &from in &layer {
            for dir in Dir::ALL {
                let mut at = from.step(dir);
                while board.in_reach(at) && (board.tile(at).is_none() || at == b) {
                    if at == b {
                        return Some(k - 1);
                    }
                    if segments[index(at)] == u32::MAX {
                        segments[index(at)] = k;
                        next.push(at);
                    }
                    at = at.step(dir);
                }
            }
        }
        layer = next;
    }
    None
}

#[test]
fn the_finder_agrees_with_brute_force_for_every_pair_on_random_boards() {
    let mut rng = StdRng::seed_from_u64(6);
    let mut compared = 0;
    for _ in 0..300 {
        let density = rng.random_range(0.2..0.9);
        let board = random_board(&mut rng, density);
        let tiles: Vec<Pos> = board
            .positions()
            .filter(|&p| board.tile(p).is_some())
            .collect();
        for &a in &tiles {
            for &b in &tiles {
                if a == b {
                    continue;
                }
                let expected = reference_turns(&board, a, b);
                assert_eq!(
                    min_segments(&board, a, b),
                    expected.map(|t| t + 1),
                    "{a} {b}\n{}",
                    board.to_text()
                );
                let play = find_link(&board, a, b, PLAY_TURNS);
                assert_eq!(
                    play.as_ref().map(|l| l.turns),
                    expected.filter(|&t| t <= PLAY_TURNS),
                    "{a} {b}"
                );
                if let Some(link) = play {
                    // The path is real: adjacent steps over empty cells between the two tiles.
                    assert_eq!((link.cells[0], *link.cells.last().unwrap()), (a, b));
                    for pair in link.cells.windows(2) {
                        assert_eq!(pair[0].manhattan(pair[1]), 1);
                    }
                    for &c in &link.cells[1..link.cells.len() - 1] {
                        assert!(board.in_reach(c) && board.tile(c).is_none());
                    }
                    assert_eq!(link.corners().len() as u32, link.turns + 2);
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 5_000, "{compared}");
}

#[test]
fn the_naive_search_misses_a_link_on_the_preset_built_to_show_it() {
    let text = include_str!("../../../presets/link/naive-trap.link");
    let board = LinkBoard::parse(text).unwrap();
    assert_eq!(board.check(), Ok(()), "the preset can be played to the end");
    let a_kind = SYMBOLS.find('A').unwrap() as u8;
    let ends: Vec<Pos> = board
        .positions()
        .filter(|&p| board.tile(p) == Some(a_kind))
        .collect();
    // Searching from the right-hand A, as the preset's notes say.
    let (a, b) = (ends[1], ends[0]);
    let link = find_link(&board, a, b, PLAY_TURNS).expect("the finder links the two A tiles");
    assert_eq!(
        find_link(&board, b, a, PLAY_TURNS).map(|l| l.turns),
        Some(link.turns),
        "the finder is symmetric"
    );
    let (naive, visited) = naive_turns(&board, a, b);
    assert!(
        naive.is_none_or(|t| t > PLAY_TURNS),
        "naive says {naive:?}, the best is {} turns",
        link.turns
    );
    assert!(!visited.is_empty());
}

#[test]
fn every_preset_is_a_valid_board_the_computer_can_clear() {
    for (file, _) in presets::BOARDS {
        let board = presets::board(file).unwrap();
        assert_eq!(board.check(), Ok(()), "{file}");
        assert!(
            clear(&board, false, 100_000).is_some(),
            "{file} cannot be cleared"
        );
    }
}

#[test]
fn first_steps_shows_each_kind_of_link_as_its_notes_say() {
    let board = presets::board("first-steps.link").unwrap();
    let turns = |kind: char| {
        let kind = SYMBOLS.find(kind).unwrap() as u8;
        let ends: Vec<Pos> = board
            .positions()
            .filter(|&p| board.tile(p) == Some(kind))
            .collect();
        find_link(&board, ends[0], ends[1], PLAY_TURNS).map(|l| (l.turns, l.cells))
    };
    assert_eq!(turns('C').map(|t| t.0), Some(0));
    assert_eq!(turns('E').map(|t| t.0), Some(0));
    assert_eq!(turns('D').map(|t| t.0), Some(1));
    let (b_turns, b_cells) = turns('B').unwrap();
    assert_eq!(b_turns, 2);
    assert!(
        b_cells.iter().any(|p| !board.contains(*p)),
        "B goes around the edge"
    );
    assert_eq!(turns('A'), None, "A waits for D or E to go");
}

#[test]
fn a_thousand_dealt_18_by_10_boards_are_each_cleared_by_the_auto_player() {
    for seed in 0..1000 {
        let board = deal(18, 10, seed).unwrap();
        assert_eq!(board.count(), 180);
        let moves =
            clear(&board, false, 200_000).unwrap_or_else(|| panic!("seed {seed} was not cleared"));
        // Replay the moves: each pair is equal and linkable when it is removed.
        let mut replay = board.clone();
        for (a, b) in moves {
            assert_eq!(replay.tile(a), replay.tile(b));
            assert!(
                find_link(&replay, a, b, PLAY_TURNS).is_some(),
                "seed {seed}: {a} {b}"
            );
            replay.set(a, None);
            replay.set(b, None);
        }
        assert!(replay.is_empty());
    }
}

/// The score rules the app states (the score's tooltip and Getting started) are the game's:
/// a pair, a hint and a shuffle asked for count what the words say, so a hint and a shuffle
/// before the first pair leave the score below zero, as the words warn.
#[test]
fn the_score_rules_the_app_states_are_the_games() {
    use frontier_games::games::link::game::{HINT_COST, LinkGame, PAIR_POINTS, SHUFFLE_COST};
    let rules = frontier_games::tr!("link-score-rules");
    let start = frontier_games::tr!("start-link");
    for words in [&rules, &start] {
        assert!(
            words.contains(&format!("{PAIR_POINTS} points a pair")),
            "{words}"
        );
        assert!(words.contains(&format!("{HINT_COST}")), "{words}");
        assert!(words.contains(&format!("{SHUFFLE_COST}")), "{words}");
        assert!(words.contains("below zero"), "{words}");
    }
    let board = frontier_games::games::link::LinkBoard::parse(
        "frontier-link 1\nsize 4 3\ntiles\nCC..\nAB.D\nBAD.\n",
    )
    .unwrap();
    let mut game = LinkGame::new(board, false, 1);
    let (a, b) = game.hint().expect("a pair");
    game.shuffle();
    assert_eq!(game.score(), -HINT_COST - SHUFFLE_COST);
    let (a, b) = game.hint().map_or((a, b), |pair| pair);
    game.click(a);
    game.click(b);
    assert_eq!(game.score(), -2 * HINT_COST - SHUFFLE_COST + PAIR_POINTS);
    assert!(game.score() < 0);
}
