//! The solver portfolio (`--algo auto`): A* alone for the first part of the time, for an
//! answer proven push-optimal when it finishes; then A*, greedy and two greedy searches
//! backwards (pulling the boxes off their goals, see [`super::pull`]; one of them takes novel
//! positions first, see [`super::novelty`]) take turns in short slices until one of them finds
//! a solution. Greedy finds *a* solution on levels where A* cannot prove the best one in time,
//! and the backward greedy on levels whose goal room must be filled in an order forward
//! searches do not find; once one has, A* goes on alone for the rest of the time, and a
//! solution it finds replaces the other as the proven shortest. Every search is a resumable
//! iterator, so taking turns costs nothing but the memory of each, and the forward searches
//! learn corral deadlocks into one table.

use std::fmt;
use std::time::Duration;

use web_time::Instant;

use super::algorithm::SokobanAlgorithm;
use super::corral_deadlock::DeadlockStats;
use super::fess::{Fess, SolutionStep};
use super::lurd::meeting_to_lurd;
use super::push::{Detail, Pruning, Sokoban};
use super::racer::Racer;
use super::solve::{SokobanRun, SolveOutcome, SolveReport, checked, solve_pruned};
use crate::games::sokoban::level::Level;
use crate::search::{Budget, Event, Limit};

/// The share of the time A* has alone before greedy joins it.
const ALONE: f64 = 0.1;
/// How long A* runs in its turn, once they take turns; the greedy searches' turns are longer
/// (on Grigr2001 they find most of what A* cannot, and A* is the one that goes on after).
const SLICE: Duration = Duration::from_millis(50);
/// A*'s turn when the pace is counted in expansions: about what it expands in a
/// [`SLICE`] on Microban and Grigr2001 (release, a 2-core machine of 2026).
const SLICE_EXPANSIONS: u64 = 10_000;
/// Greedy's turns, in slices, greedy pulling's and novel-first pulling's. Measured (10 s a
/// level): with greedy at 2 and pulling at 2, Microban 153 was lost (greedy needs about 3 s
/// alone for it); greedy at 3 with pulling at 1 lost Grigr2001 15 and 54; 3 and 2 keep all
/// three. What novel-first pulling solves that the others do not, it solves in well under a
/// second (Grigr2001 40: 0.3 s), so one slice is enough.
const GREEDY_SLICES: u32 = 3;
const PULLING_SLICES: u32 = 2;
const NOVEL_PULLING_SLICES: u32 = 1;
/// The feature-space search's turn, in slices, and the fewest boxes a level has for it to
/// join: the level's shape decides. Measured on XSokoban (10 s a level, `--without fess`),
/// every level it alone unlocked has 12 boxes or more; on smaller ones (Microban's) it
/// unlocked none and took its turns from greedy, which lost Microban 153 (greedy needs about
/// 3 s there); with two slices novel-first pulling's smaller share lost Grigr2001 40.
const FESS_SLICES: u32 = 1;
const FESS_FROM_BOXES: usize = 12;
/// The clock is read once per this many expansions.
const CHECK_EVERY: usize = 64;

/// What measures out the portfolio's turns and its end: the clock or the work done.
///
/// By the clock, a search gets as far in its turn as the machine lets it, so a solve near
/// its limit can end differently on a faster or busier machine. Counted in expansions (over
/// all the searches), the turns and so the answer are the same on any machine: a
/// reproducible run (`--max-expansions`), and what the tests use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// This much time: A* alone for a tenth of it, then turns of 50 ms (greedy's 150 ms).
    Time(Duration),
    /// This many expansions: A* alone for a tenth of them, then turns of 10,000 (greedy's
    /// 30,000).
    Expansions(usize),
}

impl Pace {
    /// `times` as much time or as many expansions.
    pub fn times(self, times: u32) -> Pace {
        match self {
            Pace::Time(time) => Pace::Time(time.saturating_mul(times)),
            Pace::Expansions(n) => Pace::Expansions(n.saturating_mul(times as usize)),
        }
    }

    /// The meter's reading at the end, and a turn of one slice, in its unit (nanoseconds
    /// or expansions).
    fn end_and_slice(self) -> (u64, u64) {
        match self {
            Pace::Time(time) => (
                u64::try_from(time.as_nanos()).unwrap_or(u64::MAX),
                SLICE.as_nanos() as u64,
            ),
            Pace::Expansions(n) => (n as u64, SLICE_EXPANSIONS),
        }
    }
}

