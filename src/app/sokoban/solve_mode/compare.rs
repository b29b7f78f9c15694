//! The four searches raced on one level: BFS, DFS, A* and greedy, stepped in turn a slice
//! per frame, then set side by side in a table (expanded, stored, pushes, moves) and on one
//! chart of their frontiers, so a class sees at a glance how differently they go about the same level.

use egui::Ui;

use crate::games::sokoban::names as sokoban_names;
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::games::sokoban::solver::{ALGORITHMS, Detail, SokobanRun};
use crate::games::sokoban::{Level, verify_solution};
use crate::i18n::Message;
use crate::names;
use crate::search::{Budget, Event, Limit};
use crate::tr;
use crate::ui::plot::{RunSeries, frontier_plot};
use crate::ui::step_controls::{FrameBudget, step_within_budget};

/// One search of the comparison.
pub struct Entrant {
    pub algorithm: SokobanAlgorithm,
    run: SokobanRun,
    series: RunSeries,
    /// How it ended, once it has: the checked solution's (moves, pushes), or what stopped it.
    pub result: Option<Result<(usize, usize), Failure>>,
}

/// Why a search of the comparison has no solution to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    NoSolution,
    /// It claimed one that does not replay (a bug, shown rather than hidden).
    BadSolution(Message),
    GaveUp(Limit),
    /// The user stopped the race before it ended.
    Stopped,
}

impl Failure {
    fn words(&self) -> String {
        match self {
            Failure::NoSolution => tr!("cmp-no-solution"),
            Failure::BadSolution(problem) => tr!("cmp-bad-solution", why = problem.to_string()),
            Failure::GaveUp(limit) => names::limit(*limit),
            Failure::Stopped => tr!("cmp-stopped"),
        }
    }
}

impl Entrant {
    pub fn expanded(&self) -> usize {
        self.run.expansions()
    }

    pub fn stored(&self) -> usize {
        self.run.stored()
    }

    /// One expansion; false once this search has ended.
    fn step(&mut self, level: &Level) -> bool {
        let Some(event) = self.run.next() else {
            self.result.get_or_insert(Err(Failure::NoSolution));
            return false;
        };
        let step = self.run.expansions();
        self.series
            .record(step, self.run.frontier_len(), self.run.visited_len());
        match event {
            Event::Found { .. } => {
                let checked = match self.run.solution(level) {
                    Some(lurd) => verify_solution(level, &lurd).map_err(Failure::BadSolution),
                    None => Err(Failure::NoSolution),
                };
                self.result = Some(checked);
            }
            Event::Exhausted => self.result = Some(Err(Failure::NoSolution)),
            Event::GaveUp(limit) => self.result = Some(Err(Failure::GaveUp(limit))),
            _ => {}
        }
        self.result.is_none()
    }
}

pub struct Comparison {
    pub level: Level,
    pub entrants: Vec<Entrant>,
}

impl Comparison {
    /// The four searches over pushes on `level` (which must pass [`Level::check`]), each
    /// giving up after storing `max_states` states.
    pub fn new(level: Level, max_states: usize) -> Comparison {
        let budget = Budget::UNLIMITED.states(max_states).bytes(1 << 30);
        let entrants = ALGORITHMS
            .iter()
            .map(|&algorithm| Entrant {
                algorithm,
                run: SokobanRun::new(&level, algorithm, Detail::Pushes, budget),
                series: RunSeries::new(sokoban_names::sokoban_algorithm_short(algorithm)),
                result: None,
            })
            .collect();
        Comparison { level, entrants }
    }

    pub fn is_done(&self) -> bool {
        self.entrants.iter().all(|e| e.result.is_some())
    }

    /// Ends every search still running, as stopped (the table keeps what they reached).
    pub fn stop(&mut self) {
        for entrant in &mut self.entrants {
            entrant.result.get_or_insert(Err(Failure::Stopped));
        }
    }

    /// Gives each unfinished search an equal share of a frame's `budget`; true while any
    /// goes on.
    pub fn advance(&mut self, budget: FrameBudget) -> bool {
        let running = self.entrants.iter().filter(|e| e.result.is_none()).count();
        if running == 0 {
            return false;
        }
        let share = budget.share(running);
        for entrant in self.entrants.iter_mut().filter(|e| e.result.is_none()) {
            step_within_budget(usize::MAX, share, || entrant.step(&self.level));
        }
        !self.is_done()
    }

    pub fn show(&self, ui: &mut Ui) {
        egui::Grid::new("sokoban-compare")
            .num_columns(5)
            .striped(true)
            .show(ui, |ui| {
                for heading in [
                    tr!("cmp-search"),
                    tr!("stats-expanded"),
                    tr!("cmp-stored"),
                    tr!("cmp-pushes"),
                    tr!("cmp-moves"),
                ] {
                    ui.strong(heading);
                }
                ui.end_row();
                for e in &self.entrants {
                    ui.label(sokoban_names::sokoban_algorithm_short(e.algorithm));
                    ui.label(e.expanded().to_string());
                    ui.label(e.stored().to_string());
                    match &e.result {
                        None => {
                            ui.label("…");
                            ui.label("");
                        }
                        Some(Ok((moves, pushes))) => {
                            ui.label(pushes.to_string());
                            ui.label(moves.to_string());
                        }
                        Some(Err(why)) => {
                            ui.label(why.words());
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            });
        let series: Vec<&RunSeries> = self.entrants.iter().map(|e| &e.series).collect();
        frontier_plot(ui, "sokoban-compare-plot", &series);
    }
}
