//! The side panel: the score and the clock, hints, shuffles, undo, the computer, the shown
//! search's options, and new boards.

use egui::Ui;

use super::{LinkTab, SIZES};
use crate::games::link::records::board_key;
use crate::tr;

impl LinkTab {
    /// What the board's colours mean; shown from the start, before any search.
    fn legend(&self, ui: &mut Ui) {
        use crate::games::link::colors as link;
        use crate::ui::{color, mix};
        let cell = color(link::CELL);
        let mut entries = vec![
            (color(link::SELECTED), tr!("legend-link-selected")),
            (color(link::HINTED), tr!("legend-link-hint")),
            (color(link::REFUSED), tr!("legend-link-refused")),
            (color(link::LINK), tr!("legend-link-line")),
        ];
        for turns in 0..3u64 {
            let swatch = mix(cell, color(link::TURNS[turns as usize]), 0.8);
            entries.push((swatch, tr!("legend-link-turns", turns = turns)));
        }
        entries.push((
            mix(cell, color(link::TURNS[3]), 0.35),
            tr!("legend-link-frontier"),
        ));
        ui.label(tr!("legend"));
        crate::ui::legend::legend(ui, &entries);
    }

    /// Hint, shuffle and undo.
    fn game_buttons(&mut self, ui: &mut Ui) {
        let playing = !self.game.is_won();
        if ui
            .add_enabled(playing, egui::Button::new(tr!("link-hint")))
            .on_hover_text("H")
            .clicked()
        {
            self.take_hint();
        }
        if ui
            .add_enabled(playing, egui::Button::new(tr!("link-shuffle")))
            .on_hover_text("S")
            .clicked()
        {
            self.shuffle();
        }
        if ui
            .add_enabled(self.game.can_undo(), egui::Button::new(tr!("link-undo")))
            .on_hover_text(tr!("link-undo-tip"))
            .clicked()
        {
            self.undo();
        }
    }

    /// The controls panel in a row above the board, for when the panel is collapsed: the
    /// score and the game's buttons.
    pub(super) fn compact_bar(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.strong(tr!(
                "link-score",
                score = self.game.score(),
                seconds = self.play.elapsed.round()
            ))
            .on_hover_text(tr!("link-score-rules"));
            self.game_buttons(ui);
            if ui.button(tr!("link-deal")).clicked() {
                self.new_deal();
            }
        });
    }

    pub(super) fn controls(&mut self, ui: &mut Ui) {
        ui.heading(tr!(
            "link-score",
            score = self.game.score(),
            seconds = self.play.elapsed.round()
        ))
        .on_hover_text(tr!("link-score-rules"));
        let tiles = self.game.board().count();
        let seed = self.game.seed();
        ui.label(
            match self.play.best_times.best(&board_key(
                self.deal.width,
                self.deal.height,
                self.deal.gravity,
            )) {
                Some(best) => tr!(
                    "link-tiles-left-best",
                    tiles = tiles,
                    seed = seed,
                    best = best.round()
                ),
                None => tr!("link-tiles-left", tiles = tiles, seed = seed),
            },
        );
        if self.game.is_won() {
            ui.colored_label(
                crate::ui::color(crate::palette::status::SUCCESS),
                tr!("link-cleared"),
            );
        }
        ui.horizontal_wrapped(|ui| self.game_buttons(ui));
        ui.horizontal_wrapped(|ui| {
            let playing = self.searching.autoplay.is_some();
            if ui
                .button(if playing {
                    tr!("link-stop-computer")
                } else {
                    tr!("link-let-computer")
                })
                .clicked()
            {
                if playing {
                    self.searching.autoplay = None;
                } else {
                    self.start_autoplay();
                }
            }
        });
        ui.checkbox(&mut self.searching.show_search, tr!("link-show-search"));
        ui.checkbox(&mut self.searching.guided, tr!("link-guided"))
            .on_hover_text(tr!("link-guided-tip"));
        ui.checkbox(&mut self.searching.naive, tr!("link-naive"));
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("link-search-speed"));
            ui.add(
                egui::Slider::new(&mut self.searching.search_speed, 2.0..=5000.0)
                    .logarithmic(true)
                    .suffix(tr!("link-steps-per-second")),
            )
            .labelled_by(label.id);
        });
        ui.separator();
        ui.heading(tr!("link-new-board"));
        ui.horizontal_wrapped(|ui| {
            for (w, h) in SIZES {
                if ui
                    .selectable_label(
                        (self.deal.width, self.deal.height) == (w, h),
                        format!("{w} x {h}"),
                    )
                    .clicked()
                {
                    self.deal.width = w;
                    self.deal.height = h;
                    self.new_deal();
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("pf-seed"));
            ui.add(egui::DragValue::new(&mut self.deal.seed))
                .labelled_by(label.id);
            if ui.button(tr!("new-seed")).clicked() {
                self.deal.seed = rand::random::<u32>() as u64;
                self.new_deal();
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .checkbox(&mut self.deal.gravity, tr!("link-gravity"))
                .changed()
            {
                self.game.gravity = self.deal.gravity;
            }
            if ui.button(tr!("link-deal")).clicked() {
                self.new_deal();
            }
        });
        ui.separator();
        self.own_board_controls(ui);
        self.search_panel(ui);
        if let Some(file) = &self.preset {
            ui.separator();
            egui::CollapsingHeader::new(tr!("pf-about-board"))
                .id_salt("link-about-board")
                .default_open(true)
                .show(ui, |ui| ui.label(crate::games::preset_notes(file, &[])));
        }
        ui.separator();
        self.legend(ui);
        ui.small(tr!("link-help"));
    }
}
