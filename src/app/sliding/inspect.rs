//! What the shell, the browser test hook and the tests read of the tab. Nothing here
//! changes it: changes go through the methods a click or a key calls.

use super::*;

impl SlidingTab {
    /// The game being played.
    pub fn game(&self) -> &SlidingGame {
        self.play.game()
    }

    /// Play, or watching a search.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The searches watched: the chosen one, and the one compared with it.
    pub fn sessions(&self) -> &[PuzzleSession] {
        self.watch.sessions()
    }

    /// What the middle of Watch shows.
    pub fn middle(&self) -> crate::lessons::SlidingView {
        self.watch.middle()
    }

    /// The first search's tree, as recorded for the tree and tables views, if it draws one
    /// and one of them has been shown.
    pub fn search_tree(&self) -> Option<&crate::games::sliding::search_tree::SearchTree> {
        let session = self.watch.sessions().first()?;
        self.watch.tree_of(session).map(|(tree, _)| tree)
    }

    /// Searches run to their end on this position.
    pub fn finished(&self) -> &[FinishedRun] {
        self.watch.finished()
    }

    /// The best results, by size and goal.
    pub fn best(&self) -> &BestResults {
        self.play.best()
    }

    /// The notice shown over the tab, if one is.
    pub fn notice_shown(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The search and heuristic chosen.
    pub fn search(&self) -> (PathAlgorithm, PuzzleHeuristic) {
        self.watch.search()
    }

    /// Chooses the search and heuristic, as the pickers do.
    pub fn choose_search(&mut self, algorithm: PathAlgorithm, heuristic: PuzzleHeuristic) {
        let compared = self.watch.compared();
        self.watch.choose((algorithm, heuristic), compared);
    }

    /// Chooses the search compared with the first, as the compare pickers do.
    pub fn compare_with(&mut self, other: Option<(PathAlgorithm, PuzzleHeuristic)>) {
        let search = self.watch.search();
        self.watch.choose(search, other);
    }

    /// Turns predict mode on or off, as its check box does.
    pub fn set_predicting(&mut self, on: bool) {
        self.watch.set_predicting(on);
    }

    /// Playing or paused, and how fast.
    pub fn playback_mut(&mut self) -> &mut crate::ui::Playback {
        self.watch.playback_mut()
    }
}

impl SlidingTab {
    /// Whether a pattern database is being made for a search that waits for it.
    pub fn waiting_for_tables(&self) -> bool {
        self.watch.waits_for_tables() && self.tables.is_building()
    }

    /// How far the pattern database being made has got (0 to 1), while one is.
    pub fn tables_progress(&self) -> Option<f32> {
        self.tables.progress()
    }

    /// What the browser tests read of the tab: the mode, the game's position and moves, the
    /// solution found, the tables' progress (-1: none being made) and the step watched.
    pub fn state_for_tests(&self) -> serde_json::Value {
        let sessions = self.watch.sessions();
        let solution = sessions.first().and_then(|s| s.solution());
        let step = sessions.iter().map(|s| s.position()).max().unwrap_or(0);
        serde_json::json!({
            "mode": format!("{:?}", self.mode),
            "position": self.play.game().position().to_string(),
            "moves": self.play.game().moves(),
            "solution": solution.unwrap_or_default(),
            "tables": self.tables_progress().unwrap_or(-1.0),
            "step": step,
            "middle": format!("{:?}", self.watch.middle()),
            "tree": self.search_tree().map_or(serde_json::Value::Null, |tree| serde_json::json!({
                "recorded": tree.recorded(),
                "nodes": tree.nodes().len(),
                "rows": tree.rows().len(),
            })),
            "code": {
                "running": self.code().running(),
                "ran": self.code().outcome().is_some(),
                "expansions": self.code().outcome().map_or(0, |o| o.ran.recording.steps.len()),
            },
        })
    }
}
