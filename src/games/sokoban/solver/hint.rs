//! A hint for the player: A* over pushes from the position on the board, run a slice at a
//! time (so the game keeps answering while it thinks), then the first push of the solution
//! it finds — or the news that no solution is left from here. Like the portfolio of
//! `--algo auto`, A* has the first quarter of the states alone, then A* and greedy take
//! turns: a hard position still gets a hint, said to be from a solution not proven shortest.

use super::SokobanAlgorithm;
use super::push::Detail;
use super::solve::SokobanRun;
use crate::games::sokoban::game::{Game, Step};
use crate::games::sokoban::level::Level;
use crate::grid::{Dir, Pos};
use crate::search::{Budget, Event, Limit};

/// The first push of a solution with the fewest pushes from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The box to push, where it stands now.
    pub box_at: Pos,
    pub dir: Dir,
    /// Pushes a solution still needs from here, this one included.
    pub pushes_left: usize,
    /// The solution is proven to have the fewest pushes (A* found it).
    pub proven_shortest: bool,
}

/// How a hint search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum HintOutcome {
    Push(Hint),
    /// Every position reachable from here was searched: the level cannot be solved any more.
    NoSolution,
    GaveUp(Limit),
}

/// A hint being worked out for one position.
pub struct HintSearch {
    position: Level,
    run: SokobanRun,
    /// Greedy, once A* has had its share alone.
    greedy: Option<SokobanRun>,
    /// The expansions A* makes alone, and the budget greedy gets.
    alone: usize,
    greedy_budget: Budget,
    /// How each search ended, once it has (A*, greedy).
    ended: (Option<Limit>, Option<Limit>),
    /// Whose turn it is once they take turns.
    greedy_turn: bool,
    outcome: Option<HintOutcome>,
}

impl HintSearch {
    /// A search from `position` (a level that passes [`Level::check`]), giving up after
    /// storing `max_states` states.
    pub fn new(position: Level, max_states: usize) -> HintSearch {
        // Each search may store half the states (and half the memory).
        let budget = Budget::UNLIMITED
            .states((max_states / 2).max(1))
            .bytes(1 << 29);
        HintSearch {
            run: SokobanRun::new(&position, SokobanAlgorithm::AStar, Detail::Pushes, budget),
            greedy: None,
            alone: max_states / 4,
            greedy_budget: budget,
            ended: (None, None),
            greedy_turn: false,
            position,
            outcome: None,
        }
    }

    /// The position the hint is for.
    pub fn position(&self) -> &Level {
        &self.position
    }

    /// States expanded so far, by both searches.
    pub fn expanded(&self) -> usize {
        self.run.expansions() + self.greedy.as_ref().map_or(0, SokobanRun::expansions)
    }

    pub fn outcome(&self) -> Option<&HintOutcome> {
        self.outcome.as_ref()
    }

    /// Expands one more state; false once the search has ended.
    pub fn step(&mut self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let astar_share_over = self.run.expansions() >= self.alone || self.ended.0.is_some();
        if self.greedy.is_none() && astar_share_over {
            // Greedy learns into, and prunes with, A*'s deadlock table.
            let greedy = SokobanRun::of(
                self.run.sokoban().sibling(),
                SokobanAlgorithm::Greedy,
                Detail::Pushes,
                self.greedy_budget,
            );
            self.greedy = Some(greedy);
        }
        // Greedy steps on its turns, or whenever A* has ended; A* otherwise.
        let greedy_steps = self.greedy.is_some()
            && self.ended.1.is_none()
            && (self.greedy_turn || self.ended.0.is_some());
        self.greedy_turn = !self.greedy_turn;
        let (run, ended) = match (&mut self.greedy, greedy_steps) {
            (Some(greedy), true) => (greedy, &mut self.ended.1),
            _ => (&mut self.run, &mut self.ended.0),
        };
        match run.next() {
            Some(Event::Found { .. }) => {
                let first = run
                    .solution(&self.position)
                    .and_then(|lurd| first_push(&self.position, &lurd));
                let proven_shortest = !greedy_steps;
                self.outcome = Some(first.map_or(HintOutcome::NoSolution, |hint| {
                    HintOutcome::Push(Hint {
                        proven_shortest,
                        ..hint
                    })
                }));
            }
            Some(Event::GaveUp(limit)) => *ended = Some(limit),
            // Either search going through every position proves there is no solution.
            Some(Event::Exhausted) => self.outcome = Some(HintOutcome::NoSolution),
            // A search that has ended says nothing more (it is not stepped again).
            Some(_) | None => {}
        }
        if let (Some(limit), Some(_)) = self.ended {
            self.outcome = Some(HintOutcome::GaveUp(limit));
        }
        self.outcome.is_none()
    }

    /// Runs the search to its end.
    pub fn finish(mut self) -> HintOutcome {
        while self.step() {}
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
                proven_shortest: true,
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

    #[test]
    fn the_hint_is_the_first_push_of_a_shortest_solution_and_a_lost_position_says_so() {
        // Two boxes, two goals: the left box must go left first (pushing the right one
        // first would only cost more pushes).
        let level = parse_level("#########\n#.$ @ $.#\n#########\n").unwrap();
        let outcome = HintSearch::new(level.clone(), 10_000).finish();
        let HintOutcome::Push(hint) = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(hint.pushes_left, 2);
        assert!(hint.proven_shortest, "A* finds it within its share");
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
        let HintOutcome::Push(next) = HintSearch::new(game.position(), 10_000).finish() else {
            panic!("still solvable")
        };
        assert_eq!(next.pushes_left, 1);

        // A box pushed into a corner loses the level.
        let lost = parse_level("######\n#$ @.#\n# $ .#\n######\n").unwrap();
        assert_eq!(
            HintSearch::new(lost, 10_000).finish(),
            HintOutcome::NoSolution
        );
    }
}
