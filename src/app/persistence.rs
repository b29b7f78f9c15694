//! What the app remembers between runs, stored by eframe's persistence as RON (the text
//! format eframe itself uses, so there is one format and no extra dependency). The board
//! travels as Frontier board text, checked by the same parser as board files. A saved
//! state that cannot be read is dropped with a message; it never stops the app.

use std::path::PathBuf;

use super::Tab;
use super::link::LinkSaved;
use super::pathfinding::Settings;
use super::snake::SnakeSaved;
use super::sokoban::SokobanSaved;
use crate::games::sandbox::Board;
use crate::ui::Playback;

pub const STORAGE_KEY: &str = "frontier-state";

/// Bumped when the saved state changes shape; other versions start fresh.
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SavedState {
    pub version: u32,
    pub tab: Tab,
    pub board: String,
    pub file: Option<PathBuf>,
    pub dirty: bool,
    pub settings: Settings,
    pub playback: Playback,
    #[serde(default)]
    pub sokoban: Option<SokobanSaved>,
    #[serde(default)]
    pub snake: Option<SnakeSaved>,
    #[serde(default)]
    pub link: Option<LinkSaved>,
}

/// The parts of a saved state, checked.
pub struct Restored {
    pub tab: Tab,
    pub board: Board,
    pub file: Option<PathBuf>,
    pub dirty: bool,
    pub settings: Settings,
    pub playback: Playback,
    pub sokoban: Option<SokobanSaved>,
    pub snake: Option<SnakeSaved>,
    pub link: Option<LinkSaved>,
}

impl SavedState {
    pub fn to_ron(&self) -> String {
        ron::ser::to_string(self).unwrap_or_default()
    }

    /// Reads a saved state; the error says what was wrong with it.
    pub fn restore(text: &str) -> Result<Restored, String> {
        let saved: SavedState =
            ron::from_str(text).map_err(|e| format!("it is not a saved state ({e})"))?;
        if saved.version != VERSION {
            return Err(format!(
                "it is from another version (format {})",
                saved.version
            ));
        }
        let board =
            Board::parse(&saved.board).map_err(|e| format!("its board is damaged ({e})"))?;
        saved.settings.algorithm.search_algorithm_check()?;
        Ok(Restored {
            tab: saved.tab,
            board,
            file: saved.file,
            dirty: saved.dirty,
            settings: saved.settings,
            playback: Playback::paused_at(saved.playback.speed),
            sokoban: saved.sokoban,
            snake: saved.snake,
            link: saved.link,
        })
    }
}

trait AlgorithmCheck {
    fn search_algorithm_check(&self) -> Result<(), String>;
}

impl AlgorithmCheck for crate::games::sandbox::PathAlgorithm {
    fn search_algorithm_check(&self) -> Result<(), String> {
        match self {
            crate::games::sandbox::PathAlgorithm::Search(a) => a
                .validate()
                .map_err(|e| format!("its settings are damaged ({e})")),
            _ => Ok(()),
        }
    }
}
