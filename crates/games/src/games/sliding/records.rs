//! Best results, one per size and goal (see [`super::Goal::key`]): the fewest moves a game was
//! solved in, and the shortest time. A game the computer solved, or helped with, sets none.

use std::collections::BTreeMap;

/// The best of the games solved on one size and goal.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Best {
    pub moves: usize,
    pub seconds: f64,
}

/// Best results by size and goal.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct BestResults(pub BTreeMap<String, Best>);

/// What solving a game did to the best results.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solved {
    pub fewest_moves: bool,
    pub fastest: bool,
}

impl BestResults {
    pub fn best(&self, key: &str) -> Option<Best> {
        self.0.get(key).copied()
    }

    /// Records a game solved in `moves` and `seconds`; each of the two bests is kept apart
    /// (the quickest game need not be the shortest).
    pub fn record(&mut self, key: &str, moves: usize, seconds: f64) -> Solved {
        let old = self.best(key);
        let fewest_moves = old.is_none_or(|b| moves < b.moves);
        let fastest = old.is_none_or(|b| seconds < b.seconds);
        let best = Best {
            moves: old.map_or(moves, |b| b.moves.min(moves)),
            seconds: old.map_or(seconds, |b| b.seconds.min(seconds)),
        };
        self.0.insert(key.to_string(), best);
        Solved {
            fewest_moves,
            fastest,
        }
    }

    /// The first entry that could not have been played: no moves, or a time that is not a
    /// number of seconds. Saved results are checked with it.
    pub fn first_impossible(&self) -> Option<(&str, Best)> {
        self.0
            .iter()
            .find(|(_, b)| b.moves == 0 || !(b.seconds.is_finite() && b.seconds >= 0.0))
            .map(|(k, b)| (k.as_str(), *b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fewest_moves_and_the_shortest_time_are_kept_apart() {
        let mut results = BestResults::default();
        let first = results.record("3x3 snail", 40, 90.0);
        assert!(first.fewest_moves && first.fastest);
        let quicker_but_longer = results.record("3x3 snail", 52, 60.0);
        assert_eq!(
            quicker_but_longer,
            Solved {
                fewest_moves: false,
                fastest: true
            }
        );
        assert_eq!(
            results.best("3x3 snail"),
            Some(Best {
                moves: 40,
                seconds: 60.0
            })
        );
        assert_eq!(results.best("4x4 blank last"), None);
        assert_eq!(results.first_impossible(), None);
        results.0.insert(
            "4x4 blank last".into(),
            Best {
                moves: 3,
                seconds: f64::NAN,
            },
        );
        assert_eq!(results.first_impossible().unwrap().0, "4x4 blank last");
    }
}
