//! The search problems a level poses, one type each: forwards by pushes (the walking in
//! between free), forwards by single moves, and backwards from the goals by pulls; and
//! [`SokobanProblem`], whichever of them a run searches.

use super::matching::INCREMENTAL_FROM;
use super::pull::Pull;
use super::push::{Detail, Position, Sokoban};
use crate::search::{Cost, Problem};

/// Forwards by pushes: a successor is a push, the walking before it free.
#[derive(Clone)]
pub struct PushProblem {
    pub sokoban: Sokoban,
}

/// Forwards by single moves, each costing 1.
#[derive(Clone)]
pub struct MoveProblem {
    pub sokoban: Sokoban,
}

/// Backwards from the boxes on their goals, by pulls (see [`Pull`]).
#[derive(Clone)]
pub struct PullProblem {
    pub sokoban: Sokoban,
    pull: Box<Pull>,
}

/// With many boxes the matching bound is kept up to date move by move; it is primed with
/// the position being expanded, so its successors' bounds start from it.
fn prime_matching(sokoban: &Sokoban, state: &Position) {
    if state.boxes.len() >= INCREMENTAL_FROM {
        sokoban.matching_bound(&state.boxes, true);
    }
}

impl Problem for PushProblem {
    type State = Position;

    fn start(&self) -> Position {
        self.sokoban.push_start()
    }

    fn is_goal(&self, state: &Position) -> bool {
        self.sokoban.solved(&state.boxes)
    }

    fn successors(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        prime_matching(&self.sokoban, state);
        self.sokoban.pushes(state, out);
    }

    fn heuristic(&self, state: &Position) -> Cost {
        self.sokoban.lower_bound(&state.boxes)
    }

    fn state_heap_bytes(&self, state: &Position) -> usize {
        state.boxes.heap_bytes()
    }
}

impl Problem for MoveProblem {
    type State = Position;

    fn start(&self) -> Position {
        Position {
            boxes: self.sokoban.start_boxes().clone(),
            player: self.sokoban.start_player(),
        }
    }

    fn is_goal(&self, state: &Position) -> bool {
        self.sokoban.solved(&state.boxes)
    }

    fn successors(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        prime_matching(&self.sokoban, state);
        self.sokoban.moves(state, out);
    }

    fn heuristic(&self, state: &Position) -> Cost {
        self.sokoban.lower_bound(&state.boxes)
    }

    fn state_heap_bytes(&self, state: &Position) -> usize {
        state.boxes.heap_bytes()
    }
}

impl Problem for PullProblem {
    type State = Position;

    fn start(&self) -> Position {
        self.pull.start()
    }

    fn is_goal(&self, state: &Position) -> bool {
        self.pull.is_goal(state)
    }

    fn successors(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        self.pull.pulls(state, out);
    }

    fn heuristic(&self, state: &Position) -> Cost {
        self.pull.estimate(state)
    }

    fn state_heap_bytes(&self, state: &Position) -> usize {
        state.boxes.heap_bytes()
    }
}

/// The problem a Sokoban run searches: one of the three.
#[derive(Clone)]
pub enum SokobanProblem {
    Pushes(PushProblem),
    Moves(MoveProblem),
    Pulls(PullProblem),
}

/// Runs `$body` with `$problem` bound to whichever problem `$of` holds.
macro_rules! each {
    ($of:expr, $problem:ident => $body:expr) => {
        match $of {
            SokobanProblem::Pushes($problem) => $body,
            SokobanProblem::Moves($problem) => $body,
            SokobanProblem::Pulls($problem) => $body,
        }
    };
}

impl SokobanProblem {
    /// The push-level problem of a level.
    pub fn pushes(sokoban: Sokoban) -> SokobanProblem {
        SokobanProblem::Pushes(PushProblem { sokoban })
    }

    /// The move-level problem of a level.
    pub fn moves(sokoban: Sokoban) -> SokobanProblem {
        SokobanProblem::Moves(MoveProblem { sokoban })
    }

    /// The problem of `sokoban` at `detail`.
    pub fn at(sokoban: Sokoban, detail: Detail) -> SokobanProblem {
        match detail {
            Detail::Pushes => SokobanProblem::pushes(sokoban),
            Detail::Moves => SokobanProblem::moves(sokoban),
        }
    }

    /// The level searched backwards, from the boxes on their goals by pulls; none when it has
    /// more goals than boxes (see [`Pull`]).
    pub fn pulls(sokoban: Sokoban) -> Option<SokobanProblem> {
        let pull = Box::new(Pull::new(&sokoban)?);
        Some(SokobanProblem::Pulls(PullProblem { sokoban, pull }))
    }

    /// The pull search for a greedy order that takes novel positions first (see
    /// [`Pull::novel_first`]).
    pub fn pulls_novel_first(sokoban: Sokoban) -> Option<SokobanProblem> {
        let pull = Box::new(Pull::new(&sokoban)?.novel_first());
        Some(SokobanProblem::Pulls(PullProblem { sokoban, pull }))
    }

    /// The level, with its pruning and deadlock table.
    pub fn sokoban(&self) -> &Sokoban {
        each!(self, problem => &problem.sokoban)
    }

    /// The level, given back.
    pub fn into_sokoban(self) -> Sokoban {
        each!(self, problem => problem.sokoban)
    }

    /// Whether a successor is a push (pulls count as pushes) or a single move.
    pub fn detail(&self) -> Detail {
        match self {
            SokobanProblem::Moves(_) => Detail::Moves,
            SokobanProblem::Pushes(_) | SokobanProblem::Pulls(_) => Detail::Pushes,
        }
    }

    /// Whether the search runs backwards from the goals.
    pub fn is_pulling(&self) -> bool {
        matches!(self, SokobanProblem::Pulls(_))
    }
}

impl Problem for SokobanProblem {
    type State = Position;

    fn start(&self) -> Position {
        each!(self, problem => problem.start())
    }

    fn is_goal(&self, state: &Position) -> bool {
        each!(self, problem => problem.is_goal(state))
    }

    fn successors(&self, state: &Position, out: &mut Vec<(Position, Cost)>) {
        each!(self, problem => problem.successors(state, out))
    }

    fn heuristic(&self, state: &Position) -> Cost {
        each!(self, problem => problem.heuristic(state))
    }

    fn state_heap_bytes(&self, state: &Position) -> usize {
        each!(self, problem => problem.state_heap_bytes(state))
    }
}
