//! The searches' controls: which search, its heuristic, the one compared with it, predict
//! mode, and the step controls while they are watched.

use egui::Ui;

use super::{heuristic_name, run_label};
use crate::app::sliding::controls::picker;
use crate::app::sliding::{Mode, SlidingTab, offered};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{Holding, PuzzleHeuristic};
use crate::tr;
use crate::ui::step_controls::step_controls;

impl SlidingTab {
    /// The furthest step any search watched has reached.
    pub(in crate::app::sliding) fn known_steps(&self) -> usize {
        self.watch
            .sessions
            .iter()
            .map(|s| s.known())
            .max()
            .unwrap_or(0)
    }

    pub(in crate::app::sliding) fn run_controls(&mut self, ui: &mut Ui) {
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

    pub(in crate::app::sliding) fn search_controls(&mut self, ui: &mut Ui) {
        let before = (
            self.watch.algorithm,
            self.watch.heuristic,
            self.watch.compare_with,
            self.watch.holding,
        );
        let mut first = (self.watch.algorithm, self.watch.heuristic);
        let labels = (tr!("sliding-search"), tr!("sliding-heuristic"));
        search_pickers(ui, "sliding-search", labels, &mut first, true);
        (self.watch.algorithm, self.watch.heuristic) = first;
        if self.watch.algorithm.deepening().is_some() {
            let mut path_only = self.watch.holding == Holding::PathOnly;
            ui.checkbox(&mut path_only, tr!("sliding-path-only"))
                .on_hover_text(tr!("sliding-path-only-tip"));
            self.watch.holding = if path_only {
                Holding::PathOnly
            } else {
                Holding::Table
            };
        }
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
            search_pickers(ui, "sliding-compare", labels, second, false);
        }
        if (
            self.watch.algorithm,
            self.watch.heuristic,
            self.watch.compare_with,
            self.watch.holding,
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
    offer_code: bool,
) {
    let label = ui.label(labels.0).id;
    let search_id = format!("{id}-search");
    let mut searches = offered();
    if offer_code {
        searches.push(PathAlgorithm::your_code());
    }
    *algorithm = picker(ui, (&search_id, label), *algorithm, searches, |a| {
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
