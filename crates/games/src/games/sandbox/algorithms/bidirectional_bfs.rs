//! Bidirectional BFS: a breadth-first search from each end, a layer at a time, until they meet.

use super::listing::bidirectional;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, BiSearch};

pub static BIDIRECTIONAL_BFS: Descriptor = Descriptor {
    code: "bibfs",
    name: "Bidirectional BFS",
    name_key: "algo-bibfs",
    kind_key: "algo-bibfs",
    listing: &bidirectional(None),
    ranking: Ranking::Lowest(Measure::Depth),
    rule_key: "predict-rule-bfs",
    guarantees: Guarantees {
        cheapest: false,
        heuristic: false,
    },
    shape: Shape::TwoSided(Algorithm::Bfs),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(
            BiSearch::with_algorithm(problem, Algorithm::Bfs)
                .with_stopping_rule(options.rule)
                .with_budget(options.budget),
        )
    },
};
