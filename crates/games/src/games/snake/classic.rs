//! The classic Snake planner. Each move: a BFS from the food, treating the body as walls,
//! gives every cell its distance to the food. If the head can reach the food, a virtual
//! snake follows the shortest path and eats it, and the plan is taken only if the virtual
//! head can then still reach its own tail. Otherwise the real snake follows its tail: the
//! move after which the tail is still reachable and as far away as possible. If nothing is
//! safe, any move that does not die at once (the one with the most room).
//!
//! Every search here runs through the stepping engine; a [`Decision`] keeps what each one
//! found, in order, so the app can replay a single decision step by step.

use std::collections::VecDeque;

use super::field::{Field, Flood, flood};
use super::{Outcome, SnakeGame};
use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;
use crate::msg;

/// Which rule made the decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Go for the food: the virtual snake could reach its tail after eating.
    Food,
    /// Follow the tail, keeping it reachable.
    FollowTail,
    /// No safe plan: a move that does not die at once.
    Survive,
    /// Every move dies.
    Doomed,
}

/// The tail check for one candidate: whether (and how far) the tail is reachable after it.
#[derive(Clone, Debug)]
pub struct TailCheck {
    pub dir: Dir,
    pub flood: Flood,
    pub tail: Pos,
    pub distance: Option<u32>,
}

/// Everything one decision looked at, in the order it looked.
#[derive(Clone, Debug)]
pub struct Decision {
    /// Distances to the food (body as walls), and the BFS's expansion order.
    pub food: Option<Flood>,
    /// The shortest path from the head to the food, head first.
    pub path: Option<Vec<Pos>>,
    /// The virtual snake after eating, head first.
    pub virtual_body: Option<Vec<Pos>>,
    /// The virtual head's search for its tail.
    pub virtual_tail: Option<Flood>,
    /// Tail-following checks of each safe move (when the food plan was not taken).
    pub follow: Vec<TailCheck>,
    pub branch: Branch,
    pub choice: Dir,
    pub reason: Message,
}

/// Cells a BFS may not enter: walls and the given body cells.
fn blocked(game: &SnakeGame, body: impl IntoIterator<Item = Pos>) -> Grid<bool> {
    let mut grid = game.walls().clone();
    for p in body {
        grid.set(p, true);
    }
    grid
}

/// The reason for a move: why the food was not taken (if it was not), then what the snake
/// does instead.
fn reason(why_not_food: Option<Message>, what: Message) -> Message {
    match why_not_food {
        Some(why) => msg!("snake-reason-then", why = why, what = what),
        None => what,
    }
}

/// Moves a body (head first) one cell to `next`, growing if `grow`.
fn advance(body: &mut VecDeque<Pos>, next: Pos, grow: bool) {
    body.push_front(next);
    if !grow {
        body.pop_back();
    }
}

/// Whether the head of `body` can reach its tail (the tail cell counts as free: it moves
/// away), and the search that found out.
fn tail_flood(game: &SnakeGame, body: &VecDeque<Pos>) -> (Flood, Pos) {
    let head = body[0];
    let tail = body[body.len() - 1];
    let mut cells = blocked(game, body.iter().copied());
    cells.set(tail, false);
    cells.set(head, false);
    let flood = flood(Field {
        blocked: cells,
        start: head,
        goal: None,
    });
    (flood, tail)
}

