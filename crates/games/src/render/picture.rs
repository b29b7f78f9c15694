//! One step of a Pathfinding run as a picture: terrain under the search's marks, the node
//! being expanded, the path, the start and the goal; rasterised with `tiny-skia` (PNG) or
//! written as SVG.

use crate::i18n::Message;
use crate::msg;
use tiny_skia::{FillRule, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::glyphs::draw_letter;
use super::raster::{board_canvas, paint, picture_size};

use crate::games::sandbox::{Board, CellMark, GridRun};
use crate::grid::Pos;
use crate::palette::search::{self, Mark};
use crate::palette::{Rgba, terrain};
use crate::search::Side;

/// Markers carry their letter (S, G) from this many pixels a cell; smaller ones are discs.
const MARKER_LETTERS_FROM: f32 = 12.0;

/// What is drawn over the marked cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    pub path: bool,
    /// The outline of the node expanded at this step.
    pub current: bool,
    /// The start and goal discs.
    pub markers: bool,
}

impl Default for Layers {
    fn default() -> Self {
        Layers {
            path: true,
            current: true,
            markers: true,
        }
    }
}

/// Everything a picture of one step shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub width: usize,
    pub height: usize,
    /// Each cell's colour, row by row: its terrain under the search's mark.
    pub cells: Vec<Rgba>,
    pub current: Option<Pos>,
    pub path: Option<Vec<Pos>>,
    pub start: Pos,
    pub goal: Pos,
}

/// The mark a cell's colour shows.
pub fn mark_of(mark: CellMark) -> Option<Mark> {
    match mark {
        CellMark::Unseen | CellMark::Scanned => None,
        CellMark::Visited(Side::Forward) => Some(Mark::Visited),
        CellMark::Visited(Side::Backward) => Some(Mark::VisitedBack),
        CellMark::Frontier(Side::Forward) => Some(Mark::Frontier),
        CellMark::Frontier(Side::Backward) => Some(Mark::FrontierBack),
    }
}

/// The colour of a cell under `mark`.
pub fn cell_color(board: &Board, pos: Pos, mark: CellMark) -> Rgba {
    let base = board
        .terrain(pos)
        .map_or(terrain::WALL, |t| terrain::named(&t.name, t.cost));
    match mark_of(mark) {
        Some(mark) => search::marked(base, mark),
        None => base,
    }
}

impl Snapshot {
    /// The run where it stands now.
    pub fn of(run: &GridRun) -> Snapshot {
        let board = run.problem().board();
        let (width, height) = (board.width(), board.height());
        let cells = (0..height as i32)
            .flat_map(|y| (0..width as i32).map(move |x| Pos::new(x, y)))
            .map(|pos| cell_color(board, pos, run.mark(pos)))
            .collect();
        Snapshot {
            width,
            height,
            cells,
            current: run.last_expanded().map(|(_, pos)| pos),
            path: run.path(),
            start: board.start,
            goal: board.goal,
        }
    }

    /// The picture's size at `cell` pixels a cell, or why it cannot be made.
    pub fn size(&self, cell: u32) -> Result<(u32, u32), Message> {
        picture_size(self.width, self.height, cell)
    }

