//! A pseudo-code listing as data: each line's text (a message key, or a part the app fills
//! in from the family's policy) and the moments that light it, so the lines a step lights
//! are looked up, never typed as numbers that must match the listing.

/// When a line of a listing is the one being run: what the step that was just taken did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Before the first step.
    Start,
    /// The goal came out of the frontier.
    Found,
    /// The frontier ran dry.
    Exhausted,
    /// A node was expanded and something joined the frontier (or was improved there).
    Grew,
    /// A node was expanded and nothing joined.
    Stayed,
    /// Iterative deepening: the limit rose and the search began again.
    NewIteration,
    /// Iterative deepening: a step within the limit.
    WithinIteration,
}

/// The lines of the best-first family that differ by algorithm (see the app's policy
/// text): how a node leaves the frontier, when a successor enters it, what is recorded,
/// how it is pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyPart {
    Pop,
    EntersIf,
    Record,
    Push,
}

/// A line's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    /// A message key.
    Key(&'static str),
    /// A message key followed by a comment, another key.
    Commented(&'static str, &'static str),
    /// A part of the family's policy.
    Policy(PolicyPart),
}

/// A line of a listing and the moments it lights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: Text,
    pub lights: &'static [Moment],
}

/// A line whose text is the message `key`.
pub const fn key(key: &'static str, lights: &'static [Moment]) -> Line {
    Line {
        text: Text::Key(key),
        lights,
    }
}

use Moment::{Exhausted, Found, Grew, NewIteration, Start, Stayed, WithinIteration};

/// The best-first family's listing: Dijkstra, A*, weighted A* and greedy differ only in
/// their policy's lines.
pub const BEST_FIRST: [Line; 11] = [
    key("code-best-first-1", &[Start]),
    key("code-while-frontier", &[]),
    Line {
        text: Text::Policy(PolicyPart::Pop),
        lights: &[Found, Grew, Stayed],
    },
    key("code-goal-test", &[Found]),
    key("code-mark-visited", &[]),
    key("code-for-each-neighbour", &[Stayed]),
    key("code-g-prime", &[]),
    Line {
        text: Text::Policy(PolicyPart::EntersIf),
        lights: &[],
    },
    Line {
        text: Text::Policy(PolicyPart::Record),
        lights: &[],
    },
    Line {
        text: Text::Policy(PolicyPart::Push),
        lights: &[Grew],
    },
    key("code-no-path", &[Exhausted]),
];

/// IDDFS and IDA* share their shape: the outer loop raises the limit, the inner is a
/// depth-first search within it.
pub const fn deepening(keys: [&'static str; 11]) -> [Line; 11] {
    let lit: [&'static [Moment]; 11] = [
        &[Start],
        &[Found, NewIteration],
        &[],
        &[Exhausted],
        &[NewIteration],
        &[],
        &[Found],
        &[],
        &[WithinIteration],
        &[WithinIteration],
        &[],
    ];
    let mut lines: [Line; 11] = [key("", &[]); 11];
    let mut i = 0;
    while i < 11 {
        lines[i] = key(keys[i], lit[i]);
        i += 1;
    }
    lines
}

/// The two-sided searches' listing, with the lines that name the order and the stopping
/// rule given (bidirectional BFS's own lines when `None`).
pub const fn bidirectional(best_first: Option<(&'static str, &'static str)>) -> [Line; 10] {
    let (first, order, sixth, seventh, stop, last) = match best_first {
        None => (
            key("code-bibfs-1", &[Start]),
            key("code-bibfs-4", &[Grew, Stayed]),
            key("code-bibfs-6", &[Grew]),
            key("code-bibfs-7", &[]),
            key("code-bibfs-8", &[Found]),
            key("code-bibfs-9", &[Found]),
        ),
        Some((order, stop)) => (
            key("code-bibest-1", &[Start]),
            Line {
                text: Text::Commented("code-bibest-4", order),
                lights: &[Grew, Stayed],
            },
            key("code-bibest-6", &[Grew]),
            key("code-bibest-7", &[]),
            Line {
                text: Text::Commented(stop, "code-bibest-8-why"),
                lights: &[Found],
            },
            key("code-bibest-9", &[Found]),
        ),
    };
    [
        first,
        key("code-bibfs-2", &[]),
        key("code-bibfs-3", &[]),
        order,
        key("code-bibfs-5", &[Stayed]),
        sixth,
        seventh,
        stop,
        last,
        key("code-no-path", &[Exhausted]),
    ]
}
