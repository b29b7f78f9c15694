use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::algorithm::Order;
use super::nodes::Nodes;
use super::{Algorithm, Cost, NodeId};

/// The frontier ("open list") as a container. Entries may go stale (a node pushed again with
/// a better cost, or already expanded); they are skipped when they reach the front.
#[derive(Clone)]
pub(super) enum Frontier {
    Fifo(VecDeque<NodeId>),
    Lifo(Vec<NodeId>),
    Best(Buckets),
}

/// The best-first frontier: a binary heap, plus a few queues that each hold entries of one
/// priority.
///
/// A priority queue is most of a grid search's work, and on grids a great many frontier
/// nodes share one of a few priorities (A* with Manhattan distance on a 4-connected grid:
/// f, f + 2, f + 4). An entry whose priority has a queue joins it in O(1) instead of
/// climbing the heap; the others go through the heap. Each entry packs priority, arrival
/// and node into one `u128` whose integer order is exactly the expansion order (lowest
/// priority; then newest first when `newest_first`, oldest first otherwise), and each
/// queue is kept in that order, so the next entry is simply the least of the heap's top
/// and the queues' fronts, wherever each entry went.
#[derive(Clone)]
pub(super) struct Buckets {
    heap: BinaryHeap<Reverse<u128>>,
    groups: [Group; GROUPS],
    newest_first: bool,
    arrivals: u32,
}

/// How many equal-priority queues: two measured best in `cargo bench --bench engine` (four
/// made the many small octile searches about 7% slower, one the big 4-connected ones 20%).
const GROUPS: usize = 2;

/// Entries of one priority, in expansion order from the front. Empty groups are free.
#[derive(Clone, Default)]
struct Group {
    key: u64,
    entries: VecDeque<u128>,
}

/// Where the next entry is.
#[derive(Clone, Copy)]
enum Source {
    Heap,
    Group(usize),
}

/// Maps a float to an integer with the same order (IEEE 754 total order), so priorities
/// can be compared and grouped exactly.
#[inline]
fn ordered_bits(x: Cost) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    }
}

/// The priority key `node` would have if pushed now.
#[inline]
fn key_of<S>(nodes: &Nodes<S>, algorithm: Algorithm, node: NodeId) -> u64 {
    let record = &nodes.records[node as usize];
    ordered_bits(algorithm.priority(record.g, record.h))
}

fn key_part(entry: u128) -> u64 {
    (entry >> 64) as u64
}

fn node_part(entry: u128) -> NodeId {
    entry as u32
}

impl Buckets {
    fn new(newest_first: bool) -> Buckets {
        Buckets {
            heap: BinaryHeap::with_capacity(256),
            groups: Default::default(),
            newest_first,
            arrivals: 0,
        }
    }

    #[inline]
    fn push(&mut self, node: NodeId, priority: Cost) {
        let key = ordered_bits(priority);
        let arrival = self.arrivals;
        self.arrivals = self.arrivals.wrapping_add(1);
        let order = if self.newest_first {
            u32::MAX - arrival
        } else {
            arrival
        };
        let entry = ((key as u128) << 64) | ((order as u128) << 32) | node as u128;
        let slot = self
            .groups
            .iter()
            .position(|g| g.key == key && !g.entries.is_empty())
            .or_else(|| self.groups.iter().position(|g| g.entries.is_empty()));
        match slot {
            Some(i) => {
                let group = &mut self.groups[i];
                group.key = key;
                // The newest entry of its group: first out when newest comes first.
                if self.newest_first {
                    group.entries.push_front(entry);
                } else {
                    group.entries.push_back(entry);
                }
            }
            None => self.heap.push(Reverse(entry)),
        }
    }

    /// Where the next entry is, and the entry.
    #[inline]
    fn next_entry(&self) -> Option<(Source, u128)> {
        let mut best = self.heap.peek().map(|r| (Source::Heap, r.0));
        for (i, group) in self.groups.iter().enumerate() {
            if let Some(&front) = group.entries.front()
                && best.is_none_or(|(_, entry)| front < entry)
            {
                best = Some((Source::Group(i), front));
            }
        }
        best
    }

