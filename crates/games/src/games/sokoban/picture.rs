//! The Sokoban board as a picture for slides and handouts: a position, and a solution
//! replayed from the start as frames of a GIF.

use super::colors as sokoban;
use super::{Game, Level, Step};
use crate::grid::{Dir, Pos};
use crate::i18n::Message;
use crate::render::PictureFrames;
use crate::render::games::{CellPicture, Piece};

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
}

/// A Sokoban level played from its start along `lurd`, a frame a move (the first frame is
/// the start). The moves are checked first, so every frame is a legal position.
pub fn sokoban_replay(
    level: &Level,
    lurd: &str,
) -> Result<PictureFrames<impl Iterator<Item = CellPicture> + use<>>, Message> {
    Game::new(level.clone()).play_lurd(lurd)?;
    let dirs: Vec<Dir> = lurd
        .chars()
        .filter_map(Step::from_letter)
        .map(|step| step.dir)
        .collect();
    let len = dirs.len() + 1;
    let mut game = Game::new(level.clone());
    let first = CellPicture::sokoban(&game);
    let mut dirs = dirs.into_iter();
    let pictures = std::iter::once(first).chain(std::iter::from_fn(move || {
        game.step(dirs.next()?);
        Some(CellPicture::sokoban(&game))
    }));
    Ok(PictureFrames::new(pictures, len))
}
