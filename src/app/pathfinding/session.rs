//! One run shown on one board view: the timeline that can step back, the chart series,
//! and the view's cell colours kept in step with the run.

use std::sync::Arc;

use egui::Color32;

use super::colors::{Overlays, marked, terrain_color};
use crate::games::sandbox::{Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm};
use crate::grid::Pos;
use crate::search::recorded::Recording;
use crate::search::{Budget, Event, Step, StoppingRule, Timeline};
use crate::ui::BoardView;
use crate::ui::plot::RunSeries;
use crate::ui::step_controls::{FrameBudget, step_within_budget};

/// Searches in the app stop before they could exhaust memory.
const UI_BUDGET: Budget = Budget {
    max_expansions: None,
    max_states: Some(40_000_000),
    max_bytes: Some(3 << 30),
    deadline: None,
};

/// The bytes a timeline's checkpoints may hold together: they share the search's states
/// but copy the rest, so without a limit the ten checkpoints of a long run would hold
/// several times the search itself.
const CHECKPOINT_BYTES: usize = 1 << 30;

/// Redrawing the cells a run marked one by one costs about as much per cell as redrawing
/// every cell of the board a row at a time costs for this many: past a 1 in this many
/// share of the board, the whole board is redrawn (3000 x 3000, after an A* run that
/// marked 577,333 cells: 14 ms listing them and 11 ms redrawing them, against 5 ms for all).
const REDRAW_ALL_FROM: usize = 32;

/// Steps a seek replays at once; a longer replay is spread over frames.
const REPLAY_AT_ONCE: usize = 200_000;

/// The timeline of a fresh run: checkpoints every 256 steps at first, at most ten, and
/// within [`CHECKPOINT_BYTES`]. The runs keep their board-sized tables in chunks that
/// copies share, so a checkpoint copies little; a run that would still copy much (its
/// `memory_bytes` count shared chunks by their share) checkpoints less often, so that
/// copying costs no more than a fraction of the steps between copies.
fn timeline(run: GridRun) -> Timeline<GridRun> {
    let interval = (run.memory_bytes() / BYTES_A_STEP).clamp(256, 1 << 16);
    Timeline::with_checkpoints(run, interval, 10)
        .with_memory_limit(CHECKPOINT_BYTES, GridRun::memory_bytes)
}

/// Bytes of a checkpoint for each step between checkpoints: a step costs about as much
/// as copying a few kilobytes.
const BYTES_A_STEP: usize = 4096;

/// How the view stands against the run: painted with which overlays, or to be painted whole.
struct Stale {
    /// Every cell is to be repainted when the board is next drawn (a new run, a jump that
    /// changed more cells than listing them is worth, the robot drawn over the board).
    all: bool,
    /// The overlays the view was last painted with.
    painted_with: Option<Overlays>,
}

pub struct Session {
    pub algorithm: PathAlgorithm,
    pub timeline: Timeline<GridRun>,
    pub series: RunSeries,
    pub view: BoardView,
    path: Option<Vec<Pos>>,
    terrain_colors: Vec<Color32>,
    /// Whether the view still says what the run marks, and with which overlays.
    stale: Stale,
    replay_at_once: usize,
    /// After a D* Lite repair: what it is compared with.
    pub repair: Option<Repair>,
}

/// A D* Lite repair beside what A* from scratch takes on the edited board. That A* is
/// counted a share of each frame rather than at once: on a 512 x 512 map it took half of
/// the 16 ms a painted wall may cost.
pub struct Repair {
    /// The expansions the run had made before the repair.
    pub before: usize,
    /// A* from scratch while it is being counted.
    scratch: Option<Box<GridRun>>,
    scratch_expansions: usize,
}

impl Repair {
    fn new(before: usize, edited: GridProblem) -> Repair {
        let astar = PathAlgorithm::search(crate::search::Algorithm::AStar);
        Repair {
            before,
            scratch: Some(Box::new(GridRun::headless(edited, astar, UI_BUDGET))),
            scratch_expansions: 0,
        }
    }

    /// What A* from scratch has expanded so far (all of it, once [`Repair::counted`]).
    pub fn scratch_expansions(&self) -> usize {
        self.scratch_expansions
    }

    /// Whether A* from scratch has ended, so its expansions are all counted.
    pub fn counted(&self) -> bool {
        self.scratch.is_none()
    }

