//! Drawing the board: walls and floor, the planners' searches as far as they are shown,
//! the plan, the virtual snake, the cycle, the snake and the food; and painting walls.

use egui::{Color32, Stroke, Ui};

use super::{Reveal, SnakeTab};
use crate::grid::Grid;
use crate::ui::mix;

const FLOOR: Color32 = Color32::from_rgb(0xf2, 0xef, 0xe6);
const WALL: Color32 = Color32::from_rgb(0x3a, 0x3f, 0x4b);
const FIELD: Color32 = Color32::from_rgb(0x7f, 0xb8, 0xe0);
const TAIL_SEARCH: Color32 = Color32::from_rgb(0xe6, 0xb3, 0x5c);
const BODY: Color32 = Color32::from_rgb(0x2e, 0x8b, 0x57);
const HEAD: Color32 = Color32::from_rgb(0x1b, 0x5e, 0x20);
const FOOD: Color32 = Color32::from_rgb(0xd6, 0x28, 0x28);
const PLAN: Color32 = Color32::from_rgb(0x24, 0x5c, 0xc4);
const CYCLE: Color32 = Color32::from_rgba_premultiplied(0x30, 0x3a, 0x50, 0x90);

impl SnakeTab {
    pub(super) fn board(&mut self, ui: &mut Ui) {
        let (w, h) = (self.width, self.height);
        self.view.resize(w, h);
        let walls = &self.walls;
        // Cell colours: walls, floor, and the planner's searches as far as they are shown.
        let mut field: Grid<Option<f32>> = Grid::new(w, h, None);
        let mut tail_cells: Grid<bool> = Grid::new(w, h, false);
        let reveals = self.reveals();
        let shown_upto = self.reveal.map(|r| reveals.get(r).copied());
        if self.show_plan
            && let Some(d) = &self.decision
        {
            let food_limit = match shown_upto {
                None => usize::MAX,
                Some(Some(Reveal::FoodSearch(i))) => i + 1,
                _ => usize::MAX,
            };
            if let Some(food) = &d.food {
                let max = food.order.len().max(1) as f32;
                for (i, &cell) in food.order.iter().enumerate().take(food_limit) {
                    field.set(cell, Some(1.0 - i as f32 / max));
                }
            }
            let tail_limit = match shown_upto {
                None => usize::MAX,
                Some(Some(Reveal::TailSearch(i))) => i + 1,
                Some(Some(Reveal::Choice)) => usize::MAX,
                _ => 0,
            };
            if let Some(tail) = &d.virtual_tail {
                for &cell in tail.order.iter().take(tail_limit) {
                    tail_cells.set(cell, true);
                }
            }
        }
        self.view.paint_all(|p| {
            if walls[p] {
                WALL
            } else if let Some(heat) = field[p] {
                mix(FLOOR, FIELD, 0.15 + 0.75 * heat * heat)
            } else {
                FLOOR
            }
        });
        let game = &self.game;
        let show_path = self.show_plan
            && match shown_upto {
                None => true,
                Some(Some(Reveal::FoodSearch(_))) => false,
                _ => true,
            };
        let plan = self
            .decision
            .as_ref()
            .and_then(|d| d.path.clone())
            .filter(|_| show_path);
        let ghost = self
            .decision
            .as_ref()
            .and_then(|d| d.virtual_body.clone())
            .filter(|_| show_path);
        let cycle_path = self
            .cycle_decision
            .as_ref()
            .and_then(|d| d.path.clone())
            .filter(|_| self.show_plan);
        let cycle_order = self
            .cycle_decision
            .as_ref()
            .map(|d| d.cycle.clone())
            .filter(|_| self.show_cycle);
        let input = self.view.show(ui, |painter| {
            let cell = painter.cell_size();
            // The tail check's search: a dot in each cell it reached.
            for p in painter.visible_cells() {
                if tail_cells[p] {
                    painter.painter.circle_filled(
                        painter.cell_rect(p).center(),
                        cell * 0.12,
                        TAIL_SEARCH,
                    );
                }
            }
            if let Some(order) = &cycle_order {
                let mut closed = order.clone();
                closed.extend(order.first());
                painter.path(&closed, Stroke::new((cell * 0.08).max(1.0), CYCLE));
            }
            if let Some(ghost) = &ghost {
                for &p in ghost {
                    let rect = painter.cell_rect(p).shrink(cell * 0.3);
                    painter.painter.rect_stroke(
                        rect,
                        cell * 0.1,
                        Stroke::new(1.5, PLAN),
                        egui::StrokeKind::Inside,
                    );
                }
            }
            for (i, &p) in game.body().iter().enumerate().rev() {
                let t = i as f32 / game.len().max(1) as f32;
                let color = if i == 0 {
                    HEAD
                } else {
                    mix(BODY, Color32::from_rgb(0x9c, 0xd6, 0xa8), t)
                };
                painter.painter.rect_filled(
                    painter.cell_rect(p).shrink(cell * 0.06),
                    cell * 0.2,
                    color,
                );
            }
            if let Some(food) = game.food() {
                painter
                    .painter
                    .circle_filled(painter.cell_rect(food).center(), cell * 0.35, FOOD);
            }
            for path in [&plan, &cycle_path].into_iter().flatten() {
                painter.path(path, Stroke::new((cell * 0.15).clamp(2.0, 5.0), PLAN));
            }
        });
        if self.editing_walls {
            let mut changed = false;
            for pos in input.pressed.into_iter().chain(input.dragged) {
                if !self.game.is_body(pos) && self.game.food() != Some(pos) {
                    let wall = !self.walls[pos];
                    self.walls.set(pos, wall);
                    changed = true;
                }
            }
            if changed {
                self.restart();
            }
        }
    }
}
