//! The rows of a stats grid that say where an iterative deepening run stands, shown alike
//! by the Pathfinding board's IDDFS and IDA* and by the Sokoban solver's IDA*.

use egui::Ui;

use crate::search::{DeepeningLimit, DeepeningStatus};
use crate::teach::number;
use crate::tr;

/// The iteration, its limit, the next limit and the re-expansions, a row each.
pub fn deepening_rows(ui: &mut Ui, d: DeepeningStatus) {
    ui.label(tr!("stats-iteration"));
    ui.label(d.iteration.to_string());
    ui.end_row();
    ui.label(if d.limit == DeepeningLimit::Moves {
        tr!("stats-limit-moves")
    } else {
        tr!("stats-limit-cost")
    });
    ui.label(number(d.bound));
    ui.end_row();
    ui.label(tr!("stats-next-bound"));
    ui.label(d.next_bound.map_or(tr!("stats-next-bound-none"), number));
    ui.end_row();
    ui.label(tr!("stats-re-expanded"));
    ui.label(d.re_expansions.to_string());
    ui.end_row();
}
