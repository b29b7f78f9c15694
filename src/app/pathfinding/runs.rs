//! The runs on the board (one, or two compared side by side), restarted when the board or
//! the settings change, stepped in lockstep by the controls and the play timer; and
//! Dijkstra's cost worked out beside them, so the stats can say whether a path is optimal.

use std::sync::Arc;

use super::robot::RobotRun;
use super::{PathfindingTab, Session};
use crate::app::notice::Notice;
use crate::app::watch::standing;
use crate::games::sandbox::{Board, Connectivity, GridProblem, Heuristic, PathAlgorithm};
use crate::search::{Algorithm, Cost, Event, Search, StoppingRule};
use crate::ui::StepAction;
use crate::ui::step_controls::{FrameBudget, big_steps_within_budget, step_within_budget};

/// Earlier runs kept for the chart.
const PREVIOUS_RUNS: usize = 5;

/// From this many cells on, a board's tables (each cell's moves, JPS's jump distances) are
/// made over frames with a progress bar before its runs begin: a 1024 x 1024 board's take
/// some 40 ms at once on a slow machine, a 3000 x 3000 one's several hundred.
pub const PREPARED_OVER_FRAMES: usize = 1 << 20;

/// Rows or columns of the tables made between two looks at the clock (one is some 10 to
/// 30 microseconds on a 3000 x 3000 board).
const LINES_PER_STEP: usize = 1;

/// Runs waiting for the board's tables (see [`PathfindingTab::restart_at`]).
#[derive(Clone, Copy, Debug)]
pub struct Preparing {
    /// Where the runs were, to catch up to once they begin again.
    reached: usize,
    place: Place,
    /// How far the tables have got.
    pub tables: crate::games::sandbox::Preparation,
    /// The tiles of the boards' pictures made (their memory taken), of how many.
    pub tiles: (usize, usize),
}

impl Preparing {
    /// How much of the work is done, from 0 to 1.
    pub fn done(&self) -> f32 {
        let made = self.tables.made + self.tiles.0;
        made as f32 / (self.tables.of + self.tiles.1).max(1) as f32
    }

    fn is_done(&self) -> bool {
        self.tables.is_done() && self.tiles.0 >= self.tiles.1
    }
}

/// Dijkstra's cost on the current board, computed a few milliseconds per frame, so the
/// stats can say whether the shown path is optimal.
pub(super) struct Reference {
    search: Option<Search<GridProblem>>,
    pub(super) cost: Option<Option<Cost>>,
}

impl Reference {
    pub(super) fn new(board: Arc<Board>, connectivity: Connectivity) -> Reference {
        let problem = GridProblem::new(board, connectivity, Heuristic::Zero);
        Reference {
            search: Some(Search::new(problem, Algorithm::Dijkstra)),
            cost: None,
        }
    }

    /// Whether the search has ended (the cost is known, or none could be found in budget).
    pub(super) fn settled(&self) -> bool {
        self.search.is_none()
    }

    /// Steps for at most `budget`; true while unfinished.
    fn advance(&mut self, budget: FrameBudget) -> bool {
        let Some(search) = &mut self.search else {
            return false;
        };
        let mut last = None;
        step_within_budget(usize::MAX, budget, || {
            last = search.next();
            last.is_some() && !last.is_some_and(|e| e.is_final())
        });
        match last {
            Some(Event::Found { goal }) => self.cost = Some(Some(search.g(goal))),
            Some(Event::Exhausted) => self.cost = Some(None),
            Some(Event::GaveUp(_)) => self.cost = None,
            _ => return true,
        }
        self.search = None;
        false
    }
}

/// Where restarted runs stand (see [`PathfindingTab::restart_runs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Caught up to where the runs were.
    Kept,
    /// At step 0.
    Start,
}

impl PathfindingTab {
    /// How the bidirectional searches stop.
    pub fn stopping_rule(&self) -> StoppingRule {
        if self.settings.first_meeting {
            StoppingRule::FirstMeeting
        } else {
            StoppingRule::Proven
        }
    }

