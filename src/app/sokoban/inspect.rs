//! What the shell, the browser test hook and the tests read of the tab. Nothing here
//! changes it: changes go through the methods a click or a key calls.

use super::*;

impl SokobanTab {
    /// The board's cell size as last drawn, in points.
    pub fn cell_size(&self) -> f32 {
        self.view.cell_size()
    }

    /// The hint and dead-square aid of the Play view.
    pub fn aid(&self) -> &aid::PlayAid {
        self.play.aid()
    }

    /// The name of the collection open.
    pub fn collection_name(&self) -> &str {
        self.collection.name()
    }

    /// The level in the editor.
    pub fn editing(&self) -> &Level {
        self.edit.level()
    }

    /// The collection's levels.
    pub fn entries(&self) -> &[Entry] {
        self.collection.entries()
    }

    /// The game being played.
    pub fn game(&self) -> Option<&Game> {
        self.play.game()
    }

    /// The open level's place in the collection.
    pub fn index(&self) -> usize {
        self.collection.index()
    }

    /// Play, Solve or Edit.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Which levels are solved, and their best solutions.
    pub fn progress(&self) -> &Progress {
        self.play.progress()
    }

    /// Puts `level` in the editor, as painting it square by square would.
    pub fn set_editing(&mut self, level: Level) {
        self.edit.set(level);
    }

    /// The hint and dead-square aid, which works out what it shows when asked.
    pub fn aid_mut(&mut self) -> &mut aid::PlayAid {
        self.play.aid_mut()
    }

    /// Which levels are solved and their best solutions, to record one as solving it does.
    pub fn progress_mut(&mut self) -> &mut Progress {
        self.play.progress_mut()
    }

    /// The notice shown over the tab, if one is.
    pub fn notice_shown(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// Closes the notice, as its OK button does.
    pub fn dismiss_notice(&mut self) {
        self.notice = None;
    }

    /// What the browser tests read of the tab: the mode, the level and the hint's status.
    pub fn state_for_tests(&self) -> serde_json::Value {
        serde_json::json!({
            "mode": format!("{:?}", self.mode),
            "level": self.level().map(|l| l.to_xsb()).unwrap_or_default(),
            "hint": self.play.aid().status().unwrap_or_default(),
        })
    }
}
