//! The feature-space search (FESS) and its techniques, each on a small level built for it: a
//! tunnel, a goal room with one packing order, levels that need a macro. Budgets are counted
//! in moves of the search, never in time.

use frontier_games::games::sokoban::parse_level;
use frontier_games::games::sokoban::solver::fess::Fess;
use frontier_games::games::sokoban::solver::fess::layout::Layout;
use frontier_games::games::sokoban::solver::fess::moves::{MoveKind, Mover};
use frontier_games::games::sokoban::solver::{Position, Pruning, Sokoban, SolveOutcome};
use frontier_games::games::sokoban::{Level, verify_solution};
use frontier_games::grid::{Dir, Pos};
use frontier_games::search::{Budget, Event};

/// A corridor: every square between the box and the goal is a tunnel square.
const CORRIDOR: &str = r"
#########
#@$    .#
#########";

/// Three goals in a dead-end row: they must be filled from the far end.
const GOAL_ROW: &str = r"
#########
#...    #
####$$$ #
   #  @ #
   ######";

/// A goal room behind a one-wide entrance: its back row first, and the player must get
/// round each box it pushes in.
const GOAL_ROOM: &str = r"
  ########
  #..    #
  #..    #
  #      #
  #### ###
#####   ##
#   $ $  #
# @ $ $  #
#        #
##########";

/// The level drawn in `text`, after the line break that opens it.
fn level(text: &str) -> Level {
    parse_level(text.strip_prefix('\n').unwrap_or(text)).unwrap()
}

/// Where the level starts: the player's square and the boxes'.
fn start(sokoban: &Sokoban) -> (u16, &[u16]) {
    (sokoban.start_player(), sokoban.start_boxes())
}

fn square(sokoban: &Sokoban, x: i32, y: i32) -> u16 {
    sokoban.analysis.square(Pos { x, y }).unwrap()
}

/// Runs the feature-space search on `text` with `pruning` for at most `moves` moves: the
/// moves it made and, if it solved the level, the solution's pushes (replayed and checked).
fn fess(text: &str, pruning: Pruning, moves: usize) -> (usize, Option<usize>) {
    let level = level(text);
    let mut sokoban = Sokoban::new(&level);
    sokoban.pruning = pruning;
    let mut search = Fess::new(sokoban, Budget::UNLIMITED.expansions(moves));
    let end = search.by_ref().last();
    let made = search.expansions();
    if end.is_none_or(|e| !matches!(e, Event::Found { .. })) {
        return (made, None);
    }
    let report = frontier_games::games::sokoban::solver::fess::solve_fess(
        &level,
        Budget::UNLIMITED.expansions(moves),
        pruning,
    )
    .report;
    let SolveOutcome::Solved { lurd, pushes, .. } = report.outcome else {
        panic!("found but not solved: {:?}", report.outcome);
    };
    assert_eq!(verify_solution(&level, &lurd).map(|(_, p)| p), Ok(pushes));
    (made, Some(pushes))
}

#[test]
fn the_layout_finds_tunnels_rooms_and_the_link_between_them() {
    let sokoban = Sokoban::new(&level(GOAL_ROOM));
    let layout = Layout::new(&sokoban.analysis, start(&sokoban), true);
    // The entrance is a tunnel square linking the goal room and the room below.
    let entrance = square(&sokoban, 6, 4);
    assert_eq!(layout.tunnel_along[entrance as usize], Some(Dir::Down));
    assert_eq!(layout.links.len(), 1);
    assert_eq!(layout.link_of[entrance as usize], Some(0));
    assert_eq!(layout.rooms, 2);
    let goal_room = layout.room[square(&sokoban, 3, 1) as usize];
    assert!(layout.goal_room[goal_room as usize]);
    assert!(!layout.goal_room[layout.room[square(&sokoban, 2, 7) as usize] as usize]);
}

#[test]
fn a_dead_end_row_of_goals_is_packed_from_its_far_end() {
    let sokoban = Sokoban::new(&level(GOAL_ROW));
    let layout = Layout::new(&sokoban.analysis, start(&sokoban), true);
    let row: Vec<u16> = (1..=3).map(|x| square(&sokoban, x, 1)).collect();
    assert_eq!(
        layout.packing,
        vec![row.clone()],
        "one group, far end first"
    );
    // Packed counts only the goals filled in that order.
    let far_end = vec![row[0]];
    let near_end = vec![row[2]];
    assert_eq!(layout.packed(&far_end), 1);
    assert_eq!(layout.packed(&near_end), 0);
    // Without the packing order, any box on a goal counts.
    let any_order = Layout::new(&sokoban.analysis, start(&sokoban), false);
    assert_eq!(any_order.packed(&near_end), 1);
}

#[test]
fn a_goal_room_is_packed_from_its_far_corner_to_the_entrance() {
    let sokoban = Sokoban::new(&level(GOAL_ROOM));
    let layout = Layout::new(&sokoban.analysis, start(&sokoban), true);
    let group = layout.room_group[layout.room[square(&sokoban, 3, 1) as usize] as usize];
    let order = &layout.packing[group.unwrap() as usize];
    // Taken out backwards nearest the entrance first, so packed farthest first.
    let far_corner = square(&sokoban, 3, 1);
    let nearest = square(&sokoban, 4, 2);
    assert_eq!(order.len(), 4);
    assert_eq!((order[0], order[3]), (far_corner, nearest), "{order:?}");
}

