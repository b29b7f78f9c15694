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
use crate::search::{Algorithm, Deepening, DeepeningLimit, Search, effective_branching_factor};

/// One depth's row: how many positions were solved and, per heuristic (in the order asked),
/// A*'s mean expansions and their b*.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthRow {
    pub depth: usize,
    pub instances: usize,
    pub cells: Vec<Cell>,
    /// Iterative deepening (the textbook's IDS, holding its path alone) at this depth, if
    /// asked for and the depth is within its limit: the mean expansions and their b*.
    pub ids: Option<(f64, Option<f64>)>,
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

/// The table made a run at a time, so a view can make it over frames: depth by depth,
/// each heuristic's A* on each of the depth's positions.
#[derive(Clone)]
pub struct Comparison {
    goal: Position,
    layers: Vec<Vec<Position>>,
    /// The depths still to do, the next first.
    depths: std::collections::VecDeque<usize>,
    per_depth: usize,
    heuristics: Vec<PuzzleHeuristic>,
    /// Depths up to which iterative deepening runs too (its expansions grow about
    /// threefold a move: 3.6 million a position at depth 12 in the book).
    ids_to: Option<usize>,
    rng: StdRng,
    rows: Vec<DepthRow>,
    /// The depth being done: its positions, the heuristic and position next, and the sums
    /// (expanded, generated) of each heuristic done so far.
    current: Option<Current>,
    runs_done: usize,
    runs_in_all: usize,
}

#[derive(Clone)]
struct Current {
    depth: usize,
    positions: Vec<Position>,
    heuristic: usize,
    next: usize,
    sums: (usize, usize),
    cells: Vec<Cell>,
    ids: Option<(f64, Option<f64>)>,
}

impl Comparison {
    /// The table for `depths` (each drawn `per_depth` positions from `seed`) toward `goal`
    /// (a 3 x 3 position), A* run with each of `heuristics`; nothing run yet.
    pub fn new(
        goal: Position,
        depths: &[usize],
        per_depth: usize,
        seed: u64,
        heuristics: &[PuzzleHeuristic],
    ) -> Result<Comparison, String> {
        if goal.side() != 3 {
            return Err(
                "the comparison runs on the 3 x 3 puzzle (八数码): every position of it can be \
                 drawn by its depth"
                    .to_owned(),
            );
        }
        // A heuristic that cannot be made (a pattern database refused) is said now.
        for &heuristic in heuristics {
            SlidingProblem::new(goal, goal, heuristic)?;
        }
        let layers = positions_by_depth(goal);
        let reachable = depths
            .iter()
            .filter(|&&d| layers.get(d).is_some_and(|l| !l.is_empty()))
            .count();
        Ok(Comparison {
            goal,
            layers,
            depths: depths.iter().copied().collect(),
            per_depth,
            heuristics: heuristics.to_vec(),
            ids_to: None,
            rng: StdRng::seed_from_u64(seed),
            rows: vec![],
            current: None,
            runs_done: 0,
            runs_in_all: reachable * per_depth * heuristics.len(),
        })
    }

    /// The same comparison with iterative deepening as a column too, at the depths up to
    /// `depth` (nothing run yet).
    pub fn with_ids_to(mut self, depth: usize) -> Comparison {
        let reachable = self
            .depths
            .iter()
            .filter(|&&d| d <= depth && self.layers.get(d).is_some_and(|l| !l.is_empty()))
            .count();
        self.runs_in_all += reachable * self.per_depth;
        self.ids_to = Some(depth);
        self
    }

    /// Whether iterative deepening is a column.
    pub fn has_ids(&self) -> bool {
        self.ids_to.is_some()
    }

    /// The rows of the depths done.
    pub fn rows(&self) -> &[DepthRow] {
        &self.rows
    }

    pub fn heuristics(&self) -> &[PuzzleHeuristic] {
        &self.heuristics
    }

