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
        if unsaved {
            self.notice = Some(crate::app::Notice::info(crate::msg!("share-board-kept")));
        }
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