    /// Counts A* from scratch on within `budget`; true while unfinished.
    pub(super) fn advance(&mut self, budget: FrameBudget) -> bool {
        let Some(run) = &mut self.scratch else {
            return false;
        };
        step_within_budget(usize::MAX, budget, || {
            run.next().is_some_and(|step| !step.event.is_final())
        });
        self.scratch_expansions = run.expansions();
        if run.ended().is_some() {
            self.scratch = None;
        }
        self.scratch.is_some()
    }
}

impl Session {
    pub fn new(
        view_id: &str,
        board: Arc<Board>,
        algorithm: PathAlgorithm,
        heuristic: Heuristic,
        connectivity: Connectivity,
        stopping: StoppingRule,
    ) -> Session {
        let view = BoardView::new(view_id, board.width(), board.height());
        Session {
            algorithm,
            timeline: timeline(Self::fresh(
                board.clone(),
                algorithm,
                heuristic,
                connectivity,
                stopping,
            )),
            series: RunSeries::new(crate::names::run_label(algorithm, connectivity, heuristic)),
            view,
            path: None,
            terrain_colors: board.legend().iter().map(terrain_color).collect(),
            stale: Stale {
                all: true,
                painted_with: None,
            },
            replay_at_once: REPLAY_AT_ONCE,
            repair: None,
        }
    }

    fn fresh(
        board: Arc<Board>,
        algorithm: PathAlgorithm,
        heuristic: Heuristic,
        connectivity: Connectivity,
        stopping: StoppingRule,
    ) -> GridRun {
        GridRun::with_stopping_rule(
            GridProblem::new(board, connectivity, heuristic),
            algorithm,
            UI_BUDGET,
            stopping,
        )
    }

    /// Starts the run over on `board` (edited, or with other settings), keeping the view.
    pub fn restart(
        &mut self,
        board: Arc<Board>,
        algorithm: PathAlgorithm,
        heuristic: Heuristic,
        connectivity: Connectivity,
        stopping: StoppingRule,
    ) {
        let run = Self::fresh(board.clone(), algorithm, heuristic, connectivity, stopping);
        self.restart_with(board, algorithm, run);
    }

    /// Starts over as the replay of a student's program's search (`recording`) of `board`
    /// with these moves and heuristic, keeping the view.
    pub fn replay(
        &mut self,
        board: Arc<Board>,
        recording: Arc<Recording<Pos>>,
        heuristic: Heuristic,
        connectivity: Connectivity,
    ) {
        let problem = GridProblem::new(board.clone(), connectivity, heuristic);
        let run = GridRun::recorded(problem, recording);
        self.restart_with(board, PathAlgorithm::your_code(), run);
    }

    /// Starts over with `run`, `algorithm`'s run of `board`, keeping the view.
    fn restart_with(&mut self, board: Arc<Board>, algorithm: PathAlgorithm, run: GridRun) {
        let old = self.board().clone();
        let same_frame = old.width() == board.width()
            && old.height() == board.height()
            && old.legend() == board.legend();
        // The cells to redraw, if not all: those the old run marked and those repainted.
        let cells = board.width() * board.height();
        let few_marked = self.run().discovered().saturating_mul(REDRAW_ALL_FROM) <= cells;
        let changed = (same_frame && few_marked).then(|| {
            let mut marked = self.marked_cells();
            // Copies share their cells until painted: most restarts compare nothing.
            if !std::ptr::eq(old.cells(), board.cells()) && old.cells() != board.cells() {
                let width = board.width();
                let edited = (old.cells().cells().iter())
                    .zip(board.cells().cells())
                    .enumerate()
                    .filter(|(_, (before, after))| before != after)
                    .map(|(i, _)| Pos::new((i % width) as i32, (i / width) as i32));
                marked.extend(edited);
            }
            marked
        });
        self.view.resize(board.width(), board.height());
        self.terrain_colors = board.legend().iter().map(terrain_color).collect();
        self.algorithm = algorithm;
        let (connectivity, heuristic) = (run.problem().connectivity, run.problem().heuristic);
        self.timeline = timeline(run);
        self.series = RunSeries::new(crate::names::run_label(
            self.algorithm,
            connectivity,
            heuristic,
        ));
        self.repair = None;
        match changed {
            Some(cells) => self.changed_since(cells),
            None => self.repaint_when_drawn(),
        }
        self.settle_path();
    }

