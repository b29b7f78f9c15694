//! A problem made of closures, for a one-off search that reads like the `pathfinding`
//! crate's functions: a start, the successors of a state, and the goal test.

use std::hash::Hash;

use super::{Algorithm, Cost, Problem, Search};

/// A [`Problem`] given by closures; see [`Search::from_fn`].
#[derive(Clone)]
pub struct FnProblem<S, N, G, H> {
    start: S,
    successors: N,
    is_goal: G,
    heuristic: H,
}

/// The heuristic of a problem made without one: zero everywhere.
pub type NoHeuristic<S> = fn(&S) -> Cost;

fn zero<S>(_: &S) -> Cost {
    0.0
}

impl<S, N, G, H, I> Problem for FnProblem<S, N, G, H>
where
    S: Clone + Eq + Hash,
    N: Fn(&S) -> I,
    I: IntoIterator<Item = (S, Cost)>,
    G: Fn(&S) -> bool,
    H: Fn(&S) -> Cost,
{
    type State = S;

    fn start(&self) -> S {
        self.start.clone()
    }

    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }

    fn successors(&self, state: &S, out: &mut Vec<(S, Cost)>) {
        out.extend((self.successors)(state));
    }

    fn heuristic(&self, state: &S) -> Cost {
        (self.heuristic)(state)
    }
}

impl<S: Clone, N: Clone, G: Clone, H: Clone> FnProblem<S, N, G, H> {
    /// The same problem from another start.
    pub fn with_start(&self, start: S) -> Self {
        FnProblem {
            start,
            ..self.clone()
        }
    }
}

impl<S, N, G, I> Search<FnProblem<S, N, G, NoHeuristic<S>>>
where
    S: Clone + Eq + Hash,
    N: Fn(&S) -> I,
    I: IntoIterator<Item = (S, Cost)>,
    G: Fn(&S) -> bool,
{
    /// A search from `start` where `successors` lists each state's neighbours with the
    /// cost of the move there, until a state passes `is_goal`: Dijkstra's uniform-cost
    /// search, unless [`Search::with_heuristic`] or [`Search::with_algorithm`] say otherwise.
    ///
    /// ```
    /// use frontier_engine::search::{Outcome, Search};
    ///
    /// // The cheapest way from 1 to 20 by "+1" (cost 1) and "×2" (cost 3).
    /// let result = Search::from_fn(1, |&n: &u32| [(n + 1, 1.0), (n * 2, 3.0)], |&n| n == 20).run();
    /// let Outcome::Found { path, cost } = result.outcome else { panic!() };
    /// assert_eq!(path, [1, 2, 3, 4, 5, 10, 20]);
    /// assert_eq!(cost, 10.0);
    /// ```
    pub fn from_fn(start: S, successors: N, is_goal: G) -> Self {
        Search::new(
            FnProblem {
                start,
                successors,
                is_goal,
                heuristic: zero::<S>,
            },
            Algorithm::Dijkstra,
        )
    }

    /// The same search guided by `heuristic` (an estimate of the cost left that should
    /// never overestimate it), by A*.
    ///
    /// ```
    /// use frontier_engine::search::{Outcome, Search};
    ///
    /// // Along a line to 50: with the distance left as the estimate, A* heads straight there.
    /// let goal = 50i32;
    /// let result = Search::from_fn(0, |&n: &i32| [(n - 1, 1.0), (n + 1, 1.0)], move |&n| n == goal)
    ///     .with_heuristic(move |&n: &i32| (goal - n).abs() as f64)
    ///     .run();
    /// assert!(matches!(result.outcome, Outcome::Found { cost: 50.0, .. }));
    /// assert_eq!(result.expanded, 51);
    /// ```
    pub fn with_heuristic<H: Fn(&S) -> Cost>(self, heuristic: H) -> Search<FnProblem<S, N, G, H>> {
        let budget = self.budget();
        let FnProblem {
            start,
            successors,
            is_goal,
            ..
        } = self.into_problem();
        Search::new(
            FnProblem {
                start,
                successors,
                is_goal,
                heuristic,
            },
            Algorithm::AStar,
        )
        .with_budget(budget)
    }
}

impl<P: Problem> Search<P> {
    /// The same problem searched by another algorithm, from the beginning.
    ///
    /// ```
    /// use frontier_engine::search::{Algorithm, Search};
    /// let search = Search::from_fn(0, |&n: &u8| [(n.saturating_add(1), 1.0)], |&n| n == 9)
    ///     .with_algorithm(Algorithm::Dfs);
    /// assert_eq!(search.algorithm(), Algorithm::Dfs);
    /// ```
    pub fn with_algorithm(self, algorithm: Algorithm) -> Self {
        let budget = self.budget();
        Search::new(self.into_problem(), algorithm).with_budget(budget)
    }
}
