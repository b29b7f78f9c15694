//! Running a Sokoban search, stepped (for the app) or to the end (the headless solver), and
//! turning the path it finds into a verified LURD solution.

use std::time::Duration;

use web_time::Instant;

use super::algorithm::SokobanAlgorithm;
use super::lurd::{move_path_to_lurd, pull_path_to_lurd, push_path_to_lurd};
use super::problem::SokobanProblem;
use super::push::{Detail, Position, Prunes, Pruning, Sokoban};
use crate::games::sokoban::game::verify_solution;
use crate::games::sokoban::level::Level;
use crate::grid::Pos;
use crate::search::{
    Budget, Deepening, DeepeningStatus, Engine, Event, Limit, NodeStatus, Search, Step,
};

/// How a solve ended.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveOutcome {
    /// Solved, with a solution that was replayed and checked before being reported.
    Solved {
        lurd: String,
        moves: usize,
        pushes: usize,
    },
    /// The whole (pruned) state space was searched: there is no solution.
    NoSolution,
    GaveUp(Limit),
    /// The path found did not replay to a solution: a bug, reported rather than printed.
    BadSolution(String),
}

#[derive(Clone, Debug)]
pub struct SolveReport {
    pub outcome: SolveOutcome,
    pub expanded: usize,
    pub stored: usize,
    pub elapsed: Duration,
    pub prunes: Prunes,
    /// For BFS, A* and IDA* ([`SokobanAlgorithm::proves_bound`]): how many pushes (or
    /// moves) any solution needs at least, so a level given up on still says something.
    pub proven_bound: Option<f64>,
}

/// A Sokoban search at either level of detail, whichever engine runs it, stepped like any
/// other search.
#[derive(Clone)]
pub struct SokobanRun {
    algorithm: SokobanAlgorithm,
    engine: Engine<SokobanProblem>,
}

impl SokobanRun {
    /// A search of `level` (which must pass [`Level::check`]).
    pub fn new(
        level: &Level,
        algorithm: SokobanAlgorithm,
        detail: Detail,
        budget: Budget,
    ) -> SokobanRun {
        SokobanRun::of(Sokoban::new(level), algorithm, detail, budget)
    }

    /// A search of the problem `sokoban` (with its pruning and deadlock table).
    pub fn of(
        sokoban: Sokoban,
        algorithm: SokobanAlgorithm,
        detail: Detail,
        budget: Budget,
    ) -> SokobanRun {
        let problem = SokobanProblem::at(sokoban, detail);
        let engine = match (algorithm.best_first(), algorithm.deepening()) {
            (Some(policy), _) => Engine::new(Search::new(problem, policy).with_budget(budget)),
            (None, Some(limit)) => Engine::new(Deepening::new(problem, limit).with_budget(budget)),
            (None, None) => unreachable!("every Sokoban search is best-first or deepening"),
        };
        SokobanRun { algorithm, engine }
    }

    /// A search of `sokoban`'s level backwards, from the boxes on their goals by pulls (see
    /// [`super::pull`]); none when the level has more goals than boxes.
    pub fn pulling(
        sokoban: Sokoban,
        algorithm: SokobanAlgorithm,
        budget: Budget,
    ) -> Option<SokobanRun> {
        SokobanRun::of_pulls(SokobanProblem::pulls(sokoban)?, algorithm, budget)
    }

    fn of_pulls(
        problem: SokobanProblem,
        algorithm: SokobanAlgorithm,
        budget: Budget,
    ) -> Option<SokobanRun> {
        let policy = algorithm.best_first()?;
        let engine = Engine::new(Search::new(problem, policy).with_budget(budget));
        Some(SokobanRun { algorithm, engine })
    }

    /// Greedy best-first pulling from the goals, novel positions first (see
    /// [`super::pull::Pull::novel_first`]; its estimate is no bound, so it is greedy only).
    pub fn pulling_novel_first(sokoban: Sokoban, budget: Budget) -> Option<SokobanRun> {
        let problem = SokobanProblem::pulls_novel_first(sokoban)?;
        SokobanRun::of_pulls(problem, SokobanAlgorithm::Greedy, budget)
    }

    /// Whether this search has discovered `position`.
    pub fn knows(&self, position: &Position) -> bool {
        self.engine.node(position).is_some()
    }

    /// The path from this search's start to `position`, if it has discovered it.
    pub fn route_to(&self, position: &Position) -> Option<Vec<Position>> {
        self.engine.route_to(position)
    }

    /// Calls `visit` with each position the latest step expanded or discovered.
    pub fn last_changed(&self, mut visit: impl FnMut(&Position)) {
        self.engine.last_changed(&mut visit)
    }

    /// Whether this search runs backwards from the goals.
    pub fn pulls(&self) -> bool {
        self.engine.problem().is_pulling()
    }

    pub fn sokoban(&self) -> &Sokoban {
        self.engine.problem().sokoban()
    }

    pub fn detail(&self) -> Detail {
        self.engine.problem().detail()
    }

    pub fn algorithm(&self) -> SokobanAlgorithm {
        self.algorithm
    }

    /// The engine's run, for what the solver does not say itself (predictions read it).
    pub fn engine(&self) -> &dyn crate::search::Run<Problem = SokobanProblem> {
        self.engine.run()
    }

    /// The position the next step expands, if it expands one.
    pub fn next_expansion(&self) -> Option<(crate::search::Side, Position)> {
        self.engine.next_expansion()
    }

    /// Where IDA* stands: the iteration, its bound on pushes + matching bound, the next one.
    pub fn deepening(&self) -> Option<DeepeningStatus> {
        self.engine.deepening()
    }

