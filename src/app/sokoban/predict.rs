//! "Predict the next step" in the Sokoban solver: a few frontier positions are drawn as
//! small boards, and the student picks the one the search expands next. The search takes
//! its step and tells whether the pick was right and why, by its own rule.

use egui::{Color32, Ui};

use super::SokobanTab;
use crate::app::predictions::{self, Predictions};
use crate::games::sokoban::Level;
use crate::games::sokoban::solver::predict::{Choices, choices, judge, pushed_box};
use crate::games::sokoban::solver::{Position, SokobanAlgorithm, SokobanRun};
use crate::search::predict::{Measure, Ranking};
use crate::tr;

/// Positions offered at each step.
const CHOICES: usize = 6;

/// The side of a square in the small boards (points).
const THUMB_CELL: f32 = 9.0;

/// The predictions of a solve, and the positions offered at the step shown.
#[derive(Default)]
pub struct SolvePredictions {
    pub answers: Predictions<crate::search::predict::Prediction<Position>>,
    /// The step the choices were made for, and the choices.
    offered: Option<(usize, Option<Choices>)>,
    /// The positions offered for each answer, by the step it led to (to name them).
    answered_from: std::collections::BTreeMap<usize, Vec<Position>>,
}

impl SolvePredictions {
    /// The positions offered at step `at` of `run` (made once per step).
    fn offered(&mut self, at: usize, run: &SokobanRun) -> Option<&Choices> {
        if self.offered.as_ref().is_none_or(|(step, _)| *step != at) {
            self.offered = Some((at, choices(run, CHOICES)));
        }
        self.offered.as_ref()?.1.as_ref()
    }
}

fn rule(algorithm: SokobanAlgorithm) -> String {
    crate::i18n::tr(algorithm.descriptor().rule_key, None)
}

fn measure(algorithm: SokobanAlgorithm) -> String {
    match algorithm.ranking() {
        Ranking::Lowest(Measure::Depth) => tr!("predict-measure-depth"),
        Ranking::Lowest(Measure::H) => "h".into(),
        Ranking::Lowest(_) => "g + h".into(),
        Ranking::Order => String::new(),
    }
}

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
        let algorithm = run.algorithm();
        let offered = predicting.offered(at, run).cloned();
        let answered_from = predicting
            .answered_from
            .get(&at)
            .cloned()
            .unwrap_or_default();
        // A position is named by its push ("the box at (3,4) to (4,4)"), as the student
        // picked it.
        let name = |position: &Position| match pushed_box(run, position) {
            Some((from, to)) => tr!("predict-push", from = from.to_string(), to = to.to_string()),
            None => {
                let number = answered_from
                    .iter()
                    .position(|p| p == position)
                    .map_or(0, |i| i + 1);
                tr!("predict-position", number = number)
            }
        };
        let ask = tr!("sk-predict-ask");
        predictions::panel(
            ui,
            &predicting.answers,
            at,
            run.ended().is_some(),
            ask,
            |p| predictions::feedback_naming(p, rule(algorithm), measure(algorithm), name),
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
            predicting.answers.record(at, prediction);
            predicting.answered_from.insert(at, offered);
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
    use crate::palette::sokoban as colors;
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
