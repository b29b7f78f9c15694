//! Drawing one run's board: terrain, the search's marks, the expanded node, the path, parent
//! arrows and g / h / f in cells large enough to hold them, and the start and the goal.

use egui::{Color32, Stroke, Ui};

use super::colors::{self, Overlays};
use super::session::Session;
use super::teach::number;
use crate::games::sandbox::Board;
use crate::search::Side;
use crate::ui::{BoardInput, BoardPainter};

/// Overlays that need room: arrows from this cell size (points), numbers from this one.
const ARROWS_FROM: f32 = 14.0;
const NUMBERS_FROM: f32 = 44.0;

/// Draws one session's board with its overlays and returns what the mouse did.
pub(super) fn draw_board(
    ui: &mut Ui,
    session: &mut Session,
    board: &Board,
    overlays: Overlays,
) -> BoardInput {
    let run = session.timeline.current();
    let path = session.path().map(<[_]>::to_vec);
    let expanded = run.last_expanded();
    let (start, goal) = (board.start, board.goal);
    session.view.show(ui, |painter: &BoardPainter| {
        let cell = painter.cell_size();
        if overlays.parents && cell >= ARROWS_FROM {
            let stroke = Stroke::new((cell * 0.06).max(1.0), Color32::from_black_alpha(140));
            for pos in painter.visible_cells() {
                if let Some(parent) = run.info(pos).and_then(|i| i.parent) {
                    painter.arrow(pos, parent, stroke);
                }
            }
        }
        if overlays.numbers && cell >= NUMBERS_FROM {
            let color = crate::ui::color(crate::palette::search::NUMBERS);
            for pos in painter.visible_cells() {
                if let Some(info) = run.info(pos) {
                    painter.cell_text(
                        pos,
                        &format!("g{}", number(info.g)),
                        egui::Align2::LEFT_TOP,
                        color,
                    );
                    painter.cell_text(
                        pos,
                        &format!("h{}", number(info.h)),
                        egui::Align2::RIGHT_TOP,
                        color,
                    );
                    painter.cell_text(
                        pos,
                        &format!("f{}", number(info.f)),
                        egui::Align2::LEFT_BOTTOM,
                        color,
                    );
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
        painter.marker(start, colors::START, "S");
        painter.marker(goal, colors::GOAL, "G");
    })
}