    /// How many times the state expanded last has been expanded (IDA* repeats them).
    pub fn last_times_expanded(&self) -> u32 {
        self.engine
            .last_expanded()
            .map_or(0, |(_, state)| self.engine.times_expanded(&state))
    }

    pub fn expansions(&self) -> usize {
        self.engine.expansions()
    }

    pub fn stored(&self) -> usize {
        self.engine.discovered()
    }

    pub fn frontier_len(&self) -> usize {
        self.engine.frontier_len()
    }

    pub fn visited_len(&self) -> usize {
        self.engine.visited_len()
    }

    /// Approximate bytes the search holds.
    pub fn memory_bytes(&self) -> usize {
        self.engine.memory_bytes() + self.sokoban().deadlock_bytes()
    }

    pub fn ended(&self) -> Option<Event> {
        self.engine.ended().map(|step| step.event)
    }

    /// Pruning so far, with the dead ends the matching found.
    pub fn prunes(&self) -> Prunes {
        self.sokoban().prunes()
    }

    fn positions(&self, squares: &[u16]) -> Vec<Pos> {
        squares
            .iter()
            .map(|&s| self.sokoban().analysis.positions[s as usize])
            .collect()
    }

    /// The boxes of the state expanded last, and where the player is (for a push-level
    /// state, the first square of the player's region).
    pub fn last_expanded(&self) -> Option<(Vec<Pos>, Pos)> {
        let (_, state) = self.engine.last_expanded()?;
        Some((
            self.positions(&state.boxes),
            self.sokoban().analysis.positions[state.player as usize],
        ))
    }

    /// The cost so far (g) and the lower bound on the cost left (h) of the state expanded
    /// last: under A*, g + h is the bound the search has proved no solution beats.
    pub fn last_costs(&self) -> Option<(f64, f64)> {
        self.engine
            .last_expanded_view()
            .map(|view| (view.g, view.h))
    }

    /// For BFS and A*, which expand states in an order that never passes the optimum: the
    /// highest g (BFS) or g + h (A*, whose h never overestimates) of a state expanded so far;
    /// for IDA*, the bound of the iteration running (the ones before found nothing within
    /// theirs). No solution is shorter, so a search given up on still proves something.
    pub fn proven_bound(&self) -> Option<f64> {
        if !self.algorithm.proves_bound() {
            return None;
        }
        if let Some(deepening) = self.deepening() {
            return Some(deepening.bound);
        }
        let uses_h = self.algorithm.uses_heuristic();
        let mut highest = f64::NEG_INFINITY;
        self.engine.for_each_node(&mut |_, view| {
            if view.status == NodeStatus::Visited {
                highest = highest.max(if uses_h { view.g + view.h } else { view.g });
            }
        });
        highest.is_finite().then_some(highest)
    }

    /// The boxes of each state expanded so far (for the heat map), visited in `visit`.
    pub fn expanded_boxes(&self, mut visit: impl FnMut(&[u16])) {
        self.engine.for_each_node(&mut |state, view| {
            if view.status == NodeStatus::Visited {
                visit(&state.boxes);
            }
        });
    }

    /// The solution in LURD, once the goal is found.
    pub fn solution(&self, level: &Level) -> Option<String> {
        let path = self.engine.path()?;
        let analysis = &self.sokoban().analysis;
        if self.pulls() {
            return Some(pull_path_to_lurd(level, analysis, &path));
        }
        Some(match self.detail() {
            Detail::Pushes => push_path_to_lurd(level, analysis, &path),
            Detail::Moves => move_path_to_lurd(analysis, &path),
        })
    }
}

impl Iterator for SokobanRun {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        self.engine.next().map(|step: Step| step.event)
    }
}

/// The solution `run` found for `level`, replayed and checked: solved, or the bug that made
/// it fail.
pub fn verified_solution(level: &Level, run: &SokobanRun) -> SolveOutcome {
    checked(level, run.solution(level).unwrap_or_default())
}

/// `lurd` replayed on `level` and checked: solved, or the bug that made it fail.
pub fn checked(level: &Level, lurd: String) -> SolveOutcome {
    match verify_solution(level, &lurd) {
        Ok((moves, pushes)) => SolveOutcome::Solved {
            lurd,
            moves,
            pushes,
        },
        Err(problem) => SolveOutcome::BadSolution(format!("{problem}: {lurd}")),
    }
}

/// Solves `level` headless. Every solution is replayed and checked before it is reported.
pub fn solve(
    level: &Level,
    algorithm: SokobanAlgorithm,
    detail: Detail,
    budget: Budget,
) -> SolveReport {
    solve_pruned(level, algorithm, detail, budget, Pruning::ALL)
}

/// [`solve`] with only the prunings `pruning` names.
pub fn solve_pruned(
    level: &Level,
    algorithm: SokobanAlgorithm,
    detail: Detail,
    budget: Budget,
    pruning: Pruning,
) -> SolveReport {
    let began = Instant::now();
    let mut sokoban = Sokoban::new(level);
    sokoban.pruning = pruning;
    let mut run = SokobanRun::of(sokoban, algorithm, detail, budget);
    let last = run.by_ref().last();
    let outcome = match last {
        Some(Event::Found { .. }) => verified_solution(level, &run),
        Some(Event::GaveUp(limit)) => SolveOutcome::GaveUp(limit),
        _ => SolveOutcome::NoSolution,
    };
    SolveReport {
        outcome,
        expanded: run.expansions(),
        stored: run.stored(),
        elapsed: began.elapsed(),
        prunes: run.prunes(),
        proven_bound: run.proven_bound(),
    }
}
