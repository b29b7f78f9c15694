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

/// The best-first frontier: a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, "Faster
/// algorithms for the shortest path problem", JACM 1990) over the priorities' bits, with a
/// binary heap beside it for entries below the last one taken.
///
/// A priority queue is most of a grid search's work. A* with a consistent heuristic and
/// Dijkstra take their priorities in order, never lower than the last one taken; the radix
/// heap relies on that: an entry waits in the bucket named by the highest bit where its
/// priority differs from the last one taken, so a push is O(1), and a bucket is sorted out
/// into lower ones only when everything below it is gone. Entries of exactly the last
/// priority wait in bucket 0 in expansion order, so ties cost nothing either (A* with
/// Manhattan distance on a 4-connected grid has long runs of them). A search whose
/// priorities can go down (an inconsistent heuristic, weighted A*, greedy, or only the
/// rounding of f = g + h) puts those entries in order at the front of bucket 0 when few
/// come before them there, and on the binary heap otherwise: both are below everything in
/// the buckets, and the next entry out is the lesser of their fronts. On the 512 x 512
/// Baldur's Gate map of bench case (f) the buckets took A* from 2.06 to 1.46 ms a query
/// (the binary heap's pushes and pops had been 43% of the time).
///
/// Each entry packs priority, arrival and node into one `u128` whose integer order is
/// exactly the expansion order (lowest priority; then newest first when `newest_first`,
/// oldest first otherwise), so wherever an entry waits, the next one out is the least.
#[derive(Clone)]
pub(super) struct Buckets {
    /// `buckets[b]` for b > 0: entries whose priority first differs from `last` at bit
    /// b - 1 (from the right). (`buckets[0]` stays empty: see `equal`.)
    buckets: Vec<Bucket>,
    /// Bucket 0 kept in order as a double-ended queue: entries of key `last` (a tie pushed
    /// later goes to the front, newest first, or the back, oldest first), and before them
    /// the few entries pushed since with a key just below `last`.
    equal: VecDeque<u128>,
    /// The priority key last taken out of the buckets (every bucketed key is at least this).
    last: u64,
    /// Bit b - 1 set when bucket b > 0 holds entries: the lowest is found in one
    /// instruction rather than by looking at up to 64 buckets.
    occupied: u64,
    /// Entries whose key is at most `last` that did not fit near the front of `equal`
    /// (and, until the buckets start, every entry not below all of the heap's).
    below: BinaryHeap<Reverse<u128>>,
    newest_first: bool,
    arrivals: u32,
}

/// Entries waiting in one bucket, and the least of their keys (kept as they arrive, so a
/// bucket is sorted out in one pass rather than two).
#[derive(Clone)]
struct Bucket {
    entries: Vec<u128>,
    least: u64,
}

impl Bucket {
    const EMPTY: Bucket = Bucket {
        entries: Vec::new(),
        least: u64::MAX,
    };
}

/// A bucket for each bit a 64-bit key can first differ at, plus bucket 0.
const BUCKETS: usize = 65;

/// Entries the binary heap holds before the buckets start: a search that small (the
/// Moving AI maps of 49 x 49, about 130 expansions a query) spent more setting up and
/// filling 65 buckets than the heap cost it (case (b) of the engine bench went from 2.08x
/// to 1.96x the peer with buckets from the start). Until then an entry below all of the
/// heap's skips it and waits at the front of `equal` (a sixth of A*'s pushes on the 512 x
/// 512 maze, whose frontier never reaches this size; 4% off its time).
const RADIX_FROM: usize = 512;

/// How far into `equal` an entry below `last` may be put in order (see `Buckets::push_near`).
const NEAR: usize = 16;

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

/// The bucket of `key` when the last key taken is `last` (`key >= last`).
#[inline]
fn bucket_of(key: u64, last: u64) -> usize {
    (u64::BITS - (key ^ last).leading_zeros()) as usize
}

impl Buckets {
    fn new(newest_first: bool) -> Buckets {
        Buckets {
            buckets: Vec::new(),
            equal: VecDeque::new(),
            last: 0,
            occupied: 0,
            below: BinaryHeap::with_capacity(256),
            newest_first,
            arrivals: 0,
        }
    }

