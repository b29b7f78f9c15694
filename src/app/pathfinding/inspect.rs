//! What the shell, the browser test hook and the tests read of the tab. Nothing here
//! changes it: changes go through the methods a click or a key calls.

use super::*;

impl PathfindingTab {
    /// The board being edited.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Edited since it was opened or saved.
    /// Whether the board has edits not in its file (or preset): the history stands
    /// elsewhere than where it was opened or saved, or a stroke is under way.
    pub fn dirty(&self) -> bool {
        self.edit.gesture.is_some() || self.origin.saved_at != Some(self.edit.history.position())
    }

    /// The export window and its choices.
    pub fn export(&self) -> &crate::app::export_window::ExportWindow {
        &self.export
    }

    /// The undo history of board edits.
    pub fn history(&self) -> &History<BoardEdit> {
        &self.edit.history
    }

    /// The cells picked so far in answer to "which cells join the frontier?".
    pub fn picked(&self) -> &[Pos] {
        &self.asking.picked
    }

    /// Playing or paused, and how fast.
    /// Whether the runs are being taken to a step (after an edit, a link, a long seek) or
    /// to their end.
    pub fn catching_up(&self) -> bool {
        self.player.target().is_some()
    }

    pub fn playback(&self) -> &Playback {
        &self.player.playback
    }

    /// The answers given in predict mode, if it is on.
    pub fn predictions(&self) -> Option<&crate::app::predictions::Predictions<BoardAnswer>> {
        self.asking.predictions.as_ref()
    }

    /// D* Lite's robot, if it walks the board.
    pub fn robot(&self) -> Option<&robot::RobotRun> {
        self.robot.as_ref()
    }

    /// The student's program and its last run.
    pub fn code(&self) -> &crate::app::code::CodeRun<crate::games::sandbox::GridProblem> {
        &self.code.run
    }

    /// The student's program, to edit as the code panel does.
    pub fn code_mut(
        &mut self,
    ) -> &mut crate::app::code::CodeRun<crate::games::sandbox::GridProblem> {
        &mut self.code.run
    }

    /// The searches shown: the first, and the one compared with it.
    pub fn sessions(&self) -> &[Session] {
        &self.sessions
    }

    /// Whether the board's cheapest cost (the search behind the board's note, counted a
    /// share of each frame after the board changes) is known, or was given up on.
    pub fn cheapest_cost_settled(&self) -> bool {
        self.reference.settled()
    }

    /// The search, heuristic, moves and overlays chosen.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes the choices as the panels do, and restarts the searches with them.
    pub fn change_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        self.settings_changed();
    }

    /// Playing or paused, and how fast, to change as the step controls do.
    pub fn playback_mut(&mut self) -> &mut Playback {
        &mut self.player.playback
    }

    /// The first search shown, to step or zoom as the step buttons and the wheel do.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.sessions[0]
    }

    /// The export window's choices (the steps and the cell size), as its fields set them.
    pub fn export_mut(&mut self) -> &mut crate::app::export_window::ExportWindow {
        &mut self.export
    }

    /// As after a save: no edits to lose, so closing or opening asks nothing.
    pub fn mark_saved(&mut self) {
        self.origin.saved_at = Some(self.edit.history.position());
    }

    /// Forgets the undo history, as opening a board does.
    pub fn clear_history(&mut self) {
        self.edit.history.clear();
    }

    /// Puts `board` in place as strokes of painting would (no undo step of its own), and the
    /// runs catch up to where they were.
    pub fn paint_board(&mut self, board: Board) {
        self.board = board;
        self.board_changed();
    }

    /// The notice shown over the tab, if one is.
    pub fn notice_shown(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// What the browser tests read of the tab: the board's text, size, search and step, and
    /// where its cells are drawn (cell (0,0)'s centre, the cell pitch, the board's area: not
    /// drawn this frame while another tab shows), for tests that touch cells.
    pub fn state_for_tests(&self) -> serde_json::Value {
        let (session, board) = (self.session(), &self.board);
        let origin = session.view.screen_center(crate::grid::Pos::new(0, 0));
        let next = session.view.screen_center(crate::grid::Pos::new(1, 0));
        let (cell_x, cell_y, cell) = match (origin, next) {
            (Some(a), Some(b)) => (a.x, a.y, b.x - a.x),
            _ => (0.0, 0.0, 0.0),
        };
        let area = (session.view.last_rect())
            .filter(|r| r.is_finite())
            .unwrap_or(egui::Rect::ZERO);
        let (min, size) = (area.min, area.size());
        serde_json::json!({
            "board": board.to_text(), "width": board.width(), "height": board.height(),
            "algorithm": self.settings.algorithm.code(),
            "step": session.position(), "atEnd": session.at_end(),
            "cellX": cell_x, "cellY": cell_y, "cell": cell,
            "area": [min.x, min.y, size.x, size.y],
            "code": self.code_state_for_tests(),
        })
    }

    /// The student's program as the browser tests read it: running, why it stopped, the
    /// verdict, the line of the step shown.
    fn code_state_for_tests(&self) -> serde_json::Value {
        let code = &self.code.run;
        let outcome = code.outcome();
        let verdict = outcome
            .and_then(|o| o.verdict.as_ref())
            .map(|(rule, verdict)| crate::judged::verdict_text(*rule, verdict));
        serde_json::json!({
            "running": code.running(),
            "ran": outcome.is_some(),
            "expansions": outcome.map_or(0, |o| o.ran.recording.steps.len()),
            "stopped": outcome.and_then(|o| o.ran.stopped.as_ref()).map(|s| s.to_string()),
            "verdict": verdict,
            "line": code.line_at(self.session().position()),
        })
    }
}
