//! Editing the board: painting terrain with a drag, moving the start and the goal, undo and
//! redo, resizing and generating. Every edit restarts the runs on the edited board.

use super::runs::Place;
use super::{PathfindingTab, Tool};
use crate::app::notice::Notice;
use crate::games::sandbox::Board;
use crate::games::sandbox::edit::{BoardEdit, MoveRules, Stroke};
use crate::grid::Pos;
use crate::tr;
use crate::ui::BoardInput;

/// A mouse gesture in progress on the board.
pub(super) enum Gesture {
    Painting { stroke: Stroke, terrain: u8 },
    MovingStart { from: Pos },
    MovingGoal { from: Pos },
}

impl PathfindingTab {
    pub(super) fn valid_tool(&self, tool: Tool) -> Tool {
        match tool {
            Tool::Paint(t) if (t as usize) < self.board.legend().len() => tool,
            Tool::Paint(_) => Tool::Paint(self.board.wall_terrain().unwrap_or(0)),
            Tool::Answer if self.asking.predictions.is_none() => {
                Tool::Paint(self.board.wall_terrain().unwrap_or(0))
            }
            other => other,
        }
    }

    /// The board changed (painted, dragged, undone...): the runs catch up to where they were.
    /// Predictions made on the board before are of another search: they start afresh.
    pub(super) fn board_changed(&mut self) {
        if self.asking.predictions.is_some() {
            self.asking.predictions = Some(Default::default());
            self.asking.picked.clear();
        }
        self.restart_runs(false);
    }

    /// Replaces the whole board as one undoable edit.
    pub fn replace_board(&mut self, board: Board) {
        self.replace_board_and_rules(board, None);
    }

    /// The move rules the board is searched with now.
    pub fn move_rules(&self) -> MoveRules {
        MoveRules {
            connectivity: self.settings.connectivity,
            heuristic: self.settings.heuristic,
        }
    }

    fn set_move_rules(&mut self, rules: MoveRules) {
        self.settings.connectivity = rules.connectivity;
        self.settings.heuristic = rules.heuristic;
    }

    /// Replaces the whole board, and the move rules when `rules` differ from today's, as
    /// one undoable edit. True when the rules changed.
    pub fn replace_board_and_rules(&mut self, board: Board, rules: Option<MoveRules>) -> bool {
        let before = Box::new(self.board.clone());
        self.board = board;
        let now = self.move_rules();
        let rules = rules.filter(|&r| r != now).map(|r| (now, r));
        if let Some((_, after)) = rules {
            self.set_move_rules(after);
        }
        self.edit.history.record(BoardEdit::Replace {
            before,
            after: Box::new(self.board.clone()),
            rules,
        });
        self.edit.new_size = [self.board.width(), self.board.height()];
        self.settings.tool = self.valid_tool(self.settings.tool);
        for session in &mut self.sessions {
            session.view.fit();
        }
        // A new board: its runs begin at step 0.
        self.restart_at(false, Place::Start);
        rules.is_some()
    }

    pub fn undo(&mut self) {
        self.history_step(true);
    }

    pub fn redo(&mut self) {
        self.history_step(false);
    }

    /// Takes the last edit back (`back`) or does the last one undone again, with the move
    /// rules a replaced board came with.
    fn history_step(&mut self, back: bool) {
        let history = &mut self.edit.history;
        let edit = if back {
            history.last_done()
        } else {
            history.last_undone()
        };
        let rules = match edit {
            Some(BoardEdit::Replace {
                rules: Some((before, after)),
                ..
            }) => Some(if back { *before } else { *after }),
            _ => None,
        };
        let stepped = if back {
            history.undo(&mut self.board)
        } else {
            history.redo(&mut self.board)
        };
        if stepped {
            if let Some(rules) = rules {
                self.set_move_rules(rules);
            }
            self.after_history_step();
        }
    }

    fn after_history_step(&mut self) {
        self.edit.new_size = [self.board.width(), self.board.height()];
        self.settings.tool = self.valid_tool(self.settings.tool);
        self.board_changed();
    }

    /// Takes back what a press began (a second finger made it a pinch, not a stroke).
    fn take_back_gesture(&mut self) {
        match self.edit.gesture.take() {
            Some(Gesture::Painting { stroke, .. }) => stroke.undo(&mut self.board),
            Some(Gesture::MovingStart { from }) => {
                self.board.move_start(from);
            }
            Some(Gesture::MovingGoal { from }) => {
                self.board.move_goal(from);
            }
            None => return,
        }
        self.board_changed();
    }

