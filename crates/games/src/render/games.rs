//! Sokoban positions and Snake games as pictures: a colour per square with discs and
//! squares drawn on top, rasterised like the Pathfinding board, and a list of them as a GIF.

use crate::i18n::Message;
use tiny_skia::{FillRule, LineCap, LineJoin, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::glyphs::draw_letter;
use super::raster::{board_canvas, paint};
use crate::games::link::tints::SearchTints;
use crate::games::link::{LinkBoard, SYMBOLS};
use crate::games::snake::SnakeGame;
use crate::games::sokoban::Game;
use crate::grid::Pos;
use crate::palette::{Rgba, link, rgb, snake, sokoban};

/// What is drawn over a square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// A disc, its radius a share of the square.
    Disc(Rgba, f32),
    /// A square inset by a share of the square.
    Square(Rgba, f32),
    /// A Link tile of this kind: its face, its shape and colour, and its letter.
    Tile(u8),
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
    /// A Sokoban position: walls, floor (outside squares dark), goals, boxes, the player.
    pub fn sokoban(game: &Game) -> CellPicture {
        let level = game.level();
        let inside = level.inside();
        let (width, height) = (level.width(), level.height());
        let mut cells = Vec::with_capacity(width * height);
        let mut pieces = vec![];
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                let p = Pos::new(x, y);
                cells.push(if level.is_wall(p) {
                    sokoban::WALL
                } else if !inside[p] {
                    sokoban::OUTSIDE
                } else {
                    sokoban::FLOOR
                });
                if level.is_goal(p) {
                    pieces.push((p, Piece::Disc(sokoban::GOAL, 0.18)));
                }
                if game.has_box(p) {
                    let color = if level.is_goal(p) {
                        sokoban::BOX_ON_GOAL
                    } else {
                        sokoban::BOX
                    };
                    pieces.push((p, Piece::Square(color, 0.12)));
                }
            }
        }
        pieces.push((game.player(), Piece::Disc(sokoban::PLAYER, 0.34)));
        CellPicture {
            width,
            height,
            cells,
            pieces,
            lines: vec![],
        }
    }

    /// A Snake game: walls, the body (head darkest), the food.
    pub fn snake(game: &SnakeGame) -> CellPicture {
        let (width, height) = (game.width(), game.height());
        let walls = game.walls();
        let cells = (0..height as i32)
            .flat_map(|y| (0..width as i32).map(move |x| Pos::new(x, y)))
            .map(|p| if walls[p] { snake::WALL } else { snake::FLOOR })
            .collect();
        let mut pieces: Vec<(Pos, Piece)> = game
            .body()
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, Piece::Square(snake::segment(i, game.len()), 0.06)))
            .collect();
        if let Some(food) = game.food() {
            pieces.push((food, Piece::Disc(snake::FOOD, 0.35)));
        }
        CellPicture {
            width,
            height,
            cells,
            pieces,
            lines: vec![],
        }
    }

    /// A Link board with the ring around it: the tiles, the squares the link search has
    /// reached tinted by turns (`tints`), and the link found (`link`, cells of the board).
    pub fn link(
        board: &LinkBoard,
        tints: Option<&SearchTints>,
        link: Option<&[Pos]>,
    ) -> CellPicture {
        let (width, height) = (board.width() + 2, board.height() + 2);
        let mut cells = Vec::with_capacity(width * height);
        let mut pieces = vec![];
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                let v = Pos::new(x, y);
                let p = Pos::new(x - 1, y - 1);
                let (reached, in_frontier) = tints.map_or((None, false), |t| {
                    (t.reached.get(v).copied().flatten(), t.frontier[v])
                });
                cells.push(link::square(board.contains(p), reached, in_frontier));
                if let Some(kind) = board.tile(p) {
                    pieces.push((v, Piece::Tile(kind)));
                }
            }
        }
        let lines = link
            .map(|cells| {
                let shifted = cells.iter().map(|p| Pos::new(p.x + 1, p.y + 1)).collect();
                vec![(shifted, link::LINK)]
            })
            .unwrap_or_default();
        CellPicture {
            width,
            height,
            cells,
            pieces,
            lines,
        }
    }

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
                Piece::Tile(kind) => draw_tile(&mut pixmap, (x, y), c, kind, smooth),
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

/// A Link tile in the square at (`x`, `y`), `c` pixels a side: as the board view draws it,
/// a face, a shape and colour by kind, and the kind's letter.
fn draw_tile(pixmap: &mut Pixmap, (x, y): (f32, f32), c: f32, kind: u8, smooth: bool) {
    // The edge is the face's outline: a square of edge colour with the face one pixel in.
    let (inset, side) = (c * 0.06, c * 0.88);
    let layers = [(0.0, link::TILE_EDGE), (1.0, link::TILE_FACE)];
    for (border, colour) in layers {
        let (at, size) = (inset + border, side - 2.0 * border);
        if let Some(rect) = Rect::from_xywh(x + at, y + at, size, size) {
            pixmap.fill_rect(rect, &paint(colour, smooth), Transform::identity(), None);
        }
    }
    let color = paint(link::TILES[kind as usize % link::TILES.len()], smooth);
    let (cx, cy, r) = (x + c / 2.0, y + c / 2.0, c * 0.3);
    let shape = match (kind as usize / link::TILES.len()) % 4 {
        0 => PathBuilder::from_circle(cx, cy, r),
        1 => Rect::from_xywh(cx - 0.9 * r, cy - 0.9 * r, 1.8 * r, 1.8 * r)
            .map(PathBuilder::from_rect),
        2 => polygon(&[(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)]),
        _ => polygon(&[(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]),
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
    if let Some(letter) = SYMBOLS.chars().nth(kind as usize) {
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
