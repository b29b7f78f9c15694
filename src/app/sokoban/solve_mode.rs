//! Solve mode: starting a search, stepping it, the replay, and the solver's panel.

use egui::{Key, Modifiers, Ui};

use super::compare::Comparison;
use super::{Mode, Replay, SokobanTab, SolveSession};
use crate::app::names;
use crate::games::sokoban::solver::analysis::Analysis;
use crate::games::sokoban::solver::{ALGORITHMS, Detail};
use crate::games::sokoban::{Game, Level};
use crate::grid::Pos;
use crate::tr;
use crate::ui::StepAction;
use crate::ui::step_controls::{FrameBudget, step_controls, step_within_budget};

impl SokobanTab {
    /// Keys while solving: the step controls.
    pub(super) fn solve_keys(&mut self, ui: &Ui) {
        let (space, right, left, home, end, (faster, slower)) = ui.input_mut(|i| {
            (
                i.consume_key(Modifiers::NONE, Key::Space),
                i.consume_key(Modifiers::NONE, Key::ArrowRight),
                i.consume_key(Modifiers::NONE, Key::ArrowLeft),
                i.consume_key(Modifiers::NONE, Key::Home),
                i.consume_key(Modifiers::NONE, Key::End),
                crate::ui::speed_keys(i),
            )
        });
        for (pressed, action) in [
            (space, StepAction::TogglePlay),
            (right, StepAction::Step),
            (left, StepAction::StepBack),
            (home, StepAction::Reset),
            (end, StepAction::RunToEnd),
        ] {
            if pressed {
                self.apply(action);
            }
        }
        if faster {
            self.playback.faster();
        }
        if slower {
            self.playback.slower();
        }
    }

