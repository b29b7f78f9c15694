//! The side panel: the score, play and pause, the speed, who steers, and the board's size,
//! seed and walls.

use egui::Ui;

use super::{MAX_SPEED, MIN_SPEED, Pilot, SnakeTab};
use crate::games::snake::{MAX_SIDE, MIN_SIDE, Status};
use crate::grid::Grid;

impl SnakeTab {
    pub(super) fn controls(&mut self, ui: &mut Ui) {
        ui.heading(format!(
            "Score {}   Length {}",
            self.game.eaten(),
            self.game.len()
        ));
        ui.label(format!(
            "Steps {}   Best on this board {}",
            self.game.steps(),
            self.high_score()
        ));
        match self.game.status() {
            Status::Dead(death) => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    format!(
                        "Game over: the snake hit {}. Press R to play again.",
                        match death {
                            crate::games::snake::Death::Wall => "a wall",
                            crate::games::snake::Death::Body => "itself",
                        }
                    ),
                );
            }
            Status::Won => {
                ui.colored_label(
                    crate::ui::color(crate::palette::status::SUCCESS),
                    "Won: the snake fills the board!",
                );
            }
            Status::Playing => {}
        }
        ui.horizontal(|ui| {
            let label = if self.playing { "Pause" } else { "Play" };
            if ui.button(label).on_hover_text("Space").clicked() {
                self.playing = !self.playing;
            }
            if ui
                .button("Step")
                .on_hover_text("One move (. or Enter)")
                .clicked()
            {
                self.playing = false;
                self.step();
            }
            if ui.button("Restart").on_hover_text("R").clicked() {
                self.restart();
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Speed");
            ui.add(
                egui::Slider::new(&mut self.speed, MIN_SPEED..=MAX_SPEED)
                    .logarithmic(true)
                    .suffix(" moves/s"),
            )
            .labelled_by(label.id);
        });
        ui.separator();
        ui.label("Who steers (1, 2, 3)");
        let before = self.pilot;
        ui.radio_value(&mut self.pilot, Pilot::Player, "You (arrows or WASD)");
        ui.radio_value(&mut self.pilot, Pilot::Classic, "Classic planner");
        ui.radio_value(&mut self.pilot, Pilot::Cycle, "Cycle planner (never loses)");
        if self.pilot != before {
            self.replan();
        }
        ui.checkbox(&mut self.show_plan, "Show the plan");
        ui.checkbox(&mut self.show_cycle, "Show the Hamiltonian cycle");
        ui.separator();
        ui.heading("Board");
        ui.horizontal(|ui| {
            let (mut w, mut h) = (self.width, self.height);
            let label = ui.label("Size");
            let a = ui
                .add(egui::DragValue::new(&mut w).range(MIN_SIDE..=MAX_SIDE))
                .labelled_by(label.id);
            ui.label("×");
            let b = ui
                .add(egui::DragValue::new(&mut h).range(MIN_SIDE..=MAX_SIDE))
                .on_hover_text("Height");
            if (a.changed() || b.changed()) && (w, h) != (self.width, self.height) {
                self.resize(w, h);
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Seed");
            if ui
                .add(egui::DragValue::new(&mut self.seed))
                .labelled_by(label.id)
                .changed()
            {
                self.restart();
            }
            if ui.button("New seed").clicked() {
                self.seed = rand::random::<u32>() as u64;
                self.restart();
            }
        });
        ui.checkbox(
            &mut self.editing_walls,
            "Paint walls (click or drag on the board)",
        );
        if ui.button("Clear walls").clicked() {
            self.walls = Grid::new(self.width, self.height, false);
            self.restart();
        }
        ui.small("Keys: arrows/WASD steer, Space pause, . or Enter one move, comma one part of a decision, R restart, 1/2/3 who steers, +/- speed.");
    }
}
