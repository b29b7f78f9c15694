//! File → Export for the Snake tab: the board as PNG, the game so far as a GIF a frame a
//! move (replayed from its recorded moves).

use egui::Context;

use super::SnakeTab;
use crate::app::export_window::{ExportChoice, ExportWindow, Made, Wanted, png_of};
use crate::games::snake::picture::snake_replay;
use crate::render::games::CellPicture;
use crate::tr;

/// The export window's id.
const WINDOW_ID: &str = "snake-export";

pub fn window() -> ExportWindow {
    ExportWindow::new(WINDOW_ID, 32)
}

impl SnakeTab {
    pub fn open_export(&mut self) {
        self.play.playing = false;
        self.export.open("snake", 0);
    }

    pub(super) fn export_window(&mut self, ctx: &Context) {
        if !self.export.busy() {
            return;
        }
        let offer = [
            ExportChoice::png(tr!("export-png-board"), "board"),
            ExportChoice::gif(
                tr!("export-gif-game"),
                "game",
                0,
                self.play.game.moves_made().len() + 1,
                false,
            ),
        ];
        let game = &self.play.game;
        let make = |wanted| match wanted {
            Wanted::Picture { cell, .. } => png_of(&CellPicture::snake(game), cell),
            Wanted::Frames { .. } => Ok(Made::Frames(Box::new(snake_replay(game)))),
        };
        self.notice = self.export.show(ctx, &offer, make).or(self.notice.take());
    }
}
