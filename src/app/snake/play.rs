//! Playing: new games, moves (the player's or a planner's), the keys, the pace, and high
//! scores.

use egui::{Key, Modifiers, Ui};

use super::{MAX_SPEED, MIN_SPEED, Pilot, SnakeTab};
use crate::app::notice::Notice;
use crate::games::snake::{MAX_SIDE, MIN_SIDE, Outcome, SnakeGame, Status};
use crate::grid::Dir;
use crate::ui::StepAction;
use crate::ui::step_controls::{FrameBudget, step_within_budget};

impl SnakeTab {
    /// A new game on the current board with the current seed.
    pub fn restart(&mut self) {
        match SnakeGame::new(self.width, self.height, &self.walls, self.seed) {
            Ok(game) => {
                self.play.game = game;
                self.play.undone.clear();
                self.planners.memories.clear();
                self.play.recorded = false;
                self.play.planner_moved = false;
                self.play.queued = None;
                self.planners.cycle_planner = None;
                self.replan();
            }
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Changes the board size (walls that fit are kept) and starts over.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.width = width.clamp(MIN_SIDE, MAX_SIDE);
        self.height = height.clamp(MIN_SIDE, MAX_SIDE);
        self.walls = self.walls.resized(self.width, self.height, false);
        self.view.resize(self.width, self.height);
        self.restart();
    }

    /// Makes one move: the planner's, or the player's queued one (or straight on).
    pub fn step(&mut self) -> Outcome {
        let dir = match self.planners.pilot {
            Pilot::Player => self
                .play
                .queued
                .take()
                .or(self.play.game.heading())
                .unwrap_or(Dir::Right),
            Pilot::Classic => self
                .planners
                .decision
                .as_ref()
                .map_or(Dir::Up, |d| d.choice),
            Pilot::Cycle => self
                .planners
                .cycle_decision
                .as_ref()
                .map_or(Dir::Up, |d| d.choice),
        };
        self.play.planner_moved |= self.planners.pilot != Pilot::Player;
        // A new move: the moves taken back are gone for good.
        self.play.undone.clear();
        self.make(dir)
    }

    /// Makes the move `dir`, ends the game if it is over, and works out the next decision.
    fn make(&mut self, dir: Dir) -> Outcome {
        let outcome = self.play.game.step(dir);
        if matches!(outcome, Outcome::Died(_) | Outcome::Won) {
            self.play.playing = false;
            self.record();
        }
        self.replan();
        outcome
    }

    /// Takes the last move back, dead or alive: the game as it was before it, with the
    /// planner's view of that position as it was then. False at the start.
    pub fn rewind(&mut self) -> bool {
        let made = self.play.game.moves_made().len();
        let Some(&last) = self.play.game.moves_made().last() else {
            return false;
        };
        self.play.playing = false;
        self.play.undone.push(last);
        self.play.game = self.play.game.rewound_to(made - 1);
        let memory = self.planners.memories.get(made - 1).cloned().flatten();
        if let (Some(memory), Some(Ok(planner))) = (memory, &mut self.planners.cycle_planner) {
            planner.recall(memory);
        }
        self.replan();
        true
    }

    /// Makes again the move taken back last. False when none was.
    pub fn forward(&mut self) -> bool {
        let Some(dir) = self.play.undone.pop() else {
            return false;
        };
        self.play.playing = false;
        self.make(dir);
        true
    }

    pub(super) fn record(&mut self) {
        if self.play.recorded {
            return;
        }
        self.play.recorded = true;
        let score = self.play.game.eaten();
        let assisted = self.play.planner_moved || self.play.game.was_rewound();
        if self.high_scores.record(&self.board_key(), score, assisted) {
            self.notice = Some(Notice::info(crate::msg!("snake-high-score", score = score)));
        }
    }

    /// The player's next move: `dir` (the first one starts a paused game of the player's).
    pub fn steer(&mut self, dir: Dir) {
        self.play.queued = Some(dir);
        if self.planners.pilot == Pilot::Player
            && !self.play.playing
            && self.play.game.status() == Status::Playing
        {
            self.play.playing = true;
        }
    }

    /// A tap (or click) on the board steers toward it: the way from the head that goes most
    /// of the way there. Nothing on the head itself.
    pub fn steer_toward(&mut self, pos: crate::grid::Pos) {
        let head = self.play.game.head();
        let (dx, dy) = (pos.x - head.x, pos.y - head.y);
        let dir = match (dx.abs() >= dy.abs(), dx, dy) {
            (_, 0, 0) => return,
            (true, dx, _) if dx > 0 => Dir::Right,
            (true, _, _) => Dir::Left,
            (false, _, dy) if dy > 0 => Dir::Down,
            (false, _, _) => Dir::Up,
        };
        self.steer(dir);
    }

    pub(super) fn play_keys(&mut self, ui: &Ui) {
        let (dirs, space, step, decision, restart, manual, classic, cycle, (faster, slower)) = ui
            .input_mut(|i| {
                let dirs = crate::ui::consume_direction_keys(i);
                if i.consume_key(Modifiers::NONE, Key::Backspace) {
                    self.apply_to_moves(crate::ui::StepAction::StepBack);
                }
                (
                    dirs,
                    i.consume_key(Modifiers::NONE, Key::Space),
                    i.consume_key(Modifiers::NONE, Key::Period)
                        || i.consume_key(Modifiers::NONE, Key::Enter),
                    i.consume_key(Modifiers::NONE, Key::Comma),
                    i.consume_key(Modifiers::NONE, Key::R),
                    i.consume_key(Modifiers::NONE, Key::Num1),
                    i.consume_key(Modifiers::NONE, Key::Num2),
                    i.consume_key(Modifiers::NONE, Key::Num3),
                    crate::ui::speed_keys(i),
                )
            });
        if let Some(&dir) = dirs.last() {
            self.steer(dir);
        }
        if space {
            self.play.playing = !self.play.playing;
        }
        if step {
            self.play.playing = false;
            self.step();
        }
        if decision {
            self.step_decision(StepAction::Step);
        }
        if restart {
            self.restart();
        }
        for (pressed, pilot) in [
            (manual, Pilot::Player),
            (classic, Pilot::Classic),
            (cycle, Pilot::Cycle),
        ] {
            if pressed {
                self.set_pilot(pilot);
            }
        }
        if faster {
            self.play.speed = (self.play.speed * 1.5).min(MAX_SPEED);
        }
        if slower {
            self.play.speed = (self.play.speed / 1.5).max(MIN_SPEED);
        }
    }

    pub fn set_pilot(&mut self, pilot: Pilot) {
        self.planners.pilot = pilot;
        self.replan();
    }

    /// This frame's moves, within `budget`; true while more frames are needed.
    pub(super) fn advance_play(&mut self, dt: f64, budget: FrameBudget) -> bool {
        if self.advance_moves(budget) {
            return true;
        }
        if !self.play.playing || self.play.game.status() != Status::Playing {
            self.play.pace.reset();
            return false;
        }
        let due = self.play.pace.due(self.play.speed, dt);
        step_within_budget(due, budget, || {
            self.step();
            self.play.playing
        });
        true
    }
}
