//! "Predict the next step" in the Sokoban solver: a few frontier positions are drawn as
//! small boards, and the student picks the one the search expands next. The search takes
//! its step and tells whether the pick was right and why, by its own rule.

use egui::{Color32, Ui};

use crate::app::predictions;
use crate::app::sokoban::SokobanTab;
use crate::games::sokoban::Level;
use crate::games::sokoban::solver::predict::{judge, pushed_box};
use crate::games::sokoban::solver::{Position, SokobanRun};
use crate::tr;

/// The side of a square in the small boards (points).
const THUMB_CELL: f32 = 9.0;

impl SokobanTab {
    /// The prediction panel of the solver: the verdict on the last pick, the score, and the
    /// positions to pick from.
    pub(super) fn prediction_panel(&mut self, ui: &mut Ui) {
        let Some(session) = &mut self.solve.session else {
            return;
        };
        let Some(predicting) = &mut session.predictions else {
            return;
        };
        let at = session.timeline.position();
        let run = session.timeline.current();
        let offered = predicting.offered(at, run).cloned();
        let told = |p: &_| predicting.told(at, run, p);
        predictions::panel(
            ui,
            &predicting.answers,
            at,
            run.ended().is_some(),
            tr!("sk-predict-ask"),
            told,
        );
        let Some(offered) = offered else {
            return;
        };
        let level = session.level.clone();
        let mut picked = None;
        // As many small boards a row as the panel holds.
        let width = level.width() as f32 * THUMB_CELL + ui.spacing().item_spacing.x;
        let columns = ((ui.available_width() / width) as usize).max(1);
        for (row, chunk) in offered.positions.chunks(columns).enumerate() {
            ui.horizontal(|ui| {
                for (k, position) in chunk.iter().enumerate() {
                    let number = row * columns + k + 1;
                    ui.vertical(|ui| {
                        let push = pushed_box(run, position);
                        thumbnail(ui, &level, run, position, push.map(|(_, to)| to));
                        let label = match push {
                            Some((from, to)) => tr!(
                                "predict-push-button",
                                number = number,
                                from = from.to_string(),
                                to = to.to_string()
                            ),
                            None => tr!("predict-position", number = number),
                        };
                        if ui.button(label).clicked() {
                            picked = Some(position.clone());
                        }
                    });
                }
            });
        }
        ui.separator();
        if let Some(position) = picked {
            self.predict(position);
        }
    }

    /// Takes `position` as the answer: judges it, takes the step, keeps the answer.
    pub fn predict(&mut self, position: Position) {
        let Some(session) = &mut self.solve.session else {
            return;
        };
        let Some(prediction) = judge(session.run(), position) else {
            return;
        };
        let before = session.timeline.position();
        let offered = (session.predictions.as_mut())
            .and_then(|p| p.offered(before, session.timeline.current()).cloned())
            .map(|c| c.positions)
            .unwrap_or_default();
        self.solve.player.stop();
        session.step();
        let at = session.timeline.position();
        if let Some(predicting) = &mut session.predictions {
            predicting.record(at, prediction, offered);
        }
    }
}

/// A position drawn small: walls, goals, boxes and the player's square.
/// A small board of `position`, the box just pushed (to `pushed`) outlined.
fn thumbnail(
    ui: &mut Ui,
    level: &Level,
    run: &SokobanRun,
    position: &Position,
    pushed: Option<crate::grid::Pos>,
) {
    use crate::games::sokoban::colors;
    use crate::ui::color;
    let cell = THUMB_CELL;
    let size = egui::vec2(level.width() as f32 * cell, level.height() as f32 * cell);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, color(colors::OUTSIDE));
    let at = |pos: crate::grid::Pos| {
        egui::Rect::from_min_size(
            rect.min + egui::vec2(pos.x as f32 * cell, pos.y as f32 * cell),
            egui::vec2(cell, cell),
        )
    };
    for pos in level.positions() {
        let fill = if level.is_wall(pos) {
            colors::WALL
        } else {
            colors::FLOOR
        };
        painter.rect_filled(at(pos), 0.0, color(fill));
        if level.is_goal(pos) {
            painter.circle_filled(at(pos).center(), cell * 0.2, color(colors::GOAL));
        }
    }
    let squares = &run.sokoban().analysis.positions;
    for &square in position.boxes.iter() {
        let pos = squares[square as usize];
        let fill = if level.is_goal(pos) {
            colors::BOX_ON_GOAL
        } else {
            colors::BOX
        };
        painter.rect_filled(at(pos).shrink(1.0), 1.5, color(fill));
        if Some(pos) == pushed {
            painter.rect_stroke(
                at(pos),
                1.5,
                egui::Stroke::new(2.0, color(crate::palette::search::CURRENT)),
                egui::StrokeKind::Inside,
            );
        }
    }
    let player = squares[position.player as usize];
    painter.circle_filled(at(player).center(), cell * 0.32, color(colors::PLAYER));
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, Color32::from_gray(90)),
        egui::StrokeKind::Inside,
    );
}
