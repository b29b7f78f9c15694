//! Snake planners: they never pick a deadly move when a safe one exists, the cycle planner
//! wins every seeded game on small boards (with and without walls), and the command line
//! reports what it measured.

use frontier_games::games::snake::blocks::{Blocks, Ties};
use frontier_games::games::snake::cycle::cycles_for;
use frontier_games::games::snake::planner::CyclePlanner;
use frontier_games::games::snake::play::{
    Autopilot, HandedOverGame, Handover, HandoverAt, Planner, Steerer, play_game, play_handed_over,
};
use frontier_games::games::snake::{Outcome, SnakeGame, Status};
use frontier_games::grid::{Dir, Grid, Pos};

/// Plays a game with `autopilot`, checking at every move that the move chosen does not die
/// when some move would not.
fn play_checked(autopilot: &mut Autopilot, mut game: SnakeGame) -> SnakeGame {
    let patience = 4 * game.width() * game.height();
    while game.status() == Status::Playing && game.steps_since_food() <= patience {
        let choice = autopilot.choose(&game);
        let safe_exists = Dir::ALL
            .iter()
            .any(|&d| !matches!(game.check(d), Outcome::Died(_)));
        if safe_exists {
            assert!(
                !matches!(game.check(choice), Outcome::Died(_)),
                "a deadly move was chosen with a safe one available, at step {}",
                game.steps()
            );
        }
        game.step(choice);
    }
    game
}

#[test]
fn neither_planner_chooses_a_deadly_move_when_a_safe_one_exists() {
    for planner in [Planner::Classic, Planner::Cycle] {
        let walls = Grid::new(8, 8, false);
        for seed in 0..15 {
            let mut autopilot = Autopilot::new(planner, &walls).unwrap();
            play_checked(&mut autopilot, SnakeGame::new(8, 8, &walls, seed).unwrap());
        }
    }
}

#[test]
fn the_cycle_planner_wins_every_seeded_game_on_small_boards() {
    for (w, h) in [(6, 6), (8, 6), (10, 10), (7, 8)] {
        let walls = Grid::new(w, h, false);
        for seed in 0..10 {
            let mut autopilot = Autopilot::new(Planner::Cycle, &walls).unwrap();
            let game = play_checked(&mut autopilot, SnakeGame::new(w, h, &walls, seed).unwrap());
            assert_eq!(game.status(), Status::Won, "{w}x{h} seed {seed}");
            assert_eq!(game.len(), w * h);
        }
    }
}

#[test]
fn the_cycle_planner_wins_with_walls_too() {
    // Walls in 2 x 2 blocks, and a pair of walls that needs the general cycle search.
    let mut blocks = Grid::new(10, 8, false);
    for (x, y) in [
        (2, 2),
        (3, 2),
        (2, 3),
        (3, 3),
        (6, 4),
        (7, 4),
        (6, 5),
        (7, 5),
    ] {
        blocks.set(Pos::new(x, y), true);
    }
    let mut pair = Grid::new(6, 6, false);
    pair.set(Pos::new(2, 2), true);
    pair.set(Pos::new(3, 2), true);
    for walls in [blocks, pair] {
        let free = walls.cells().iter().filter(|&&w| !w).count();
        for seed in 0..8 {
            let report = play_game(
                &mut Autopilot::new(Planner::Cycle, &walls).unwrap(),
                SnakeGame::new(walls.width(), walls.height(), &walls, seed).unwrap(),
            );
            assert!(report.won, "seed {seed}: {report:?}");
            assert_eq!(report.length, free);
        }
    }
}

#[test]
fn boards_without_a_cycle_are_explained() {
    let error = cycles_for(&Grid::new(7, 7, false)).unwrap_err().to_string();
    assert!(error.contains("7 x 7"), "{error}");
    let mut walls = Grid::new(6, 6, false);
    walls.set(Pos::new(1, 1), true);
    assert!(
        cycles_for(&walls)
            .unwrap_err()
            .to_string()
            .contains("light")
    );
}

