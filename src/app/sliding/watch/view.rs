//! Each search watched: the position it expanded drawn as a board with its g, h and f, and
//! the frontier as small boards in the order the search takes them (a click on one answers
//! predict mode's question).

use egui::Ui;

use crate::app::sliding::SlidingTab;
use crate::app::sliding::board::small_board;
use crate::app::sliding::view::solution_lines;
use crate::games::sliding::colors as sliding;
use crate::games::sliding::{Position, Waiting};
use crate::search::{Event, NodeView, Step};
use crate::teach::number;
use crate::tr;
use crate::ui::color;

/// What every column of the watch view is drawn with.
struct Shown {
    goal: Position,
    predicting: bool,
    playing: bool,
    /// The tallest the expanded position's board may be.
    tallest: f32,
}

/// What the student asked for in the watch view this frame.
#[derive(Default)]
struct Asked {
    /// The frontier position clicked in predict mode.
    answer: Option<Position>,
    play_solution: bool,
}

impl SlidingTab {
    pub(in crate::app::sliding) fn watch_view(&mut self, ui: &mut Ui) {
        if self.watch.sessions.is_empty() {
            return self.boards_view(ui);
        }
        self.middle_picker(ui);
        match self.watch.middle {
            super::Middle::Boards => self.boards_view(ui),
            super::Middle::Heuristics => self.heuristics_view(ui),
            super::Middle::Tree | super::Middle::Tables => self.tree_view(ui),
        }
    }

    fn boards_view(&mut self, ui: &mut Ui) {
        // Side by side where there is room for two boards; one under the other on a phone.
        let rows: Vec<Vec<usize>> = if ui.available_width() < 460.0 {
            (0..self.watch.sessions.len()).map(|i| vec![i]).collect()
        } else {
            vec![(0..self.watch.sessions.len()).collect()]
        };
        let shown = Shown {
            goal: self.play.game().goal(),
            predicting: self.watch.predicting,
            playing: self.watch.player.busy(),
            // The expanded board leaves room below it for the frontier on a short window.
            tallest: ui.available_height() * 0.45,
        };
        let mut asked = Asked::default();
        let sessions = &mut self.watch.sessions;
        // As wide as the room between the panels, never as wide as what it held last: a
        // scroll area that shrinks to its content keeps the width a wider window gave it,
        // and ran under the panel beside it once a lesson opened.
        egui::ScrollArea::vertical()
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for row in &rows {
                    ui.columns(row.len().max(1), |columns| {
                        for (column, &i) in columns.iter_mut().zip(row) {
                            // Left-aligned, not justified: a wrapped line spread to the column's
                            // width reads letter by letter ("S o l v e d").
                            let layout = egui::Layout::top_down(egui::Align::Min);
                            column.with_layout(layout, |ui| {
                                ui.set_max_width(ui.available_width());
                                session_column(ui, &mut sessions[i], i == 0, &shown, &mut asked);
                            });
                        }
                    });
                }
            });
        if let Some(answer) = asked.answer {
            self.predict(answer);
        }
        if asked.play_solution {
            self.play_found_solution();
        }
    }
}

/// One search watched: its name, the position it expanded as a board with its values, its
/// counts, the solution once found, and, for the first search (`first`), its frontier.
fn session_column(
    ui: &mut Ui,
    session: &mut super::PuzzleSession,
    first: bool,
    shown: &Shown,
    asked: &mut Asked,
) {
    ui.strong(session.series.label.clone());
    let expanded = session.expanded();
    let view = session.run().node(&expanded);
    let size = (ui.available_width() * 0.6)
        .min(shown.tallest)
        .clamp(90.0, 480.0)
        .min(ui.available_width());
    small_board(
        ui,
        expanded,
        shown.goal,
        size,
        &tr!("sliding-expanded-board"),
        Some(color(sliding::EXPANDED)),
    );
    ui.label(expanded_caption(session.run().ended(), view.as_ref()));
    let run = session.run();
    ui.label(tr!(
        "sliding-counts",
        step = session.position(),
        expanded = run.expansions(),
        frontier = run.frontier_len(),
        visited = run.visited_len()
    ));
    ui.label(tr!(
        "sliding-memory",
        memory = memory_text(run.memory_bytes())
    ));
    if let Some(moves) = session.solution()
        && solution_lines(ui, &moves, first)
    {
        asked.play_solution = true;
    }
    if first {
        ui.separator();
        frontier_cards(ui, session, shown, asked);
    }
}