/// The searches of the portfolio, in the order they join it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortfolioSearch {
    AStar,
    Greedy,
    /// Greedy best-first backwards: from the boxes on their goals, by pulls.
    GreedyPulling,
    /// Greedy pulling that takes novel positions first (see [`super::pull::Pull::novel_first`]).
    NovelPulling,
    /// Greedy pulling reached a position a forward search had reached (or the other way
    /// round): the forward path to it and the pulls back from the goals make a solution.
    Meeting,
    /// The feature-space search (see [`super::fess`]).
    Fess,
}

impl PortfolioSearch {
    /// The command line's name (its `--tsv` column).
    pub fn code(self) -> &'static str {
        match self {
            PortfolioSearch::AStar => "astar",
            PortfolioSearch::Greedy => "greedy",
            PortfolioSearch::GreedyPulling => "greedy-pulling",
            PortfolioSearch::NovelPulling => "novel-pulling",
            PortfolioSearch::Meeting => "meeting",
            PortfolioSearch::Fess => "fess",
        }
    }
}

impl fmt::Display for PortfolioSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortfolioSearch::AStar => SokobanAlgorithm::AStar.fmt(f),
            PortfolioSearch::Greedy => SokobanAlgorithm::Greedy.fmt(f),
            PortfolioSearch::GreedyPulling => {
                f.write_str("Greedy best-first, pulling from the goals")
            }
            PortfolioSearch::NovelPulling => {
                f.write_str("Greedy pulling from the goals, novel positions first")
            }
            PortfolioSearch::Meeting => {
                f.write_str("Greedy pulling from the goals, meeting a forward search")
            }
            PortfolioSearch::Fess => f.write_str("Feature-space search (FESS)"),
        }
    }
}

/// A portfolio solve: the report, which search found the solution, and whether it is proven
/// push-optimal (only an A* answer is).
#[derive(Clone, Debug)]
pub struct PortfolioReport {
    pub report: SolveReport,
    /// When the feature-space search found the solution: its moves, macros whole.
    pub steps: Option<Vec<SolutionStep>>,
    pub found_by: Option<PortfolioSearch>,
    pub proven_optimal: bool,
}

/// One search of the portfolio and how it stands.
struct Entrant {
    search: PortfolioSearch,
    run: Racer,
    ended: Option<Event>,
}

impl Entrant {
    fn new(search: PortfolioSearch, run: SokobanRun) -> Self {
        Entrant::racing(search, Racer::Engine(run))
    }

    fn racing(search: PortfolioSearch, run: Racer) -> Self {
        Entrant {
            search,
            run,
            ended: None,
        }
    }
}

/// A portfolio solve in progress, advanced by the caller (all at once for the command line,
/// a few milliseconds a frame for the app).
pub struct Portfolio {
    level: Level,
    detail: Detail,
    /// What each search may use: a share of the memory and states.
    share: Budget,
    entrants: Vec<Entrant>,
    pace: Pace,
    began: Instant,
    /// Expansions by all the searches so far (the meter of a pace in expansions).
    spent: u64,
    /// The length of a slice, when A*'s time alone ends, and when everything ends, as
    /// readings of the pace's meter (see [`Portfolio::reading`]).
    slice: u64,
    alone_until: u64,
    end: u64,
    /// The search whose turn it is, and when its turn ends.
    turn: usize,
    turn_until: u64,
    /// The first solution of a search other than A*, while A* goes on (replayed and checked).
    held: Option<(PortfolioSearch, SolveOutcome)>,
    /// End with the first solution, held or not (see [`Portfolio::ending_at_first_solution`]).
    first_ends: bool,
    report: Option<PortfolioReport>,
}