    #[inline(always)]
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
        if self.buckets.is_empty() {
            // The next one out, unless a lesser one comes: no sifting through the heap.
            if self
                .below
                .peek()
                .is_none_or(|&Reverse(least)| entry < least)
            {
                self.push_near(entry);
            } else {
                self.below.push(Reverse(entry));
                if self.below.len() > RADIX_FROM {
                    self.start_buckets();
                }
            }
        } else if key == self.last && !self.newest_first {
            // The newest entry of the least priority there is: last out of `equal`.
            self.equal.push_back(entry);
        } else if key <= self.last {
            self.push_near(entry);
        } else {
            self.bucket(entry, key);
        }
    }

    /// Puts an entry of key at most `last` among the front of `equal`, where it belongs in
    /// order, or on the binary heap when more than [`NEAR`] entries come before it there.
    ///
    /// Such entries are common and mostly only a rounding error below `last`: on octile
    /// costs, f = g + h is the same along a straight run in exact arithmetic but wobbles by
    /// an ulp in floating point. Put on the binary heap, they made its sifting about a third
    /// of A*'s queue work on the larger Moving AI maps (6 to 8% of all pushes).
    #[inline]
    fn push_near(&mut self, entry: u128) {
        // Before the whole queue (most often, until the buckets start): no search for the
        // place, and no general insertion (2% of A*'s time on the 512 x 512 maze).
        if self.equal.front().is_none_or(|&front| entry < front) {
            self.equal.push_front(entry);
            return;
        }
        let place = self
            .equal
            .iter()
            .take(NEAR)
            .take_while(|&&e| e < entry)
            .count();
        if place < NEAR {
            self.equal.insert(place, entry);
        } else {
            self.below.push(Reverse(entry));
        }
    }

    /// Moves the heap's entries (and those at the front of `equal`) into the buckets, from
    /// where the last one taken stands (those below it go to the heap).
    fn start_buckets(&mut self) {
        self.buckets = vec![Bucket::EMPTY; BUCKETS];
        let mut entries = std::mem::take(&mut self.below).into_vec();
        entries.extend(self.equal.drain(..).map(Reverse));
        for Reverse(entry) in entries {
            let key = key_part(entry);
            match key.cmp(&self.last) {
                std::cmp::Ordering::Less => self.below.push(Reverse(entry)),
                std::cmp::Ordering::Equal => self.equal.push_back(entry),
                std::cmp::Ordering::Greater => self.bucket(entry, key),
            }
        }
        self.equal.make_contiguous().sort_unstable();
    }

    /// Puts `entry`, of key `key` above `last`, in its bucket.
    #[inline]
    fn bucket(&mut self, entry: u128, key: u64) {
        let b = bucket_of(key, self.last);
        let bucket = &mut self.buckets[b];
        bucket.entries.push(entry);
        bucket.least = bucket.least.min(key);
        self.occupied |= 1 << (b - 1);
    }

    /// Makes the least bucketed entry the front of `equal`, if `equal` is empty: the
    /// lowest non-empty bucket's least key becomes `last` and its entries move down.
    #[inline]
    fn settle(&mut self) {
        if !self.equal.is_empty() {
            return;
        }
        if self.occupied == 0 {
            return;
        }
        let b = self.occupied.trailing_zeros() as usize + 1;
        self.occupied &= !(1 << (b - 1));
        self.last = std::mem::replace(&mut self.buckets[b].least, u64::MAX);
        if let [entry] = self.buckets[b].entries[..] {
            // A bucket of one: no sorting out.
            self.buckets[b].entries.clear();
            self.equal.push_back(entry);
            return;
        }
        let mut entries = std::mem::take(&mut self.buckets[b].entries);
        for &entry in &entries {
            let key = key_part(entry);
            if key == self.last {
                self.equal.push_back(entry);
            } else {
                self.bucket(entry, key);
            }
        }
        entries.clear();
        self.buckets[b].entries = entries;
        if self.equal.len() > 1 {
            let equal = self.equal.make_contiguous();
            if self.newest_first {
                // A bucket holds its entries mostly in arrival order: turned round, they
                // are mostly in this order already, and sorting them costs few mispredicted
                // branches (the sort's were about a tenth of A*'s on den520d).
                equal.reverse();
            }
            equal.sort_unstable();
        }
    }

    /// The next entry, without removing it.
    #[inline]
    fn front(&mut self) -> Option<(u64, NodeId)> {
        self.settle();
        let entry = match (self.below.peek(), self.equal.front()) {
            (Some(Reverse(below)), Some(equal)) => *below.min(equal),
            (Some(Reverse(entry)), None) | (None, Some(entry)) => *entry,
            (None, None) => return None,
        };
        Some((key_part(entry), node_part(entry)))
    }

    /// Removes and returns the next entry's key and node.
    #[inline]
    fn pop(&mut self) -> Option<(u64, NodeId)> {
        self.settle();
        // Everything in `below` and `equal` is at most `last`, below every bucketed entry.
        let from_below = match (self.below.peek(), self.equal.front()) {
            (Some(Reverse(below)), Some(equal)) => below < equal,
            (below, _) => below.is_some(),
        };
        let entry = if from_below {
            self.below.pop()?.0
        } else {
            self.equal.pop_front()?
        };
        if self.buckets.is_empty() {
            // Until the buckets start, `last` follows the entries taken.
            self.last = key_part(entry);
        }
        Some((key_part(entry), node_part(entry)))
    }

    #[inline]
    fn remove_front(&mut self) {
        self.pop();
    }

    /// Every entry, in expansion order.
    fn in_order(&self) -> Vec<(u64, NodeId)> {
        let mut all: Vec<u128> = self.below.iter().map(|r| r.0).collect();
        all.extend(self.equal.iter().copied());
        for bucket in &self.buckets {
            all.extend(bucket.entries.iter().copied());
        }
        all.sort_unstable();
        all.into_iter()
            .map(|e| (key_part(e), node_part(e)))
            .collect()
    }

    fn bytes(&self) -> usize {
        let bucketed: usize = self.buckets.iter().map(|b| b.entries.capacity()).sum();
        let entries = bucketed + self.equal.capacity() + self.below.capacity();
        entries * std::mem::size_of::<u128>()
    }

    /// Empties the queue, keeping its memory.
    fn clear(&mut self) {
        for bucket in &mut self.buckets {
            bucket.entries.clear();
            bucket.least = u64::MAX;
        }
        self.equal.clear();
        self.below.clear();
        self.last = 0;
        self.occupied = 0;
        self.arrivals = 0;
    }
}

