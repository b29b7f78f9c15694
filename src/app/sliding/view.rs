//! The middle of the tab: the board played on, or each search watched: the position it
//! expanded drawn as a board with its g, h and f, and the frontier as small boards in the
//! order the search takes them (a click on one answers predict mode's question).

use egui::Ui;

use super::{Mode, SlidingTab};
use crate::games::sliding::Position;
use crate::tr;

impl SlidingTab {
    pub(super) fn central(&mut self, ui: &mut Ui) {
        match self.mode {
            Mode::Play => self.play_view(ui),
            Mode::Watch => {
                self.verdict_strip(ui);
                self.watch_view(ui);
            }
        }
    }
}

/// A position written row by row, the rows apart: "1 2 3 / 8 _ 4 / 7 6 5".
pub(in crate::app::sliding) fn rows(position: Position) -> String {
    let side = position.side();
    let tiles: Vec<String> = position
        .tiles()
        .iter()
        .map(|&t| if t == 0 { "_".into() } else { t.to_string() })
        .collect();
    tiles
        .chunks(side)
        .map(|row| row.join(" "))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// Letters of a solution shown whole; a longer one is shown folded, its first and last
/// moves either side of an ellipsis.
const SHOWN_WHOLE: usize = 60;
const SHOWN_EACH_END: usize = 24;

/// The solution found: its length, its moves (folded when long, with a button that copies
/// them whole), what the letters mean and, when `offered`, the button that plays it on the
/// board. True when that button was clicked.
pub(in crate::app::sliding) fn solution_lines(ui: &mut Ui, moves: &str, offered: bool) -> bool {
    ui.label(tr!("sliding-found", moves = moves.len()));
    // A run of letters has no space to wrap at: it breaks anywhere, or it would widen the
    // column past the panel beside it.
    let mut job = egui::text::LayoutJob::simple(
        folded(moves),
        egui::TextStyle::Monospace.resolve(ui.style()),
        ui.visuals().text_color(),
        ui.available_width(),
    );
    job.wrap.break_anywhere = true;
    ui.label(job);
    if moves.len() > SHOWN_WHOLE
        && ui
            .small_button(tr!("sliding-copy-moves"))
            .on_hover_text(tr!("sliding-copy-moves-tip", moves = moves.len()))
            .clicked()
    {
        crate::app::clipboard::copy(ui.ctx(), moves.to_string());
    }
    ui.small(tr!("sliding-letters"));
    offered
        && ui
            .button(tr!("sliding-play-solution"))
            .on_hover_text(tr!("sliding-play-solution-tip"))
            .clicked()
}

/// `moves` whole when short, else its first and last moves either side of an ellipsis.
pub(in crate::app::sliding) fn folded(moves: &str) -> String {
    if moves.len() <= SHOWN_WHOLE {
        return moves.to_string();
    }
    let (head, tail) = (
        &moves[..SHOWN_EACH_END],
        &moves[moves.len() - SHOWN_EACH_END..],
    );
    format!("{head} … {tail}")
}
