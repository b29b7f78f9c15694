//! One search of the puzzle watched step by step: the timeline that steps back, the chart's
//! counts, the expansions by depth, what the latest step did, and the answers given in
//! predict mode.

use std::sync::Arc;

use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{
    ExpansionsByDepth, Holding, Move, Position, PuzzleHeuristic, SlidingProblem, Waiting,
    frontier_preview, run_on_puzzle_holding,
};
use crate::search::predict::{Prediction, Ranking};
use crate::search::recorded::{Recorded, Recording};
use crate::search::{Budget, Engine, Event, Step, Timeline, effective_branching_factor};
use crate::teach::predictions::Predictions;
use crate::watch::series::RunSeries;

/// Searches in the app stop before they could exhaust memory: A* on a hard 15-puzzle with
/// Manhattan distance keeps tens of millions of positions.
const UI_BUDGET: Budget = Budget {
    max_expansions: None,
    max_states: Some(20_000_000),
    max_bytes: Some(2 << 30),
    deadline: None,
};

/// The bytes the timeline's checkpoints may hold together.
const CHECKPOINT_BYTES: usize = 1 << 29;

/// Known positions past which the frontier's preview is made again at most every
/// [`PREVIEW_EVERY`].
const LARGE_RUN: usize = 100_000;
const PREVIEW_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// Positions of the frontier shown as small boards.
pub const PREVIEWED: usize = 12;

pub type PuzzleRun = Engine<SlidingProblem>;

pub struct PuzzleSession {
    pub algorithm: PathAlgorithm,
    pub heuristic: PuzzleHeuristic,
    timeline: Timeline<PuzzleRun>,
    pub series: RunSeries,
    depths: ExpansionsByDepth,
    /// The frontier's size and first positions at step `preview_at`.
    preview: (usize, Vec<Waiting>),
    preview_at: Option<usize>,
    preview_made: Option<web_time::Instant>,
    pub predictions: Predictions<Prediction<Position>>,
    /// Whether its end is kept among the finished runs already.
    pub reported: bool,
    /// What it holds beside its path, if it is an iterative deepening search.
    pub holding: Holding,
}

impl PuzzleSession {
    /// A search of `problem` by `algorithm`, or why that search does not run on a puzzle.
    pub fn new(
        problem: SlidingProblem,
        algorithm: PathAlgorithm,
        label: String,
    ) -> Result<PuzzleSession, String> {
        PuzzleSession::holding(problem, algorithm, label, Holding::Table)
    }

    /// As [`PuzzleSession::new`], an iterative deepening search holding what `holding`
    /// says beside its path.
    pub fn holding(
        problem: SlidingProblem,
        algorithm: PathAlgorithm,
        label: String,
        holding: Holding,
    ) -> Result<PuzzleSession, String> {
        let heuristic = problem.heuristic;
        let run = run_on_puzzle_holding(problem, algorithm, UI_BUDGET, holding)?;
        let mut session = PuzzleSession::of_run(run, algorithm, heuristic, label);
        session.holding = holding;
        Ok(session)
    }

    /// The replay of a student's program's search of `problem` (see
    /// [`crate::search::recorded`]).
    pub fn recorded(
        problem: SlidingProblem,
        recording: Arc<Recording<Position>>,
        label: String,
    ) -> PuzzleSession {
        let heuristic = problem.heuristic;
        let run = Engine::new(Recorded::new(problem, recording));
        PuzzleSession::of_run(run, PathAlgorithm::your_code(), heuristic, label)
    }

    fn of_run(
        run: PuzzleRun,
        algorithm: PathAlgorithm,
        heuristic: PuzzleHeuristic,
        label: String,
    ) -> PuzzleSession {
        PuzzleSession {
            algorithm,
            heuristic,
            timeline: Timeline::with_checkpoints(run, 256, 10)
                .with_memory_limit(CHECKPOINT_BYTES, |run: &PuzzleRun| run.memory_bytes()),
            series: RunSeries::new(label),
            depths: ExpansionsByDepth::default(),
            preview: (0, vec![]),
            preview_at: None,
            preview_made: None,
            predictions: Predictions::default(),
            reported: false,
            holding: Holding::Table,
        }
    }

    pub fn run(&self) -> &PuzzleRun {
        self.timeline.current()
    }

    pub fn position(&self) -> usize {
        self.timeline.position()
    }

    pub fn known(&self) -> usize {
        self.timeline.furthest()
    }

