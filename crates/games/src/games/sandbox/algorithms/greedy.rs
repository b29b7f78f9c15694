//! Greedy best-first search: the lowest h first; heads straight for the goal and can be led astray.

use super::listing::BEST_FIRST;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, Search};

pub static GREEDY: Descriptor = Descriptor {
    code: "greedy",
    name: "Greedy best-first",
    name_key: "algo-greedy",
    kind_key: "algo-greedy",
    listing: &BEST_FIRST,
    ranking: Ranking::Lowest(Measure::H),
    rule_key: "predict-rule-greedy",
    guarantees: Guarantees {
        cheapest: false,
        heuristic: true,
    },
    shape: Shape::BestFirst(Algorithm::Greedy),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(Search::new(problem, Algorithm::Greedy).with_budget(options.budget))
    },
};
