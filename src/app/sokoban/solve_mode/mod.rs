//! Solve mode, a folder of its own whose fields no other mode reaches: the search chosen
//! and watched, the races (`compare`), the portfolio (`portfolio_view`), the replay of a
//! solution, predict mode (`predict`), the panel (`panel`) and a lesson's or a link's way
//! into it (`lesson`).

mod compare;
mod inspect;
mod lesson;
mod panel;
mod portfolio_view;
mod predict;
mod view;

use egui::Ui;

use super::{Mode, SokobanTab, SolveSession};
use crate::app::watch::{Player, keys, standing};
use crate::games::sokoban::names as sokoban_names;
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::games::sokoban::solver::analysis::Analysis;
use crate::games::sokoban::solver::{ALGORITHMS, Detail};
use crate::games::sokoban::{Game, Level};
use crate::grid::Pos;
use crate::tr;
use crate::ui::StepAction;
use crate::ui::step_controls::{FrameBudget, step_controls};
use compare::Comparison;

/// Solving: the search chosen and watched, the races, the portfolio and the replay.
pub(super) struct Solving {
    algorithm: SokobanAlgorithm,
    detail: Detail,
    max_states: usize,
    player: Player,
    session: Option<SolveSession>,
    /// BFS, DFS, A* and greedy raced on the level.
    comparison: Option<compare::Comparison>,
    /// The portfolio of A* and greedy at work on the level.
    portfolio: Option<portfolio_view::PortfolioView>,
    /// What "Solve with the portfolio" gives it: its time (or, for a run the same on any
    /// machine, its expansions).
    portfolio_pace: crate::games::sokoban::solver::portfolio::Pace,
    replay: Option<Replay>,
    /// Solve from the position reached in Play instead of the level's start.
    solve_from_play: bool,
    /// Mark the dead squares on the board while solving.
    show_dead_squares: bool,
    /// The dead squares of the level last asked about.
    dead_squares: Option<(Level, Vec<Pos>)>,
}

impl Solving {
    pub(super) fn new(algorithm: SokobanAlgorithm, detail: Detail) -> Solving {
        Solving {
            algorithm,
            detail,
            max_states: 2_000_000,
            player: Player::default(),
            session: None,
            comparison: None,
            portfolio: None,
            portfolio_pace: portfolio_view::PACE,
            replay: None,
            solve_from_play: false,
            show_dead_squares: true,
            dead_squares: None,
        }
    }

    /// Another level was chosen: what was watched on the last one goes.
    pub(super) fn forget_level(&mut self) {
        (self.session, self.comparison, self.portfolio, self.replay) = (None, None, None, None);
    }

    /// Stops playing the run watched.
    pub(super) fn stop(&mut self) {
        self.player.stop();
    }

    pub(super) fn playback(&self) -> &crate::ui::Playback {
        &self.player.playback
    }

    /// The search watched and the step it stands at, while one is.
    pub(super) fn watched(&self) -> Option<(SokobanAlgorithm, usize)> {
        Some((self.algorithm, self.session.as_ref()?.position()))
    }

    /// The level the search solved and its solution, once one is found.
    pub(super) fn solution_found(&self) -> Option<(Level, String)> {
        let session = self.session.as_ref()?;
        let lurd = session.solution.as_ref()?.as_ref().ok()?;
        Some((session.level.clone(), lurd.clone()))
    }
}

/// A solution being replayed move by move.
struct Replay {
    game: Game,
}

/// The solution's moves, as the player steps them.
impl crate::app::watch::Watched for Replay {
    fn standing(&self) -> crate::app::watch::Standing {
        crate::app::watch::Standing {
            position: self.game.moves(),
            known: self.game.moves() + self.game.redo_len(),
            finished: true,
            at_end: !self.game.can_redo(),
        }
    }

    fn step(&mut self) -> bool {
        self.game.redo()
    }

    fn seek(&mut self, target: usize) {
        while self.game.moves() > target && self.game.undo() {}
        while self.game.moves() < target && self.game.redo() {}
    }
}

impl SokobanTab {
    /// Keys while solving: the step controls.
    pub(super) fn solve_keys(&mut self, ui: &Ui) {
        for action in keys(ui, &mut self.solve.player.playback, false) {
            self.apply(action);
        }
    }

    /// Whether Start solving will start from the position reached in Play (asked for, and
    /// there is such a position) rather than from the level's start.
    pub fn solves_from_play(&self) -> bool {
        self.solve.solve_from_play
            && (self.play.game()).is_some_and(|g| g.moves() > 0 && !g.is_won())
    }

    /// The level a search starts from: the level's start, or the position reached in Play.
    fn solve_start(&self) -> Option<Level> {
        let start = if self.solves_from_play() {
            self.play.game().map(Game::position)
        } else {
            self.level().cloned()
        };
        start.filter(|l| l.check().is_ok())
    }

    /// Races BFS, DFS, A* and greedy on the level (see [`Comparison`]).
    pub fn start_comparison(&mut self) {
        self.solve.comparison = self
            .solve_start()
            .map(|level| Comparison::new(level, self.solve.max_states));
    }

    pub fn start_solving(&mut self) {
        if let Some(level) = self.solve_start() {
            self.solve.session = Some(SolveSession::new(
                level,
                self.solve.algorithm,
                self.solve.detail,
                self.solve.max_states,
            ));
            self.solve.replay = None;
        }
    }

