//! Drawing a position: tiles on a tray, a tile in its goal place in green; the big board
//! answers clicks on its tiles, the small ones (the frontier's) a click on the whole board.

use egui::{Align2, Color32, FontId, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2, vec2};

use crate::games::sliding::Position;
use crate::games::sliding::colors as sliding;
use crate::tr;
use crate::ui::color;

/// Draws `position` in `rect`, tiles in their place in `goal` tinted.
pub fn paint_position(ui: &Ui, rect: Rect, position: Position, goal: Position) {
    let painter = ui.painter_at(rect);
    let side = position.side();
    let gap = (rect.width() / side as f32 * 0.06).max(1.0);
    painter.rect_filled(rect, gap * 2.0, color(sliding::TRAY));
    let cell = (rect.width() - gap) / side as f32;
    let font = FontId::proportional(cell * 0.45);
    for index in 0..position.len() {
        let tile = position.tile(index);
        if tile == 0 {
            continue;
        }
        let tile_rect = cell_rect(rect, side, index, gap);
        let face = if goal.tile(index) == tile {
            sliding::TILE_HOME
        } else {
            sliding::TILE
        };
        painter.rect_filled(tile_rect, gap * 1.5, color(face));
        painter.text(
            tile_rect.center(),
            Align2::CENTER_CENTER,
            tile.to_string(),
            font.clone(),
            color(sliding::NUMBER),
        );
    }
}

fn cell_rect(board: Rect, side: usize, index: usize, gap: f32) -> Rect {
    let cell = (board.width() - gap) / side as f32;
    let (row, col) = (index / side, index % side);
    let min = board.min + vec2(gap + col as f32 * cell, gap + row as f32 * cell);
    Rect::from_min_size(min, Vec2::splat(cell - gap))
}

/// The board played on, as big as `size` allows: returns the cell clicked, if any. Each
/// tile is a button of its own to screen readers and tests ("Tile 7").
pub fn play_board(ui: &mut Ui, position: Position, goal: Position, size: f32) -> Option<usize> {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    paint_position(ui, rect, position, goal);
    let side = position.side();
    let gap = (rect.width() / side as f32 * 0.06).max(1.0);
    let mut clicked = None;
    for index in 0..position.len() {
        let tile = position.tile(index);
        if tile == 0 {
            continue;
        }
        let response = ui.interact(
            cell_rect(rect, side, index, gap),
            egui::Id::unique(("sliding-tile", index)),
            Sense::click(),
        );
        let label = tr!("sliding-tile", tile = tile as u32);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        if response.clicked() {
            clicked = Some(index);
        }
    }
    clicked
}

/// A small board for the frontier list, outlined in `outline` when given; the whole board
/// is one button named `label`.
pub fn small_board(
    ui: &mut Ui,
    position: Position,
    goal: Position,
    size: f32,
    label: &str,
    outline: Option<Color32>,
) -> Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), Sense::click());
    paint_position(ui, rect, position, goal);
    if let Some(outline) = outline {
        ui.painter()
            .rect_stroke(rect, 3.0, Stroke::new(3.0, outline), StrokeKind::Outside);
    } else if response.hovered() {
        ui.painter().rect_stroke(
            rect,
            3.0,
            Stroke::new(2.0, ui.visuals().widgets.hovered.fg_stroke.color),
            StrokeKind::Outside,
        );
    }
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label));
    response
}