    /// A* runs done and to do in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.runs_done, self.runs_in_all)
    }

    pub fn done(&self) -> bool {
        self.current.is_none() && self.depths.is_empty()
    }

    /// Runs A* once more (the next heuristic on the next position); the row of a depth
    /// just finished, if this run finished one.
    pub fn run_one(&mut self) -> Result<Option<&DepthRow>, String> {
        if self.current.is_none() {
            let Some(depth) = self.depths.pop_front() else {
                return Ok(None);
            };
            let positions = draw_at_depth(&self.layers, depth, self.per_depth, &mut self.rng);
            if positions.is_empty() || self.heuristics.is_empty() {
                return Ok(None);
            }
            self.current = Some(Current {
                depth,
                positions,
                heuristic: 0,
                next: 0,
                sums: (0, 0),
                cells: vec![],
                ids: None,
            });
        }
        let current = self.current.as_mut().expect("a depth under way");
        let start = current.positions[current.next];
        // The columns in turn: each heuristic's A*, then iterative deepening if asked.
        let ids_here = self.ids_to.is_some_and(|to| current.depth <= to);
        let on_ids = current.heuristic == self.heuristics.len();
        if on_ids {
            let problem = SlidingProblem::new(start, self.goal, PuzzleHeuristic::Zero)?;
            let run = Deepening::new(problem, DeepeningLimit::Moves)
                .path_only()
                .run();
            current.sums.0 += run.expanded;
        } else {
            let heuristic = self.heuristics[current.heuristic];
            let problem = SlidingProblem::new(start, self.goal, heuristic)?;
            let run = Search::new(problem, Algorithm::AStar).run();
            current.sums.0 += run.expanded;
            current.sums.1 += run.stored;
        }
        current.next += 1;
        self.runs_done += 1;
        if current.next < current.positions.len() {
            return Ok(None);
        }
        let count = current.positions.len() as f64;
        if on_ids {
            let mean = current.sums.0 as f64 / count;
            current.ids = Some((
                mean,
                effective_branching_factor(mean.round() as usize, current.depth),
            ));
            return Ok(self.finish_depth());
        }
        let (mean, generated) = (current.sums.0 as f64 / count, current.sums.1 as f64 / count);
        current.cells.push(Cell {
            mean,
            b_star: effective_branching_factor(mean.round() as usize, current.depth),
            generated,
            generated_b_star: effective_branching_factor(generated.round() as usize, current.depth),
        });
        current.heuristic += 1;
        current.next = 0;
        current.sums = (0, 0);
        if current.heuristic < self.heuristics.len() + usize::from(ids_here) {
            return Ok(None);
        }
        Ok(self.finish_depth())
    }

    /// The depth under way done: its row.
    fn finish_depth(&mut self) -> Option<&DepthRow> {
        let current = self.current.take()?;
        self.rows.push(DepthRow {
            depth: current.depth,
            instances: current.positions.len(),
            cells: current.cells,
            ids: current.ids,
        });
        self.rows.last()
    }
}

/// The whole table at once (see [`Comparison::new`]); `each` is told every depth done, for
/// a progress bar.
pub fn compare_heuristics(
    goal: Position,
    depths: &[usize],
    per_depth: usize,
    seed: u64,
    heuristics: &[PuzzleHeuristic],
    ids_to: Option<usize>,
    mut each: impl FnMut(&DepthRow),
) -> Result<Vec<DepthRow>, String> {
    let mut comparison = Comparison::new(goal, depths, per_depth, seed, heuristics)?;
    if let Some(depth) = ids_to {
        comparison = comparison.with_ids_to(depth);
    }
    while !comparison.done() {
        if let Some(row) = comparison.run_one()? {
            each(row);
        }
    }
    Ok(comparison.rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manhattan_expands_fewer_than_misplaced_tiles_at_every_depth() {
        let goal = Position::blank_first(3);
        let depths: Vec<usize> = (2..=16).step_by(2).collect();
        let heuristics = [PuzzleHeuristic::Misplaced, PuzzleHeuristic::Manhattan];
        let rows = compare_heuristics(goal, &depths, 10, 1, &heuristics, None, |_| {}).unwrap();
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
        let again = compare_heuristics(goal, &depths, 10, 1, &heuristics, None, |_| {}).unwrap();
        assert_eq!(rows, again);
    }
}

#[cfg(test)]
mod ids_tests {
    use super::*;

    #[test]
    fn iterative_deepening_expands_more_than_a_star_and_runs_only_to_its_depth() {
        let goal = Position::blank_first(3);
        let depths = [2, 4, 6, 8, 10];
        let heuristics = [PuzzleHeuristic::Misplaced];
        let rows = compare_heuristics(goal, &depths, 5, 1, &heuristics, Some(6), |_| {}).unwrap();
        for row in &rows {
            match row.ids {
                Some((ids, _)) => {
                    assert!(row.depth <= 6);
                    assert!(ids >= row.cells[0].mean, "depth {}", row.depth);
                }
                None => assert!(row.depth > 6),
            }
        }
        let (ids, _) = rows[2].ids.unwrap();
        assert!(
            ids > 2.0 * rows[2].cells[0].mean,
            "depth 6: {ids} against A*'s"
        );
        let mut counted = Comparison::new(goal, &depths, 5, 1, &heuristics)
            .unwrap()
            .with_ids_to(6);
        assert_eq!(counted.progress().1, 5 * 5 + 3 * 5);
        while !counted.done() {
            counted.run_one().unwrap();
        }
        assert_eq!(counted.progress(), (40, 40));
        assert_eq!(counted.rows(), &rows[..]);
    }
}
