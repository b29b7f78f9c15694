//! Frontier size and visited count against step, for the current run and earlier ones.

use egui::{Color32, Ui};
use egui_plot::{Line, LineStyle, Plot, PlotPoint, PlotPoints, VLine};

use crate::tr;
pub use crate::watch::series::{MAX_POINTS, Point, RunSeries};

/// The colour of the `i`th run on a chart.
fn run_color(i: usize) -> Color32 {
    let runs = crate::palette::chart::RUNS;
    super::color(runs[i % runs.len()])
}

/// The y axis's label as shown: egui_plot turns it on its side, which reads in English
/// but not in Chinese (数量 lying down); there the chart's heading names the count alone.
fn y_label(text: String) -> String {
    match crate::i18n::language() {
        crate::i18n::Language::Chinese => String::new(),
        crate::i18n::Language::English => text,
    }
}

/// How wide the y axis must be for the widest count `series` may show, so that its label
/// sits beside the tick labels in the very frame the counts grow (egui_plot widens the axis
/// only a frame after a wider tick label is drawn). Ticks may run a step past the data: the
/// room is for twice the largest count.
fn y_axis_width(ui: &Ui, series: &[&RunSeries]) -> f32 {
    let most = series
        .iter()
        .flat_map(|s| s.frontier.iter().chain(&s.visited))
        .map(|p| p.y)
        .fold(0.0, f64::max);
    let digits = format!("{}", (most * 2.0).ceil() as u64).len();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = ui
        .painter()
        .layout_no_wrap("8".repeat(digits), font, Color32::WHITE)
        .size()
        .x;
    // egui_plot leaves a margin on both sides of a tick label.
    widest + 8.0
}

/// At most one of `points` for each point of `width` (and always the last), for drawing:
/// a series keeps up to [`MAX_POINTS`], but a chart a few hundred points wide shows no more,
/// and a dashed line of two thousand points cost a long run's frame more than the board.
fn thinned(points: &[Point], width: f32) -> Vec<PlotPoint> {
    let every = (points.len() as f32 / width.max(1.0)).ceil().max(1.0) as usize;
    let at = |p: &Point| PlotPoint::new(p.x, p.y);
    let mut shown: Vec<PlotPoint> = points.iter().step_by(every).map(at).collect();
    if let Some(last) = points.last()
        && !(points.len() - 1).is_multiple_of(every)
    {
        shown.push(at(last));
    }
    shown
}

/// The chart's height: what the panel has left, within bounds.
fn plot_height(ui: &Ui) -> f32 {
    (ui.available_height() - 60.0).clamp(120.0, 220.0)
}

/// Labels for a chart's runs, an earlier run with the same label marked as earlier (so no
/// two runs share a legend entry).
fn run_labels(series: &[&RunSeries]) -> Vec<String> {
    let mut labels: Vec<String> = vec![];
    for (i, s) in series.iter().enumerate() {
        let later_twin = series[i + 1..].iter().any(|t| t.label == s.label);
        let mut label = if later_twin {
            tr!("plot-earlier-run", run = &s.label)
        } else {
            s.label.clone()
        };
        while labels.contains(&label) {
            label = tr!("plot-earlier-run", run = &label);
        }
        labels.push(label);
    }
    labels
}

/// The legend under a chart, off its data: each run's colour and label.
fn legend_below(ui: &mut Ui, labels: &[String]) {
    let entries: Vec<(Color32, String)> = labels
        .iter()
        .enumerate()
        .map(|(i, label)| (run_color(i), label.clone()))
        .collect();
    super::legend::legend(ui, &entries);
}

/// A chart of every series (solid: frontier size, dashed: visited), each run in its own
/// colour, with a marker at the current step; its legend below it.
pub fn series_plot(ui: &mut Ui, id: &str, series: &[&RunSeries], current_step: Option<usize>) {
    let labels = run_labels(series);
    let width = ui.available_width();
    Plot::new(id)
        .height(plot_height(ui))
        .x_axis_label(tr!("plot-step"))
        .y_axis_label(y_label(tr!("plot-count")))
        .y_axis_min_width(y_axis_width(ui, series))
        .include_x(0.0)
        .include_x(10.0)
        .include_y(0.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            for (i, (s, label)) in series.iter().zip(&labels).enumerate() {
                let color = run_color(i);
                plot.line(
                    Line::new(
                        label.clone(),
                        PlotPoints::Owned(thinned(&s.frontier, width)),
                    )
                    .color(color)
                    .width(2.0),
                );
                plot.line(
                    Line::new(label.clone(), PlotPoints::Owned(thinned(&s.visited, width)))
                        .color(color)
                        .style(LineStyle::dashed_loose()),
                );
            }
            if let Some(step) = current_step {
                plot.vline(VLine::new(tr!("plot-now"), step as f64).color(Color32::GRAY));
            }
        });
    legend_below(ui, &labels);
}