    /// The picture, `cell` pixels a cell. `smooth`: anti-aliased edges (off for GIF frames,
    /// which then hold only the palette's colours).
    pub fn pixmap(&self, cell: u32, layers: Layers, smooth: bool) -> Result<Pixmap, Message> {
        let mut pixmap = board_canvas(self.width, self.height, &self.cells, cell, smooth)?;
        let c = cell as f32;
        let paint = |color: Rgba| paint(color, smooth);
        let center = |p: Pos| ((p.x as f32 + 0.5) * c, (p.y as f32 + 0.5) * c);
        if layers.path
            && let Some(path) = &self.path
            && path.len() >= 2
        {
            let mut builder = PathBuilder::new();
            let (x, y) = center(path[0]);
            builder.move_to(x, y);
            for &p in &path[1..] {
                let (x, y) = center(p);
                builder.line_to(x, y);
            }
            if let Some(line) = builder.finish() {
                let stroke = Stroke {
                    width: (c * 0.25).clamp(1.0, 6.0),
                    ..Stroke::default()
                };
                pixmap.stroke_path(
                    &line,
                    &paint(search::PATH),
                    &stroke,
                    Transform::identity(),
                    None,
                );
            }
        }
        if layers.current
            && let Some(pos) = self.current
        {
            let inset = (c * 0.08).max(0.5);
            if let Some(rect) = Rect::from_xywh(
                pos.x as f32 * c + inset,
                pos.y as f32 * c + inset,
                c - 2.0 * inset,
                c - 2.0 * inset,
            ) {
                let outline = PathBuilder::from_rect(rect);
                let stroke = Stroke {
                    width: (c * 0.12).clamp(1.0, 3.0),
                    ..Stroke::default()
                };
                pixmap.stroke_path(
                    &outline,
                    &paint(search::CURRENT),
                    &stroke,
                    Transform::identity(),
                    None,
                );
            }
        }
        if layers.markers {
            for (pos, color, letter) in self.markers() {
                let (x, y) = center(pos);
                if let Some(disc) = PathBuilder::from_circle(x, y, (c * 0.42).max(1.0)) {
                    pixmap.fill_path(
                        &disc,
                        &paint(color),
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                }
                if c >= MARKER_LETTERS_FROM {
                    let white = crate::palette::rgb(255, 255, 255);
                    draw_letter(&mut pixmap, letter, (x, y), c * 0.36, white, smooth);
                }
            }
        }
        Ok(pixmap)
    }

    /// The start and goal markers: where, their colour, their letter.
    fn markers(&self) -> [(Pos, Rgba, char); 2] {
        [
            (self.start, search::START, 'S'),
            (self.goal, search::GOAL, 'G'),
        ]
    }

    /// The picture as PNG bytes.
    pub fn png(&self, cell: u32, layers: Layers) -> Result<Vec<u8>, Message> {
        self.pixmap(cell, layers, true)?
            .encode_png()
            .map_err(|e| msg!("render-png-failed", why = e.to_string()))
    }

    /// The picture as SVG: a square per cell, `cell` units a side, so it scales crisply.
    pub fn svg(&self, cell: u32, layers: Layers) -> Result<String, Message> {
        let (w, h) = self.size(cell)?;
        let c = cell as f32;
        let hex = |color: Rgba| format!("#{:02x}{:02x}{:02x}", color.0, color.1, color.2);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" shape-rendering=\"crispEdges\">\n"
        );
        // A rectangle per run of same-coloured cells in a row: fewer elements, fewer seams.
        for y in 0..self.height {
            let row = &self.cells[y * self.width..(y + 1) * self.width];
            let mut x = 0;
            while x < self.width {
                let run = row[x..].iter().take_while(|&&c| c == row[x]).count();
                out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{c}\" fill=\"{}\"/>\n",
                    x as f32 * c,
                    y as f32 * c,
                    run as f32 * c,
                    hex(row[x])
                ));
                x += run;
            }
        }
        let center = |p: Pos| ((p.x as f32 + 0.5) * c, (p.y as f32 + 0.5) * c);
        if layers.path
            && let Some(path) = &self.path
            && path.len() >= 2
        {
            let points: Vec<String> = path
                .iter()
                .map(|&p| {
                    let (x, y) = center(p);
                    format!("{x},{y}")
                })
                .collect();
            out.push_str(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" shape-rendering=\"geometricPrecision\"/>\n",
                points.join(" "),
                hex(search::PATH),
                (c * 0.25).clamp(1.0, 6.0)
            ));
        }
        if layers.current
            && let Some(pos) = self.current
        {
            let inset = (c * 0.08).max(0.5);
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                pos.x as f32 * c + inset,
                pos.y as f32 * c + inset,
                c - 2.0 * inset,
                c - 2.0 * inset,
                hex(search::CURRENT),
                (c * 0.12).clamp(1.0, 3.0)
            ));
        }
        if layers.markers {
            for (pos, color, letter) in self.markers() {
                let (x, y) = center(pos);
                out.push_str(&format!(
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\" shape-rendering=\"geometricPrecision\"/>\n",
                    (c * 0.42).max(1.0),
                    hex(color)
                ));
                if c >= MARKER_LETTERS_FROM {
                    out.push_str(&format!(
                        "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"{}\" fill=\"#ffffff\" text-anchor=\"middle\" dominant-baseline=\"central\">{letter}</text>\n",
                        c * 0.5
                    ));
                }
            }
        }
        out.push_str("</svg>\n");
        Ok(out)
    }
}
