//! Dijkstra's algorithm (uniform-cost search): the lowest g first, so the cheapest path.

use super::listing::BEST_FIRST;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, Search};

pub static DIJKSTRA: Descriptor = Descriptor {
    code: "dijkstra",
    name: "Dijkstra",
    name_key: "algo-dijkstra",
    kind_key: "algo-dijkstra",
    listing: &BEST_FIRST,
    ranking: Ranking::Lowest(Measure::G),
    rule_key: "predict-rule-dijkstra",
    guarantees: Guarantees {
        cheapest: true,
        heuristic: false,
    },
    shape: Shape::BestFirst(Algorithm::Dijkstra),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(Search::new(problem, Algorithm::Dijkstra).with_budget(options.budget))
    },
};