/// The frontier's first positions as small boards in the order the search takes them,
/// as many a row as fit (a click answers predict mode's question).
fn frontier_cards(
    ui: &mut Ui,
    session: &mut super::PuzzleSession,
    shown: &Shown,
    asked: &mut Asked,
) {
    let told = session
        .predictions
        .at(session.position())
        .map(|p| (p.answer, p.verdict.is_right()));
    let step = session.position();
    let (of_step, (total, first)) = session.preview(shown.playing);
    let (total, first) = (*total, first.clone());
    let own_order = session.algorithm.is_your_code();
    ui.label(match (of_step == step, own_order) {
        (true, false) => tr!("sliding-frontier-heading", count = total),
        (true, true) => tr!("sliding-frontier-heading-code", count = total),
        // Ranking a large frontier each frame would slow the run.
        (false, false) => tr!("sliding-frontier-earlier", count = total, step = of_step),
        (false, true) => tr!(
            "sliding-frontier-earlier-code",
            count = total,
            step = of_step
        ),
    });
    // Cards wide enough for their g, h and f, and on a big window (a projector) as big as
    // two rows of the positions shown allow.
    const NARROWEST: f32 = 84.0;
    const WIDEST: f32 = 160.0;
    let spacing = ui.spacing().item_spacing.x;
    let room = ui.available_width() + spacing;
    let fitting = ((room / (NARROWEST + spacing)).floor() as usize).max(1);
    let per_row = fitting.min(crate::app::sliding::session::PREVIEWED.div_ceil(2));
    let card = (room / per_row as f32 - spacing).clamp(60.0, WIDEST);
    for (row, chunk) in first.chunks(per_row).enumerate() {
        ui.horizontal_top(|ui| {
            for (k, waiting) in chunk.iter().enumerate() {
                let place = row * per_row + k + 1;
                let mark = told.and_then(|(p, right)| (p == waiting.position).then_some(right));
                if frontier_card(ui, place, waiting, shown.goal, card, mark) && shown.predicting {
                    asked.answer = Some(waiting.position);
                }
            }
        });
    }
    if total > first.len() {
        ui.label(tr!("sliding-frontier-more", more = total - first.len()));
    }
}

/// Bytes as a reader takes them in: `12.3 KiB`, `52.1 MiB`.
fn memory_text(bytes: usize) -> String {
    let kib = bytes as f64 / 1024.0;
    if kib < 1024.0 {
        format!("{kib:.1} KiB")
    } else {
        format!("{:.1} MiB", kib / 1024.0)
    }
}

/// What the board of the expanded position says under it.
fn expanded_caption(ended: Option<Step>, view: Option<&NodeView<Position>>) -> String {
    match (ended, view) {
        (
            Some(Step {
                event: Event::Found { .. },
                ..
            }),
            _,
        ) => tr!("sliding-expanded-goal"),
        (_, Some(view)) => tr!(
            "sliding-expanded-values",
            depth = view.depth,
            g = number(view.g),
            h = number(view.h),
            f = number(view.f)
        ),
        (_, None) => tr!("sliding-expanded-start"),
    }
}

/// One frontier position as a small board with its g, h and f under it, outlined green or
/// red when it was the answer given (`mark`: whether it was right). True when clicked.
fn frontier_card(
    ui: &mut Ui,
    place: usize,
    waiting: &Waiting,
    goal: Position,
    size: f32,
    mark: Option<bool>,
) -> bool {
    let (g, h, f) = (
        number(waiting.view.g),
        number(waiting.view.h),
        number(waiting.view.f),
    );
    ui.vertical(|ui| {
        let outline = mark.map(|right| {
            color(if right {
                crate::palette::status::SUCCESS
            } else {
                crate::palette::status::TROUBLE
            })
        });
        let label = tr!(
            "sliding-frontier-board",
            place = place,
            g = &g,
            h = &h,
            f = &f
        );
        ui.set_max_width(size);
        let clicked = small_board(ui, waiting.position, goal, size, &label, outline).clicked();
        // Wrapped to the card, its letters growing with it: a projector's back row reads it.
        let text = egui::RichText::new(format!("g {g}  h {h}  f {f}"))
            .size((size * 0.13).clamp(12.0, 20.0));
        ui.add(egui::Label::new(text).wrap());
        clicked
    })
    .inner
}
