//! Moving one box to a chosen square, as a player does by dragging it: the fewest pushes
//! (then the fewest steps) that bring it there with every other box left where it is.
//!
//! A state is the box's square and the side of it the player stands on after a push; the
//! walk between pushes is a breadth-first search around the box. Dijkstra's algorithm over
//! (pushes, steps) finds the route.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

use super::game::Game;
use crate::grid::{Dir, Grid, Pos};

/// Squares the walking searches may visit in all before the route is given up: enough for
/// any box on a level of ordinary size, and a bound on the time a drag can take on a huge
/// open one.
const MAX_WORK: usize = 4_000_000;

/// A state: the box's square and the side of it the player stands on.
type State = (Pos, Dir);

/// (pushes, steps): fewer pushes first, then fewer steps.
type Cost = (usize, usize);

/// A queued state, cheapest first: its cost, then its box square and side (as numbers, so
/// ties break the same way every time).
type Queued = Reverse<(Cost, i32, i32, usize)>;

/// The steps (walks and pushes) that bring the box on `from` to `to`, if it can get there
/// without moving any other box.
pub fn box_route(game: &Game, from: Pos, to: Pos) -> Option<Vec<Dir>> {
    if !game.has_box(from) || (to != from && !game.free(to)) {
        return None;
    }
    if to == from {
        return Some(vec![]);
    }
    let mut search = RouteSearch {
        game,
        from,
        best: HashMap::new(),
        came_from: HashMap::new(),
        queue: BinaryHeap::new(),
        work: 0,
    };
    search.push_on(None, from, game.player(), (0, 0));
    while let Some(Reverse((cost, x, y, side))) = search.queue.pop() {
        let state = (Pos::new(x, y), Dir::ALL[side]);
        if search.best.get(&state) != Some(&cost) {
            continue; // a cheaper way here was found after this entry was queued
        }
        if state.0 == to {
            return Some(steps_of(game, from, &search.came_from, state));
        }
        if search.work > MAX_WORK {
            return None;
        }
        search.push_on(Some(state), state.0, state.0.step(state.1), cost);
    }
    None
}

/// Dijkstra's bookkeeping for [`box_route`]; costs are (pushes, steps).
struct RouteSearch<'a> {
    game: &'a Game,
    from: Pos,
    best: HashMap<State, Cost>,
    came_from: HashMap<State, Option<State>>,
    queue: BinaryHeap<Queued>,
    work: usize,
}

impl RouteSearch<'_> {
    /// Queues every push of the box on `box_at` the player (on `player`) can walk to.
    fn push_on(&mut self, at: Option<State>, box_at: Pos, player: Pos, cost: Cost) {
        let walks = walk_distances(self.game, self.from, box_at, player, &mut self.work);
        for dir in Dir::ALL {
            let beyond = box_at.step(dir);
            let Some(walk) = walks[dir.opposite().index()] else {
                continue;
            };
            if !free_for_box(self.game, self.from, beyond) {
                continue;
            }
            let next = (beyond, dir.opposite());
            let next_cost = (cost.0 + 1, cost.1 + walk + 1);
            if self.best.get(&next).is_none_or(|&c| next_cost < c) {
                self.best.insert(next, next_cost);
                self.came_from.insert(next, at);
                self.queue
                    .push(Reverse((next_cost, beyond.x, beyond.y, next.1.index())));
            }
        }
    }
}

/// Whether the moving box may stand on `pos` (its own starting square counts as free).
fn free_for_box(game: &Game, moving: Pos, pos: Pos) -> bool {
    pos == moving || game.free(pos)
}

/// Steps from `player` to each side of the moving box (which started on `moving`) while it
/// stands on `box_at`, in `Dir::ALL` order; `None` for a side the player cannot reach. The
/// search stops once every open side is found, which in open rooms is a few squares away.
fn walk_distances(
    game: &Game,
    moving: Pos,
    box_at: Pos,
    player: Pos,
    work: &mut usize,
) -> [Option<usize>; 4] {
    let sides = Dir::ALL.map(|d| box_at.step(d));
    let mut found = [None; 4];
    let mut wanted = sides
        .iter()
        .filter(|&&s| free_for_box(game, moving, s))
        .count();
    let level = game.level();
    let mut seen = Grid::new(level.width(), level.height(), false);
    let mut queue = VecDeque::from([(player, 0)]);
    seen.set(player, true);
    while let Some((at, d)) = queue.pop_front() {
        *work += 1;
        if let Some(side) = sides.iter().position(|&s| s == at) {
            found[side] = Some(d);
            wanted -= 1;
            if wanted == 0 {
                break;
            }
        }
        for dir in Dir::ALL {
            let next = at.step(dir);
            if next != box_at
                && free_for_box(game, moving, next)
                && !seen.get(next).copied().unwrap_or(true)
            {
                seen.set(next, true);
                queue.push_back((next, d + 1));
            }
        }
    }
    found
}

