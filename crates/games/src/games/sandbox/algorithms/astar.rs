//! A*: the lowest f = g + h first; the cheapest path when h never overestimates.

use super::listing::BEST_FIRST;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, Search};

pub static ASTAR: Descriptor = Descriptor {
    code: "astar",
    name: "A*",
    name_key: "algo-astar",
    kind_key: "algo-astar",
    listing: &BEST_FIRST,
    ranking: Ranking::Lowest(Measure::F),
    rule_key: "predict-rule-astar",
    guarantees: Guarantees {
        cheapest: true,
        heuristic: true,
    },
    shape: Shape::BestFirst(Algorithm::AStar),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(Search::new(problem, Algorithm::AStar).with_budget(options.budget))
    },
};