impl Frontier {
    /// Empties the frontier, keeping its memory.
    pub fn clear(&mut self) {
        match self {
            Frontier::Fifo(queue) => queue.clear(),
            Frontier::Lifo(stack) => stack.clear(),
            Frontier::Best(buckets) => buckets.clear(),
        }
    }

    pub fn new(order: Order) -> Frontier {
        match order {
            Order::Fifo => Frontier::Fifo(VecDeque::new()),
            Order::Lifo => Frontier::Lifo(Vec::new()),
            Order::Best { newest_first } => Frontier::Best(Buckets::new(newest_first)),
        }
    }

    #[inline(always)]
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
    fn front(&mut self) -> Option<(NodeId, Option<u64>)> {
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

    /// A queue that stays smaller than [`super::RADIX_FROM`] (the heap alone, with entries
    /// below all of it waiting at the front of `equal`): pops come out in order, with
    /// priorities that go up like A*'s, down a little, and tie.
    #[test]
    fn a_small_queue_pops_in_order_before_the_buckets_start() {
        for newest_first in [true, false] {
            let mut buckets = Buckets::new(newest_first);
            let mut waiting: Vec<(f64, i64, u32)> = vec![];
            let mut x = 7u64;
            let mut base = 100.0;
            let mut ahead_of_the_heap = 0;
            for arrival in 0..20_000u32 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // Mostly just above the last taken, sometimes a tie or a little below.
                let priority = base + ((x >> 33) % 7) as f64 - 1.0;
                let equal = buckets.equal.len();
                buckets.push(arrival, priority);
                if buckets.equal.len() > equal {
                    ahead_of_the_heap += 1;
                }
                let tie = if newest_first {
                    -(arrival as i64)
                } else {
                    arrival as i64
                };
                waiting.push((priority, tie, arrival));
                while waiting.len() > 100 || ((x >> 20).is_multiple_of(3) && !waiting.is_empty()) {
                    waiting.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                    let expected = waiting.remove(0);
                    let (key, node) = buckets.pop().unwrap();
                    assert_eq!((key, node), (ordered_bits(expected.0), expected.2));
                    base = expected.0;
                    x >>= 1;
                }
            }
            assert!(buckets.buckets.is_empty(), "the buckets started");
            assert!(
                ahead_of_the_heap > 1000,
                "{ahead_of_the_heap} went ahead of the heap"
            );
        }
    }

    /// Entries pushed below the last priority taken, more of them than fit at the front
    /// of bucket 0 (so some wait on the binary heap), interleaved with ties of the last
    /// priority: they come out lowest first, then the ties newest first, then the rest.
    #[test]
    fn entries_below_the_last_taken_come_out_first_in_order() {
        let mut buckets = Buckets::new(true);
        for node in 0..1000 {
            buckets.push(node, if node % 2 == 0 { 100.0 } else { 200.0 });
        }
        assert_eq!(buckets.pop().map(|(_, n)| n), Some(998));
        let mut expected = vec![];
        for i in 0..40u32 {
            buckets.push(2000 + i, 50.0 + i as f64 * 0.01);
            expected.push(2000 + i);
            buckets.push(3000 + i, 100.0);
        }
        expected.extend((0..40).rev().map(|i| 3000 + i));
        expected.extend((0..998).step_by(2).rev());
        expected.extend((1..1000).step_by(2).rev());
        let popped: Vec<u32> = std::iter::from_fn(|| buckets.pop().map(|(_, n)| n)).collect();
        assert_eq!(popped, expected);
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
