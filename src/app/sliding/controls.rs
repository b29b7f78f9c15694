//! The left panel: the game (size, goal, shuffles, a typed position, undo and restart) and
//! the search (which one, its heuristic, the one compared with it, predict mode, the step
//! controls while it is watched).

use egui::Ui;

use super::{Mode, SlidingTab};
use crate::games::sliding::Goal;
use crate::tr;

impl SlidingTab {
    /// The bar above the board when the left panel is folded away (a narrow window, a
    /// phone): play or watch, and the buttons each needs most.
    pub(super) fn compact_bar(&mut self, ui: &mut Ui) {
        if self.watch.waits_for_tables() {
            self.tables_bar(ui);
        }
        ui.horizontal_wrapped(|ui| {
            self.mode_buttons(ui);
            match self.mode {
                Mode::Play if self.play.replaying() => self.replay_bar(ui),
                Mode::Play => {
                    self.undo_button(ui);
                    self.shuffle_button(ui);
                    self.random_button(ui);
                }
                Mode::Watch => {
                    let (position, known) = (self.shown_step(), self.known_steps());
                    let finished = self.watch.sessions().iter().all(|s| s.finished());
                    let actions = crate::ui::step_controls::step_bar(
                        ui,
                        self.watch.playback(),
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

    pub(super) fn controls(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(tr!("sliding-heading"));
            ui.horizontal(|ui| self.mode_buttons(ui));
            if self.watch.waits_for_tables() {
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
}

pub(in crate::app::sliding) fn size_name(side: usize) -> String {
    match side {
        3 => tr!("sliding-size-8"),
        4 => tr!("sliding-size-15"),
        _ => tr!("sliding-size-n", side = side),
    }
}

pub(in crate::app::sliding) fn goal_name(goal: Goal) -> String {
    match goal {
        Goal::BlankFirst => tr!("sliding-goal-blank-first"),
        Goal::BlankLast => tr!("sliding-goal-blank-last"),
        Goal::Snail => tr!("sliding-goal-snail"),
        Goal::Custom(_) => tr!("sliding-goal-custom"),
    }
}

/// A drop-down of `options`, each shown by `name`, `current` picked, named for screen
/// readers and tests by the label `label`: what is picked after this frame. It takes the
/// panel's width; a name longer than that ends in "…" and shows whole on hover.
pub(in crate::app::sliding) fn picker<T: Copy + PartialEq>(
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
        // Every option in view at once, no scrolling (the student's own code comes last).
        .height(f32::INFINITY)
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
