//! The board, its search and the step shown, as a link carries them (see
//! [`crate::share`]), and opening a link's board.

use super::PathfindingTab;
use crate::games::sandbox::{Board, Connectivity, Heuristic, PathAlgorithm};
use crate::ui::step_controls::StepAction;

impl PathfindingTab {
    /// Shows a link's board with its search (and the one compared with it), stepped to `step`
    /// (frame by frame, as a lesson's, so the chart fills; each search stops at its own
    /// end). The board it replaces stays in the undo history; a program it carries goes
    /// into the editor (the one it replaces can be brought back from the code panel).
    pub fn open_shared(
        &mut self,
        board: Board,
        (algorithm, heuristic, connectivity): (PathAlgorithm, Heuristic, Connectivity),
        compare_with: Option<PathAlgorithm>,
        step: usize,
        program: Option<String>,
    ) {
        self.robot = None;
        self.asking.predictions = None;
        self.player.stop();
        self.settings.algorithm = algorithm;
        self.settings.compare_with = compare_with;
        self.settings.heuristic = heuristic;
        self.settings.connectivity = connectivity;
        let unsaved = self.dirty();
        self.replace_board_and_rules(board, None);
        self.origin.file = None;
        self.origin.preset = None;
        self.mark_saved();
        self.replaced_by_link = unsaved.then(|| self.edit.history.position());
        if algorithm.is_your_code() {
            // The program runs first; the step is shown once it is recorded.
            let program = program.unwrap_or_else(|| self.code.run.source.clone());
            self.set_program(program, Some(step));
            return;
        }
        self.apply(StepAction::Seek(0));
        self.player.run_to(step);
    }
}

impl PathfindingTab {
    /// Above the board after a link replaced a board with unsaved edits: says so, with a
    /// button (a phone has no Ctrl+Z) that brings the old board back, until the board is
    /// edited again or the strip is closed.
    pub(super) fn replaced_by_link_strip(&mut self, ui: &mut egui::Ui) {
        let Some(position) = self.replaced_by_link else {
            return;
        };
        if self.edit.history.position() != position {
            self.replaced_by_link = None;
            return;
        }
        let (mut back, mut close) = (false, false);
        ui.horizontal_wrapped(|ui| {
            ui.label(crate::tr!("share-board-kept"));
            back = ui.button(crate::tr!("share-board-back")).clicked();
            close = ui.button(crate::tr!("share-board-keep-link")).clicked();
        });
        if back {
            self.undo();
        }
        if back || close {
            self.replaced_by_link = None;
        }
    }
}