#[test]
fn a_tunnel_macro_pushes_a_box_through_the_tunnel_in_one_move() {
    let sokoban = Sokoban::new(&level(CORRIDOR));
    let layout = Layout::new(&sokoban.analysis, start(&sokoban), true);
    let start = Position {
        boxes: sokoban.start_boxes().clone(),
        player: sokoban.start_player(),
    };
    let the_box = square(&sokoban, 2, 1);
    let goal = square(&sokoban, 7, 1);
    for (tunnels, pushes, ends) in [(true, 5, goal), (false, 1, square(&sokoban, 3, 1))] {
        let mut trail = vec![];
        let after = Mover::new(tunnels)
            .play(
                &sokoban.analysis,
                &layout,
                &start,
                (the_box, Dir::Right),
                MoveKind::Push,
                Some(&mut trail),
            )
            .unwrap();
        assert_eq!(trail.len(), pushes, "one position a push");
        assert_eq!(&after.boxes[..], &[ends]);
    }
    // The search solves it without making a move: the macro from the start is the solution.
    assert_eq!(fess(CORRIDOR, Pruning::ALL, 100), (0, Some(5)));
    assert_eq!(
        fess(CORRIDOR, Pruning::without("macros").unwrap(), 100),
        (4, Some(5))
    );
}

#[test]
fn a_goal_room_macro_takes_a_box_from_the_entrance_to_the_next_goal() {
    let sokoban = Sokoban::new(&level(GOAL_ROOM));
    let layout = Layout::new(&sokoban.analysis, start(&sokoban), true);
    let (below, entrance, inside) = (
        square(&sokoban, 6, 5),
        square(&sokoban, 6, 4),
        square(&sokoban, 6, 3),
    );
    assert!(Mover::enters_goal_room(&layout, entrance, inside));
    assert!(!Mover::enters_goal_room(&layout, below, entrance));
    // A box at the entrance, the player below it: pushed in, it goes on to the back row.
    let boxes = [
        entrance,
        square(&sokoban, 4, 6),
        square(&sokoban, 4, 7),
        square(&sokoban, 6, 7),
    ];
    let mut sorted = boxes.to_vec();
    sorted.sort_unstable();
    let position = Position {
        boxes: frontier_games::games::sokoban::solver::BoxSquares::new(&sorted),
        player: below,
    };
    let mut trail = vec![];
    let after = Mover::new(true)
        .play(
            &sokoban.analysis,
            &layout,
            &position,
            (entrance, Dir::Up),
            MoveKind::GoalRoom,
            Some(&mut trail),
        )
        .unwrap();
    let first =
        layout.packing[layout.group_of[square(&sokoban, 3, 1) as usize].unwrap() as usize][0];
    assert!(after.boxes.contains(&first), "{:?}", after.boxes);
    assert!(trail.len() > 2, "{} pushes", trail.len());
}

#[test]
fn the_goal_room_is_filled_in_a_few_moves_with_macros_and_thousands_without() {
    let (with, pushes) = fess(GOAL_ROOM, Pruning::ALL, 100_000);
    assert!(pushes.is_some() && with <= 20, "{with} moves");
    let (without, pushes) = fess(GOAL_ROOM, Pruning::without("macros").unwrap(), 100_000);
    assert!(pushes.is_some() && without >= 1_000, "{without} moves");
}

#[test]
fn the_goal_row_needs_the_packing_macro_to_be_solved_in_a_handful_of_moves() {
    let (with, pushes) = fess(GOAL_ROW, Pruning::ALL, 1_000);
    assert_eq!((with, pushes), (2, Some(12)));
    let (without, _) = fess(GOAL_ROW, Pruning::without("macros").unwrap(), 1_000);
    assert!(without > 10 * with.max(1), "{without} moves");
}

/// XSokoban 10: a box must be taken out of the goals by pulls to a square a box starts on,
/// each start square claimed once, for the packing order to be one the boxes can follow.
/// With that order the search solves the level in 87 moves; packing in any order it does
/// not in 5,000 (nor in 20,000 measured; lifting boxes off the goals, the earlier order, left
/// it unsolved at 97,152 moves in 10 s).
#[test]
fn the_packing_order_found_by_pulls_to_start_squares_solves_xsokoban_10() {
    let path = frontier_test_support::test_data().join("sokoban/xsokoban.xsb");
    let text = frontier_games::files::read_text(&path).unwrap();
    let levels = frontier_games::games::sokoban::parse_collection(&text).unwrap();
    let level = levels[9].level.clone().unwrap();
    let run = |pruning: Pruning| {
        let mut sokoban = Sokoban::new(&level);
        sokoban.pruning = pruning;
        let mut search = Fess::new(sokoban, Budget::UNLIMITED.expansions(5_000));
        let found = matches!(search.by_ref().last(), Some(Event::Found { .. }));
        (found, search.expansions())
    };
    let (found, moves) = run(Pruning::default());
    assert!(found && moves <= 200, "{found} after {moves} moves");
    let any_order = Pruning {
        packing_order: false,
        ..Pruning::default()
    };
    assert_eq!(run(any_order), (false, 5_000));
    let report = frontier_games::games::sokoban::solver::fess::solve_fess(
        &level,
        Budget::UNLIMITED.expansions(5_000),
        Pruning::default(),
    )
    .report;
    let SolveOutcome::Solved { lurd, pushes, .. } = report.outcome else {
        panic!("found but not solved: {:?}", report.outcome);
    };
    assert_eq!(verify_solution(&level, &lurd).map(|(_, p)| p), Ok(pushes));
}
