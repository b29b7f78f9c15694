//! Frontier size and visited count against step, for the current run and earlier ones.

use egui::{Color32, Ui};
use egui_plot::{Corner, Legend, Line, LineStyle, Plot, PlotPoint, VLine};

use crate::tr;

/// Points kept per series; past that, every other point goes and the spacing doubles.
const MAX_POINTS: usize = 2048;

/// Two counts sampled along a run: how big the frontier was and how many nodes had been
/// visited, against the step number. Long runs are sampled more sparsely, so a series
/// never takes more than a few thousand points.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunSeries {
    pub label: String,
    pub frontier: Vec<PlotPoint>,
    pub visited: Vec<PlotPoint>,
    stride: usize,
    last_step: Option<usize>,
}

impl RunSeries {
    pub fn new(label: impl Into<String>) -> RunSeries {
        RunSeries {
            label: label.into(),
            stride: 1,
            ..RunSeries::default()
        }
    }

    /// Records the counts at `step`; steps already recorded are ignored (replays).
    pub fn record(&mut self, step: usize, frontier: usize, visited: usize) {
        if self.last_step.is_some_and(|last| step <= last) {
            return;
        }
        self.last_step = Some(step);
        if !step.is_multiple_of(self.stride) {
            return;
        }
        self.frontier
            .push(PlotPoint::new(step as f64, frontier as f64));
        self.visited
            .push(PlotPoint::new(step as f64, visited as f64));
        if self.frontier.len() > MAX_POINTS {
            self.stride *= 2;
            let keep = |p: &PlotPoint| (p.x as usize).is_multiple_of(self.stride);
            self.frontier.retain(keep);
            self.visited.retain(keep);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.frontier.is_empty()
    }
}

/// The colour of the `i`th run on a chart.
fn run_color(i: usize) -> Color32 {
    let runs = crate::palette::chart::RUNS;
    super::color(runs[i % runs.len()])
}

/// A chart of every series (solid: frontier size, dashed: visited), with a marker at
/// the current step.
pub fn series_plot(ui: &mut Ui, id: &str, series: &[&RunSeries], current_step: Option<usize>) {
    Plot::new(id)
        .height(ui.available_height().clamp(120.0, 220.0))
        // Counts mostly grow, so the top-left corner is the one the lines leave empty.
        .legend(Legend::default().position(Corner::LeftTop))
        .x_axis_label(tr!("plot-step"))
        .allow_scroll(false)
        .show(ui, |plot| {
            for (i, s) in series.iter().enumerate() {
                let color = run_color(i);
                plot.line(
                    Line::new(
                        tr!("plot-series-frontier", run = &s.label),
                        s.frontier.as_slice(),
                    )
                    .color(color)
                    .width(2.0),
                );
                plot.line(
                    Line::new(
                        tr!("plot-series-visited", run = &s.label),
                        s.visited.as_slice(),
                    )
                    .color(color)
                    .style(LineStyle::dashed_loose()),
                );
            }
            if let Some(step) = current_step {
                plot.vline(VLine::new(tr!("plot-now"), step as f64).color(Color32::GRAY));
            }
        });
}

/// A chart of the frontier size of every series alone (one line each): the lighter chart
/// for comparing several runs at once.
pub fn frontier_plot(ui: &mut Ui, id: &str, series: &[&RunSeries]) {
    Plot::new(id)
        .height(ui.available_height().clamp(120.0, 220.0))
        .legend(Legend::default().position(Corner::LeftTop))
        .x_axis_label(tr!("plot-step"))
        .y_axis_label(tr!("plot-frontier"))
        .allow_scroll(false)
        .show(ui, |plot| {
            for (i, s) in series.iter().enumerate() {
                plot.line(
                    Line::new(s.label.clone(), s.frontier.as_slice())
                        .color(run_color(i))
                        .width(2.0),
                );
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_are_thinned_and_replays_are_not_recorded_twice() {
        let mut series = RunSeries::new("A*");
        for step in 0..10_000 {
            series.record(step, step * 2, step);
        }
        assert!(series.frontier.len() <= MAX_POINTS);
        assert!(series.frontier.len() > MAX_POINTS / 4);
        let last = series.frontier.last().unwrap();
        assert_eq!(last.y, last.x * 2.0);
        let before = series.clone();
        series.record(500, 0, 0);
        assert_eq!(series, before);
    }
}
