//! What the board shows in each mode: the game being played (Play's), the level being
//! edited, or the solver's position (Solve's), and what a press on it does.

use egui::Ui;

use super::{Mode, SokobanTab, board};

impl SokobanTab {
    pub(super) fn board(&mut self, ui: &mut Ui) {
        let input = match self.mode {
            Mode::Play => match self.play_board(ui) {
                Some(input) => input,
                None => return,
            },
            Mode::Edit => {
                let level = self.edit.level();
                // Squares the player cannot reach are drawn as outside, as in Play, so the
                // level's shape shows while it is drawn.
                let inside = level.inside();
                let has_box = |p| level.has_box(p);
                let position = board::Position::plain(level, &inside, &has_box, level.player);
                board::draw(ui, &mut self.view, &position)
            }
            Mode::Solve => match self.solve_board(ui) {
                Some(input) => input,
                None => return,
            },
        };
        match self.mode {
            Mode::Play => self.play_pointer(&input),
            Mode::Edit => self.edit.pointer(&input),
            Mode::Solve => {}
        }
    }
}
