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
        match deal(self.deal.width, self.deal.height, self.deal.seed) {
            Ok(board) => self.start(board),
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Starts playing a shipped board; the naive trap is set up to be searched both ways.
    pub fn open_preset(&mut self, file: &str) {
        match presets::board(file) {
            Ok(board) => {
                self.deal.gravity = false;
                self.start(board);
                if file == "naive-trap.link" {
                    self.searching.naive = true;
                    self.searching.show_search = true;
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
        self.deal.width = board.width();
        self.deal.height = board.height();
        self.view.resize(self.deal.width + 2, self.deal.height + 2);
        self.game = LinkGame::new(board, self.deal.gravity, self.deal.seed);
        self.play.elapsed = 0.0;
        self.play.clock_running = false;
        self.searching.shown = None;
        self.play.flash = None;
        self.play.hint = None;
        self.searching.autoplay = None;
        self.play.computer_played = false;
        self.edit.editing = false;
        self.preset = None;
        // News about the last board is stale now; errors stay until dismissed.
        self.notice = self.notice.take().filter(|n| n.error);
    }

    /// A click on a play cell.
    pub fn click(&mut self, pos: Pos) {
        if self.game.is_won() || self.searching.autoplay.is_some() {
            return;
        }
        self.play.clock_running = true;
        self.play.hint = None;
        self.searching.shown = None;
        let first = self.game.selected();
        let second_of_pair = first
            .is_some_and(|f| f != pos && self.game.board().tile(f) == self.game.board().tile(pos));
        if self.searching.show_search
            && second_of_pair
            && let Some(from) = first
        {
            self.show_search_for(from, pos, true);
            return;
        }
        match self.game.click(pos) {
            Click::Removed { link, shuffled } => {
                self.play.flash = Some((link.cells, 0.5));
                self.after_removal(shuffled);
            }
            Click::Different(p) | Click::NoLink(p) => self.play.refused = Some((p, 0.4)),
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
        let key = board_key(self.deal.width, self.deal.height, self.deal.gravity);
        let seconds = self.play.elapsed;
        self.notice = Some(Notice::info(
            match self
                .play
                .best_times
                .record(&key, seconds, self.play.computer_played)
            {
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
        self.play.clock_running = true;
        self.play.hint = self.game.hint();
    }

    pub fn start_autoplay(&mut self) {
        self.play.clock_running = true;
        match clear(self.game.board(), self.deal.gravity, 200_000) {
            Some(moves) => {
                let mut moves = moves;
                moves.reverse();
                self.searching.autoplay = Some(moves);
                self.play.computer_played = true;
            }
            None => self.notice = Some(Notice::info(crate::msg!("link-computer-stuck"))),
        }
    }

    /// This frame's share of animation; true while more frames are needed.
    pub(super) fn advance_play(&mut self, dt: f64) -> bool {
        let mut busy = false;
        if self.play.clock_running && !self.game.is_won() && !self.edit.editing {
            self.play.elapsed += dt;
            busy = true;
        }
        for timer in [
            self.play.flash.as_mut().map(|f| &mut f.1),
            self.play.refused.as_mut().map(|r| &mut r.1),
        ]
        .into_iter()
        .flatten()
        {
            *timer -= dt;
            busy = true;
        }
        if self.play.flash.as_ref().is_some_and(|f| f.1 <= 0.0) {
            self.play.flash = None;
        }
        if self.play.refused.as_ref().is_some_and(|r| r.1 <= 0.0) {
            self.play.refused = None;
        }
        let searching = self.searching.shown.as_ref().is_some_and(|s| !s.finished);
        if (searching || self.searching.autoplay.is_some()) && !self.searching.search_paused {
            busy = true;
            for _ in 0..self.searching.pace.due(self.searching.search_speed, dt) {
                if self.searching.shown.as_ref().is_none_or(|s| s.finished) {
                    match self.searching.autoplay.as_mut().and_then(|m| m.pop()) {
                        Some((a, b)) => self.show_search_for(a, b, true),
                        None => {
                            self.searching.autoplay = None;
                            break;
                        }
                    }
                }
                self.step_search();
            }
        } else {
            self.searching.pace.reset();
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
        self.play.clock_running = true;
        self.game.shuffle();
        self.play.hint = None;
        self.searching.shown = None;
    }

    /// Takes back the last pair or shuffle, and the hint and the search shown with it.
    pub fn undo(&mut self) {
        self.game.undo();
        self.play.hint = None;
        self.searching.shown = None;
    }
}
