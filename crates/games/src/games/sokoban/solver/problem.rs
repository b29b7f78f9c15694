//! The search problem a level poses, in one of three shapes: forwards by pushes (the
//! walking in between free), forwards by single moves, or backwards from the goals by pulls.

use super::matching::INCREMENTAL_FROM;
use super::pull::Pull;
use super::push::{Detail, Position, Sokoban};
use crate::search::{Cost, Problem};

/// The search problem a level poses at a level of detail: at the push level successors
/// are pushes (the walking in between is free), at the move level single steps, each
/// costing 1.
#[derive(Clone)]
pub struct SokobanProblem {
    pub sokoban: Sokoban,
    pub detail: Detail,
    /// Set for a search backwards from the goals by pulls (push level only; see [`Pull`]).
    pub pull: Option<Box<Pull>>,
}

impl SokobanProblem {
    /// The push-level problem of a level.
    pub fn pushes(sokoban: Sokoban) -> SokobanProblem {
        SokobanProblem {
            sokoban,
            detail: Detail::Pushes,
            pull: None,
        }
    }

    /// The level searched backwards, from the boxes on their goals by pulls; none when it has
    /// more goals than boxes (see [`Pull`]).
    pub fn pulls(sokoban: Sokoban) -> Option<SokobanProblem> {
        let pull = Pull::new(&sokoban)?;
        Some(SokobanProblem {
            sokoban,
            detail: Detail::Pushes,
            pull: Some(Box::new(pull)),
        })
    }

    /// The pull search for a greedy order that takes novel positions first (see
    /// [`Pull::novel_first`]).
    pub fn pulls_novel_first(sokoban: Sokoban) -> Option<SokobanProblem> {
        let pull = Pull::new(&sokoban)?.novel_first();
        Some(SokobanProblem {
            sokoban,
            detail: Detail::Pushes,
            pull: Some(Box::new(pull)),
        })
    }

    /// The move-level problem of a level.
    pub fn moves(sokoban: Sokoban) -> SokobanProblem {
        SokobanProblem {
            sokoban,
            detail: Detail::Moves,
            pull: None,
        }
    }
}

impl Problem for SokobanProblem {
    type State = Position;

    fn start(&self) -> Position {
        if let Some(pull) = &self.pull {
            return pull.start();
        }
        match self.detail {
            Detail::Pushes => self.sokoban.push_start(),
            Detail::Moves => Position {
                boxes: self.sokoban.start_boxes().clone(),
                player: self.sokoban.start_player(),
            },
        }
    }

    fn is_goal(&self, state: &Position) -> bool {
        if let Some(pull) = &self.pull {
            return pull.is_goal(state);
        }
        self.sokoban.solved(&state.boxes)
    }

    fn successors(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        if let Some(pull) = &self.pull {
            return pull.pulls(state, out);
        }
        if state.boxes.len() >= INCREMENTAL_FROM {
            self.sokoban.matching_bound(&state.boxes, true);
        }
        match self.detail {
            Detail::Pushes => self.sokoban.pushes(state, out),
            Detail::Moves => self.sokoban.moves(state, out),
        }
    }

    fn heuristic(&self, state: &Position) -> Cost {
        if let Some(pull) = &self.pull {
            return pull.estimate(state);
        }
        self.sokoban.lower_bound(&state.boxes)
    }

    fn state_heap_bytes(&self, state: &Position) -> usize {
        state.boxes.heap_bytes()
    }
}
