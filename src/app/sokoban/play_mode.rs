//! Play mode: the game being played as a type of its own (the game, the progress kept, the
//! help given, a box dragged, a walk being shown), and the tab's side of it: keys, commands
//! that change the level, and the messages a win or a refused drag leaves.

use std::collections::VecDeque;

use egui::{Key, Modifiers, Ui};

use super::{SokobanTab, aid, board};
use crate::games::sokoban::progress::Progress;
use crate::games::sokoban::{Game, Level};
use crate::grid::Pos;
use crate::ui::{BoardInput, BoardView};

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

/// Playing: the game, the progress kept, and the help given.
pub(super) struct Play {
    /// The level being played (None when the current entry is not a valid level).
    game: Option<Game>,
    progress: Progress,
    /// The win has been recorded for the current game (so it is counted once).
    won_recorded: bool,
    /// Lost boxes and hints while playing.
    aid: aid::PlayAid,
    /// The box picked up by a press, to be pushed where the pointer lets go.
    dragging_box: Option<Pos>,
    /// Steps of a walk (or a dragged box's route) still to be shown, and the fraction of a
    /// step carried over between frames.
    walking: VecDeque<Dir>,
    walk_carry: f64,
}

impl Play {
    pub(super) fn new(progress: Progress) -> Play {
        Play {
            game: None,
            progress,
            won_recorded: false,
            aid: aid::PlayAid::default(),
            dragging_box: None,
            walking: VecDeque::new(),
            walk_carry: 0.0,
        }
    }

    /// The game being played.
    pub(super) fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    pub(super) fn progress(&self) -> &Progress {
        &self.progress
    }

    pub(super) fn progress_mut(&mut self) -> &mut Progress {
        &mut self.progress
    }

    pub(super) fn aid(&self) -> &aid::PlayAid {
        &self.aid
    }

    pub(super) fn aid_mut(&mut self) -> &mut aid::PlayAid {
        &mut self.aid
    }

    /// Starts playing `level` (none: there is nothing to play).
    pub(super) fn start(&mut self, level: Option<&Level>) {
        self.game = level.cloned().map(Game::new);
        self.won_recorded = false;
        self.dragging_box = None;
        self.walking.clear();
    }

    /// Does what a key or a button asks of the game (a level to go to is the tab's). A walk
    /// still being shown is finished first, or, for undo and restart, dropped where it is.
    /// What the player is told, if anything.
    fn command(&mut self, command: PlayCommand) -> Option<Notice> {
        match command {
            PlayCommand::Undo | PlayCommand::Restart => self.walking.clear(),
            _ => self.finish_walking_quietly(),
        }
        let game = self.game.as_mut()?;
        match command {
            PlayCommand::NextLevel | PlayCommand::PreviousLevel => {}
            PlayCommand::Hint => self.aid.request_hint(game),
            PlayCommand::Step(dir) if !game.is_won() => {
                game.step(dir);
            }
            PlayCommand::Step(_) => {}
            PlayCommand::Undo => {
                game.undo();
            }
            PlayCommand::Redo => {
                game.redo();
            }
            PlayCommand::Restart => game.restart(),
        }
        self.after_play()
    }

    /// Plays at once every step of the walk being shown.
    fn finish_walking_quietly(&mut self) {
        if let Some(game) = &mut self.game {
            for dir in self.walking.drain(..) {
                game.step(dir);
            }
        }
        self.walking.clear();
    }

    /// This frame's share of play: the walk being shown moves on, and the hint thinks.
    /// Whether more frames are needed, and what the player is told.
    fn advance(&mut self, dt: f64) -> (bool, Option<Notice>) {
        self.aid.update_in_frame(self.game.as_ref());
        let mut told = None;
        if let Some(game) = &mut self.game
            && !self.walking.is_empty()
        {
            self.walk_carry += dt * WALK_STEPS_PER_SECOND;
            while self.walk_carry >= 1.0 {
                self.walk_carry -= 1.0;
                match self.walking.pop_front() {
                    Some(dir) if game.step(dir).is_some() => {}
                    _ => {
                        self.walking.clear();
                        break;
                    }
                }
            }
            told = self.after_play();
        }
        (self.aid.is_thinking() || !self.walking.is_empty(), told)
    }

    /// Shows `steps` being walked, a few a frame.
    fn walk(&mut self, steps: Vec<Dir>) {
        self.walking = steps.into();
        self.walk_carry = 1.0; // the first step at once
    }

