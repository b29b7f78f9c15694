//! Jump Point Search: A* over jump points, on boards of one step cost (the engine is
//! [`crate::games::sandbox::jump`]).

use super::listing::{Moment::*, key};
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::games::sandbox::jump::JumpSearch;
use crate::search::predict::{Measure, Ranking};
use crate::search::{Algorithm, Search};

pub static JPS: Descriptor = Descriptor {
    code: "jps",
    name: "Jump Point Search",
    name_key: "algo-jps",
    kind_key: "algo-jps",
    listing: &[
        key("code-jps-1", &[Start]),
        key("code-while-open", &[]),
        key("code-jps-3", &[Found, Grew, Stayed]),
        key("code-jps-4", &[Found]),
        key("code-mark-visited", &[]),
        key("code-jps-6", &[]),
        key("code-jps-7", &[Grew, Stayed]),
        key("code-jps-8", &[]),
        key("code-jps-9", &[Grew]),
        key("code-no-path", &[Exhausted]),
    ],
    ranking: Ranking::Lowest(Measure::F),
    rule_key: "predict-rule-jps",
    guarantees: Guarantees {
        cheapest: true,
        heuristic: true,
    },
    shape: Shape::Own,
    capabilities: Capabilities {
        scan_trail: true,
        uniform_costs_only: true,
        jump_table: true,
        ..Capabilities::NONE
    },
    build: |problem, options| match JumpSearch::new(problem.clone()) {
        Some(jps) if options.drawn => Box::new(jps.with_budget(options.budget)),
        Some(jps) => Box::new(jps.without_trail().with_budget(options.budget)),
        None => Box::new(Search::new(problem, Algorithm::AStar).with_budget(options.budget)),
    },
};
