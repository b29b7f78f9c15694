//! Which levels the player has solved, and their best scores, kept between runs. The rule:
//! a solution is better with fewer moves, and with as many moves, fewer pushes.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

use super::Level;
use crate::search::FxHasher;

/// A level's best result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Best {
    pub moves: usize,
    pub pushes: usize,
}

/// Best results by level fingerprint (the same level in another file counts as solved too).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    pub best: BTreeMap<String, Best>,
}

/// A name for a level's squares, boxes and player (its title does not count).
pub fn fingerprint(level: &Level) -> String {
    let mut bare = level.clone();
    bare.title.clear();
    bare.notes.clear();
    let mut hasher = FxHasher::default();
    bare.to_xsb().hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

impl Progress {
    pub fn best(&self, level: &Level) -> Option<Best> {
        self.best.get(&fingerprint(level)).copied()
    }

    /// Records a solution; keeps the fewer moves (then fewer pushes). Returns whether it
    /// is a new best.
    pub fn record(&mut self, level: &Level, moves: usize, pushes: usize) -> bool {
        let key = fingerprint(level);
        let better = match self.best.get(&key) {
            Some(old) => (moves, pushes) < (old.moves, old.pushes),
            None => true,
        };
        if better {
            self.best.insert(key, Best { moves, pushes });
        }
        better
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::parse_level;

    #[test]
    fn fewer_moves_then_fewer_pushes_make_a_best_and_titles_do_not_matter() {
        let mut level = parse_level("#####\n#@$.#\n#####\n").unwrap();
        let mut progress = Progress::default();
        assert!(progress.record(&level, 10, 3));
        assert!(!progress.record(&level, 12, 1), "more moves is no better");
        assert!(
            progress.record(&level, 10, 2),
            "as many moves, fewer pushes"
        );
        assert!(!progress.record(&level, 10, 2), "equal is no better");
        level.title = "renamed".into();
        assert_eq!(
            progress.best(&level),
            Some(Best {
                moves: 10,
                pushes: 2
            })
        );
    }
}
