//! Games replayed as pictures, a frame a move: a Sokoban solution from the start, a Snake
//! game from its first move.

use super::frames::PictureFrames;
use super::games::CellPicture;
use crate::games::snake::SnakeGame;
use crate::games::sokoban::{Game, Level, Step};
use crate::grid::Dir;
use crate::i18n::Message;

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

/// A Snake game from its first move to where it stands, a frame a move.
pub fn snake_replay(game: &SnakeGame) -> PictureFrames<impl Iterator<Item = CellPicture> + use<>> {
    let len = game.moves_made().len() + 1;
    PictureFrames::new(game.replay().map(|g| CellPicture::snake(&g)), len)
}
