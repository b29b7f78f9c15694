//! The Snake tab: play with the keys, or let a planner drive; watch the classic planner
//! think through each move, or the cycle planner follow its Hamiltonian cycle.

mod saved;

use std::collections::BTreeMap;

use egui::{Color32, Key, Modifiers, Stroke, Ui};

use super::notice::Notice;
use crate::games::snake::classic::{self, Branch, Decision};
use crate::games::snake::planner::{CycleChoice, CyclePlanner};
use crate::games::snake::{MAX_SIDE, MIN_SIDE, Outcome, SnakeGame, Status};
use crate::grid::{Dir, Grid, Pos};
use crate::ui::{BoardView, mix};

/// Who steers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Pilot {
    Player,
    Classic,
    Cycle,
}

/// Moves per second offered.
pub const MIN_SPEED: f64 = 1.0;
pub const MAX_SPEED: f64 = 500.0;

/// What the tab remembers between runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SnakeSaved {
    pub width: usize,
    pub height: usize,
    /// Walls as rows of `#` and `.`.
    pub walls: Vec<String>,
    pub seed: u64,
    pub speed: f64,
    pub pilot: Pilot,
    /// Best score (apples) by board ("10x10", "12x8+walls").
    pub high_scores: BTreeMap<String, usize>,
}

/// One thing the classic planner looked at, in order, for stepping through a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reveal {
    FoodSearch(usize),
    Path,
    TailSearch(usize),
    Choice,
}

const FLOOR: Color32 = Color32::from_rgb(0xf2, 0xef, 0xe6);
const WALL: Color32 = Color32::from_rgb(0x3a, 0x3f, 0x4b);
const FIELD: Color32 = Color32::from_rgb(0x7f, 0xb8, 0xe0);
const TAIL_SEARCH: Color32 = Color32::from_rgb(0xe6, 0xb3, 0x5c);
const BODY: Color32 = Color32::from_rgb(0x2e, 0x8b, 0x57);
const HEAD: Color32 = Color32::from_rgb(0x1b, 0x5e, 0x20);
const FOOD: Color32 = Color32::from_rgb(0xd6, 0x28, 0x28);
const PLAN: Color32 = Color32::from_rgb(0x24, 0x5c, 0xc4);
const CYCLE: Color32 = Color32::from_rgba_premultiplied(0x30, 0x3a, 0x50, 0x90);

pub struct SnakeTab {
    pub width: usize,
    pub height: usize,
    pub walls: Grid<bool>,
    pub seed: u64,
    pub game: SnakeGame,
    pub pilot: Pilot,
    /// Moves per second.
    pub speed: f64,
    pub playing: bool,
    carry: f64,
    /// The direction the player asked for, applied at the next move.
    queued: Option<Dir>,
    pub high_scores: BTreeMap<String, usize>,
    view: BoardView,
    pub editing_walls: bool,
    pub show_plan: bool,
    pub show_cycle: bool,
    /// The classic planner's decision for the current position, and how much of it is shown.
    pub decision: Option<Decision>,
    reveal: Option<usize>,
    /// The cycle planner for the current board and game (made when first needed).
    cycle_planner: Option<Result<CyclePlanner, String>>,
    pub cycle_decision: Option<CycleChoice>,
    pub notice: Option<Notice>,
    recorded: bool,
    /// A planner made a move in this game: its score is no high score.
    pub planner_moved: bool,
}