    pub fn run(&self) -> &GridRun {
        self.timeline.current()
    }

    /// For D* Lite: carries the run over to `board` by repairing its plan, cell by changed
    /// cell, instead of starting again; the timeline begins anew at the repaired plan (the
    /// steps that follow are the repair). False when the run cannot be repaired (another
    /// search, the start, goal or size changed, or the first plan is not finished): it must
    /// restart.
    pub fn repair_to(&mut self, board: &Board) -> bool {
        let old = self.board().clone();
        let same_frame = old.width() == board.width()
            && old.height() == board.height()
            && old.start == board.start
            && old.goal == board.goal
            && old.legend() == board.legend();
        // A repair mends a finished plan; during the first one, the plan is made again on the
        // edited board (and caught up to where it was), so its steps and expansions agree.
        // (A repair not yet stepped through is still a plan being mended.)
        let planned = self.run().ended().is_some() || self.repair.is_some();
        if !self.algorithm.capabilities().repairs || !same_frame || !planned {
            return false;
        }
        // Walls on the start or goal are refused by the plan: such an edit starts again.
        if !(board.is_passable(board.start) && board.is_passable(board.goal)) {
            return false;
        }
        let width = board.width();
        let changed: Vec<(Pos, u8)> = (old.cells().cells().iter())
            .zip(board.cells().cells())
            .enumerate()
            .filter(|(_, (before, after))| before != after)
            .map(|(i, (_, &after))| {
                let pos = Pos::new((i % width) as i32, (i / width) as i32);
                (pos, after)
            })
            .collect();
        if changed.is_empty() {
            return false;
        }
        let mut before = 0;
        self.timeline.rebase(|run| {
            before = run.expansions();
            for &(pos, terrain) in &changed {
                let mended = run.repair_cell(pos, terrain);
                debug_assert!(mended, "D* Lite takes every change of terrain off the ends");
            }
        });
        self.repair = Some(Repair::new(before, self.run().problem().clone()));
        // Only the edited cells and those around them changed: the rest keep their colours.
        self.path = None;
        let around = changed.iter().flat_map(|&(pos, _)| {
            (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| pos.offset(dx, dy)))
        });
        self.recolour(around.collect());
        true
    }

    pub fn board(&self) -> &Arc<Board> {
        self.run().problem().board()
    }

    pub fn position(&self) -> usize {
        self.timeline.position()
    }

    pub fn known(&self) -> usize {
        self.timeline.furthest()
    }

    /// Whether the whole run is known (it has been seen to its end).
    pub fn finished(&self) -> bool {
        self.timeline.end().is_some()
    }

    /// Whether there is nothing more to step at this position.
    pub fn at_end(&self) -> bool {
        self.timeline.at_end()
    }

    /// The path, when the run has found one at this step.
    pub fn path(&self) -> Option<&[Pos]> {
        self.path.as_deref()
    }

    /// What the step shown did (None at step 0, and while a replay is on its way to it).
    pub fn last_event(&self) -> Option<&Step> {
        self.timeline.last_step()
    }

    /// Takes one step; false when the run is over.
    pub fn step(&mut self) -> bool {
        let Some(event) = self.timeline.step() else {
            return false;
        };
        let (position, frontier, visited) = (
            self.position(),
            self.run().frontier_len(),
            self.run().visited_len(),
        );
        self.series.record(position, frontier, visited);
        let changed = self.run().last_changed();
        self.recolour(changed);
        if matches!(event.event, Event::Found { .. }) {
            self.show_path();
        }
        true
    }

    /// Goes to step `target` (clamped to the run's length) at once, replayed from the
    /// nearest checkpoint.
    pub fn seek(&mut self, target: usize) {
        let before = self.marked_cells();
        self.timeline.seek(target);
        self.changed_since(before);
        self.settle_path();
    }

    /// Goes back to the checkpoint before step `target` without replaying (the steps on to
    /// it are taken over frames).
    fn jump_towards(&mut self, target: usize) {
        let before = self.marked_cells();
        self.timeline.jump_towards(target.saturating_sub(1));
        self.changed_since(before);
        self.settle_path();
    }

    /// The cells the run shown marks now.
    fn marked_cells(&self) -> Vec<Pos> {
        let mut cells = Vec::with_capacity(self.run().discovered());
        self.run().for_each_marked(|pos| cells.push(pos));
        cells
    }

    /// After a jump in time or a restart, when `before` are the cells that may differ from
    /// the board's own colours (those the run shown until now marked, and any repainted):
    /// they and the cells the run marks now are to be redrawn, not the whole board, unless
    /// that is most of it anyway.
    fn changed_since(&mut self, before: Vec<Pos>) {
        let mut cells = before;
        cells.extend(self.marked_cells());
        self.recolour(cells);
    }

    /// The path shown: the one found at this step, if any.
    fn settle_path(&mut self) {
        self.path = match self.run().ended() {
            Some(Event::Found { .. }) => self.run().path(),
            _ => None,
        };
    }

    /// Recolours `cells`, whose marks a step, a seek or a repair changed, with the overlays
    /// the board was last drawn with: done as the run steps, so that the frame's stepping
    /// budget counts it (left to the drawing, it let a frame step half as many steps again
    /// and then recolour them, 17 ms on a 3000 x 3000 board). Past a share of the board the
    /// whole board is repainted when next drawn instead.
    fn recolour(&mut self, cells: Vec<Pos>) {
        let Some(overlays) = self.stale.painted_with.filter(|_| !self.stale.all) else {
            return;
        };
        let board = self.board().width() * self.board().height();
        if cells.len() * REDRAW_ALL_FROM > board {
            return self.repaint_when_drawn();
        }
        for pos in cells {
            self.color_cell(pos, overlays);
        }
    }

    /// Has every cell repainted when the board is next drawn.
    pub fn repaint_when_drawn(&mut self) {
        self.stale.all = true;
    }

    /// Brings the view up to date before it is drawn with `overlays`: painted whole when
    /// the overlays changed or a repaint is due (the cells a step changed are coloured as
    /// it is taken).
    pub fn refresh_view(&mut self, overlays: Overlays) {
        if self.stale.all || self.stale.painted_with != Some(overlays) {
            self.repaint(overlays);
        }
    }

    /// Redraws every cell (after a jump in time, or overlays switched).
    fn repaint(&mut self, overlays: Overlays) {
        self.stale = Stale {
            all: false,
            painted_with: Some(overlays),
        };
        let board = self.board().clone();
        let (width, cells) = (board.width(), board.cells().cells());
        let colors: [Color32; 256] = std::array::from_fn(|terrain| {
            (self.terrain_colors.get(terrain).copied()).unwrap_or(Color32::BLACK)
        });
        // The board's own colours first, then the cells the run marks: asking the run about
        // every cell took most of the time of opening a 3000 x 3000 board.
        self.view.paint_rows(|y, xs, out| {
            let row = &cells[y * width..][xs];
            for (color, &terrain) in out.iter_mut().zip(row) {
                *color = colors[terrain as usize];
            }
        });
        for pos in self.marked_cells() {
            self.color_cell(pos, overlays);
        }
    }

    /// The path is drawn as a line over the cells, which keep their marks.
    fn show_path(&mut self) {
        self.path = self.run().path();
    }

    fn color_cell(&mut self, pos: Pos, overlays: Overlays) {
        let run = self.timeline.current();
        let Some(terrain) = run.problem().board().terrain_index(pos) else {
            return;
        };
        let base = self.terrain_colors[terrain as usize];
        let color = marked(base, run.mark(pos), overlays);
        self.view.set_cell(pos, color);
    }
}

