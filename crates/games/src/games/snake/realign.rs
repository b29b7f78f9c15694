//! Taking over a snake that someone else steered. The cycle planner's promise rests on the
//! body lying along a Hamiltonian cycle; a snake handed over by the player or by the classic
//! planner usually does not. So the planner first looks for a cycle it can *start* following
//! safely: following a cycle from here, each body cell must have left before the head gets
//! to it. The head reaches the cell `d` places ahead on the cycle after `d` moves, and the
//! cell `i` places from the tail is free after `i + 1` moves (one more for each apple eaten on
//! the way), so this is checked by playing the moves out on a copy of the snake. Once every
//! cell of the old body has left, the body lies along the cycle, in order, and the planner's
//! usual moves are safe again.
//!
//! When no cycle can be followed from here, nor after any one move, the snake plays for
//! survival the classic way (the food if the tail stays reachable after eating it, else
//! follow the tail, else the move with the most room) and looks again after the next move.

use std::collections::VecDeque;

use super::classic::{self, Branch};
use super::cycle::Cycle;
use super::{Outcome, SnakeGame};
use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;

/// How the planner steers a snake whose body lies along none of its cycles.
#[derive(Clone, Debug, PartialEq)]
pub struct Realignment {
    pub choice: Dir,
    /// The cycle being joined (an index into the cycles given), when one is.
    pub cycle: Option<usize>,
    pub reason: Message,
}

/// A copy of the snake to play moves out on, without the game's food generator.
#[derive(Clone)]
struct Shadow {
    body: VecDeque<Pos>,
    occupied: Grid<bool>,
    food: Option<Pos>,
    free_cells: usize,
}

impl Shadow {
    fn of(game: &SnakeGame) -> Shadow {
        let mut occupied = Grid::new(game.width(), game.height(), false);
        for &p in game.body() {
            occupied.set(p, true);
        }
        Shadow {
            body: game.body().clone(),
            occupied,
            food: game.food(),
            free_cells: game.free_cells(),
        }
    }

    /// Moves the head to the neighbouring free cell `next`; false (and no move) if the
    /// snake would die there.
    fn advance(&mut self, next: Pos) -> bool {
        let tail = self.body[self.body.len() - 1];
        let eating = self.food == Some(next);
        let neck = self.body.len() > 1 && self.body[1] == next;
        let blocked = self.occupied.get(next).copied().unwrap_or(true);
        if neck || (blocked && (next != tail || eating)) {
            return false;
        }
        if eating {
            self.food = None;
        } else {
            self.body.pop_back();
            self.occupied.set(tail, false);
        }
        self.body.push_front(next);
        self.occupied.set(next, true);
        true
    }

    fn fills_board(&self) -> bool {
        self.body.len() >= self.free_cells
    }
}

/// Whether following `cycle` from `shadow` is safe until every cell of today's body except
/// the head has left it (from then on the body lies along the cycle). The known apple is
/// eaten on the way if the cycle passes it.
fn can_follow(shadow: &Shadow, cycle: &Cycle) -> bool {
    let mut shadow = shadow.clone();
    let mut old_cells = shadow.body.len() - 1;
    while old_cells > 0 && !shadow.fills_board() {
        let head = shadow.body[0];
        if cycle.place.get(head).is_none_or(|&p| p == u32::MAX) {
            return false;
        }
        let grows = shadow.food == Some(cycle.next(head));
        if !shadow.advance(cycle.next(head)) {
            return false;
        }
        if !grows {
            old_cells -= 1;
        }
    }
    true
}

/// The first cycle of `order` (indices into `cycles`) that can be followed from `shadow`.
fn followable(shadow: &Shadow, cycles: &[Cycle], order: &[usize]) -> Option<usize> {
    order
        .iter()
        .copied()
        .find(|&i| can_follow(shadow, &cycles[i]))
}

