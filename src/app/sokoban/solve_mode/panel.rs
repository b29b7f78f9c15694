//! The solver's panel: the run's counts and pruning, the step told in words, the
//! pseudo-code with the lines the step went through, the chart, and the race of Compare.

use egui::Ui;

use crate::app::deepening_rows::deepening_rows;
use crate::app::sokoban::SokobanTab;
use crate::games::sokoban::names as sokoban_names;
use crate::games::sokoban::narrate::{self as teach, narrate};
use crate::games::sokoban::solver::Detail;
use crate::names;
use crate::search::Event;
use crate::tr;
use crate::ui::plot::series_plot;
use crate::ui::pseudocode::pseudocode;

impl SokobanTab {
    /// What the search's last step did, in a sentence (None before it starts).
    pub(in crate::app::sokoban) fn narration(&self) -> Option<String> {
        let session = self.solve.session.as_ref()?;
        narrate(
            session.last_event,
            session.last_prunes,
            session.run().last_costs(),
            session.detail,
            session.algorithm.uses_heuristic(),
            session
                .run()
                .deepening()
                .map(|status| (status, session.run().last_times_expanded())),
        )
    }

    pub(in crate::app::sokoban) fn solver_panel(&mut self, ui: &mut Ui) {
        if let Some(comparison) = &mut self.solve.comparison {
            ui.heading(tr!("cmp-heading"));
            if !comparison.is_done() && ui.button(tr!("cmp-stop")).clicked() {
                comparison.stop();
            }
            comparison.show(ui);
            ui.separator();
        }
        if let Some(portfolio) = &self.solve.portfolio {
            ui.heading(tr!("auto-heading"));
            portfolio.show(ui);
            if let Some(lurd) = portfolio.solution()
                && ui.button(tr!("solve-copy-lurd")).clicked()
            {
                crate::app::clipboard::copy(ui.ctx(), lurd.to_string());
            }
            ui.separator();
        }
        if self.solve.session.is_none() {
            if self.solve.comparison.is_none() && self.solve.portfolio.is_none() {
                ui.label(tr!("solve-pick"));
            }
            return;
        }
        self.prediction_panel(ui);
        let Some(session) = &self.solve.session else {
            return;
        };
        let run = session.run();
        let prunes = run.prunes();
        let algorithm = sokoban_names::sokoban_algorithm(session.algorithm);
        ui.heading(match session.detail {
            Detail::Pushes => tr!("solve-over-pushes", algorithm = &algorithm),
            Detail::Moves => tr!("solve-over-moves", algorithm = &algorithm),
        });
        if session.detail == Detail::Pushes {
            ui.small(tr!("solve-player-region"));
        }
        if let Some(text) = self.narration() {
            ui.label(text);
        }
        egui::Grid::new("sokoban-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for (name, value) in [
                    (tr!("stats-expanded"), run.expansions().to_string()),
                    (tr!("stats-frontier"), run.frontier_len().to_string()),
                    (tr!("cmp-stored"), run.stored().to_string()),
                    (tr!("solve-pruned-dead"), prunes.dead_squares.to_string()),
                    (tr!("solve-pruned-freeze"), prunes.freezes.to_string()),
                    (tr!("solve-pruned-matching"), prunes.matchings.to_string()),
                    (tr!("solve-corral-cuts"), prunes.corrals.to_string()),
                    (
                        tr!("solve-dead-corrals"),
                        prunes.corral_deadlocks.to_string(),
                    ),
                    (
                        tr!("solve-learned-deadlocks"),
                        prunes.learned_deadlocks.to_string(),
                    ),
                ] {
                    ui.label(name);
                    ui.label(value);
                    ui.end_row();
                }
                if let Some((g, h)) = run.last_costs() {
                    // These describe the state expanded last (the one drawn on the board).
                    let (so_far, left) = match session.detail {
                        Detail::Pushes => (tr!("solve-pushes-so-far"), tr!("solve-pushes-left")),
                        Detail::Moves => (tr!("solve-moves-so-far"), tr!("solve-moves-left")),
                    };
                    let bound = if h.is_finite() {
                        format!("{h}")
                    } else {
                        tr!("solve-dead-end")
                    };
                    let mut rows = vec![(so_far, format!("{g}"))];
                    if session.algorithm.uses_heuristic() {
                        rows.push((left, bound));
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
                if let Some(status) = run.deepening() {
                    deepening_rows(ui, status);
                }
            });
        let outcome = match run.ended() {
            Some(Event::Found { .. }) => tr!("solve-solved"),
            Some(Event::Exhausted) => tr!("solve-no-solution"),
            Some(Event::GaveUp(limit)) => {
                let why = names::limit(limit);
                match session.proven_bound {
                    Some(bound) if run.deepening().is_some() => match session.detail {
                        Detail::Pushes => tr!("solve-bound-ida-pushes", why = why, bound = bound),
                        Detail::Moves => tr!("solve-bound-ida-moves", why = why, bound = bound),
                    },
                    Some(bound) => {
                        let measure = if session.algorithm.uses_heuristic() {
                            "g + h"
                        } else {
                            "g"
                        };
                        match session.detail {
                            Detail::Pushes => tr!(
                                "solve-bound-pushes",
                                why = why,
                                bound = bound,
                                measure = measure
                            ),
                            Detail::Moves => tr!(
                                "solve-bound-moves",
                                why = why,
                                bound = bound,
                                measure = measure
                            ),
                        }
                    }
                    None => tr!("solve-not-solved", why = why),
                }
            }
            _ if self.solve.player.replaying_to().is_some() => tr!(
                "replaying-to",
                step = self.solve.player.replaying_to().unwrap_or_default()
            ),
            _ if self.solve.player.busy() => tr!("solve-searching"),
            _ => tr!("solve-paused"),
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
                    ui.label(tr!("solve-solution", moves = moves, pushes = pushes));
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(tr!("solve-copy-lurd")).clicked() {
                            crate::app::clipboard::copy(ui.ctx(), lurd.clone());
                        }
                        replay = ui.button(tr!("solve-replay")).clicked();
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
                        tr!("solve-bad-solution", why = problem),
                    );
                }
            }
        }
        ui.separator();
        egui::CollapsingHeader::new(tr!("pf-pseudocode", algorithm = &algorithm))
            .default_open(true)
            .show(ui, |ui| {
                let lines = teach::pseudocode(session.algorithm, session.detail);
                let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
                let active = teach::active_lines(
                    session.algorithm,
                    session.detail,
                    session.last_event,
                    session.last_prunes,
                    session.last_deepening,
                );
                pseudocode(ui, &lines, &active);
            });
        ui.separator();
        ui.label(tr!("pf-chart"));
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
