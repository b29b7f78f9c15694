//! The Snake board as a picture for slides and handouts: a position, and a game replayed
//! from its first move as frames of a GIF.

use super::SnakeGame;
use super::colors as snake;
use crate::grid::Pos;
use crate::render::PictureFrames;
use crate::render::games::{CellPicture, Piece};

impl CellPicture {
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
}

/// A Snake game from its first move to where it stands, a frame a move.
pub fn snake_replay(game: &SnakeGame) -> PictureFrames<impl Iterator<Item = CellPicture> + use<>> {
    let len = game.moves_made().len() + 1;
    PictureFrames::new(game.replay().map(|g| CellPicture::snake(&g)), len)
}
