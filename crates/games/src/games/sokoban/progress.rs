//! Which levels the player has solved, and their best scores, kept between runs. The rule:
//! a solution is better with fewer moves, and with as many moves, fewer pushes.

use std::collections::BTreeMap;

use super::Level;

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
    format!("{:016x}", stable_hash(&bare.to_xsb()))
}

/// The hash behind a fingerprint. Saved best scores are keyed by it, so it must never
/// change with a hashing crate's version: it is the Fx hash as Frontier first computed it
/// over a `str` (eight bytes a word, the last zero-padded, then the `0xff` that ends a
/// string's hash), written out here once.
fn stable_hash(text: &str) -> u64 {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let add = |hash: u64, word: u64| (hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    let mut hash = 0;
    for chunk in text.as_bytes().chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        hash = add(hash, u64::from_le_bytes(word));
    }
    add(hash, 0xff)
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

    /// Saved progress found again after an update: the names of two levels as Frontier has
    /// always written them into the saved state.
    #[test]
    fn a_levels_fingerprint_is_the_one_saved_progress_was_written_under() {
        let names = [
            ("#####\n#@$.#\n#####\n", "69e0c9a53ab1f19f"),
            (
                "#######\n#.@ $ #\n#  $  #\n#. ####\n####\n",
                "75eef30795b820eb",
            ),
        ];
        for (text, name) in names {
            assert_eq!(fingerprint(&parse_level(text).unwrap()), name);
        }
    }

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
