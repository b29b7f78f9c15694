//! The planners' view: the decision for the current position, the classic planner's parts
//! revealed one at a time, and the panel that tells what each planner is doing.

use egui::Ui;

use super::teach::{self, Reveal};
use super::{Pilot, SnakeTab};
use crate::app::notice::Notice;
use crate::games::snake::Status;
use crate::games::snake::classic::{self, Branch};
use crate::games::snake::planner::CyclePlanner;
use crate::names;
use crate::tr;

impl SnakeTab {
    fn cycle_planner(&mut self) -> Result<&mut CyclePlanner, String> {
        let walls = &self.walls;
        match self
            .planners
            .cycle_planner
            .get_or_insert_with(|| CyclePlanner::new(walls))
        {
            Ok(planner) => Ok(planner),
            Err(message) => Err(message.to_string()),
        }
    }

    /// Works out the planner's next decision for the current position.
    pub(super) fn replan(&mut self) {
        self.planners.decision = None;
        self.planners.cycle_decision = None;
        self.planners.reveal = None;
        if self.play.game.status() != Status::Playing {
            return;
        }
        match self.planners.pilot {
            Pilot::Player => {}
            Pilot::Classic => self.planners.decision = Some(classic::decide(&self.play.game)),
            Pilot::Cycle => {
                let game = self.play.game.clone();
                let at = game.moves_made().len();
                match self.cycle_planner() {
                    Ok(planner) => {
                        let memory = planner.memory();
                        self.planners.cycle_decision = Some(planner.decide(&game));
                        self.planners.memories.resize(at, None);
                        self.planners.memories.push(Some(memory));
                    }
                    Err(message) => {
                        self.notice =
                            Some(Notice::info(crate::msg!("snake-no-cycle", why = message)));
                        self.planners.pilot = Pilot::Player;
                    }
                }
            }
        }
    }

    /// The steps of the current decision, in order (for stepping through it).
    pub(super) fn reveals(&self) -> Vec<Reveal> {
        let Some(d) = &self.planners.decision else {
            return vec![];
        };
        let mut list: Vec<Reveal> = (0..d.food.as_ref().map_or(0, |f| f.order.len()))
            .map(Reveal::FoodSearch)
            .collect();
        if d.path.is_some() {
            list.push(Reveal::Path);
        }
        list.extend(
            (0..d.virtual_tail.as_ref().map_or(0, |f| f.order.len())).map(Reveal::TailSearch),
        );
        list.push(Reveal::Choice);
        list
    }

    /// Advances through the current decision (pauses the game); the move is made after the
    /// last part has been shown.
    pub fn step_decision(&mut self) {
        self.play.playing = false;
        if self.planners.pilot != Pilot::Classic {
            self.step();
            return;
        }
        let total = self.reveals().len();
        match self.planners.reveal {
            None => self.planners.reveal = Some(0),
            Some(r) if r + 1 < total => {
                // The searches are long: show them a few cells at a time.
                let chunk = match self.reveals().get(r) {
                    Some(Reveal::FoodSearch(_) | Reveal::TailSearch(_)) => 4,
                    _ => 1,
                };
                let next = (r + chunk).min(total - 1);
                // Stop at the boundary between phases.
                let reveals = self.reveals();
                let phase = |x: Reveal| std::mem::discriminant(&x);
                let boundary = (r + 1..=next)
                    .find(|&i| phase(reveals[i]) != phase(reveals[r]))
                    .unwrap_or(next);
                self.planners.reveal = Some(boundary);
            }
            Some(_) => {
                self.step();
            }
        }
    }

    /// Why the planner chose its last move, for when the plan panel is collapsed.
    pub(super) fn compact_narration(&self, ui: &mut Ui) {
        let reason = match self.planners.pilot {
            Pilot::Player => None,
            Pilot::Classic => self
                .planners
                .decision
                .as_ref()
                .map(|d| d.reason.to_string()),
            Pilot::Cycle => self
                .planners
                .cycle_decision
                .as_ref()
                .map(|d| d.reason.to_string()),
        };
        if let Some(reason) = reason {
            crate::ui::presentation::narration(ui, reason);
        }
    }

