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

/// The length of a diagonal move: sqrt 2 rounded up to 29 binary places
/// (759250125 / 2^29, 1.1e-11 above sqrt 2). Every sum of such lengths and whole numbers
/// is then exact in floating point (up to costs of 2^24, sixteen million), so two routes of the
/// same length cost exactly the same, whichever order their moves come in. With the nearest
/// `f64` to sqrt 2 they could differ in the last bit, and A* took such a difference for a
/// cheaper route: on the larger Moving AI maps it reopened and expanded again one node in
/// ten. Rounded up, not to nearest, so that the straight-line distance stays admissible.
pub const DIAGONAL: f64 = 759_250_125.0 / (1u64 << 29) as f64;
const _: () =
    assert!(DIAGONAL >= std::f64::consts::SQRT_2 && DIAGONAL - std::f64::consts::SQRT_2 < 1e-10);

#[cfg(test)]
mod tests {
    use super::*;

    /// Routes of the same moves cost the same whatever their order, on floor and on dearer
    /// terrain.
    #[test]
    fn sums_of_moves_are_exact_whatever_their_order() {
        // A long route of straight and diagonal moves over terrains costing 1 to 5, in a
        // scrambled order (a fixed pseudo-random sequence), then sorted and reversed.
        let mut moves: Vec<f64> = (0..20_000u64)
            .map(|i| {
                let r = i.wrapping_mul(6_364_136_223_846_793_005).rotate_left(17);
                let terrain = (r % 5 + 1) as f64;
                if r & 32 == 0 {
                    terrain
                } else {
                    terrain * DIAGONAL
                }
            })
            .collect();
        let scrambled: f64 = moves.iter().sum();
        moves.sort_by(f64::total_cmp);
        let sorted: f64 = moves.iter().sum();
        let reversed: f64 = moves.iter().rev().sum();
        assert_eq!(scrambled.to_bits(), sorted.to_bits());
        assert_eq!(sorted.to_bits(), reversed.to_bits());
    }
}
