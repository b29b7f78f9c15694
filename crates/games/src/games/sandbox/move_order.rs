//! The order of the eight moves, which every successor list, move set and jump table of
//! the board follows.

/// The eight moves, in the order successors are produced (and ties broken): orthogonal
/// moves first, clockwise from up; then the diagonals, clockwise from up-right. Bit `i` of
/// a cell's move set stands for `MOVES[i]`.
pub const MOVES: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];
