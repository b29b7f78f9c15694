//! Solutions as the player plays them: a search's path of positions (pushes, single moves,
//! pulls, or pushes meeting pulls) replayed in a game, the walks between pushes filled in,
//! and written as LURD.

use super::analysis::Analysis;
use super::push::Position;
use crate::games::sokoban::game::Game;
use crate::games::sokoban::level::Level;
use crate::grid::Dir;

/// Walks between pushes: the player goes (by a shortest walk) behind each box and pushes.
pub fn push_path_to_lurd(level: &Level, analysis: &Analysis, path: &[Position]) -> String {
    let mut game = Game::new(level.clone());
    play_pushes(&mut game, analysis, path);
    game.lurd()
}

/// Plays the pushes between the positions of `path` in `game`; false if one cannot be made.
fn play_pushes(game: &mut Game, analysis: &Analysis, path: &[Position]) -> bool {
    for pair in path.windows(2) {
        let (before, after) = (&pair[0].boxes, &pair[1].boxes);
        let from = before.iter().find(|b| after.binary_search(b).is_err());
        let to = after.iter().find(|b| before.binary_search(b).is_err());
        let (Some(&from), Some(&to)) = (from, to) else {
            return false;
        };
        if !push_box(game, analysis, from, to) {
            return false;
        }
    }
    true
}

/// Walks the player behind the box on square `from` and pushes it to the next square `to`.
fn push_box(game: &mut Game, analysis: &Analysis, from: u16, to: u16) -> bool {
    let (from_pos, to_pos) = (
        analysis.positions[from as usize],
        analysis.positions[to as usize],
    );
    let Some(dir) = Dir::between(from_pos, to_pos) else {
        return false;
    };
    game.walk_to(from_pos.step(dir.opposite())).is_some() && game.step(dir).is_some()
}

pub fn move_path_to_lurd(analysis: &Analysis, path: &[Position]) -> String {
    path.windows(2)
        .filter_map(|pair| {
            let (a, b) = (
                analysis.positions[pair[0].player as usize],
                analysis.positions[pair[1].player as usize],
            );
            let dir = Dir::between(a, b)?;
            let pushed = pair[0].boxes != pair[1].boxes;
            Some(crate::games::sokoban::game::Step { dir, pushed }.letter())
        })
        .collect()
}

/// A path of pulls, from the boxes on their goals to their start, as the pushes that undo
/// it in reverse order, with the player walking (by a shortest walk) behind each box.
pub fn pull_path_to_lurd(level: &Level, analysis: &Analysis, path: &[Position]) -> String {
    let mut game = Game::new(level.clone());
    play_pulls_backwards(&mut game, analysis, path);
    game.lurd()
}

/// A solution where two searches met: the pushes of `forward` from the start to the
/// position where they met, then the pulls of `backward`, from the goals to that position,
/// undone in reverse order.
pub fn meeting_to_lurd(
    level: &Level,
    analysis: &Analysis,
    forward: &[Position],
    backward: &[Position],
) -> String {
    let mut game = Game::new(level.clone());
    if play_pushes(&mut game, analysis, forward) {
        play_pulls_backwards(&mut game, analysis, backward);
    }
    game.lurd()
}

/// Plays in `game` the pushes that undo the pulls of `path`, last pull first; false if one
/// cannot be made.
fn play_pulls_backwards(game: &mut Game, analysis: &Analysis, path: &[Position]) -> bool {
    for pair in path.windows(2).rev() {
        // The pull took a box from `to` to `from`; the push takes it back.
        let (after, before) = (&pair[0].boxes, &pair[1].boxes);
        let from = before.iter().find(|b| after.binary_search(b).is_err());
        let to = after.iter().find(|b| before.binary_search(b).is_err());
        // The first step of the path only places the player.
        let (Some(&from), Some(&to)) = (from, to) else {
            continue;
        };
        if !push_box(game, analysis, from, to) {
            return false;
        }
    }
    true
}
