//! Bidirectional A*: A* from both ends, stopped when no cheaper meeting can remain.

use super::listing::bidirectional;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, BiSearch};

pub static BIDIRECTIONAL_ASTAR: Descriptor = Descriptor {
    code: "biastar",
    name: "Bidirectional A*",
    name_key: "algo-biastar",
    kind_key: "algo-biastar",
    listing: &bidirectional(Some(("code-bibest-4-astar", "code-bibest-8-astar"))),
    ranking: Ranking::Lowest(Measure::F),
    rule_key: "predict-rule-astar",
    guarantees: Guarantees {
        cheapest: true,
        heuristic: true,
    },
    shape: Shape::TwoSided(Algorithm::AStar),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(
            BiSearch::with_algorithm(problem, Algorithm::AStar)
                .with_stopping_rule(options.rule)
                .with_budget(options.budget),
        )
    },
};