    /// The next entry's key and node, without removing it.
    #[inline]
    fn front(&self) -> Option<(u64, NodeId)> {
        self.next_entry()
            .map(|(_, entry)| (key_part(entry), node_part(entry)))
    }

    /// Removes and returns the next entry's key and node.
    #[inline]
    fn pop(&mut self) -> Option<(u64, NodeId)> {
        let (source, entry) = self.next_entry()?;
        match source {
            Source::Heap => {
                self.heap.pop();
            }
            Source::Group(i) => {
                self.groups[i].entries.pop_front();
            }
        }
        Some((key_part(entry), node_part(entry)))
    }

    #[inline]
    fn remove_front(&mut self) {
        self.pop();
    }

    /// Every entry, in expansion order.
    fn in_order(&self) -> Vec<(u64, NodeId)> {
        let mut all: Vec<u128> = self.heap.iter().map(|r| r.0).collect();
        for group in &self.groups {
            all.extend(group.entries.iter().copied());
        }
        all.sort_unstable();
        all.into_iter()
            .map(|e| (key_part(e), node_part(e)))
            .collect()
    }

    fn bytes(&self) -> usize {
        let queued: usize = self.groups.iter().map(|g| g.entries.capacity()).sum();
        (self.heap.capacity() + queued) * std::mem::size_of::<u128>()
    }
}

impl Frontier {
    /// Empties the frontier, keeping its memory.
    pub fn clear(&mut self) {
        match self {
            Frontier::Fifo(queue) => queue.clear(),
            Frontier::Lifo(stack) => stack.clear(),
            Frontier::Best(buckets) => {
                buckets.heap.clear();
                for group in &mut buckets.groups {
                    group.entries.clear();
                }
                buckets.arrivals = 0;
            }
        }
    }

    pub fn new(order: Order) -> Frontier {
        match order {
            Order::Fifo => Frontier::Fifo(VecDeque::new()),
            Order::Lifo => Frontier::Lifo(Vec::new()),
            Order::Best { newest_first } => Frontier::Best(Buckets::new(newest_first)),
        }
    }

    #[inline]
    pub fn push(&mut self, node: NodeId, priority: Cost) {
        match self {
            Frontier::Fifo(queue) => queue.push_back(node),
            Frontier::Lifo(stack) => stack.push(node),
            Frontier::Best(buckets) => buckets.push(node, priority),
        }
    }

    /// Whether the entry for `node` under `key` is out of date: the node was expanded
    /// already, or pushed again since with a better priority.
    #[inline]
    fn stale<S>(nodes: &Nodes<S>, algorithm: Algorithm, node: NodeId, key: Option<u64>) -> bool {
        nodes.records[node as usize].closed
            || key.is_some_and(|key| key != key_of(nodes, algorithm, node))
    }

    /// The front entry, live or stale, with its key when it has one.
    #[inline]
    fn front(&self) -> Option<(NodeId, Option<u64>)> {
        match self {
            Frontier::Fifo(queue) => queue.front().map(|&n| (n, None)),
            Frontier::Lifo(stack) => stack.last().map(|&n| (n, None)),
            Frontier::Best(buckets) => buckets.front().map(|(key, n)| (n, Some(key))),
        }
    }

    #[inline]
    fn remove_front(&mut self) {
        match self {
            Frontier::Fifo(queue) => {
                queue.pop_front();
            }
            Frontier::Lifo(stack) => {
                stack.pop();
            }
            Frontier::Best(buckets) => buckets.remove_front(),
        }
    }

