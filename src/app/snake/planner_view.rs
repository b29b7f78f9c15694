//! The planners' view: the decision for the current position, the classic planner's parts
//! revealed one at a time, and the panel that tells what each planner is doing.

use egui::Ui;

use super::{Pilot, SnakeTab};
use crate::app::notice::Notice;
use crate::games::snake::Status;
use crate::games::snake::classic::{self, Branch};
use crate::games::snake::planner::CyclePlanner;

/// One thing the classic planner looked at, in order, for stepping through a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    FoodSearch(usize),
    Path,
    TailSearch(usize),
    Choice,
}

impl SnakeTab {
    fn cycle_planner(&mut self) -> Result<&mut CyclePlanner, String> {
        let walls = &self.walls;
        match self
            .cycle_planner
            .get_or_insert_with(|| CyclePlanner::new(walls))
        {
            Ok(planner) => Ok(planner),
            Err(message) => Err(message.clone()),
        }
    }

    /// Works out the planner's next decision for the current position.
    pub(super) fn replan(&mut self) {
        self.decision = None;
        self.cycle_decision = None;
        self.reveal = None;
        if self.game.status() != Status::Playing {
            return;
        }
        match self.pilot {
            Pilot::Player => {}
            Pilot::Classic => self.decision = Some(classic::decide(&self.game)),
            Pilot::Cycle => {
                let game = self.game.clone();
                match self.cycle_planner() {
                    Ok(planner) => self.cycle_decision = Some(planner.decide(&game)),
                    Err(message) => {
                        self.notice = Some(Notice::info(format!(
                            "The cycle planner cannot play this board: {message}."
                        )));
                        self.pilot = Pilot::Player;
                    }
                }
            }
        }
    }

    /// The steps of the current decision, in order (for stepping through it).
    pub(super) fn reveals(&self) -> Vec<Reveal> {
        let Some(d) = &self.decision else {
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
        self.playing = false;
        if self.pilot != Pilot::Classic {
            self.step();
            return;
        }
        let total = self.reveals().len();
        match self.reveal {
            None => self.reveal = Some(0),
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
                self.reveal = Some(boundary);
            }
            Some(_) => {
                self.step();
            }
        }
    }

    pub(super) fn plan_panel(&mut self, ui: &mut Ui) {
        match self.pilot {
            Pilot::Player => {
                ui.label("You are steering. Pick a planner to watch it think.");
            }
            Pilot::Classic => {
                ui.heading("The classic planner");
                ui.label(
                    "Each move: a BFS from the food (the body is a wall) gives every cell its distance to the food. \
                     A virtual snake follows the shortest path and eats; the plan is kept only if the virtual head can \
                     then still reach its tail. Otherwise the snake follows its tail; if nothing is safe, any move that \
                     does not die now.",
                );
                ui.horizontal(|ui| {
                    if ui
                        .button("Step through the decision")
                        .on_hover_text("comma")
                        .clicked()
                    {
                        self.step_decision();
                    }
                });
                if let Some(d) = &self.decision {
                    let reveals = self.reveals();
                    let shown = self.reveal.map(|r| reveals.get(r).copied());
                    let phase = match shown {
                        None => "Whole decision shown.".to_string(),
                        Some(Some(Reveal::FoodSearch(i))) => format!(
                            "1. BFS from the food: {} of {} cells expanded.",
                            i + 1,
                            d.food.as_ref().map_or(0, |f| f.order.len())
                        ),
                        Some(Some(Reveal::Path)) => {
                            "2. The shortest path, and the virtual snake after eating.".into()
                        }
                        Some(Some(Reveal::TailSearch(i))) => format!(
                            "3. Can the virtual head reach its tail? {} cells searched.",
                            i + 1
                        ),
                        Some(Some(Reveal::Choice)) | Some(None) => "4. The choice.".into(),
                    };
                    ui.label(phase);
                    ui.separator();
                    let branch = match d.branch {
                        Branch::Food => "Going for the food",
                        Branch::FollowTail => "Following the tail",
                        Branch::Survive => "Just surviving",
                        Branch::Doomed => "Doomed",
                    };
                    ui.strong(branch);
                    ui.label(&d.reason);
                    if !d.follow.is_empty() {
                        ui.label("Tail checks of the safe moves:");
                        for check in &d.follow {
                            ui.label(format!(
                                "  {:?}: {}",
                                check.dir,
                                check
                                    .distance
                                    .map_or("tail unreachable".to_string(), |t| format!(
                                        "tail {t} steps away"
                                    ))
                            ));
                        }
                    }
                }
            }
            Pilot::Cycle => {
                ui.heading("The cycle planner");
                let rewires = matches!(&self.cycle_planner, Some(Ok(p)) if p.rewires());
                ui.label(if rewires {
                    "Each cell may move two ways: around its 2 x 2 block, or out into one neighbouring block. A loop of such \
                     moves through every cell (a Hamiltonian cycle) is the walk around a spanning tree of the blocks. The snake \
                     only makes moves after which its body still lies along such a loop, so it can always follow the loop: it \
                     never dies. It takes the shortest way to the food that keeps this true after every move, and when there is \
                     none it follows the loop until one opens. The loop is chosen afresh each move."
                } else {
                    "The snake follows a Hamiltonian cycle through every cell. Ranked from the tail along the cycle, \
                     its body climbs from tail to head, so every cell ranked above the head is free and the next cycle \
                     cell is always open: it never dies. It takes the cheapest uphill path to the food, skipping ahead \
                     when that cannot trap it."
                });
                if let Some(Err(message)) = &self.cycle_planner {
                    ui.colored_label(ui.visuals().error_fg_color, message);
                }
                if let Some(d) = &self.cycle_decision {
                    ui.separator();
                    ui.label(&d.reason);
                }
            }
        }
    }
}
