//! The right panel while a search is watched: its pseudo-code with the lines the step went
//! through, a sentence on the step, predict mode's question and score, the chart of frontier
//! and visited counts, and for the searches run to their end the effective branching factor
//! and the expansions at each depth (the plot where a better heuristic shows its dominance).

use egui::Ui;
use egui_plot::{Line, Plot, PlotPoint, Points};

use super::SlidingTab;
use super::session::PuzzleSession;
use crate::app::predictions::{feedback_naming, panel};
use crate::app::teach_text::number;
use crate::search::{Event, Side, Step};
use crate::tr;

impl SlidingTab {
    pub(super) fn teach_panel(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            let Some(session) = self.sessions.first() else {
                return;
            };
            ui.strong(tr!("sliding-code-heading"));
            let lines = crate::app::listing::pseudocode(session.algorithm);
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            let active = crate::app::listing::active_lines(
                session.algorithm,
                session.last_step(),
                session.run().deepening(),
            );
            crate::ui::pseudocode::pseudocode(ui, &lines, &active);
            ui.label(narrate(session));
            if self.predicting {
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
            let series: Vec<_> = self.sessions.iter().map(|s| &s.series).collect();
            crate::ui::plot::series_plot(ui, "sliding-chart", &series, Some(self.shown_step()));
            ui.separator();
            self.finished_runs(ui);
        });
    }

    /// The searches run to their end on this position: expansions, moves, b*, and the
    /// expansions at each depth on a log scale.
    fn finished_runs(&self, ui: &mut Ui) {
        ui.strong(tr!("sliding-finished-heading"));
        if self.finished.is_empty() {
            ui.label(tr!("sliding-finished-none"));
            return;
        }
        egui::Grid::new("sliding-finished")
            .striped(true)
            .show(ui, |ui| {
                ui.label(tr!("sliding-col-search"));
                ui.label(tr!("sliding-col-expanded"));
                ui.label(tr!("sliding-col-moves"));
                ui.label("b*");
                ui.end_row();
                for run in &self.finished {
                    ui.label(&run.label);
                    ui.label(run.expansions.to_string());
                    ui.label(run.moves.map_or("-".into(), |m| m.to_string()));
                    ui.label(run.branching.map_or("-".into(), |b| format!("{b:.3}")));
                    ui.end_row();
                }
            });
        ui.label(tr!("sliding-depth-heading"));
        let runs: Vec<(String, Vec<PlotPoint>)> = self
            .finished
            .iter()
            .map(|run| {
                let points = run
                    .depths
                    .iter()
                    .enumerate()
                    .filter(|&(_, &n)| n > 0)
                    .map(|(depth, &n)| PlotPoint::new(depth as f64, (n as f64).log10()))
                    .collect();
                (run.label.clone(), points)
            })
            .collect();
        Plot::new("sliding-depths")
            .height(180.0)
            .x_axis_label(tr!("sliding-axis-depth"))
            .y_axis_label(tr!("sliding-axis-expansions"))
            .y_axis_formatter(|mark, _| power_of_ten(mark.value))
            .include_y(0.0)
            .include_x(0.0)
            .allow_scroll(false)
            .legend(egui_plot::Legend::default())
            .show(ui, |plot| {
                for (label, points) in &runs {
                    plot.line(Line::new(label.clone(), points.as_slice()).width(2.0));
                    plot.points(Points::new(label.clone(), points.as_slice()).radius(2.5));
                }
            });
    }
}

/// A tick of the log scale as the count it stands for: 1, 10, 100, 1k, 10k...
fn power_of_ten(exponent: f64) -> String {
    if exponent.fract().abs() > 1e-9 || exponent < 0.0 {
        return String::new();
    }
    match exponent as u32 {
        e @ 0..=2 => 10u64.pow(e).to_string(),
        e @ 3..=5 => format!("{}k", 10u64.pow(e - 3)),
        e => format!("{}M", 10u64.pow(e.saturating_sub(6))),
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
        (true, Side::Backward) => tr!("sliding-narrate-from-goal"),
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