    /// Applies a step control to the solution's replay while it plays, else to the search.
    pub fn apply(&mut self, action: StepAction) {
        if let Some(replay) = &mut self.solve.replay {
            self.solve
                .player
                .apply(std::slice::from_mut(replay), action);
        } else if let Some(session) = &mut self.solve.session {
            self.solve
                .player
                .apply(std::slice::from_mut(session), action);
        }
    }

    /// This frame's share of solving or replaying, within `budget`; true while more frames
    /// are needed.
    pub(super) fn advance_solve(&mut self, dt: f64, budget: FrameBudget) -> bool {
        let comparing = self
            .solve
            .comparison
            .as_mut()
            .is_some_and(|c| c.advance(budget));
        let portfolio = self.solve.portfolio.as_mut().is_some_and(|p| p.advance());
        let stepping = if let Some(replay) = &mut self.solve.replay {
            self.solve
                .player
                .advance(std::slice::from_mut(replay), dt, budget)
        } else if let Some(session) = &mut self.solve.session {
            self.solve
                .player
                .advance(std::slice::from_mut(session), dt, budget)
        } else {
            false
        };
        stepping || comparing || portfolio
    }

    /// Starts replaying the found solution.
    pub fn replay_solution(&mut self) {
        let Some(session) = &self.solve.session else {
            return;
        };
        let Some(Ok(lurd)) = &session.solution else {
            return;
        };
        let mut game = Game::new(session.level.clone());
        if game.play_lurd(lurd).is_ok() {
            game.restart();
            self.solve.replay = Some(Replay { game });
            self.solve.player.stop();
        }
    }

    pub(super) fn solve_controls(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("pf-algorithm"));
            egui::ComboBox::from_id_salt("sokoban-algorithm")
                .selected_text(sokoban_names::sokoban_algorithm(self.solve.algorithm))
                .show_ui(ui, |ui| {
                    for a in ALGORITHMS {
                        ui.selectable_value(
                            &mut self.solve.algorithm,
                            a,
                            sokoban_names::sokoban_algorithm(a),
                        );
                    }
                })
                .response
                .labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("solve-states-are"));
            ui.radio_value(
                &mut self.solve.detail,
                Detail::Pushes,
                tr!("solve-states-pushes"),
            );
            ui.radio_value(
                &mut self.solve.detail,
                Detail::Moves,
                tr!("solve-states-moves"),
            );
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("solve-give-up-after"));
            ui.add(
                egui::DragValue::new(&mut self.solve.max_states)
                    .range(1_000..=50_000_000)
                    .speed(10_000),
            )
            .labelled_by(label.id);
            ui.label(tr!("solve-states"));
        });
        let played = (self.play.game()).is_some_and(|g| g.moves() > 0 && !g.is_won());
        ui.add_enabled(
            played,
            egui::Checkbox::new(&mut self.solve.solve_from_play, tr!("solve-from-play")),
        )
        .on_hover_text(tr!("solve-from-play-tip"));
        ui.checkbox(&mut self.solve.show_dead_squares, tr!("solve-show-dead"))
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
            self.solve.portfolio = self.solve_start().map(|level| {
                portfolio_view::PortfolioView::new(
                    &level,
                    self.solve.max_states,
                    self.solve.portfolio_pace,
                )
            });
        }
        if let Some((position, known, finished)) = self.timeline_position() {
            ui.separator();
            if self.solve.replay.is_some() {
                ui.strong(tr!("solve-replaying"));
            }
            for action in step_controls(
                ui,
                &mut self.solve.player.playback,
                position,
                known,
                finished,
            ) {
                self.apply(action);
            }
            if self.solve.replay.is_none()
                && let Some(session) = &mut self.solve.session
            {
                let mut predicting = session.predictions.is_some();
                if ui
                    .checkbox(&mut predicting, tr!("predict-toggle"))
                    .on_hover_text(tr!("sk-predict-tip"))
                    .changed()
                {
                    self.solve.player.stop();
                    session.predictions = predicting.then(Default::default);
                }
            }
            if self.solve.replay.is_some() && ui.button(tr!("solve-back-to-search")).clicked() {
                self.solve.replay = None;
                self.solve.player.stop();
            }
        }
    }

    /// Where the step controls stand: the step shown, the furthest known, and whether the
    /// end is known (of the solution's replay while it plays, else of the search).
    pub(super) fn timeline_position(&self) -> Option<(usize, usize, bool)> {
        let session = self.solve.session.as_ref()?;
        Some(match &self.solve.replay {
            Some(replay) => standing(std::slice::from_ref(replay)),
            None => standing(std::slice::from_ref(session)),
        })
    }

    /// The dead squares of the level on the Solve board, when they are to be shown.
    pub fn dead_squares_shown(&mut self) -> Vec<Pos> {
        if self.mode != Mode::Solve || !self.solve.show_dead_squares {
            return vec![];
        }
        let level = match &self.solve.session {
            Some(session) => Some(&session.level),
            None => self.level(),
        };
        let Some(level) = level.filter(|l| l.check().is_ok()) else {
            return vec![];
        };
        match &self.solve.dead_squares {
            Some((cached, dead)) if cached == level => dead.clone(),
            _ => {
                let dead: Vec<Pos> = Analysis::new(level).dead_positions().collect();
                self.solve.dead_squares = Some((level.clone(), dead.clone()));
                dead
            }
        }
    }
}