    pub fn finished(&self) -> bool {
        self.timeline.end().is_some()
    }

    pub fn at_end(&self) -> bool {
        self.timeline.at_end()
    }

    /// What the step shown did (None at step 0).
    pub fn last_step(&self) -> Option<&Step> {
        self.timeline.last_step()
    }

    /// Takes one step; false when the run is over.
    pub fn step(&mut self) -> bool {
        if self.timeline.step().is_none() {
            return false;
        }
        let position = self.position();
        let run = self.timeline.current();
        self.series
            .record(position, run.frontier_len(), run.visited_len());
        if let Some(view) = run.last_expanded_view() {
            self.depths.record(position, view.depth);
        }
        true
    }

    /// Goes to step `target`, from the nearest checkpoint.
    pub fn seek(&mut self, target: usize) {
        self.timeline.seek(target);
    }

    /// The position the latest step expanded, or the start before the first.
    pub fn expanded(&self) -> Position {
        self.run()
            .last_expanded()
            .map_or(self.run().problem().start, |(_, p)| p)
    }

    /// The frontier's size and its first positions as the search ranks them (worked out
    /// again only when the step changed), and the step they are of: an earlier one while
    /// a large run plays.
    pub fn preview(&mut self, playing: bool) -> (usize, &(usize, Vec<Waiting>)) {
        let at = self.position();
        // Ranking the frontier walks every node the run knows: each frame while a small run
        // plays, but at most four times a second once it knows many (a 15-puzzle A* holds
        // millions), so playing at full speed is not slowed by the view. Paused, it is
        // always the step shown: predict mode's answers are clicked on it.
        let large = self.run().discovered() > LARGE_RUN;
        let recent = self
            .preview_made
            .is_some_and(|made| made.elapsed() < PREVIEW_EVERY);
        if self.preview_at != Some(at) && !(playing && large && recent) {
            // A student's program takes its frontier in its own order, which the replay
            // does not know: its preview shows the nearest to the start first, and says so.
            let ranking = if self.algorithm.is_your_code() {
                Ranking::Lowest(crate::search::predict::Measure::Depth)
            } else {
                self.ranking()
            };
            self.preview = frontier_preview(self.timeline.current().run(), ranking, PREVIEWED);
            self.preview_at = Some(at);
            self.preview_made = Some(web_time::Instant::now());
        }
        (self.preview_at.unwrap_or(at), &self.preview)
    }

    pub fn ranking(&self) -> Ranking {
        self.algorithm.descriptor().ranking
    }

    /// The solution's moves, once one is found at this step.
    pub fn solution(&self) -> Option<String> {
        match self.run().ended().map(|step| step.event) {
            Some(Event::Found { .. }) => {
                let path = self.run().path()?;
                Some(SlidingProblem::moves_of(&path))
            }
            _ => None,
        }
    }

    /// The solution's moves of the blank, once one is found at this step.
    pub fn solution_moves(&self) -> Option<Vec<Move>> {
        let moves = self.solution()?;
        Some(moves.chars().filter_map(Move::from_letter).collect())
    }

    /// Expansions counted by depth so far.
    pub fn depths(&self) -> &ExpansionsByDepth {
        &self.depths
    }

    /// Russell and Norvig's b* of the finished search: the branching factor a uniform tree
    /// as deep as the solution would need to hold the positions expanded.
    pub fn branching_factor(&self) -> Option<f64> {
        let moves = self.solution()?.len();
        effective_branching_factor(self.run().expansions(), moves)
    }

    /// Judges `answer` as the position the next step expands; None when the run is over or
    /// its next step expands nothing.
    pub fn judge(&mut self, answer: Position) -> Option<&Prediction<Position>> {
        let next = self.run().next_expansion()?;
        let judged = crate::search::predict::judge(self.run().run(), next, answer, self.ranking());
        let step = self.position() + 1;
        self.predictions.record(step, judged);
        self.step();
        self.predictions.at(step)
    }
}

impl crate::watch::Watched for PuzzleSession {
    fn standing(&self) -> crate::watch::Standing {
        crate::watch::Standing::of(&self.timeline)
    }

    fn step(&mut self) -> bool {
        self.step()
    }

    fn seek(&mut self, target: usize) {
        self.seek(target)
    }

    fn replay_cost(&self, target: usize) -> usize {
        self.timeline.replay_cost(target)
    }

    fn jump_towards(&mut self, target: usize) {
        self.timeline.jump_towards(target.saturating_sub(1));
    }
}
