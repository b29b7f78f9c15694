//! Watch mode, a folder of its own whose fields Play does not reach (`controls`: the
//! searches' panel; `view`: the searches drawn; `teach`: their narration and tables).
//! Watching the searches solve the position: started from where the game stands, stepped in
//! lockstep with the search compared, run to the end over frames, stepped back, and
//! predicted (a click on a frontier position answers which one is expanded next).

mod code;
mod controls;
mod heuristics;
mod teach;
mod tree;
mod view;

pub use tree::Middle;

use egui::Ui;

use super::session::PuzzleSession;
use super::tables::Tables;
use super::{Mode, SlidingTab};
use crate::app::notice::Notice;
use crate::app::watch::{Player, keys, standing};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{Holding, Position, PuzzleHeuristic, SlidingProblem};
use crate::tr;
use crate::ui::step_controls::{FrameBudget, StepAction};

/// A finished search kept for the table of effective branching factors and the plot of
/// expansions by depth.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedRun {
    /// The position it solved.
    pub start: crate::games::sliding::Position,
    /// The search and heuristic, named in the current language when shown.
    pub search: (PathAlgorithm, PuzzleHeuristic),
    pub expansions: usize,
    pub moves: Option<usize>,
    pub branching: Option<f64>,
    pub depths: Vec<u64>,
}

/// The searches watched solving the position, and those run to their end on it.
pub(super) struct Watch {
    algorithm: PathAlgorithm,
    heuristic: PuzzleHeuristic,
    /// The second search of compare mode, if one is chosen.
    compare_with: Option<(PathAlgorithm, PuzzleHeuristic)>,
    /// The searches watched: the chosen one, and the one compared with it.
    sessions: Vec<PuzzleSession>,
    /// Searches run to their end on the position watched, newest last (towards the goal:
    /// a new goal starts a new game).
    finished: Vec<FinishedRun>,
    /// Plays the searches watched, in lockstep.
    player: Player,
    /// Watching waits for pattern databases being made.
    watch_when_ready: bool,
    predicting: bool,
    /// The student's own search: the program and its last run.
    code: code::CodeState,
    /// Boards, the search tree or the OPEN and CLOSED tables in the middle.
    middle: Middle,
    /// What the first search holds beside its path, when it is an iterative deepening one.
    holding: Holding,
    tree: tree::TreeState,
    heuristics: heuristics::HeuristicsTable,
}

impl Watch {
    pub fn new(algorithm: PathAlgorithm, heuristic: PuzzleHeuristic, speed: usize) -> Watch {
        Watch {
            algorithm,
            heuristic,
            compare_with: None,
            sessions: vec![],
            finished: vec![],
            player: Player::paused_at(speed),
            watch_when_ready: false,
            predicting: false,
            code: code::CodeState::new(&crate::app::code::CodeSaved::default()),
            middle: Middle::Boards,
            holding: Holding::Table,
            tree: tree::TreeState::default(),
            heuristics: heuristics::HeuristicsTable::default(),
        }
    }

    pub fn sessions(&self) -> &[PuzzleSession] {
        &self.sessions
    }

    pub fn finished(&self) -> &[FinishedRun] {
        &self.finished
    }

    /// The search and heuristic chosen.
    pub fn search(&self) -> (PathAlgorithm, PuzzleHeuristic) {
        (self.algorithm, self.heuristic)
    }

    /// The search compared with the first, if one is chosen.
    pub fn compared(&self) -> Option<(PathAlgorithm, PuzzleHeuristic)> {
        self.compare_with
    }

    /// Chooses the search, and the one compared with it.
    pub fn choose(&mut self, search: (PathAlgorithm, PuzzleHeuristic), compare: Option<Search>) {
        (self.algorithm, self.heuristic) = search;
        self.compare_with = compare;
    }

    pub fn middle(&self) -> Middle {
        self.middle
    }

    /// The tree of `session` as recorded, if it is the one followed and draws one.
    pub fn tree_of(
        &self,
        session: &PuzzleSession,
    ) -> Option<(
        &crate::games::sliding::search_tree::SearchTree,
        PathAlgorithm,
    )> {
        self.tree.recorded(session)
    }

    pub fn set_predicting(&mut self, on: bool) {
        self.predicting = on;
    }

    pub fn playback(&self) -> &crate::ui::Playback {
        &self.player.playback
    }

    pub fn playback_mut(&mut self) -> &mut crate::ui::Playback {
        &mut self.player.playback
    }

