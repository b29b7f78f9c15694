//! High scores (apples eaten), one per board: its size and whether it has walls. A game a
//! planner steered in, even for one move, sets none.

use std::collections::BTreeMap;

/// High scores by board (see [`board_key`]).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct HighScores(pub BTreeMap<String, usize>);

/// The name high scores are kept under: `16x12`, or `16x12+walls`.
pub fn board_key(width: usize, height: usize, walled: bool) -> String {
    format!("{width}x{height}{}", if walled { "+walls" } else { "" })
}

impl HighScores {
    /// The high score for `key` (0 when none).
    pub fn best(&self, key: &str) -> usize {
        self.0.get(key).copied().unwrap_or(0)
    }

    /// Records a game that ended with `score` apples; whether it is a new high score. A game
    /// that was `assisted` (a planner moved, or moves were taken back) sets none.
    pub fn record(&mut self, key: &str, score: usize, assisted: bool) -> bool {
        if assisted || score <= self.best(key) {
            return false;
        }
        self.0.insert(key.to_string(), score);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_higher_score_by_hand_is_a_high_score() {
        let mut scores = HighScores::default();
        let key = board_key(16, 12, false);
        assert!(!scores.record(&key, 0, false), "nothing eaten is no score");
        assert!(scores.record(&key, 5, false));
        assert!(!scores.record(&key, 5, false));
        assert!(!scores.record(&key, 30, true), "a planner moved");
        assert!(scores.record(&key, 6, false));
        assert_eq!(scores.best(&key), 6);
        assert_eq!(scores.best(&board_key(16, 12, true)), 0);
    }
}
