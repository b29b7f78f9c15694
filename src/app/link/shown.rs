//! The link search shown step by step: started for a pair of tiles, stepped at the search
//! speed (or by hand), its verdict acted on, and told in the side panel; the naive search
//! beside it when asked for.

use egui::Ui;

use super::LinkTab;
use super::teach;
use crate::app::predictions::Predictions;
use crate::games::link::LinkBoard;
use crate::games::link::finder::{LinkField, LinkProblem, PLAY_TURNS, naive_turns};
use crate::grid::Pos;
use crate::search::{Algorithm, Event, Search};
use crate::tr;

/// A link search being shown step by step.
pub struct Shown {
    pub search: Search<LinkProblem>,
    pub from: Pos,
    pub to: Pos,
    /// Remove the pair when the search finds the link (play and auto-play do).
    pub remove: bool,
    /// The naive search's verdict on the same pair, and the cells it visited.
    pub naive: Option<(Option<u32>, Vec<Pos>)>,
    /// The search is over (it stays on screen until the next one).
    pub finished: bool,
    /// The search as it began and the board it searched, so it can be replayed (File →
    /// Export), and the steps it has taken since.
    pub origin: Search<LinkProblem>,
    pub board: LinkBoard,
    pub steps: usize,
    /// The furthest step taken, for the timeline.
    pub reached: usize,
    /// What the step shown did (None before the first).
    pub last_event: Option<Event>,
    /// The answers predicted for this search, by the step they led to.
    pub predictions: Predictions,
}

impl Shown {
    /// Goes back one step (replayed from the start: a link search is a few hundred steps).
    /// Only while the search is still running: a finished one may have changed the board.
    pub fn step_back(&mut self) -> bool {
        if self.finished || self.steps == 0 {
            return false;
        }
        self.seek(self.steps - 1)
    }

    /// Goes to step `step`, up to the furthest taken (replayed from the start). Only while
    /// the search is still running, as for [`Shown::step_back`].
    pub fn seek(&mut self, step: usize) -> bool {
        if self.finished {
            return false;
        }
        self.steps = step.min(self.reached);
        self.search = self.origin.clone();
        self.last_event = None;
        for _ in 0..self.steps {
            self.last_event = self.search.next();
        }
        true
    }
}

impl LinkTab {
    /// Starts showing the link search from `from` to `to`.
    pub fn show_search_for(&mut self, from: Pos, to: Pos, remove: bool) {
        self.carry_predictions();
        let field = LinkField::new(self.game.board());
        let algorithm = if self.guided {
            Algorithm::AStar
        } else {
            Algorithm::Dijkstra
        };
        let search = Search::new(field.problem(from, to), algorithm);
        let naive = self.naive.then(|| naive_turns(self.game.board(), from, to));
        self.shown = Some(Shown {
            origin: search.clone(),
            board: self.game.board().clone(),
            steps: 0,
            reached: 0,
            last_event: None,
            predictions: Predictions::default(),
            search,
            from,
            to,
            remove,
            naive,
            finished: false,
        });
    }

    /// Adds the shown search's answers to the earlier ones (before it goes).
    pub(super) fn carry_predictions(&mut self) {
        if let Some(shown) = &self.shown {
            let (right, asked) = shown.predictions.score(shown.steps);
            self.earlier_predictions.0 += right;
            self.earlier_predictions.1 += asked;
        }
    }

    /// Takes `cell` as the answer to "which cell does the shown search expand next?":
    /// judges it, takes the step, and keeps the answer.
    pub fn predict(&mut self, cell: Pos) {
        let Some(shown) = self.shown.as_ref().filter(|s| !s.finished) else {
            return;
        };
        let Some(prediction) = crate::games::link::predict::judge(&shown.search, cell) else {
            return;
        };
        self.search_paused = true;
        self.step_search();
        if let Some(shown) = &mut self.shown {
            let step = shown.steps;
            shown.predictions.record(step, prediction);
        }
    }

    /// Steps the shown search once; returns whether it has finished.
    pub fn step_search(&mut self) -> bool {
        let Some(shown) = &mut self.shown else {
            return true;
        };
        if shown.finished {
            return true;
        }
        let event = shown.search.next();
        shown.steps += 1;
        shown.reached = shown.reached.max(shown.steps);
        shown.last_event = event;
        let found = match event {
            // Nodes come out in order of their fewest possible turns (f), so one beyond the
            // limit means no link is left to find.
            Some(Event::Expanded { node, .. }) if (shown.search.f(node) as u32) <= PLAY_TURNS => {
                return false;
            }
            Some(Event::Found { goal }) if (shown.search.g(goal) as u32) <= PLAY_TURNS => Some(
                shown
                    .search
                    .path_to(goal)
                    .into_iter()
                    .map(|(p, _)| p)
                    .collect::<Vec<Pos>>(),
            ),
            // More than two turns (or none at all): not a link in play.
            _ => None,
        };
        shown.finished = true;
        let (from, to, remove) = (shown.from, shown.to, shown.remove);
        match found {
            Some(cells) => {
                self.flash = Some((cells, if remove { 0.6 } else { 1.5 }));
                if remove {
                    let shuffled = self.game.take_pair(from, to);
                    self.after_removal(shuffled);
                }
            }
            None => {
                self.refused = Some((to, 0.6));
                if remove {
                    // As in play: the second tile becomes the selection.
                    self.game.click(to);
                }
            }
        }
        true
    }

