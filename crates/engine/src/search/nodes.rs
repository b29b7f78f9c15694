use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;

use super::chunked::Chunked;
use super::states::States;
use super::{Cost, FxBuildHasher};

/// A node's number inside one search: nodes are numbered in the order they are discovered.
pub type NodeId = u32;

/// "No parent": the start node's parent.
pub(super) const NO_NODE: NodeId = NodeId::MAX;

/// A search that stored more than one state for this many slots of its dense lookup has
/// the whole table cleared after it rather than its states' slots.
const WHOLE_TABLE_CLEAR_FROM: usize = 16;

/// Where a discovered node stands. Nodes never discovered have no status at all.
///
/// ```
/// use frontier_engine::search::{NodeStatus, Search};
/// let mut search = Search::from_fn(0, |&n: &i32| [(n + 1, 1.0)], |&n| n == 9);
/// search.next();
/// assert_eq!(search.status(search.find(&0).unwrap()), NodeStatus::Visited);
/// assert_eq!(search.status(search.find(&1).unwrap()), NodeStatus::Frontier);
/// assert_eq!(search.find(&2), None);
/// ```
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

/// Everything the search knows about each discovered node, in arrays indexed by
/// [`NodeId`], plus the lookup from a state to its node: a table when the problem numbers
/// its states densely, a hash table otherwise. The arrays and the table are
/// [`Chunked`]: a copy of a search (a checkpoint) shares them until either one writes.
#[derive(Clone)]
pub(super) struct Nodes<S> {
    pub states: States<S>,
    pub records: Chunked<Record>,
    /// Dense lookup: node id + 1 by state number, 0 for "not discovered".
    dense: Chunked<NodeId>,
    /// How many state numbers the dense lookup was made for.
    dense_size: usize,
    /// Each hashed node with its state's hash folded to 32 bits: growing the table and
    /// most failed probes then never touch the states themselves.
    hashed: HashTable<(NodeId, u32)>,
    /// Heap bytes the stored states own (reported by the problem), for memory budgets.
    pub state_heap_bytes: usize,
}

impl<S: Clone + Eq + Hash> Nodes<S> {
    pub fn new(dense_size: Option<usize>) -> Self {
        Nodes {
            states: States::new(),
            records: Chunked::new(Record {
                g: 0.0,
                h: 0.0,
                parent: NO_NODE,
                depth: 0,
                closed: false,
            }),
            dense: Chunked::filled(dense_size.unwrap_or(0), 0),
            dense_size: dense_size.unwrap_or(0),
            hashed: HashTable::new(),
            state_heap_bytes: 0,
        }
    }

    /// Forgets every node, keeping the memory. `index_of` gives each stored state's dense
    /// number (so only the entries in use are reset); `dense_size` is the new problem's.
    pub fn clear(&mut self, dense_size: Option<usize>, index_of: impl Fn(&S) -> Option<usize>) {
        let size = dense_size.unwrap_or(0);
        if self.dense_size == size && self.states.len() * WHOLE_TABLE_CLEAR_FROM > size {
            // A search that reached much of the table: filling it is a few bytes' writing
            // a slot, where finding each state's slot is a dozen instructions (the 512 x 512
            // maze's queries reach a third of it).
            self.dense.fill(0);
        } else if self.dense_size == size {
            for state in self.states.iter() {
                if let Some(slot) = index_of(state).and_then(|i| self.dense.get_mut(i)) {
                    *slot = 0;
                }
            }
        } else {
            self.dense = Chunked::filled(size, 0);
            self.dense_size = size;
        }
        self.hashed.clear();
        self.states.clear();
        self.records.clear();
        self.state_heap_bytes = 0;
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    fn short_hash(state: &S) -> u32 {
        (FxBuildHasher.hash_one(state) >> 32) as u32
    }

    /// The table's hash of a short hash: the table takes its bucket from the low bits and
    /// its tag from the high ones, so the short hash is repeated in both halves.
    fn table_hash(short: u32) -> u64 {
        (short as u64) << 32 | short as u64
    }

    /// The node of `state`, if discovered. `index` is the problem's dense number for it.
    /// The dense lookup is inlined into the search's inner loop (a call there cost a tenth
    /// of A*'s time on grids); the hashed one is not.
    #[inline(always)]
    pub fn find(&self, index: Option<usize>, state: &S) -> Option<NodeId> {
        if let Some(&slot) = index.and_then(|i| self.dense.get(i)) {
            return slot.checked_sub(1);
        }
        self.find_hashed(state)
    }

    fn find_hashed(&self, state: &S) -> Option<NodeId> {
        let states = &self.states;
        let short = Self::short_hash(state);
        self.hashed
            .find(Self::table_hash(short), |&(id, other)| {
                other == short && states[id as usize] == *state
            })
            .map(|&(id, _)| id)
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
                let short = Self::short_hash(&state);
                self.hashed
                    .insert_unique(Self::table_hash(short), (id, short), |&(_, other)| {
                        Self::table_hash(other)
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
        self.states.bytes()
            + self.records.bytes()
            + self.dense.bytes()
            + self.hashed.capacity() * (std::mem::size_of::<(NodeId, u32)>() + 1)
            + self.state_heap_bytes
    }
}
