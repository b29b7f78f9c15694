//! What the Pathfinding tab remembers between runs, and how it comes back, field by field.

use std::path::PathBuf;

use super::{PathfindingTab, Settings, Tool};
use crate::app::code::CodeSaved;
use crate::app::persistence::{Fields, Restorer};
use crate::app::tab::Restore;
use crate::games::sandbox::{Board, PathAlgorithm, presets};
use crate::ui::Playback;
use crate::ui::step_controls::SPEEDS;

/// The board (as board text, read back by the same parser as board files), the file it
/// came from, whether it has unsaved edits, the settings and the speed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PathfindingSaved {
    pub board: String,
    pub file: Option<PathBuf>,
    /// The preset the board was opened from, untouched since.
    pub preset: Option<String>,
    pub dirty: bool,
    pub settings: Settings,
    pub playback: Playback,
    /// The student's program and the search it is checked against.
    pub code: CodeSaved,
}

/// The board a fresh app opens with.
pub fn first_board() -> Board {
    presets::board(FIRST_PRESET).unwrap_or_else(|| Board::new(40, 25))
}

const FIRST_PRESET: &str = "far-doors.board";

impl PathfindingTab {
    pub fn saved(&self) -> PathfindingSaved {
        PathfindingSaved {
            board: self.board.to_text(),
            file: self.origin.file.clone(),
            preset: self.origin.preset.clone(),
            dirty: self.dirty(),
            settings: self.settings.clone(),
            playback: self.player.playback.clone(),
            code: self.code_saved(),
        }
    }
}

fn algorithm_check(algorithm: &PathAlgorithm) -> Result<(), String> {
    // The only algorithm that can be invalid is weighted A* with a weight below 1.
    algorithm.validate().map_err(|_| {
        crate::tr!(
            "saved-bad-algorithm",
            algorithm = crate::names::path_algorithm(*algorithm)
        )
    })
}

fn restore_settings(fields: Option<&Fields>, into: &mut Restorer<'_>) -> Settings {
    let mut r = Restorer::new(crate::tr!("part-pathfinding-settings"), fields);
    let d = Settings::default();
    let settings = Settings {
        algorithm: r.checked("algorithm", d.algorithm, algorithm_check),
        heuristic: r.field("heuristic", d.heuristic),
        connectivity: r.field("connectivity", d.connectivity),
        compare_with: r.checked("compare_with", d.compare_with, |c| {
            c.as_ref().map_or(Ok(()), algorithm_check)
        }),
        overlays: r.field("overlays", d.overlays),
        tool: r.field("tool", Tool::Paint(1)),
        first_meeting: r.field("first_meeting", false),
    };
    into.absorb(r);
    settings
}

impl Restore for PathfindingTab {
    fn restore(saved: Option<&Fields>) -> (Self, Vec<String>) {
        let mut r = Restorer::new(crate::tr!("part-pathfinding"), saved);
        let board = match r.get::<String>("board").map(|text| Board::parse(&text)) {
            Some(Ok(board)) => Some(board),
            Some(Err(e)) => {
                r.reset(
                    "board",
                    &crate::tr!("saved-board-damaged", why = e.to_string()),
                );
                None
            }
            None => None,
        };
        let settings_fields = r.part("settings");
        let settings = restore_settings(settings_fields.as_ref(), &mut r);
        let playback_fields = r.part("playback");
        let mut p = Restorer::new(
            crate::tr!("part-pathfinding-playback"),
            playback_fields.as_ref(),
        );
        let speed = p.checked("speed", Playback::default().speed, |&s| {
            if s < SPEEDS.len() {
                Ok(())
            } else {
                Err(crate::tr!("saved-no-speed", speed = s))
            }
        });
        r.absorb(p);
        let kept_board = board.is_some();
        let mut tab = PathfindingTab::new(
            board.unwrap_or_else(first_board),
            settings,
            Playback::paused_at(speed),
        );
        if kept_board {
            tab.origin.file = r.field("file", None);
            tab.origin.preset = r.field("preset", None);
            if r.field("dirty", false) {
                tab.origin.saved_at = None;
            }
        } else {
            tab.origin.preset = Some(FIRST_PRESET.to_string());
        }
        let code: CodeSaved = r.field("code", CodeSaved::default());
        tab.restore_code(code);
        (tab, r.finish())
    }
}