    /// Whether Start solving will start from the position reached in Play (asked for, and
    /// there is such a position) rather than from the level's start.
    pub fn solves_from_play(&self) -> bool {
        self.solve_from_play
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.moves() > 0 && !g.is_won())
    }

    /// The level a search starts from: the level's start, or the position reached in Play.
    fn solve_start(&self) -> Option<Level> {
        let start = if self.solves_from_play() {
            self.game.as_ref().map(Game::position)
        } else {
            self.level().cloned()
        };
        start.filter(|l| l.check().is_ok())
    }

    /// Races BFS, DFS, A* and greedy on the level (see [`Comparison`]).
    pub fn start_comparison(&mut self) {
        self.comparison = self
            .solve_start()
            .map(|level| Comparison::new(level, self.max_states));
    }

    pub fn start_solving(&mut self) {
        if let Some(level) = self.solve_start() {
            self.session = Some(SolveSession::new(
                level,
                self.algorithm,
                self.detail,
                self.max_states,
            ));
            self.replay = None;
        }
    }

    pub fn apply(&mut self, action: StepAction) {
        if let Some(replay) = &mut self.replay {
            let game = &mut replay.game;
            match action {
                StepAction::TogglePlay => {
                    if !self.playback.playing && !game.can_redo() {
                        game.restart();
                    }
                    self.playback.playing = !self.playback.playing;
                }
                StepAction::Step => {
                    self.playback.playing = false;
                    game.redo();
                }
                StepAction::StepBack => {
                    self.playback.playing = false;
                    game.undo();
                }
                StepAction::Reset => {
                    self.playback.playing = false;
                    game.restart();
                }
                StepAction::RunToEnd => {
                    self.playback.playing = false;
                    while game.redo() {}
                }
                StepAction::Seek(k) => {
                    self.playback.playing = false;
                    while game.moves() > k && game.undo() {}
                    while game.moves() < k && game.redo() {}
                }
            }
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        match action {
            StepAction::TogglePlay => {
                if !self.playback.playing && session.at_end() {
                    session.seek(0);
                }
                self.playback.playing = !self.playback.playing;
            }
            StepAction::Step => {
                self.playback.playing = false;
                match session.replaying_to() {
                    Some(target) => session.seek(target + 1),
                    None => {
                        session.step();
                    }
                }
            }
            StepAction::StepBack => {
                self.playback.playing = false;
                let at = session.intended_position().saturating_sub(1);
                session.seek(at);
            }
            StepAction::Reset => {
                self.playback.playing = false;
                session.seek(0);
            }
            StepAction::RunToEnd => {
                self.playback.playing = false;
                session.catch_up = Some(usize::MAX);
            }
            StepAction::Seek(k) => {
                self.playback.playing = false;
                session.seek(k);
            }
        }
    }

    /// This frame's share of solving or replaying, within `budget`; true while more frames
    /// are needed.
    pub(super) fn advance_solve(&mut self, dt: f64, budget: FrameBudget) -> bool {
        let comparing = self.comparison.as_mut().is_some_and(|c| c.advance(budget));
        let portfolio = self.portfolio.as_mut().is_some_and(|p| p.advance());
        self.advance_session(dt, budget) || comparing || portfolio
    }

    fn advance_session(&mut self, dt: f64, budget: FrameBudget) -> bool {
        let due = self.playback.steps_due(dt);
        if let Some(replay) = &mut self.replay {
            for _ in 0..due.min(1000) {
                if !replay.game.redo() {
                    self.playback.playing = false;
                    break;
                }
            }
            return self.playback.playing;
        }
        let Some(session) = &mut self.session else {
            return false;
        };
        let mut busy = false;
        if let Some(target) = session.catch_up {
            let due = target.saturating_sub(session.position());
            step_within_budget(due, budget, || session.step());
            if session.at_end() || session.position() >= target {
                session.catch_up = None;
            } else {
                busy = true;
            }
        } else if due > 0 {
            step_within_budget(due, budget, || session.step());
            if session.at_end() {
                self.playback.playing = false;
            }
        }
        busy || self.playback.playing
    }

    /// Starts replaying the found solution.
    pub fn replay_solution(&mut self) {
        let Some(session) = &self.session else { return };
        let Some(Ok(lurd)) = &session.solution else {
            return;
        };
        let mut game = Game::new(session.level.clone());
        if game.play_lurd(lurd).is_ok() {
            game.restart();
            self.replay = Some(Replay { game });
            self.playback.playing = false;
        }
    }

    pub(super) fn solve_controls(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("pf-algorithm"));
            egui::ComboBox::from_id_salt("sokoban-algorithm")
                .selected_text(names::sokoban_algorithm(self.algorithm))
                .show_ui(ui, |ui| {
                    for a in ALGORITHMS {
                        ui.selectable_value(&mut self.algorithm, a, names::sokoban_algorithm(a));
                    }
                })
                .response
                .labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("solve-states-are"));
            ui.radio_value(&mut self.detail, Detail::Pushes, tr!("solve-states-pushes"));
            ui.radio_value(&mut self.detail, Detail::Moves, tr!("solve-states-moves"));
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("solve-give-up-after"));
            ui.add(
                egui::DragValue::new(&mut self.max_states)
                    .range(1_000..=50_000_000)
                    .speed(10_000),
            )
            .labelled_by(label.id);
            ui.label(tr!("solve-states"));
        });
        let played = self
            .game
            .as_ref()
            .is_some_and(|g| g.moves() > 0 && !g.is_won());
        ui.add_enabled(
            played,
            egui::Checkbox::new(&mut self.solve_from_play, tr!("solve-from-play")),
        )
        .on_hover_text(tr!("solve-from-play-tip"));
        ui.checkbox(&mut self.show_dead_squares, tr!("solve-show-dead"))
            .on_hover_text(tr!("solve-show-dead-tip"));
        let ready = self.level().is_some();
        let (mut solve, mut compare, mut portfolio) = (false, false, false);
        ui.horizontal_wrapped(|ui| {
            solve = ui
                .add_enabled(ready, egui::Button::new(tr!("solve-start")))
                .clicked();
            compare = ui
                .add_enabled(ready, egui::Button::new(tr!("solve-compare")))
                .on_hover_text(tr!("solve-compare-tip"))
                .clicked();
            portfolio = ui
                .add_enabled(ready, egui::Button::new(tr!("solve-portfolio")))
                .on_hover_text(tr!("solve-portfolio-tip"))
                .clicked();
        });
        if solve {
            self.start_solving();
        }
        if compare {
            self.start_comparison();
        }
        if portfolio {
            self.portfolio = self.solve_start().map(|level| {
                super::portfolio_view::PortfolioView::new(
                    &level,
                    self.max_states,
                    self.portfolio_pace,
                )
            });
        }
        if let Some((position, known, finished)) = self.timeline_position() {
            ui.separator();
            if self.replay.is_some() {
                ui.strong(tr!("solve-replaying"));
            }
            for action in step_controls(ui, &mut self.playback, position, known, finished) {
                self.apply(action);
            }
            if self.replay.is_none()
                && let Some(session) = &mut self.session
            {
                let mut predicting = session.predictions.is_some();
                if ui
                    .checkbox(&mut predicting, tr!("predict-toggle"))
                    .on_hover_text(tr!("sk-predict-tip"))
                    .changed()
                {
                    self.playback.playing = false;
                    session.predictions = predicting.then(Default::default);
                }
            }
            if self.replay.is_some() && ui.button(tr!("solve-back-to-search")).clicked() {
                self.replay = None;
            }
        }
    }

    /// Where the step controls stand: the step shown, the furthest known, and whether the
    /// end is known (of the solution's replay while it plays, else of the search).
    pub(super) fn timeline_position(&self) -> Option<(usize, usize, bool)> {
        let session = self.session.as_ref()?;
        Some(match &self.replay {
            Some(r) => (r.game.moves(), r.game.moves() + r.game.redo_len(), true),
            None => (
                session.position(),
                session.timeline.furthest(),
                session.timeline.end().is_some(),
            ),
        })
    }

    /// The dead squares of the level on the Solve board, when they are to be shown.
    pub fn dead_squares_shown(&mut self) -> Vec<Pos> {
        if self.mode != Mode::Solve || !self.show_dead_squares {
            return vec![];
        }
        let level = match &self.session {
            Some(session) => Some(&session.level),
            None => self.level(),
        };
        let Some(level) = level.filter(|l| l.check().is_ok()) else {
            return vec![];
        };
        match &self.dead_squares {
            Some((cached, dead)) if cached == level => dead.clone(),
            _ => {
                let dead: Vec<Pos> = Analysis::new(level).dead_positions().collect();
                self.dead_squares = Some((level.clone(), dead.clone()));
                dead
            }
        }
    }
}
