//! The board played on, with the game's line: moves, the clock, the best result.

use egui::{RichText, Ui};

use crate::app::sliding::SlidingTab;
use crate::app::sliding::board::play_board;
use crate::app::sliding::view::rows;
use crate::tr;

impl SlidingTab {
    pub(in crate::app::sliding) fn play_view(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(self.score_line()).strong());
        });
        ui.label(tr!(
            "sliding-goal-line",
            goal = rows(self.play.game.goal()),
            name = crate::app::sliding::controls::goal_name(self.goal)
        ));
        let room = ui.available_size();
        let size = room.x.min(room.y - 8.0).clamp(80.0, 960.0);
        ui.vertical_centered(|ui| {
            if let Some(cell) =
                play_board(ui, self.play.game.position(), self.play.game.goal(), size)
            {
                self.click_cell(cell);
            }
        });
    }

    /// Moves, time, and the best results on this size and goal.
    pub(in crate::app::sliding) fn score_line(&self) -> String {
        let mut line = tr!(
            "sliding-score",
            moves = self.play.game.moves(),
            seconds = super::seconds(self.play.elapsed)
        );
        if let Some(best) = self.play.best.best(&self.goal.key(self.side)) {
            line.push_str("   ·   ");
            line.push_str(&tr!(
                "sliding-best",
                moves = best.moves,
                seconds = super::seconds(best.seconds)
            ));
        }
        if self.play.game.is_solved() {
            line.push_str("   ·   ");
            line.push_str(&tr!("sliding-is-solved"));
        }
        line
    }
}
