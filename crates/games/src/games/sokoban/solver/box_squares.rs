//! The sorted squares of a state's boxes, kept inside the state itself when there are few
//! enough of them (every Microban level fits): a search stores and compares millions of
//! states, and inline squares spare each comparison a trip to the heap.

use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// How many boxes fit inline; more go to the heap.
const INLINE: usize = 16;

#[derive(Clone, Debug)]
pub enum BoxSquares {
    Inline { len: u8, squares: [u16; INLINE] },
    Heap(Box<[u16]>),
}

impl BoxSquares {
    /// The squares of `sorted`, which must be sorted.
    pub fn new(sorted: &[u16]) -> BoxSquares {
        if sorted.len() <= INLINE {
            let mut squares = [0; INLINE];
            squares[..sorted.len()].copy_from_slice(sorted);
            BoxSquares::Inline {
                len: sorted.len() as u8,
                squares,
            }
        } else {
            BoxSquares::Heap(sorted.into())
        }
    }

    /// These squares with the box on `from` moved to `to`, still sorted.
    pub fn moved(&self, from: u16, to: u16) -> BoxSquares {
        let mut next = self.clone();
        let squares: &mut [u16] = match &mut next {
            BoxSquares::Inline { len, squares } => &mut squares[..*len as usize],
            BoxSquares::Heap(squares) => squares,
        };
        if let Some(at) = squares.iter().position(|&b| b == from) {
            squares[at] = to;
            // Only one square changed: slide it into place.
            let mut i = at;
            while i > 0 && squares[i - 1] > squares[i] {
                squares.swap(i - 1, i);
                i -= 1;
            }
            while i + 1 < squares.len() && squares[i + 1] < squares[i] {
                squares.swap(i, i + 1);
                i += 1;
            }
        }
        next
    }

    /// Bytes these squares keep on the heap (with the allocator's overhead).
    pub fn heap_bytes(&self) -> usize {
        match self {
            BoxSquares::Inline { .. } => 0,
            BoxSquares::Heap(squares) => squares.len() * 2 + 16,
        }
    }
}

impl Deref for BoxSquares {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        match self {
            BoxSquares::Inline { len, squares } => &squares[..*len as usize],
            BoxSquares::Heap(squares) => squares,
        }
    }
}

impl PartialEq for BoxSquares {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for BoxSquares {}

impl Hash for BoxSquares {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_a_box_keeps_the_squares_sorted_inline_and_on_the_heap() {
        for count in [1, 5, INLINE, INLINE + 3] {
            let sorted: Vec<u16> = (0..count as u16).map(|i| i * 10).collect();
            let squares = BoxSquares::new(&sorted);
            assert_eq!(&*squares, &sorted[..]);
            assert_eq!(squares.heap_bytes() > 0, count > INLINE);
            for (from, to) in [(0, 35), (sorted[count - 1], 1), (sorted[count / 2], 7)] {
                let mut expected: Vec<u16> = sorted
                    .iter()
                    .map(|&b| if b == from { to } else { b })
                    .collect();
                expected.sort_unstable();
                let moved = squares.moved(from, to);
                assert_eq!(&*moved, &expected[..], "{count} boxes, {from} -> {to}");
                assert_eq!(moved, BoxSquares::new(&expected));
            }
        }
    }
}
