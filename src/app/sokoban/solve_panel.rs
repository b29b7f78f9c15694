//! The solver's panel: the run's counts and pruning, the step told in words, the
//! pseudo-code with the lines the step went through, the chart, and the race of Compare.

use egui::Ui;

use super::SokobanTab;
use super::teach::{self, narrate};
use crate::games::sokoban::solver::Detail;
use crate::search::Event;
use crate::ui::plot::series_plot;
use crate::ui::pseudocode::pseudocode;

impl SokobanTab {
    pub(super) fn solver_panel(&mut self, ui: &mut Ui) {
        if let Some(comparison) = &self.comparison {
            ui.heading("BFS, DFS, A* and greedy side by side");
            comparison.show(ui);
            ui.separator();
        }
        let Some(session) = &self.session else {
            if self.comparison.is_none() {
                ui.label("Pick an algorithm and press Start solving.");
            }
            return;
        };
        let run = session.run();
        let prunes = run.prunes();
        ui.heading(format!(
            "{} over {}",
            session.algorithm,
            match session.detail {
                Detail::Pushes => "pushes",
                Detail::Moves => "moves",
            }
        ));
        let told = narrate(
            session.last_event,
            session.last_prunes,
            run.last_costs(),
            session.detail,
            session.algorithm.uses_heuristic(),
        );
        if let Some(text) = told {
            ui.label(text);
        }
        egui::Grid::new("sokoban-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for (name, value) in [
                    ("Expanded", run.expansions().to_string()),
                    ("Frontier", run.frontier_len().to_string()),
                    ("Stored", run.stored().to_string()),
                    ("Pruned: dead squares", prunes.dead_squares.to_string()),
                    ("Pruned: freeze deadlocks", prunes.freezes.to_string()),
                    ("Pruned: no matching", prunes.matchings.to_string()),
                    ("PI-corral cuts", prunes.corrals.to_string()),
                ] {
                    ui.label(name);
                    ui.label(value);
                    ui.end_row();
                }
                if let Some((g, h)) = run.last_costs() {
                    // These describe the state expanded last (the one drawn on the board).
                    let (units, unit) = match session.detail {
                        Detail::Pushes => ("Pushes", "pushes"),
                        Detail::Moves => ("Moves", "moves"),
                    };
                    let bound = if h.is_finite() {
                        format!("{h}")
                    } else {
                        "none (dead end)".to_string()
                    };
                    let mut rows = vec![(format!("{units} so far (g)"), format!("{g}"))];
                    if session.algorithm.uses_heuristic() {
                        rows.push((format!("Lower bound on {unit} left (h)"), bound));
                        if h.is_finite() {
                            rows.push(("g + h".to_string(), format!("{}", g + h)));
                        }
                    }
                    for (name, value) in rows {
                        ui.label(name);
                        ui.label(value);
                        ui.end_row();
                    }
                }
            });
        let outcome = match run.ended() {
            Some(Event::Found { .. }) => "Solved.".to_string(),
            Some(Event::Exhausted) => {
                "No solution: every reachable position was searched.".to_string()
            }
            Some(Event::GaveUp(limit)) => match session.proven_bound {
                Some(bound) => format!(
                    "Not solved: {limit}. Any solution needs at least {bound} {} (the \
                     highest {} of a position expanded).",
                    match session.detail {
                        Detail::Pushes => "pushes",
                        Detail::Moves => "moves",
                    },
                    if session.algorithm.uses_heuristic() {
                        "g + h"
                    } else {
                        "g"
                    }
                ),
                None => format!("Not solved: {limit}."),
            },
            _ if session.replaying_to().is_some() => format!(
                "Replaying to step {}…",
                session.replaying_to().unwrap_or_default()
            ),
            _ if self.playback.playing || session.catch_up.is_some() => "Searching…".to_string(),
            _ => "Paused: Play (Space), Step (Right arrow) or To end (End).".to_string(),
        };
        ui.label(outcome);
        let mut replay = false;
        if let Some(solution) = &session.solution {
            match solution {
                Ok(lurd) => {
                    let (moves, pushes) = (
                        lurd.len(),
                        lurd.chars().filter(|c| c.is_ascii_uppercase()).count(),
                    );
                    ui.label(format!(
                        "Solution: {moves} moves, {pushes} pushes (checked by replaying it)."
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Copy LURD").clicked() {
                            ui.ctx().copy_text(lurd.clone());
                        }
                        replay = ui.button("Replay solution").clicked();
                    });
                    let mut shown = if lurd.len() > 2000 {
                        format!("{}…", &lurd[..2000])
                    } else {
                        lurd.clone()
                    };
                    ui.add(
                        egui::TextEdit::multiline(&mut shown)
                            .desired_rows(3)
                            .interactive(false),
                    );
                }
                Err(problem) => {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        format!("The solution did not replay: {problem}"),
                    );
                }
            }
        }
        ui.separator();
        egui::CollapsingHeader::new(format!("{} in pseudo-code", session.algorithm))
            .default_open(true)
            .show(ui, |ui| {
                let lines = teach::pseudocode(session.algorithm, session.detail);
                let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
                let active = teach::active_lines(
                    session.algorithm,
                    session.detail,
                    session.last_event,
                    session.last_prunes,
                );
                pseudocode(ui, &lines, &active);
            });
        ui.separator();
        ui.label("Frontier size (solid) and visited (dashed) against step");
        series_plot(
            ui,
            "sokoban-chart",
            &[&session.series],
            Some(session.position()),
        );
        if replay {
            self.replay_solution();
        }
    }
}
