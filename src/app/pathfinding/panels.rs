//! The Pathfinding tab's panels: controls on the left, teaching on the right (the boards in
//! the middle are drawn by `board`).

use egui::{Color32, Ui};

use super::colors;
use super::session::Session;
use super::teach::{self, number};
use super::{PathfindingTab, Tool};
use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::{Board, Connectivity, Heuristic, PathAlgorithm};
use crate::search::Algorithm;
use crate::ui::legend::legend;
use crate::ui::plot::series_plot;
use crate::ui::pseudocode::pseudocode;
use crate::ui::step_controls::step_controls;

fn algorithm_picker(ui: &mut Ui, id: &str, label: &str, value: &mut PathAlgorithm) -> bool {
    let mut changed = false;
    let label = ui.label(label);
    egui::ComboBox::from_id_salt(id)
        .selected_text(value.to_string())
        .width(190.0)
        .show_ui(ui, |ui| {
            for option in PathAlgorithm::ALL {
                let keep_weight = match (option, *value) {
                    (
                        PathAlgorithm::Search(Algorithm::WeightedAStar(_)),
                        PathAlgorithm::Search(Algorithm::WeightedAStar(w)),
                    ) => PathAlgorithm::Search(Algorithm::WeightedAStar(w)),
                    _ => option,
                };
                let name = match option {
                    PathAlgorithm::Search(Algorithm::WeightedAStar(_)) => "Weighted A*".to_string(),
                    other => other.to_string(),
                };
                if ui.selectable_label(value.same_kind(option), name).clicked()
                    && !value.same_kind(option)
                {
                    *value = keep_weight;
                    changed = true;
                }
            }
        })
        .response
        .labelled_by(label.id);
    changed
}