impl crate::app::watch::Watched for Session {
    fn standing(&self) -> crate::app::watch::Standing {
        crate::app::watch::Standing::of(&self.timeline)
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
        self.jump_towards(target)
    }

    fn replay_at_once(&self) -> usize {
        self.replay_at_once
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::watch::Player;
    use crate::games::sandbox::{CellMark, presets};
    use crate::search::Algorithm;
    use crate::ui::StepAction;

    fn stepped(steps: usize) -> Session {
        let board = Arc::new(presets::board("rooms-with-doors.board").expect("a preset"));
        let bfs = PathAlgorithm::search(Algorithm::Bfs);
        let (heuristic, moves) = (Heuristic::Manhattan, Connectivity::Four);
        let proven = StoppingRule::Proven;
        let mut session = Session::new("test", board, bfs, heuristic, moves, proven);
        for _ in 0..steps {
            assert!(session.step(), "the board should take {steps} steps");
        }
        session
    }

    fn marks(session: &Session) -> Vec<CellMark> {
        let board = session.board();
        let run = session.run();
        (0..board.height() as i32)
            .flat_map(|y| (0..board.width() as i32).map(move |x| Pos::new(x, y)))
            .map(|pos| run.mark(pos))
            .collect()
    }

    fn colors(session: &Session) -> Vec<Option<Color32>> {
        session
            .board()
            .cells()
            .positions()
            .map(|pos| session.view.cell_color(pos))
            .collect()
    }

    /// After each jump in time and each restart on an edited board, only the cells that
    /// may have changed are redrawn, and a full redraw paints the board's colours and then
    /// the cells the run marks: either way every cell must show what the run says of it,
    /// for searches with nodes only (A*, BFS) and one with a scanned trail (JPS). Stepping
    /// knows nothing of the overlays: the board drawn with others shows what they show.
    #[test]
    fn redrawing_only_the_changed_cells_looks_as_a_full_redraw_does() {
        let overlays = Overlays::default();
        let no_frontier = Overlays {
            frontier: false,
            ..overlays
        };
        for code in ["astar", "jps", "bfs", "dstar-lite", "theta"] {
            let mut board = Board::new(60, 40);
            board.start = Pos::new(2, 2);
            board.goal = Pos::new(57, 37);
            for y in 0..30 {
                board.paint(Pos::new(30, y), 1);
            }
            let board = Arc::new(board);
            let algorithm = PathAlgorithm::parse(code).unwrap();
            let (heuristic, moves) = (Heuristic::Octile, Connectivity::Eight);
            let proven = StoppingRule::Proven;
            let mut session =
                Session::new("test", board.clone(), algorithm, heuristic, moves, proven);
            // What every cell should show, asked of the run cell by cell.
            let full = |session: &mut Session, overlays: Overlays| {
                let run = session.run();
                let board = session.board();
                let expected: Vec<Option<Color32>> = (board.cells().positions())
                    .map(|pos| {
                        let terrain = board.terrain_index(pos)?;
                        let base = session.terrain_colors[terrain as usize];
                        Some(marked(base, run.mark(pos), overlays))
                    })
                    .collect();
                session.refresh_view(overlays);
                assert_eq!(colors(session), expected, "{code}");
                session.repaint_when_drawn();
                session.refresh_view(overlays);
                assert_eq!(colors(session), expected, "{code}, redrawn in full");
            };
            for _ in 0..120 {
                session.step();
            }
            session.seek(40);
            full(&mut session, overlays);
            session.seek(90);
            full(&mut session, overlays);
            session.step();
            full(&mut session, no_frontier);
            session.seek(0);
            full(&mut session, overlays);
            for _ in 0..80 {
                session.step();
            }
            let mut edited = (*board).clone();
            edited.paint(Pos::new(10, 10), 1);
            edited.paint(Pos::new(30, 5), 0);
            session.restart(Arc::new(edited), algorithm, heuristic, moves, proven);
            for _ in 0..50 {
                session.step();
            }
            full(&mut session, overlays);
        }
    }

    #[test]
    fn a_long_step_back_is_replayed_over_frames_and_lands_where_stepping_would() {
        let mut session = [stepped(700)];
        session[0].replay_at_once = 50;
        let mut player = Player::default();

        player.apply(&mut session, StepAction::Seek(650));
        // The nearest checkpoint is 256-aligned, more than 50 steps back: the replay waits.
        assert_eq!(session[0].position(), 512);
        assert_eq!(player.replaying_to(), Some(650));
        // Stepping back again counts from where the replay is headed.
        player.apply(&mut session, StepAction::StepBack);
        assert_eq!(player.replaying_to(), Some(649));
        while player.advance(&mut session, 0.0, FrameBudget::Steps(40)) {}

        let direct = stepped(649);
        let session = &mut session[0];
        assert_eq!(session.position(), 649);
        assert_eq!(marks(session), marks(&direct));
        assert_eq!(session.last_event(), direct.last_event());
        assert_eq!(session.run().frontier_len(), direct.run().frontier_len());

        // A short step back is done at once.
        player.apply(std::slice::from_mut(session), StepAction::Seek(540));
        assert_eq!((session.position(), player.replaying_to()), (540, None));
    }
}
