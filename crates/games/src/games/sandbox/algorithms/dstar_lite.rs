//! D* Lite: plans from the goal back, and repairs its plan when the board changes (the
//! engine is [`crate::games::sandbox::dstar_lite`]).

use super::listing::{Moment::*, key};
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::games::sandbox::dstar_lite::DStarLite;
use crate::search::predict::Ranking;

pub static DSTAR_LITE: Descriptor = Descriptor {
    code: "dstar-lite",
    name: "D* Lite",
    name_key: "algo-dstar-lite",
    kind_key: "algo-dstar-lite",
    listing: &[
        key("code-dstar-1", &[Start]),
        key("code-dstar-2", &[Exhausted, Grew, Stayed]),
        key("code-dstar-3", &[Grew, Stayed]),
        key("code-dstar-4", &[]),
        key("code-dstar-5", &[]),
        key("code-dstar-6", &[]),
        key("code-dstar-7", &[]),
        key("code-dstar-8", &[Found]),
        key("code-dstar-9", &[]),
    ],
    ranking: Ranking::Order,
    rule_key: "predict-rule-dstar",
    guarantees: Guarantees {
        cheapest: true,
        heuristic: true,
    },
    shape: Shape::Own,
    capabilities: Capabilities {
        repairs: true,
        from_goal: true,
        ..Capabilities::NONE
    },
    build: |problem, options| Box::new(DStarLite::new(problem).with_budget(options.budget)),
};