/// The classic planner's decision for the current position.
pub fn decide(game: &SnakeGame) -> Decision {
    let mut decision = Decision {
        food: None,
        path: None,
        virtual_body: None,
        virtual_tail: None,
        follow: vec![],
        branch: Branch::Doomed,
        choice: game.heading().unwrap_or(Dir::Up),
        reason: msg!("snake-doomed"),
    };
    let mut why_not_food = None;
    let head = game.head();
    let safe: Vec<Dir> = Dir::ALL
        .into_iter()
        .filter(|&d| !matches!(game.check(d), Outcome::Died(_) | Outcome::Over))
        .collect();

    if let Some(food) = game.food() {
        let field = flood(Field {
            blocked: blocked(game, game.body().iter().copied()),
            start: food,
            goal: None,
        });
        // The neighbour of the head closest to the food (first in Dir order on ties).
        let first = safe
            .iter()
            .filter_map(|&d| {
                field
                    .distance
                    .get(head.step(d))
                    .copied()
                    .flatten()
                    .map(|dist| (dist, d))
            })
            .min_by_key(|&(dist, _)| dist);
        if let Some((_, dir)) = first {
            let mut path = vec![head, head.step(dir)];
            while *path.last().unwrap_or(&food) != food {
                let at = *path.last().unwrap_or(&food);
                let here = field.distance[at].unwrap_or(0);
                let Some(next) = Dir::ALL.into_iter().map(|d| at.step(d)).find(|&n| {
                    field.distance.get(n).copied().flatten() == Some(here.wrapping_sub(1))
                }) else {
                    break;
                };
                path.push(next);
            }
            let mut body: VecDeque<Pos> = game.body().clone();
            for (i, &cell) in path.iter().enumerate().skip(1) {
                advance(&mut body, cell, i == path.len() - 1);
            }
            let fills_board = body.len() == game.free_cells();
            let (tail_flood, tail) = tail_flood(game, &body);
            let reachable = fills_board || body.len() == 1 || tail_flood.distance[tail].is_some();
            decision.food = Some(field);
            decision.path = Some(path.clone());
            decision.virtual_body = Some(body.iter().copied().collect());
            decision.virtual_tail = Some(tail_flood);
            if reachable {
                decision.branch = Branch::Food;
                decision.choice = dir;
                decision.reason = msg!("snake-food-safe", steps = path.len() - 1, dir = dir);
                return decision;
            }
            why_not_food = Some(msg!("snake-food-traps", steps = path.len() - 1));
        } else {
            decision.food = Some(field);
            why_not_food = Some(msg!("snake-food-unreachable"));
        }
    }

    // Follow the tail: among safe moves, those that keep the tail reachable; the farthest.
    for &dir in &safe {
        let mut body: VecDeque<Pos> = game.body().clone();
        let next = head.step(dir);
        advance(&mut body, next, game.food() == Some(next));
        let (flood, tail) = tail_flood(game, &body);
        let distance = if body.len() == 1 {
            Some(0)
        } else {
            flood.distance[tail]
        };
        decision.follow.push(TailCheck {
            dir,
            flood,
            tail,
            distance,
        });
    }
    let best = decision
        .follow
        .iter()
        .filter_map(|c| c.distance.map(|d| (d, c.dir)))
        .max_by_key(|&(d, _)| d);
    if let Some((distance, dir)) = best {
        decision.branch = Branch::FollowTail;
        decision.choice = dir;
        decision.reason = reason(
            why_not_food,
            msg!("snake-follow-tail", dir = dir, distance = distance),
        );
        return decision;
    }
    // Nothing keeps the tail reachable: the move with the most room.
    let roomiest = decision
        .follow
        .iter()
        .max_by_key(|c| c.flood.order.len())
        .map(|c| (c.dir, c.flood.order.len()));
    match roomiest {
        Some((dir, room)) => {
            decision.branch = Branch::Survive;
            decision.choice = dir;
            decision.reason = reason(why_not_food, msg!("snake-survive", dir = dir, room = room));
        }
        None => {
            decision.branch = Branch::Doomed;
            decision.reason = reason(why_not_food, msg!("snake-doomed"));
        }
    }
    decision
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(body: &[Pos], food: Pos) -> SnakeGame {
        SnakeGame::from_parts(&Grid::new(8, 8, false), body, Some(food), 1).unwrap()
    }

    #[test]
    fn a_free_snake_heads_for_the_food_on_a_shortest_path() {
        let g = game(&[Pos::new(1, 1)], Pos::new(4, 1));
        let d = decide(&g);
        assert_eq!(d.branch, Branch::Food);
        assert_eq!(d.choice, Dir::Right);
        assert_eq!(d.path.as_ref().unwrap().len(), 4);
        let food = d.food.as_ref().unwrap();
        assert_eq!(
            food.distance[Pos::new(1, 1)],
            None,
            "the body is a wall to the food's BFS"
        );
        assert_eq!(food.distance[Pos::new(2, 1)], Some(2));
        assert_eq!(food.order[0], Pos::new(4, 1), "the BFS starts at the food");
    }

    #[test]
    fn it_refuses_food_that_would_trap_it_and_follows_its_tail() {
        // A long snake along the top and right; food in a pocket that closes behind the head.
        let mut walls = Grid::new(8, 8, false);
        for y in 0..8 {
            walls.set(Pos::new(3, y), y != 7);
        }
        // Left strip x 0..=2 connects to the right side only through (3,7).
        let body: Vec<Pos> = vec![
            Pos::new(2, 6),
            Pos::new(2, 5),
            Pos::new(2, 4),
            Pos::new(2, 3),
            Pos::new(2, 2),
            Pos::new(2, 1),
            Pos::new(2, 0),
            Pos::new(1, 0),
            Pos::new(0, 0),
        ];
        let g = SnakeGame::from_parts(&walls, &body, Some(Pos::new(1, 5)), 1).unwrap();
        let d = decide(&g);
        assert_ne!(
            g.check(d.choice),
            Outcome::Died(crate::games::snake::Death::Body)
        );
        assert!(matches!(g.check(d.choice), Outcome::Moved | Outcome::Ate));
    }

    #[test]
    fn with_no_safe_move_it_says_so() {
        // Head boxed in by its own body and the board's corner.
        let body = [
            Pos::new(0, 0),
            Pos::new(1, 0),
            Pos::new(1, 1),
            Pos::new(0, 1),
            Pos::new(0, 2),
        ];
        let g = SnakeGame::from_parts(&Grid::new(8, 8, false), &body, Some(Pos::new(5, 5)), 1);
        // (0,0) -> neighbours (1,0) neck, (0,1) body: the head is stuck.
        let g = g.unwrap();
        let d = decide(&g);
        assert_eq!(d.branch, Branch::Doomed);
    }
}
