//! Help while playing: boxes that can no longer reach a goal are marked the moment they are
//! lost, and a hint (the first push of a shortest solution from here) is worked out on a
//! thread of its own, so the board keeps answering while the solver thinks.

use egui::Ui;

use super::hint_worker::HintWorker;
use crate::app::names;
use crate::games::sokoban::solver::analysis::Analysis;
use crate::games::sokoban::solver::{HINT_STATES, HINT_TIME, HintOutcome, stuck_boxes};
use crate::games::sokoban::{Game, Level};
use crate::grid::{Dir, Pos};
use crate::tr;

#[derive(Default)]
pub struct PlayAid {
    /// The hint being worked out or shown, with the level and the moves (LURD) it was
    /// asked after: once the game is anywhere else, it is stale.
    hint: Option<(HintWorker, (Level, String))>,
    /// The static facts of the level being played, for telling lost boxes.
    analysis: Option<(Level, Analysis)>,
}

impl PlayAid {
    /// Starts working out a hint for the position of `game` (nothing to do once it is won).
    pub fn request_hint(&mut self, game: &Game) {
        let position = game.position();
        if game.is_won() || position.check().is_err() {
            self.hint = None;
            return;
        }
        let asked_after = (game.level().clone(), game.lurd());
        self.hint = Some((
            HintWorker::start(position, HINT_STATES, HINT_TIME),
            asked_after,
        ));
    }

    /// Forgets a hint the game has moved on from (which stops its search), and takes in the
    /// current one's outcome once it has one.
    pub fn update_in_frame(&mut self, game: Option<&Game>) {
        if let Some((search, (level, lurd))) = &mut self.hint {
            if game.is_none_or(|g| g.level() != level || g.lurd() != *lurd) {
                self.hint = None;
            } else {
                search.poll();
            }
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.hint
            .as_ref()
            .is_some_and(|(s, _)| s.outcome().is_none())
    }

    pub fn outcome(&self) -> Option<&HintOutcome> {
        self.hint.as_ref().and_then(|(s, _)| s.outcome())
    }

    /// The box to push and which way, when a hint is ready.
    pub fn hinted_push(&self) -> Option<(Pos, Dir)> {
        match self.outcome()? {
            HintOutcome::Push(hint) => Some((hint.box_at, hint.dir)),
            _ => None,
        }
    }

    /// The boxes of `game` that can never reach a goal.
    pub fn stuck(&mut self, game: &Game) -> Vec<Pos> {
        let level = game.level();
        if self.analysis.as_ref().is_none_or(|(l, _)| l != level) {
            if level.check().is_err() {
                return vec![];
            }
            self.analysis = Some((level.clone(), Analysis::new(level)));
        }
        let Some((_, analysis)) = &self.analysis else {
            return vec![];
        };
        let boxes: Vec<Pos> = game.boxes().collect();
        stuck_boxes(analysis, &boxes)
    }

    /// What the hint says, in words.
    pub fn status(&self) -> Option<String> {
        let (search, _) = self.hint.as_ref()?;
        Some(match search.outcome() {
            None => tr!("hint-thinking", positions = search.expanded()),
            Some(HintOutcome::Push(hint)) if hint.proven_shortest => tr!(
                "hint-push",
                dir = names::direction(hint.dir),
                pushes = hint.pushes_left
            ),
            Some(HintOutcome::Push(hint)) => tr!(
                "hint-push-not-proven",
                dir = names::direction(hint.dir),
                pushes = hint.pushes_left,
                search = names::portfolio_search(hint.found_by)
            ),
            Some(HintOutcome::NoSolution) => tr!("hint-no-solution"),
            Some(HintOutcome::GaveUp(limit)) => tr!("hint-gave-up", why = names::limit(*limit)),
        })
    }

    pub fn show_status(&self, ui: &mut Ui) {
        if let Some(status) = self.status() {
            ui.label(status);
        }
    }
}
