//! The solver portfolio in the Solve panel ("Solve with the portfolio"): A* alone for the
//! first second, then A*, greedy, greedy pulling backwards and the feature-space search in
//! turns, advanced a few milliseconds a frame; the panel shows whose turn it is, what each
//! search has done, the feature-space search's cells, the best solution so far, the deadlock
//! table the searches share, and the outcome (for a solution the feature-space search found,
//! its moves, each macro one move with the squares its pushes took the box through).

use std::cmp::Reverse;
use std::time::Duration;

use web_time::Instant;

use egui::Ui;

use crate::games::sokoban::Level;
use crate::games::sokoban::names as sokoban_names;
use crate::games::sokoban::solver::fess::{Fess, SolutionStep, StepKind};
use crate::games::sokoban::solver::portfolio::{Pace, Portfolio, PortfolioSearch};
use crate::games::sokoban::solver::{Detail, Pruning, SolveOutcome};
use crate::names;
use crate::search::{Budget, Event};
use crate::tr;

/// The time the portfolio has for a level in the app.
pub const TIME: Duration = Duration::from_secs(10);
pub const PACE: Pace = Pace::Time(TIME);
/// Its share of a frame.
const PER_FRAME: Duration = Duration::from_millis(12);
/// The feature-space search's cells listed, the most explored first.
const CELLS_SHOWN: usize = 8;

pub struct PortfolioView {
    portfolio: Portfolio,
}

impl PortfolioView {
    pub fn new(level: &Level, max_states: usize, pace: Pace) -> PortfolioView {
        let budget = Budget::UNLIMITED.states(max_states).bytes(2 << 30);
        PortfolioView {
            portfolio: Portfolio::new(level, Detail::Pushes, pace, budget, Pruning::ALL),
        }
    }

    /// This frame's share of the work; true while it goes on.
    pub fn advance(&mut self) -> bool {
        self.portfolio.advance(Instant::now() + PER_FRAME).is_none()
    }

    pub fn is_done(&self) -> bool {
        self.portfolio.report().is_some()
    }

    /// The solution found, if one was.
    pub fn solution(&self) -> Option<&str> {
        match &self.portfolio.report()?.report.outcome {
            SolveOutcome::Solved { lurd, .. } => Some(lurd),
            _ => None,
        }
    }

    pub fn show(&self, ui: &mut Ui) {
        // Once over, the time it took (the panel is not redrawn after that).
        let elapsed = match self.portfolio.report() {
            Some(done) => done.report.elapsed,
            None => self.portfolio.elapsed(),
        };
        let seconds = format!("{:.2}", elapsed.as_secs_f64().min(TIME.as_secs_f64()));
        match (self.portfolio.holder(), self.portfolio.alone()) {
            (Some(_), true) => ui.label(tr!("auto-alone", seconds = seconds)),
            (Some(holder), false) => ui.label(tr!(
                "auto-turn",
                search = sokoban_names::portfolio_search(holder),
                seconds = seconds
            )),
            (None, _) => ui.label(tr!("auto-over", seconds = seconds)),
        };
        let over = self.portfolio.report().is_some();
        let held = self.portfolio.held().is_some();
        egui::Grid::new("portfolio-searches")
            .striped(true)
            .show(ui, |ui| {
                ui.strong(tr!("auto-search"));
                ui.strong(tr!("stats-expanded"));
                ui.strong(tr!("auto-stored"));
                ui.strong(tr!("auto-state"));
                ui.end_row();
                for (search, expanded, stored, ended) in self.portfolio.searches() {
                    // Short words only: a grid's cells do not wrap, and a long one would
                    // widen the panel past the window.
                    ui.label(sokoban_names::portfolio_search_short(search));
                    ui.label(expanded.to_string());
                    ui.label(stored.to_string());
                    // Once a solution is held only A* goes on; once over, nothing does.
                    let stopped = over || (held && search != PortfolioSearch::AStar);
                    match ended {
                        None if stopped => ui.label(tr!("auto-stopped")),
                        None => ui.label(tr!("auto-running")),
                        Some(Event::Found { .. }) => ui.label(tr!("auto-found")),
                        // In a word; the limit it met when pointed at.
                        Some(Event::GaveUp(limit)) => ui
                            .label(tr!("auto-gave-up"))
                            .on_hover_text(names::limit(limit)),
                        Some(_) => ui.label(tr!("auto-searched-all")),
                    };
                    ui.end_row();
                }
            });
        if let Some(fess) = self.portfolio.fess() {
            feature_cells(ui, fess);
        }
        if let Some((by, pushes)) = self.portfolio.held() {
            ui.label(tr!(
                "auto-held",
                search = sokoban_names::portfolio_search(by),
                pushes = pushes
            ));
        }
        let table = self.portfolio.deadlocks();
        ui.label(tr!(
            "auto-deadlocks",
            patterns = table.patterns,
            searches = table.searches,
            matches = table.matches
        ));
        let Some(done) = self.portfolio.report() else {
            return;
        };
        match (&done.report.outcome, done.found_by) {
            (SolveOutcome::Solved { moves, pushes, .. }, Some(by)) => {
                let by = sokoban_names::portfolio_search(by);
                ui.label(if done.proven_optimal {
                    tr!(
                        "auto-solved-optimal",
                        search = by,
                        pushes = *pushes,
                        moves = *moves
                    )
                } else {
                    tr!(
                        "auto-solved-not-proven",
                        search = by,
                        pushes = *pushes,
                        moves = *moves
                    )
                });
                if let Some(steps) = &done.steps {
                    solution_steps(ui, steps);
                }
            }
            (SolveOutcome::NoSolution, _) => {
                ui.label(tr!("auto-no-solution"));
            }
            _ => {
                ui.label(match done.report.proven_bound {
                    Some(bound) => tr!("auto-unsolved-bound", pushes = bound),
                    None => tr!("auto-unsolved"),
                });
            }
        }
    }
}

