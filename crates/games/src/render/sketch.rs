//! A drawing as a list of shapes (rectangles, lines, discs, text), made once and drawn three
//! ways: written as SVG, rasterised as PNG with `tiny-skia`, and painted by the app's view
//! (which reads the same list). Diagrams with words on them (the search tree, the OPEN and
//! CLOSED tables) are sketches, so the picture exported is the picture seen.

use tiny_skia::{LineCap, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform};

use super::glyphs::{Align, draw_text_aligned};
use super::raster::{MAX_SIDE, paint};
use crate::i18n::Message;
use crate::msg;
use crate::palette::Rgba;

/// Where a text's position is: its left end or its middle (vertically, always its middle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
}

/// One shape, in the sketch's units (y down).
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    Rect {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        fill: Option<Rgba>,
        /// Outline colour and width; dashed when `dashed`.
        stroke: Option<(Rgba, f32)>,
        dashed: bool,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        color: Rgba,
        width: f32,
    },
    Disc {
        centre: (f32, f32),
        radius: f32,
        fill: Rgba,
    },
    Text {
        at: (f32, f32),
        /// Font size in units.
        size: f32,
        text: String,
        color: Rgba,
        anchor: Anchor,
        bold: bool,
    },
}

/// A drawing `width` x `height` units on a `background`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sketch {
    pub width: f32,
    pub height: f32,
    pub background: Rgba,
    pub marks: Vec<Mark>,
}

/// A colour made fainter: its alpha scaled by `share`.
pub fn faded(color: Rgba, share: f32) -> Rgba {
    Rgba(color.0, color.1, color.2, (color.3 as f32 * share) as u8)
}

fn hex(color: Rgba) -> String {
    format!("#{:02x}{:02x}{:02x}", color.0, color.1, color.2)
}

/// ` fill="#rrggbb" fill-opacity="a"` or the like, opacity only when not opaque.
fn paint_attribute(name: &str, color: Rgba) -> String {
    let mut out = format!(" {name}=\"{}\"", hex(color));
    if color.3 != 255 {
        out.push_str(&format!(
            " {name}-opacity=\"{:.2}\"",
            color.3 as f32 / 255.0
        ));
    }
    out
}

/// Text as SVG character data.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// About how wide `text` is at `size` units (the sketch has no font metrics): a Chinese
/// character is as wide as the font is high, a Latin one a little over half.
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars()
        .map(|c| if c.is_ascii() { 0.58 } else { 1.0 })
        .sum::<f32>()
        * size
}

impl Sketch {
    pub fn new(width: f32, height: f32, background: Rgba) -> Sketch {
        Sketch {
            width,
            height,
            background,
            marks: vec![],
        }
    }

    pub fn text(&mut self, at: (f32, f32), size: f32, text: impl Into<String>, color: Rgba) {
        self.marks.push(Mark::Text {
            at,
            size,
            text: text.into(),
            color,
            anchor: Anchor::Middle,
            bold: false,
        });
    }