/// The move for a snake whose body lies along none of `cycles`: the next cell of a cycle
/// it can follow safely from here (trying `order` in turn), or a move after which it can,
/// or the classic survival move.
pub fn realign(game: &SnakeGame, cycles: &[Cycle], order: &[usize]) -> Realignment {
    let shadow = Shadow::of(game);
    let head = game.head();
    if let Some(i) = followable(&shadow, cycles, order)
        && let Some(choice) = Dir::between(head, cycles[i].next(head))
    {
        return Realignment {
            choice,
            cycle: Some(i),
            reason: crate::msg!("realign-follow", cycle = i + 1, moves = game.len() - 1),
        };
    }
    let safe: Vec<Dir> = Dir::ALL
        .into_iter()
        .filter(|&d| matches!(game.check(d), Outcome::Moved | Outcome::Ate | Outcome::Won))
        .collect();
    for &dir in &safe {
        let mut after = shadow.clone();
        if after.advance(head.step(dir))
            && let Some(i) = followable(&after, cycles, order)
        {
            return Realignment {
                choice: dir,
                cycle: Some(i),
                reason: crate::msg!("realign-turn", dir = dir, cycle = i + 1),
            };
        }
    }
    let survival = classic::decide(game);
    let choice = if survival.branch == Branch::Doomed {
        safe.first().copied().unwrap_or(survival.choice)
    } else {
        survival.choice
    };
    Realignment {
        choice,
        cycle: None,
        reason: crate::msg!("realign-survive", then = survival.reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::snake::cycle::cycles_for;

    #[test]
    fn a_snake_heading_for_a_wall_turns_onto_a_cycle_it_can_follow() {
        // Along the top row, heading right, one cell from the corner: straight on is safe
        // once more, then the wall.
        let walls = Grid::new(8, 6, false);
        let body = [
            Pos::new(6, 0),
            Pos::new(5, 0),
            Pos::new(4, 0),
            Pos::new(3, 0),
        ];
        let game = SnakeGame::from_parts(&walls, &body, Some(Pos::new(0, 5)), 1).unwrap();
        let cycles = cycles_for(&walls).unwrap();
        let order: Vec<usize> = (0..cycles.len()).collect();
        let mut game = game;
        for _ in 0..200 {
            let step = realign(&game, &cycles, &order);
            let outcome = game.step(step.choice);
            assert!(
                !matches!(outcome, Outcome::Died(_)),
                "died after: {}",
                step.reason
            );
        }
    }

    #[test]
    fn following_is_refused_when_the_head_would_catch_up_with_the_body() {
        // The head at the corner; (0,1) is two cells from the tail, so it is still body when
        // a head going straight down would get there.
        let walls = Grid::new(6, 6, false);
        let body = [
            Pos::new(0, 0),
            Pos::new(1, 0),
            Pos::new(1, 1),
            Pos::new(0, 1),
            Pos::new(0, 2),
            Pos::new(0, 3),
        ];
        let game = SnakeGame::from_parts(&walls, &body, None, 1).unwrap();
        let shadow = Shadow::of(&game);
        let cycles = cycles_for(&walls).unwrap();
        let down = cycles
            .iter()
            .filter(|c| c.next(Pos::new(0, 0)) == Pos::new(0, 1))
            .count();
        assert!(down > 0);
        for cycle in &cycles {
            if cycle.next(Pos::new(0, 0)) == Pos::new(0, 1) {
                assert!(!can_follow(&shadow, cycle));
            }
        }
        // The same body one move later (tail gone from (0,3)): (0,1) is now the cell next to
        // the tail, gone after two moves, still too late for a head one move away.
        let shorter = SnakeGame::from_parts(&walls, &body[..5], None, 1).unwrap();
        let shadow = Shadow::of(&shorter);
        for cycle in &cycles {
            if cycle.next(Pos::new(0, 0)) == Pos::new(0, 1) {
                assert!(!can_follow(&shadow, cycle));
            }
        }
        // With the tail on (0,1) itself, the cell is free in time.
        let tail_there = SnakeGame::from_parts(&walls, &body[..4], None, 1).unwrap();
        let shadow = Shadow::of(&tail_there);
        assert!(
            cycles
                .iter()
                .filter(|c| c.next(Pos::new(0, 0)) == Pos::new(0, 1))
                .all(|c| can_follow(&shadow, c))
        );
    }
}