    /// What the board's colours mean, for the steering in use; shown from the start.
    fn legend(&self, ui: &mut Ui) {
        use crate::games::snake::colors as snake;
        use crate::ui::color;
        let mut entries = vec![
            (color(snake::HEAD), tr!("legend-snake-head")),
            (color(snake::BODY), tr!("legend-snake-body")),
            (color(snake::FOOD), tr!("legend-snake-food")),
            (color(snake::WALL), tr!("legend-snake-wall")),
        ];
        match self.planners.pilot {
            Pilot::Player => {}
            Pilot::Classic => {
                entries.push((color(snake::FIELD), tr!("legend-snake-field")));
                entries.push((color(snake::TAIL_SEARCH), tr!("legend-snake-tail-search")));
                entries.push((color(snake::PLAN), tr!("legend-snake-plan")));
            }
            Pilot::Cycle => {
                entries.push((color(snake::PLAN), tr!("legend-snake-shortcut")));
                entries.push((color(snake::CYCLE), tr!("legend-snake-cycle")));
            }
        }
        ui.label(tr!("legend"));
        crate::ui::legend::legend(ui, &entries);
    }

    pub(super) fn plan_panel(&mut self, ui: &mut Ui) {
        self.legend(ui);
        ui.separator();
        match self.planners.pilot {
            Pilot::Player => {
                ui.label(tr!("snake-you-steer"));
            }
            Pilot::Classic => {
                ui.heading(tr!("snake-classic-heading"));
                ui.label(tr!("snake-classic-about"));
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button(tr!("snake-step-decision"))
                        .on_hover_text(tr!("snake-step-decision-tip"))
                        .clicked()
                    {
                        self.step_decision();
                    }
                });
                if let Some(d) = &self.planners.decision {
                    let reveals = self.reveals();
                    let shown = self.planners.reveal.map(|r| reveals.get(r).copied());
                    let phase = match shown {
                        None => tr!("snake-phase-whole"),
                        Some(Some(Reveal::FoodSearch(i))) => tr!(
                            "snake-phase-food",
                            expanded = i + 1,
                            cells = d.food.as_ref().map_or(0, |f| f.order.len())
                        ),
                        Some(Some(Reveal::Path)) => tr!("snake-phase-path"),
                        Some(Some(Reveal::TailSearch(i))) => {
                            tr!("snake-phase-tail", searched = i + 1)
                        }
                        Some(Some(Reveal::Choice)) | Some(None) => tr!("snake-phase-choice"),
                    };
                    ui.label(phase);
                    ui.separator();
                    let branch = match d.branch {
                        Branch::Food => tr!("snake-branch-food"),
                        Branch::FollowTail => tr!("snake-branch-tail"),
                        Branch::Survive => tr!("snake-branch-survive"),
                        Branch::Doomed => tr!("snake-branch-doomed"),
                    };
                    ui.strong(branch);
                    ui.label(d.reason.to_string());
                    let shown = shown.flatten();
                    show_code(
                        ui,
                        tr!("snake-code-classic-title"),
                        &teach::classic_pseudocode(),
                        &teach::classic_active(d, shown),
                    );
                    if !d.follow.is_empty() {
                        ui.label(tr!("snake-tail-checks"));
                        for check in &d.follow {
                            let dir = names::direction(check.dir);
                            ui.label(match check.distance {
                                Some(steps) => tr!("snake-tail-away", dir = dir, steps = steps),
                                None => tr!("snake-tail-unreachable", dir = dir),
                            });
                        }
                    }
                }
            }
            Pilot::Cycle => {
                ui.heading(tr!("snake-cycle-heading"));
                let rewires = matches!(&self.planners.cycle_planner, Some(Ok(p)) if p.rewires());
                ui.label(if rewires {
                    tr!("snake-cycle-about-rewire")
                } else {
                    tr!("snake-cycle-about-fixed")
                });
                if let Some(Err(message)) = &self.planners.cycle_planner {
                    ui.colored_label(ui.visuals().error_fg_color, message.to_string());
                }
                if let Some(d) = &self.planners.cycle_decision {
                    ui.separator();
                    ui.label(d.reason.to_string());
                    show_code(
                        ui,
                        tr!("snake-code-cycle-title"),
                        &teach::cycle_pseudocode(),
                        &teach::cycle_active(d),
                    );
                }
            }
        }
    }
}

/// A planner's pseudo-code under its title, with `active` lines highlighted.
fn show_code(ui: &mut Ui, title: String, lines: &[String], active: &[usize]) {
    ui.separator();
    ui.label(tr!("pf-pseudocode", algorithm = title));
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    crate::ui::pseudocode::pseudocode(ui, &lines, active);
}
