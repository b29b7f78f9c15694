//! Sokoban positions and Snake games as pictures: a colour per square with discs and
//! squares drawn on top, rasterised like the Pathfinding board, and a list of them as a GIF.

use crate::i18n::Message;
use tiny_skia::{FillRule, LineCap, LineJoin, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::glyphs::draw_letter;
use super::raster::{board_canvas, paint};
use crate::grid::Pos;
use crate::palette::{Rgba, rgb};

/// What is drawn over a square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// A disc, its radius a share of the square.
    Disc(Rgba, f32),
    /// A square inset by a share of the square.
    Square(Rgba, f32),
    /// A tile: a face, a shape on it, a letter.
    Tile(Tile),
}

/// A tile on a square, as the Link board draws its tiles: a face with an edge, a shape in a
/// colour on it, and a letter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tile {
    pub face: Rgba,
    pub edge: Rgba,
    pub mark: Rgba,
    pub shape: TileShape,
    pub letter: Option<char>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileShape {
    Circle,
    Square,
    Triangle,
    Diamond,
}

/// A picture of a board of squares.
#[derive(Clone, Debug, PartialEq)]
pub struct CellPicture {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Rgba>,
    pub pieces: Vec<(Pos, Piece)>,
    /// Lines through the centres of squares, over everything else.
    pub lines: Vec<(Vec<Pos>, Rgba)>,
}

impl CellPicture {
    /// The picture, `cell` pixels a square (1..=64, at most 8192 pixels a side).
    pub fn pixmap(&self, cell: u32, smooth: bool) -> Result<Pixmap, Message> {
        let mut pixmap = board_canvas(self.width, self.height, &self.cells, cell, smooth)?;
        let c = cell as f32;
        let paint = |color: Rgba| paint(color, smooth);
        for &(p, piece) in &self.pieces {
            let (x, y) = (p.x as f32 * c, p.y as f32 * c);
            match piece {
                Piece::Disc(color, radius) => {
                    if let Some(disc) =
                        PathBuilder::from_circle(x + c / 2.0, y + c / 2.0, (c * radius).max(0.5))
                    {
                        pixmap.fill_path(
                            &disc,
                            &paint(color),
                            FillRule::Winding,
                            Transform::identity(),
                            None,
                        );
                    }
                }
                Piece::Square(color, inset) => {
                    let i = c * inset;
                    if let Some(rect) = Rect::from_xywh(x + i, y + i, c - 2.0 * i, c - 2.0 * i) {
                        pixmap.fill_rect(rect, &paint(color), Transform::identity(), None);
                    }
                }
                Piece::Tile(tile) => draw_tile(&mut pixmap, (x, y), c, tile, smooth),
            }
        }
        for (cells, color) in &self.lines {
            let mut path = PathBuilder::new();
            for (i, p) in cells.iter().enumerate() {
                let (px, py) = ((p.x as f32 + 0.5) * c, (p.y as f32 + 0.5) * c);
                if i == 0 {
                    path.move_to(px, py);
                } else {
                    path.line_to(px, py);
                }
            }
            if let Some(path) = path.finish() {
                let stroke = Stroke {
                    width: (c * 0.12).clamp(1.0, 5.0),
                    line_join: LineJoin::Round,
                    line_cap: LineCap::Round,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&path, &paint(*color), &stroke, Transform::identity(), None);
            }
        }
        Ok(pixmap)
    }
}

/// `tile` in the square at (`x`, `y`), `c` pixels a side, as the board view draws it.
fn draw_tile(pixmap: &mut Pixmap, (x, y): (f32, f32), c: f32, tile: Tile, smooth: bool) {
    // The edge is the face's outline: a square of edge colour with the face one pixel in.
    let (inset, side) = (c * 0.06, c * 0.88);
    let layers = [(0.0, tile.edge), (1.0, tile.face)];
    for (border, colour) in layers {
        let (at, size) = (inset + border, side - 2.0 * border);
        if let Some(rect) = Rect::from_xywh(x + at, y + at, size, size) {
            pixmap.fill_rect(rect, &paint(colour, smooth), Transform::identity(), None);
        }
    }
    let color = paint(tile.mark, smooth);
    let (cx, cy, r) = (x + c / 2.0, y + c / 2.0, c * 0.3);
    let shape = match tile.shape {
        TileShape::Circle => PathBuilder::from_circle(cx, cy, r),
        TileShape::Square => Rect::from_xywh(cx - 0.9 * r, cy - 0.9 * r, 1.8 * r, 1.8 * r)
            .map(PathBuilder::from_rect),
        TileShape::Triangle => {
            polygon(&[(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)])
        }
        TileShape::Diamond => polygon(&[(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]),
    };
    if let Some(shape) = shape {
        pixmap.fill_path(
            &shape,
            &color,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    if let Some(letter) = tile.letter {
        draw_letter(
            pixmap,
            letter,
            (cx, cy),
            (c * 0.26).max(4.0),
            rgb(0, 0, 0),
            smooth,
        );
    }
}

fn polygon(points: &[(f32, f32)]) -> Option<tiny_skia::Path> {
    let mut path = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            path.move_to(x, y);
        } else {
            path.line_to(x, y);
        }
    }
    path.close();
    path.finish()
}
