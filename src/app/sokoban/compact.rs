//! The Sokoban tab's compact control bar, shown above the board when the controls panel is
//! collapsed (a small window, presentation mode): the mode, the level, and the mode's few
//! essential buttons.

use egui::Ui;

use super::play_mode::PlayCommand;
use super::{Mode, SokobanTab};
use crate::i18n;
use crate::tr;
use crate::ui::presentation;
use crate::ui::step_controls::step_bar;

impl SokobanTab {
    pub(super) fn compact_bar(&mut self, ui: &mut Ui) {
        let mut commands = vec![];
        let mut actions = vec![];
        let mut solve = false;
        ui.horizontal_wrapped(|ui| {
            self.mode_picker(ui);
            ui.separator();
            let (earlier, more) = self.collection.neighbours();
            for (enabled, name, keys, command) in [
                (earlier, "sk-previous", "keys-p", PlayCommand::PreviousLevel),
                (more, "sk-next", "keys-n", PlayCommand::NextLevel),
            ] {
                if ui
                    .add_enabled(enabled, egui::Button::new(i18n::tr(name, None)))
                    .on_hover_text(i18n::tr(keys, None))
                    .clicked()
                {
                    commands.push(command);
                }
            }
            ui.separator();
            match self.mode {
                Mode::Play => self.compact_play(ui, &mut commands),
                Mode::Edit => {}
                Mode::Solve => match self.timeline_position() {
                    Some((position, known, finished)) => {
                        actions = step_bar(ui, self.solve.playback(), position, known, finished);
                    }
                    None => {
                        let ready = self.level().is_some();
                        solve = ui
                            .add_enabled(ready, egui::Button::new(tr!("solve-start")))
                            .clicked();
                    }
                },
            }
        });
        for command in commands {
            self.play_command(command);
        }
        for action in actions {
            self.apply(action);
        }
        if solve {
            self.start_solving();
        }
    }

    /// The counters and the game's buttons.
    fn compact_play(&self, ui: &mut Ui, commands: &mut Vec<PlayCommand>) {
        let Some(game) = self.play.game() else { return };
        ui.strong(tr!(
            "sk-counters",
            moves = game.moves(),
            pushes = game.pushes()
        ));
        for (enabled, name, keys, command) in [
            (
                game.can_undo(),
                "sk-undo",
                "keys-undo-move",
                PlayCommand::Undo,
            ),
            (true, "sk-restart", "keys-r", PlayCommand::Restart),
            (!game.is_won(), "sk-hint", "sk-hint-tip", PlayCommand::Hint),
        ] {
            if ui
                .add_enabled(enabled, egui::Button::new(i18n::tr(name, None)))
                .on_hover_text(i18n::tr(keys, None))
                .clicked()
            {
                commands.push(command);
            }
        }
        if game.is_won() {
            ui.colored_label(
                crate::ui::color(crate::palette::status::SUCCESS),
                tr!("sk-won"),
            );
        }
    }

    /// The search's narration, for when the solver panel is collapsed.
    pub(super) fn compact_narration(&self, ui: &mut Ui) {
        if let Some(text) = self.narration() {
            presentation::narration(ui, text);
        }
    }
}
