//! Play mode, a folder of its own whose fields Watch does not reach (`controls`: the
//! game's panel; `view`: its board). Playing: tiles slid by clicks and keys, undo and restart, new games shuffled or typed,
//! the goal chosen, the clock, and the best results a solved game sets.

mod controls;
mod view;

use egui::{Key, Modifiers, Ui};

use super::replay::SolutionReplay;
use super::{Mode, SlidingTab};
use crate::app::notice::Notice;
use crate::games::sliding::{BestResults, Goal, Move, Position, Shuffle, SlidingGame, shuffled};
use crate::tr;
use crate::ui::step_controls::{FrameBudget, StepAction};

/// The game played: the position, the clock, the best results, and what the fields hold.
pub(super) struct Play {
    game: SlidingGame,
    shuffle_moves: usize,
    seed: u64,
    /// What the position and goal fields hold while they are typed in.
    position_text: String,
    goal_text: String,
    /// Seconds played in this game; the clock runs from the first move.
    elapsed: f64,
    clock_running: bool,
    /// The computer played the solution here: solving it sets no best result.
    helped: bool,
    /// The solution being played on the board move by move, while it is.
    replay: Option<SolutionReplay>,
    /// A size or goal chosen that would end the game in progress, until the player says
    /// whether to.
    pending_goal: Option<(usize, Goal)>,
    best: BestResults,
}

impl Play {
    pub fn new(game: SlidingGame, shuffle_moves: usize, seed: u64, best: BestResults) -> Play {
        Play {
            position_text: game.start().to_string(),
            goal_text: game.goal().to_string(),
            game,
            shuffle_moves,
            seed,
            elapsed: 0.0,
            clock_running: false,
            helped: false,
            replay: None,
            pending_goal: None,
            best,
        }
    }

    pub fn game(&self) -> &SlidingGame {
        &self.game
    }

    pub fn best(&self) -> &BestResults {
        &self.best
    }

    /// The moves a shuffle makes, and the seed of the next one.
    pub fn shuffling(&self) -> (usize, u64) {
        (self.shuffle_moves, self.seed)
    }

    /// A solution is being played on the board.
    pub fn replaying(&self) -> bool {
        self.replay.is_some()
    }

    /// The player is asked whether a new goal may end the game.
    pub fn asking_goal(&self) -> bool {
        self.pending_goal.is_some()
    }

    pub fn forget_goal_question(&mut self) {
        self.pending_goal = None;
    }
}

impl SlidingTab {
    pub(in crate::app::sliding) fn play_keys(&mut self, ui: &Ui) {
        let (slides, undo, shuffle) = ui.input_mut(|i| {
            let mut slides = vec![];
            for (keys, m) in [
                ([Key::ArrowUp, Key::W], Move::Up),
                ([Key::ArrowDown, Key::S], Move::Down),
                ([Key::ArrowLeft, Key::A], Move::Left),
                ([Key::ArrowRight, Key::D], Move::Right),
            ] {
                // S shuffles; the arrow alone slides down.
                let keys: &[Key] = if m == Move::Down { &keys[..1] } else { &keys };
                if keys.iter().any(|&k| i.consume_key(Modifiers::NONE, k)) {
                    slides.push(m);
                }
            }
            (
                slides,
                i.consume_key(Modifiers::COMMAND, Key::Z) || i.consume_key(Modifiers::NONE, Key::U),
                i.consume_key(Modifiers::NONE, Key::S),
            )
        });
        for m in slides {
            self.slide(m);
        }
        if undo {
            self.undo();
        }
        if shuffle {
            self.shuffle(Shuffle::Moves(self.play.shuffle_moves));
        }
    }

    /// Slides the tile that moves `tile_goes` into the blank (a replay playing stops: the
    /// player takes over from there).
    pub fn slide(&mut self, tile_goes: Move) {
        if !self.play.game.is_solved() && self.play.game.slide(tile_goes) {
            self.play.replay = None;
            self.moved();
        }
    }

    /// A click on the tile in `cell`: it slides, with the tiles between it and the blank.
    pub fn click_cell(&mut self, cell: usize) {
        if !self.play.game.is_solved() && self.play.game.click(cell) > 0 {
            self.play.replay = None;
            self.moved();
        }
    }

    fn moved(&mut self) {
        self.play.clock_running = true;
        if self.play.game.is_solved() {
            self.play.clock_running = false;
            self.solved();
        }
    }