    /// Stops playing, and any run to a step (a link's) with it.
    pub fn stop(&mut self) {
        self.player.stop();
    }

    /// Takes the searches to step `step` over frames, once they run (a link's step: the
    /// searches may wait for their tables).
    pub fn run_to(&mut self, step: usize) {
        self.player.run_to(step);
    }

    pub fn pause(&mut self) {
        self.player.playback.playing = false;
    }

    /// Watching waits for pattern databases being made.
    pub fn waits_for_tables(&self) -> bool {
        self.watch_when_ready
    }

    /// The position changed: its searches, watched and finished, go.
    pub fn forget_position(&mut self) {
        self.sessions.clear();
        self.finished.clear();
    }

    /// Names each search watched afresh (the chart and the columns follow a language
    /// switch).
    pub fn rename(&mut self) {
        for session in &mut self.sessions {
            session.series.label =
                session_label(session.algorithm, session.heuristic, session.holding);
        }
    }
}

/// A search and its heuristic.
type Search = (PathAlgorithm, PuzzleHeuristic);

impl SlidingTab {
    /// Starts watching the chosen search, and the one compared with it, solve the position
    /// the game stands at. With pattern databases still being made, it starts once they are.
    pub fn start_watching(&mut self) {
        let (start, goal) = (self.play.game().position(), self.play.game().goal());
        let mut wanted = vec![(self.watch.algorithm, self.watch.heuristic)];
        wanted.extend(self.watch.compare_with);
        let mut sessions = vec![];
        for (i, (algorithm, heuristic)) in wanted.into_iter().enumerate() {
            let problem = match self.problem(start, goal, heuristic) {
                Ok(Some(problem)) => problem,
                Ok(None) => {
                    self.watch.watch_when_ready = true;
                    return;
                }
                Err(why) => {
                    self.notice = Some(Notice::error(why));
                    return;
                }
            };
            if algorithm.is_your_code() {
                match self.watch.code.session_for(problem) {
                    Some(session) => sessions.push(session),
                    None => {
                        // The program runs first (a frame's share at a time); its code
                        // panel is shown meanwhile.
                        self.watch.watch_when_ready = false;
                        self.watch.player.playback.playing = false;
                        self.watch.sessions.clear();
                        self.mode = Mode::Watch;
                        return;
                    }
                }
                continue;
            }
            // The first search alone holds its path only, when asked.
            let holding = match (i, algorithm.deepening()) {
                (0, Some(_)) => self.watch.holding,
                _ => Holding::Table,
            };
            let label = session_label(algorithm, heuristic, holding);
            match PuzzleSession::holding(problem, algorithm, label, holding) {
                Ok(session) => sessions.push(session),
                Err(why) => {
                    self.notice = Some(Notice::error(why));
                    return;
                }
            }
        }
        self.watch.watch_when_ready = false;
        self.watch.player.playback.playing = false;
        // The table compares searches of one position: those of another give way.
        self.watch.finished.retain(|run| run.start == start);
        self.watch.sessions = sessions;
        self.mode = Mode::Watch;
    }

    /// The problem of reaching `goal` from `start` under `heuristic`; None while its pattern
    /// database is being made.
    fn problem(
        &mut self,
        start: Position,
        goal: Position,
        heuristic: PuzzleHeuristic,
    ) -> Result<Option<SlidingProblem>, String> {
        if heuristic != PuzzleHeuristic::PatternDatabase {
            return SlidingProblem::new(start, goal, heuristic).map(Some);
        }
        match self.tables.for_goal(goal) {
            Tables::Ready(tables) => SlidingProblem::with_tables(start, goal, tables).map(Some),
            Tables::Building => Ok(None),
            Tables::Refused(why) => Err(why),
        }
    }

    /// A lesson page's puzzle: its position and goal, its searches watched and stepped to
    /// where the page asks its question (`steps`, replayed at once).
    pub(in crate::app::sliding) fn show_puzzle_scene(
        &mut self,
        scene: &crate::lessons::SlidingScene,
        steps: usize,
    ) {
        self.side = scene.start.side();
        self.goal = scene.goal;
        self.start_game(scene.start, scene.goal_position());
        self.watch.algorithm = scene.algorithm;
        self.watch.heuristic = scene.heuristic;
        self.watch.compare_with = scene.compare;
        self.watch.predicting = false;
        self.watch.middle = scene.view;
        self.watch.holding = scene.holding;
        if let Some(code) = &scene.code {
            // The student writes the search: their program runs on the page's position.
            self.watch.algorithm = PathAlgorithm::your_code();
            self.watch.compare_with = None;
            if self
                .watch
                .code
                .run
                .wants_lesson_skeleton(&code.program, code.check)
            {
                self.set_program(code.program.clone(), Some(0));
            }
            self.start_watching();
            return;
        }
        self.start_watching();
        self.apply(StepAction::Seek(steps));
    }

