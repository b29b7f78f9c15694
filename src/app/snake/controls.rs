//! The side panel: the score, play and pause, the speed, who steers, and the board's size,
//! seed and walls.

use egui::Ui;

use super::{MAX_SPEED, MIN_SPEED, Pilot, SnakeTab};
use crate::games::snake::{MAX_SIDE, MIN_SIDE, Status};
use crate::grid::Grid;
use crate::tr;
use crate::ui::StepAction;

impl SnakeTab {
    /// Play or pause, one move, and a new game.
    fn play_buttons(&mut self, ui: &mut Ui) {
        let label = if self.play.playing {
            tr!("run-pause")
        } else {
            tr!("run-play")
        };
        if ui.button(label).on_hover_text(tr!("keys-space")).clicked() {
            self.play.playing = !self.play.playing;
        }
        if ui
            .button(tr!("run-step"))
            .on_hover_text(tr!("snake-step-tip"))
            .clicked()
        {
            self.play.playing = false;
            self.step();
        }
        let made = !self.play.game.moves_made().is_empty();
        if ui
            .add_enabled(made, egui::Button::new(tr!("snake-back")))
            .on_hover_text(tr!("snake-back-tip"))
            .clicked()
        {
            self.apply_to_moves(StepAction::StepBack);
        }
        let button = egui::Button::new(tr!("snake-forward"));
        if ui
            .add_enabled(!self.play.undone.is_empty(), button)
            .on_hover_text(tr!("snake-forward-tip"))
            .clicked()
        {
            self.apply_to_moves(StepAction::Step);
        }
        if ui.button(tr!("sk-restart")).on_hover_text("R").clicked() {
            self.restart();
        }
    }

    /// The controls panel in a row above the board, for when the panel is collapsed: the
    /// score, the game's buttons and who steers.
    pub(super) fn compact_bar(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.strong(tr!(
                "snake-score",
                score = self.play.game.eaten(),
                length = self.play.game.len()
            ));
            self.play_buttons(ui);
            ui.separator();
            self.pilot_choice(ui);
        });
        // The speed, and how the game ended with the way to a new one: where the panel
        // that says so is folded away (a phone), they are here.
        ui.horizontal_wrapped(|ui| self.speed_slider(ui));
        self.game_status(ui);
    }

    /// How the game ended, if it has (in words for a finger on a touch screen: see
    /// [`crate::i18n::set_touch`]).
    fn game_status(&self, ui: &mut Ui) {
        match self.play.game.status() {
            Status::Dead(death) => {
                let words = match death {
                    crate::games::snake::Death::Wall => tr!("snake-over-wall"),
                    crate::games::snake::Death::Body => tr!("snake-over-body"),
                };
                ui.colored_label(ui.visuals().error_fg_color, words);
            }
            Status::Won => {
                ui.colored_label(
                    crate::ui::color(crate::palette::status::SUCCESS),
                    tr!("snake-won"),
                );
            }
            Status::Playing => {}
        }
    }

    /// Moves a second, on a slider that leaves room for its value within the row.
    fn speed_slider(&mut self, ui: &mut Ui) {
        let label = ui.label(tr!("run-speed"));
        // The slider leaves room for its value ("50 moves/s") within the panel.
        let value = format!("{MAX_SPEED:.0}{}", tr!("snake-moves-per-second"));
        let font = egui::TextStyle::Body.resolve(ui.style());
        let value = ui
            .painter()
            .layout_no_wrap(value, font, egui::Color32::WHITE)
            .size()
            .x;
        let room = ui.available_size_before_wrap().x - value - 3.0 * ui.spacing().item_spacing.x;
        ui.spacing_mut().slider_width = room.clamp(40.0, 160.0);
        ui.add(
            egui::Slider::new(&mut self.play.speed, MIN_SPEED..=MAX_SPEED)
                .logarithmic(true)
                // Whole moves: "91.12 moves/s" told nothing the slider does not.
                .fixed_decimals(0)
                .suffix(tr!("snake-moves-per-second")),
        )
        .labelled_by(label.id);
    }

    pub(super) fn controls(&mut self, ui: &mut Ui) {
        ui.heading(tr!(
            "snake-score",
            score = self.play.game.eaten(),
            length = self.play.game.len()
        ));
        ui.label(tr!(
            "snake-steps",
            steps = self.play.game.steps(),
            best = self.high_score()
        ));
        self.game_status(ui);
        ui.horizontal_wrapped(|ui| self.play_buttons(ui));
        ui.horizontal_wrapped(|ui| self.speed_slider(ui));
        ui.separator();
        ui.label(tr!("snake-who-steers"));
        self.pilot_choice(ui);
        ui.checkbox(&mut self.planners.show_plan, tr!("snake-show-plan"));
        ui.checkbox(&mut self.planners.show_cycle, tr!("snake-show-cycle"));
        ui.separator();
        ui.heading(tr!("snake-board"));
        ui.horizontal_wrapped(|ui| {
            let (mut w, mut h) = (self.width, self.height);
            let label = ui.label(tr!("pf-size"));
            let a = ui
                .add(egui::DragValue::new(&mut w).range(MIN_SIDE..=MAX_SIDE))
                .labelled_by(label.id);
            ui.label("×");
            let b = ui
                .add(egui::DragValue::new(&mut h).range(MIN_SIDE..=MAX_SIDE))
                .on_hover_text(tr!("pf-height"));
            if (a.changed() || b.changed()) && (w, h) != (self.width, self.height) {
                self.resize(w, h);
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("pf-seed"));
            if ui
                .add(egui::DragValue::new(&mut self.seed))
                .labelled_by(label.id)
                .changed()
            {
                self.restart();
            }
            if ui.button(tr!("new-seed")).clicked() {
                self.seed = rand::random::<u32>() as u64;
                self.restart();
            }
        });
        ui.checkbox(&mut self.editing_walls, tr!("snake-paint-walls"));
        if ui.button(tr!("snake-clear-walls")).clicked() {
            self.walls = Grid::new(self.width, self.height, false);
            self.restart();
        }
        ui.small(tr!("snake-keys"));
    }

    /// Who steers: the player or one of the planners (the decision made again on a change).
    fn pilot_choice(&mut self, ui: &mut egui::Ui) {
        let before = self.planners.pilot;
        for (pilot, name) in [
            (Pilot::Player, tr!("snake-pilot-you")),
            (Pilot::Classic, tr!("snake-pilot-classic")),
            (Pilot::Cycle, tr!("snake-pilot-cycle")),
        ] {
            ui.radio_value(&mut self.planners.pilot, pilot, name);
        }
        if self.planners.pilot != before {
            self.replan();
        }
    }
}
