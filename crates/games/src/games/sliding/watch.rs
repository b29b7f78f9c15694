//! What the Sliding puzzle tab shows of a search beside the board: the frontier's first
//! positions in the order the search ranks them, with g, h and f, and how many expansions
//! each depth took (the plot that shows a better heuristic cutting the deep layers).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::position::Position;
use super::problem::SlidingProblem;
use crate::search::predict::Ranking;
use crate::search::{Cost, NodeStatus, NodeView, Run};

/// A position waiting in the frontier, with what the search knows of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    pub position: Position,
    pub view: NodeView<Position>,
}

/// The frontier's size and its first `count` positions, ranked as `ranking` says the search
/// takes them: lowest value first, ties by the lower h then the deeper (the order a student
/// would check by hand; the search's own tie rule may take any of a tie). A stack (DFS,
/// the deepening searches) shows its deepest positions first.
pub fn frontier_preview(
    run: &dyn Run<Problem = SlidingProblem>,
    ranking: Ranking,
    count: usize,
) -> (usize, Vec<Waiting>) {
    let mut total = 0;
    let mut kept: BinaryHeap<Ranked> = BinaryHeap::new();
    run.for_each_node(&mut |position, view| {
        if view.status != NodeStatus::Frontier {
            return;
        }
        total += 1;
        let key = rank_key(ranking, view);
        if kept.len() < count {
            kept.push(Ranked(
                key,
                Waiting {
                    position: *position,
                    view: view.clone(),
                },
            ));
        } else if kept.peek().is_some_and(|worst| key < worst.0) {
            kept.pop();
            kept.push(Ranked(
                key,
                Waiting {
                    position: *position,
                    view: view.clone(),
                },
            ));
        }
    });
    let mut first: Vec<Ranked> = kept.into_vec();
    first.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal));
    (total, first.into_iter().map(|r| r.1).collect())
}

/// Smaller comes first.
type Key = (Cost, Cost, Cost);

fn rank_key(ranking: Ranking, view: &NodeView<Position>) -> Key {
    match ranking {
        Ranking::Lowest(measure) => (measure.of(view), view.h, -(view.depth as Cost)),
        Ranking::Order => (-(view.depth as Cost), view.h, 0.0),
    }
}

/// A waiting position by its key: the heap keeps the worst on top, to drop it first.
struct Ranked(Key, Waiting);

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.partial_cmp(&other.0).unwrap_or(Ordering::Equal)
    }
}

/// Expansions counted by the depth of the position expanded, step by step as a run goes
/// (a position expanded again, as IDA* does in each iteration, counts again).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExpansionsByDepth {
    counts: Vec<u64>,
    last_step: Option<usize>,
}

impl ExpansionsByDepth {
    /// Counts the expansion made at `step`, at `depth`; a step already counted (a replay
    /// after stepping back) is not counted twice.
    pub fn record(&mut self, step: usize, depth: u32) {
        if self.last_step.is_some_and(|last| step <= last) {
            return;
        }
        self.last_step = Some(step);
        let depth = depth as usize;
        if self.counts.len() <= depth {
            self.counts.resize(depth + 1, 0);
        }
        self.counts[depth] += 1;
    }

    /// Expansions at each depth from 0.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sliding::PuzzleHeuristic;
    use crate::search::predict::Measure;
    use crate::search::{Algorithm, Search};

    #[test]
    fn the_preview_lists_the_lowest_f_first_and_counts_the_whole_frontier() {
        let goal = Position::blank_last(3);
        let start = goal.after("ULDLUR").unwrap();
        let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::Manhattan).unwrap();
        let mut search = Search::new(problem, Algorithm::AStar);
        for _ in 0..4 {
            search.next();
        }
        let (total, first) = frontier_preview(&search, Ranking::Lowest(Measure::F), 3);
        assert_eq!(total, search.frontier_len());
        assert_eq!(first.len(), 3.min(total));
        assert!(first.windows(2).all(|w| w[0].view.f <= w[1].view.f));
        let mut least = Cost::INFINITY;
        search.for_each_node(&mut |_, view| {
            if view.status == NodeStatus::Frontier {
                least = least.min(view.f);
            }
        });
        assert_eq!(first[0].view.f, least);
        for waiting in &first {
            assert_eq!(waiting.view.f, waiting.view.g + waiting.view.h);
            assert_eq!(search.node(&waiting.position).as_ref(), Some(&waiting.view));
        }
    }

    #[test]
    fn expansions_are_counted_once_a_step_by_depth() {
        let mut counts = ExpansionsByDepth::default();
        counts.record(1, 0);
        counts.record(2, 1);
        counts.record(3, 1);
        counts.record(2, 1);
        assert_eq!(counts.counts(), &[1, 2]);
        assert_eq!(counts.total(), 3);
    }
}