impl Portfolio {
    /// A portfolio on `level` at `pace`, within `budget`'s memory and states (and its
    /// deadline, if it has one).
    pub fn new(
        level: &Level,
        detail: Detail,
        pace: Pace,
        budget: Budget,
        pruning: Pruning,
    ) -> Portfolio {
        let began = Instant::now();
        let (end, slice) = pace.end_and_slice();
        let deadline = match pace {
            Pace::Time(time) => began.checked_add(time),
            Pace::Expansions(_) => None,
        };
        let mut sokoban = Sokoban::new(level);
        sokoban.pruning = pruning;
        // Pulling is a search at the push level (a pull is a push read backwards).
        let pulls =
            pruning.pulling && detail == Detail::Pushes && super::pull::Pull::applies(&sokoban);
        let searches = 2
            + usize::from(pulls)
            + usize::from(pulls && pruning.novelty)
            + usize::from(runs_fess(&sokoban, detail));
        let share = Budget {
            max_bytes: budget.max_bytes.map(|b| b / searches),
            max_states: budget.max_states.map(|s| s / searches),
            deadline: match (deadline, budget.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            ..budget
        };
        let alone_until = (end as f64 * ALONE) as u64;
        let astar = SokobanRun::of(sokoban, SokobanAlgorithm::AStar, detail, share);
        Portfolio {
            entrants: vec![Entrant::new(PortfolioSearch::AStar, astar)],
            level: level.clone(),
            detail,
            share,
            pace,
            began,
            spent: 0,
            slice,
            alone_until,
            end,
            turn: 0,
            turn_until: alone_until,
            held: None,
            first_ends: false,
            report: None,
        }
    }

    /// The same solve, ending with the first solution any search finds (a hint: the player
    /// is waiting), where otherwise A* goes on alone for a shorter one.
    pub fn ending_at_first_solution(mut self) -> Portfolio {
        self.first_ends = true;
        self
    }

    /// Runs the searches until `until`, the end, or a solution; the report once it is over.
    pub fn advance(&mut self, until: Instant) -> Option<&PortfolioReport> {
        while self.report.is_none() {
            if self.reading() >= self.end {
                self.finish(None);
                break;
            }
            if Instant::now() >= until {
                break;
            }
            let stop = self.turn_until.min(self.end);
            if let Some(event) = self.run_turn(until, stop) {
                if found(event) && self.turn == 0 {
                    self.finish(Some(0));
                    break;
                }
                if found(event) && self.held.is_none() {
                    let entrant = &self.entrants[self.turn];
                    let lurd = entrant.run.solution(&self.level).unwrap_or_default();
                    let outcome = checked(&self.level, lurd);
                    self.held = Some((entrant.search, outcome));
                }
                // A search through every position proves there is no solution.
                if event == Event::Exhausted && self.entrants[self.turn].run.exhausts() {
                    self.finish(None);
                    break;
                }
            }
            if self.first_ends && self.held().is_some() {
                self.finish(None);
                break;
            }
            let met = self.held.is_some() && self.turn != 0;
            if self.reading() >= self.turn_until || self.entrants[self.turn].ended.is_some() || met
            {
                self.next_turn();
            }
        }
        self.report.as_ref()
    }

    /// The pace's meter: nanoseconds since the start, or expansions so far.
    fn reading(&self) -> u64 {
        match self.pace {
            Pace::Time(_) => u64::try_from(self.began.elapsed().as_nanos()).unwrap_or(u64::MAX),
            Pace::Expansions(_) => self.spent,
        }
    }

    /// Runs the search whose turn it is until the wall clock says `until`, the meter `stop`,
    /// its end, or a solution held; the event it ended on, if it did.
    fn run_turn(&mut self, until: Instant, stop: u64) -> Option<Event> {
        let i = self.turn;
        if self.entrants[i].ended.is_some() {
            return self.entrants[i].ended;
        }
        let counted = matches!(self.pace, Pace::Expansions(_));
        loop {
            for _ in 0..CHECK_EVERY {
                if counted && self.spent >= stop {
                    return None;
                }
                let event = self.entrants[i].run.step().unwrap_or(Event::Exhausted);
                if !matches!(event, Event::Expanded { .. }) {
                    self.entrants[i].ended = Some(event);
                    return Some(event);
                }
                self.spent += 1;
                if self.held.is_none() && self.meets(i) {
                    return None;
                }
            }
            if Instant::now() >= until || (!counted && self.reading() >= stop) {
                return None;
            }
        }
    }

    /// Whether the positions search `i` has just expanded or discovered were reached from
    /// the other end too: by pulls from the goals for a forward search, by pushes from the
    /// start for the pulling one. If so, the two halves make a solution, which is held.
    fn meets(&mut self, i: usize) -> bool {
        if !self.entrants[0].run.sokoban().pruning.meeting {
            return false;
        }
        let pulls = self.entrants[i].run.pulls();
        let others: Vec<usize> = (0..self.entrants.len())
            .filter(|&j| self.entrants[j].run.pulls() != pulls)
            .collect();
        let mut met = None;
        self.entrants[i].run.last_changed(|position| {
            if met.is_none()
                && let Some(&j) = others
                    .iter()
                    .find(|&&j| self.entrants[j].run.knows(position))
            {
                met = Some((j, position.clone()));
            }
        });
        let Some((j, position)) = met else {
            return false;
        };
        let (forward, backward) = if pulls { (j, i) } else { (i, j) };
        let route = |k: usize| self.entrants[k].run.route_to(&position).unwrap_or_default();
        let lurd = meeting_to_lurd(
            &self.level,
            &self.entrants[0].run.sokoban().analysis,
            &route(forward),
            &route(backward),
        );
        let outcome = checked(&self.level, lurd);
        self.held = Some((PortfolioSearch::Meeting, outcome));
        true
    }

    /// After A*'s time alone, the greedy searches join; then each running search has a slice
    /// in turn, until one of them holds a solution: then A* alone goes on.
    fn next_turn(&mut self) {
        if self.entrants.len() == 1 {
            self.join_greedy();
        }
        let count = self.entrants.len();
        let held = self.held.is_some();
        let next = (1..=count)
            .map(|k| (self.turn + k) % count)
            .find(|&i| self.entrants[i].ended.is_none() && (i == 0 || !held));
        match next {
            Some(i) => {
                self.turn = i;
                let slices = match self.entrants[i].search {
                    PortfolioSearch::AStar => 1,
                    PortfolioSearch::GreedyPulling => PULLING_SLICES,
                    PortfolioSearch::NovelPulling => NOVEL_PULLING_SLICES,
                    PortfolioSearch::Fess => FESS_SLICES,
                    _ => GREEDY_SLICES,
                };
                self.turn_until = self
                    .reading()
                    .saturating_add(self.slice * u64::from(slices));
            }
            None => self.finish(None),
        }
    }

    fn join_greedy(&mut self) {
        // Greedy learns into, and prunes with, A*'s deadlock table.
        let astar = self.entrants[0].run.sokoban();
        let greedy = SokobanRun::of(
            astar.sibling(),
            SokobanAlgorithm::Greedy,
            self.detail,
            self.share,
        );
        let pulls = astar.pruning.pulling && self.detail == Detail::Pushes;
        let pulling = pulls
            .then(|| SokobanRun::pulling(astar.sibling(), SokobanAlgorithm::Greedy, self.share))
            .flatten();
        let novel = (pulls && astar.pruning.novelty)
            .then(|| SokobanRun::pulling_novel_first(astar.sibling(), self.share))
            .flatten();
        let fess = runs_fess(astar, self.detail).then(|| Fess::new(astar.sibling(), self.share));
        self.entrants
            .push(Entrant::new(PortfolioSearch::Greedy, greedy));
        if let Some(pulling) = pulling {
            self.entrants
                .push(Entrant::new(PortfolioSearch::GreedyPulling, pulling));
        }
        if let Some(novel) = novel {
            self.entrants
                .push(Entrant::new(PortfolioSearch::NovelPulling, novel));
        }
        if let Some(fess) = fess {
            self.entrants.push(Entrant::racing(
                PortfolioSearch::Fess,
                Racer::Fess(Box::new(fess)),
            ));
        }
    }

    fn finish(&mut self, winner: Option<usize>) {
        let held = self.held.take();
        let out_of = match self.pace {
            Pace::Time(_) => Limit::Time,
            Pace::Expansions(n) => Limit::Expansions(n),
        };
        self.report = Some(report(
            &self.level,
            &self.entrants,
            (winner, held),
            out_of,
            self.began,
        ));
    }

    /// The solution found so far by a search other than A* while A* goes on: which search,
    /// and its pushes.
    pub fn held(&self) -> Option<(PortfolioSearch, usize)> {
        match &self.held {
            Some((by, SolveOutcome::Solved { pushes, .. })) => Some((*by, *pushes)),
            _ => None,
        }
    }

    /// The feature-space search, once it has joined: its cells and the level's layout, for
    /// the watch view.
    pub fn fess(&self) -> Option<&Fess> {
        self.entrants.iter().find_map(|e| e.run.fess())
    }

    /// States expanded so far, by all the searches.
    pub fn expanded(&self) -> usize {
        self.entrants.iter().map(|e| e.run.expansions()).sum()
    }

    /// The search whose turn it is (none once it is over).
    pub fn holder(&self) -> Option<PortfolioSearch> {
        self.report
            .is_none()
            .then(|| self.entrants[self.turn].search)
    }

    /// Whether A* still has its time alone.
    pub fn alone(&self) -> bool {
        self.entrants.len() == 1 && self.reading() < self.alone_until
    }

    /// Each search so far: which, its expansions, the positions it stored, and how it ended.
    pub fn searches(&self) -> Vec<(PortfolioSearch, usize, usize, Option<Event>)> {
        (self.entrants.iter())
            .map(|e| (e.search, e.run.expansions(), e.run.stored(), e.ended))
            .collect()
    }

    /// What the deadlock table the searches share has learned and cut.
    pub fn deadlocks(&self) -> DeadlockStats {
        let table = self.entrants[0].run.sokoban().deadlocks();
        table
            .lock()
            .map_or_else(|e| e.into_inner().stats(), |t| t.stats())
    }

    /// The time since it began.
    pub fn elapsed(&self) -> Duration {
        self.began.elapsed()
    }

    pub fn report(&self) -> Option<&PortfolioReport> {
        self.report.as_ref()
    }
}

/// Solves `level` with the portfolio within `budget`: paced by its expansions if it limits
/// them, else by its time (a level with neither limit gets A* alone); its memory and states
/// are shared by the searches.
pub fn solve_portfolio(
    level: &Level,
    detail: Detail,
    budget: Budget,
    pruning: Pruning,
) -> PortfolioReport {
    let pace = match (budget.max_expansions, budget.deadline) {
        (Some(n), _) => Pace::Expansions(n),
        (None, Some(deadline)) => Pace::Time(deadline.saturating_duration_since(Instant::now())),
        (None, None) => {
            let report = solve_pruned(level, SokobanAlgorithm::AStar, detail, budget, pruning);
            let solved = matches!(report.outcome, SolveOutcome::Solved { .. });
            return PortfolioReport {
                proven_optimal: solved,
                found_by: solved.then_some(PortfolioSearch::AStar),
                report,
                steps: None,
            };
        }
    };
    let budget = Budget {
        max_expansions: None,
        ..budget
    };
    let mut portfolio = Portfolio::new(level, detail, pace, budget, pruning);
    loop {
        if let Some(report) = portfolio.advance(Instant::now() + SLICE) {
            return report.clone();
        }
    }
}

/// Whether the feature-space search takes turns on this level: a search of pushes, on a level
/// of its shape (see [`FESS_FROM_BOXES`]).
fn runs_fess(sokoban: &Sokoban, detail: Detail) -> bool {
    sokoban.pruning.fess
        && detail == Detail::Pushes
        && sokoban.start_boxes().len() >= FESS_FROM_BOXES
}

fn found(event: Event) -> bool {
    matches!(event, Event::Found { .. })
}

/// The portfolio's report: the winner's solution (replayed and checked), or how it ended.
/// `out_of` is the limit it gave up at when no search met one of its own.
fn report(
    level: &Level,
    entrants: &[Entrant],
    (winner, held): (Option<usize>, Option<(PortfolioSearch, SolveOutcome)>),
    out_of: Limit,
    began: Instant,
) -> PortfolioReport {
    let expanded = entrants.iter().map(|e| e.run.expansions()).sum();
    let stored = entrants.iter().map(|e| e.run.stored()).sum();
    let astar = &entrants[0];
    let (outcome, by) = match (winner, held) {
        (Some(i), _) => (
            checked(level, entrants[i].run.solution(level).unwrap_or_default()),
            Some(entrants[i].search),
        ),
        (None, Some((by, outcome))) => (outcome, Some(by)),
        // A search went through the whole (pruned) space: there is none.
        (None, None)
            if (entrants.iter()).any(|e| e.ended == Some(Event::Exhausted) && e.run.exhausts()) =>
        {
            (SolveOutcome::NoSolution, None)
        }
        (None, None) => (
            SolveOutcome::GaveUp(match astar.ended {
                Some(Event::GaveUp(limit)) => limit,
                _ => out_of,
            }),
            None,
        ),
    };
    let solved = matches!(outcome, SolveOutcome::Solved { .. });
    let found_by = by.filter(|_| solved);
    let steps = (found_by == Some(PortfolioSearch::Fess))
        .then(|| entrants.iter().find_map(|e| e.run.fess()?.solution_steps()))
        .flatten();
    PortfolioReport {
        proven_optimal: found_by == Some(PortfolioSearch::AStar),
        found_by,
        steps,
        report: SolveReport {
            outcome,
            expanded,
            stored,
            elapsed: began.elapsed(),
            prunes: astar.run.prunes(),
            proven_bound: if solved {
                None
            } else {
                astar.run.engine().and_then(SokobanRun::proven_bound)
            },
        },
    }
}
