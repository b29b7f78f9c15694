use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;

use super::{Cost, FxBuildHasher};

/// A node's number inside one search: nodes are numbered in the order they are discovered.
pub type NodeId = u32;

/// "No parent": the start node's parent.
pub(super) const NO_NODE: NodeId = NodeId::MAX;

/// Where a discovered node stands. Nodes never discovered have no status at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeStatus {
    /// In the frontier (the "open list"), waiting to be expanded.
    Frontier,
    /// Already expanded (the "closed" or "visited" set).
    Visited,
}

/// What the search knows about one node besides its state; kept together because the
/// engine reads them together.
#[derive(Clone, Copy, Debug)]
pub(super) struct Record {
    pub g: Cost,
    pub h: Cost,
    pub parent: NodeId,
    pub depth: u32,
    pub closed: bool,
}

/// Everything the search knows about each discovered node, in flat arrays indexed by
/// [`NodeId`], plus the lookup from a state to its node: a flat array when the problem
/// numbers its states densely, a hash table otherwise.
#[derive(Clone)]
pub(super) struct Nodes<S> {
    pub states: Vec<S>,
    pub records: Vec<Record>,
    /// Dense lookup: node id + 1 by state number, 0 for "not discovered" (so that a fresh
    /// table is zeroed memory, which the allocator hands out without writing it).
    dense: Vec<NodeId>,
    hashed: HashTable<NodeId>,
    /// Heap bytes the stored states own (reported by the problem), for memory budgets.
    pub state_heap_bytes: usize,
}

impl<S: Clone + Eq + Hash> Nodes<S> {
    pub fn new(dense_size: Option<usize>) -> Self {
        Nodes {
            states: Vec::with_capacity(256),
            records: Vec::with_capacity(256),
            dense: vec![0; dense_size.unwrap_or(0)],
            hashed: HashTable::new(),
            state_heap_bytes: 0,
        }
    }

    /// Forgets every node, keeping the memory. `index_of` gives each stored state's dense
    /// number (so only the entries in use are reset); `dense_size` is the new problem's.
    pub fn clear(&mut self, dense_size: Option<usize>, index_of: impl Fn(&S) -> Option<usize>) {
        let size = dense_size.unwrap_or(0);
        if self.dense.len() == size {
            for state in &self.states {
                if let Some(slot) = index_of(state).and_then(|i| self.dense.get_mut(i)) {
                    *slot = 0;
                }
            }
        } else {
            self.dense = vec![0; size];
        }
        self.hashed.clear();
        self.states.clear();
        self.records.clear();
        self.state_heap_bytes = 0;
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    fn hash_of(state: &S) -> u64 {
        FxBuildHasher::default().hash_one(state)
    }

    /// The node of `state`, if discovered. `index` is the problem's dense number for it.
    #[inline]
    pub fn find(&self, index: Option<usize>, state: &S) -> Option<NodeId> {
        if let Some(&slot) = index.and_then(|i| self.dense.get(i)) {
            return slot.checked_sub(1);
        }
        let states = &self.states;
        self.hashed
            .find(Self::hash_of(state), |&id| states[id as usize] == *state)
            .copied()
    }

    /// Stores a newly discovered state (which must not be stored yet) and returns its node.
    #[inline]
    pub fn insert(
        &mut self,
        index: Option<usize>,
        state: S,
        g: Cost,
        h: Cost,
        parent: NodeId,
        depth: u32,
    ) -> NodeId {
        let id = self.states.len() as NodeId;
        match index.and_then(|i| self.dense.get_mut(i)) {
            Some(slot) => *slot = id + 1,
            None => {
                let states = &self.states;
                self.hashed
                    .insert_unique(Self::hash_of(&state), id, |&other| {
                        Self::hash_of(&states[other as usize])
                    });
            }
        }
        self.states.push(state);
        self.records.push(Record {
            g,
            h,
            parent,
            depth,
            closed: false,
        });
        id
    }

    /// Approximate bytes held, for memory budgets.
    pub fn bytes(&self) -> usize {
        self.states.capacity() * std::mem::size_of::<S>()
            + self.records.capacity() * std::mem::size_of::<Record>()
            + self.dense.len() * std::mem::size_of::<NodeId>()
            + self.hashed.capacity() * (std::mem::size_of::<NodeId>() + 1)
            + self.state_heap_bytes
    }
}
