//! Play mode: keys, clicks and drags on the board, the counters and buttons.

use egui::{Key, Modifiers, Ui};

use super::SokobanTab;
use crate::app::notice::Notice;
use crate::games::sokoban::box_route;
use crate::grid::Dir;

impl SokobanTab {
    /// Keys while playing.
    pub(super) fn play_keys(&mut self, ui: &Ui) {
        let (dirs, undo, redo, restart, next, previous, hint) = ui.input_mut(|i| {
            let dirs = crate::ui::consume_direction_keys(i);
            (
                dirs,
                i.consume_key(Modifiers::COMMAND, Key::Z)
                    || i.consume_key(Modifiers::NONE, Key::Backspace)
                    || i.consume_key(Modifiers::NONE, Key::U),
                i.consume_key(Modifiers::COMMAND, Key::Y)
                    || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
                i.consume_key(Modifiers::NONE, Key::R),
                i.consume_key(Modifiers::NONE, Key::N),
                i.consume_key(Modifiers::NONE, Key::P),
                i.consume_key(Modifiers::NONE, Key::H),
            )
        });
        if hint && let Some(game) = &self.game {
            self.aid.request_hint(game);
        }
        for dir in dirs {
            self.play_step(dir);
        }
        if let Some(game) = &mut self.game {
            if undo {
                game.undo();
            }
            if redo {
                game.redo();
            }
            if restart {
                game.restart();
            }
        }
        if undo || redo || restart {
            self.after_play();
        }
        if next && self.index + 1 < self.entries.len() {
            self.select(self.index + 1);
        }
        if previous && self.index > 0 {
            self.select(self.index - 1);
        }
    }

    pub(super) fn play_step(&mut self, dir: Dir) {
        if let Some(game) = &mut self.game
            && !game.is_won()
        {
            game.step(dir);
        }
        self.after_play();
    }

    /// Records a win once.
    pub(super) fn after_play(&mut self) {
        let Some(game) = &self.game else { return };
        if game.is_won() && !self.won_recorded {
            self.won_recorded = true;
            let (moves, pushes) = (game.moves(), game.pushes());
            let level = game.level().clone();
            let record = self.progress.record(&level, moves, pushes);
            self.notice = Some(Notice::info(format!(
                "Solved in {moves} moves and {pushes} pushes{}",
                if record { " — a new best!" } else { "" }
            )));
        }
        if !game.is_won() {
            self.won_recorded = false;
        }
    }

    pub(super) fn play_controls(&mut self, ui: &mut Ui) {
        let Some(game) = &mut self.game else { return };
        ui.heading(format!("Moves {}   Pushes {}", game.moves(), game.pushes()));
        if let Some(best) = self.progress.best(game.level()) {
            ui.label(format!(
                "Best: {} moves, {} pushes",
                best.moves, best.pushes
            ));
        }
        if game.is_won() {
            ui.colored_label(
                egui::Color32::from_rgb(0x3a, 0x8f, 0x3e),
                egui::RichText::new("Solved! Press N for the next level.").heading(),
            );
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(game.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z, U or Backspace")
                .clicked()
            {
                game.undo();
            }
            if ui
                .add_enabled(game.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                game.redo();
            }
            if ui.button("Restart").on_hover_text("R").clicked() {
                game.restart();
            }
        });
        let stuck = self.aid.stuck(game);
        if !stuck.is_empty() {
            ui.colored_label(
                egui::Color32::from_rgb(0xd6, 0x45, 0x2a),
                format!(
                    "{} can never reach a goal now (marked red): undo (Ctrl+Z).",
                    if stuck.len() == 1 {
                        "A box".to_string()
                    } else {
                        format!("{} boxes", stuck.len())
                    }
                ),
            );
        }
        if ui
            .add_enabled(!game.is_won(), egui::Button::new("Hint"))
            .on_hover_text(
                "H: the solver works out the first push of a shortest solution from here",
            )
            .clicked()
        {
            self.aid.request_hint(game);
        }
        self.aid.show_status(ui);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.index > 0, egui::Button::new("Previous level"))
                .on_hover_text("P")
                .clicked()
            {
                self.select(self.index - 1);
            }
            if ui
                .add_enabled(
                    self.index + 1 < self.entries.len(),
                    egui::Button::new("Next level"),
                )
                .on_hover_text("N")
                .clicked()
            {
                self.select(self.index + 1);
            }
        });
        ui.small(
            "Arrows or WASD move; click a square to walk there; click a box beside you to push it, or drag a box where it should go; H asks for a hint.",
        );
        self.after_play();
    }

    /// A press on a square steps or walks there; a box is picked up instead and, when let
    /// go on another square, pushed there by the fewest pushes (let go where it was, it is a
    /// click: pushed if the player stands beside it).
    pub(super) fn play_pointer(&mut self, input: &crate::ui::BoardInput) {
        let Some(game) = &mut self.game else { return };
        if game.is_won() {
            self.dragging_box = None;
            return;
        }
        if let Some(pos) = input.pressed {
            if game.has_box(pos) {
                self.dragging_box = Some(pos);
            } else {
                match Dir::between(game.player(), pos) {
                    Some(dir) => {
                        game.step(dir);
                    }
                    None => {
                        game.walk_to(pos);
                    }
                }
            }
        }
        if input.released
            && let Some(from) = self.dragging_box.take()
        {
            let to = input.hovered.unwrap_or(from);
            if to == from {
                if let Some(dir) = Dir::between(game.player(), from) {
                    game.step(dir);
                }
            } else if let Some(route) = box_route(game, from, to) {
                for dir in route {
                    game.step(dir);
                }
            } else {
                self.notice = Some(Notice::info(
                    "That box cannot be pushed there without moving another box.".to_string(),
                ));
            }
        }
        self.after_play();
    }
}