    fn algorithms(&self) -> Vec<PathAlgorithm> {
        let mut list = vec![self.settings.algorithm];
        list.extend(self.settings.compare_with);
        list
    }

    /// New runs for the current board and settings, from step 0 (views are kept).
    pub(super) fn rebuild_sessions(&mut self) {
        // Work the move sets out on the board being edited, not on each copy: edits then
        // keep them up to date cell by cell, and every copy carries them along.
        self.board.move_sets();
        if self.wants_jumps() && self.board.uniform_step_cost().is_some() {
            // Likewise the jump distances: repaired around each painted cell, not made again
            // from the whole board for each run.
            self.board.jump_distances();
        }
        let board = Arc::new(self.board.clone());
        if self.board.uniform_step_cost().is_none() {
            // JPS prices a jump by its length: on weighted terrain A* runs instead, and the
            // student is told why.
            let mut switched = None;
            for algorithm in std::iter::once(&mut self.settings.algorithm)
                .chain(self.settings.compare_with.iter_mut())
            {
                if algorithm.capabilities().uniform_costs_only {
                    switched = Some(*algorithm);
                    *algorithm = PathAlgorithm::search(Algorithm::AStar);
                }
            }
            if let Some(switched) = switched {
                let name = crate::names::path_algorithm(switched);
                self.notice = Some(Notice::info(crate::msg!(
                    "needs-uniform-cost",
                    algorithm = name
                )));
            }
        }
        let algorithms = self.algorithms();
        self.sessions.truncate(algorithms.len());
        for (i, algorithm) in algorithms.into_iter().enumerate() {
            let (heuristic, connectivity) = (self.settings.heuristic, self.settings.connectivity);
            let stopping = self.stopping_rule();
            match self.sessions.get_mut(i) {
                Some(session) => {
                    // D* Lite carries its plan over to the edited board and repairs it.
                    let same_rules = session.algorithm == algorithm
                        && stopping == StoppingRule::Proven
                        && session.run().problem().heuristic == heuristic
                        && session.run().problem().connectivity == connectivity;
                    let mid_plan = session.algorithm.capabilities().repairs
                        && session.run().ended().is_none()
                        && session.repair.is_none()
                        && session.position() > 0;
                    if mid_plan && *session.board() != board {
                        self.notice = Some(Notice::info(crate::msg!("dstar-plans-again")));
                    }
                    if !(same_rules && session.repair_to(&board)) {
                        session.restart(board.clone(), algorithm, heuristic, connectivity, stopping)
                    }
                }
                None => self.sessions.push(Session::new(
                    &format!("pathfinding-board-{i}"),
                    board.clone(),
                    algorithm,
                    heuristic,
                    connectivity,
                    stopping,
                )),
            }
        }
        if self.runs_your_code()
            && let Some(recording) = self.code_recording(&board)
        {
            let (heuristic, connectivity) = (self.settings.heuristic, self.settings.connectivity);
            self.sessions[0].replay(board.clone(), recording, heuristic, connectivity);
        }
        self.reference = Reference::new(board.clone(), self.settings.connectivity);
        self.rebuild_robot(board);
    }

    /// Whether the robot can walk: D* Lite shown alone, on a board small enough to plan at
    /// once.
    pub(super) fn robot_possible(&self) -> bool {
        self.settings.algorithm.capabilities().repairs
            && self.settings.compare_with.is_none()
            && self.board.width() * self.board.height() <= super::robot::MAX_CELLS
    }

    /// Sends the robot back to the start of the board as it is now (or lets it go, when D*
    /// Lite is no longer the search shown alone).
    fn rebuild_robot(&mut self, board: Arc<Board>) {
        if self.robot.is_some() {
            self.place_robot(board);
        }
    }

    /// Starts the robot walking, or takes it off the board.
    pub fn set_robot(&mut self, on: bool) {
        if on {
            self.place_robot(Arc::new(self.board.clone()));
        } else {
            self.robot = None;
            // The robot painted over the first board.
            for session in &mut self.sessions {
                session.repaint_when_drawn();
            }
        }
    }

