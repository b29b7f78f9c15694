//! Drawing a Sokoban position on a board view: walls and floor in the texture (with the
//! solver's heat map when there is one), goals, boxes and the player on top.

use egui::{Color32, Stroke, Ui};

use crate::games::sokoban::colors as sokoban;
use crate::games::sokoban::{Game, Level};
use crate::grid::{Dir, Grid, Pos};
use crate::ui::{BoardInput, BoardView, color};

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
    pub marks: Marks<'a>,
}

/// What a mode marks over a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks<'a> {
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
            marks: Marks::default(),
        }
    }
}

/// Draws a game in progress, with the marks its mode shows.
pub fn draw_game(ui: &mut Ui, view: &mut BoardView, game: &Game, marks: Marks<'_>) -> BoardInput {
    let inside = game.level().inside();
    let has_box = |p| game.has_box(p);
    let position = Position {
        marks,
        ..Position::plain(game.level(), &inside, &has_box, Some(game.player()))
    };
    draw(ui, view, &position)
}

pub fn draw(ui: &mut Ui, view: &mut BoardView, position: &Position<'_>) -> BoardInput {
    let level = position.level;
    view.resize(level.width(), level.height());
    let width = level.width();
    view.paint_all(|p| {
        if level.is_wall(p) {
            color(sokoban::WALL)
        } else if !position.inside[p] {
            color(sokoban::OUTSIDE)
        } else {
            let heat = position
                .heat
                .map_or(0.0, |h| h[p.y as usize * width + p.x as usize]);
            crate::ui::mix(color(sokoban::FLOOR), color(sokoban::HEAT), heat * 0.85)
        }
    });
    view.show(ui, |painter| {
        let cell = painter.cell_size();
        let cross = Stroke::new((cell * 0.05).max(1.0), Color32::from_black_alpha(110));
        for &pos in position.marks.dead {
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
                    .circle_filled(rect.center(), cell * 0.16, color(sokoban::GOAL));
            }
            if (position.boxes)(pos) {
                let fill = if level.is_goal(pos) {
                    color(sokoban::BOX_ON_GOAL)
                } else {
                    color(sokoban::BOX)
                };
                let inner = rect.shrink(cell * 0.1);
                painter.painter.rect_filled(inner, cell * 0.12, fill);
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
        if let Some(pos) = position.marks.picked {
            painter.painter.rect_stroke(
                painter.cell_rect(pos),
                cell * 0.14,
                Stroke::new((cell * 0.08).max(2.0), color(sokoban::HINT)),
                egui::StrokeKind::Inside,
            );
        }
        for &pos in position.marks.stuck {
            let rect = painter.cell_rect(pos).shrink(cell * 0.04);
            painter.painter.rect_stroke(
                rect,
                cell * 0.14,
                Stroke::new((cell * 0.08).max(2.0), color(sokoban::STUCK)),
                egui::StrokeKind::Inside,
            );
        }
        if let Some((pos, dir)) = position.marks.hint {
            let center = painter.cell_rect(pos).center();
            let (dx, dy) = dir.delta();
            let way = egui::vec2(dx as f32, dy as f32) * cell;
            painter.painter.arrow(
                center - way * 0.3,
                way * 0.75,
                Stroke::new((cell * 0.1).max(2.0), color(sokoban::HINT)),
            );
        }
        if let Some(player) = position.player {
            let rect = painter.cell_rect(player);
            if position.player_is_region {
                // A state over pushes knows the squares the player can walk to, not one
                // square: a dot on each of them.
                let dot = color(sokoban::PLAYER).gamma_multiply(0.8);
                for square in player_region(position, player) {
                    let center = painter.cell_rect(square).center();
                    painter.painter.circle_filled(center, cell * 0.13, dot);
                }
            } else {
                painter
                    .painter
                    .circle_filled(rect.center(), cell * 0.32, color(sokoban::PLAYER));
            }
        }
    })
}

/// The squares the player can walk to from `from` without pushing: floor inside the level,
/// not holding a box.
fn player_region(position: &Position<'_>, from: Pos) -> Vec<Pos> {
    let level = position.level;
    let mut seen = Grid::new(level.width(), level.height(), false);
    let open = |p: Pos| {
        position.inside.contains(p)
            && !level.is_wall(p)
            && position.inside[p]
            && !(position.boxes)(p)
    };
    let mut region = vec![];
    let mut stack = vec![from];
    while let Some(p) = stack.pop() {
        if !open(p) || seen[p] {
            continue;
        }
        seen.set(p, true);
        region.push(p);
        stack.extend(Dir::ALL.iter().map(|&d| p.step(d)));
    }
    region
}