impl SnakeTab {
    /// The tab as `saved` left it (checked already: see [`SnakeSaved`]).
    pub fn new(saved: SnakeSaved) -> SnakeTab {
        let (width, height) = (
            saved.width.clamp(MIN_SIDE, MAX_SIDE),
            saved.height.clamp(MIN_SIDE, MAX_SIDE),
        );
        let mut walls = Grid::new(width, height, false);
        for (y, row) in saved.walls.iter().enumerate().take(height) {
            for (x, c) in row.chars().enumerate().take(width) {
                walls.set(Pos::new(x as i32, y as i32), c == '#');
            }
        }
        let game = SnakeGame::new(width, height, &walls, saved.seed)
            .or_else(|_| SnakeGame::open(width, height, saved.seed))
            .unwrap_or_else(|_| {
                SnakeGame::open(MIN_SIDE, MIN_SIDE, 1).expect("a 6 x 6 board is valid")
            });
        let mut tab = SnakeTab {
            width,
            height,
            walls,
            seed: saved.seed,
            game,
            pilot: saved.pilot,
            speed: saved.speed.clamp(MIN_SPEED, MAX_SPEED),
            playing: false,
            carry: 0.0,
            queued: None,
            high_scores: saved.high_scores,
            view: BoardView::new("snake-board", width, height).with_max_fit(48.0),
            editing_walls: false,
            show_plan: true,
            show_cycle: false,
            decision: None,
            reveal: None,
            cycle_planner: None,
            cycle_decision: None,
            notice: None,
            recorded: false,
            planner_moved: false,
        };
        tab.replan();
        tab
    }

    pub fn saved(&self) -> SnakeSaved {
        SnakeSaved {
            width: self.width,
            height: self.height,
            walls: self
                .walls
                .rows()
                .map(|row| row.iter().map(|&w| if w { '#' } else { '.' }).collect())
                .collect(),
            seed: self.seed,
            speed: self.speed,
            pilot: self.pilot,
            high_scores: self.high_scores.clone(),
        }
    }

    fn board_key(&self) -> String {
        let walled = self.walls.cells().iter().any(|&w| w);
        format!(
            "{}x{}{}",
            self.width,
            self.height,
            if walled { "+walls" } else { "" }
        )
    }

    pub fn high_score(&self) -> usize {
        self.high_scores
            .get(&self.board_key())
            .copied()
            .unwrap_or(0)
    }

