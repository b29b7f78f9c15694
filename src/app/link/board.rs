//! Drawing the board: the ring around it, tiles by shape, colour and letter, the search's
//! tints by turns taken, the selection, the hint, the link just made.

use egui::{Color32, Stroke, Ui};

use super::LinkTab;
use crate::games::link::SYMBOLS;
use crate::games::link::colors as link;
use crate::games::link::tints::SearchTints;
use crate::grid::Pos;
use crate::ui::color;

impl LinkTab {
    pub(super) fn board(&mut self, ui: &mut Ui) {
        let (w, h) = (self.deal.width as i32, self.deal.height as i32);
        self.view.resize(self.deal.width + 2, self.deal.height + 2);
        let tints = self
            .searching
            .shown
            .as_ref()
            .map(|s| SearchTints::of(s.search(), self.deal.width, self.deal.height));
        let board = self.game.board().clone();
        self.view.paint_all(|v| {
            let p = Pos::new(v.x - 1, v.y - 1);
            let (reached, in_frontier) = tints.as_ref().map_or((None, false), |t| {
                (t.reached.get(v).copied().flatten(), t.frontier[v])
            });
            color(link::square(board.contains(p), reached, in_frontier))
        });
        let selected = self.game.selected();
        let hint = self.play.hint;
        let refused = self.play.refused.map(|r| r.0);
        let flash = self.play.flash.as_ref().map(|f| f.0.clone());
        // The naive search's cells as far as it has got beside the shown search.
        let naive_cells = self.searching.shown.as_ref().and_then(|s| {
            let (_, visited) = s.naive.as_ref()?;
            let progress = super::teach::NaiveProgress::at(s.steps(), visited.len(), s.finished);
            Some(visited[..progress.visited].to_vec())
        });
        // The cell a student predicted for the step shown, and whether it was right.
        let answer = self.searching.shown.as_ref().and_then(|s| {
            let prediction = s.predictions.at(s.steps())?;
            Some((prediction.answer, prediction.verdict.is_right()))
        });
        let input = self.view.show(ui, |painter| {
            let cell = painter.cell_size();
            if let Some(cells) = &naive_cells {
                for p in cells {
                    let c = painter.cell_center(Pos::new(p.x + 1, p.y + 1));
                    painter.painter.circle_stroke(
                        c,
                        cell * 0.42,
                        Stroke::new(1.0, Color32::from_black_alpha(90)),
                    );
                }
            }
            for p in board.positions() {
                let Some(kind) = board.tile(p) else { continue };
                let v = Pos::new(p.x + 1, p.y + 1);
                draw_tile(painter, v, kind, cell);
                let highlight = if Some(p) == selected {
                    Some(color(link::SELECTED))
                } else if Some(p) == refused {
                    Some(color(link::REFUSED))
                } else if hint.is_some_and(|(a, b)| a == p || b == p) {
                    Some(color(link::HINTED))
                } else {
                    None
                };
                if let Some(color) = highlight {
                    painter.painter.rect_stroke(
                        painter.cell_rect(v).shrink(1.0),
                        4.0,
                        Stroke::new(3.0, color),
                        egui::StrokeKind::Inside,
                    );
                }
            }
            if let Some((p, right)) = answer {
                let status = if right {
                    crate::palette::status::SUCCESS
                } else {
                    crate::palette::status::TROUBLE
                };
                painter.outline(
                    Pos::new(p.x + 1, p.y + 1),
                    Stroke::new((cell * 0.1).clamp(2.5, 5.0), color(status)),
                );
            }
            if let Some(cells) = &flash {
                let shifted: Vec<Pos> = cells.iter().map(|p| Pos::new(p.x + 1, p.y + 1)).collect();
                painter.path(
                    &shifted,
                    Stroke::new((cell * 0.12).clamp(2.0, 5.0), color(link::LINK)),
                );
            }
        });
        if let Some(v) = input.pressed {
            let p = Pos::new(v.x - 1, v.y - 1);
            let searching = self.searching.shown.as_ref().is_some_and(|s| !s.finished);
            if self.searching.predicting && searching {
                // An answer, anywhere a link may pass (the ring round the board too).
                self.predict(p);
            } else if p.x >= 0 && p.y >= 0 && p.x < w && p.y < h {
                if self.edit.editing {
                    self.paint(p);
                } else {
                    self.click(p);
                }
            }
        }
    }
}

/// A tile: a shape and a colour by kind, and its letter.
fn draw_tile(painter: &crate::ui::BoardPainter, v: Pos, kind: u8, cell: f32) {
    let rect = painter.cell_rect(v).shrink(cell * 0.06);
    painter
        .painter
        .rect_filled(rect, cell * 0.12, color(link::TILE_FACE));
    painter.painter.rect_stroke(
        rect,
        cell * 0.12,
        Stroke::new(1.0, color(link::TILE_EDGE)),
        egui::StrokeKind::Inside,
    );
    let color = color(link::TILES[kind as usize % link::TILES.len()]);
    let c = rect.center();
    let r = cell * 0.3;
    match (kind as usize / link::TILES.len()) % 4 {
        0 => {
            painter.painter.circle_filled(c, r, color);
        }
        1 => {
            painter.painter.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(2.0 * r, 2.0 * r) * 0.9),
                2.0,
                color,
            );
        }
        2 => {
            let points = vec![
                c + egui::vec2(0.0, -r),
                c + egui::vec2(r, r * 0.8),
                c + egui::vec2(-r, r * 0.8),
            ];
            painter
                .painter
                .add(egui::Shape::convex_polygon(points, color, Stroke::NONE));
        }
        _ => {
            let points = vec![
                c + egui::vec2(0.0, -r),
                c + egui::vec2(r, 0.0),
                c + egui::vec2(0.0, r),
                c + egui::vec2(-r, 0.0),
            ];
            painter
                .painter
                .add(egui::Shape::convex_polygon(points, color, Stroke::NONE));
        }
    }
    let symbol = SYMBOLS
        .as_bytes()
        .get(kind as usize)
        .map_or('?', |&b| b as char);
    painter.painter.text(
        c,
        egui::Align2::CENTER_CENTER,
        symbol,
        egui::FontId::monospace((cell * 0.32).max(6.0)),
        Color32::BLACK,
    );
}
