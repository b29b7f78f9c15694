//! The side panel: the score and the clock, hints, shuffles, undo, the computer, the shown
//! search's options, and new boards.

use egui::Ui;

use super::{LinkTab, SIZES};
use crate::games::link::records::board_key;

impl LinkTab {
    pub(super) fn controls(&mut self, ui: &mut Ui) {
        ui.heading(format!(
            "Score {}   {:.0} s",
            self.game.score(),
            self.elapsed
        ));
        ui.label(format!(
            "{} tiles left, seed {}{}",
            self.game.board().count(),
            self.game.seed(),
            self.best_times
                .best(&board_key(self.width, self.height, self.gravity))
                .map_or(String::new(), |t| format!(", best {t:.0} s"))
        ));
        if self.game.is_won() {
            ui.colored_label(
                crate::ui::color(crate::palette::status::SUCCESS),
                "Cleared!",
            );
        }
        ui.horizontal(|ui| {
            if ui.button("Hint").on_hover_text("H").clicked() {
                self.hint = self.game.hint();
            }
            if ui.button("Shuffle").on_hover_text("S").clicked() {
                self.game.shuffle();
            }
            if ui
                .add_enabled(self.game.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("U or Ctrl+Z")
                .clicked()
            {
                self.game.undo();
            }
        });
        ui.horizontal(|ui| {
            let playing = self.autoplay.is_some();
            if ui
                .button(if playing {
                    "Stop the computer"
                } else {
                    "Let the computer clear it"
                })
                .clicked()
            {
                if playing {
                    self.autoplay = None;
                } else {
                    self.start_autoplay();
                }
            }
        });
        ui.checkbox(&mut self.show_search, "Show each link search");
        ui.checkbox(
            &mut self.guided,
            "Guide it by the turns still needed (A*)",
        )
        .on_hover_text("Without: uniform cost, fewest turns so far first, spreading along every ray. With: A* adds the turns still needed, worked out backwards from the second tile, and heads straight for it.");
        ui.checkbox(
            &mut self.naive,
            "Compare with the naive search (marks cells, not headings)",
        );
        ui.horizontal(|ui| {
            let label = ui.label("Search speed");
            ui.add(
                egui::Slider::new(&mut self.search_speed, 2.0..=5000.0)
                    .logarithmic(true)
                    .suffix(" steps/s"),
            )
            .labelled_by(label.id);
        });
        ui.separator();
        ui.heading("New board");
        ui.horizontal_wrapped(|ui| {
            for (w, h) in SIZES {
                if ui
                    .selectable_label((self.width, self.height) == (w, h), format!("{w} x {h}"))
                    .clicked()
                {
                    self.width = w;
                    self.height = h;
                    self.new_deal();
                }
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.seed))
                .labelled_by(label.id);
            if ui.button("New seed").clicked() {
                self.seed = rand::random::<u32>() as u64;
                self.new_deal();
            }
        });
        ui.horizontal(|ui| {
            if ui
                .checkbox(&mut self.gravity, "Gravity (tiles fall)")
                .changed()
            {
                self.game.gravity = self.gravity;
            }
            if ui.button("Deal").clicked() {
                self.new_deal();
            }
        });
        ui.separator();
        self.own_board_controls(ui);
        self.search_panel(ui);
        ui.small("Click two equal tiles: a path of at most three straight segments through empty cells (or around the outside) removes them.");
    }
}