#[test]
fn the_classic_planner_fills_most_of_a_small_board() {
    let walls = Grid::new(10, 10, false);
    let mut autopilot = Autopilot::new(Planner::Classic, &walls).unwrap();
    let lengths: Vec<usize> = (0..6)
        .map(|seed| {
            play_game(
                &mut autopilot,
                SnakeGame::new(10, 10, &walls, seed).unwrap(),
            )
            .length
        })
        .collect();
    let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    assert!(mean >= 80.0, "mean length {mean} ({lengths:?})");
}

/// Whether the body, tail first, lies along some Hamiltonian cycle around a tree of blocks.
fn body_lies_along_a_cycle(blocks: &Blocks, game: &SnakeGame) -> bool {
    Ties::of_body(blocks, game.body().iter().rev().copied())
        .and_then(|ties| blocks.spanning_tree(&ties))
        .is_some()
}

#[test]
fn on_block_boards_the_body_lies_along_some_cycle_after_every_move() {
    let walls = Grid::new(10, 8, false);
    let blocks = Blocks::of(&walls).unwrap();
    for seed in 0..6 {
        let mut planner = CyclePlanner::new(&walls).unwrap();
        assert!(planner.rewires());
        let mut game = SnakeGame::new(10, 8, &walls, seed).unwrap();
        while game.status() == Status::Playing {
            let choice = planner.decide(&game);
            // The cycle shown is a whole cycle through the head.
            assert_eq!(choice.cycle.len(), 80);
            assert_eq!(choice.cycle[0], game.head());
            game.step(choice.choice);
            assert!(
                game.status() == Status::Won || body_lies_along_a_cycle(&blocks, &game),
                "seed {seed}, step {}: the body left every cycle",
                game.steps()
            );
        }
        assert_eq!(game.status(), Status::Won, "seed {seed}");
    }
}

#[test]
fn rewiring_the_cycle_takes_far_fewer_steps_than_a_fixed_cycle() {
    let walls = Grid::new(10, 10, false);
    let (mut steps, mut eaten) = (0, 0);
    for seed in 0..10 {
        let report = play_game(
            &mut Autopilot::new(Planner::Cycle, &walls).unwrap(),
            SnakeGame::new(10, 10, &walls, seed).unwrap(),
        );
        assert!(report.won);
        steps += report.steps;
        eaten += report.eaten;
    }
    // Shortcuts on fixed cycles take about 16 steps per apple here; a zig-zag about 25.
    let per_apple = steps as f64 / eaten as f64;
    assert!(per_apple < 12.5, "{per_apple:.2} steps per apple");
}

#[test]
fn a_body_steered_off_the_block_moves_falls_back_to_the_fixed_cycles() {
    let walls = Grid::new(8, 8, false);
    // Up the left column: (0, y) cells may only move down or across, so this body fits
    // no cycle of blocks; it does climb the fixed zig-zag cycles' reversed left column.
    let body = [Pos::new(0, 2), Pos::new(0, 3), Pos::new(0, 4)];
    let game = SnakeGame::from_parts(&walls, &body, Some(Pos::new(5, 5)), 1).unwrap();
    let blocks = Blocks::of(&walls).unwrap();
    assert!(!body_lies_along_a_cycle(&blocks, &game));
    let mut planner = CyclePlanner::new(&walls).unwrap();
    let choice = planner.decide(&game);
    assert!(!matches!(game.check(choice.choice), Outcome::Died(_)));
    assert!(choice.reason.to_string().contains("cycle"));
}

/// The board shapes the Snake tab offers: open boards with even and odd sides, walls laid
/// in 2 x 2 blocks (the cycle is re-chosen every move) and walls that need the general
/// cycle search.
fn board_shapes() -> Vec<Grid<bool>> {
    let mut shapes: Vec<Grid<bool>> = [(6, 6), (8, 6), (7, 6), (10, 10), (16, 12)]
        .into_iter()
        .map(|(w, h)| Grid::new(w, h, false))
        .collect();
    let mut blocks = Grid::new(12, 8, false);
    for (bx, by) in [(1, 1), (2, 1), (4, 2)] {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            blocks.set(Pos::new(2 * bx + dx, 2 * by + dy), true);
        }
    }
    shapes.push(blocks);
    let mut pair = Grid::new(8, 6, false);
    pair.set(Pos::new(3, 2), true);
    pair.set(Pos::new(4, 2), true);
    shapes.push(pair);
    shapes
}

