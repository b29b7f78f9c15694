//! Edits to a board, for undo and redo.

use super::{Board, Connectivity, Heuristic};
use crate::grid::Pos;
use crate::history::Edit;

/// One undoable change to a board: a stroke of painted cells, a moved start or goal, or a
/// whole new board (resize, generate, open).
#[derive(Clone, Debug, PartialEq)]
pub enum BoardEdit {
    /// (cell, terrain before, terrain after) for every cell the stroke changed.
    Cells(Vec<(Pos, u8, u8)>),
    MoveStart {
        from: Pos,
        to: Pos,
    },
    MoveGoal {
        from: Pos,
        to: Pos,
    },
    Replace {
        before: Box<Board>,
        after: Box<Board>,
        /// The move rules changed with the board (a Moving AI map brings its own): before
        /// and after. Applying and reverting the board leaves them to the owner of the
        /// rules, which reads them from the edit undone or redone.
        rules: Option<(MoveRules, MoveRules)>,
    },
}

/// How a board is searched: which moves, and the heuristic that estimates them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRules {
    pub connectivity: Connectivity,
    pub heuristic: Heuristic,
}

impl MoveRules {
    /// The Moving AI benchmarks' rules: eight directions, diagonals cost sqrt 2 and may not
    /// cut corners, estimated by the octile distance.
    pub const MOVING_AI: MoveRules = MoveRules {
        connectivity: Connectivity::Eight,
        heuristic: Heuristic::Octile,
    };
}

impl Edit for BoardEdit {
    type Target = Board;

    fn apply(&self, board: &mut Board) {
        match self {
            BoardEdit::Cells(changes) => {
                for &(pos, _, after) in changes {
                    board.set_terrain(pos, after);
                }
            }
            BoardEdit::MoveStart { to, .. } => board.start = *to,
            BoardEdit::MoveGoal { to, .. } => board.goal = *to,
            BoardEdit::Replace { after, .. } => *board = (**after).clone(),
        }
    }

    fn revert(&self, board: &mut Board) {
        match self {
            BoardEdit::Cells(changes) => {
                for &(pos, before, _) in changes.iter().rev() {
                    board.set_terrain(pos, before);
                }
            }
            BoardEdit::MoveStart { from, .. } => board.start = *from,
            BoardEdit::MoveGoal { from, .. } => board.goal = *from,
            BoardEdit::Replace { before, .. } => *board = (**before).clone(),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            BoardEdit::Cells(changes) => changes.len() * std::mem::size_of::<(Pos, u8, u8)>(),
            BoardEdit::Replace { before, after, .. } => {
                before.width() * before.height() + after.width() * after.height()
            }
            _ => std::mem::size_of::<Self>(),
        }
    }
}

/// A stroke being painted: the first "before" of each cell is kept, so undo restores the
/// board as it was when the mouse went down.
#[derive(Clone, Debug, Default)]
pub struct Stroke {
    changes: Vec<(Pos, u8, u8)>,
}

impl Stroke {
    /// Paints `terrain` at `pos` and remembers the change (nothing happens where painting
    /// is refused or changes nothing).
    pub fn paint(&mut self, board: &mut Board, pos: Pos, terrain: u8) -> bool {
        let Some(before) = board.terrain_index(pos) else {
            return false;
        };
        if !board.paint(pos, terrain) {
            return false;
        }
        match self.changes.iter_mut().find(|(p, _, _)| *p == pos) {
            Some(change) => change.2 = terrain,
            None => self.changes.push((pos, before, terrain)),
        }
        true
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// Takes the stroke back: every cell it painted gets its terrain from before.
    pub fn undo(self, board: &mut Board) {
        for (pos, before, _) in self.changes.into_iter().rev() {
            board.paint(pos, before);
        }
    }

    /// The finished stroke as one edit (None if it changed nothing).
    pub fn finish(self) -> Option<BoardEdit> {
        let changes: Vec<_> = self
            .changes
            .into_iter()
            .filter(|(_, before, after)| before != after)
            .collect();
        (!changes.is_empty()).then_some(BoardEdit::Cells(changes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::History;

    #[test]
    fn a_stroke_undoes_and_redoes_as_one_edit() {
        let mut board = Board::new(5, 3);
        let original = board.clone();
        let mut history = History::new(1 << 20);
        let mut stroke = Stroke::default();
        for x in 0..5 {
            stroke.paint(&mut board, Pos::new(x, 1), 1);
        }
        stroke.paint(&mut board, Pos::new(2, 1), 4);
        let start = board.start;
        assert!(
            !stroke.paint(&mut board, start, 1),
            "no wall under the start"
        );
        history.record(stroke.finish().unwrap());
        let painted = board.clone();
        assert_eq!(board.terrain_index(Pos::new(2, 1)), Some(4));
        assert!(history.undo(&mut board));
        assert_eq!(board, original);
        assert!(history.redo(&mut board));
        assert_eq!(board, painted);
    }
}
