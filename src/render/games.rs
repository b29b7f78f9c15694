//! Sokoban positions and Snake games as pictures: a colour per square with discs and
//! squares drawn on top, rasterised like the Pathfinding board, and a list of them as a GIF.

use crate::i18n::Message;
use crate::msg;
use tiny_skia::{FillRule, PathBuilder, Pixmap, Rect, Transform};

use super::raster::{board_canvas, gif_encoder, paint};

use super::animation::{MAX_FRAMES, frame_steps, indexed_frame};
use crate::games::snake::SnakeGame;
use crate::games::sokoban::Game;
use crate::grid::Pos;
use crate::palette::{Rgba, snake, sokoban};

/// What is drawn over a square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// A disc, its radius a share of the square.
    Disc(Rgba, f32),
    /// A square inset by a share of the square.
    Square(Rgba, f32),
}

/// A picture of a board of squares.
#[derive(Clone, Debug, PartialEq)]
pub struct CellPicture {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Rgba>,
    pub pieces: Vec<(Pos, Piece)>,
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
            .map(|(i, &p)| {
                let color = if i == 0 { snake::HEAD } else { snake::BODY };
                (p, Piece::Square(color, 0.06))
            })
            .collect();
        if let Some(food) = game.food() {
            pieces.push((food, Piece::Disc(snake::FOOD, 0.35)));
        }
        CellPicture {
            width,
            height,
            cells,
            pieces,
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
            }
        }
        Ok(pixmap)
    }
}

/// `frames` as an animated GIF at `fps` frames a second, at most `max_frames` of them
/// (sampled evenly, the first and last kept). Returns the bytes and which frames were used.
pub fn pictures_gif(
    frames: &[CellPicture],
    cell: u32,
    fps: u32,
    max_frames: usize,
) -> Result<(Vec<u8>, Vec<usize>), Message> {
    if !(1..=50).contains(&fps) {
        return Err(msg!("render-fps-range", fps = fps));
    }
    let Some(first) = frames.first() else {
        return Err(msg!("render-nothing"));
    };
    let chosen = frame_steps(0, frames.len() - 1, max_frames.clamp(2, MAX_FRAMES));
    let size = first.pixmap(cell, false)?;
    let mut encoder = gif_encoder(size.width(), size.height())?;
    let delay = (100 / fps).max(2) as u16;
    for &i in &chosen {
        let pixmap = frames[i].pixmap(cell, false)?;
        let frame = indexed_frame(pixmap.width(), pixmap.height(), pixmap.data(), delay);
        encoder
            .write_frame(&frame)
            .map_err(|e| msg!("render-gif-failed", why = e.to_string()))?;
    }
    let bytes = encoder
        .into_inner()
        .map_err(|e| msg!("render-gif-failed", why = e.to_string()))?;
    Ok((bytes, chosen))
}
