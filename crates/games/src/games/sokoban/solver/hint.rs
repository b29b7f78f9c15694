//! A hint for the player: the portfolio of `--algo auto` (see [`super::portfolio`]) run from
//! the position on the board, then the first push of the solution it finds — or the news
//! that no solution is left from here. A* has the first part of the time alone, for a hint
//! proven shortest; then greedy, the pulling searches and their meetings join, so a hard
//! position still gets a hint, said to be from a solution not proven shortest. Unlike the
//! command line, a hint does not wait for A* once another search has a solution: the player
//! is waiting.

use std::time::Duration;

use web_time::Instant;

use super::portfolio::{Pace, Portfolio, PortfolioSearch};
use super::push::{Detail, Pruning};
use super::solve::SolveOutcome;
use crate::games::sokoban::game::{Game, Step};
use crate::games::sokoban::level::Level;
use crate::grid::{Dir, Pos};
use crate::search::{Budget, Limit};

/// The first push of a solution from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The box to push, where it stands now.
    pub box_at: Pos,
    pub dir: Dir,
    /// Pushes the solution still needs from here, this one included.
    pub pushes_left: usize,
    /// The solution is proven to have the fewest pushes (A* found it).
    pub proven_shortest: bool,
    /// The search that found the solution.
    pub found_by: PortfolioSearch,
}

/// How a hint search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum HintOutcome {
    Push(Hint),
    /// Every position reachable from here was searched: the level cannot be solved any more.
    NoSolution,
    GaveUp(Limit),
}

/// The states a hint in the app may store before it gives up, a quarter for each of the
/// portfolio's searches. Measured (release, this 2-core machine): at 1,000,000 a hint gave up
/// on Microban 153 and Grigr2001 15, 40 and 100, which the portfolio solves in 10 s; at
/// 4,000,000 it answers on all four, using at most 332 MB (Grigr2001 15).
pub const HINT_STATES: usize = 4_000_000;
/// The time a hint in the app may take: the command line's and the Solve view's 10 s, so a
/// hint answers on the levels the benchmark's `auto` solves.
pub const HINT_TIME: Duration = Duration::from_secs(10);
/// The hint the app asks for first.
pub const HINT_PACE: Pace = Pace::Time(HINT_TIME);

/// A hint being worked out for one position.
pub struct HintSearch {
    position: Level,
    portfolio: Portfolio,
    outcome: Option<HintOutcome>,
}

impl HintSearch {
    /// A search from `position` (a level that passes [`Level::check`]) at `pace` (its time
    /// or its expansions), giving up after storing `max_states` states.
    pub fn new(position: Level, max_states: usize, pace: Pace) -> HintSearch {
        let budget = Budget::UNLIMITED.states(max_states).bytes(2 << 30);
        let portfolio = Portfolio::new(&position, Detail::Pushes, pace, budget, Pruning::ALL)
            .ending_at_first_solution();
        HintSearch {
            position,
            portfolio,
            outcome: None,
        }
    }

    /// The position the hint is for.
    pub fn position(&self) -> &Level {
        &self.position
    }

    /// States expanded so far, by all the searches.
    pub fn expanded(&self) -> usize {
        self.portfolio.expanded()
    }

    pub fn outcome(&self) -> Option<&HintOutcome> {
        self.outcome.as_ref()
    }

    /// Searches until `until` or the end; false once the search has ended.
    pub fn advance(&mut self, until: Instant) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let Some(report) = self.portfolio.advance(until).cloned() else {
            return true;
        };
        self.outcome = Some(match report.report.outcome {
            SolveOutcome::Solved { lurd, .. } => {
                first_push(&self.position, &lurd).map_or(HintOutcome::NoSolution, |hint| {
                    HintOutcome::Push(Hint {
                        proven_shortest: report.proven_optimal,
                        found_by: report.found_by.unwrap_or(PortfolioSearch::AStar),
                        ..hint
                    })
                })
            }
            SolveOutcome::NoSolution => HintOutcome::NoSolution,
            SolveOutcome::GaveUp(limit) => HintOutcome::GaveUp(limit),
            // A solution that did not replay is a bug; the player is told no hint came.
            SolveOutcome::BadSolution(_) => HintOutcome::GaveUp(Limit::Time),
        });
        false
    }

    /// Runs the search to its end.
    pub fn finish(mut self) -> HintOutcome {
        while self.advance(Instant::now() + Duration::from_millis(50)) {}
        self.outcome.expect("a finished search has an outcome")
    }
}

/// The first push of `lurd` played from `position`, with the pushes the whole of it makes.
fn first_push(position: &Level, lurd: &str) -> Option<Hint> {
    let mut game = Game::new(position.clone());
    let pushes_left = lurd.chars().filter(|c| c.is_ascii_uppercase()).count();
    for letter in lurd.chars() {
        let step = Step::from_letter(letter)?;
        if step.pushed {
            return Some(Hint {
                box_at: game.player().step(step.dir),
                dir: step.dir,
                pushes_left,
                proven_shortest: false,
                found_by: PortfolioSearch::AStar,
            });
        }
        game.step(step.dir)?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_level;

    /// Far more than these small levels need, so A* settles them in its share alone.
    const PACE: Pace = Pace::Expansions(100_000);

    #[test]
    fn the_hint_is_the_first_push_of_a_shortest_solution_and_a_lost_position_says_so() {
        // Two boxes, two goals: the left box must go left first (pushing the right one
        // first would only cost more pushes).
        let level = parse_level("#########\n#.$ @ $.#\n#########\n").unwrap();
        let outcome = HintSearch::new(level.clone(), 10_000, PACE).finish();
        let HintOutcome::Push(hint) = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(hint.pushes_left, 2);
        assert!(hint.proven_shortest, "A* finds it in its share alone");
        assert_eq!(hint.found_by, PortfolioSearch::AStar);
        assert!(
            [(Pos::new(2, 1), Dir::Left), (Pos::new(6, 1), Dir::Right)]
                .contains(&(hint.box_at, hint.dir)),
            "{hint:?}"
        );

        // Following the hint leaves a position one push closer.
        let mut game = Game::new(level);
        let behind = hint.box_at.step(hint.dir.opposite());
        game.walk_to(behind)
            .expect("the player can get behind the box");
        game.step(hint.dir).expect("the push is possible");
        let HintOutcome::Push(next) = HintSearch::new(game.position(), 10_000, PACE).finish()
        else {
            panic!("still solvable")
        };
        assert_eq!(next.pushes_left, 1);

        // A box pushed into a corner loses the level.
        let lost = parse_level("######\n#$ @.#\n# $ .#\n######\n").unwrap();
        assert_eq!(
            HintSearch::new(lost, 10_000, PACE).finish(),
            HintOutcome::NoSolution
        );
    }
}
