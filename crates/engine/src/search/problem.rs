use std::hash::Hash;
use std::rc::Rc;
use std::sync::Arc;

/// The cost of a move or a path. Costs are never negative.
pub type Cost = f64;

/// A cost ordered totally (`f64::total_cmp`), for the heaps that rank by one: the costs
/// ranked are numbers, never NaN.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderedCost(pub Cost);

impl Eq for OrderedCost {}

impl PartialOrd for OrderedCost {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrderedCost {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// A search problem: where to begin, when to stop, and how states connect.
///
/// This is all an algorithm needs to know. Grid boards, Sokoban positions and Link tiles are
/// all problems; the engine never looks inside a state.
pub trait Problem {
    /// A state of the problem: a cell, a position of the boxes, a tile and a heading.
    type State: Clone + Eq + Hash;

    /// The state the search begins from.
    fn start(&self) -> Self::State;

    /// Whether `state` is a goal; the search stops when it selects one for expansion.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Pushes every state reachable from `state` in one move, with that move's cost (>= 0),
    /// onto `out`. The order matters: it is the order in which ties are broken.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::State, Cost)>);

    /// Calls `visit` with every successor of `state`, its move's cost and its number
    /// ([`Problem::state_index`]), in the order of [`Problem::successors`]; the engine calls
    /// this, with `index`, the number of `state` itself. The default gathers the successors
    /// in `buffer` first and numbers each; a problem that makes successors cheaply may hand
    /// each over as it goes, and number it from `index` (a grid cell's neighbour is a fixed
    /// step away).
    fn visit_successors(
        &self,
        state: &Self::State,
        _index: Option<usize>,
        buffer: &mut Vec<(Self::State, Cost)>,
        mut visit: impl FnMut(Self::State, Cost, Option<usize>),
    ) where
        Self: Sized,
    {
        buffer.clear();
        self.successors(state, buffer);
        for (next, cost) in buffer.drain(..) {
            let index = self.state_index(&next);
            visit(next, cost, index);
        }
    }

    /// An estimate of the remaining cost to a goal; informed algorithms (A*, weighted A*,
    /// greedy) order their frontier by it. Zero unless a problem says otherwise. Infinity
    /// means no goal can be reached from `state`: informed searches then drop it.
    fn heuristic(&self, _state: &Self::State) -> Cost {
        0.0
    }

    /// If the states can be numbered densely (grid cells, say), how many there are. The
    /// engine then keeps its bookkeeping in flat arrays instead of a hash map.
    fn state_space_size(&self) -> Option<usize> {
        None
    }

    /// The number of `state` in `0..state_space_size()`, when the problem is dense. A state
    /// without a number (or with one out of range) is kept in a hash map instead.
    fn state_index(&self, _state: &Self::State) -> Option<usize> {
        None
    }

    /// Bytes a state owns on the heap beyond its own size, so that memory budgets can count
    /// states that hold vectors.
    fn state_heap_bytes(&self, _state: &Self::State) -> usize {
        0
    }
}

/// A problem with a single goal state that can also be searched backwards from that goal,
/// which is what bidirectional search needs (see [`BiSearch`](super::BiSearch) for an
/// example).
pub trait ReversibleProblem: Problem {
    /// The one goal state.
    fn goal(&self) -> Self::State;

    /// Pushes every state from which `state` is reachable in one move, with that move's cost.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::State, Cost)>);

    /// An estimate of the cost from the start to `state`, for a search run backwards from
    /// the goal (bidirectional A*); zero unless a problem says otherwise.
    fn heuristic_to_start(&self, _state: &Self::State) -> Cost {
        0.0
    }
}

macro_rules! forward_problem {
    ($($pointer:ty),*) => {$(
        impl<P: Problem + ?Sized> Problem for $pointer {
            type State = P::State;
            fn start(&self) -> P::State {
                (**self).start()
            }
            fn is_goal(&self, state: &P::State) -> bool {
                (**self).is_goal(state)
            }
            fn successors(&self, state: &P::State, out: &mut Vec<(P::State, Cost)>) {
                (**self).successors(state, out)
            }
            fn heuristic(&self, state: &P::State) -> Cost {
                (**self).heuristic(state)
            }
            fn state_space_size(&self) -> Option<usize> {
                (**self).state_space_size()
            }
            fn state_index(&self, state: &P::State) -> Option<usize> {
                (**self).state_index(state)
            }
            fn state_heap_bytes(&self, state: &P::State) -> usize {
                (**self).state_heap_bytes(state)
            }
        }

        impl<P: ReversibleProblem + ?Sized> ReversibleProblem for $pointer {
            fn goal(&self) -> P::State {
                (**self).goal()
            }
            fn predecessors(&self, state: &P::State, out: &mut Vec<(P::State, Cost)>) {
                (**self).predecessors(state, out)
            }
        }
    )*};
}

forward_problem!(&P, Rc<P>, Arc<P>, Box<P>);
