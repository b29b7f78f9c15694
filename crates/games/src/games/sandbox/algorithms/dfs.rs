//! Depth-first search: the newest frontier cell first; finds a path, rarely a short one.

use super::listing::{Moment::*, key};
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::Ranking;
use crate::search::{Algorithm, Search};

pub static DFS: Descriptor = Descriptor {
    code: "dfs",
    name: "DFS",
    name_key: "algo-dfs",
    kind_key: "algo-dfs",
    listing: &[
        key("code-dfs-1", &[Start]),
        key("code-while-frontier", &[]),
        key("code-dfs-3", &[Found, Grew, Stayed]),
        key("code-dfs-4", &[]),
        key("code-goal-test", &[Found]),
        key("code-mark-visited", &[]),
        key("code-dfs-7", &[Stayed]),
        key("code-dfs-8", &[]),
        key("code-dfs-9", &[Grew]),
        key("code-no-path", &[Exhausted]),
    ],
    ranking: Ranking::Order,
    rule_key: "predict-rule-dfs",
    guarantees: Guarantees {
        cheapest: false,
        heuristic: false,
    },
    shape: Shape::BestFirst(Algorithm::Dfs),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(Search::new(problem, Algorithm::Dfs).with_budget(options.budget))
    },
};
