//! The textbook's table of heuristics, made live: random 八数码 positions at each solution
//! depth (drawn from a breadth-first search out of the goal, so each is exactly that many
//! moves away), each solved by A* with each heuristic, and per depth the mean number of
//! positions expanded and the effective branching factor b* of that mean (Russell and
//! Norvig's Figure 3.29 in the 3rd edition, 3.26 in the 4th). Frontier counts a position
//! expanded when its moves are generated, the goal's selection included; the book counts
//! nodes generated, so its numbers run higher: the shape is what compares.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::{Position, PuzzleHeuristic, SlidingProblem};
use crate::search::{Algorithm, Search, effective_branching_factor};

/// One depth's row: how many positions were solved and, per heuristic (in the order asked),
/// A*'s mean expansions and their b*.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthRow {
    pub depth: usize,
    pub instances: usize,
    pub cells: Vec<Cell>,
}

/// A* with one heuristic at one depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// The mean of the positions expanded.
    pub mean: f64,
    /// The effective branching factor of the mean (none at depth 0).
    pub b_star: Option<f64>,
    /// The mean of the distinct positions generated (the start included), the textbook's
    /// count, and its b*.
    pub generated: f64,
    pub generated_b_star: Option<f64>,
}

/// Every position of the 3 x 3 puzzle that reaches `goal`, by its fewest moves to it (entry
/// `d` holds those exactly `d` moves away, in the order a BFS from the goal meets them).
pub fn positions_by_depth(goal: Position) -> Vec<Vec<Position>> {
    let mut seen = std::collections::HashSet::from([goal]);
    let mut layers = vec![vec![goal]];
    while let Some(last) = layers.last().filter(|layer| !layer.is_empty()) {
        let mut next = vec![];
        for position in last {
            for (_, moved) in position.moves() {
                if seen.insert(moved) {
                    next.push(moved);
                }
            }
        }
        layers.push(next);
    }
    layers.pop();
    layers
}

/// `count` positions exactly `depth` moves from the goal, drawn with `rng` from `layers`
/// (from [`positions_by_depth`]), with repeats where the depth has fewer; none past the
/// farthest.
pub fn draw_at_depth(
    layers: &[Vec<Position>],
    depth: usize,
    count: usize,
    rng: &mut StdRng,
) -> Vec<Position> {
    let Some(layer) = layers.get(depth).filter(|layer| !layer.is_empty()) else {
        return vec![];
    };
    (0..count)
        .map(|_| layer[rng.random_range(0..layer.len())])
        .collect()
}

/// The table for `depths` (each drawn `per_depth` positions from `seed`) toward `goal` (a
/// 3 x 3 position), A* run with each of `heuristics`. `each` is told every depth done, for
/// a progress bar.
pub fn compare_heuristics(
    goal: Position,
    depths: &[usize],
    per_depth: usize,
    seed: u64,
    heuristics: &[PuzzleHeuristic],
    mut each: impl FnMut(&DepthRow),
) -> Result<Vec<DepthRow>, String> {
    if goal.side() != 3 {
        return Err(
            "the comparison runs on the 3 x 3 puzzle (八数码): every position of \
                    it can be drawn by its depth"
                .to_owned(),
        );
    }
    let layers = positions_by_depth(goal);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut rows = vec![];
    for &depth in depths {
        let positions = draw_at_depth(&layers, depth, per_depth, &mut rng);
        if positions.is_empty() {
            continue;
        }
        let mut cells = vec![];
        for &heuristic in heuristics {
            let (mut expanded, mut generated) = (0usize, 0usize);
            for &start in &positions {
                let problem = SlidingProblem::new(start, goal, heuristic)?;
                let run = Search::new(problem, Algorithm::AStar).run();
                expanded += run.expanded;
                generated += run.stored;
            }
            let mean = expanded as f64 / positions.len() as f64;
            let generated = generated as f64 / positions.len() as f64;
            cells.push(Cell {
                mean,
                b_star: effective_branching_factor(mean.round() as usize, depth),
                generated,
                generated_b_star: effective_branching_factor(generated.round() as usize, depth),
            });
        }
        let row = DepthRow {
            depth,
            instances: positions.len(),
            cells,
        };
        each(&row);
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manhattan_expands_fewer_than_misplaced_tiles_at_every_depth() {
        let goal = Position::blank_first(3);
        let depths: Vec<usize> = (2..=16).step_by(2).collect();
        let heuristics = [PuzzleHeuristic::Misplaced, PuzzleHeuristic::Manhattan];
        let rows = compare_heuristics(goal, &depths, 10, 1, &heuristics, |_| {}).unwrap();
        assert_eq!(rows.len(), depths.len());
        for row in &rows {
            let (h1, h2) = (row.cells[0], row.cells[1]);
            assert!(
                h2.mean <= h1.mean,
                "depth {}: {h2:?} against {h1:?}",
                row.depth
            );
            if row.depth >= 8 {
                assert!(h2.mean < h1.mean, "depth {}", row.depth);
                assert!(h2.b_star < h1.b_star, "depth {}", row.depth);
            }
        }
        // The same seed, the same table.
        let again = compare_heuristics(goal, &depths, 10, 1, &heuristics, |_| {}).unwrap();
        assert_eq!(rows, again);
    }
}
