//! Weighted A*: the lowest g + w·h first, w >= 1; at most w times the cheapest cost, usually
//! with far fewer expansions.

use super::listing::BEST_FIRST;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, Search};

pub static WEIGHTED_ASTAR: Descriptor = Descriptor {
    code: "wastar",
    name: "Weighted A*",
    name_key: "algo-wastar",
    kind_key: "algo-wastar-kind",
    listing: &BEST_FIRST,
    ranking: Ranking::Lowest(Measure::F),
    rule_key: "predict-rule-wastar",
    guarantees: Guarantees {
        cheapest: false,
        heuristic: true,
    },
    shape: Shape::BestFirst(Algorithm::WeightedAStar(2.0)),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(
            Search::new(problem, Algorithm::WeightedAStar(options.weight))
                .with_budget(options.budget),
        )
    },
};
