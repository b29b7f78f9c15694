//! Breadth-first search: the oldest frontier cell first, so the fewest moves.

use super::listing::{Moment::*, key};
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, Search};

pub static BFS: Descriptor = Descriptor {
    code: "bfs",
    name: "BFS",
    name_key: "algo-bfs",
    kind_key: "algo-bfs",
    listing: &[
        key("code-bfs-1", &[Start]),
        key("code-while-frontier", &[]),
        key("code-bfs-3", &[Found, Grew, Stayed]),
        key("code-goal-test", &[Found]),
        key("code-for-each-neighbour", &[Stayed]),
        key("code-bfs-6", &[]),
        key("code-bfs-7", &[]),
        key("code-bfs-8", &[Grew]),
        key("code-no-path", &[Exhausted]),
    ],
    ranking: Ranking::Lowest(Measure::Depth),
    rule_key: "predict-rule-bfs",
    guarantees: Guarantees {
        cheapest: false,
        heuristic: false,
    },
    shape: Shape::BestFirst(Algorithm::Bfs),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(Search::new(problem, Algorithm::Bfs).with_budget(options.budget))
    },
};
