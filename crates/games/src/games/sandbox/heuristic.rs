use std::fmt;

use super::Connectivity;
use super::move_order::DIAGONAL;
use crate::grid::Pos;
use crate::search::Cost;

/// Estimates of the remaining cost from a cell to the goal, in floor-cost units.
///
/// The choice is the user's, admissible or not: picking Manhattan on an 8-connected board
/// (which overestimates) is a lesson, so nothing here "fixes" it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Heuristic {
    /// |dx| + |dy|: exact on an open 4-connected board.
    Manhattan,
    /// Straight-line distance.
    Euclidean,
    /// max + (sqrt 2 - 1) min: exact on an open 8-connected board.
    Octile,
    /// max(|dx|, |dy|): a king's moves, each costing 1.
    Chebyshev,
    /// Always 0: A* becomes Dijkstra.
    Zero,
}

impl Heuristic {
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Manhattan,
        Heuristic::Euclidean,
        Heuristic::Octile,
        Heuristic::Chebyshev,
        Heuristic::Zero,
    ];

    #[inline]
    pub fn estimate(self, from: Pos, to: Pos) -> Cost {
        let dx = (from.x - to.x).unsigned_abs() as Cost;
        let dy = (from.y - to.y).unsigned_abs() as Cost;
        match self {
            Heuristic::Manhattan => dx + dy,
            Heuristic::Euclidean => (dx * dx + dy * dy).sqrt(),
            Heuristic::Octile => dx.max(dy) + (DIAGONAL - 1.0) * dx.min(dy),
            Heuristic::Chebyshev => dx.max(dy),
            Heuristic::Zero => 0.0,
        }
    }

    /// Whether this heuristic never overestimates on boards with this connectivity whose
    /// cheapest terrain costs `min_cost`.
    pub fn is_admissible(self, connectivity: Connectivity, min_cost: Cost) -> bool {
        match self {
            Heuristic::Zero => true,
            _ if min_cost < 1.0 => false,
            Heuristic::Manhattan => connectivity == Connectivity::Four,
            _ => true,
        }
    }

    /// The heuristic exact on an open board with `connectivity`'s moves: Manhattan for four
    /// directions, octile for eight.
    pub fn exact_for(connectivity: Connectivity) -> Heuristic {
        match connectivity {
            Connectivity::Four => Heuristic::Manhattan,
            Connectivity::Eight => Heuristic::Octile,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Heuristic::Manhattan => "manhattan",
            Heuristic::Euclidean => "euclidean",
            Heuristic::Octile => "octile",
            Heuristic::Chebyshev => "chebyshev",
            Heuristic::Zero => "zero",
        }
    }

    pub fn parse(text: &str) -> Result<Heuristic, String> {
        Heuristic::ALL
            .into_iter()
            .find(|h| h.code() == text.to_ascii_lowercase())
            .ok_or_else(|| {
                format!(
                    "unknown heuristic `{}` (expected manhattan, euclidean, octile, chebyshev or zero)",
                    crate::files::quote(text)
                )
            })
    }

    /// The natural choice for a connectivity: exact on an open board.
    pub fn natural(connectivity: Connectivity) -> Heuristic {
        match connectivity {
            Connectivity::Four => Heuristic::Manhattan,
            Connectivity::Eight => Heuristic::Octile,
        }
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Heuristic::Manhattan => "Manhattan",
            Heuristic::Euclidean => "Euclidean",
            Heuristic::Octile => "Octile",
            Heuristic::Chebyshev => "Chebyshev",
            Heuristic::Zero => "Zero",
        };
        f.write_str(name)
    }
}
