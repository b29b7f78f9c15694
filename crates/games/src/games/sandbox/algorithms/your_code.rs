//! The student's own search, written in Python in the code panel: not a search of the
//! registry (the command line and lessons cannot pick it), but a search the board runs as
//! it runs the others, replayed from what the program did (see
//! [`crate::search::recorded`]). Its run is built from the recording the options carry; with
//! none yet it stops at once.

use std::sync::Arc;

use super::{Capabilities, Descriptor, Guarantees, Shape};
use crate::search::predict::Ranking;
use crate::search::recorded::{Recorded, Recording};

pub static YOUR_CODE: Descriptor = Descriptor {
    code: "code",
    name: "Your code",
    name_key: "algo-your-code",
    kind_key: "algo-your-code",
    // The code panel shows the program itself, its line lit at each step.
    listing: &[],
    // The program's next expansion is the only right guess.
    ranking: Ranking::Order,
    rule_key: "predict-rule-your-code",
    guarantees: Guarantees {
        cheapest: false,
        // The program may ask problem.h, which is the heuristic chosen in the tab.
        heuristic: true,
    },
    shape: Shape::Own,
    capabilities: Capabilities::NONE,
    build: |problem, options| {
        let recording = options.recording.clone().unwrap_or_else(|| {
            Arc::new(Recording {
                opening: vec![],
                steps: vec![],
                closing: vec![],
                returned: None,
                finished: false,
            })
        });
        Box::new(Recorded::new(problem, recording))
    },
};
