//! Drawing a Sokoban position on a board view: walls and floor in the texture (with the
//! solver's heat map when there is one), goals, boxes and the player on top.

use egui::{Color32, Stroke, Ui};

use crate::games::sokoban::Level;
use crate::grid::{Dir, Grid, Pos};
use crate::ui::{BoardInput, BoardView};

const OUTSIDE: Color32 = Color32::from_rgb(0x1e, 0x1e, 0x24);
const WALL: Color32 = Color32::from_rgb(0x5a, 0x4a, 0x3c);
const FLOOR: Color32 = Color32::from_rgb(0xe9, 0xe2, 0xd0);
const HEAT: Color32 = Color32::from_rgb(0xd6, 0x45, 0x2a);
const GOAL: Color32 = Color32::from_rgb(0x2a, 0x9d, 0x8f);
const BOX: Color32 = Color32::from_rgb(0xc8, 0x86, 0x2e);
const BOX_ON_GOAL: Color32 = Color32::from_rgb(0x3a, 0x8f, 0x3e);
const PLAYER: Color32 = Color32::from_rgb(0x24, 0x5c, 0xc4);
const STUCK: Color32 = Color32::from_rgb(0xd6, 0x20, 0x20);
const HINT: Color32 = Color32::from_rgb(0xf0, 0xd0, 0x20);

/// What to draw.
pub struct Position<'a> {
    pub level: &'a Level,
    pub inside: &'a Grid<bool>,
    pub boxes: &'a dyn Fn(Pos) -> bool,
    pub player: Option<Pos>,
    /// A weight in 0..=1 per square (row by row) for the heat map.
    pub heat: Option<&'a [f32]>,
    /// Draw the player as a region marker (push-level states know only the region).
    pub player_is_region: bool,
    /// Squares to mark as dead (no box there can ever reach a goal).
    pub dead: &'a [Pos],
    /// Boxes that can never reach a goal any more, outlined in red.
    pub stuck: &'a [Pos],
    /// A hinted push: the box and the way to push it, drawn as an arrow.
    pub hint: Option<(Pos, Dir)>,
    /// The box being dragged, outlined.
    pub picked: Option<Pos>,
}

impl<'a> Position<'a> {
    /// The level, boxes and player alone: no heat map, marks, hint or picked box.
    pub fn plain(
        level: &'a Level,
        inside: &'a Grid<bool>,
        boxes: &'a dyn Fn(Pos) -> bool,
        player: Option<Pos>,
    ) -> Position<'a> {
        Position {
            level,
            inside,
            boxes,
            player,
            heat: None,
            player_is_region: false,
            dead: &[],
            stuck: &[],
            hint: None,
            picked: None,
        }
    }
}

pub fn draw(ui: &mut Ui, view: &mut BoardView, position: &Position<'_>) -> BoardInput {
    let level = position.level;
    view.resize(level.width(), level.height());
    let width = level.width();
    view.paint_all(|p| {
        if level.is_wall(p) {
            WALL
        } else if !position.inside[p] {
            OUTSIDE
        } else {
            let heat = position
                .heat
                .map_or(0.0, |h| h[p.y as usize * width + p.x as usize]);
            crate::ui::mix(FLOOR, HEAT, heat * 0.85)
        }
    });
    view.show(ui, |painter| {
        let cell = painter.cell_size();
        let cross = Stroke::new((cell * 0.05).max(1.0), Color32::from_black_alpha(110));
        for &pos in position.dead {
            let center = painter.cell_rect(pos).center();
            let arm = cell * 0.14;
            for (dx, dy) in [(arm, arm), (arm, -arm)] {
                painter.painter.line_segment(
                    [center - egui::vec2(dx, dy), center + egui::vec2(dx, dy)],
                    cross,
                );
            }
        }
        for pos in painter.visible_cells() {
            let rect = painter.cell_rect(pos);
            if level.is_goal(pos) {
                painter
                    .painter
                    .circle_filled(rect.center(), cell * 0.16, GOAL);
            }
            if (position.boxes)(pos) {
                let color = if level.is_goal(pos) { BOX_ON_GOAL } else { BOX };
                let inner = rect.shrink(cell * 0.1);
                painter.painter.rect_filled(inner, cell * 0.12, color);
                painter.painter.rect_stroke(
                    inner,
                    cell * 0.12,
                    Stroke::new((cell * 0.06).max(1.0), Color32::from_black_alpha(120)),
                    egui::StrokeKind::Inside,
                );
                if level.is_goal(pos) {
                    painter
                        .painter
                        .circle_filled(rect.center(), cell * 0.12, Color32::WHITE);
                }
            }
        }
        if let Some(pos) = position.picked {
            painter.painter.rect_stroke(
                painter.cell_rect(pos),
                cell * 0.14,
                Stroke::new((cell * 0.08).max(2.0), HINT),
                egui::StrokeKind::Inside,
            );
        }
        for &pos in position.stuck {
            let rect = painter.cell_rect(pos).shrink(cell * 0.04);
            painter.painter.rect_stroke(
                rect,
                cell * 0.14,
                Stroke::new((cell * 0.08).max(2.0), STUCK),
                egui::StrokeKind::Inside,
            );
        }
        if let Some((pos, dir)) = position.hint {
            let center = painter.cell_rect(pos).center();
            let (dx, dy) = dir.delta();
            let way = egui::vec2(dx as f32, dy as f32) * cell;
            painter.painter.arrow(
                center - way * 0.3,
                way * 0.75,
                Stroke::new((cell * 0.1).max(2.0), HINT),
            );
        }
        if let Some(player) = position.player {
            let rect = painter.cell_rect(player);
            if position.player_is_region {
                painter
                    .painter
                    .circle_stroke(rect.center(), cell * 0.3, Stroke::new(2.0, PLAYER));
            } else {
                painter
                    .painter
                    .circle_filled(rect.center(), cell * 0.32, PLAYER);
            }
        }
    })
}