#[test]
fn the_cycle_planner_never_dies_after_taking_over_from_classic_or_random_play() {
    // Each game runs until the planner has made twice as many moves as the board has cells:
    // long enough to join a cycle (which takes at most the snake's length) and go on along
    // it. The test below plays whole games.
    let mut handovers = 0;
    for walls in board_shapes() {
        let (w, h) = (walls.width(), walls.height());
        let cells = w * h;
        for before in [Steerer::Classic, Steerer::Random] {
            for seed in 0..200 {
                let handover = Handover {
                    before,
                    at: HandoverAt::RandomUpTo(2 * cells),
                };
                let mut game = HandedOverGame::new(
                    SnakeGame::new(w, h, &walls, seed).unwrap(),
                    Some(handover),
                );
                let mut autopilot = Autopilot::new(Planner::Cycle, &walls).unwrap();
                while game.planner_moves() < 2 * cells && game.step(&mut autopilot) {}
                let report = game.report();
                assert!(
                    !report.avoidable_death,
                    "{w}x{h} after {before:?} play, seed {seed}: a deadly move while a safe one existed"
                );
                if report.handed_over {
                    handovers += 1;
                    assert_eq!(
                        report.death, None,
                        "{w}x{h} after {before:?} play, seed {seed}: died after the hand-over"
                    );
                }
            }
        }
    }
    assert!(handovers >= 1500, "only {handovers} games were handed over");
}

#[test]
fn a_game_handed_over_at_the_start_is_still_won_every_time() {
    let mut won = 0;
    for walls in board_shapes() {
        let (w, h) = (walls.width(), walls.height());
        for before in [Steerer::Classic, Steerer::Random] {
            for (seed, moves) in [(1, 1), (2, 3), (3, 10), (4, 25), (5, 50)] {
                let handover = Handover {
                    before,
                    at: HandoverAt::After(moves),
                };
                let game = SnakeGame::new(w, h, &walls, seed).unwrap();
                let mut autopilot = Autopilot::new(Planner::Cycle, &walls).unwrap();
                let report = play_handed_over(&mut autopilot, game, Some(handover));
                if !report.handed_over {
                    continue; // the other steerer lost before handing over
                }
                assert!(
                    report.won,
                    "{w}x{h}, {before:?} for {moves} moves, seed {seed}: {report:?}"
                );
                won += 1;
            }
        }
    }
    assert!(won >= 60, "only {won} games reached the hand-over");
}

#[test]
fn a_snake_steered_towards_a_wall_is_turned_away_by_the_cycle_planner() {
    // The bug that was reported: the classic planner steered, then the cycle planner kept
    // the heading straight into the wall. Here the snake has made a U-turn: right along
    // row 4, then left along row 5, one cell from the left wall. No cycle of the board has its
    // cells in that order (they run up and down the columns, in blocks or in a zig-zag).
    let walls = Grid::new(16, 12, false);
    let mut body: Vec<Pos> = (1..=13).map(|x| Pos::new(x, 5)).collect();
    body.extend((2..=13).rev().map(|x| Pos::new(x, 4)));
    let mut game = SnakeGame::from_parts(&walls, &body, Some(Pos::new(2, 9)), 3).unwrap();
    let mut planner = CyclePlanner::new(&walls).unwrap();
    for _ in 0..400 {
        let choice = planner.decide(&game);
        assert!(
            !matches!(game.check(choice.choice), Outcome::Died(_)),
            "step {}: {}",
            game.steps(),
            choice.reason
        );
        game.step(choice.choice);
    }
}
