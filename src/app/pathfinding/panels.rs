//! The Pathfinding tab's panels: controls on the left, teaching on the right (the boards in
//! the middle are drawn by `board`).

use egui::{Color32, Ui};

use super::colors;
use super::predict;
use super::robot;
use super::session::Session;
use super::teach::{self, number};
use super::{PathfindingTab, Tool};
use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::{Board, Connectivity, Heuristic, PathAlgorithm};
use crate::names;
use crate::palette::search::Mark;
use crate::search::Algorithm;
use crate::tr;
use crate::ui::legend::legend;
use crate::ui::plot::series_plot;
use crate::ui::presentation;
use crate::ui::pseudocode::pseudocode;
use crate::ui::step_controls::{step_bar, step_controls};

/// A picker of the board's searches; the main one offers the student's own code too.
fn algorithm_picker(
    ui: &mut Ui,
    id: &str,
    label: &str,
    value: &mut PathAlgorithm,
    offer_code: bool,
) -> bool {
    let mut changed = false;
    // On a phone the compact bar's row is the search and the step buttons: the word
    // "Algorithm" is left to the screen reader there.
    let phone = id.starts_with("compact")
        && crate::ui::touch::active(ui.ctx())
        && ui.ctx().content_rect().width() < 600.0;
    let named = label.to_string();
    let label = (!phone).then(|| ui.label(label));
    let response = egui::ComboBox::from_id_salt(id)
        .selected_text(names::path_algorithm(*value))
        .width(if phone { 110.0 } else { 150.0 })
        // Every algorithm in view at once, no scrolling.
        .height(f32::INFINITY)
        .show_ui(ui, |ui| {
            let code = offer_code.then(PathAlgorithm::your_code);
            for option in PathAlgorithm::all().chain(code) {
                if option.is_your_code() {
                    ui.separator();
                }
                let name = names::path_algorithm_kind(option);
                if ui.selectable_label(value.same_kind(option), name).clicked()
                    && !value.same_kind(option)
                {
                    *value = option;
                    changed = true;
                }
            }
        })
        .response;
    match label {
        Some(label) => {
            response.labelled_by(label.id);
        }
        None => {
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &named))
        }
    }
    changed
}

/// A name in the table of a run's counts: kept whole, so that a narrow panel wraps the
/// values beside it rather than breaking the names ("Expan-ded").
fn stat_name(ui: &mut Ui, name: String) {
    ui.add(egui::Label::new(name).extend());
}

/// What a run is doing, in a sentence.
fn narration(session: &Session, replaying_to: Option<usize>) -> String {
    match replaying_to {
        Some(target) => tr!("replaying-to", step = target),
        None => teach::narrate(session.run(), session.last_event()),
    }
}

