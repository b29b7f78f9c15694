//! A sketch (the search tree, a table) painted in a view as its PNG and SVG are drawn: each
//! mark becomes an egui shape at the sketch's own coordinates from `origin`.

use egui::{Align2, FontId, Painter, Pos2, Rect, Stroke, pos2, vec2};

use super::color;
use crate::render::sketch::{Anchor, Mark, Sketch};

/// Paints `sketch` with its top left corner at `origin`, one unit a point.
pub fn paint_sketch(painter: &Painter, sketch: &Sketch, origin: Pos2) {
    let at = |(x, y): (f32, f32)| origin + vec2(x, y);
    painter.rect_filled(
        Rect::from_min_size(origin, vec2(sketch.width, sketch.height)),
        0.0,
        color(sketch.background),
    );
    for mark in &sketch.marks {
        match mark {
            Mark::Rect {
                x,
                y,
                width,
                height,
                fill,
                stroke,
                dashed,
            } => {
                let rect = Rect::from_min_size(at((*x, *y)), vec2(*width, *height));
                if let Some(fill) = fill {
                    painter.rect_filled(rect, 0.0, color(*fill));
                }
                match stroke {
                    Some((ink, width)) if *dashed => {
                        let corners = [
                            rect.left_top(),
                            rect.right_top(),
                            rect.right_bottom(),
                            rect.left_bottom(),
                            rect.left_top(),
                        ];
                        painter.extend(egui::Shape::dashed_line(
                            &corners,
                            Stroke::new(*width, color(*ink)),
                            width * 3.0,
                            width * 2.0,
                        ));
                    }
                    Some((ink, width)) => {
                        painter.rect_stroke(
                            rect,
                            0.0,
                            Stroke::new(*width, color(*ink)),
                            egui::StrokeKind::Middle,
                        );
                    }
                    None => {}
                }
            }
            Mark::Line {
                from,
                to,
                color: ink,
                width,
            } => {
                painter.line_segment([at(*from), at(*to)], Stroke::new(*width, color(*ink)));
            }
            Mark::Disc {
                centre,
                radius,
                fill,
            } => {
                painter.circle_filled(at(*centre), *radius, color(*fill));
            }
            Mark::Text {
                at: place,
                size,
                text,
                color: ink,
                anchor,
                ..
            } => {
                let align = match anchor {
                    Anchor::Start => Align2::LEFT_CENTER,
                    Anchor::Middle => Align2::CENTER_CENTER,
                };
                painter.text(
                    at(*place),
                    align,
                    text,
                    FontId::proportional(*size),
                    color(*ink),
                );
            }
        }
    }
}

/// The sketch's bounds at `origin`.
pub fn sketch_rect(sketch: &Sketch, origin: Pos2) -> Rect {
    Rect::from_min_size(origin, vec2(sketch.width, sketch.height))
}

/// The origin every sketch in a scene is painted from.
pub const SCENE_ORIGIN: Pos2 = pos2(0.0, 0.0);