/// The whole route to `end`, replayed on a copy of the game: the shortest walk behind the
/// box before each push.
fn steps_of(
    game: &Game,
    from: Pos,
    came_from: &HashMap<(Pos, Dir), Option<(Pos, Dir)>>,
    end: (Pos, Dir),
) -> Vec<Dir> {
    let mut pushes = vec![];
    let mut state = Some(end);
    while let Some(s) = state {
        pushes.push(s.1.opposite());
        state = came_from.get(&s).copied().flatten();
    }
    pushes.reverse();
    let mut copy = game.clone();
    let mut box_at = from;
    let mut steps = vec![];
    for dir in pushes {
        let walk = copy
            .walk_path(box_at.step(dir.opposite()))
            .unwrap_or_default();
        for &w in &walk {
            copy.step(w);
        }
        steps.extend(walk);
        copy.step(dir);
        steps.push(dir);
        box_at = box_at.step(dir);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_level;

    /// A room with two boxes: one at (2,2) to move about, one parked at (5,5).
    const OPEN_ROOM: &str = "#######\n\
                             #@    #\n\
                             # $   #\n\
                             #     #\n\
                             #   ..#\n\
                             #    $#\n\
                             #######\n";

    fn game(text: &str) -> Game {
        Game::new(parse_level(text).unwrap())
    }

    #[test]
    fn a_box_goes_round_a_corner_with_the_fewest_pushes() {
        let mut g = game(OPEN_ROOM);
        let route = box_route(&g, Pos::new(2, 2), Pos::new(4, 4)).expect("a route");
        let pushes_before = g.pushes();
        for dir in route {
            g.step(dir).expect("every step is legal");
        }
        assert!(g.has_box(Pos::new(4, 4)) && !g.has_box(Pos::new(2, 2)));
        assert_eq!(g.pushes() - pushes_before, 4, "two across and two down");
        assert!(g.has_box(Pos::new(5, 5)), "the other box stays");
    }

    #[test]
    fn no_route_onto_another_box_or_a_square_no_push_can_reach() {
        let g = game(OPEN_ROOM);
        assert_eq!(
            box_route(&g, Pos::new(2, 2), Pos::new(5, 5)),
            None,
            "a box is there"
        );
        assert_eq!(
            box_route(&g, Pos::new(3, 3), Pos::new(3, 4)),
            None,
            "not a box"
        );
        assert_eq!(box_route(&g, Pos::new(2, 2), Pos::new(2, 2)), Some(vec![]));
        // The box can reach the gap's top but never be pushed down it: that takes a player
        // standing in the wall above.
        let g = game(
            "########\n\
             #@ $   #\n\
             ###### #\n\
             #.     #\n\
             ########\n",
        );
        assert!(box_route(&g, Pos::new(3, 1), Pos::new(6, 1)).is_some());
        assert_eq!(box_route(&g, Pos::new(3, 1), Pos::new(1, 3)), None);
    }

    #[test]
    fn every_route_found_in_random_rooms_is_legal_and_moves_only_that_box() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(11);
        let mut found = 0;
        for _ in 0..200 {
            // A 9 x 7 room with scattered walls, three boxes and three goals.
            let (w, h) = (9, 7);
            let mut rows: Vec<Vec<char>> = (0..h)
                .map(|y| {
                    (0..w)
                        .map(|x| {
                            let edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
                            if edge || rng.random_bool(0.15) {
                                '#'
                            } else {
                                ' '
                            }
                        })
                        .collect()
                })
                .collect();
            let mut free: Vec<(usize, usize)> = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| rows[y][x] == ' ')
                .collect();
            if free.len() < 8 {
                continue;
            }
            for symbol in ['@', '$', '$', '$', '.', '.', '.'] {
                let (x, y) = free.swap_remove(rng.random_range(0..free.len()));
                rows[y][x] = symbol;
            }
            let text: String = rows
                .iter()
                .map(|r| r.iter().collect::<String>() + "\n")
                .collect();
            let Ok(level) = parse_level(&text) else {
                continue; // e.g. the player walled in with nothing to do
            };
            let g = Game::new(level);
            let boxes: Vec<Pos> = g.boxes().collect();
            let from = boxes[rng.random_range(0..boxes.len())];
            let (tx, ty) = free[rng.random_range(0..free.len())];
            let to = Pos::new(tx as i32, ty as i32);
            let Some(route) = box_route(&g, from, to) else {
                continue;
            };
            found += 1;
            let mut played = g.clone();
            for dir in route {
                played.step(dir).expect("every step of a route is legal");
            }
            assert!(played.has_box(to) && !played.has_box(from), "{text}");
            for &b in boxes.iter().filter(|&&b| b != from) {
                assert!(played.has_box(b), "another box moved:\n{text}");
            }
        }
        assert!(
            found > 20,
            "only {found} routes found: the rooms are too closed"
        );
    }
}