impl PathfindingTab {
    /// One line on the heuristic chosen, always there so nothing below it moves: that it
    /// never overestimates with these moves, or that it can, with a button that picks the
    /// one that fits the moves when that one does not. True when the heuristic changed.
    fn heuristic_verdict(&mut self, ui: &mut Ui) -> bool {
        let (moves, cheapest) = (self.settings.connectivity, self.board.min_cost());
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            if self.settings.heuristic.is_admissible(moves, cheapest) {
                ui.weak(tr!("pf-admissible"))
                    .on_hover_text(tr!("pf-admissible-tip"));
                return;
            }
            ui.colored_label(
                crate::ui::color(crate::palette::status::WARNING),
                tr!("pf-overestimates"),
            )
            .on_hover_text(tr!("pf-overestimates-tip"));
            let fitting = Heuristic::exact_for(moves);
            if fitting != self.settings.heuristic && fitting.is_admissible(moves, cheapest) {
                let button = ui.button(tr!("pf-use-heuristic", name = names::heuristic(fitting)));
                if button.clicked() {
                    self.settings.heuristic = fitting;
                    changed = true;
                }
            }
        });
        changed
    }

    /// The controls panel in a row above the board, for when the panel is collapsed: the
    /// algorithm, the step buttons and the timeline.
    pub(super) fn compact_bar(&mut self, ui: &mut Ui) {
        let mut actions = vec![];
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            let label = tr!("pf-algorithm");
            changed |= algorithm_picker(
                ui,
                "compact-algorithm",
                &label,
                &mut self.settings.algorithm,
                true,
            );
            let (position, known, finished) = self.timeline_position();
            if self.preparing.is_some() {
                // The rest of the row, greyed out: there is no run to move yet.
                ui.disable();
            }
            actions = step_bar(ui, &self.player.playback, position, known, finished);
        });
        if changed {
            self.settings_changed();
        }
        for action in actions {
            self.apply(action);
        }
    }

    /// The runs' narration above the board, for when the teaching panel is collapsed.
    pub(super) fn compact_narration(&self, ui: &mut Ui) {
        if self.preparing.is_some() {
            // As in the panel: the runs shown so far are of the board before.
            return presentation::narration(ui, tr!("preparing-board-runs-wait"));
        }
        if let Some(robot) = &self.robot {
            return presentation::narration(ui, robot.narration());
        }
        if let Some(predictions) = &self.asking.predictions {
            // The answer's verdict and the score, where the panel would have shown them.
            let session = self.session();
            let at = session.position();
            let told = crate::app::predictions::words(
                predictions,
                at,
                session.at_end(),
                self.predict_question(),
                |p| predict::told(session.algorithm, p),
            );
            let (right, asked) = predictions.score(at);
            let score = tr!("predict-score", right = right, asked = asked);
            let told = match self.tool_note() {
                Some(note) => format!("{told} {note}"),
                None => told,
            };
            presentation::narration(ui, format!("{score} · {told}"));
        }
        let compared = self.sessions.len() > 1;
        for session in &self.sessions {
            let told = narration(session, self.player.replaying_to());
            presentation::narration(
                ui,
                if compared {
                    format!("{}: {told}", names::path_algorithm(session.algorithm))
                } else {
                    told
                },
            );
        }
    }

    /// The left panel: the search, the run, the board's editing and what is shown.
    pub(super) fn controls(&mut self, ui: &mut Ui) {
        self.search_controls(ui);
        ui.separator();
        self.run_controls(ui);
        ui.separator();
        self.edit_controls(ui);
        ui.separator();
        self.show_controls(ui);
    }

    /// The algorithm, its heuristic and moves, the comparison, and D* Lite's robot.
    fn search_controls(&mut self, ui: &mut Ui) {
        ui.heading(tr!("pf-search"));
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            let label = tr!("pf-algorithm");
            changed |=
                algorithm_picker(ui, "algorithm", &label, &mut self.settings.algorithm, true);
        });
        if let Some(mut w) = self.settings.algorithm.weight() {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(tr!("pf-weight"));
                let weight_changed = ui
                    .add(egui::DragValue::new(&mut w).range(1.0..=20.0).speed(0.05))
                    .labelled_by(label.id)
                    .changed();
                if weight_changed {
                    self.settings.algorithm = self.settings.algorithm.with_weight(w);
                    changed = true;
                }
            });
        }
        // The moves before the heuristic: a line about the heuristic appearing under them
        // would move the radio buttons just clicked.
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("pf-moves"));
            changed |= ui
                .radio_value(
                    &mut self.settings.connectivity,
                    Connectivity::Four,
                    tr!("pf-four-directions"),
                )
                .changed();
            changed |= ui
                .radio_value(
                    &mut self.settings.connectivity,
                    Connectivity::Eight,
                    tr!("pf-eight-directions"),
                )
                .changed();
        });
        ui.add_enabled_ui(self.settings.algorithm.uses_heuristic(), |ui| {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(tr!("pf-heuristic"));
                egui::ComboBox::from_id_salt("heuristic")
                    .selected_text(names::heuristic(self.settings.heuristic))
                    .show_ui(ui, |ui| {
                        for h in Heuristic::ALL {
                            changed |= ui
                                .selectable_value(
                                    &mut self.settings.heuristic,
                                    h,
                                    names::heuristic(h),
                                )
                                .changed();
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            changed |= self.heuristic_verdict(ui);
        });
        ui.horizontal_wrapped(|ui| {
            let mut compare = self.settings.compare_with.is_some();
            if ui.checkbox(&mut compare, tr!("pf-compare")).changed() {
                self.settings.compare_with =
                    compare.then_some(PathAlgorithm::search(Algorithm::Dijkstra));
                changed = true;
            }
        });
        if let Some(other) = &mut self.settings.compare_with {
            ui.horizontal_wrapped(|ui| {
                let label = tr!("pf-compare-with");
                changed |= algorithm_picker(ui, "compare-algorithm", &label, other, false);
            });
        }
        let two_ended = std::iter::once(self.settings.algorithm)
            .chain(self.settings.compare_with)
            .any(|a| a.bidirectional().is_some());
        if two_ended {
            changed |= ui
                .checkbox(&mut self.settings.first_meeting, tr!("pf-first-meeting"))
                .on_hover_text(tr!("pf-first-meeting-tip"))
                .changed();
        }
        if changed {
            self.settings_changed();
        }
        if self.robot_possible() {
            self.robot_controls(ui);
        } else if self.settings.algorithm.capabilities().repairs
            && self.settings.compare_with.is_none()
        {
            ui.small(tr!("pf-robot-too-big", cells = robot::MAX_CELLS));
        }
    }

    /// The step controls and timeline, and predict mode.
    fn run_controls(&mut self, ui: &mut Ui) {
        ui.heading(tr!("pf-run"));
        let (position, known, finished) = self.timeline_position();
        // Greyed out while a big board is made ready: there is no run to move yet.
        let ready = self.preparing.is_none();
        let actions = ui
            .add_enabled_ui(ready, |ui| {
                step_controls(ui, &mut self.player.playback, position, known, finished)
            })
            .inner;
        for action in actions {
            self.apply(action);
        }
        if self.robot.is_none() {
            let mut predicting = self.asking.predictions.is_some();
            if ui
                .checkbox(&mut predicting, tr!("predict-toggle"))
                .on_hover_text(tr!("predict-toggle-tip"))
                .changed()
            {
                self.player.stop();
                self.asking.predictions =
                    predicting.then(crate::app::predictions::Predictions::default);
                self.asking.picked.clear();
                // Predicting, a click answers; not predicting, the Answer tool is no tool.
                self.settings.tool = if predicting {
                    Tool::Answer
                } else {
                    self.valid_tool(self.settings.tool)
                };
            }
            if self.asking.predictions.is_some() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr!("predict-ask-for"));
                    ui.radio_value(
                        &mut self.asking.asking_joins,
                        false,
                        tr!("predict-ask-next"),
                    );
                    ui.radio_value(
                        &mut self.asking.asking_joins,
                        true,
                        tr!("predict-ask-joins"),
                    );
                });
                if self.asking.asking_joins {
                    let over = self.session().at_end();
                    if ui
                        .add_enabled(!over, egui::Button::new(tr!("predict-check-joins")))
                        .clicked()
                    {
                        self.check_joining();
                    }
                }
            }
        }
    }

    /// The painting tools, undo, the board's size and the maze generators.
    fn edit_controls(&mut self, ui: &mut Ui) {
        ui.heading(tr!("pf-edit"));
        self.tools(ui);
        ui.horizontal_wrapped(|ui| {
            let button = egui::Button::new(tr!("pf-undo"));
            if ui
                .add_enabled(self.edit.history.can_undo(), button)
                .on_hover_text(tr!("keys-ctrl-z"))
                .clicked()
            {
                self.undo();
            }
            let button = egui::Button::new(tr!("pf-redo"));
            if ui
                .add_enabled(self.edit.history.can_redo(), button)
                .on_hover_text(tr!("keys-ctrl-y"))
                .clicked()
            {
                self.redo();
            }
            if ui
                .button(tr!("pf-clear"))
                .on_hover_text(tr!("pf-clear-tip"))
                .clicked()
            {
                let mut board = Board::new(self.board.width(), self.board.height());
                board.start = self.board.start;
                board.goal = self.board.goal;
                self.replace_board(board);
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("pf-size"));
            ui.add(
                egui::DragValue::new(&mut self.edit.new_size[0])
                    .range(1..=crate::games::sandbox::MAX_SIDE),
            )
            .labelled_by(label.id)
            .on_hover_text(tr!("pf-width"));
            ui.label("×");
            ui.add(
                egui::DragValue::new(&mut self.edit.new_size[1])
                    .range(1..=crate::games::sandbox::MAX_SIDE),
            )
            .on_hover_text(tr!("pf-height"));
            if ui
                .button(tr!("pf-resize"))
                .on_hover_text(tr!("pf-resize-tip"))
                .clicked()
            {
                self.apply_new_size();
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("pf-generator"));
            egui::ComboBox::from_id_salt("generator")
                .selected_text(names::generator(self.edit.generator, false))
                .show_ui(ui, |ui| {
                    for option in Generator::ALL {
                        let name = names::generator(option, false);
                        let same = std::mem::discriminant(&option)
                            == std::mem::discriminant(&self.edit.generator);
                        if ui.selectable_label(same, name).clicked() && !same {
                            self.edit.generator = option;
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        if let Generator::Scatter { density } = &mut self.edit.generator {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(tr!("pf-wall-density"));
                ui.add(egui::Slider::new(density, 0.0..=0.9))
                    .labelled_by(label.id);
            });
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("pf-seed"));
            ui.add(egui::DragValue::new(&mut self.edit.seed))
                .labelled_by(label.id);
            if ui
                .button(tr!("pf-random"))
                .on_hover_text(tr!("pf-random-tip"))
                .clicked()
            {
                self.edit.seed = rand::random::<u32>() as u64;
            }
            if ui.button(tr!("pf-generate")).clicked() {
                self.generate();
            }
        });
    }

    /// The overlays, the zoom they need, and the legend.
    fn show_controls(&mut self, ui: &mut Ui) {
        ui.heading(tr!("pf-show"));
        let o = &mut self.settings.overlays;
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut o.visited, tr!("pf-show-visited"));
            ui.checkbox(&mut o.frontier, tr!("pf-show-frontier"));
            ui.checkbox(&mut o.current, tr!("pf-show-current"));
            ui.checkbox(&mut o.path, tr!("pf-show-path"));
            ui.checkbox(&mut o.parents, tr!("pf-show-parents"));
            ui.checkbox(&mut o.numbers, tr!("pf-show-numbers"));
        });
        let cell = self.session().view.cell_size();
        // While a board is made ready the view is still the last board's (or a placeholder):
        // its cell size would be wrong for the board coming.
        if cell < super::board::GHF_FROM && self.preparing.is_none() {
            // In the screen's pixels, as a ruler held to the screen would measure them: the
            // board's sizes are points, which the interface scale (View) enlarges.
            let pixels = |points: f32| (points * ui.ctx().pixels_per_point()).round() as f64;
            // A big board fitted has cells smaller than a pixel: "0 px" would say nothing.
            let cell_pixels = match (cell * ui.ctx().pixels_per_point()) as f64 {
                p if p < 1.0 => ((p * 10.0).round() / 10.0).max(0.1),
                p => p.round(),
            };
            let (arrows, f, ghf) = (
                pixels(super::board::ARROWS_FROM),
                pixels(super::board::F_FROM),
                pixels(super::board::GHF_FROM),
            );
            // (How to zoom is said for a finger on a touch screen.)
            ui.weak(tr!(
                "pf-zoom-in",
                arrows = arrows,
                f = f,
                ghf = ghf,
                cell = cell_pixels
            ));
        }
        self.legend(ui);
    }

    fn tools(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            if self.asking.predictions.is_some() {
                ui.selectable_value(&mut self.settings.tool, Tool::Answer, tr!("pf-tool-answer"))
                    .on_hover_text(tr!("pf-tool-answer-tip"));
            }
            let floor = self.board.floor_terrain();
            for (i, terrain) in self.board.legend().iter().enumerate() {
                let name = if i as u8 == floor {
                    tr!("pf-eraser", terrain = names::terrain(&terrain.name))
                } else {
                    let name = capitalized(&names::terrain(&terrain.name));
                    match terrain.cost {
                        Some(cost) => format!("{name} ({cost})"),
                        None => name,
                    }
                };
                ui.selectable_value(&mut self.settings.tool, Tool::Paint(i as u8), name);
            }
            ui.selectable_value(&mut self.settings.tool, Tool::Start, tr!("pf-tool-start"));
            ui.selectable_value(&mut self.settings.tool, Tool::Goal, tr!("pf-tool-goal"));
        });
        ui.weak(tr!("pf-edit-help"));
    }

    fn legend(&self, ui: &mut Ui) {
        let mut entries: Vec<(Color32, String)> = self
            .board
            .legend()
            .iter()
            .map(|t| (colors::terrain_color(t), names::terrain(&t.name)))
            .collect();
        let floor =
            colors::terrain_color(&self.board.legend()[self.board.floor_terrain() as usize]);
        entries.push((colors::mark_on(floor, Mark::Visited), tr!("legend-visited")));
        entries.push((
            colors::mark_on(floor, Mark::Frontier),
            tr!("legend-frontier"),
        ));
        let dstar = self
            .sessions
            .iter()
            .any(|s| s.algorithm.capabilities().from_goal);
        if dstar {
            // D* Lite plans from the goal: its marks are the backward colours, and its queue
            // holds exactly the inconsistent cells.
            entries.push((
                colors::mark_on(floor, Mark::VisitedBack),
                tr!("legend-consistent"),
            ));
            entries.push((
                colors::mark_on(floor, Mark::FrontierBack),
                tr!("legend-inconsistent"),
            ));
            if self.robot.is_some() {
                entries.push((colors::ROBOT, tr!("legend-robot")));
                entries.push((robot::unseen_wall(&self.board), tr!("legend-unseen")));
            }
        } else if self
            .sessions
            .iter()
            .any(|s| s.algorithm.bidirectional().is_some())
        {
            entries.push((
                colors::mark_on(floor, Mark::VisitedBack),
                tr!("legend-visited-back"),
            ));
            entries.push((
                colors::mark_on(floor, Mark::FrontierBack),
                tr!("legend-frontier-back"),
            ));
            if self
                .sessions
                .iter()
                .any(|s| s.algorithm.bidirectional().is_some())
            {
                entries.push((colors::MEETING, tr!("legend-meeting")));
            }
        }
        if self
            .sessions
            .iter()
            .any(|s| s.algorithm.capabilities().scan_trail)
        {
            entries.push((colors::scanned(floor), tr!("legend-scanned")));
        }
        if self
            .sessions
            .iter()
            .any(|s| s.algorithm.capabilities().sight_lines)
        {
            entries.push((colors::SIGHT_CLEAR, tr!("legend-sight-clear")));
            entries.push((colors::SIGHT_BLOCKED, tr!("legend-sight-blocked")));
        }
        if self
            .sessions
            .iter()
            .any(|s| s.algorithm.deepening().is_some() || s.algorithm.capabilities().repairs)
        {
            entries.push((colors::NUMBERS, tr!("legend-re-expanded")));
        }
        entries.push((colors::PATH, tr!("legend-path")));
        entries.push((colors::CURRENT, tr!("legend-current")));
        ui.label(tr!("legend"));
        legend(ui, &entries);
    }

    /// The robot walk's switch and its sensor radius (D* Lite shown alone).
    fn robot_controls(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let mut on = self.robot.is_some();
            if ui
                .checkbox(&mut on, tr!("pf-robot"))
                .on_hover_text(tr!("pf-robot-tip"))
                .changed()
            {
                self.set_robot(on);
            }
            let label = ui.label(tr!("pf-robot-radius"));
            let radius = ui
                .add(egui::DragValue::new(&mut self.robot_radius).range(1..=robot::MAX_RADIUS))
                .labelled_by(label.id);
            if radius.changed() && self.robot.is_some() {
                self.set_robot(true);
            }
        });
    }

    /// In predict mode with a painting tool in hand: that a click paints, not answers.
    fn tool_note(&self) -> Option<String> {
        (self.asking.predictions.is_some() && self.settings.tool != Tool::Answer)
            .then(|| tr!("predict-tool-paints"))
    }

    /// The question, or what was said of the answer that led here, and the score.
    /// The question predict mode asks before the next step.
    fn predict_question(&self) -> String {
        if self.asking.asking_joins {
            tr!("predict-ask-joins-now")
        } else {
            tr!("predict-ask")
        }
    }

    fn prediction_panel(&self, ui: &mut Ui) {
        let Some(predictions) = &self.asking.predictions else {
            return;
        };
        let session = self.session();
        let algorithm = session.algorithm;
        crate::app::predictions::panel(
            ui,
            predictions,
            session.position(),
            session.at_end(),
            self.predict_question(),
            |answer| predict::told(algorithm, answer),
        );
        if let Some(note) = self.tool_note() {
            ui.colored_label(ui.visuals().warn_fg_color, note);
        }
        ui.separator();
    }

    pub(super) fn teaching(&mut self, ui: &mut Ui) {
        if self.preparing.is_some() {
            // The runs shown so far are of the board before; the new one's have not begun.
            ui.label(tr!("preparing-board-runs-wait"));
            return;
        }
        self.prediction_panel(ui);
        if let Some(robot) = &self.robot {
            ui.label(robot.narration());
            robot.stats(ui);
            ui.separator();
            ui.label(tr!("pf-pseudocode", algorithm = tr!("robot-code-title")));
            let lines = robot::pseudocode();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            pseudocode(ui, &lines, &robot.active_lines());
            return;
        }
        if self.runs_your_code() {
            // The program first: it is what the student works on.
            self.code_panel(ui);
            ui.separator();
        }
        // Named afresh each frame, so the chart follows a language switch.
        let (connectivity, heuristic) = (self.settings.connectivity, self.settings.heuristic);
        for session in &mut self.sessions {
            session.series.label = names::run_label(session.algorithm, connectivity, heuristic);
        }
        for (series, (algorithm, connectivity, heuristic)) in &mut self.previous {
            series.label = names::run_label(*algorithm, *connectivity, *heuristic);
        }
        for session in &self.sessions {
            if self.sessions.len() > 1 {
                ui.strong(crate::names::path_algorithm(session.algorithm));
            }
            ui.label(narration(session, self.player.replaying_to()));
            self.stats(ui, session);
            ui.add_space(4.0);
        }
        ui.separator();
        for session in self.sessions.iter().filter(|s| !s.algorithm.is_your_code()) {
            let lines = teach::pseudocode(session.algorithm);
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            ui.label(tr!(
                "pf-pseudocode",
                algorithm = names::path_algorithm(session.algorithm)
            ));
            pseudocode(
                ui,
                &lines,
                &teach::active_lines(
                    session.algorithm,
                    session.last_event(),
                    session.run().deepening(),
                ),
            );
        }
        let main = self.session();
        ui.separator();
        ui.label(tr!("pf-chart"));
        let mut series: Vec<&crate::ui::plot::RunSeries> =
            self.previous.iter().map(|(s, _)| s).collect();
        series.extend(self.sessions.iter().map(|s| &s.series));
        series_plot(ui, "pathfinding-chart", &series, Some(main.position()));
        let notes = crate::games::sandbox::presets::notes(&self.board.notes);
        if !notes.is_empty() {
            ui.separator();
            egui::CollapsingHeader::new(tr!("pf-about-board"))
                .id_salt("pathfinding-about-board")
                .default_open(true)
                .show(ui, |ui| ui.label(notes));
        }
    }

    fn stats(&self, ui: &mut Ui, session: &Session) {
        let run = session.run();
        egui::Grid::new(format!("stats-{}", session.algorithm))
            .num_columns(2)
            .show(ui, |ui| {
                stat_name(ui, tr!("stats-at-step"));
                ui.label(session.position().to_string());
                ui.end_row();
                stat_name(ui, tr!("stats-expanded"));
                ui.label(run.expansions().to_string());
                ui.end_row();
                stat_name(ui, tr!("stats-frontier"));
                ui.label(run.frontier_len().to_string());
                ui.end_row();
                stat_name(ui, tr!("stats-visited"));
                ui.label(run.visited_len().to_string());
                ui.end_row();
                if let Some(d) = run.deepening() {
                    crate::app::deepening_rows::deepening_rows(ui, d);
                }
                if let Some(repair) = &session.repair {
                    stat_name(ui, tr!("stats-repair"));
                    let (expansions, scratch) = (
                        run.expansions().saturating_sub(repair.before),
                        repair.scratch_expansions(),
                    );
                    ui.label(if repair.counted() {
                        tr!("stats-repair-value", repair = expansions, scratch = scratch)
                    } else {
                        tr!(
                            "stats-repair-counting",
                            repair = expansions,
                            scratch = scratch
                        )
                    });
                    ui.end_row();
                }
                if session.algorithm.bidirectional().is_some() {
                    stat_name(ui, tr!("stats-meeting"));
                    ui.label(match run.meeting() {
                        Some((cell, mu)) => {
                            tr!(
                                "stats-meeting-at",
                                cell = cell.to_string(),
                                cost = number(mu)
                            )
                        }
                        None => tr!("stats-meeting-none"),
                    });
                    ui.end_row();
                }
                stat_name(ui, tr!("stats-path"));
                match (run.path(), run.path_cost()) {
                    (Some(path), Some(cost)) => {
                        let any_angle = run.algorithm().capabilities().any_angle;
                        ui.label(if any_angle {
                            tr!(
                                "stats-path-segments",
                                segments = path.len() - 1,
                                cost = number(cost)
                            )
                        } else {
                            tr!(
                                "stats-path-found",
                                moves = path.len() - 1,
                                cost = number(cost)
                            )
                        });
                        ui.end_row();
                        stat_name(ui, tr!("stats-optimal"));
                        ui.label(match self.reference.cost {
                            Some(Some(best)) if (best - cost).abs() < 1e-6 => {
                                tr!("stats-optimal-yes")
                            }
                            // Off the grid's moves a path can beat the grid's cheapest.
                            Some(Some(best)) if cost < best => {
                                tr!("stats-optimal-shorter", best = number(best))
                            }
                            Some(Some(best)) => tr!("stats-optimal-no", best = number(best)),
                            Some(None) => "?".to_string(),
                            None => tr!("stats-optimal-checking"),
                        });
                    }
                    _ => {
                        ui.label(if run.ended().is_some() {
                            tr!("stats-path-none")
                        } else {
                            tr!("stats-path-not-yet")
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
