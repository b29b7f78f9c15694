//! Drawing the board: walls and floor, the planners' searches as far as they are shown,
//! the plan, the virtual snake, the cycle, the snake and the food; and painting walls.

use egui::{Stroke, Ui};

use super::{Reveal, SnakeTab};
use crate::games::snake::colors as snake;
use crate::grid::Grid;
use crate::ui::{color, mix};

impl SnakeTab {
    pub(super) fn board(&mut self, ui: &mut Ui) {
        let (w, h) = (self.width, self.height);
        self.view.resize(w, h);
        let walls = &self.walls;
        // Cell colours: walls, floor, and the planner's searches as far as they are shown.
        let mut field: Grid<Option<f32>> = Grid::new(w, h, None);
        let mut tail_cells: Grid<bool> = Grid::new(w, h, false);
        let shown_upto = self.planners.reveal.shown();
        if self.planners.show_plan
            && let Some(d) = &self.planners.decision
        {
            let food_limit = match shown_upto {
                None => usize::MAX,
                Some(Reveal::FoodSearch(i)) => i + 1,
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
                Some(Reveal::TailSearch(i)) => i + 1,
                Some(Reveal::Choice) => usize::MAX,
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
                color(snake::WALL)
            } else if let Some(heat) = field[p] {
                mix(
                    color(snake::FLOOR),
                    color(snake::FIELD),
                    0.15 + 0.75 * heat * heat,
                )
            } else {
                color(snake::FLOOR)
            }
        });
        let game = &self.play.game;
        let show_path = self.planners.show_plan
            && match shown_upto {
                None => true,
                Some(Reveal::FoodSearch(_)) => false,
                _ => true,
            };
        let plan = self
            .planners
            .decision
            .as_ref()
            .and_then(|d| d.path.clone())
            .filter(|_| show_path);
        let ghost = self
            .planners
            .decision
            .as_ref()
            .and_then(|d| d.virtual_body.clone())
            .filter(|_| show_path);
        let cycle_path = self
            .planners
            .cycle_decision
            .as_ref()
            .and_then(|d| d.path.clone())
            .filter(|_| self.planners.show_plan);
        let cycle_order = self
            .planners
            .cycle_decision
            .as_ref()
            .map(|d| d.cycle.clone())
            .filter(|_| self.planners.show_cycle);
        let input = self.view.show(ui, |painter| {
            let cell = painter.cell_size();
            // The tail check's search: a dot in each cell it reached.
            for p in painter.visible_cells() {
                if tail_cells[p] {
                    painter.painter.circle_filled(
                        painter.cell_rect(p).center(),
                        cell * 0.12,
                        color(snake::TAIL_SEARCH),
                    );
                }
            }
            if let Some(order) = &cycle_order {
                let mut closed = order.clone();
                closed.extend(order.first());
                painter.path(
                    &closed,
                    Stroke::new((cell * 0.08).max(1.0), color(snake::CYCLE)),
                );
            }
            if let Some(ghost) = &ghost {
                for &p in ghost {
                    let rect = painter.cell_rect(p).shrink(cell * 0.3);
                    painter.painter.rect_stroke(
                        rect,
                        cell * 0.1,
                        Stroke::new(1.5, color(snake::PLAN)),
                        egui::StrokeKind::Inside,
                    );
                }
            }
            for (i, &p) in game.body().iter().enumerate().rev() {
                let color = color(snake::segment(i, game.len()));
                painter.painter.rect_filled(
                    painter.cell_rect(p).shrink(cell * 0.06),
                    cell * 0.2,
                    color,
                );
            }
            if let Some(food) = game.food() {
                painter.painter.circle_filled(
                    painter.cell_rect(food).center(),
                    cell * 0.35,
                    color(snake::FOOD),
                );
            }
            for path in [&plan, &cycle_path].into_iter().flatten() {
                painter.path(
                    path,
                    Stroke::new((cell * 0.15).clamp(2.0, 5.0), color(snake::PLAN)),
                );
            }
        });
        if !self.editing_walls
            && let Some(pos) = input.pressed
        {
            self.steer_toward(pos);
        }
        if self.editing_walls {
            let mut changed = false;
            for pos in input.pressed.into_iter().chain(input.dragged) {
                if !self.play.game.is_body(pos) && self.play.game.food() != Some(pos) {
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
