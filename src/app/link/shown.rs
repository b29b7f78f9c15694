//! The link search shown step by step: started for a pair of tiles, stepped at the search
//! speed (or by hand), its verdict acted on, and told in the side panel; the naive search
//! beside it when asked for.

use egui::Ui;

use super::LinkTab;
use super::teach;
use crate::app::predictions::Predictions;
use crate::app::watch::{Standing, Watched};
use crate::games::link::LinkBoard;
use crate::games::link::finder::{LinkField, LinkProblem, PLAY_TURNS, naive_turns};
use crate::grid::Pos;
use crate::search::{Algorithm, Event, Search, Timeline};
use crate::tr;
use crate::ui::StepAction;

/// A link search being shown step by step.
pub struct Shown {
    /// The search, stepped back and forth over its timeline while it runs.
    timeline: Timeline<Search<LinkProblem>>,
    pub from: Pos,
    pub to: Pos,
    /// Remove the pair when the search finds the link (play and auto-play do).
    pub remove: bool,
    /// The naive search's verdict on the same pair, and the cells it visited.
    pub naive: Option<(Option<u32>, Vec<Pos>)>,
    /// The verdict has been acted on (it stays on screen until the next search): the board
    /// may have changed, so the search no longer moves.
    pub finished: bool,
    /// The board it searched, so it can be replayed (File → Export).
    pub board: LinkBoard,
    /// The answers predicted for this search, by the step they led to.
    pub predictions: Predictions,
}

/// What a link search found, once it knows: the link's cells, or None when no link of at
/// most [`PLAY_TURNS`] turns joins the pair.
pub type Verdict = Option<Vec<Pos>>;

impl Shown {
    /// The search as it stands at the step shown.
    pub fn search(&self) -> &Search<LinkProblem> {
        self.timeline.current()
    }

    /// The search before its first step.
    pub fn origin(&self) -> &Search<LinkProblem> {
        self.timeline.first()
    }

    /// Steps taken to the step shown.
    pub fn steps(&self) -> usize {
        self.timeline.position()
    }

    /// The furthest step taken, for the timeline.
    pub fn reached(&self) -> usize {
        self.timeline.furthest()
    }

    /// What the step shown did (None before the first).
    pub fn last_event(&self) -> Option<Event> {
        self.timeline.last_step().copied()
    }

    /// The verdict at the step shown, once the search knows it: nodes come out in order of
    /// their fewest possible turns (f), so one beyond the limit means no link is left to
    /// find, and a goal reached with more turns is no link in play.
    pub fn verdict(&self) -> Option<Verdict> {
        let search = self.search();
        match self.last_event()? {
            Event::Expanded { node, .. } if (search.f(node) as u32) <= PLAY_TURNS => None,
            Event::Found { goal } if (search.g(goal) as u32) <= PLAY_TURNS => Some(Some(
                search.path_to(goal).into_iter().map(|(p, _)| p).collect(),
            )),
            _ => Some(None),
        }
    }
}

/// The shown search as the player steps it: back and forth while it runs, and no further
/// once it knows its verdict (the tab acts on it, and the board may change).
impl Watched for Shown {
    fn standing(&self) -> Standing {
        Standing {
            position: self.steps(),
            known: self.reached(),
            finished: self.finished || self.timeline.end().is_some(),
            at_end: self.finished || self.verdict().is_some() || self.timeline.at_end(),
        }
    }

    fn step(&mut self) -> bool {
        !self.at_end() && self.timeline.step().is_some()
    }

    /// Goes to step `step`, up to the furthest taken, while the search still runs.
    fn seek(&mut self, step: usize) {
        if !self.finished {
            self.timeline.seek(step.min(self.reached()));
        }
    }
}

impl LinkTab {
    /// Starts showing the link search from `from` to `to`.
    pub fn show_search_for(&mut self, from: Pos, to: Pos, remove: bool) {
        self.carry_predictions();
        let field = LinkField::new(self.game.board());
        let algorithm = if self.searching.guided {
            Algorithm::AStar
        } else {
            Algorithm::Dijkstra
        };
        let search = Search::new(field.problem(from, to), algorithm);
        let naive = self
            .searching
            .naive
            .then(|| naive_turns(self.game.board(), from, to));
        self.searching.shown = Some(Shown {
            timeline: Timeline::new(search),
            board: self.game.board().clone(),
            predictions: Predictions::default(),
            from,
            to,
            remove,
            naive,
            finished: false,
        });
    }

    /// Adds the shown search's answers to the earlier ones (before it goes).
    pub(super) fn carry_predictions(&mut self) {
        if let Some(shown) = &self.searching.shown {
            let (right, asked) = shown.predictions.score(shown.steps());
            self.searching.earlier_predictions.0 += right;
            self.searching.earlier_predictions.1 += asked;
        }
    }