    /// Removes and returns the next node to expand, skipping stale entries.
    #[inline]
    pub fn pop<S>(&mut self, nodes: &Nodes<S>, algorithm: Algorithm) -> Option<NodeId> {
        loop {
            let (node, key) = match self {
                Frontier::Fifo(queue) => (queue.pop_front()?, None),
                Frontier::Lifo(stack) => (stack.pop()?, None),
                Frontier::Best(buckets) => buckets.pop().map(|(key, n)| (n, Some(key)))?,
            };
            if !Self::stale(nodes, algorithm, node, key) {
                return Some(node);
            }
        }
    }

    /// The node `pop` would return, after discarding stale entries from the front.
    pub fn peek<S>(&mut self, nodes: &Nodes<S>, algorithm: Algorithm) -> Option<NodeId> {
        loop {
            let (node, key) = self.front()?;
            if !Self::stale(nodes, algorithm, node, key) {
                return Some(node);
            }
            self.remove_front();
        }
    }

    /// The frontier's live nodes in the order they would be expanded (a copy; for display).
    pub fn in_order<S>(&self, nodes: &Nodes<S>, algorithm: Algorithm) -> Vec<NodeId> {
        let entries: Vec<(NodeId, Option<u64>)> = match self {
            Frontier::Fifo(queue) => queue.iter().map(|&n| (n, None)).collect(),
            Frontier::Lifo(stack) => stack.iter().rev().map(|&n| (n, None)).collect(),
            Frontier::Best(buckets) => buckets
                .in_order()
                .into_iter()
                .map(|(key, node)| (node, Some(key)))
                .collect(),
        };
        let mut seen = std::collections::HashSet::new();
        entries
            .into_iter()
            .filter(|&(node, key)| !Self::stale(nodes, algorithm, node, key) && seen.insert(node))
            .map(|(node, _)| node)
            .collect()
    }

    pub fn bytes(&self) -> usize {
        let id = std::mem::size_of::<NodeId>();
        match self {
            Frontier::Fifo(queue) => queue.capacity() * id,
            Frontier::Lifo(stack) => stack.capacity() * id,
            Frontier::Best(buckets) => buckets.bytes(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Buckets, ordered_bits};

    /// Pushes and pops interleaved, with few and with many distinct priorities: the pops
    /// come out lowest priority first, ties newest (or oldest) first.
    #[test]
    fn buckets_pop_in_priority_then_arrival_order() {
        for newest_first in [true, false] {
            for distinct in [3u64, 1000] {
                let mut buckets = Buckets::new(newest_first);
                let mut waiting: Vec<(f64, i64, u32)> = vec![];
                let mut x = 99u64;
                for arrival in 0..3000u32 {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let priority = ((x >> 33) % distinct) as f64 * 0.5;
                    buckets.push(arrival, priority);
                    let tie = if newest_first {
                        -(arrival as i64)
                    } else {
                        arrival as i64
                    };
                    waiting.push((priority, tie, arrival));
                    if (x >> 20).is_multiple_of(3) {
                        waiting.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                        let expected = waiting.remove(0);
                        let (key, node) = buckets.pop().unwrap();
                        assert_eq!((key, node), (ordered_bits(expected.0), expected.2));
                    }
                }
                waiting.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                let in_order: Vec<u32> = buckets.in_order().into_iter().map(|(_, n)| n).collect();
                assert_eq!(in_order, waiting.iter().map(|w| w.2).collect::<Vec<_>>());
                for expected in waiting {
                    assert_eq!(buckets.pop().map(|(_, n)| n), Some(expected.2));
                }
                assert_eq!(buckets.pop(), None);
            }
        }
    }

    #[test]
    fn ordered_bits_keep_the_order_of_floats() {
        let values = [
            -1e300,
            -2.5,
            -0.0,
            0.0,
            1e-300,
            1.0,
            1.5,
            2.0,
            1e300,
            f64::INFINITY,
        ];
        for pair in values.windows(2) {
            assert!(ordered_bits(pair[0]) < ordered_bits(pair[1]), "{pair:?}");
        }
    }
}
