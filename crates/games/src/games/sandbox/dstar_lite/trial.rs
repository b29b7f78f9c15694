//! How much D* Lite saves: random wall edits near the path, each repair against A* from
//! scratch and a fresh Dijkstra (`frontier replan BOARD`, and the engine bench).

use super::DStarLite;
use crate::games::sandbox::GridProblem;

/// What [`replan_trial`] measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplanReport {
    /// Edits that changed the board.
    pub edits: usize,
    /// Expansions D* Lite's repairs took, all edits together.
    pub repair_expansions: usize,
    /// Expansions A* from scratch took on each edited board, all together.
    pub scratch_expansions: usize,
    /// Whether every repaired cost equalled a fresh Dijkstra's on the edited board.
    pub costs_equal: bool,
}

/// Plans on `problem`, then makes `edits` random wall edits (a wall painted, or one
/// erased) within three cells of the current path, repairing after each; compares each
/// repair with A* from scratch (expansions) and a fresh Dijkstra (cost).
pub fn replan_trial(problem: GridProblem, edits: usize, seed: u64) -> ReplanReport {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use crate::games::sandbox::{GridRun, PathAlgorithm};
    use crate::search::{Algorithm, Budget, Outcome};

    let mut rng = StdRng::seed_from_u64(seed);
    let wall = problem
        .board()
        .legend()
        .iter()
        .position(|t| t.cost.is_none())
        .unwrap_or(1) as u8;
    let mut plan = DStarLite::new(problem);
    plan.plan();
    let mut report = ReplanReport {
        edits: 0,
        repair_expansions: 0,
        scratch_expansions: 0,
        costs_equal: true,
    };
    let mut tries = 0;
    while report.edits < edits && tries < edits * 20 {
        tries += 1;
        let board = plan.problem().board().clone();
        let path = plan
            .path()
            .unwrap_or_else(|| vec![plan.problem().start, plan.problem().goal]);
        let base = path[rng.random_range(0..path.len())];
        let cell = base.offset(rng.random_range(-3..=3), rng.random_range(-3..=3));
        let Some(current) = board.terrain_index(cell) else {
            continue;
        };
        let terrain = if current == wall { 0 } else { wall };
        if !plan.edit(cell, terrain) {
            continue;
        }
        report.edits += 1;
        report.repair_expansions += plan.plan();
        let fresh = |algorithm| {
            GridRun::new(
                plan.problem().clone(),
                PathAlgorithm::search(algorithm),
                Budget::UNLIMITED,
            )
            .run()
        };
        report.scratch_expansions += fresh(Algorithm::AStar).expanded;
        let dijkstra = match fresh(Algorithm::Dijkstra).outcome {
            Outcome::Found { cost, .. } => Some(cost),
            _ => None,
        };
        let same = match (plan.cost(), dijkstra) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-6,
            (None, None) => true,
            _ => false,
        };
        report.costs_equal &= same;
    }
    report
}
