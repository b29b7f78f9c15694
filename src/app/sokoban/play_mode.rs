//! Play mode: keys, clicks and drags on the board, the counters and buttons.

use egui::{Key, Modifiers, Ui};

use super::SokobanTab;

/// How fast a walk (or a dragged box's route) is shown.
const WALK_STEPS_PER_SECOND: f64 = 24.0;

/// What a key or a button asks of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    Step(Dir),
    Undo,
    Redo,
    Restart,
    Hint,
    NextLevel,
    PreviousLevel,
}
use crate::app::notice::Notice;
use crate::games::sokoban::box_route;
use crate::grid::Dir;
use crate::i18n;

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
        let commands = dirs.into_iter().map(PlayCommand::Step).chain(
            [
                (undo, PlayCommand::Undo),
                (redo, PlayCommand::Redo),
                (restart, PlayCommand::Restart),
                (hint, PlayCommand::Hint),
                (next, PlayCommand::NextLevel),
                (previous, PlayCommand::PreviousLevel),
            ]
            .into_iter()
            .filter_map(|(pressed, command)| pressed.then_some(command)),
        );
        for command in commands.collect::<Vec<_>>() {
            self.play_command(command);
        }
    }

    /// Does what a key or a button asks. A walk still being shown is finished first, or,
    /// for undo and restart, dropped where it is.
    pub(super) fn play_command(&mut self, command: PlayCommand) {
        match command {
            PlayCommand::Undo | PlayCommand::Restart => self.play.walking.clear(),
            _ => self.finish_walking(),
        }
        let (index, (earlier, more)) = (self.collection.index(), self.collection.neighbours());
        match command {
            PlayCommand::NextLevel if more => self.select(index + 1),
            PlayCommand::PreviousLevel if earlier => self.select(index - 1),
            PlayCommand::NextLevel | PlayCommand::PreviousLevel => {}
            PlayCommand::Hint => {
                if let Some(game) = &self.play.game {
                    self.play.aid.request_hint(game);
                }
            }
            PlayCommand::Step(dir) => self.play_step(dir),
            PlayCommand::Undo | PlayCommand::Redo | PlayCommand::Restart => {
                if let Some(game) = &mut self.play.game {
                    match command {
                        PlayCommand::Undo => {
                            game.undo();
                        }
                        PlayCommand::Redo => {
                            game.redo();
                        }
                        _ => game.restart(),
                    }
                }
                self.after_play();
            }
        }
    }

    /// Plays at once every step of the walk being shown.
    pub(super) fn finish_walking(&mut self) {
        if let Some(game) = &mut self.play.game {
            for dir in self.play.walking.drain(..) {
                game.step(dir);
            }
        }
        self.play.walking.clear();
        self.after_play();
    }

    /// This frame's share of play: the walk being shown moves on, and the hint thinks.
    /// True while more frames are needed.
    pub(super) fn advance_play(&mut self, dt: f64) -> bool {
        self.play.aid.update_in_frame(self.play.game.as_ref());
        if let Some(game) = &mut self.play.game
            && !self.play.walking.is_empty()
        {
            self.play.walk_carry += dt * WALK_STEPS_PER_SECOND;
            while self.play.walk_carry >= 1.0 {
                self.play.walk_carry -= 1.0;
                match self.play.walking.pop_front() {
                    Some(dir) if game.step(dir).is_some() => {}
                    _ => {
                        self.play.walking.clear();
                        break;
                    }
                }
            }
            self.after_play();
        }
        self.play.aid.is_thinking() || !self.play.walking.is_empty()
    }

    /// Shows `steps` being walked, a few a frame.
    fn walk(&mut self, steps: Vec<Dir>) {
        self.play.walking = steps.into();
        self.play.walk_carry = 1.0; // the first step at once
    }

    /// Whether a walk is still being shown.
    pub fn is_walking(&self) -> bool {
        !self.play.walking.is_empty()
    }

    pub(super) fn play_step(&mut self, dir: Dir) {
        if let Some(game) = &mut self.play.game
            && !game.is_won()
        {
            game.step(dir);
        }
        self.after_play();
    }

    /// Records a win once.
    pub(super) fn after_play(&mut self) {
        let Some(game) = &self.play.game else { return };
        if game.is_won() && !self.play.won_recorded {
            self.play.won_recorded = true;
            let (moves, pushes) = (game.moves(), game.pushes());
            let level = game.level().clone();
            let record = self.play.progress.record(&level, moves, pushes);
            self.notice = Some(Notice::info(if record {
                crate::msg!("sk-solved-best", moves = moves, pushes = pushes)
            } else {
                crate::msg!("sk-solved", moves = moves, pushes = pushes)
            }));
        }
        if !game.is_won() {
            self.play.won_recorded = false;
        }
    }

    pub(super) fn play_controls(&mut self, ui: &mut Ui) {
        let Some(game) = &mut self.play.game else {
            return;
        };
        ui.heading(crate::tr!(
            "sk-counters",
            moves = game.moves(),
            pushes = game.pushes()
        ));
        if let Some(best) = self.play.progress.best(game.level()) {
            ui.label(crate::tr!(
                "sk-best",
                moves = best.moves,
                pushes = best.pushes
            ));
        }
        if game.is_won() {
            ui.colored_label(
                crate::ui::color(crate::palette::status::SUCCESS),
                egui::RichText::new(crate::tr!("sk-won")).heading(),
            );
        }
        let mut clicked = vec![];
        ui.horizontal_wrapped(|ui| {
            for (enabled, name, keys, command) in [
                (
                    game.can_undo(),
                    "sk-undo",
                    "keys-undo-move",
                    PlayCommand::Undo,
                ),
                (game.can_redo(), "sk-redo", "keys-ctrl-y", PlayCommand::Redo),
                (true, "sk-restart", "keys-r", PlayCommand::Restart),
            ] {
                if ui
                    .add_enabled(enabled, egui::Button::new(i18n::tr(name, None)))
                    .on_hover_text(i18n::tr(keys, None))
                    .clicked()
                {
                    clicked.push(command);
                }
            }
        });
        let stuck = self.play.aid.stuck(game);
        if !stuck.is_empty() {
            ui.colored_label(
                crate::ui::color(crate::palette::status::TROUBLE),
                crate::tr!("sk-stuck", count = stuck.len()),
            );
        }
        if ui
            .add_enabled(!game.is_won(), egui::Button::new(crate::tr!("sk-hint")))
            .on_hover_text(crate::tr!("sk-hint-tip"))
            .clicked()
        {
            clicked.push(PlayCommand::Hint);
        }
        self.play.aid.show_status(ui);
        let (earlier, more) = self.collection.neighbours();
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(earlier, egui::Button::new(crate::tr!("sk-previous")))
                .on_hover_text(crate::tr!("keys-p"))
                .clicked()
            {
                clicked.push(PlayCommand::PreviousLevel);
            }
            if ui
                .add_enabled(more, egui::Button::new(crate::tr!("sk-next")))
                .on_hover_text(crate::tr!("keys-n"))
                .clicked()
            {
                clicked.push(PlayCommand::NextLevel);
            }
        });
        for command in clicked {
            self.play_command(command);
        }
        ui.small(crate::tr!("sk-play-help"));
        self.after_play();
    }

    /// A press on a square steps or walks there; a box is picked up instead and, when let
    /// go on another square, pushed there by the fewest pushes (let go where it was, it is a
    /// click: pushed if the player stands beside it).
    pub(super) fn play_pointer(&mut self, input: &crate::ui::BoardInput) {
        if input.cancelled {
            self.play.dragging_box = None;
        }
        if input.pressed.is_some() {
            self.finish_walking();
        }
        let Some(game) = &mut self.play.game else {
            return;
        };
        if game.is_won() {
            self.play.dragging_box = None;
            return;
        }
        if let Some(pos) = input.pressed {
            if game.has_box(pos) {
                self.play.dragging_box = Some(pos);
            } else if let Some(dir) = Dir::between(game.player(), pos) {
                game.step(dir);
            } else if let Some(path) = game.walk_path(pos) {
                self.walk(path);
            }
        }
        if input.released
            && let Some(from) = self.play.dragging_box.take()
            && let Some(game) = &mut self.play.game
        {
            let to = input.hovered.unwrap_or(from);
            if to == from {
                if let Some(dir) = Dir::between(game.player(), from) {
                    game.step(dir);
                }
            } else if let Some(route) = box_route(game, from, to) {
                self.walk(route);
            } else {
                self.notice = Some(Notice::info(crate::msg!("sk-no-route")));
            }
        }
        self.after_play();
    }
}
