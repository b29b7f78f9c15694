//! A hint for the player: A* over pushes from the position on the board, run a slice at a
//! time (so the game keeps answering while it thinks), then the first push of the solution
//! it finds — or the news that no solution is left from here. Like the portfolio of
//! `--algo auto`, A* has the first quarter of the states alone, then A*, greedy and greedy
//! pulling from the goals take turns: a hard position still gets a hint, said to be from a
//! solution not proven shortest.

use super::SokobanAlgorithm;
use super::portfolio::PortfolioSearch;
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

/// The states a hint in the app may store before it gives up, a quarter for each of its
/// searches. Measured (release, this 2-core machine): at 1,000,000 the hint gave up on
/// Microban 153 and Grigr2001 15, 40 and 100, which the portfolio solves in 10 s; at
/// 4,000,000 it answers on all four, in 5 to 14 s, using at most 332 MB (Grigr2001 15).
pub const HINT_STATES: usize = 4_000_000;

/// A hint being worked out for one position.
pub struct HintSearch {
    position: Level,
    /// A* first; greedy and the two greedy pulling searches from the goals once A* has had
    /// its share alone.
    runs: Vec<(PortfolioSearch, SokobanRun)>,
    /// How each search ended, once it has.
    ended: Vec<Option<Limit>>,
    /// The expansions A* makes alone, and the budget each search gets.
    alone: usize,
    budget: Budget,
    /// The search that steps next, once they take turns.
    turn: usize,
    outcome: Option<HintOutcome>,
}

impl HintSearch {
    /// A search from `position` (a level that passes [`Level::check`]), giving up after
    /// storing `max_states` states.
    pub fn new(position: Level, max_states: usize) -> HintSearch {
        // Each of the four searches may store a quarter of the states (and of the memory).
        let budget = Budget::UNLIMITED
            .states((max_states / 4).max(1))
            .bytes(1 << 29);
        HintSearch {
            runs: vec![(
                PortfolioSearch::AStar,
                SokobanRun::new(&position, SokobanAlgorithm::AStar, Detail::Pushes, budget),
            )],
            ended: vec![None],
            alone: max_states / 4,
            budget,
            turn: 0,
            position,
            outcome: None,
        }
    }

    /// The position the hint is for.
    pub fn position(&self) -> &Level {
        &self.position
    }

    /// States expanded so far, by all the searches.
    pub fn expanded(&self) -> usize {
        self.runs.iter().map(|(_, run)| run.expansions()).sum()
    }

    pub fn outcome(&self) -> Option<&HintOutcome> {
        self.outcome.as_ref()
    }

    /// Expands one more state; false once the search has ended.
    pub fn step(&mut self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let astar_share_over = self.runs[0].1.expansions() >= self.alone || self.ended[0].is_some();
        if self.runs.len() == 1 && astar_share_over {
            self.join_greedy();
        }
        // The searches that have not ended step in turn (A* alone until the others join).
        let count = self.runs.len();
        let Some(i) = (0..count)
            .map(|k| (self.turn + k) % count)
            .find(|&i| self.ended[i].is_none())
        else {
            self.outcome = Some(HintOutcome::GaveUp(self.ended[0].unwrap_or(Limit::Time)));
            return false;
        };
        self.turn = i + 1;
        let (search, run) = &mut self.runs[i];
        match run.next() {
            Some(Event::Found { .. }) => {
                let first = run
                    .solution(&self.position)
                    .and_then(|lurd| first_push(&self.position, &lurd));
                let found_by = *search;
                self.outcome = Some(first.map_or(HintOutcome::NoSolution, |hint| {
                    HintOutcome::Push(Hint {
                        proven_shortest: found_by == PortfolioSearch::AStar,
                        found_by,
                        ..hint
                    })
                }));
            }
            Some(Event::GaveUp(limit)) => self.ended[i] = Some(limit),
            // Any search going through every position proves there is no solution.
            Some(Event::Exhausted) => self.outcome = Some(HintOutcome::NoSolution),
            // A search that has ended says nothing more (it is not stepped again).
            Some(_) | None => {}
        }
        if count > 1 && self.ended.iter().all(Option::is_some) {
            self.outcome = Some(HintOutcome::GaveUp(self.ended[0].unwrap_or(Limit::Time)));
        }
        self.outcome.is_none()
    }

    /// Greedy, which learns into and prunes with A*'s deadlock table, and greedy pulling the
    /// boxes back from the goals to where they stand now.
    fn join_greedy(&mut self) {
        let astar = self.runs[0].1.sokoban();
        let greedy = SokobanRun::of(
            astar.sibling(),
            SokobanAlgorithm::Greedy,
            Detail::Pushes,
            self.budget,
        );
        let pulling = (astar.pruning.pulling)
            .then(|| SokobanRun::pulling(astar.sibling(), SokobanAlgorithm::Greedy, self.budget))
            .flatten();
        let novel = (astar.pruning.pulling && astar.pruning.novelty)
            .then(|| SokobanRun::pulling_novel_first(astar.sibling(), self.budget))
            .flatten();
        self.runs.push((PortfolioSearch::Greedy, greedy));
        self.runs
            .extend(pulling.map(|run| (PortfolioSearch::GreedyPulling, run)));
        self.runs
            .extend(novel.map(|run| (PortfolioSearch::NovelPulling, run)));
        self.ended.resize(self.runs.len(), None);
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
