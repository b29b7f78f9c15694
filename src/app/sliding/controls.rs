//! The left panel: the game (size, goal, shuffles, a typed position, undo and restart) and
//! the search (which one, its heuristic, the one compared with it, predict mode, the step
//! controls while it is watched).

use egui::Ui;

use super::watch::{heuristic_name, run_label};
use super::{Mode, SlidingTab, offered};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{Goal, MAX_SIDE, MIN_SIDE, PuzzleHeuristic, Shuffle};
use crate::tr;
use crate::ui::step_controls::step_controls;

impl SlidingTab {
    /// The bar above the board when the left panel is folded away (a narrow window, a
    /// phone): play or watch, and the buttons each needs most.
    pub(super) fn compact_bar(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            self.mode_buttons(ui);
            match self.mode {
                Mode::Play => {
                    if ui
                        .add_enabled(
                            self.game.moves() > 0,
                            egui::Button::new(tr!("sliding-undo")),
                        )
                        .clicked()
                    {
                        self.undo();
                    }
                    if ui.button(tr!("sliding-shuffle")).clicked() {
                        self.shuffle(Shuffle::Moves(self.shuffle_moves));
                    }
                    if ui.button(tr!("sliding-random")).clicked() {
                        self.shuffle(Shuffle::Uniform);
                    }
                }
                Mode::Watch => {
                    let (position, known) = (self.shown_step(), self.known_steps());
                    let finished = self.sessions.iter().all(|s| s.finished());
                    let actions = crate::ui::step_controls::step_bar(
                        ui,
                        &self.playback,
                        position,
                        known,
                        finished,
                    );
                    for action in actions {
                        self.apply(action);
                    }
                }
            }
        });
    }

    /// Play, or watch the search chosen solve the position.
    fn mode_buttons(&mut self, ui: &mut Ui) {
        if ui
            .selectable_label(self.mode == Mode::Play, tr!("sliding-mode-play"))
            .clicked()
        {
            self.stop_watching();
        }
        if ui
            .selectable_label(self.mode == Mode::Watch, tr!("sliding-mode-watch"))
            .on_hover_text(tr!("sliding-mode-watch-tip"))
            .clicked()
            && self.mode != Mode::Watch
        {
            self.start_watching();
        }
    }

    /// The furthest step any search watched has reached.
    fn known_steps(&self) -> usize {
        self.sessions.iter().map(|s| s.known()).max().unwrap_or(0)
    }

    pub(super) fn controls(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(tr!("sliding-heading"));
            ui.horizontal(|ui| self.mode_buttons(ui));
            if self.watch_when_ready {
                ui.label(tr!("sliding-tables-building"));
            }
            ui.separator();
            match self.mode {
                Mode::Play => self.game_controls(ui),
                Mode::Watch => self.run_controls(ui),
            }
            ui.separator();
            self.search_controls(ui);
        });
    }

    fn game_controls(&mut self, ui: &mut Ui) {
        ui.label(self.score_line());
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(
                    self.game.moves() > 0,
                    egui::Button::new(tr!("sliding-undo")),
                )
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(
                    self.game.moves() > 0,
                    egui::Button::new(tr!("sliding-restart")),
                )
                .clicked()
            {
                self.restart();
            }
        });
        egui::Grid::new("sliding-game")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(tr!("sliding-size"));
                let mut side = self.side;
                egui::ComboBox::from_id_salt("sliding-size")
                    .selected_text(size_name(side))
                    .show_ui(ui, |ui| {
                        for s in MIN_SIDE..=MAX_SIDE {
                            ui.selectable_value(&mut side, s, size_name(s));
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if side != self.side {
                    self.choose_size(side);
                }
                ui.end_row();
                let label = ui.label(tr!("sliding-goal"));
                let mut goal = self.goal;
                egui::ComboBox::from_id_salt("sliding-goal")
                    .selected_text(goal_name(goal))
                    .show_ui(ui, |ui| {
                        for named in Goal::NAMED {
                            ui.selectable_value(&mut goal, named, goal_name(named));
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if goal != self.goal {
                    self.choose_goal(goal);
                }
                ui.end_row();
            });
        let label = ui.label(tr!("sliding-goal-typed"));
        ui.add(egui::TextEdit::singleline(&mut self.goal_text).desired_width(f32::INFINITY))
            .labelled_by(label.id);
        if ui.button(tr!("sliding-set-goal")).clicked() {
            let text = self.goal_text.clone();
            self.type_goal(&text);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("sliding-shuffle-moves"));
            ui.add(egui::DragValue::new(&mut self.shuffle_moves).range(1..=500))
                .labelled_by(label.id);
            if ui
                .button(tr!("sliding-shuffle"))
                .on_hover_text(tr!("sliding-shuffle-tip"))
                .clicked()
            {
                self.shuffle(Shuffle::Moves(self.shuffle_moves));
            }
        });
        if ui
            .button(tr!("sliding-random"))
            .on_hover_text(tr!("sliding-random-tip"))
            .clicked()
        {
            self.shuffle(Shuffle::Uniform);
        }
        let label = ui.label(tr!("sliding-position"));
        ui.add(egui::TextEdit::singleline(&mut self.position_text).desired_width(f32::INFINITY))
            .labelled_by(label.id)
            .on_hover_text(tr!("sliding-position-tip"));
        if ui.button(tr!("sliding-play-position")).clicked() {
            let text = self.position_text.clone();
            self.play_typed(&text);
        }
    }

    fn run_controls(&mut self, ui: &mut Ui) {
        if self.sessions.is_empty() {
            return;
        }
        let (position, known) = (self.shown_step(), self.known_steps());
        let finished = self.sessions.iter().all(|s| s.finished());
        for action in step_controls(ui, &mut self.playback, position, known, finished) {
            self.apply(action);
        }
    }

    fn search_controls(&mut self, ui: &mut Ui) {
        let before = (self.algorithm, self.heuristic, self.compare_with);
        egui::Grid::new("sliding-search")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(tr!("sliding-search"));
                search_picker(ui, "sliding-search-pick", &mut self.algorithm).labelled_by(label.id);
                ui.end_row();
                let label = ui.label(tr!("sliding-heuristic"));
                heuristic_picker(ui, "sliding-heuristic-pick", &mut self.heuristic)
                    .labelled_by(label.id);
                ui.end_row();
            });
        let mut comparing = self.compare_with.is_some();
        ui.checkbox(&mut comparing, tr!("sliding-compare"))
            .on_hover_text(tr!("sliding-compare-tip"));
        match (comparing, &mut self.compare_with) {
            (true, None) => {
                self.compare_with = Some((self.algorithm, PuzzleHeuristic::Misplaced));
            }
            (false, Some(_)) => self.compare_with = None,
            _ => {}
        }
        if let Some((algorithm, heuristic)) = &mut self.compare_with {
            egui::Grid::new("sliding-compare")
                .num_columns(2)
                .show(ui, |ui| {
                    let label = ui.label(tr!("sliding-compare-search"));
                    search_picker(ui, "sliding-compare-pick", algorithm).labelled_by(label.id);
                    ui.end_row();
                    let label = ui.label(tr!("sliding-compare-heuristic"));
                    heuristic_picker(ui, "sliding-compare-heuristic-pick", heuristic)
                        .labelled_by(label.id);
                    ui.end_row();
                });
        }
        if (self.algorithm, self.heuristic, self.compare_with) != before && self.mode == Mode::Watch
        {
            self.start_watching();
        }
        let was = self.predicting;
        ui.checkbox(&mut self.predicting, tr!("sliding-predict"))
            .on_hover_text(tr!("sliding-predict-tip"));
        if self.predicting && !was {
            self.playback.playing = false;
            if self.mode != Mode::Watch {
                self.start_watching();
            }
        }
        if self.mode == Mode::Play {
            ui.label(tr!(
                "sliding-watch-hint",
                search = run_label(self.algorithm, self.heuristic)
            ));
        }
    }
}

