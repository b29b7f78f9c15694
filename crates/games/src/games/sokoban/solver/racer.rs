//! A search of the portfolio, whichever kind it is: one of the engine's (pushing forwards or
//! pulling from the goals) or the feature-space search, which keeps its own tree.

use super::fess::Fess;
use super::lurd::push_path_to_lurd;
use super::push::{Position, Prunes, Sokoban};
use super::solve::SokobanRun;
use crate::games::sokoban::level::Level;
use crate::search::Event;

pub enum Racer {
    Engine(SokobanRun),
    Fess(Box<Fess>),
}

impl Racer {
    pub fn step(&mut self) -> Option<Event> {
        match self {
            Racer::Engine(run) => run.next(),
            Racer::Fess(fess) => fess.next(),
        }
    }

    pub fn expansions(&self) -> usize {
        match self {
            Racer::Engine(run) => run.expansions(),
            Racer::Fess(fess) => fess.expansions(),
        }
    }

    pub fn stored(&self) -> usize {
        match self {
            Racer::Engine(run) => run.stored(),
            Racer::Fess(fess) => fess.stored(),
        }
    }

    /// Whether it searches backwards from the goals.
    pub fn pulls(&self) -> bool {
        matches!(self, Racer::Engine(run) if run.pulls())
    }

    pub fn sokoban(&self) -> &Sokoban {
        match self {
            Racer::Engine(run) => run.sokoban(),
            Racer::Fess(fess) => fess.sokoban(),
        }
    }

    pub fn prunes(&self) -> Prunes {
        match self {
            Racer::Engine(run) => run.prunes(),
            Racer::Fess(fess) => fess.prunes(),
        }
    }

    pub fn knows(&self, position: &Position) -> bool {
        match self {
            Racer::Engine(run) => run.knows(position),
            Racer::Fess(fess) => fess.knows(position),
        }
    }

    pub fn route_to(&self, position: &Position) -> Option<Vec<Position>> {
        match self {
            Racer::Engine(run) => run.route_to(position),
            Racer::Fess(fess) => fess.route_to(position),
        }
    }

    pub fn last_changed(&self, visit: impl FnMut(&Position)) {
        match self {
            Racer::Engine(run) => run.last_changed(visit),
            Racer::Fess(fess) => fess.last_changed(visit),
        }
    }

    /// The solution it found, in LURD.
    pub fn solution(&self, level: &Level) -> Option<String> {
        match self {
            Racer::Engine(run) => run.solution(level),
            Racer::Fess(fess) => Some(push_path_to_lurd(
                level,
                &fess.sokoban().analysis,
                &fess.path()?,
            )),
        }
    }

    /// Whether its end proves the level has no solution: a search through the whole pruned
    /// space does; the feature-space search's macros leave some positions out, so its does
    /// not.
    pub fn exhausts(&self) -> bool {
        matches!(self, Racer::Engine(_))
    }

    /// The feature-space search, if this is it.
    pub fn fess(&self) -> Option<&Fess> {
        match self {
            Racer::Fess(fess) => Some(fess),
            Racer::Engine(_) => None,
        }
    }

    /// The engine's run, for A*'s proven bound.
    pub fn engine(&self) -> Option<&SokobanRun> {
        match self {
            Racer::Engine(run) => Some(run),
            Racer::Fess(_) => None,
        }
    }
}