/// A chart of the frontier size of every series alone (one line each): the lighter chart
/// for comparing several runs at once.
pub fn frontier_plot(ui: &mut Ui, id: &str, series: &[&RunSeries]) {
    let labels = run_labels(series);
    let width = ui.available_width();
    Plot::new(id)
        .height(plot_height(ui))
        .x_axis_label(tr!("plot-step"))
        .y_axis_label(y_label(tr!("plot-frontier")))
        .y_axis_min_width(y_axis_width(ui, series))
        .include_x(0.0)
        .include_x(10.0)
        .include_y(0.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            for (i, (s, label)) in series.iter().zip(&labels).enumerate() {
                plot.line(
                    Line::new(
                        label.clone(),
                        PlotPoints::Owned(thinned(&s.frontier, width)),
                    )
                    .color(run_color(i))
                    .width(2.0),
                );
            }
        });
    legend_below(ui, &labels);
}

/// Counts by depth, one line a run, on a log scale (a count of 1 at 0, 10 at 1, ...): how
/// many expansions each depth took, where one heuristic's dominance over another shows as a
/// line below it. Its legend below it.
pub fn depth_plot(ui: &mut Ui, id: &str, runs: &[(String, Vec<u64>)]) {
    let labels: Vec<String> = runs.iter().map(|(label, _)| label.clone()).collect();
    let lines: Vec<Vec<PlotPoint>> = runs
        .iter()
        .map(|(_, counts)| {
            counts
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(|(depth, &n)| PlotPoint::new(depth as f64, (n as f64).log10()))
                .collect()
        })
        .collect();
    Plot::new(id)
        .height(plot_height(ui))
        .x_axis_label(tr!("plot-depth"))
        .y_axis_label(y_label(tr!("plot-expansions-log")))
        .y_axis_formatter(|mark, _| power_of_ten(mark.value))
        .include_x(0.0)
        .include_y(0.0)
        .include_y(1.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            for (i, (points, label)) in lines.iter().zip(&labels).enumerate() {
                plot.line(
                    Line::new(label.clone(), points.as_slice())
                        .color(run_color(i))
                        .width(2.0),
                );
            }
        });
    legend_below(ui, &labels);
}

/// A tick of a log scale as the count it stands for: 1, 10, 100, 1k, 10k...; none between.
fn power_of_ten(exponent: f64) -> String {
    if exponent.fract().abs() > 1e-9 || exponent < 0.0 {
        return String::new();
    }
    match exponent as u32 {
        e @ 0..=2 => 10u64.pow(e).to_string(),
        e @ 3..=5 => format!("{}k", 10u64.pow(e - 3)),
        e => format!("{}M", 10u64.pow(e.saturating_sub(6).min(12))),
    }
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

    #[test]
    fn a_chart_draws_at_most_a_point_for_each_of_its_width_and_the_last() {
        let points: Vec<Point> = (0..2000)
            .map(|i| Point {
                x: i as f64,
                y: 0.0,
            })
            .collect();
        let shown = thinned(&points, 300.0);
        assert!(shown.len() <= 301, "{} points for 300 wide", shown.len());
        assert!(shown.len() >= 250, "{} points for 300 wide", shown.len());
        assert_eq!(shown.first().map(|p| p.x), Some(0.0));
        assert_eq!(shown.last().map(|p| p.x), Some(1999.0));
        assert!(shown.windows(2).all(|w| w[0].x < w[1].x));
        // A short series is drawn whole.
        assert_eq!(thinned(&points[..100], 300.0).len(), 100);
        assert!(thinned(&[], 300.0).is_empty());
    }

    #[test]
    fn the_log_scale_names_its_powers_of_ten_and_nothing_between() {
        assert_eq!(power_of_ten(0.0), "1");
        assert_eq!(power_of_ten(2.0), "100");
        assert_eq!(power_of_ten(4.0), "10k");
        assert_eq!(power_of_ten(7.0), "10M");
        assert_eq!(power_of_ten(1.5), "");
        assert_eq!(power_of_ten(-1.0), "");
    }

    #[test]
    fn runs_with_the_same_label_are_told_apart() {
        let (a, b, c) = (
            RunSeries::new("A*"),
            RunSeries::new("A*"),
            RunSeries::new("BFS"),
        );
        let labels = run_labels(&[&a, &b, &c]);
        assert_eq!(labels.len(), 3);
        assert_ne!(labels[0], labels[1]);
        assert!(labels[0].contains("A*") && labels[1] == "A*" && labels[2] == "BFS");
    }
}