    /// A robot at the start of `board`, if D* Lite is shown alone.
    fn place_robot(&mut self, board: Arc<Board>) {
        self.player.stop();
        if !self.robot_possible() {
            return self.set_robot(false);
        }
        self.robot = Some(RobotRun::new(
            board,
            self.settings.connectivity,
            self.settings.heuristic,
            self.robot_radius,
        ));
    }

    /// Takes `pos` as the answer to "which cell does the search expand next?": judges it,
    /// takes the step, and records the answer by the step it led to.
    pub fn predict(&mut self, pos: crate::grid::Pos) {
        let Some(prediction) = crate::games::sandbox::predict::judge(self.session().run(), pos)
        else {
            return;
        };
        self.apply(StepAction::Step);
        let step = self.session().position();
        if let Some(predictions) = &mut self.asking.predictions {
            predictions.record(step, super::predict::BoardAnswer::Next(prediction));
        }
    }

    /// Judges the cells picked as those joining the frontier at the next step, takes the
    /// step, and records the answer by the step it led to.
    pub fn check_joining(&mut self) {
        let picked = std::mem::take(&mut self.asking.picked);
        let run = self.session().run();
        let Some(joining) = crate::games::sandbox::predict::judge_joining(run, &picked) else {
            return;
        };
        self.apply(StepAction::Step);
        let step = self.session().position();
        if let Some(predictions) = &mut self.asking.predictions {
            predictions.record(step, super::predict::BoardAnswer::Joins(joining));
        }
    }

    /// Restarts the runs after the board was edited: the new runs catch up with the step the
    /// old ones had reached (or their end), so a student dragging the goal sees the search
    /// re-plan at once.
    pub fn restart_runs(&mut self, same_board: bool) {
        self.restart_at(same_board, Place::Kept);
    }

    /// Restarts the runs, caught up to where they were (`Place::Kept`, after an edit) or at
    /// step 0 (`Place::Start`: a new board or a new search begins there, whatever the last
    /// run had reached).
    pub(super) fn restart_at(&mut self, same_board: bool, place: Place) {
        // Where the runs were, or were catching up to: a stroke can change the board twice
        // in one frame, before the first restart has caught up.
        let reached = if self.sessions.iter().all(|s| s.at_end()) {
            usize::MAX
        } else {
            self.player
                .target()
                .unwrap_or(0)
                .max(self.session().position())
        };
        if same_board {
            // Keep the finished series for comparison on the chart: the last of each search
            // (a program run again and again kept one "(earlier)" each time, and their
            // labels piled up: "Your code (earlier) (earlier) …").
            for session in &self.sessions {
                if !session.series.is_empty() {
                    let problem = session.run().problem();
                    let named = (session.algorithm, problem.connectivity, problem.heuristic);
                    self.previous
                        .retain(|(s, _)| s.label != session.series.label);
                    self.previous.push((session.series.clone(), named));
                }
            }
            let excess = self.previous.len().saturating_sub(PREVIOUS_RUNS);
            self.previous.drain(..excess);
        } else {
            self.previous.clear();
        }
        // While a big board's tables are made, the runs wait (and still are where they were).
        let reached = self.preparing.map_or(reached, |p| p.reached);
        self.preparing = None;
        if self.board.width() * self.board.height() >= PREPARED_OVER_FRAMES {
            let preparing = Preparing {
                reached,
                place,
                tables: self.board.prepare(self.wants_jumps(), 0),
                tiles: self.tiles_prepared(0),
            };
            if !preparing.is_done() {
                self.player.playback.playing = false;
                self.preparing = Some(preparing);
                return;
            }
        }
        self.begin_runs(reached, place);
    }

    fn begin_runs(&mut self, reached: usize, place: Place) {
        self.rebuild_sessions();
        if place == Place::Kept {
            self.player.run_to(reached);
        }
    }

