//! The level, and the search watched on it, as a link carries them (see
//! [`crate::share`]), and opening a link's level.

use super::{Mode, SokobanTab};
use crate::games::sokoban::Level;
use crate::games::sokoban::solver::SokobanAlgorithm;

impl SokobanTab {
    /// Opens a link's level, to play, or with `algorithm` to watch it solved up to `step`.
    pub fn open_shared(
        &mut self,
        level: &Level,
        title: &str,
        algorithm: Option<SokobanAlgorithm>,
        step: usize,
    ) {
        let name = if title.is_empty() {
            crate::tr!("share-level")
        } else {
            title.to_string()
        };
        // The XSB carries the level's own title; the open collection stays.
        self.add_levels(&name, &level.to_xsb());
        self.solve.stop();
        match algorithm {
            Some(algorithm) => self.solve_to(algorithm, step),
            None => self.mode = Mode::Play,
        }
    }
}