    /// Stops making the pattern database the search waits for; the search does not start.
    pub fn cancel_tables(&mut self) {
        self.tables.cancel();
        self.watch.watch_when_ready = false;
        self.notice = Some(Notice::info(crate::msg!("sliding-tables-cancelled")));
    }

    /// Back to playing the position.
    pub fn stop_watching(&mut self) {
        self.mode = Mode::Play;
        self.watch.player.stop();
        self.watch.watch_when_ready = false;
    }

    pub(in crate::app::sliding) fn watch_keys(&mut self, ui: &Ui) {
        for action in keys(ui, &mut self.watch.player.playback, false) {
            self.apply(action);
        }
    }

    /// Applies a control action to every search watched: they move in lockstep, each
    /// stopping at its own end.
    pub fn apply(&mut self, action: StepAction) {
        self.watch.player.apply(&mut self.watch.sessions, action);
        self.note_finished();
    }

    /// The step shown: the furthest of the searches watched.
    pub(in crate::app::sliding) fn shown_step(&self) -> usize {
        standing(&self.watch.sessions).0
    }

    /// This frame's share of the searches, within `budget`; true while more frames are
    /// wanted.
    pub(in crate::app::sliding) fn advance_runs(&mut self, dt: f64, budget: FrameBudget) -> bool {
        if self.watch.watch_when_ready && !self.tables.is_building() {
            match self.tables.failed.take() {
                Some(why) => {
                    self.notice = Some(Notice::error(why));
                    self.watch.watch_when_ready = false;
                }
                None => self.start_watching(),
            }
        }
        if self.mode != Mode::Watch {
            return self.watch.watch_when_ready;
        }
        let recording = self.advance_code(budget);
        let busy = recording
            || self
                .watch
                .player
                .advance(&mut self.watch.sessions, dt, budget);
        self.note_finished();
        busy
    }

    /// Keeps each search that has just ended for the table of branching factors and the
    /// plot of expansions by depth (once each).
    fn note_finished(&mut self) {
        for session in &mut self.watch.sessions {
            if !session.finished() || session.reported || !session.at_end() {
                continue;
            }
            session.reported = true;
            self.watch.finished.push(FinishedRun {
                start: session.run().problem().start,
                search: (session.algorithm, session.heuristic),
                expansions: session.run().expansions(),
                moves: session.solution().map(|m| m.len()),
                branching: session.branching_factor(),
                depths: session.depths().counts().to_vec(),
            });
        }
    }

    /// Predict mode's answer: `answer` is the frontier position the student says the first
    /// search expands next. The searches take their step, the answer is judged.
    pub fn predict(&mut self, answer: Position) {
        self.watch.player.stop();
        let Some((first, others)) = self.watch.sessions.split_first_mut() else {
            return;
        };
        if first.judge(answer).is_some() {
            others.iter_mut().for_each(|s| {
                s.step();
            });
        }
        self.note_finished();
    }

    /// Plays the first search's solution on the game's board, move by move.
    pub fn play_found_solution(&mut self) {
        let Some(session) = self.watch.sessions.first() else {
            return;
        };
        if let Some(moves) = session.solution_moves() {
            self.play_solution(session.run().problem().start, &moves);
        }
    }
}

/// A search's name on the chart: the search and its heuristic.
pub(in crate::app::sliding) fn run_label(
    algorithm: PathAlgorithm,
    heuristic: PuzzleHeuristic,
) -> String {
    let name = crate::names::path_algorithm(algorithm);
    if algorithm.descriptor().guarantees.heuristic {
        format!("{name} · {}", heuristic_name(heuristic))
    } else {
        name
    }
}

/// A watched search's name: [`run_label`], and `path only` for an iterative deepening
/// search holding its path alone.
fn session_label(algorithm: PathAlgorithm, heuristic: PuzzleHeuristic, holding: Holding) -> String {
    let label = run_label(algorithm, heuristic);
    match holding {
        Holding::PathOnly => format!("{label} · {}", tr!("sliding-path-only-short")),
        Holding::Table => label,
    }
}

/// A heuristic's name in the current language.
pub(in crate::app::sliding) fn heuristic_name(heuristic: PuzzleHeuristic) -> String {
    heuristic.name()
}
