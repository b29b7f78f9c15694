//! The position, its goal and the search watched, as a link carries them (see
//! [`crate::share`]), and opening a link's puzzle.

use super::{Mode, SlidingTab};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{Goal, Position, PuzzleHeuristic};
use crate::share::View;

/// A search with its heuristic.
type Search = (PathAlgorithm, PuzzleHeuristic);

impl SlidingTab {
    /// What a link to the tab carries: the position played (towards its goal), or, while a
    /// search is watched, the position it solves with the searches and the step shown.
    pub(super) fn shared_puzzle(&self) -> View {
        let watched = self
            .watch
            .sessions()
            .first()
            .filter(|_| self.mode == Mode::Watch);
        let position = watched.map_or(self.play.game().position(), |s| s.run().problem().start);
        View::Puzzle {
            position: position.to_string(),
            goal: self.goal.code(),
            search: watched.map(|s| s.algorithm.code()),
            heuristic: watched
                .map_or(self.watch.search().1, |s| s.heuristic)
                .code()
                .into(),
            compare: watched
                .and(self.watch.compared())
                .map(|(search, heuristic)| (search.code(), heuristic.code().into())),
            step: watched.map_or(0, |_| self.shown_step()),
            program: watched
                .filter(|s| s.algorithm.is_your_code())
                .map(|_| self.code().source.clone()),
        }
    }

    /// Opens a link's position to play, or, with a search, to watch solved up to `step`
    /// (over frames, as "To end" runs; a pattern database is made first when one is asked
    /// for). The game in progress gives way, as a typed position's does.
    pub fn open_shared(
        &mut self,
        start: Position,
        goal: Goal,
        search: Option<Search>,
        compare: Option<Search>,
        step: usize,
        program: Option<String>,
    ) {
        self.play.forget_goal_question();
        self.watch.set_predicting(false);
        self.watch.stop();
        self.side = start.side();
        self.goal = goal;
        self.start_game(start, goal.position(self.side));
        let Some((algorithm, heuristic)) = search else {
            return;
        };
        self.watch.choose((algorithm, heuristic), compare);
        if algorithm.is_your_code() {
            // The program runs first; the step is shown once it is recorded.
            let program = program.unwrap_or_else(|| self.code().source.clone());
            self.set_program(program, Some(step));
            self.start_watching();
            return;
        }
        self.start_watching();
        if step > 0 && (self.mode == Mode::Watch || self.watch.waits_for_tables()) {
            self.watch.run_to(step);
        }
    }
}
