//! Drawing one run's board: terrain, the search's marks, the expanded node, the path, parent
//! arrows and g / h / f in cells large enough to hold them, and the start and the goal.

use egui::{Color32, Stroke, Ui};

use super::colors::{self, Overlays};
use super::session::Session;
use super::teach::number;
use crate::app::tab::AnswerMark;
use crate::games::sandbox::Board;
use crate::search::Side;
use crate::ui::{BoardInput, BoardPainter};

/// Overlays that need room: arrows from this cell size (points), f alone from the next,
/// g, h and f from the last.
pub const ARROWS_FROM: f32 = 14.0;
pub const F_FROM: f32 = 24.0;
pub const GHF_FROM: f32 = 48.0;

/// Draws one session's board with its overlays and returns what the mouse did.
/// `answers`: the cells a student named for the step shown, each outlined by its verdict.
pub(super) fn draw_board(
    ui: &mut Ui,
    session: &mut Session,
    board: &Board,
    overlays: Overlays,
    answers: &[(crate::grid::Pos, AnswerMark)],
) -> BoardInput {
    let run = session.timeline.current();
    let meeting = run.meeting();
    // Iterative deepening and D* Lite's repairs expand cells again: the count is shown.
    let deepening = run.deepening().is_some() || run.algorithm().capabilities().repairs;
    let path = session.path().map(<[_]>::to_vec);
    let expanded = run.last_expanded();
    let (start, goal) = (board.start, board.goal);
    // Where the cells are too small for their numbers (or the numbers are off), the cell
    // under the pointer tells its g, h and f beside it, at any zoom.
    let numbers_drawn = overlays.numbers && session.view.cell_size() >= GHF_FROM;
    // The start's and the goal's markers fill their cells: no number is drawn under them.
    let marked = |pos| pos == start || pos == goal;
    let hover = |pos| {
        let info = run.info(pos).filter(|_| !numbers_drawn || marked(pos))?;
        Some(format!(
            "{pos}   g {}   h {}   f {}",
            number(info.g),
            number(info.h),
            number(info.f)
        ))
    };
    let view = &mut session.view;
    view.show_with_hover(
        ui,
        |painter: &BoardPainter| {
            let cell = painter.cell_size();
            if overlays.parents && cell >= ARROWS_FROM {
                let stroke = Stroke::new((cell * 0.06).max(1.0), Color32::from_black_alpha(140));
                for pos in painter.visible_cells() {
                    if let Some(parent) = run.info(pos).and_then(|i| i.parent) {
                        painter.arrow(pos, parent, stroke);
                    }
                }
            }
            if overlays.numbers && cell >= F_FROM {
                let color = crate::ui::color(crate::palette::search::NUMBERS);
                let border = Stroke::new(1.0, Color32::from_black_alpha(70));
                for pos in painter.visible_cells() {
                    let Some(info) = run.info(pos) else { continue };
                    painter.cell_border(pos, border);
                    if marked(pos) {
                        continue;
                    }
                    if cell >= GHF_FROM {
                        let corner = (0.2, 0.45);
                        let g = format!("g{}", number(info.g));
                        let h = format!("h{}", number(info.h));
                        painter.cell_text(pos, &g, egui::Align2::LEFT_TOP, corner, color);
                        painter.cell_text(pos, &h, egui::Align2::RIGHT_TOP, corner, color);
                        let f = format!("f{}", number(info.f));
                        painter.cell_text(pos, &f, egui::Align2::CENTER_BOTTOM, (0.3, 0.85), color);
                    } else {
                        let f = number(info.f);
                        painter.cell_text(
                            pos,
                            &f,
                            egui::Align2::CENTER_BOTTOM,
                            (0.42, 0.85),
                            color,
                        );
                    }
                }
            }
            if deepening && cell >= ARROWS_FROM {
                // How often iterative deepening has expanded each cell, where it is more than
                // once: where the cell's numbers are not (f fills the middle and the bottom,
                // g and h the top corners).
                let color = crate::ui::color(crate::palette::search::NUMBERS);
                let (align, fit) = match (overlays.numbers, cell) {
                    (true, c) if c >= GHF_FROM => (egui::Align2::CENTER_CENTER, (0.25, 0.5)),
                    (true, c) if c >= F_FROM => (egui::Align2::RIGHT_TOP, (0.3, 0.5)),
                    _ => (egui::Align2::RIGHT_BOTTOM, (0.3, 0.6)),
                };
                for pos in painter.visible_cells() {
                    let times = run.times_expanded(pos);
                    if times > 1 && !marked(pos) {
                        painter.cell_text(pos, &format!("×{times}"), align, fit, color);
                    }
                }
            }
            if overlays.current {
                // The lines of sight the step checked (Theta*): clear ones thin, blocked
                // ones dashed, so a student sees why a cell hangs from where it does.
                for check in run.sight_checks() {
                    let (from, to) = (
                        painter.cell_center(check.from),
                        painter.cell_center(check.to),
                    );
                    let width = (cell * 0.08).clamp(1.0, 3.0);
                    if check.clear {
                        let stroke = Stroke::new(width, colors::SIGHT_CLEAR);
                        painter.painter.line_segment([from, to], stroke);
                    } else {
                        let stroke = Stroke::new(width, colors::SIGHT_BLOCKED);
                        let dash = (cell * 0.3).max(3.0);
                        painter.painter.add(egui::Shape::dashed_line(
                            &[from, to],
                            stroke,
                            dash,
                            dash,
                        ));
                    }
                }
            }
            if overlays.path
                && let Some(path) = &path
            {
                painter.path(
                    path,
                    Stroke::new((cell * 0.25).clamp(2.0, 6.0), colors::PATH),
                );
            }
            if overlays.current
                && let Some((side, pos)) = expanded
            {
                let color = if side == Side::Forward {
                    colors::CURRENT
                } else {
                    colors::VISITED_BACK
                };
                painter.outline(pos, Stroke::new(2.5, color));
            }
            if let Some((meeting, _)) = meeting {
                // Where the two halves of the best path so far join.
                painter.painter.circle_stroke(
                    painter.cell_center(meeting),
                    cell * 0.42,
                    Stroke::new((cell * 0.12).clamp(2.0, 4.0), colors::MEETING),
                );
            }
            for &(pos, mark) in answers {
                let color = match mark {
                    AnswerMark::Right => colors::RIGHT,
                    AnswerMark::Wrong => colors::WRONG,
                    AnswerMark::Picked => colors::MEETING,
                };
                painter.outline(pos, Stroke::new((cell * 0.15).clamp(2.5, 5.0), color));
            }
            painter.marker(start, colors::START, "S");
            painter.marker(goal, colors::GOAL, "G");
        },
        hover,
    )
}
