//! File → Export for the Sokoban tab: the position in play as PNG, the moves played and
//! the solution found as GIFs, a frame a move.

use egui::Context;

use super::SokobanTab;
use crate::app::export_window::{ExportChoice, ExportWindow, Made, Wanted, png_of};
use crate::games::sokoban::picture::sokoban_replay;
use crate::games::sokoban::{Game, Level};
use crate::i18n::Message;
use crate::render::games::CellPicture;
use crate::tr;

const MOVES_PLAYED: usize = 0;
const SOLUTION: usize = 1;

/// The export window's id.
const WINDOW_ID: &str = "sokoban-export";

pub fn window() -> ExportWindow {
    ExportWindow::new(WINDOW_ID, 32)
}

/// What can be exported, and from what.
struct Source {
    game: Option<Game>,
    /// The level a solution starts from, and the solution.
    solution: Option<(Level, String)>,
}

impl Source {
    fn offer(&self) -> Vec<ExportChoice> {
        let mut offer = vec![];
        if let Some(game) = &self.game {
            offer.push(ExportChoice::png(tr!("export-png-board"), "position"));
            offer.push(ExportChoice::gif(
                tr!("export-gif-moves"),
                "moves",
                MOVES_PLAYED,
                game.lurd().len() + 1,
                false,
            ));
        }
        if let Some((_, lurd)) = &self.solution {
            offer.push(ExportChoice::gif(
                tr!("export-gif-solution"),
                "solution",
                SOLUTION,
                lurd.len() + 1,
                false,
            ));
        }
        offer
    }

    fn make(self, wanted: Wanted) -> Result<Made, Message> {
        let nothing = || crate::msg!("render-nothing");
        match wanted {
            Wanted::Picture { cell, .. } => png_of(
                &CellPicture::sokoban(self.game.as_ref().ok_or_else(nothing)?),
                cell,
            ),
            Wanted::Frames { id: SOLUTION } => {
                let (level, lurd) = self.solution.ok_or_else(nothing)?;
                Ok(Made::Frames(Box::new(sokoban_replay(&level, &lurd)?)))
            }
            Wanted::Frames { .. } => {
                let game = self.game.ok_or_else(nothing)?;
                let frames = sokoban_replay(game.level(), &game.lurd())?;
                Ok(Made::Frames(Box::new(frames)))
            }
        }
    }
}

impl SokobanTab {
    fn export_source(&self) -> Source {
        let solution = self.solve.solution_found();
        Source {
            game: self.play.game().cloned(),
            solution,
        }
    }

    pub fn open_export(&mut self) {
        self.export.open("sokoban", 0);
    }

    pub(super) fn export_window(&mut self, ctx: &Context) {
        if !self.export.busy() {
            return;
        }
        let source = self.export_source();
        let offer = source.offer();
        self.notice = self
            .export
            .show(ctx, &offer, |w| source.make(w))
            .or(self.notice.take());
    }
}
