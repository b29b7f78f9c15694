//! A vector kept in fixed-size chunks that copies share until one of them writes to a chunk
//! (copy on write). A search is copied for every checkpoint of its
//! [`Timeline`](super::Timeline): a copy then costs a pointer per chunk, not a copy of
//! everything the search found (on a 3000 x 3000 board, tens of megabytes, and up to a
//! tenth of a second of fresh memory), and a chunk is copied only when the run, stepping
//! on, first changes it.
//!
//! Every chunk is a whole array, so that reading an element costs one more load than a
//! `Vec` would (its chunk's address) and no second bounds check. The chunks are `Rc`, not
//! `Arc`: a write checks that its chunk is not shared, and with `Rc` that check is a plain
//! read rather than an atomic one (a search stays on its thread).

use std::ops::{Index, IndexMut};
use std::rc::Rc;

const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;

/// One chunk's elements, starting on a cache line (an `Rc`'s counts come first, and would
/// otherwise leave a 32-byte search record straddling two lines every other time).
#[derive(Clone)]
#[repr(align(64))]
struct Block<T>([T; CHUNK]);

/// A vector in chunks of 4096 elements that its copies share until one of them writes to
/// a chunk: for the state of a run that a timeline copies at its checkpoints (a search's
/// nodes, D* Lite's plan).
///
/// ```
/// use frontier_engine::search::Chunked;
/// let mut plan = Chunked::filled(10_000, f64::INFINITY);
/// plan[42] = 3.5;
/// let checkpoint = plan.clone(); // shares every chunk
/// plan[42] = 1.0; // copies the one chunk holding cell 42
/// assert_eq!((checkpoint[42], plan[42], plan.len()), (3.5, 1.0, 10_000));
/// ```
#[derive(Clone)]
pub struct Chunked<T> {
    chunks: Vec<Rc<Block<T>>>,
    len: usize,
    /// What fills a chunk's places not yet pushed to.
    blank: T,
}

impl<T: Clone> Chunked<T> {
    /// An empty vector; `blank` fills the places of a new chunk until they are pushed to.
    pub fn new(blank: T) -> Self {
        Chunked {
            chunks: vec![],
            len: 0,
            blank,
        }
    }

    /// `len` copies of `value`, all sharing one chunk until written: a board-sized table
    /// costs one chunk until the search reaches into it.
    pub fn filled(len: usize, value: T) -> Self {
        let chunk = Self::chunk_of(&value);
        Chunked {
            chunks: vec![chunk; len.div_ceil(CHUNK)],
            len,
            blank: value,
        }
    }

    /// How many elements there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn chunk_of(value: &T) -> Rc<Block<T>> {
        Rc::new(Block(std::array::from_fn(|_| value.clone())))
    }

    /// The chunk to write to, copied first if a copy shares it. (`Rc::make_mut` does this
    /// too, but as a call the compiler would not inline into the search's inner loop.)
    #[inline(always)]
    fn own(chunk: &mut Rc<Block<T>>) -> &mut [T; CHUNK] {
        if Rc::get_mut(chunk).is_none() {
            *chunk = Self::copy_of(chunk);
        }
        &mut Rc::get_mut(chunk).expect("a chunk no copy shares").0
    }

    /// A copy made in place by `Rc::make_mut` (`Rc::new(chunk.clone())` built the whole
    /// chunk on the stack first and then moved it: D* Lite on a 3000 x 3000 board, where a
    /// checkpoint's chunks are copied as the run steps on, played 7% fewer steps a frame).
    #[cold]
    #[inline(never)]
    fn copy_of(chunk: &Rc<Block<T>>) -> Rc<Block<T>> {
        let mut copy = Rc::clone(chunk);
        Rc::make_mut(&mut copy);
        copy
    }

    /// Appends `value`.
    #[inline(always)]
    pub fn push(&mut self, value: T) {
        let (chunk, place) = (self.len >> CHUNK_BITS, self.len & (CHUNK - 1));
        if chunk == self.chunks.len() {
            self.add_chunk();
        }
        Self::own(&mut self.chunks[chunk])[place] = value;
        self.len += 1;
    }

    #[cold]
    #[inline(never)]
    fn add_chunk(&mut self) {
        self.chunks.push(Self::chunk_of(&self.blank));
    }

    /// The element at `i`, if `i` is within the chunks (for a table made by
    /// [`Chunked::filled`], every place of them; after pushes, places past the length
    /// within the last chunk hold blanks).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<&T> {
        let chunk = self.chunks.get(i >> CHUNK_BITS)?;
        Some(&chunk.0[i & (CHUNK - 1)])
    }

    /// The element at `i` to change (as [`Chunked::get`]), its chunk copied first if a copy
    /// shares it.
    #[inline(always)]
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        let chunk = self.chunks.get_mut(i >> CHUNK_BITS)?;
        Some(&mut Self::own(chunk)[i & (CHUNK - 1)])
    }

    /// The elements in order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks
            .iter()
            .flat_map(|chunk| chunk.0.iter())
            .take(self.len)
    }

    /// Sets every place to `value`: in place in the chunks this copy alone holds, by one
    /// shared chunk in those a copy shares.
    pub fn fill(&mut self, value: T) {
        let mut shared = None;
        for chunk in &mut self.chunks {
            match Rc::get_mut(chunk) {
                Some(block) => block.0.fill(value.clone()),
                None => *chunk = shared.get_or_insert_with(|| Self::chunk_of(&value)).clone(),
            }
        }
    }

    /// Forgets every element, keeping the chunks this copy alone holds for the pushes to
    /// come.
    pub fn clear(&mut self) {
        self.chunks.retain(|chunk| Rc::strong_count(chunk) == 1);
        self.len = 0;
    }

    /// Bytes held, a chunk shared k ways counting 1/k in each, so that copies' bytes add
    /// up to what they hold together.
    pub fn bytes(&self) -> usize {
        let size = std::mem::size_of::<Block<T>>();
        (self.chunks.iter())
            .map(|chunk| size / Rc::strong_count(chunk))
            .sum()
    }
}