    /// A new game on the current board with the current seed.
    pub fn restart(&mut self) {
        match SnakeGame::new(self.width, self.height, &self.walls, self.seed) {
            Ok(game) => {
                self.game = game;
                self.recorded = false;
                self.planner_moved = false;
                self.queued = None;
                self.cycle_planner = None;
                self.replan();
            }
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Changes the board size (walls that fit are kept) and starts over.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.width = width.clamp(MIN_SIDE, MAX_SIDE);
        self.height = height.clamp(MIN_SIDE, MAX_SIDE);
        self.walls = self.walls.resized(self.width, self.height, false);
        self.view.resize(self.width, self.height);
        self.restart();
    }

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
    fn replan(&mut self) {
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

    /// Makes one move: the planner's, or the player's queued one (or straight on).
    pub fn step(&mut self) -> Outcome {
        let dir = match self.pilot {
            Pilot::Player => self
                .queued
                .take()
                .or(self.game.heading())
                .unwrap_or(Dir::Right),
            Pilot::Classic => self.decision.as_ref().map_or(Dir::Up, |d| d.choice),
            Pilot::Cycle => self.cycle_decision.as_ref().map_or(Dir::Up, |d| d.choice),
        };
        self.planner_moved |= self.pilot != Pilot::Player;
        let outcome = self.game.step(dir);
        if matches!(outcome, Outcome::Died(_) | Outcome::Won) {
            self.playing = false;
            self.record();
        }
        self.replan();
        outcome
    }

    fn record(&mut self) {
        if self.recorded {
            return;
        }
        self.recorded = true;
        if self.planner_moved {
            return;
        }
        let key = self.board_key();
        let score = self.game.eaten();
        let best = self.high_scores.entry(key).or_insert(0);
        if score > *best {
            *best = score;
            self.notice = Some(Notice::info(format!("A new high score: {score}")));
        }
    }

    /// The steps of the current decision, in order (for stepping through it).
    fn reveals(&self) -> Vec<Reveal> {
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

    pub fn handle_keys(&mut self, ui: &Ui) {
        let (dirs, space, step, decision, restart, manual, classic, cycle, faster, slower) = ui
            .input_mut(|i| {
                let dirs = crate::ui::consume_direction_keys(i);
                (
                    dirs,
                    i.consume_key(Modifiers::NONE, Key::Space),
                    i.consume_key(Modifiers::NONE, Key::Period)
                        || i.consume_key(Modifiers::NONE, Key::Enter),
                    i.consume_key(Modifiers::NONE, Key::Comma),
                    i.consume_key(Modifiers::NONE, Key::R),
                    i.consume_key(Modifiers::NONE, Key::Num1),
                    i.consume_key(Modifiers::NONE, Key::Num2),
                    i.consume_key(Modifiers::NONE, Key::Num3),
                    i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
                    i.key_pressed(Key::Minus),
                )
            });
        if let Some(&dir) = dirs.last() {
            self.queued = Some(dir);
            if self.pilot == Pilot::Player && !self.playing && self.game.status() == Status::Playing
            {
                self.playing = true;
            }
        }
        if space {
            self.playing = !self.playing;
        }
        if step {
            self.playing = false;
            self.step();
        }
        if decision {
            self.step_decision();
        }
        if restart {
            self.restart();
        }
        for (pressed, pilot) in [
            (manual, Pilot::Player),
            (classic, Pilot::Classic),
            (cycle, Pilot::Cycle),
        ] {
            if pressed {
                self.set_pilot(pilot);
            }
        }
        if faster {
            self.speed = (self.speed * 1.5).min(MAX_SPEED);
        }
        if slower {
            self.speed = (self.speed / 1.5).max(MIN_SPEED);
        }
    }

    pub fn set_pilot(&mut self, pilot: Pilot) {
        self.pilot = pilot;
        self.replan();
    }

    /// This frame's moves; true while more frames are needed.
    pub fn advance(&mut self, dt: f64) -> bool {
        if !self.playing || self.game.status() != Status::Playing {
            self.carry = 0.0;
            return false;
        }
        self.carry += self.speed * dt.min(0.25);
        let began = std::time::Instant::now();
        while self.carry >= 1.0 && self.playing {
            self.carry -= 1.0;
            self.step();
            if began.elapsed() > crate::ui::step_controls::FRAME_BUDGET {
                self.carry = 0.0;
                break;
            }
        }
        true
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        egui::Panel::left("snake-controls")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.controls(ui))
            });
        egui::Panel::right("snake-plan")
            .resizable(true)
            .default_size(320.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.plan_panel(ui))
            });
        egui::CentralPanel::default_margins().show(ui, |ui| self.board(ui));
        super::notice::error_window(
            ui.ctx(),
            &mut self.notice,
            "The game on screen is unchanged.",
        );
    }

    fn controls(&mut self, ui: &mut Ui) {
        ui.heading(format!(
            "Score {}   Length {}",
            self.game.eaten(),
            self.game.len()
        ));
        ui.label(format!(
            "Steps {}   Best on this board {}",
            self.game.steps(),
            self.high_score()
        ));
        match self.game.status() {
            Status::Dead(death) => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    format!(
                        "Game over: the snake hit {}. Press R to play again.",
                        match death {
                            crate::games::snake::Death::Wall => "a wall",
                            crate::games::snake::Death::Body => "itself",
                        }
                    ),
                );
            }
            Status::Won => {
                ui.colored_label(
                    Color32::from_rgb(0x3a, 0x8f, 0x3e),
                    "Won: the snake fills the board!",
                );
            }
            Status::Playing => {}
        }
        ui.horizontal(|ui| {
            let label = if self.playing { "Pause" } else { "Play" };
            if ui.button(label).on_hover_text("Space").clicked() {
                self.playing = !self.playing;
            }
            if ui
                .button("Step")
                .on_hover_text("One move (. or Enter)")
                .clicked()
            {
                self.playing = false;
                self.step();
            }
            if ui.button("Restart").on_hover_text("R").clicked() {
                self.restart();
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Speed");
            ui.add(
                egui::Slider::new(&mut self.speed, MIN_SPEED..=MAX_SPEED)
                    .logarithmic(true)
                    .suffix(" moves/s"),
            )
            .labelled_by(label.id);
        });
        ui.separator();
        ui.label("Who steers (1, 2, 3)");
        let before = self.pilot;
        ui.radio_value(&mut self.pilot, Pilot::Player, "You (arrows or WASD)");
        ui.radio_value(&mut self.pilot, Pilot::Classic, "Classic planner");
        ui.radio_value(&mut self.pilot, Pilot::Cycle, "Cycle planner (never loses)");
        if self.pilot != before {
            self.replan();
        }
        ui.checkbox(&mut self.show_plan, "Show the plan");
        ui.checkbox(&mut self.show_cycle, "Show the Hamiltonian cycle");
        ui.separator();
        ui.heading("Board");
        ui.horizontal(|ui| {
            let (mut w, mut h) = (self.width, self.height);
            let label = ui.label("Size");
            let a = ui
                .add(egui::DragValue::new(&mut w).range(MIN_SIDE..=MAX_SIDE))
                .labelled_by(label.id);
            ui.label("×");
            let b = ui
                .add(egui::DragValue::new(&mut h).range(MIN_SIDE..=MAX_SIDE))
                .on_hover_text("Height");
            if (a.changed() || b.changed()) && (w, h) != (self.width, self.height) {
                self.resize(w, h);
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Seed");
            if ui
                .add(egui::DragValue::new(&mut self.seed))
                .labelled_by(label.id)
                .changed()
            {
                self.restart();
            }
            if ui.button("New seed").clicked() {
                self.seed = rand::random::<u32>() as u64;
                self.restart();
            }
        });
        ui.checkbox(
            &mut self.editing_walls,
            "Paint walls (click or drag on the board)",
        );
        if ui.button("Clear walls").clicked() {
            self.walls = Grid::new(self.width, self.height, false);
            self.restart();
        }
        ui.small("Keys: arrows/WASD steer, Space pause, . or Enter one move, comma one part of a decision, R restart, 1/2/3 who steers, +/- speed.");
    }

    fn plan_panel(&mut self, ui: &mut Ui) {
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

    fn board(&mut self, ui: &mut Ui) {
        let (w, h) = (self.width, self.height);
        self.view.resize(w, h);
        let walls = &self.walls;
        // Cell colours: walls, floor, and the planner's searches as far as they are shown.
        let mut field: Grid<Option<f32>> = Grid::new(w, h, None);
        let mut tail_cells: Grid<bool> = Grid::new(w, h, false);
        let reveals = self.reveals();
        let shown_upto = self.reveal.map(|r| reveals.get(r).copied());
        if self.show_plan
            && let Some(d) = &self.decision
        {
            let food_limit = match shown_upto {
                None => usize::MAX,
                Some(Some(Reveal::FoodSearch(i))) => i + 1,
                _ => usize::MAX,
            };
            if let Some(food) = &d.food {
                let max = food.order.len().max(1) as f32;
                for (i, &cell) in food.order.iter().enumerate().take(food_limit) {
                    field.set(cell, Some(1.0 - i as f32 / max));
                }
            }
            let tail_limit = match shown_upto {
                None => usize::MAX,
                Some(Some(Reveal::TailSearch(i))) => i + 1,
                Some(Some(Reveal::Choice)) => usize::MAX,
                _ => 0,
            };
            if let Some(tail) = &d.virtual_tail {
                for &cell in tail.order.iter().take(tail_limit) {
                    tail_cells.set(cell, true);
                }
            }
        }
        self.view.paint_all(|p| {
            if walls[p] {
                WALL
            } else if let Some(heat) = field[p] {
                mix(FLOOR, FIELD, 0.15 + 0.75 * heat * heat)
            } else {
                FLOOR
            }
        });
        let game = &self.game;
        let show_path = self.show_plan
            && match shown_upto {
                None => true,
                Some(Some(Reveal::FoodSearch(_))) => false,
                _ => true,
            };
        let plan = self
            .decision
            .as_ref()
            .and_then(|d| d.path.clone())
            .filter(|_| show_path);
        let ghost = self
            .decision
            .as_ref()
            .and_then(|d| d.virtual_body.clone())
            .filter(|_| show_path);
        let cycle_path = self
            .cycle_decision
            .as_ref()
            .and_then(|d| d.path.clone())
            .filter(|_| self.show_plan);
        let cycle_order = self
            .cycle_decision
            .as_ref()
            .map(|d| d.cycle.clone())
            .filter(|_| self.show_cycle);
        let input = self.view.show(ui, |painter| {
            let cell = painter.cell_size();
            // The tail check's search: a dot in each cell it reached.
            for p in painter.visible_cells() {
                if tail_cells[p] {
                    painter.painter.circle_filled(
                        painter.cell_rect(p).center(),
                        cell * 0.12,
                        TAIL_SEARCH,
                    );
                }
            }
            if let Some(order) = &cycle_order {
                let mut closed = order.clone();
                closed.extend(order.first());
                painter.path(&closed, Stroke::new((cell * 0.08).max(1.0), CYCLE));
            }
            if let Some(ghost) = &ghost {
                for &p in ghost {
                    let rect = painter.cell_rect(p).shrink(cell * 0.3);
                    painter.painter.rect_stroke(
                        rect,
                        cell * 0.1,
                        Stroke::new(1.5, PLAN),
                        egui::StrokeKind::Inside,
                    );
                }
            }
            for (i, &p) in game.body().iter().enumerate().rev() {
                let t = i as f32 / game.len().max(1) as f32;
                let color = if i == 0 {
                    HEAD
                } else {
                    mix(BODY, Color32::from_rgb(0x9c, 0xd6, 0xa8), t)
                };
                painter.painter.rect_filled(
                    painter.cell_rect(p).shrink(cell * 0.06),
                    cell * 0.2,
                    color,
                );
            }
            if let Some(food) = game.food() {
                painter
                    .painter
                    .circle_filled(painter.cell_rect(food).center(), cell * 0.35, FOOD);
            }
            for path in [&plan, &cycle_path].into_iter().flatten() {
                painter.path(path, Stroke::new((cell * 0.15).clamp(2.0, 5.0), PLAN));
            }
        });
        if self.editing_walls {
            let mut changed = false;
            for pos in input.pressed.into_iter().chain(input.dragged) {
                if !self.game.is_body(pos) && self.game.food() != Some(pos) {
                    let wall = !self.walls[pos];
                    self.walls.set(pos, wall);
                    changed = true;
                }
            }
            if changed {
                self.restart();
            }
        }
    }

    pub fn status(&self) -> String {
        let mut parts = vec![format!(
            "Snake {} x {}, seed {}",
            self.width, self.height, self.seed
        )];
        if let Some(n) = &self.notice
            && !n.error
        {
            parts.push(n.text.clone());
        }
        parts.join("   ·   ")
    }
}

const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
    ("Arrows or WASD", "steer (the first key starts the game)"),
    ("Space", "pause / resume"),
    (". or Enter", "one move"),
    (",", "one part of the planner's decision"),
    ("1 / 2 / 3", "you steer / classic planner / cycle planner"),
    ("R", "a new game"),
    ("+ / -", "faster / slower"),
];

impl crate::app::tab::Tab for SnakeTab {
    fn title(&self) -> String {
        "Snake".into()
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    fn handle_keys(&mut self, ui: &Ui) {
        SnakeTab::handle_keys(self, ui);
    }

    fn status(&self) -> String {
        SnakeTab::status(self)
    }

    fn advance(&mut self, dt: f64) -> bool {
        SnakeTab::advance(self, dt)
    }

    fn ui(&mut self, ui: &mut Ui) {
        SnakeTab::ui(self, ui);
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