    /// Records a win once, and says so.
    fn after_play(&mut self) -> Option<Notice> {
        let game = self.game.as_ref()?;
        if !game.is_won() {
            self.won_recorded = false;
            return None;
        }
        if std::mem::replace(&mut self.won_recorded, true) {
            return None;
        }
        let (moves, pushes) = (game.moves(), game.pushes());
        let record = self.progress.record(&game.level().clone(), moves, pushes);
        Some(Notice::info(if record {
            crate::msg!("sk-solved-best", moves = moves, pushes = pushes)
        } else {
            crate::msg!("sk-solved", moves = moves, pushes = pushes)
        }))
    }

    /// The board: the game with its lost boxes, its hint and the box picked up.
    fn draw(&mut self, ui: &mut Ui, view: &mut BoardView) -> Option<BoardInput> {
        let Some(game) = &self.game else {
            ui.label(crate::tr!("sk-pick-level"));
            return None;
        };
        let stuck = self.aid.stuck(game);
        let marks = board::Marks {
            stuck: &stuck,
            hint: self.aid.hinted_push(),
            picked: self.dragging_box,
            ..Default::default()
        };
        Some(board::draw_game(ui, view, game, marks))
    }

    /// The counters, the game's buttons, the help given and the level buttons (with
    /// whether there is a level before and after); the commands clicked.
    fn controls(&mut self, ui: &mut Ui, (earlier, more): (bool, bool)) -> Vec<PlayCommand> {
        let mut clicked = vec![];
        let Some(game) = &self.game else {
            return clicked;
        };
        ui.heading(crate::tr!(
            "sk-counters",
            moves = game.moves(),
            pushes = game.pushes()
        ));
        if let Some(best) = self.progress.best(game.level()) {
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
        let stuck = self.aid.stuck(game);
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
        self.aid.show_status(ui);
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
        ui.small(crate::tr!("sk-play-help"));
        clicked
    }

    /// A press on a square steps or walks there; a box is picked up instead and, when let
    /// go on another square, pushed there by the fewest pushes (let go where it was, it is a
    /// click: pushed if the player stands beside it).
    /// What the player is told, if anything.
    fn pointer(&mut self, input: &BoardInput) -> Option<Notice> {
        if input.cancelled {
            self.dragging_box = None;
        }
        if input.pressed.is_some() {
            self.finish_walking_quietly();
        }
        let game = self.game.as_mut()?;
        if game.is_won() {
            self.dragging_box = None;
            return self.after_play();
        }
        if let Some(pos) = input.pressed {
            if game.has_box(pos) {
                self.dragging_box = Some(pos);
            } else if let Some(dir) = Dir::between(game.player(), pos) {
                game.step(dir);
            } else if let Some(path) = game.walk_path(pos) {
                self.walk(path);
            }
        }
        if input.released
            && let Some(from) = self.dragging_box.take()
            && let Some(game) = &mut self.game
        {
            let to = input.hovered.unwrap_or(from);
            if to == from {
                if let Some(dir) = Dir::between(game.player(), from) {
                    game.step(dir);
                }
            } else if let Some(route) = box_route(game, from, to) {
                self.walk(route);
            } else {
                return Some(Notice::info(crate::msg!("sk-no-route")));
            }
        }
        self.after_play()
    }
}

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

    /// Does what a key or a button asks: another level, or a move of the game.
    pub(super) fn play_command(&mut self, command: PlayCommand) {
        self.notice = self.play.command(command).or(self.notice.take());
        let (index, (earlier, more)) = (self.collection.index(), self.collection.neighbours());
        match command {
            PlayCommand::NextLevel if more => self.select(index + 1),
            PlayCommand::PreviousLevel if earlier => self.select(index - 1),
            _ => {}
        }
    }

    /// This frame's share of play; true while more frames are needed.
    pub(super) fn advance_play(&mut self, dt: f64) -> bool {
        let (busy, told) = self.play.advance(dt);
        self.notice = told.or(self.notice.take());
        busy
    }

    /// Whether a walk is still being shown.
    pub fn is_walking(&self) -> bool {
        !self.play.walking.is_empty()
    }

    pub(super) fn play_controls(&mut self, ui: &mut Ui) {
        for command in self.play.controls(ui, self.collection.neighbours()) {
            self.play_command(command);
        }
        // A win however it came (a link, a lesson) is recorded.
        self.notice = self.play.after_play().or(self.notice.take());
    }

    pub(super) fn play_board(&mut self, ui: &mut Ui) -> Option<BoardInput> {
        self.play.draw(ui, &mut self.view)
    }

    pub(super) fn play_pointer(&mut self, input: &BoardInput) {
        self.notice = self.play.pointer(input).or(self.notice.take());
    }
}
