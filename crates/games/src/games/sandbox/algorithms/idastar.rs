//! IDA*: depth-first under a limit on f = g + h that rises to the smallest f cut off.

use super::listing::deepening;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::Ranking;
use crate::search::{Deepening, DeepeningLimit};

pub static IDA_STAR: Descriptor = Descriptor {
    code: "idastar",
    name: "IDA*",
    name_key: "algo-idastar",
    kind_key: "algo-idastar",
    listing: &deepening([
        "code-idastar-1",
        "code-idastar-2",
        "code-idastar-3",
        "code-idastar-4",
        "code-idastar-5",
        "code-idastar-6",
        "code-idastar-7",
        "code-idastar-8",
        "code-idastar-9",
        "code-idastar-10",
        "code-idastar-11",
    ]),
    ranking: Ranking::Order,
    rule_key: "predict-rule-deepening",
    guarantees: Guarantees {
        cheapest: true,
        heuristic: true,
    },
    shape: Shape::Deepening(DeepeningLimit::Cost),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(Deepening::new(problem, DeepeningLimit::Cost).with_budget(options.budget))
    },
};
