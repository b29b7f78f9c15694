//! The solver portfolio (`--algo auto`): A* alone for the first part of the time, for an
//! answer proven push-optimal when it finishes; then A* and greedy take turns in short slices
//! until one of them finds a solution. Greedy finds *a* solution on levels where A* cannot
//! prove the best one in time; every search is a resumable iterator, so taking turns costs
//! nothing but the memory of both.

use std::time::{Duration, Instant};

use super::algorithm::SokobanAlgorithm;
use super::push::Detail;
use super::solve::{SokobanRun, SolveOutcome, SolveReport};
use crate::games::sokoban::level::Level;
use crate::search::{Budget, Event, Limit};

/// The share of the time A* has alone before greedy joins it.
const ALONE: f64 = 0.25;
/// How long each search runs in its turn, once they take turns.
const SLICE: Duration = Duration::from_millis(50);
/// The clock is read once per this many expansions.
const CHECK_EVERY: usize = 64;

/// A portfolio solve: the report, which search found the solution, and whether it is proven
/// push-optimal (only an A* answer is).
#[derive(Clone, Debug)]
pub struct PortfolioReport {
    pub report: SolveReport,
    pub found_by: Option<SokobanAlgorithm>,
    pub proven_optimal: bool,
}

/// One search of the portfolio and how it stands.
struct Entrant {
    algorithm: SokobanAlgorithm,
    run: SokobanRun,
    ended: Option<Event>,
}

impl Entrant {
    fn new(level: &Level, algorithm: SokobanAlgorithm, detail: Detail, budget: Budget) -> Self {
        Entrant {
            algorithm,
            run: SokobanRun::new(level, algorithm, detail, budget),
            ended: None,
        }
    }

    /// Runs until `until` or the end; the event it ended on, if it did.
    fn run_until(&mut self, until: Instant) -> Option<Event> {
        if self.ended.is_some() {
            return self.ended;
        }
        loop {
            for _ in 0..CHECK_EVERY {
                match self.run.next() {
                    Some(Event::Expanded { .. }) => {}
                    Some(event) => {
                        self.ended = Some(event);
                        return self.ended;
                    }
                    None => {
                        self.ended = Some(Event::Exhausted);
                        return self.ended;
                    }
                }
            }
            if Instant::now() >= until {
                return None;
            }
        }
    }
}

/// Solves `level` with the portfolio within `budget`: its time (a level without a time
/// limit gets A* alone), and its memory and states shared by the searches.
pub fn solve_portfolio(level: &Level, detail: Detail, budget: Budget) -> PortfolioReport {
    let began = Instant::now();
    let Some(deadline) = budget.deadline else {
        let report = super::solve::solve(level, SokobanAlgorithm::AStar, detail, budget);
        let solved = matches!(report.outcome, SolveOutcome::Solved { .. });
        return PortfolioReport {
            proven_optimal: solved,
            found_by: solved.then_some(SokobanAlgorithm::AStar),
            report,
        };
    };
    // Each search may hold half the memory and half the states.
    let half = Budget {
        max_bytes: budget.max_bytes.map(|b| b / 2),
        max_states: budget.max_states.map(|s| s / 2),
        ..budget
    };
    let mut entrants = vec![Entrant::new(level, SokobanAlgorithm::AStar, detail, half)];
    let alone_until = began + deadline.saturating_duration_since(began).mul_f64(ALONE);
    let mut winner = None;
    if let Some(event) = entrants[0].run_until(alone_until) {
        winner = found(event).then_some(0);
    }
    // Unless A* has settled it (found, or searched everything), greedy joins it.
    if winner.is_none() && entrants[0].ended != Some(Event::Exhausted) {
        entrants.push(Entrant::new(level, SokobanAlgorithm::Greedy, detail, half));
        'turns: while Instant::now() < deadline {
            let mut running = 0;
            for (i, entrant) in entrants.iter_mut().enumerate() {
                if entrant.ended.is_some() {
                    continue;
                }
                running += 1;
                let until = (Instant::now() + SLICE).min(deadline);
                if let Some(event) = entrant.run_until(until)
                    && found(event)
                {
                    winner = Some(i);
                    break 'turns;
                }
            }
            if running == 0 {
                break;
            }
        }
    }
    report(level, &entrants, winner, began)
}

fn found(event: Event) -> bool {
    matches!(event, Event::Found { .. })
}

/// The portfolio's report: the winner's solution (replayed and checked), or how it ended.
fn report(
    level: &Level,
    entrants: &[Entrant],
    winner: Option<usize>,
    began: Instant,
) -> PortfolioReport {
    let expanded = entrants.iter().map(|e| e.run.expansions()).sum();
    let stored = entrants.iter().map(|e| e.run.stored()).sum();
    let astar = &entrants[0];
    let outcome = match winner {
        Some(i) => super::solve::verified_solution(level, &entrants[i].run),
        // A search went through the whole (pruned) space: there is none.
        None if entrants.iter().any(|e| e.ended == Some(Event::Exhausted)) => {
            SolveOutcome::NoSolution
        }
        None => SolveOutcome::GaveUp(match astar.ended {
            Some(Event::GaveUp(limit)) => limit,
            _ => Limit::Time,
        }),
    };
    let solved = matches!(outcome, SolveOutcome::Solved { .. });
    let found_by = winner.filter(|_| solved).map(|i| entrants[i].algorithm);
    PortfolioReport {
        proven_optimal: found_by == Some(SokobanAlgorithm::AStar),
        found_by,
        report: SolveReport {
            outcome,
            expanded,
            stored,
            elapsed: began.elapsed(),
            prunes: astar.run.prunes(),
            proven_bound: if solved {
                None
            } else {
                astar.run.proven_bound()
            },
        },
    }
}