    /// What the mouse did on a board view.
    pub(super) fn board_input(&mut self, input: BoardInput) {
        if input.hovered.is_some() {
            self.hovered = input.hovered;
        }
        if self.asking.cell_asked {
            if let Some(pos) = input.pressed {
                self.asking.cell_answer = Some(pos);
            }
            return;
        }
        if self.asking.predictions.is_some()
            && self.robot.is_none()
            && self.settings.tool == Tool::Answer
        {
            // With the Answer tool a click is an answer, not a brush stroke.
            if let Some(pos) = input.pressed {
                if self.asking.asking_joins {
                    match self.asking.picked.iter().position(|&p| p == pos) {
                        Some(i) => {
                            self.asking.picked.remove(i);
                        }
                        None => self.asking.picked.push(pos),
                    }
                } else {
                    self.predict(pos);
                }
            }
            return;
        }
        if input.cancelled {
            self.take_back_gesture();
        }
        if let Some(pos) = input.pressed {
            self.edit.gesture = Some(if pos == self.board.start {
                Gesture::MovingStart { from: pos }
            } else if pos == self.board.goal {
                Gesture::MovingGoal { from: pos }
            } else {
                match self.settings.tool {
                    Tool::Start => {
                        let from = self.board.start;
                        if self.board.move_start(pos) {
                            self.board_changed();
                        }
                        Gesture::MovingStart { from }
                    }
                    Tool::Goal => {
                        let from = self.board.goal;
                        if self.board.move_goal(pos) {
                            self.board_changed();
                        }
                        Gesture::MovingGoal { from }
                    }
                    // (Predict mode off: nothing to answer.)
                    Tool::Answer => return,
                    Tool::Paint(terrain) => {
                        // Pressing on a cell that already has the tool's terrain erases.
                        let terrain = if self.board.terrain_index(pos) == Some(terrain) {
                            self.board.floor_terrain()
                        } else {
                            terrain
                        };
                        let mut stroke = Stroke::default();
                        if stroke.paint(&mut self.board, pos, terrain) {
                            self.board_changed();
                        }
                        Gesture::Painting { stroke, terrain }
                    }
                }
            });
        }
        if !input.dragged.is_empty() {
            let mut changed = false;
            match &mut self.edit.gesture {
                Some(Gesture::Painting { stroke, terrain }) => {
                    for &pos in &input.dragged {
                        changed |= stroke.paint(&mut self.board, pos, *terrain);
                    }
                }
                Some(Gesture::MovingStart { .. }) => {
                    if let Some(&pos) = input
                        .dragged
                        .iter()
                        .rev()
                        .find(|&&p| self.board.is_passable(p) && p != self.board.goal)
                    {
                        changed = self.board.start != pos && self.board.move_start(pos);
                    }
                }
                Some(Gesture::MovingGoal { .. }) => {
                    if let Some(&pos) = input
                        .dragged
                        .iter()
                        .rev()
                        .find(|&&p| self.board.is_passable(p) && p != self.board.start)
                    {
                        changed = self.board.goal != pos && self.board.move_goal(pos);
                    }
                }
                None => {}
            }
            if changed {
                self.board_changed();
            }
        }
        if input.released {
            let edit = match self.edit.gesture.take() {
                Some(Gesture::Painting { stroke, .. }) => stroke.finish(),
                Some(Gesture::MovingStart { from }) => {
                    (from != self.board.start).then_some(BoardEdit::MoveStart {
                        from,
                        to: self.board.start,
                    })
                }
                Some(Gesture::MovingGoal { from }) => {
                    (from != self.board.goal).then_some(BoardEdit::MoveGoal {
                        from,
                        to: self.board.goal,
                    })
                }
                None => None,
            };
            if let Some(edit) = edit {
                self.edit.history.record(edit);
            }
        }
    }

    /// Resizes the board to `new_size`, keeping what fits.
    pub fn apply_new_size(&mut self) {
        let [w, h] = self.edit.new_size;
        match self.board.resized(w, h) {
            Ok(board) => self.replace_board(board),
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Replaces the board with a generated one.
    pub fn generate(&mut self) {
        let [w, h] = self.edit.new_size;
        if let Err(message) = crate::games::sandbox::board_check_size(w, h) {
            self.notice = Some(Notice::error(message));
            return;
        }
        let mut board = self.edit.generator.generate(w, h, self.edit.seed);
        // The note the generator leaves, in the language of the person who made the board.
        if let Some(note) = board.notes.last_mut() {
            *note = tr!(
                "generated-note",
                generator = crate::names::generator(self.edit.generator, true),
                width = w,
                height = h,
                seed = self.edit.seed
            );
        }
        self.replace_board(board);
        // A new board, in no file yet (Undo brings the last one back).
        self.origin.file = None;
        self.origin.preset = None;
        self.origin.saved_at = None;
        self.notice = Some(Notice::info(crate::msg!(
            "generated",
            generator = crate::names::generator(self.edit.generator, true),
            seed = self.edit.seed
        )));
    }
}