    /// Whether a run needs JPS's jump distances.
    pub(super) fn wants_jumps(&self) -> bool {
        self.algorithms()
            .iter()
            .any(|a| a.capabilities().jump_table)
    }

    /// How far the tables of a big board have got, while its runs wait for them.
    pub fn preparing(&self) -> Option<Preparing> {
        self.preparing
    }

    /// Makes this frame's share of the board's tables, then of its pictures' tiles; once
    /// they are all made, the runs begin (on the next frame, which then has its whole
    /// budget for them).
    fn advance_preparation(&mut self, budget: FrameBudget) {
        let jumps = self.wants_jumps();
        let Some(mut preparing) = self.preparing else {
            return;
        };
        if preparing.is_done() {
            self.preparing = None;
            return self.begin_runs(preparing.reached, preparing.place);
        }
        let board = &mut self.board;
        let began = web_time::Instant::now();
        let lines = step_within_budget(usize::MAX, budget, || {
            preparing.tables = board.prepare(jumps, LINES_PER_STEP);
            !preparing.tables.is_done()
        });
        if preparing.tables.is_done() {
            // A tile is a megabyte: the clock is looked at after each.
            let left = budget.left(began, lines);
            big_steps_within_budget(usize::MAX, left, 1, || {
                preparing.tiles = self.tiles_prepared(1);
                preparing.tiles.0 < preparing.tiles.1
            });
        }
        self.preparing = Some(preparing);
    }

    /// Makes up to `tiles` more tiles of the runs' pictures of the board; returns how many
    /// are made, of how many.
    fn tiles_prepared(&mut self, tiles: usize) -> (usize, usize) {
        let (width, height) = (self.board.width(), self.board.height());
        let (mut left, mut made, mut all) = (tiles, 0, 0);
        for session in &mut self.sessions {
            let before = session.view.prepare_size(width, height, 0).0;
            let (now, of) = session.view.prepare_size(width, height, left);
            left -= now - before;
            made += now;
            all += of;
        }
        (made, all)
    }

    /// Applies a control action to every run (they move in lockstep), or to the robot.
    pub fn apply(&mut self, action: StepAction) {
        if self.preparing.is_some() {
            // No runs to move until the board is ready.
            return;
        }
        match &mut self.robot {
            Some(robot) => self.player.apply(std::slice::from_mut(robot), action),
            None => self.player.apply(&mut self.sessions, action),
        }
    }

    /// Runs this frame's share of the search, within `budget`. Returns whether more frames
    /// are needed.
    pub(super) fn advance_runs(&mut self, dt: f64, budget: FrameBudget) -> bool {
        if self.preparing.is_some() {
            self.advance_preparation(budget);
            return true;
        }
        if let Some(robot) = &mut self.robot {
            // The search behind the robot is not shown: only the walk moves.
            return self.player.advance(std::slice::from_mut(robot), dt, budget);
        }
        // The student's program is recorded first: the runs shown wait for it.
        let mut busy = self.advance_code(budget);
        busy |= self.player.advance(&mut self.sessions, dt, budget);
        // The reference run (the cheapest cost, for the board's note) gets a third more, and
        // so does A* from scratch beside a repair.
        busy |= self.reference.advance(budget.share(3));
        for repair in self.sessions.iter_mut().filter_map(|s| s.repair.as_mut()) {
            busy |= repair.advance(budget.share(3));
        }
        busy
    }

    /// Where the step controls stand for all the runs together: the step shown, the
    /// furthest known and whether every run's end is known. Compared runs move in
    /// lockstep, each stopping at its own end, so the timeline spans the longer one.
    pub fn timeline_position(&self) -> (usize, usize, bool) {
        match &self.robot {
            Some(robot) => standing(std::slice::from_ref(robot)),
            None => standing(&self.sessions),
        }
    }

    /// Changing algorithm, heuristic or connectivity starts the runs over on the same board.
    /// A new search or new options: the runs begin at step 0 (the finished ones stay on the
    /// chart, to compare with).
    pub fn settings_changed(&mut self) {
        self.restart_at(true, Place::Start);
    }
}