    /// Takes `cell` as the answer to "which cell does the shown search expand next?":
    /// judges it, takes the step, and keeps the answer.
    pub fn predict(&mut self, cell: Pos) {
        let Some(shown) = self.searching.shown.as_ref().filter(|s| !s.finished) else {
            return;
        };
        let Some(prediction) = crate::games::link::predict::judge(shown.search(), cell) else {
            return;
        };
        self.searching.search_paused = true;
        self.step_search();
        if let Some(shown) = &mut self.searching.shown {
            let step = shown.steps();
            shown.predictions.record(step, prediction);
        }
    }

    /// Steps the shown search once (through the player); returns whether it has finished.
    pub fn step_search(&mut self) -> bool {
        self.apply_to_search(StepAction::Step);
        self.searching.shown.as_ref().is_none_or(|s| s.finished)
    }

    /// Applies a step control to the shown search, then acts on its verdict if it has
    /// just come.
    pub fn apply_to_search(&mut self, action: StepAction) {
        if let Some(shown) = &mut self.searching.shown {
            self.searching
                .search_player
                .apply(std::slice::from_mut(shown), action);
        }
        self.act_on_verdict();
    }

    /// Once the shown search knows its verdict: the link flashes (and the pair goes, in
    /// play), or the second tile is refused (and becomes the selection, in play).
    fn act_on_verdict(&mut self) {
        let Some(shown) = self.searching.shown.as_mut().filter(|s| !s.finished) else {
            return;
        };
        let Some(found) = shown.verdict() else {
            return;
        };
        shown.finished = true;
        let (from, to, remove) = (shown.from, shown.to, shown.remove);
        match found {
            Some(cells) => {
                self.play.flash = Some((cells, if remove { 0.6 } else { 1.5 }));
                if remove {
                    let shuffled = self.game.take_pair(from, to);
                    self.after_removal(shuffled);
                }
            }
            None => {
                self.play.refused = Some((to, 0.6));
                if remove {
                    // As in play: the second tile becomes the selection.
                    self.game.click(to);
                }
            }
        }
    }

    /// The shown search in the side panel: hold and step, what it has done, its verdict, and
    /// the naive search's.
    pub(super) fn search_panel(&mut self, ui: &mut Ui) {
        if self.searching.show_search || self.searching.autoplay.is_some() {
            ui.checkbox(&mut self.searching.predicting, tr!("predict-toggle"))
                .on_hover_text(tr!("link-predict-tip"));
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut self.searching.search_paused, tr!("link-hold-search"));
                let can_go_back = self
                    .searching
                    .shown
                    .as_ref()
                    .is_some_and(|s| !s.finished && s.steps() > 0);
                if ui
                    .add_enabled(can_go_back, egui::Button::new(tr!("link-step-back")))
                    .clicked()
                {
                    self.searching.search_paused = true;
                    self.apply_to_search(StepAction::StepBack);
                }
                if ui.button(tr!("link-step-search")).clicked() {
                    self.searching.search_paused = true;
                    self.step_search();
                }
            });
            // The timeline over the steps taken, while the search runs (once it has ended
            // the board may have changed under it).
            if let Some(shown) = self.searching.shown.as_ref().filter(|s| !s.finished) {
                let mut actions = vec![];
                let (at, reached) = (shown.steps(), shown.reached());
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label(crate::tr!("run-timeline")).id;
                    crate::ui::step_controls::timeline(
                        ui,
                        Some(label),
                        at,
                        reached,
                        false,
                        &mut actions,
                    );
                });
                for action in actions {
                    self.searching.search_paused = true;
                    self.apply_to_search(action);
                }
            }
        }
        let Some(shown) = &self.searching.shown else {
            return;
        };
        ui.separator();
        let s = shown.search();
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
            let progress = teach::NaiveProgress::at(shown.steps(), visited.len(), shown.finished);
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
        if self.searching.predicting {
            let (rule, measure) = if guided {
                (tr!("predict-rule-link-guided"), "f".to_string())
            } else {
                (tr!("predict-rule-link"), tr!("predict-measure-turns"))
            };
            let (right, asked) = shown.predictions.score(shown.steps());
            let (earlier_right, earlier_asked) = self.searching.earlier_predictions;
            crate::app::predictions::panel(
                ui,
                &shown.predictions,
                shown.steps(),
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
        ui.label(teach::narrate(s, shown.last_event(), guided));
        let algorithm = if guided {
            tr!("algo-astar")
        } else {
            tr!("link-uniform-cost")
        };
        // A label, not a collapsing header: it wraps in the narrow panel.
        ui.label(tr!("pf-pseudocode", algorithm = algorithm));
        let lines = teach::pseudocode(guided);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let active = teach::active_lines(s, shown.last_event());
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
