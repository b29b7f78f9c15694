//! The order of the program's frontier containers, kept outside the sandbox: the Python
//! side of a `Stack`, `Queue` or `PriorityQueue` (src/frontier.py) keeps its entries by slot
//! and asks here which slot to pop, so that the rule of each container (and a priority
//! queue's tie rule: of equal priorities, the entry pushed first) is Rust's and tested here,
//! and a priority queue costs the program one call, not a heap written in Python.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use frontier_engine::search::{Cost, OrderedCost};

/// Which container.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Last in, first out.
    Stack,
    /// First in, first out.
    Queue,
    /// The lowest priority first; ties to the oldest entry.
    Priority,
}

impl Kind {
    /// The kind the Python side names.
    pub fn named(name: &str) -> Option<Kind> {
        match name {
            "stack" => Some(Kind::Stack),
            "queue" => Some(Kind::Queue),
            "priority" => Some(Kind::Priority),
            _ => None,
        }
    }
}

/// One container's order: its slots, and the state each entry holds (for drawing).
enum Order {
    Line(VecDeque<u64>),
    Heap(BinaryHeap<Reverse<(OrderedCost, u64)>>),
}

struct Container<S> {
    kind: Kind,
    order: Order,
    /// The state each waiting slot's entry holds, if it holds one.
    states: std::collections::HashMap<u64, Option<S>>,
}

/// Every container the program made, by the id the Python side keeps.
pub struct Containers<S> {
    all: Vec<Container<S>>,
    /// Entries waiting in all of them.
    waiting: usize,
}

impl<S: Clone> Default for Containers<S> {
    fn default() -> Self {
        Containers {
            all: vec![],
            waiting: 0,
        }
    }
}

/// What a call about a container got wrong.
#[derive(Clone, Debug, PartialEq)]
pub enum Misuse {
    /// No container has this id (the program changed a container's `_id`).
    Unknown,
    /// A priority that is not a number.
    NotANumber,
    /// A slot pushed twice (the program changed a container's `_next`).
    SlotTaken,
    /// Pop from an empty container.
    Empty,
}

impl<S: Clone> Containers<S> {
    /// A new container of `kind`; its id.
    pub fn create(&mut self, kind: Kind) -> usize {
        self.all.push(Container {
            kind,
            order: match kind {
                Kind::Stack | Kind::Queue => Order::Line(VecDeque::new()),
                Kind::Priority => Order::Heap(BinaryHeap::new()),
            },
            states: Default::default(),
        });
        self.all.len() - 1
    }

    /// Entries waiting in every container.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.waiting
    }

    /// `slot`, holding `state`, pushed into container `id` at `priority` (ignored but by a
    /// priority queue).
    pub fn push(
        &mut self,
        id: usize,
        slot: u64,
        state: Option<S>,
        priority: Cost,
    ) -> Result<(), Misuse> {
        let container = self.all.get_mut(id).ok_or(Misuse::Unknown)?;
        if priority.is_nan() {
            return Err(Misuse::NotANumber);
        }
        if container.states.contains_key(&slot) {
            return Err(Misuse::SlotTaken);
        }
        container.states.insert(slot, state);
        match &mut container.order {
            Order::Line(line) => line.push_back(slot),
            Order::Heap(heap) => heap.push(Reverse((OrderedCost(priority), slot))),
        }
        self.waiting += 1;
        Ok(())
    }

    /// Takes the next slot from container `id` by its rule, and the state its entry holds.
    pub fn pop(&mut self, id: usize) -> Result<(u64, Option<S>), Misuse> {
        let container = self.all.get_mut(id).ok_or(Misuse::Unknown)?;
        let slot = match (&mut container.order, container.kind) {
            (Order::Line(line), Kind::Stack) => line.pop_back(),
            (Order::Line(line), _) => line.pop_front(),
            (Order::Heap(heap), _) => heap.pop().map(|Reverse((_, slot))| slot),
        }
        .ok_or(Misuse::Empty)?;
        self.waiting -= 1;
        let state = container.states.remove(&slot).flatten();
        Ok((slot, state))
    }

    /// The slots of container `id` in the order they would be popped.
    pub fn order(&self, id: usize) -> Result<Vec<u64>, Misuse> {
        let container = self.all.get(id).ok_or(Misuse::Unknown)?;
        Ok(match (&container.order, container.kind) {
            (Order::Line(line), Kind::Stack) => line.iter().rev().copied().collect(),
            (Order::Line(line), _) => line.iter().copied().collect(),
            (Order::Heap(heap), _) => {
                let mut waiting: Vec<_> = heap.iter().map(|Reverse(key)| *key).collect();
                waiting.sort();
                waiting.into_iter().map(|(_, slot)| slot).collect()
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn popped(containers: &mut Containers<char>, id: usize) -> Vec<u64> {
        std::iter::from_fn(|| containers.pop(id).ok().map(|(slot, _)| slot)).collect()
    }

    #[test]
    fn each_container_pops_by_its_rule_and_a_priority_tie_goes_to_the_oldest() {
        let mut containers = Containers::default();
        let stack = containers.create(Kind::Stack);
        let queue = containers.create(Kind::Queue);
        let priority = containers.create(Kind::Priority);
        for slot in 0..4 {
            containers.push(stack, slot, None, 0.0).unwrap();
            containers.push(queue, slot, None, 0.0).unwrap();
        }
        for (slot, at) in [(0, 2.0), (1, 1.0), (2, 2.0), (3, 1.0), (4, 0.5)] {
            containers.push(priority, slot, None, at).unwrap();
        }
        assert_eq!(containers.waiting(), 13);
        assert_eq!(containers.order(priority).unwrap(), [4, 1, 3, 0, 2]);
        assert_eq!(popped(&mut containers, stack), [3, 2, 1, 0]);
        assert_eq!(popped(&mut containers, queue), [0, 1, 2, 3]);
        assert_eq!(popped(&mut containers, priority), [4, 1, 3, 0, 2]);
        assert_eq!(containers.waiting(), 0);
    }

    #[test]
    fn a_pop_gives_back_the_state_its_entry_held_and_misuse_is_named() {
        let mut containers = Containers::default();
        let queue = containers.create(Kind::Queue);
        containers.push(queue, 0, Some('a'), 0.0).unwrap();
        assert_eq!(containers.push(queue, 0, None, 0.0), Err(Misuse::SlotTaken));
        assert_eq!(containers.push(9, 1, None, 0.0), Err(Misuse::Unknown));
        assert_eq!(
            containers.push(queue, 1, None, Cost::NAN),
            Err(Misuse::NotANumber)
        );
        assert_eq!(containers.pop(queue), Ok((0, Some('a'))));
        assert_eq!(containers.pop(queue), Err(Misuse::Empty));
    }
}
