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
        if self.watch.watch_when_ready {
            self.tables_bar(ui);
        }
        ui.horizontal_wrapped(|ui| {
            self.mode_buttons(ui);
            match self.mode {
                Mode::Play if self.play.replay.is_some() => self.replay_bar(ui),
                Mode::Play => {
                    self.undo_button(ui);
                    self.shuffle_button(ui);
                    self.random_button(ui);
                }
                Mode::Watch => {
                    let (position, known) = (self.shown_step(), self.known_steps());
                    let finished = self.watch.sessions.iter().all(|s| s.finished());
                    let actions = crate::ui::step_controls::step_bar(
                        ui,
                        &self.watch.player.playback,
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

    /// The solution being played: how far it is, and its step controls.
    fn replay_controls(&mut self, ui: &mut Ui) {
        let Some(replay) = &mut self.play.replay else {
            return;
        };
        let (played, length) = (replay.played(&self.play.game), replay.length());
        ui.strong(tr!("sliding-replaying", played = played, moves = length));
        let actions = step_controls(ui, &mut replay.player.playback, played, length, true);
        for action in actions {
            self.apply_to_replay(action);
        }
        if ui
            .button(tr!("sliding-replay-stop"))
            .on_hover_text(tr!("sliding-replay-stop-tip"))
            .clicked()
        {
            self.play.replay = None;
        }
    }

    /// The solution being played, in the compact bar.
    fn replay_bar(&mut self, ui: &mut Ui) {
        let Some(replay) = &self.play.replay else {
            return;
        };
        let (played, length) = (replay.played(&self.play.game), replay.length());
        let actions =
            crate::ui::step_controls::step_bar(ui, &replay.player.playback, played, length, true);
        for action in actions {
            self.apply_to_replay(action);
        }
    }

    fn undo_button(&mut self, ui: &mut Ui) {
        let undo = egui::Button::new(tr!("sliding-undo"));
        if ui.add_enabled(self.play.game.moves() > 0, undo).clicked() {
            self.undo();
        }
    }

    fn shuffle_button(&mut self, ui: &mut Ui) {
        let button = ui.button(tr!("sliding-shuffle"));
        if button.on_hover_text(tr!("sliding-shuffle-tip")).clicked() {
            self.shuffle(Shuffle::Moves(self.play.shuffle_moves));
        }
    }

    fn random_button(&mut self, ui: &mut Ui) {
        let button = ui.button(tr!("sliding-random"));
        if button.on_hover_text(tr!("sliding-random-tip")).clicked() {
            self.shuffle(Shuffle::Uniform);
        }
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

    /// The pattern database being made for the search that waits for it: how far it is,
    /// and a button that stops it.
    pub(super) fn tables_bar(&mut self, ui: &mut Ui) {
        let progress = self.tables.progress().unwrap_or(0.0);
        ui.label(tr!("sliding-tables-building"));
        ui.add(egui::ProgressBar::new(progress).show_percentage())
            .on_hover_text(tr!("sliding-tables-building-tip"));
        if ui.button(tr!("sliding-tables-cancel")).clicked() {
            self.cancel_tables();
        }
    }

    /// The furthest step any search watched has reached.
    fn known_steps(&self) -> usize {
        self.watch
            .sessions
            .iter()
            .map(|s| s.known())
            .max()
            .unwrap_or(0)
    }

    pub(super) fn controls(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(tr!("sliding-heading"));
            ui.horizontal(|ui| self.mode_buttons(ui));
            if self.watch.watch_when_ready {
                self.tables_bar(ui);
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
        if self.play.replay.is_some() {
            self.replay_controls(ui);
            ui.separator();
        }
        ui.horizontal_wrapped(|ui| {
            self.undo_button(ui);
            let button = egui::Button::new(tr!("sliding-restart"));
            if ui.add_enabled(self.play.game.moves() > 0, button).clicked() {
                self.restart();
            }
        });
        let label = ui.label(tr!("sliding-size")).id;
        let side = picker(
            ui,
            ("sliding-size", label),
            self.side,
            MIN_SIDE..=MAX_SIDE,
            size_name,
        );
        if side != self.side {
            self.choose_size(side);
        }
        let label = ui.label(tr!("sliding-goal")).id;
        let goal = picker(
            ui,
            ("sliding-goal", label),
            self.goal,
            Goal::NAMED,
            goal_name,
        );
        if goal != self.goal {
            self.choose_goal(goal);
        }
        super::board::small_board(
            ui,
            self.play.game.goal(),
            self.play.game.goal(),
            84.0,
            &tr!("sliding-goal-board"),
            None,
        );
        let label = ui.label(tr!("sliding-goal-typed"));
        ui.add(egui::TextEdit::singleline(&mut self.play.goal_text).desired_width(f32::INFINITY))
            .labelled_by(label.id);
        if ui.button(tr!("sliding-set-goal")).clicked() {
            let text = self.play.goal_text.clone();
            self.type_goal(&text);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("sliding-shuffle-moves"));
            ui.add(egui::DragValue::new(&mut self.play.shuffle_moves).range(1..=500))
                .labelled_by(label.id);
            self.shuffle_button(ui);
        });
        self.random_button(ui);
        let label = ui.label(tr!("sliding-position"));
        ui.add(
            egui::TextEdit::singleline(&mut self.play.position_text).desired_width(f32::INFINITY),
        )
        .labelled_by(label.id)
        .on_hover_text(tr!("sliding-position-tip"));
        if ui.button(tr!("sliding-play-position")).clicked() {
            let text = self.play.position_text.clone();
            self.play_typed(&text);
        }
    }

    fn run_controls(&mut self, ui: &mut Ui) {
        if self.watch.sessions.is_empty() {
            return;
        }
        let (position, known) = (self.shown_step(), self.known_steps());
        let finished = self.watch.sessions.iter().all(|s| s.finished());
        for action in step_controls(
            ui,
            &mut self.watch.player.playback,
            position,
            known,
            finished,
        ) {
            self.apply(action);
        }
    }

    fn search_controls(&mut self, ui: &mut Ui) {
        let before = (
            self.watch.algorithm,
            self.watch.heuristic,
            self.watch.compare_with,
        );
        let mut first = (self.watch.algorithm, self.watch.heuristic);
        let labels = (tr!("sliding-search"), tr!("sliding-heuristic"));
        search_pickers(ui, "sliding-search", labels, &mut first);
        (self.watch.algorithm, self.watch.heuristic) = first;
        let mut comparing = self.watch.compare_with.is_some();
        ui.checkbox(&mut comparing, tr!("sliding-compare"))
            .on_hover_text(tr!("sliding-compare-tip"));
        match (comparing, &mut self.watch.compare_with) {
            (true, None) => {
                self.watch.compare_with = Some((self.watch.algorithm, PuzzleHeuristic::Misplaced));
            }
            (false, Some(_)) => self.watch.compare_with = None,
            _ => {}
        }
        if let Some(second) = &mut self.watch.compare_with {
            let labels = (
                tr!("sliding-compare-search"),
                tr!("sliding-compare-heuristic"),
            );
            search_pickers(ui, "sliding-compare", labels, second);
        }
        if (
            self.watch.algorithm,
            self.watch.heuristic,
            self.watch.compare_with,
        ) != before
            && self.mode == Mode::Watch
        {
            self.start_watching();
        }
        let was = self.watch.predicting;
        ui.checkbox(&mut self.watch.predicting, tr!("sliding-predict"))
            .on_hover_text(tr!("sliding-predict-tip"));
        if self.watch.predicting && !was {
            self.watch.player.playback.playing = false;
            if self.mode != Mode::Watch {
                self.start_watching();
            }
        }
        if self.mode == Mode::Play {
            ui.label(tr!(
                "sliding-watch-hint",
                search = run_label(self.watch.algorithm, self.watch.heuristic)
            ));
        }
    }
}

/// A search and its heuristic, each picked from a drop-down under its label.
fn search_pickers(
    ui: &mut Ui,
    id: &str,
    labels: (String, String),
    (algorithm, heuristic): &mut (PathAlgorithm, PuzzleHeuristic),
) {
    let label = ui.label(labels.0).id;
    let search_id = format!("{id}-search");
    *algorithm = picker(ui, (&search_id, label), *algorithm, offered(), |a| {
        crate::names::path_algorithm(a)
    });
    let label = ui.label(labels.1).id;
    let heuristic_id = format!("{id}-heuristic");
    *heuristic = picker(
        ui,
        (&heuristic_id, label),
        *heuristic,
        PuzzleHeuristic::ALL,
        heuristic_name,
    );
}

/// A drop-down of `options`, each shown by `name`, `current` picked, named for screen
/// readers and tests by the label `label`: what is picked after this frame. It takes the
/// panel's width; a name longer than that ends in "…" and shows whole on hover.
fn picker<T: Copy + PartialEq>(
    ui: &mut Ui,
    (id, label): (&str, egui::Id),
    current: T,
    options: impl IntoIterator<Item = T>,
    name: impl Fn(T) -> String,
) -> T {
    let mut picked = current;
    let shown = name(current);
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown.clone())
        .width(ui.available_width())
        .truncate()
        .show_ui(ui, |ui| {
            for option in options {
                ui.selectable_value(&mut picked, option, name(option));
            }
        })
        .response
        .labelled_by(label)
        .on_hover_text(shown);
    picked
}

fn size_name(side: usize) -> String {
    match side {
        3 => tr!("sliding-size-8"),
        4 => tr!("sliding-size-15"),
        _ => tr!("sliding-size-n", side = side),
    }
}

pub(super) fn goal_name(goal: Goal) -> String {
    match goal {
        Goal::BlankFirst => tr!("sliding-goal-blank-first"),
        Goal::BlankLast => tr!("sliding-goal-blank-last"),
        Goal::Snail => tr!("sliding-goal-snail"),
        Goal::Custom(_) => tr!("sliding-goal-custom"),
    }
}
