//! The effective branching factor (Russell and Norvig, ch. 3): the branching factor b* a
//! uniform tree of the solution's depth d would need to hold the N nodes a search expanded,
//! N + 1 = 1 + b* + b*² + … + b*^d. A heuristic that lowers it is a better one, whatever the
//! instance's size, which is why the textbook tables compare heuristics by it.

/// The b* of a search that expanded `nodes` to find a solution `depth` moves deep; `None`
/// for a solution of no moves.
///
/// ```
/// use frontier_engine::search::effective_branching_factor;
/// // 1 + 2 + 4 + 8 = 15 nodes to depth 3: a binary tree.
/// let b = effective_branching_factor(14, 3).unwrap();
/// assert!((b - 2.0).abs() < 1e-6);
/// // The textbook's example: 52 nodes to depth 5 give b* = 1.92.
/// assert_eq!(format!("{:.2}", effective_branching_factor(52, 5).unwrap()), "1.92");
/// assert_eq!(effective_branching_factor(10, 0), None);
/// ```
pub fn effective_branching_factor(nodes: usize, depth: usize) -> Option<f64> {
    if depth == 0 {
        return None;
    }
    let target = nodes as f64 + 1.0;
    // The tree's size grows with b: bisect between 0 and a b that surely overshoots.
    let size = |b: f64| (0..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    let (mut low, mut high) = (0.0, (nodes as f64).max(1.0) + 1.0);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if size(mid) < target {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some((low + high) / 2.0)
}