    pub fn text_from(&mut self, at: (f32, f32), size: f32, text: impl Into<String>, color: Rgba) {
        self.marks.push(Mark::Text {
            at,
            size,
            text: text.into(),
            color,
            anchor: Anchor::Start,
            bold: false,
        });
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), color: Rgba, width: f32) {
        self.marks.push(Mark::Line {
            from,
            to,
            color,
            width,
        });
    }

    /// The sketch as an SVG document, one unit a pixel.
    pub fn svg(&self) -> String {
        let (w, h) = (self.width.ceil(), self.height.ceil());
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n<rect width=\"{w}\" height=\"{h}\"{}/>\n",
            paint_attribute("fill", self.background)
        );
        for mark in &self.marks {
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
                    out.push_str(&format!(
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\""
                    ));
                    match fill {
                        Some(color) => out.push_str(&paint_attribute("fill", *color)),
                        None => out.push_str(" fill=\"none\""),
                    }
                    if let Some((color, width)) = stroke {
                        out.push_str(&paint_attribute("stroke", *color));
                        out.push_str(&format!(" stroke-width=\"{width}\""));
                        if *dashed {
                            out.push_str(&format!(" stroke-dasharray=\"{} {}\"", width * 3.0, width * 2.0));
                        }
                    }
                    out.push_str("/>\n");
                }
                Mark::Line {
                    from,
                    to,
                    color,
                    width,
                } => out.push_str(&format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{} stroke-width=\"{width}\" stroke-linecap=\"round\"/>\n",
                    from.0,
                    from.1,
                    to.0,
                    to.1,
                    paint_attribute("stroke", *color)
                )),
                Mark::Disc {
                    centre,
                    radius,
                    fill,
                } => out.push_str(&format!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{radius}\"{}/>\n",
                    centre.0,
                    centre.1,
                    paint_attribute("fill", *fill)
                )),
                Mark::Text {
                    at,
                    size,
                    text,
                    color,
                    anchor,
                    bold,
                } => out.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" font-size=\"{size}\"{}{} text-anchor=\"{}\" dominant-baseline=\"central\">{}</text>\n",
                    at.0,
                    at.1,
                    paint_attribute("fill", *color),
                    if *bold { " font-weight=\"bold\"" } else { "" },
                    match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                    },
                    escaped(text)
                )),
            }
        }
        out.push_str("</svg>\n");
        out
    }

    /// The scale at which the sketch fits [`MAX_SIDE`] pixels a side, at most `wanted`.
    pub fn fitting_scale(&self, wanted: f32) -> f32 {
        let largest = self.width.max(self.height).max(1.0);
        wanted.min(MAX_SIDE as f32 / largest)
    }

    /// The sketch rasterised at `scale` pixels a unit, or why it cannot be.
    pub fn pixmap(&self, scale: f32) -> Result<Pixmap, Message> {
        let (w, h) = (
            (self.width * scale).ceil() as u64,
            (self.height * scale).ceil() as u64,
        );
        if w > MAX_SIDE as u64 || h > MAX_SIDE as u64 {
            return Err(msg!("render-too-large", width = w, height = h));
        }
        let mut pixmap = Pixmap::new(w as u32, h as u32).ok_or_else(|| msg!("render-empty"))?;
        let b = self.background;
        pixmap.fill(tiny_skia::Color::from_rgba8(b.0, b.1, b.2, b.3));
        let to_pixels = Transform::from_scale(scale, scale);
        for mark in &self.marks {
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
                    let Some(rect) = Rect::from_xywh(*x, *y, *width, *height) else {
                        continue;
                    };
                    if let Some(color) = fill {
                        pixmap.fill_rect(rect, &paint(*color, true), to_pixels, None);
                    }
                    if let Some((color, width)) = stroke {
                        let path = PathBuilder::from_rect(rect);
                        let mut line = Stroke {
                            width: *width,
                            ..Stroke::default()
                        };
                        if *dashed {
                            line.dash = StrokeDash::new(vec![width * 3.0, width * 2.0], 0.0);
                        }
                        pixmap.stroke_path(&path, &paint(*color, true), &line, to_pixels, None);
                    }
                }
                Mark::Line {
                    from,
                    to,
                    color,
                    width,
                } => {
                    let mut path = PathBuilder::new();
                    path.move_to(from.0, from.1);
                    path.line_to(to.0, to.1);
                    if let Some(path) = path.finish() {
                        let line = Stroke {
                            width: *width,
                            line_cap: LineCap::Round,
                            ..Stroke::default()
                        };
                        pixmap.stroke_path(&path, &paint(*color, true), &line, to_pixels, None);
                    }
                }
                Mark::Disc {
                    centre,
                    radius,
                    fill,
                } => {
                    if let Some(path) = PathBuilder::from_circle(centre.0, centre.1, *radius) {
                        pixmap.fill_path(
                            &path,
                            &paint(*fill, true),
                            tiny_skia::FillRule::Winding,
                            to_pixels,
                            None,
                        );
                    }
                }
                Mark::Text {
                    at,
                    size,
                    text,
                    color,
                    anchor,
                    ..
                } => {
                    let align = match anchor {
                        Anchor::Start => Align::Left,
                        Anchor::Middle => Align::Centre,
                    };
                    draw_text_aligned(
                        &mut pixmap,
                        text,
                        (at.0 * scale, at.1 * scale),
                        size * scale * 0.7,
                        *color,
                        true,
                        align,
                    );
                }
            }
        }
        Ok(pixmap)
    }

    /// The sketch as PNG at `scale` pixels a unit (made smaller to fit, if need be).
    pub fn png(&self, scale: f32) -> Result<Vec<u8>, Message> {
        self.pixmap(self.fitting_scale(scale))?
            .encode_png()
            .map_err(|e| msg!("render-png-failed", why = e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::rgb;

    #[test]
    fn one_sketch_draws_as_svg_and_as_pixels() {
        let mut sketch = Sketch::new(40.0, 20.0, rgb(255, 255, 255));
        sketch.marks.push(Mark::Rect {
            x: 2.0,
            y: 2.0,
            width: 10.0,
            height: 10.0,
            fill: Some(rgb(200, 0, 0)),
            stroke: None,
            dashed: false,
        });
        sketch.text((30.0, 10.0), 8.0, "S1 <&>", rgb(0, 0, 0));
        let svg = sketch.svg();
        assert!(svg.contains("fill=\"#c80000\""));
        assert!(svg.contains(">S1 &lt;&amp;&gt;</text>"));
        let pixmap = sketch.pixmap(2.0).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (80, 40));
        let red = pixmap.pixel(10, 10).unwrap();
        assert_eq!((red.red(), red.green()), (200, 0));
        assert!(sketch.fitting_scale(1e6) * sketch.width <= MAX_SIDE as f32);
    }
}
