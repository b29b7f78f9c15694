//! The cycle planner as one object: on boards of whole 2 x 2 blocks it re-chooses its
//! Hamiltonian cycle every move (`rewire`); elsewhere, or when the body lies along none of
//! those cycles, it keeps to fixed cycles and takes the shortcuts they allow (`cycle`); and
//! when the body lies along none of those either, because someone else steered it, it
//! joins one it can follow safely, playing for survival until it can (`realign`).

use super::blocks::{Blocks, Ties};
use super::cycle::{self, Cycle, cycles_for};
use super::realign::realign;
use super::{SnakeGame, rewire};
use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;
use std::sync::Arc;

/// A cycle planner for one board.
#[derive(Clone, Debug)]
pub struct CyclePlanner {
    blocks: Option<Blocks>,
    cycles: Vec<Cycle>,
    /// The fixed cycle followed last (kept while the food is behind, or while joining it).
    preferred: usize,
    committed: Option<Arc<Commitment>>,
    /// The order in which to try joining the fixed cycles: on boards of blocks, those made
    /// of the blocks' own moves first, so that re-choosing can take over once joined.
    join_order: Vec<usize>,
}

/// A cycle kept to until the next apple, when re-choosing has gone on too long without
/// one: following a single cycle reaches every cell, so the food within one lap.
#[derive(Clone, Debug)]
struct Commitment {
    tree: Vec<bool>,
    eaten: usize,
    step: usize,
}

/// What a [`CyclePlanner`] carries between decisions (small: a commitment is shared).
#[derive(Clone, Debug)]
pub struct PlannerMemory {
    preferred: usize,
    committed: Option<Arc<Commitment>>,
}

/// What the cycle planner decided, and why.
#[derive(Clone, Debug)]
pub struct CycleChoice {
    pub choice: Dir,
    /// The way to the food, head first, when it goes for the food.
    pub path: Option<Vec<Pos>>,
    /// The Hamiltonian cycle the body lies along, in order.
    pub cycle: Vec<Pos>,
    pub reason: Message,
}

impl CyclePlanner {
    /// The planner for a board, or why the board has no Hamiltonian cycle.
    pub fn new(walls: &Grid<bool>) -> Result<CyclePlanner, Message> {
        let blocks = Blocks::of(walls);
        let cycles = cycles_for(walls)?;
        let mut join_order: Vec<usize> = (0..cycles.len()).collect();
        if let Some(blocks) = &blocks {
            join_order.sort_by_key(|&i| {
                let order = &cycles[i].order;
                let closed = order.iter().zip(order.iter().cycle().skip(1));
                let blocks_moves = closed.clone().all(|(&a, &b)| blocks.tie(a, b).is_some());
                !blocks_moves
            });
        }
        Ok(CyclePlanner {
            blocks,
            cycles,
            preferred: 0,
            committed: None,
            join_order,
        })
    }

    /// What the planner carries from one decision to the next (the cycle it follows, and a
    /// cycle it committed to), so that a game taken back a few moves can have the planner
    /// as it was then ([`CyclePlanner::recall`]).
    pub fn memory(&self) -> PlannerMemory {
        PlannerMemory {
            preferred: self.preferred,
            committed: self.committed.clone(),
        }
    }

    /// Puts back what the planner carried at an earlier move.
    pub fn recall(&mut self, memory: PlannerMemory) {
        self.preferred = memory.preferred;
        self.committed = memory.committed;
    }

    /// Whether the board is made of 2 x 2 blocks, so the cycle is re-chosen every move.
    pub fn rewires(&self) -> bool {
        self.blocks.is_some()
    }

    /// The planner's move, with the cycle and the reasons to show.
    pub fn decide(&mut self, game: &SnakeGame) -> CycleChoice {
        self.decide_showing(game, true)
    }

    /// Just the planner's move, for playing headless.
    pub fn choose(&mut self, game: &SnakeGame) -> Dir {
        self.decide_showing(game, false).choice
    }

    fn decide_showing(&mut self, game: &SnakeGame, with_cycle: bool) -> CycleChoice {
        if let Some(blocks) = &self.blocks {
            if self
                .committed
                .as_ref()
                .is_some_and(|c| c.eaten != game.eaten() || c.step > game.steps())
            {
                self.committed = None;
            }
            if self.committed.is_none() && game.steps_since_food() >= game.width() * game.height() {
                let body = game.body().iter().rev().copied();
                self.committed = Ties::of_body(blocks, body)
                    .and_then(|ties| blocks.spanning_tree(&ties))
                    .map(|tree| {
                        Arc::new(Commitment {
                            tree,
                            eaten: game.eaten(),
                            step: game.steps(),
                        })
                    });
            }
            let committed = self.committed.as_ref().map(|c| c.tree.as_slice());
            if let Some(d) = rewire::decide(game, blocks, committed, with_cycle) {
                return CycleChoice {
                    choice: d.choice,
                    path: d.path,
                    cycle: d
                        .tree
                        .map(|tree| blocks.cycle_from(&tree, game.head()))
                        .unwrap_or_default(),
                    reason: d.reason,
                };
            }
        }
        if let Some(d) = cycle::decide(game, &self.cycles, self.preferred) {
            self.preferred = d.cycle;
            return CycleChoice {
                choice: d.choice,
                path: d.path,
                cycle: if with_cycle {
                    self.cycles[d.cycle].order.clone()
                } else {
                    vec![]
                },
                reason: d.reason,
            };
        }
        // Try the cycle being joined first, so that joining it is not started over.
        let mut order = self.join_order.clone();
        if let Some(at) = order.iter().position(|&i| i == self.preferred) {
            order.remove(at);
            order.insert(0, self.preferred);
        }
        let r = realign(game, &self.cycles, &order);
        if let Some(i) = r.cycle {
            self.preferred = i;
        }
        CycleChoice {
            choice: r.choice,
            path: None,
            cycle: match r.cycle {
                Some(i) if with_cycle => self.cycles[i].order.clone(),
                _ => vec![],
            },
            reason: r.reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::snake::Status;

    /// On a board of fixed cycles the planner remembers which cycle it follows: taken back
    /// to an earlier move, it decides as it did then only with its memory of that move.
    #[test]
    fn a_recalled_memory_makes_the_planner_decide_as_it_did_at_that_move() {
        let walls = Grid::new(15, 12, false);
        let mut game = SnakeGame::new(15, 12, &walls, 3).unwrap();
        let mut planner = CyclePlanner::new(&walls).unwrap();
        let mut moments = vec![];
        for _ in 0..3000 {
            if game.status() != Status::Playing {
                break;
            }
            let memory = planner.memory();
            let choice = planner.decide(&game).choice;
            moments.push((game.clone(), memory, choice));
            game.step(choice);
        }
        let mut forgetful = 0;
        for (game, memory, choice) in &moments {
            let mut recalled = CyclePlanner::new(&walls).unwrap();
            recalled.recall(memory.clone());
            assert_eq!(recalled.decide(game).choice, *choice);
            let mut fresh = CyclePlanner::new(&walls).unwrap();
            forgetful += usize::from(fresh.decide(game).choice != *choice);
        }
        assert!(
            forgetful > 0,
            "without its memory the planner would have moved otherwise"
        );
    }
}
