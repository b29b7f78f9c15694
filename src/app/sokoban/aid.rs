//! Help while playing: boxes that can no longer reach a goal are marked the moment they are
//! lost, and a hint (the first push of a solution from here, the shortest when A* proves it)
//! is worked out on a thread of its own, so the board keeps answering while the solver
//! thinks. A hint that gave up can be asked for again, with more time.

use egui::Ui;

use super::hint_worker::{HintWorker, pace_parts};
use crate::games::sokoban::names as sokoban_names;
use crate::games::sokoban::solver::analysis::Analysis;
use crate::games::sokoban::solver::portfolio::Pace;
use crate::games::sokoban::solver::{HINT_PACE, HINT_STATES, HintOutcome, stuck_boxes};
use crate::games::sokoban::{Game, Level};
use crate::grid::{Dir, Pos};
use crate::names;
use crate::tr;

pub struct PlayAid {
    /// The hint being worked out or shown, with the level and the moves (LURD) it was
    /// asked after: once the game is anywhere else, it is stale.
    hint: Option<(HintWorker, (Level, String))>,
    /// The states and pace a first hint for a position gets (and the editor's Solvable?).
    pub first: (usize, Pace),
    /// The static facts of the level being played, for telling lost boxes.
    analysis: Option<(Level, Analysis)>,
}

impl Default for PlayAid {
    fn default() -> Self {
        PlayAid {
            hint: None,
            first: (HINT_STATES, HINT_PACE),
            analysis: None,
        }
    }
}

impl PlayAid {
    /// Starts working out a hint for the position of `game` (nothing to do once it is won).
    /// Asked again for the same position, a hint that gave up starts again with more time
    /// (see [`HintWorker::ask`]); any other is left as it is.
    pub fn request_hint(&mut self, game: &Game) {
        let position = game.position();
        if game.is_won() || position.check().is_err() {
            self.hint = None;
            return;
        }
        let after = (game.level().clone(), game.lurd());
        let previous = (self.hint.as_ref())
            .filter(|(_, asked_after)| *asked_after == after)
            .map(|(worker, _)| worker);
        if let Some(worker) = HintWorker::ask(previous, position, self.first) {
            self.hint = Some((worker, after));
        }
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
            .is_some_and(|(search, _)| search.outcome().is_none())
    }

    pub fn outcome(&self) -> Option<&HintOutcome> {
        self.hint.as_ref().and_then(|(search, _)| search.outcome())
    }

    /// What the hint being worked out or shown was given.
    pub fn hint_pace(&self) -> Option<Pace> {
        self.hint.as_ref().map(|(search, _)| search.pace())
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
            None => {
                let (unit, spent, limit) = search.progress().parts();
                tr!(
                    "hint-thinking",
                    positions = search.expanded(),
                    unit = unit,
                    spent = spent,
                    limit = limit
                )
            }
            Some(HintOutcome::Push(hint)) if hint.proven_shortest => tr!(
                "hint-push",
                dir = names::direction(hint.dir),
                pushes = hint.pushes_left
            ),
            Some(HintOutcome::Push(hint)) => tr!(
                "hint-push-not-proven",
                dir = names::direction(hint.dir),
                pushes = hint.pushes_left,
                search = sokoban_names::portfolio_search(hint.found_by)
            ),
            Some(HintOutcome::NoSolution) => tr!("hint-no-solution"),
            Some(HintOutcome::GaveUp(limit)) if let Some(longer) = search.longer() => tr!(
                "hint-gave-up-ask-again",
                why = names::limit(*limit),
                unit = pace_parts(longer).0,
                more = pace_parts(longer).1
            ),
            Some(HintOutcome::GaveUp(limit)) => tr!("hint-gave-up", why = names::limit(*limit)),
        })
    }

    pub fn show_status(&self, ui: &mut Ui) {
        if let Some(status) = self.status() {
            ui.label(status);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::parse_collection;

    /// Drives the hint until it has an outcome (up to a minute).
    fn wait(aid: &mut PlayAid, game: &Game) {
        for _ in 0..6000 {
            aid.update_in_frame(Some(game));
            if !aid.is_thinking() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the hint never came");
    }

    #[test]
    fn a_hint_asked_again_after_giving_up_gets_twice_the_time_up_to_eight_times() {
        // Grigr2001 1: no search of the portfolio solves it within a few dozen states, so
        // each search gives up at the states limit, whatever the machine.
        let grigr = include_str!("../../../tests/data/sokoban/grigr2001.xsb");
        let level = parse_collection(grigr).unwrap()[0].level.clone().unwrap();
        let mut game = Game::new(level);
        let thirty = Pace::Time(std::time::Duration::from_secs(30));
        let mut aid = PlayAid {
            first: (8, thirty),
            ..PlayAid::default()
        };
        for scale in [1, 2, 4, 8] {
            aid.request_hint(&game);
            assert_eq!(aid.hint_pace(), Some(thirty.times(scale)));
            wait(&mut aid, &game);
            assert!(matches!(aid.outcome(), Some(HintOutcome::GaveUp(_))));
            let offer = format!("Ask again (H) to give it {} s.", 60 * scale);
            assert_eq!(
                aid.status().unwrap().contains(&offer),
                scale < 8,
                "at {scale} times: {:?}",
                aid.status()
            );
        }
        // At eight times, asking again leaves the answer as it is.
        aid.request_hint(&game);
        assert!(!aid.is_thinking());
        assert_eq!(aid.hint_pace(), Some(thirty.times(8)));
        // A move later, a hint starts again from the first time.
        game.step(Dir::Down).expect("the player can step down");
        aid.update_in_frame(Some(&game));
        aid.request_hint(&game);
        assert_eq!(aid.hint_pace(), Some(thirty));

        // While it thinks it says how far it has got of what it was given: seconds, or
        // positions when paced by expansions.
        for (pace, ending) in [
            (thirty, " of 30 s"),
            (Pace::Expansions(123_456), " of 123456 positions looked at"),
        ] {
            let mut aid = PlayAid {
                first: (HINT_STATES, pace),
                ..PlayAid::default()
            };
            aid.request_hint(&game);
            let status = aid.status().unwrap();
            assert!(
                status.starts_with("Thinking… ") && status.ends_with(ending),
                "{status}"
            );
        }

        // Paced by expansions, the offer is worded in positions.
        let mut aid = PlayAid {
            first: (8, Pace::Expansions(1_000)),
            ..PlayAid::default()
        };
        aid.request_hint(&game);
        wait(&mut aid, &game);
        let status = aid.status().unwrap();
        assert!(
            status.contains("Ask again (H) to give it 2000 positions."),
            "{status}"
        );
    }
}
