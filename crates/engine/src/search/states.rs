//! The states a search has discovered, kept in fixed-size chunks that copies of the search
//! share. A discovered state never changes, so a copy of a long run (a checkpoint of the
//! [`Timeline`](super::Timeline)) costs only the chunk still being filled instead of a copy
//! of every state.

use std::ops::Index;
use std::sync::Arc;

const CHUNK_BITS: u32 = 14;
const CHUNK: usize = 1 << CHUNK_BITS;

/// Full chunks are shared (`Arc`); the chunk being filled is the search's own, so pushing a
/// state costs no more than pushing onto a `Vec`.
#[derive(Clone)]
pub(super) struct States<S> {
    full: Vec<Arc<[S]>>,
    filling: Vec<S>,
}

impl<S: Clone> States<S> {
    pub fn new() -> Self {
        States {
            full: vec![],
            filling: Vec::with_capacity(256),
        }
    }

    pub fn len(&self) -> usize {
        (self.full.len() << CHUNK_BITS) + self.filling.len()
    }

    #[inline]
    pub fn push(&mut self, state: S) {
        if self.filling.len() == CHUNK {
            self.full.push(Arc::from(std::mem::take(&mut self.filling)));
            self.filling.reserve_exact(CHUNK);
        }
        self.filling.push(state);
    }

    /// Forgets every state, keeping the memory of the chunk being filled.
    pub fn clear(&mut self) {
        self.full.clear();
        self.filling.clear();
    }

    pub fn iter(&self) -> impl Iterator<Item = &S> {
        self.full
            .iter()
            .flat_map(|chunk| chunk.iter())
            .chain(self.filling.iter())
    }

    /// Bytes held for the states, a chunk shared by k copies of the search counting 1/k in
    /// each, so that the copies' bytes add up to what they hold together.
    pub fn bytes(&self) -> usize {
        let size = std::mem::size_of::<S>();
        let shared: usize = (self.full.iter())
            .map(|chunk| chunk.len() * size / Arc::strong_count(chunk))
            .sum();
        shared + self.filling.capacity() * size
    }
}

impl<S> Index<usize> for States<S> {
    type Output = S;

    #[inline]
    fn index(&self, i: usize) -> &S {
        match self.full.get(i >> CHUNK_BITS) {
            Some(chunk) => &chunk[i & (CHUNK - 1)],
            None => &self.filling[i - (self.full.len() << CHUNK_BITS)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_share_the_full_chunks_and_keep_their_own_states_apart() {
        let mut original = States::new();
        for i in 0..(2 * CHUNK + 10) {
            original.push(i as i64);
        }
        let full_bytes = 2 * CHUNK * std::mem::size_of::<i64>();
        let mut copy = original.clone();
        // The two full chunks are shared: each copy counts half of them.
        assert_eq!(
            original.bytes() - original.filling.capacity() * 8,
            full_bytes / 2
        );
        assert!(Arc::ptr_eq(&copy.full[1], &original.full[1]));
        copy.push(-1);
        original.push(-2);
        let at = 2 * CHUNK + 10;
        assert_eq!((copy[at], original[at]), (-1, -2));
        assert_eq!((copy[5], original[CHUNK + 3]), (5, (CHUNK + 3) as i64));
        assert_eq!(copy.len(), at + 1);
        assert!(copy.iter().copied().eq((0..at as i64).chain([-1])));

        copy.clear();
        assert_eq!((copy.len(), copy.iter().count()), (0, 0));
        assert_eq!(
            original[7], 7,
            "clearing a copy leaves the other's states alone"
        );
        assert_eq!(Arc::strong_count(&original.full[0]), 1);
    }
}