    /// The shown search in the side panel: hold and step, what it has done, its verdict, and
    /// the naive search's.
    pub(super) fn search_panel(&mut self, ui: &mut Ui) {
        if self.show_search || self.autoplay.is_some() {
            ui.checkbox(&mut self.predicting, tr!("predict-toggle"))
                .on_hover_text(tr!("link-predict-tip"));
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut self.search_paused, tr!("link-hold-search"));
                let can_go_back = self
                    .shown
                    .as_ref()
                    .is_some_and(|s| !s.finished && s.steps > 0);
                if ui
                    .add_enabled(can_go_back, egui::Button::new(tr!("link-step-back")))
                    .clicked()
                {
                    self.search_paused = true;
                    if let Some(shown) = &mut self.shown {
                        shown.step_back();
                    }
                }
                if ui.button(tr!("link-step-search")).clicked() {
                    self.search_paused = true;
                    self.step_search();
                }
            });
            // The timeline over the steps taken, while the search runs (once it has ended
            // the board may have changed under it).
            if let Some(shown) = self.shown.as_ref().filter(|s| !s.finished) {
                let mut actions = vec![];
                let (at, reached) = (shown.steps, shown.reached);
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label(crate::tr!("run-timeline")).id;
                    crate::ui::step_controls::timeline(ui, label, at, reached, false, &mut actions);
                });
                for action in actions {
                    if let crate::ui::StepAction::Seek(k) = action {
                        self.search_paused = true;
                        if let Some(shown) = &mut self.shown {
                            shown.seek(k);
                        }
                    }
                }
            }
        }
        let Some(shown) = &self.shown else {
            return;
        };
        ui.separator();
        let s = &shown.search;
        ui.label(tr!(
            "link-search-status",
            from = shown.from,
            to = shown.to,
            expanded = s.expansions(),
            frontier = s.frontier_len()
        ));
        match s.ended() {
            Some(Event::Found { goal }) if s.g(goal) as u32 <= PLAY_TURNS => {
                let turns = s.g(goal) as u64;
                ui.label(tr!("link-linked", turns = turns, segments = turns + 1));
            }
            Some(_) => {
                ui.label(tr!("link-no-link"));
            }
            None if shown.finished => {
                ui.label(tr!("link-no-link"));
            }
            None => {
                ui.label(tr!("link-tint"));
            }
        }
        let naive_progress = shown.naive.as_ref().map(|(claims, visited)| {
            let progress = teach::NaiveProgress::at(shown.steps, visited.len(), shown.finished);
            (progress, *claims, visited)
        });
        if let Some((progress, claims, visited)) = &naive_progress {
            ui.label(match (progress.done, claims) {
                (true, Some(t)) => tr!("link-naive-claims", cells = visited.len(), turns = *t),
                (true, None) => tr!("link-naive-none", cells = visited.len()),
                (false, _) => tr!(
                    "link-naive-visiting",
                    cells = progress.visited,
                    last = visited[progress.visited.max(1) - 1].to_string()
                ),
            });
        }
        // The search may have been started before the guide was switched.
        let guided = s.algorithm() == Algorithm::AStar;
        if self.predicting {
            let (rule, measure) = if guided {
                (tr!("predict-rule-link-guided"), "f".to_string())
            } else {
                (tr!("predict-rule-link"), tr!("predict-measure-turns"))
            };
            let (right, asked) = shown.predictions.score(shown.steps);
            let (earlier_right, earlier_asked) = self.earlier_predictions;
            crate::app::predictions::panel(
                ui,
                &shown.predictions,
                shown.steps,
                shown.finished,
                tr!("link-predict-ask"),
                |p| crate::app::predictions::feedback(p, rule.clone(), measure.clone()),
            );
            if earlier_asked > 0 {
                ui.small(tr!(
                    "predict-score-all",
                    right = right + earlier_right,
                    asked = asked + earlier_asked
                ));
            }
        }
        ui.label(teach::narrate(s, shown.last_event, guided));
        let algorithm = if guided {
            tr!("algo-astar")
        } else {
            tr!("link-uniform-cost")
        };
        // A label, not a collapsing header: it wraps in the narrow panel.
        ui.label(tr!("pf-pseudocode", algorithm = algorithm));
        let lines = teach::pseudocode(guided);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let active = teach::active_lines(s, shown.last_event);
        crate::ui::pseudocode::pseudocode(ui, &lines, &active);
        // The naive search beside it, a cell per step, in its own pseudo-code.
        if let Some((progress, claims, _)) = naive_progress {
            ui.label(tr!("pf-pseudocode", algorithm = tr!("link-naive-title")));
            let lines = teach::naive_pseudocode();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            crate::ui::pseudocode::pseudocode(ui, &lines, &progress.active_lines(claims));
        }
    }
}
