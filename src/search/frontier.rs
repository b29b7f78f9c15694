use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

use super::nodes::Nodes;
use super::{Cost, NodeId};

/// The frontier ("open list") as a container. Entries may go stale (a node pushed again with
/// a better cost, or already expanded); they are skipped when they reach the front.
#[derive(Clone)]
pub(super) enum Frontier {
    Fifo(VecDeque<NodeId>),
    Lifo(Vec<NodeId>),
    Best {
        heap: BinaryHeap<Entry>,
        pushed: u32,
    },
}

/// A best-first frontier entry. `BinaryHeap` pops the greatest, so "greater" here means
/// "expand sooner": lower priority, then larger g, then earlier arrival.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    priority: Cost,
    g: Cost,
    arrival: u32,
    node: NodeId,
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .priority
            .total_cmp(&self.priority)
            .then_with(|| self.g.total_cmp(&other.g))
            .then_with(|| other.arrival.cmp(&self.arrival))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Entry {}

impl Frontier {
    pub fn push(&mut self, node: NodeId, priority: Cost, g: Cost) {
        match self {
            Frontier::Fifo(queue) => queue.push_back(node),
            Frontier::Lifo(stack) => stack.push(node),
            Frontier::Best { heap, pushed } => {
                heap.push(Entry {
                    priority,
                    g,
                    arrival: *pushed,
                    node,
                });
                *pushed = pushed.wrapping_add(1);
            }
        }
    }

    /// Removes and returns the next node to expand, skipping stale entries.
    pub fn pop<S>(&mut self, nodes: &Nodes<S>) -> Option<NodeId> {
        loop {
            let node = match self {
                Frontier::Fifo(queue) => queue.pop_front()?,
                Frontier::Lifo(stack) => stack.pop()?,
                Frontier::Best { heap, .. } => {
                    let entry = heap.pop()?;
                    if entry.g != nodes.g[entry.node as usize] {
                        continue;
                    }
                    entry.node
                }
            };
            if !nodes.closed[node as usize] {
                return Some(node);
            }
        }
    }

    /// The node `pop` would return, after discarding stale entries from the front.
    pub fn peek<S>(&mut self, nodes: &Nodes<S>) -> Option<NodeId> {
        loop {
            let (node, stale) = match self {
                Frontier::Fifo(queue) => {
                    let node = *queue.front()?;
                    (node, nodes.closed[node as usize])
                }
                Frontier::Lifo(stack) => {
                    let node = *stack.last()?;
                    (node, nodes.closed[node as usize])
                }
                Frontier::Best { heap, .. } => {
                    let entry = *heap.peek()?;
                    let node = entry.node as usize;
                    (entry.node, nodes.closed[node] || entry.g != nodes.g[node])
                }
            };
            if !stale {
                return Some(node);
            }
            self.discard_front();
        }
    }

    fn discard_front(&mut self) {
        match self {
            Frontier::Fifo(queue) => {
                queue.pop_front();
            }
            Frontier::Lifo(stack) => {
                stack.pop();
            }
            Frontier::Best { heap, .. } => {
                heap.pop();
            }
        }
    }

    /// The frontier's live nodes in the order they would be expanded (a copy; for display).
    pub fn in_order<S>(&self, nodes: &Nodes<S>) -> Vec<NodeId> {
        let mut seen = vec![];
        let mut order: Vec<NodeId> = match self {
            Frontier::Fifo(queue) => queue.iter().copied().collect(),
            Frontier::Lifo(stack) => stack.iter().rev().copied().collect(),
            Frontier::Best { heap, .. } => {
                let mut entries: Vec<Entry> = heap
                    .iter()
                    .filter(|e| e.g == nodes.g[e.node as usize])
                    .copied()
                    .collect();
                entries.sort_by(|a, b| b.cmp(a));
                entries.into_iter().map(|e| e.node).collect()
            }
        };
        order.retain(|&node| {
            let live = !nodes.closed[node as usize];
            if live {
                let i = node as usize;
                if seen.len() <= i {
                    seen.resize(i + 1, false);
                }
                if seen[i] {
                    return false;
                }
                seen[i] = true;
            }
            live
        });
        order
    }

    pub fn bytes(&self) -> usize {
        match self {
            Frontier::Fifo(queue) => queue.capacity() * std::mem::size_of::<NodeId>(),
            Frontier::Lifo(stack) => stack.capacity() * std::mem::size_of::<NodeId>(),
            Frontier::Best { heap, .. } => heap.capacity() * std::mem::size_of::<Entry>(),
        }
    }
}
