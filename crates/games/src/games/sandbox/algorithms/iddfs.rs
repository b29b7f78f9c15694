//! Iterative deepening DFS: depth-first under a limit on moves that rises by one.

use super::listing::deepening;
use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::Ranking;
use crate::search::{Deepening, DeepeningLimit};

pub static IDDFS: Descriptor = Descriptor {
    code: "iddfs",
    name: "Iterative deepening DFS",
    name_key: "algo-iddfs",
    kind_key: "algo-iddfs",
    listing: &deepening([
        "code-iddfs-1",
        "code-iddfs-2",
        "code-iddfs-3",
        "code-iddfs-4",
        "code-iddfs-5",
        "code-iddfs-6",
        "code-iddfs-7",
        "code-iddfs-8",
        "code-iddfs-9",
        "code-iddfs-10",
        "code-iddfs-11",
    ]),
    ranking: Ranking::Order,
    rule_key: "predict-rule-deepening",
    guarantees: Guarantees {
        cheapest: false,
        heuristic: false,
    },
    shape: Shape::Deepening(DeepeningLimit::Moves),
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        Box::new(Deepening::new(problem, DeepeningLimit::Moves).with_budget(options.budget))
    },
};