impl PathfindingTab {
    pub(super) fn controls(&mut self, ui: &mut Ui) {
        ui.heading("Search");
        let mut changed = false;
        ui.horizontal(|ui| {
            changed |= algorithm_picker(ui, "algorithm", "Algorithm", &mut self.settings.algorithm);
        });
        if let PathAlgorithm::Search(Algorithm::WeightedAStar(w)) = &mut self.settings.algorithm {
            ui.horizontal(|ui| {
                let label = ui.label("Weight w");
                changed |= ui
                    .add(egui::DragValue::new(w).range(1.0..=20.0).speed(0.05))
                    .labelled_by(label.id)
                    .changed();
            });
        }
        ui.add_enabled_ui(self.settings.algorithm.uses_heuristic(), |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Heuristic");
                egui::ComboBox::from_id_salt("heuristic")
                    .selected_text(self.settings.heuristic.to_string())
                    .show_ui(ui, |ui| {
                        for h in Heuristic::ALL {
                            changed |= ui
                                .selectable_value(&mut self.settings.heuristic, h, h.to_string())
                                .changed();
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            if self.settings.algorithm.uses_heuristic()
                && !self
                    .settings
                    .heuristic
                    .is_admissible(self.settings.connectivity, self.board.min_cost())
            {
                ui.colored_label(
                    crate::ui::color(crate::palette::status::WARNING),
                    "Careful: this heuristic can overestimate here, so the path may not be the cheapest.",
                );
            }
        });
        ui.horizontal(|ui| {
            ui.label("Moves");
            changed |= ui
                .radio_value(
                    &mut self.settings.connectivity,
                    Connectivity::Four,
                    "4 directions",
                )
                .changed();
            changed |= ui
                .radio_value(
                    &mut self.settings.connectivity,
                    Connectivity::Eight,
                    "8 directions",
                )
                .changed();
        });
        ui.horizontal(|ui| {
            let mut compare = self.settings.compare_with.is_some();
            if ui.checkbox(&mut compare, "Compare side by side").changed() {
                self.settings.compare_with =
                    compare.then_some(PathAlgorithm::Search(Algorithm::Dijkstra));
                changed = true;
            }
        });
        if let Some(other) = &mut self.settings.compare_with {
            ui.horizontal(|ui| {
                changed |= algorithm_picker(ui, "compare-algorithm", "with", other);
            });
        }
        if changed {
            self.settings_changed();
        }

        ui.separator();
        ui.heading("Run");
        let session = self.session();
        let (position, known, finished) = (session.position(), session.known(), session.finished());
        for action in step_controls(ui, &mut self.playback, position, known, finished) {
            self.apply(action);
        }

        ui.separator();
        ui.heading("Edit");
        self.tools(ui);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.history.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(self.history.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                self.redo();
            }
            if ui
                .button("Clear")
                .on_hover_text("All floor, same size")
                .clicked()
            {
                let mut board = Board::new(self.board.width(), self.board.height());
                board.start = self.board.start;
                board.goal = self.board.goal;
                self.replace_board(board);
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Size");
            ui.add(
                egui::DragValue::new(&mut self.new_size[0])
                    .range(1..=crate::games::sandbox::MAX_SIDE),
            )
            .labelled_by(label.id)
            .on_hover_text("Width");
            ui.label("×");
            ui.add(
                egui::DragValue::new(&mut self.new_size[1])
                    .range(1..=crate::games::sandbox::MAX_SIDE),
            )
            .on_hover_text("Height");
            if ui
                .button("Resize")
                .on_hover_text("Keep what fits")
                .clicked()
            {
                self.apply_new_size();
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Generator");
            egui::ComboBox::from_id_salt("generator")
                .selected_text(match self.generator {
                    Generator::Scatter { .. } => "Random scatter".to_string(),
                    other => other.to_string(),
                })
                .show_ui(ui, |ui| {
                    for option in Generator::ALL {
                        let name = match option {
                            Generator::Scatter { .. } => "Random scatter".to_string(),
                            other => other.to_string(),
                        };
                        let same = std::mem::discriminant(&option)
                            == std::mem::discriminant(&self.generator);
                        if ui.selectable_label(same, name).clicked() && !same {
                            self.generator = option;
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        if let Generator::Scatter { density } = &mut self.generator {
            ui.horizontal(|ui| {
                let label = ui.label("Wall density");
                ui.add(egui::Slider::new(density, 0.0..=0.9))
                    .labelled_by(label.id);
            });
        }
        ui.horizontal(|ui| {
            let label = ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.seed))
                .labelled_by(label.id);
            if ui.button("Random").on_hover_text("A random seed").clicked() {
                self.seed = rand::random::<u32>() as u64;
            }
            if ui.button("Generate").clicked() {
                self.generate();
            }
        });

        ui.separator();
        ui.heading("Show");
        let before = self.settings.overlays;
        let o = &mut self.settings.overlays;
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut o.visited, "Visited");
            ui.checkbox(&mut o.frontier, "Frontier");
            ui.checkbox(&mut o.current, "Expanded node");
            ui.checkbox(&mut o.path, "Path");
            ui.checkbox(&mut o.parents, "Parent arrows");
            ui.checkbox(&mut o.numbers, "g / h / f");
        });
        if self.settings.overlays != before {
            let overlays = self.settings.overlays;
            for session in &mut self.sessions {
                session.repaint(overlays);
            }
        }
        ui.label("Zoom in to see arrows and numbers.");
        self.legend(ui);
    }

    fn tools(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let floor = self.board.floor_terrain();
            for (i, terrain) in self.board.legend().iter().enumerate() {
                let name = if i as u8 == floor {
                    format!("Eraser ({})", terrain.name)
                } else {
                    let name = capitalized(&terrain.name);
                    match terrain.cost {
                        Some(cost) => format!("{name} ({cost})"),
                        None => name,
                    }
                };
                ui.selectable_value(&mut self.settings.tool, Tool::Paint(i as u8), name);
            }
            ui.selectable_value(&mut self.settings.tool, Tool::Start, "Start");
            ui.selectable_value(&mut self.settings.tool, Tool::Goal, "Goal");
        });
        ui.small("Drag to paint; drag S or G to move them; wheel zooms, middle-drag or space-drag pans, F fits.");
    }

    fn legend(&self, ui: &mut Ui) {
        let mut entries: Vec<(Color32, String)> = self
            .board
            .legend()
            .iter()
            .map(|t| (colors::terrain_color(t), t.name.clone()))
            .collect();
        let floor =
            colors::terrain_color(&self.board.legend()[self.board.floor_terrain() as usize]);
        entries.push((colors::lerp(floor, colors::VISITED, 0.6), "visited".into()));
        entries.push((
            colors::lerp(floor, colors::FRONTIER, 0.8),
            "frontier".into(),
        ));
        if self
            .sessions
            .iter()
            .any(|s| s.algorithm == PathAlgorithm::BidirectionalBfs)
        {
            entries.push((
                colors::lerp(floor, colors::VISITED_BACK, 0.6),
                "visited (backward)".into(),
            ));
            entries.push((
                colors::lerp(floor, colors::FRONTIER_BACK, 0.8),
                "frontier (backward)".into(),
            ));
        }
        entries.push((colors::PATH, "path".into()));
        entries.push((colors::CURRENT, "expanded now".into()));
        ui.label("Legend");
        legend(ui, &entries);
    }

    pub(super) fn teaching(&mut self, ui: &mut Ui) {
        for session in &self.sessions {
            if self.sessions.len() > 1 {
                ui.strong(session.algorithm.to_string());
            }
            ui.label(match session.replaying_to() {
                Some(target) => format!("Replaying to step {target}…"),
                None => teach::narrate(session.run(), session.last_event.as_ref()),
            });
            self.stats(ui, session);
            ui.add_space(4.0);
        }
        ui.separator();
        let main = self.session();
        let lines = teach::pseudocode(main.algorithm);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        ui.label(format!("{} in pseudo-code", main.algorithm));
        pseudocode(
            ui,
            &lines,
            &teach::active_lines(main.algorithm, main.last_event.as_ref()),
        );
        ui.separator();
        ui.label("Frontier size (solid) and visited (dashed) against step");
        let mut series: Vec<&crate::ui::plot::RunSeries> = self.previous.iter().collect();
        series.extend(self.sessions.iter().map(|s| &s.series));
        series_plot(ui, "pathfinding-chart", &series, Some(main.position()));
    }

    fn stats(&self, ui: &mut Ui, session: &Session) {
        let run = session.run();
        egui::Grid::new(format!("stats-{}", session.algorithm))
            .num_columns(2)
            .show(ui, |ui| {
                ui.label("At step");
                ui.label(session.position().to_string());
                ui.end_row();
                ui.label("Expanded");
                ui.label(run.expansions().to_string());
                ui.end_row();
                ui.label("Frontier");
                ui.label(run.frontier_len().to_string());
                ui.end_row();
                ui.label("Visited");
                ui.label(run.visited_len().to_string());
                ui.end_row();
                ui.label("Path");
                match (run.path(), run.path_cost()) {
                    (Some(path), Some(cost)) => {
                        ui.label(format!("{} moves, cost {}", path.len() - 1, number(cost)));
                        ui.end_row();
                        ui.label("Optimal?");
                        ui.label(match self.reference.cost {
                            Some(Some(best)) if (best - cost).abs() < 1e-6 => {
                                "yes (Dijkstra agrees)".to_string()
                            }
                            Some(Some(best)) => format!("no: the cheapest costs {}", number(best)),
                            Some(None) => "?".to_string(),
                            None => "checking with Dijkstra…".to_string(),
                        });
                    }
                    _ => {
                        ui.label(if run.ended().is_some() {
                            "none"
                        } else {
                            "not yet"
                        });
                    }
                }
                ui.end_row();
            });
    }
}

fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