    fn solved(&mut self) {
        let moves = self.play.game.moves();
        let message = if self.play.helped {
            crate::msg!("sliding-solved-helped", moves = moves)
        } else {
            let key = self.goal.key(self.side);
            let record = self.play.best.record(&key, moves, self.play.elapsed);
            match (record.fewest_moves, record.fastest) {
                (true, true) => crate::msg!(
                    "sliding-solved-best",
                    moves = moves,
                    seconds = seconds(self.play.elapsed)
                ),
                (true, false) => crate::msg!("sliding-solved-fewest", moves = moves),
                (false, true) => {
                    crate::msg!(
                        "sliding-solved-fastest",
                        seconds = seconds(self.play.elapsed)
                    )
                }
                (false, false) => crate::msg!(
                    "sliding-solved",
                    moves = moves,
                    seconds = seconds(self.play.elapsed)
                ),
            }
        };
        self.notice = Some(Notice::info(message));
    }

    pub fn undo(&mut self) {
        self.play.replay = None;
        self.play.game.undo();
    }

    /// Back to where this game began.
    pub fn restart(&mut self) {
        self.play.replay = None;
        self.play.game.restart();
        self.notice = None;
        self.play.elapsed = 0.0;
        self.play.clock_running = false;
        self.play.helped = false;
    }

    /// A new game from the goal, shuffled by `shuffle` with the next seed.
    pub fn shuffle(&mut self, shuffle: Shuffle) {
        self.play.seed = self.play.seed.wrapping_add(1);
        let goal = self.play.game.goal();
        let start = shuffled(goal, shuffle, self.play.seed);
        self.start_game(start, goal);
    }

    pub(in crate::app::sliding) fn start_game(&mut self, start: Position, goal: Position) {
        self.play.game = SlidingGame::new(start, goal).expect("checked to reach the goal");
        self.play.position_text = start.to_string();
        self.play.goal_text = goal.to_string();
        self.play.elapsed = 0.0;
        self.play.clock_running = false;
        self.play.helped = false;
        self.play.replay = None;
        self.notice = None;
        self.mode = Mode::Play;
        self.watch.forget_position();
    }

    /// Plays the position typed or pasted in `text`; refused, with the game unchanged,
    /// when it is not a position of this puzzle or cannot reach the goal.
    pub fn play_typed(&mut self, text: &str) {
        let goal_of = |start: Position| {
            // A position of another size plays towards the goal of the same kind on its
            // size (a typed goal gives way to blank last).
            if start.side() == self.side {
                (self.goal, self.play.game.goal())
            } else {
                let goal = match self.goal {
                    Goal::Custom(_) => Goal::BlankLast,
                    named => named,
                };
                (goal, goal.position(start.side()))
            }
        };
        let chosen = Position::parse(text).and_then(|start| {
            let (goal, at) = goal_of(start);
            start.reaches(at).map(|_| (start, goal, at))
        });
        match chosen {
            Ok((start, goal, at)) => {
                self.side = start.side();
                self.goal = goal;
                self.start_game(start, at);
            }
            Err(why) => {
                self.notice = Some(Notice::error(crate::msg!(
                    "sliding-position-refused",
                    why = why
                )));
            }
        }
    }

    /// Sets the goal to one of the named ones on this size, or to `Goal::Custom`.
    pub fn choose_goal(&mut self, goal: Goal) {
        self.set_size_and_goal(self.side, goal);
    }

    /// Plays towards the goal typed in `text`: an arrangement of the same tiles.
    pub fn type_goal(&mut self, text: &str) {
        match Position::parse(text) {
            Ok(goal) => self.set_size_and_goal(goal.side(), Goal::Custom(goal)),
            Err(why) => {
                self.notice = Some(Notice::error(crate::msg!(
                    "sliding-goal-refused",
                    why = why
                )));
            }
        }
    }

    /// A new size: the goal of the same kind on it (a typed goal gives way to blank last).
    pub fn choose_size(&mut self, side: usize) {
        let goal = match self.goal {
            Goal::Custom(_) => Goal::BlankLast,
            named => named,
        };
        self.set_size_and_goal(side, goal);
    }

    /// Plays towards `goal` on a square of `side`. The game goes on from the position on
    /// the board when it can reach the goal there (its moves counted afresh: a new goal is
    /// a new game); otherwise a new game is shuffled, after asking when moves of this one
    /// would be lost.
    fn set_size_and_goal(&mut self, side: usize, goal: Goal) {
        let target = goal.position(side);
        let position = self.play.game.position();
        if position.side() == side && position.reaches(target).is_ok() {
            let was_playing = self.play.game.moves() > 0 && !self.play.game.is_solved();
            self.side = side;
            self.goal = goal;
            self.start_game(position, target);
            if was_playing {
                self.notice = Some(Notice::info(crate::msg!("sliding-goal-kept-position")));
            }
            return;
        }
        if self.play.game.moves() > 0 && !self.play.game.is_solved() {
            self.play.pending_goal = Some((side, goal));
            return;
        }
        self.new_game_towards(side, goal);
    }

