//! The planners' view: the decision for the current position, the classic planner's parts
//! revealed one at a time, and the panel that tells what each planner is doing.

use egui::Ui;

use super::teach::{self, DecisionReveal, Reveal};
use super::{Pilot, SnakeTab};
use crate::app::notice::Notice;
use crate::app::watch::Watched;
use crate::games::snake::Status;
use crate::games::snake::classic::{self, Branch};
use crate::games::snake::planner::CyclePlanner;
use crate::names;
use crate::tr;
use crate::ui::StepAction;

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
        self.planners.reveal = DecisionReveal::default();
        if self.play.game.status() != Status::Playing {
            return;
        }
        match self.planners.pilot {
            Pilot::Player => {}
            Pilot::Classic => {
                let decision = classic::decide(&self.play.game);
                self.planners.reveal = DecisionReveal::of(&decision);
                self.planners.decision = Some(decision);
            }
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

    /// Steps through the current decision (pauses the game): `action` shows the next part
    /// of it, or takes one back; the move is made once the last part has been shown.
    pub fn step_decision(&mut self, action: StepAction) {
        self.play.playing = false;
        let at_end = self.planners.reveal.at_end();
        if self.planners.pilot != Pilot::Classic || (at_end && action == StepAction::Step) {
            self.step();
            return;
        }
        let reveal = std::slice::from_mut(&mut self.planners.reveal);
        self.planners.reveal_player.apply(reveal, action);
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
                    let back = egui::Button::new(tr!("snake-step-decision-back"));
                    let shown = self.planners.reveal.position() > 0;
                    if ui.add_enabled(shown, back).clicked() {
                        self.step_decision(StepAction::StepBack);
                    }
                    let step = ui.button(tr!("snake-step-decision"));
                    if step.on_hover_text(tr!("snake-step-decision-tip")).clicked() {
                        self.step_decision(StepAction::Step);
                    }
                });
                if let Some(d) = &self.planners.decision {
                    let shown = self.planners.reveal.shown();
                    let phase = match shown {
                        None => tr!("snake-phase-whole"),
                        Some(Reveal::FoodSearch(i)) => tr!(
                            "snake-phase-food",
                            expanded = i + 1,
                            cells = d.food.as_ref().map_or(0, |f| f.order.len())
                        ),
                        Some(Reveal::Path) => tr!("snake-phase-path"),
                        Some(Reveal::TailSearch(i)) => tr!("snake-phase-tail", searched = i + 1),
                        Some(Reveal::Choice) => tr!("snake-phase-choice"),
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