impl<T: Clone> Index<usize> for Chunked<T> {
    type Output = T;

    /// The element at `i` (`i` must be below the length, as with a `Vec`; only the chunk's
    /// place is checked here).
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        &self.chunks[i >> CHUNK_BITS].0[i & (CHUNK - 1)]
    }
}

impl<T: Clone> IndexMut<usize> for Chunked<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut Self::own(&mut self.chunks[i >> CHUNK_BITS])[i & (CHUNK - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Filling writes the chunks a copy alone holds in place and gives the shared ones a
    /// chunk of the value, leaving the copies that share them as they were.
    #[test]
    fn fill_leaves_a_copy_sharing_chunks_as_it_was() {
        let mut table = Chunked::filled(3 * CHUNK, 1u32);
        table[5] = 2;
        table[CHUNK + 5] = 3;
        let copy = table.clone();
        table[2 * CHUNK + 5] = 4;
        let owned = Rc::as_ptr(&table.chunks[2]);
        table.fill(0);
        assert!(table.iter().all(|&v| v == 0));
        assert_eq!(
            Rc::as_ptr(&table.chunks[2]),
            owned,
            "an owned chunk was replaced"
        );
        assert_eq!((copy[5], copy[CHUNK + 5], copy[2 * CHUNK + 5]), (2, 3, 1));
        table[7] = 9;
        assert_eq!((table[7], table[CHUNK + 7], copy[7]), (9, 0, 1));
    }

    #[test]
    fn copies_share_chunks_until_one_of_them_writes() {
        let mut original = Chunked::new(0i64);
        for i in 0..(2 * CHUNK + 10) {
            original.push(i as i64);
        }
        let chunk_bytes = CHUNK * std::mem::size_of::<i64>();
        let mut copy = original.clone();
        // All three chunks are shared: each copy counts half of them.
        assert_eq!(original.bytes(), 3 * chunk_bytes / 2);
        assert!(Rc::ptr_eq(&copy.chunks[1], &original.chunks[1]));
        copy.push(-1);
        original.push(-2);
        let at = 2 * CHUNK + 10;
        assert_eq!((copy[at], original[at]), (-1, -2));
        assert_eq!((copy[5], original[CHUNK + 3]), (5, (CHUNK + 3) as i64));
        assert_eq!((copy.len, copy.get(3 * CHUNK)), (at + 1, None));
        assert!(copy.iter().copied().eq((0..at as i64).chain([-1])));

        // A write to a shared chunk copies that chunk only.
        copy[CHUNK + 7] = -7;
        assert_eq!(
            (copy[CHUNK + 7], original[CHUNK + 7]),
            (-7, (CHUNK + 7) as i64)
        );
        assert!(!Rc::ptr_eq(&copy.chunks[1], &original.chunks[1]));
        assert!(Rc::ptr_eq(&copy.chunks[0], &original.chunks[0]));
        *original.get_mut(3).unwrap() = -3;
        assert_eq!((copy[3], original[3]), (3, -3));

        copy.clear();
        assert_eq!(copy.len, 0);
        assert_eq!(
            original[7], 7,
            "clearing a copy leaves the other's values alone"
        );
        // The copy's own chunks (those it had copied) are filled again.
        let own = copy.chunks.len();
        for i in 0..CHUNK {
            copy.push(-(i as i64));
        }
        assert_eq!(
            (copy.chunks.len(), copy[CHUNK - 1]),
            (own, -(CHUNK as i64 - 1))
        );
        assert_eq!(Rc::strong_count(&original.chunks[0]), 1);
    }

    #[test]
    fn a_filled_table_shares_one_chunk_until_written() {
        let mut table = Chunked::filled(3 * CHUNK - 5, 0u32);
        assert_eq!(table.len(), 3 * CHUNK - 5);
        assert!(
            table.bytes() <= CHUNK * 4,
            "one chunk, though three places hold it"
        );
        table[CHUNK + 1] = 9;
        let copy = table.clone();
        table[CHUNK + 2] = 8;
        assert_eq!((table[CHUNK + 1], table[CHUNK + 2], table[0]), (9, 8, 0));
        assert_eq!((copy[CHUNK + 1], copy[CHUNK + 2]), (9, 0));
        // The last chunk's places past the length are there to read, as blanks.
        assert_eq!(
            (table.get(3 * CHUNK - 1), table.get(3 * CHUNK)),
            (Some(&0), None)
        );
    }
}