    /// A new game shuffled towards `goal` on a square of `side`.
    fn new_game_towards(&mut self, side: usize, goal: Goal) {
        self.side = side;
        self.goal = goal;
        let target = goal.position(side);
        self.play.seed = self.play.seed.wrapping_add(1);
        let start = shuffled(
            target,
            Shuffle::Moves(self.play.shuffle_moves),
            self.play.seed,
        );
        self.start_game(start, target);
    }

    /// The player's answer to "start a new game?": yes plays towards the goal asked for,
    /// no keeps this game and its goal.
    pub fn answer_goal_change(&mut self, new_game: bool) {
        if let Some((side, goal)) = self.play.pending_goal.take()
            && new_game
        {
            self.new_game_towards(side, goal);
        }
    }

    /// Asks whether to give up the game in progress for the size or goal chosen.
    pub(in crate::app::sliding) fn goal_question(&mut self, ctx: &egui::Context) {
        let Some((side, goal)) = self.play.pending_goal else {
            return;
        };
        let why = if side == self.side {
            let position = self.play.game.position();
            position
                .reaches(goal.position(side))
                .err()
                .map_or_else(String::new, |why| why.to_string())
        } else {
            tr!("sliding-other-size", side = side)
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("sliding-new-game")).show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.heading(tr!("sliding-new-game-title"));
            ui.label(tr!(
                "sliding-new-game-text",
                why = why,
                moves = self.play.game.moves()
            ));
            ui.horizontal(|ui| {
                if ui.button(tr!("sliding-new-game-yes")).clicked() {
                    answer = Some(true);
                }
                if ui.button(tr!("sliding-new-game-no")).clicked() {
                    answer = Some(false);
                }
            });
        });
        if let Some(new_game) = answer {
            self.answer_goal_change(new_game);
        }
    }

    /// Plays the blank's `moves` on the board one by one from `from`, the position the
    /// search solved: the computer's solution, so solving the game so sets no best result.
    /// Refused, with the game unchanged, when the game has moved away from `from` since.
    pub fn play_solution(&mut self, from: Position, moves: &[Move]) {
        if self.play.game.position() != from {
            self.notice = Some(Notice::error(crate::msg!("sliding-solution-elsewhere")));
            return;
        }
        self.mode = Mode::Play;
        self.watch.pause();
        self.play.clock_running = false;
        match SolutionReplay::start(&mut self.play.game, moves) {
            Some(replay) => {
                self.play.helped = true;
                self.notice = None;
                self.play.replay = Some(replay);
            }
            None => self.notice = Some(Notice::error(crate::msg!("sliding-solution-elsewhere"))),
        }
    }

    pub(in crate::app::sliding) fn replay_keys(&mut self, ui: &Ui) {
        let Some(replay) = &mut self.play.replay else {
            return;
        };
        for action in crate::app::watch::keys(ui, &mut replay.player.playback, false) {
            self.apply_to_replay(action);
        }
    }

    /// Applies a step control to the solution being played.
    pub(in crate::app::sliding) fn apply_to_replay(&mut self, action: StepAction) {
        let Some(replay) = &mut self.play.replay else {
            return;
        };
        let solved = self.play.game.is_solved();
        replay.apply(&mut self.play.game, action);
        self.replayed(solved);
    }

    /// This frame's moves of the solution being played; true while it plays.
    pub(in crate::app::sliding) fn advance_replay(&mut self, dt: f64, budget: FrameBudget) -> bool {
        let Some(replay) = &mut self.play.replay else {
            return false;
        };
        if self.mode != Mode::Play {
            return false;
        }
        let solved = self.play.game.is_solved();
        let playing = replay.advance(&mut self.play.game, dt, budget);
        self.replayed(solved);
        playing
    }

    /// Says so when the solution played has just solved the game.
    fn replayed(&mut self, was_solved: bool) {
        if self.play.game.is_solved() && !was_solved {
            self.solved();
        }
    }

    /// Runs the clock; true while it runs (a frame is wanted each second at least).
    pub(in crate::app::sliding) fn tick(&mut self, dt: f64) -> bool {
        if self.play.clock_running && self.mode == Mode::Play {
            self.play.elapsed += dt;
            return true;
        }
        false
    }
}

/// Seconds with one decimal.
pub(in crate::app::sliding) fn seconds(s: f64) -> String {
    format!("{s:.1}")
}