fn search_picker(ui: &mut Ui, id: &str, algorithm: &mut PathAlgorithm) -> egui::Response {
    egui::ComboBox::from_id_salt(id)
        .selected_text(crate::app::names::path_algorithm(*algorithm))
        .width(170.0)
        .show_ui(ui, |ui| {
            for a in offered() {
                ui.selectable_value(algorithm, a, crate::app::names::path_algorithm(a));
            }
        })
        .response
}

fn heuristic_picker(ui: &mut Ui, id: &str, heuristic: &mut PuzzleHeuristic) -> egui::Response {
    egui::ComboBox::from_id_salt(id)
        .selected_text(heuristic_name(*heuristic))
        .width(170.0)
        .show_ui(ui, |ui| {
            for h in PuzzleHeuristic::ALL {
                ui.selectable_value(heuristic, h, heuristic_name(h));
            }
        })
        .response
}

fn size_name(side: usize) -> String {
    match side {
        3 => tr!("sliding-size-8"),
        4 => tr!("sliding-size-15"),
        _ => tr!("sliding-size-n", side = side),
    }
}

fn goal_name(goal: Goal) -> String {
    match goal {
        Goal::BlankFirst => tr!("sliding-goal-blank-first"),
        Goal::BlankLast => tr!("sliding-goal-blank-last"),
        Goal::Snail => tr!("sliding-goal-snail"),
        Goal::Custom(_) => tr!("sliding-goal-custom"),
    }
}