/// The feature-space search's cells, the most explored first: what guides it.
fn feature_cells(ui: &mut Ui, fess: &Fess) {
    let mut cells = fess.cells();
    let layout = fess.layout();
    let heading = tr!("fess-cells-heading", cells = cells.len());
    egui::CollapsingHeader::new(heading)
        .id_salt("fess-cells")
        .show(ui, |ui| {
            ui.small(tr!("fess-cells-about"));
            let goals: usize = layout.packing.iter().map(Vec::len).sum();
            ui.small(tr!(
                "fess-layout",
                rooms = layout.rooms,
                links = layout.links.len(),
                goals = goals,
                groups = layout.packing.len()
            ));
            cells.sort_by_key(|cell| (Reverse(cell.moves_made), cell.features.rank()));
            egui::Grid::new("fess-cells-table")
                .striped(true)
                .show(ui, |ui| {
                    for key in [
                        "fess-packed",
                        "fess-areas",
                        "fess-links",
                        "fess-out-of-plan",
                        "fess-positions",
                        "fess-moves",
                    ] {
                        ui.strong(crate::i18n::tr(key, None));
                    }
                    ui.end_row();
                    for cell in cells.iter().take(CELLS_SHOWN) {
                        let f = cell.features;
                        for value in [
                            u64::from(f.packed),
                            u64::from(f.connectivity),
                            u64::from(f.room_links),
                            u64::from(f.out_of_plan),
                            cell.positions,
                            cell.moves_made,
                        ] {
                            ui.label(value.to_string());
                        }
                        ui.end_row();
                    }
                });
            if cells.len() > CELLS_SHOWN {
                ui.small(tr!("fess-cells-more", more = cells.len() - CELLS_SHOWN));
            }
        });
}

/// A solution the feature-space search found, in its moves: a macro is one move, the squares
/// its box was pushed through listed with it (in words that wrap: a collapsing header's
/// title does not, and a long one would push the panel past the window).
fn solution_steps(ui: &mut Ui, steps: &[SolutionStep]) {
    let pushes: usize = steps.iter().map(|step| step.pushes.len()).sum();
    egui::CollapsingHeader::new(tr!("fess-steps-heading"))
        .id_salt("fess-steps")
        .show(ui, |ui| {
            ui.label(tr!(
                "fess-steps-about",
                moves = steps.len(),
                pushes = pushes
            ));
            egui::ScrollArea::vertical()
                .max_height(240.0)
                .show(ui, |ui| {
                    for (i, step) in steps.iter().enumerate() {
                        let Some(first) = step.pushes.first() else {
                            continue;
                        };
                        // The box's squares, from where it stood to each square it was pushed to.
                        let squares: Vec<String> = std::iter::once(first.0)
                            .chain(step.pushes.iter().map(|push| push.1))
                            .map(|square| square.to_string())
                            .collect();
                        ui.label(tr!(
                            "fess-step",
                            number = i + 1,
                            kind = step_kind(step.kind),
                            pushes = step.pushes.len(),
                            squares = squares.join(" → ")
                        ));
                    }
                });
        });
}

fn step_kind(kind: StepKind) -> String {
    match kind {
        StepKind::Push => tr!("fess-kind-push"),
        StepKind::Tunnel => tr!("fess-kind-tunnel"),
        StepKind::GoalRoom => tr!("fess-kind-goal-room"),
        StepKind::Pack => tr!("fess-kind-pack"),
    }
}
