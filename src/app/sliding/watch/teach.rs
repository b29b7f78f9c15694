//! The right panel while a search is watched: its pseudo-code with the lines the step went
//! through, a sentence on the step, predict mode's question and score, the chart of frontier
//! and visited counts, and for the searches run to their end the effective branching factor
//! and the expansions at each depth (the plot where a better heuristic shows its dominance).

use egui::Ui;

use super::SlidingTab;
use crate::app::predictions::{feedback_naming, panel};
use crate::app::sliding::session::PuzzleSession;
use crate::search::{Event, Side, Step};
use crate::teach::number;
use crate::tr;

impl SlidingTab {
    pub(in crate::app::sliding) fn teach_panel(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            if self.runs_your_code() {
                // The program in place of the pseudo-code: what the student works on.
                self.code_panel(ui);
                ui.separator();
            }
            let Some(session) = self.watch.sessions.first() else {
                return;
            };
            if !session.algorithm.is_your_code() {
                ui.strong(tr!("sliding-code-heading"));
                let lines = crate::teach::listing::pseudocode(session.algorithm);
                let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
                let active = crate::teach::listing::active_lines(
                    session.algorithm,
                    session.last_step(),
                    session.run().deepening(),
                );
                crate::ui::pseudocode::pseudocode(ui, &lines, &active);
            }
            ui.label(narrate(session));
            if self.watch.predicting {
                ui.separator();
                let over = session.at_end() && session.finished();
                let algorithm = session.algorithm;
                panel(
                    ui,
                    &session.predictions,
                    session.position(),
                    over,
                    tr!("sliding-predict-ask"),
                    |p| {
                        feedback_naming(
                            p,
                            crate::app::predictions::rule(algorithm),
                            crate::app::predictions::measure_name(algorithm),
                            |s| s.to_string(),
                        )
                    },
                );
            }
            ui.separator();
            ui.strong(tr!("sliding-chart-heading"));
            let series: Vec<_> = self.watch.sessions.iter().map(|s| &s.series).collect();
            crate::ui::plot::series_plot(ui, "sliding-chart", &series, Some(self.shown_step()));
            ui.separator();
            self.finished_runs(ui);
        });
    }

    /// The searches run to their end on this position: expansions, moves, b*, and the
    /// expansions at each depth on a log scale.
    fn finished_runs(&self, ui: &mut Ui) {
        ui.strong(tr!("sliding-finished-heading"));
        if self.watch.finished.is_empty() {
            ui.label(tr!("sliding-finished-none"));
            return;
        }
        // One block a search, its numbers on a line of their own: a table's four columns
        // needed more width than a narrow panel has, and the panel grew over the board.
        for run in &self.watch.finished {
            ui.add(egui::Label::new(egui::RichText::new(run.label()).strong()).wrap());
            let numbers = match (run.moves, run.branching) {
                (Some(moves), Some(branching)) => tr!(
                    "sliding-finished-numbers",
                    expanded = run.expansions,
                    moves = moves,
                    branching = format!("{branching:.3}")
                ),
                _ => tr!("sliding-finished-unsolved", expanded = run.expansions),
            };
            ui.add(egui::Label::new(numbers).wrap());
        }
        ui.label(tr!("sliding-depth-heading"));
        let runs: Vec<(String, Vec<u64>)> = self
            .watch
            .finished
            .iter()
            .map(|run| (run.label(), run.depths.clone()))
            .collect();
        crate::ui::plot::depth_plot(ui, "sliding-depths", &runs);
    }
}

/// One sentence about the step just taken.
fn narrate(session: &PuzzleSession) -> String {
    let run = session.run();
    let Some(Step { side, event }) = session.last_step().copied() else {
        return tr!("sliding-narrate-ready");
    };
    let from = match (
        run.meeting().is_some() || session.algorithm.bidirectional().is_some(),
        side,
    ) {
        (true, Side::Backward) => format!(" {}", tr!("sliding-narrate-from-goal")),
        _ => String::new(),
    };
    match event {
        Event::Expanded {
            added, improved, ..
        } => {
            let view = run.last_expanded_view();
            tr!(
                "sliding-narrate-expanded",
                side = from,
                depth = view.as_ref().map_or(0, |v| v.depth),
                g = number(view.as_ref().map_or(0.0, |v| v.g)),
                h = number(view.as_ref().map_or(0.0, |v| v.h)),
                added = added,
                improved = improved
            )
        }
        Event::Found { .. } => tr!(
            "sliding-narrate-found",
            moves = session.solution().map_or(0, |m| m.len()),
            expanded = run.expansions()
        ),
        Event::Exhausted => tr!("sliding-narrate-exhausted"),
        Event::GaveUp(_) => tr!("sliding-narrate-gave-up", expanded = run.expansions()),
    }
}
