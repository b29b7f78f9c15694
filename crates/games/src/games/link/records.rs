//! Best clearing times, one per board size with and without gravity. A board the computer
//! helped clear (hints do not count, auto-play does) sets no best time.

use std::collections::BTreeMap;

/// Best times in seconds, by board (see [`board_key`]).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct BestTimes(pub BTreeMap<String, f64>);

/// What clearing a board did to the best times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cleared {
    /// The computer helped: no best time.
    Helped,
    /// A new best time (`previous` is the one it beat, if any).
    Best { previous: Option<f64> },
    /// Slower than the best time, which stands.
    NotBest { best: f64 },
}

/// The name best times are kept under: the play area's size and whether tiles fall.
pub fn board_key(width: usize, height: usize, gravity: bool) -> String {
    format!("{width}x{height}{}", if gravity { " gravity" } else { "" })
}

impl BestTimes {
    /// The best time for `key`, if any.
    pub fn best(&self, key: &str) -> Option<f64> {
        self.0.get(key).copied()
    }

    /// Records a board cleared in `seconds`.
    pub fn record(&mut self, key: &str, seconds: f64, helped: bool) -> Cleared {
        if helped {
            return Cleared::Helped;
        }
        match self.best(key) {
            Some(best) if seconds >= best => Cleared::NotBest { best },
            previous => {
                self.0.insert(key.to_string(), seconds);
                Cleared::Best { previous }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_faster_clear_without_help_is_a_best_time() {
        let mut times = BestTimes::default();
        let key = board_key(12, 8, false);
        assert_eq!(key, "12x8");
        assert_eq!(
            times.record(&key, 90.0, false),
            Cleared::Best { previous: None }
        );
        assert_eq!(
            times.record(&key, 95.0, false),
            Cleared::NotBest { best: 90.0 }
        );
        assert_eq!(times.record(&key, 10.0, true), Cleared::Helped);
        assert_eq!(times.best(&key), Some(90.0));
        assert_eq!(
            times.record(&key, 80.0, false),
            Cleared::Best {
                previous: Some(90.0)
            }
        );
        assert_eq!(
            times.best(&board_key(12, 8, true)),
            None,
            "gravity keeps its own"
        );
    }
}
