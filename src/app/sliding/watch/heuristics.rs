//! The textbook's table of heuristics, made live in the middle of Watch: 100 random 八数码
//! positions at each even depth from 2 to 24 toward the tab's goal, A* with misplaced tiles,
//! Manhattan distance and linear conflicts on each, the mean count and b* of each row, and
//! the means plotted against the depth. It is made over frames, a share of the runs each.

use egui::Ui;
use egui_plot::{Legend, Line, Plot, PlotPoints};

use crate::app::sliding::SlidingTab;
use crate::games::sliding::{Comparison, Position, PuzzleHeuristic, search_tree::heuristic_letter};
use crate::tr;
use crate::ui::step_controls::{BudgetOfFrames, FrameBudget};

/// The depths the book's table has (Russell and Norvig, 3rd ed., Figure 3.29).
const DEPTHS: [usize; 12] = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24];
const PER_DEPTH: usize = 100;
const SEED: u64 = 1;
/// Iterative deepening runs to this depth (the book's column stops at 12, where it expands
/// 3.6 million nodes a position; at 10 it is a few seconds in a browser).
const IDS_TO: usize = 10;
const HEURISTICS: [PuzzleHeuristic; 3] = [
    PuzzleHeuristic::Misplaced,
    PuzzleHeuristic::Manhattan,
    PuzzleHeuristic::LinearConflict,
];

/// The comparison toward one goal, as far as it has got, and what it counts.
#[derive(Default)]
pub(in crate::app::sliding) struct HeuristicsTable {
    made: Option<(Position, Result<Comparison, String>)>,
    generated: bool,
}

/// The comparison toward `goal` in `made`, begun afresh for another goal.
fn toward(
    made: &mut Option<(Position, Result<Comparison, String>)>,
    goal: Position,
) -> &mut Result<Comparison, String> {
    if made.as_ref().map(|(g, _)| *g) != Some(goal) {
        let comparison = Comparison::new(goal, &DEPTHS, PER_DEPTH, SEED, &HEURISTICS)
            .map(|c| c.with_ids_to(IDS_TO));
        *made = Some((goal, comparison));
    }
    &mut made.as_mut().expect("just made").1
}

impl SlidingTab {
    /// The table and its plot toward the game's goal, a frame's share of the runs made.
    pub(in crate::app::sliding) fn heuristics_view(&mut self, ui: &mut Ui) {
        let goal = self.play.game().goal();
        let HeuristicsTable { made, generated } = &mut self.watch.heuristics;
        let comparison = match toward(made, goal) {
            Ok(comparison) => comparison,
            Err(why) => {
                ui.label(tr!("sliding-compare-refused", why = why.as_str()));
                return;
            }
        };
        if let Err(why) = make_some(ui.ctx(), comparison) {
            ui.label(why);
            return;
        }
        ui.label(tr!("sliding-compare-intro", per_depth = PER_DEPTH));
        ui.small(tr!("sliding-compare-book"));
        let (done, all) = comparison.progress();
        if !comparison.done() {
            ui.add(
                egui::ProgressBar::new(done as f32 / all.max(1) as f32).text(tr!(
                    "sliding-compare-progress",
                    done = done,
                    all = all
                )),
            );
            ui.ctx().request_repaint();
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("sliding-compare-count"));
            ui.selectable_value(generated, false, tr!("sliding-compare-expanded"));
            ui.selectable_value(generated, true, tr!("sliding-compare-generated"));
        });
        let generated = *generated;
        egui::ScrollArea::vertical()
            .auto_shrink([false, true])
            .show(ui, |ui| {
                table_grid(ui, comparison, generated);
                plot(ui, comparison, generated);
            });
    }
}

/// Runs a frame's share of the comparison's A* runs.
fn make_some(ctx: &egui::Context, comparison: &mut Comparison) -> Result<(), String> {
    let budget = <FrameBudget as BudgetOfFrames>::of(ctx);
    let began = web_time::Instant::now();
    let mut runs = 0;
    while !comparison.done() {
        let more = match budget {
            FrameBudget::Time(time) => runs == 0 || began.elapsed() < time,
            FrameBudget::Steps(steps) => runs < steps,
        };
        if !more {
            break;
        }
        comparison.run_one()?;
        runs += 1;
    }
    Ok(())
}

/// A heuristic's column heading: the textbook's letter (the legend above names it).
fn heading(heuristic: PuzzleHeuristic) -> String {
    format!("{}(n)", heuristic_letter(heuristic))
}

/// What each column's letter stands for: `w(n): misplaced tiles · p(n): ...`.
fn legend(heuristics: &[PuzzleHeuristic]) -> String {
    let columns: Vec<String> = heuristics
        .iter()
        .map(|&h| format!("{}: {}", heading(h), h.name()))
        .collect();
    format!("{} · {}", tr!("sliding-compare-ids"), columns.join(" · "))
}

fn table_grid(ui: &mut Ui, comparison: &Comparison, generated: bool) {
    ui.label(legend(comparison.heuristics()));
    egui::Grid::new("sliding-heuristics-table")
        .striped(true)
        .show(ui, |ui| {
            ui.strong(tr!("sliding-compare-depth"));
            ui.strong(tr!("sliding-compare-ids-column"));
            ui.strong("b*");
            for &heuristic in comparison.heuristics() {
                ui.strong(heading(heuristic));
                ui.strong("b*");
            }
            ui.end_row();
            for row in comparison.rows() {
                ui.label(row.depth.to_string());
                // IDS's generated positions are not counted; past its depth it is not run.
                match row.ids.filter(|_| !generated) {
                    Some((count, b)) => {
                        ui.label(crate::teach::number(count.round()));
                        ui.label(b.map_or("—".to_owned(), |b| format!("{b:.2}")));
                    }
                    None => {
                        ui.label("—");
                        ui.label("—");
                    }
                }
                for cell in &row.cells {
                    let (count, b) = if generated {
                        (cell.generated, cell.generated_b_star)
                    } else {
                        (cell.mean, cell.b_star)
                    };
                    ui.label(crate::teach::number(count.round()));
                    ui.label(b.map_or("—".to_owned(), |b| format!("{b:.2}")));
                }
                ui.end_row();
            }
        });
}

/// The mean counts against the depth, on a scale of powers of ten.
fn plot(ui: &mut Ui, comparison: &Comparison, generated: bool) {
    let height = (ui.available_width() * 0.45).clamp(160.0, 320.0);
    Plot::new("sliding-heuristics-plot")
        .legend(Legend::default())
        .height(height)
        .allow_scroll(false)
        .x_axis_label(tr!("sliding-compare-depth"))
        .y_axis_formatter(|mark, _| format!("{:.0}", 10f64.powf(mark.value)))
        .show(ui, |plot| {
            let ids: PlotPoints = comparison
                .rows()
                .iter()
                .filter_map(|row| Some([row.depth as f64, row.ids?.0.max(1.0).log10()]))
                .collect();
            if !generated {
                plot.line(Line::new(tr!("sliding-compare-ids-column"), ids));
            }
            for (i, &heuristic) in comparison.heuristics().iter().enumerate() {
                let points: PlotPoints = comparison
                    .rows()
                    .iter()
                    .map(|row| {
                        let cell = row.cells[i];
                        let count = if generated { cell.generated } else { cell.mean };
                        [row.depth as f64, count.max(1.0).log10()]
                    })
                    .collect();
                plot.line(Line::new(heading(heuristic), points));
            }
        });
}
