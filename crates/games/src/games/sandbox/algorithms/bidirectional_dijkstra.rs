//! Bidirectional Dijkstra: uniform-cost searches from both ends, stopped when no cheaper meeting can remain.

use super::listing::bidirectional;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, BiSearch};

pub static BIDIRECTIONAL_DIJKSTRA: Descriptor = Descriptor {
    code: "bidijkstra",
    name: "Bidirectional Dijkstra",
    name_key: "algo-bidijkstra",
    kind_key: "algo-bidijkstra",
    listing: &bidirectional(Some(("code-bibest-4-dijkstra", "code-bibest-8-dijkstra"))),
    ranking: Ranking::Lowest(Measure::G),
    rule_key: "predict-rule-dijkstra",
    guarantees: Guarantees {
        cheapest: true,
        heuristic: false,
    },
    shape: Shape::TwoSided(Algorithm::Dijkstra),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(
            BiSearch::with_algorithm(problem, Algorithm::Dijkstra)
                .with_stopping_rule(options.rule)
                .with_budget(options.budget),
        )
    },
};
