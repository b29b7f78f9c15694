//! The game's controls: the size, the goal, shuffles, a typed position, undo and restart,
//! and the solution being played.

use egui::Ui;

use crate::app::sliding::SlidingTab;
use crate::app::sliding::controls::{goal_name, picker, size_name};
use crate::games::sliding::{Goal, MAX_SIDE, MIN_SIDE, Shuffle};
use crate::tr;
use crate::ui::step_controls::step_controls;

impl SlidingTab {
    /// The solution being played: how far it is, and its step controls.
    fn replay_controls(&mut self, ui: &mut Ui) {
        let Some(replay) = &mut self.play.replay else {
            return;
        };
        let (played, length) = (replay.played(&self.play.game), replay.length());
        ui.strong(tr!("sliding-replaying", played = played, moves = length));
        let actions = step_controls(ui, &mut replay.player.playback, played, length, true);
        for action in actions {
            self.apply_to_replay(action);
        }
        if ui
            .button(tr!("sliding-replay-stop"))
            .on_hover_text(tr!("sliding-replay-stop-tip"))
            .clicked()
        {
            self.play.replay = None;
        }
    }

    /// The solution being played, in the compact bar.
    pub(in crate::app::sliding) fn replay_bar(&mut self, ui: &mut Ui) {
        let Some(replay) = &self.play.replay else {
            return;
        };
        let (played, length) = (replay.played(&self.play.game), replay.length());
        let actions =
            crate::ui::step_controls::step_bar(ui, &replay.player.playback, played, length, true);
        for action in actions {
            self.apply_to_replay(action);
        }
    }

    pub(in crate::app::sliding) fn undo_button(&mut self, ui: &mut Ui) {
        let undo = egui::Button::new(tr!("sliding-undo"));
        if ui.add_enabled(self.play.game.moves() > 0, undo).clicked() {
            self.undo();
        }
    }

    pub(in crate::app::sliding) fn shuffle_button(&mut self, ui: &mut Ui) {
        let button = ui.button(tr!("sliding-shuffle"));
        if button.on_hover_text(tr!("sliding-shuffle-tip")).clicked() {
            self.shuffle(Shuffle::Moves(self.play.shuffle_moves));
        }
    }

    pub(in crate::app::sliding) fn random_button(&mut self, ui: &mut Ui) {
        let button = ui.button(tr!("sliding-random"));
        if button.on_hover_text(tr!("sliding-random-tip")).clicked() {
            self.shuffle(Shuffle::Uniform);
        }
    }

    pub(in crate::app::sliding) fn game_controls(&mut self, ui: &mut Ui) {
        ui.label(self.score_line());
        if self.play.replay.is_some() {
            self.replay_controls(ui);
            ui.separator();
        }
        ui.horizontal_wrapped(|ui| {
            self.undo_button(ui);
            let button = egui::Button::new(tr!("sliding-restart"));
            if ui.add_enabled(self.play.game.moves() > 0, button).clicked() {
                self.restart();
            }
        });
        let label = ui.label(tr!("sliding-size")).id;
        let side = picker(
            ui,
            ("sliding-size", label),
            self.side,
            MIN_SIDE..=MAX_SIDE,
            size_name,
        );
        if side != self.side {
            self.choose_size(side);
        }
        let label = ui.label(tr!("sliding-goal")).id;
        let goal = picker(
            ui,
            ("sliding-goal", label),
            self.goal,
            Goal::NAMED,
            goal_name,
        );
        if goal != self.goal {
            self.choose_goal(goal);
        }
        crate::app::sliding::board::small_board(
            ui,
            self.play.game.goal(),
            self.play.game.goal(),
            84.0,
            &tr!("sliding-goal-board"),
            None,
        );
        let label = ui.label(tr!("sliding-goal-typed"));
        ui.add(egui::TextEdit::singleline(&mut self.play.goal_text).desired_width(f32::INFINITY))
            .labelled_by(label.id);
        if ui.button(tr!("sliding-set-goal")).clicked() {
            let text = self.play.goal_text.clone();
            self.type_goal(&text);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("sliding-shuffle-moves"));
            ui.add(egui::DragValue::new(&mut self.play.shuffle_moves).range(1..=500))
                .labelled_by(label.id);
            self.shuffle_button(ui);
        });
        self.random_button(ui);
        let label = ui.label(tr!("sliding-position"));
        ui.add(
            egui::TextEdit::singleline(&mut self.play.position_text).desired_width(f32::INFINITY),
        )
        .labelled_by(label.id)
        .on_hover_text(tr!("sliding-position-tip"));
        if ui.button(tr!("sliding-play-position")).clicked() {
            let text = self.play.position_text.clone();
            self.play_typed(&text);
        }
    }
}
