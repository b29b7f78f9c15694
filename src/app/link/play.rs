//! Playing: dealing and starting boards, clicks on tiles, hints, shuffles and undo, the
//! clock, and the computer clearing the board one shown search after another.

use egui::{Key, Modifiers, Ui};

use super::LinkTab;
use crate::app::notice::Notice;
use crate::games::link::LinkBoard;
use crate::games::link::autoplay::clear;
use crate::games::link::deal::deal;
use crate::games::link::game::{Click, LinkGame};
use crate::games::link::presets;
use crate::games::link::records::{Cleared, board_key};
use crate::grid::Pos;
use crate::msg;

impl LinkTab {
    /// Deals a new board of the chosen size from the seed.
    pub fn new_deal(&mut self) {
        match deal(self.width, self.height, self.seed) {
            Ok(board) => self.start(board),
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Starts playing a shipped board; the naive trap is set up to be searched both ways.
    pub fn open_preset(&mut self, file: &str) {
        match presets::board(file) {
            Ok(board) => {
                self.gravity = false;
                self.start(board);
                if file == "naive-trap.link" {
                    self.naive = true;
                    self.show_search = true;
                }
                self.preset = Some(file.to_string());
            }
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Starts playing `board`.
    pub fn start(&mut self, board: LinkBoard) {
        if let Err(message) = board.check() {
            self.notice = Some(Notice::error(crate::msg!(
                "link-cannot-play",
                why = message.to_string()
            )));
            return;
        }
        self.width = board.width();
        self.height = board.height();
        self.view.resize(self.width + 2, self.height + 2);
        self.game = LinkGame::new(board, self.gravity, self.seed);
        self.elapsed = 0.0;
        self.clock_running = false;
        self.shown = None;
        self.flash = None;
        self.hint = None;
        self.autoplay = None;
        self.computer_played = false;
        self.editing = false;
        self.preset = None;
        // News about the last board is stale now; errors stay until dismissed.
        self.notice = self.notice.take().filter(|n| n.error);
    }

    /// A click on a play cell.
    pub fn click(&mut self, pos: Pos) {
        if self.game.is_won() || self.autoplay.is_some() {
            return;
        }
        self.clock_running = true;
        self.hint = None;
        self.shown = None;
        let first = self.game.selected();
        let second_of_pair = first
            .is_some_and(|f| f != pos && self.game.board().tile(f) == self.game.board().tile(pos));
        if self.show_search
            && second_of_pair
            && let Some(from) = first
        {
            self.show_search_for(from, pos, true);
            return;
        }
        match self.game.click(pos) {
            Click::Removed { link, shuffled } => {
                self.flash = Some((link.cells, 0.5));
                self.after_removal(shuffled);
            }
            Click::Different(p) | Click::NoLink(p) => self.refused = Some((p, 0.4)),
            _ => {}
        }
    }

    /// What a removal means for the player: the automatic shuffle, and a cleared board.
    pub(super) fn after_removal(&mut self, shuffled: bool) {
        if shuffled {
            self.notice = Some(Notice::info(crate::msg!("link-shuffled")));
        }
        if !self.game.is_won() {
            return;
        }
        let key = board_key(self.width, self.height, self.gravity);
        let seconds = self.elapsed;
        self.notice = Some(Notice::info(
            match self.best_times.record(&key, seconds, self.computer_played) {
                Cleared::Helped => msg!("link-cleared-helped", seconds = seconds.round() as i64),
                Cleared::Best { .. } => msg!(
                    "link-cleared-best",
                    seconds = seconds.round() as i64,
                    score = self.game.score()
                ),
                Cleared::NotBest { .. } => msg!(
                    "link-cleared-in",
                    seconds = seconds.round() as i64,
                    score = self.game.score()
                ),
            },
        ));
    }

    /// Starts the computer clearing the board.
    /// A hint: a removable pair shown (at the game's price for a hint); the clock starts.
    pub fn take_hint(&mut self) {
        self.clock_running = true;
        self.hint = self.game.hint();
    }

    pub fn start_autoplay(&mut self) {
        self.clock_running = true;
        match clear(self.game.board(), self.gravity, 200_000) {
            Some(moves) => {
                let mut moves = moves;
                moves.reverse();
                self.autoplay = Some(moves);
                self.computer_played = true;
            }
            None => self.notice = Some(Notice::info(crate::msg!("link-computer-stuck"))),
        }
    }

    /// This frame's share of animation; true while more frames are needed.
    pub(super) fn advance_play(&mut self, dt: f64) -> bool {
        let mut busy = false;
        if self.clock_running && !self.game.is_won() && !self.editing {
            self.elapsed += dt;
            busy = true;
        }
        for timer in [
            self.flash.as_mut().map(|f| &mut f.1),
            self.refused.as_mut().map(|r| &mut r.1),
        ]
        .into_iter()
        .flatten()
        {
            *timer -= dt;
            busy = true;
        }
        if self.flash.as_ref().is_some_and(|f| f.1 <= 0.0) {
            self.flash = None;
        }
        if self.refused.as_ref().is_some_and(|r| r.1 <= 0.0) {
            self.refused = None;
        }
        let searching = self.shown.as_ref().is_some_and(|s| !s.finished);
        if (searching || self.autoplay.is_some()) && !self.search_paused {
            busy = true;
            for _ in 0..self.pace.due(self.search_speed, dt) {
                if self.shown.as_ref().is_none_or(|s| s.finished) {
                    match self.autoplay.as_mut().and_then(|m| m.pop()) {
                        Some((a, b)) => self.show_search_for(a, b, true),
                        None => {
                            self.autoplay = None;
                            break;
                        }
                    }
                }
                self.step_search();
            }
        } else {
            self.pace.reset();
        }
        busy
    }

    pub(super) fn play_keys(&mut self, ui: &Ui) {
        let (hint, shuffle, undo) = ui.input_mut(|i| {
            (
                i.consume_key(Modifiers::NONE, Key::H),
                i.consume_key(Modifiers::NONE, Key::S),
                i.consume_key(Modifiers::COMMAND, Key::Z) || i.consume_key(Modifiers::NONE, Key::U),
            )
        });
        if hint {
            self.take_hint();
        }
        if shuffle {
            self.shuffle();
        }
        if undo {
            self.undo();
        }
    }

    /// Shuffles the tiles; the hint and the last search shown were about cells that have
    /// moved, and go.
    pub fn shuffle(&mut self) {
        self.clock_running = true;
        self.game.shuffle();
        self.hint = None;
        self.shown = None;
    }

    /// Takes back the last pair or shuffle, and the hint and the search shown with it.
    pub fn undo(&mut self) {
        self.game.undo();
        self.hint = None;
        self.shown = None;
    }
}
