//! The D* Lite robot on the Pathfinding board, the classic demonstration of the algorithm: a
//! robot that sees only the cells within a sensor radius walks its plan to the goal, and each
//! time it sees a wall it did not know of, the plan is repaired rather than made again. The
//! board shows the plan as the robot believes it, the walls it has not seen yet (faded), its
//! trail and its sensor; the walk steps forward and back like any run.

use std::sync::Arc;

use egui::{Color32, Stroke, Ui};

use super::colors::{self, Overlays, marked, terrain_color};
use crate::games::sandbox::dstar_lite::{RobotMove, RobotWalk, WalkEnd};
use crate::games::sandbox::{Board, Connectivity, GridProblem, Heuristic, cell_mark};
use crate::grid::Pos;
use crate::search::Timeline;
use crate::teach::number;
use crate::tr;
use crate::ui::{BoardInput, BoardPainter, BoardView};

/// The sensor radius a robot starts with, and the largest offered.
pub const DEFAULT_RADIUS: u32 = 2;
pub const MAX_RADIUS: u32 = 20;

/// The largest board a robot walks (cells): its first plan is made at once, and takes about
/// a second at this size; larger boards say so instead.
pub const MAX_CELLS: usize = 1 << 20;

/// The bytes the walk's checkpoints may hold together (each copies the plan).
const CHECKPOINT_BYTES: usize = 1 << 30;

/// How much of a cell the robot has not seen keeps its real colour: enough for the class to
/// see the wall coming, faint enough to tell it is not yet known.
const UNSEEN_SHOWS: f32 = 0.35;

/// A light haze over every cell the robot has not looked at, so its view stands out.
const FOG: Color32 = Color32::from_gray(150);
const FOG_STRENGTH: f32 = 0.18;

/// A robot's walk, stepped move by move.
pub struct RobotRun {
    pub timeline: Timeline<RobotWalk>,
    /// The move and overlays the board was last painted with.
    painted: Option<(usize, Overlays)>,
}

impl RobotRun {
    pub fn new(
        board: Arc<Board>,
        connectivity: Connectivity,
        heuristic: Heuristic,
        radius: u32,
    ) -> RobotRun {
        let walk = RobotWalk::new(GridProblem::new(board, connectivity, heuristic), radius);
        RobotRun {
            timeline: Timeline::with_checkpoints(walk, 32, 16)
                .with_memory_limit(CHECKPOINT_BYTES, RobotWalk::memory_bytes),
            painted: None,
        }
    }

    pub fn walk(&self) -> &RobotWalk {
        self.timeline.current()
    }

    pub fn position(&self) -> usize {
        self.timeline.position()
    }

    pub fn at_end(&self) -> bool {
        self.timeline.at_end()
    }

    /// The move that led to the position shown (None at the start).
    pub fn last_move(&self) -> Option<&RobotMove> {
        self.timeline.last_step()
    }

    /// One move; false once the walk is over.
    pub fn step(&mut self) -> bool {
        self.timeline.step().is_some()
    }

    /// Goes to move `target` (clamped to the walk's length).
    pub fn seek(&mut self, target: usize) {
        self.timeline.seek(target);
    }

    /// What the last move did, in a sentence or two.
    pub fn narration(&self) -> String {
        let walk = self.walk();
        let Some(step) = self.last_move() else {
            return tr!(
                "robot-narrate-ready",
                at = walk.at().to_string(),
                radius = walk.radius(),
                expanded = walk.first_plan_expansions()
            );
        };
        let mut sentences = vec![];
        if step.discovered.is_empty() {
            if step.end.is_none() {
                sentences.push(tr!("robot-narrate-nothing-new"));
            }
        } else {
            sentences.push(tr!(
                "robot-narrate-saw",
                count = step.discovered.len(),
                expanded = step.repair_expansions
            ));
        }
        sentences.push(match (step.end, step.to) {
            (Some(WalkEnd::Arrived), _) => tr!(
                "robot-narrate-arrived",
                moves = walk.trail.len() - 1,
                discovered = walk.discovered,
                repairs = walk.repair_expansions,
                first = walk.first_plan_expansions()
            ),
            (Some(WalkEnd::NoWay), _) => tr!("robot-narrate-no-way"),
            (None, Some(to)) => tr!("robot-narrate-moved", to = to.to_string()),
            (None, None) => String::new(),
        });
        sentences.join(&tr!("sentence-gap"))
    }

    /// The walk's numbers, a row each.
    pub fn stats(&self, ui: &mut Ui) {
        let walk = self.walk();
        egui::Grid::new("robot-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for (name, value) in [
                    (tr!("robot-moves"), (walk.trail.len() - 1).to_string()),
                    (tr!("robot-discovered"), walk.discovered.to_string()),
                    (
                        tr!("robot-first-plan"),
                        walk.first_plan_expansions().to_string(),
                    ),
                    (tr!("robot-repairs"), walk.repair_expansions.to_string()),
                    (
                        tr!("robot-plan-cost"),
                        walk.plan().cost().map_or(tr!("stats-path-none"), number),
                    ),
                ] {
                    ui.label(name);
                    ui.label(value);
                    ui.end_row();
                }
            });
    }

    /// The lines (1-based) of [`pseudocode`] the last move went through.
    pub fn active_lines(&self) -> Vec<usize> {
        match self.last_move() {
            None => vec![1],
            Some(step) => match step.end {
                Some(WalkEnd::Arrived) => vec![2, 8],
                Some(WalkEnd::NoWay) => vec![6],
                None if step.discovered.is_empty() => vec![3, 7],
                None => vec![3, 4, 5, 7],
            },
        }
    }

    /// Paints the walk on `view` when the move shown or the overlays changed since it was
    /// last painted.
    pub fn refresh_view(&mut self, view: &mut BoardView, overlays: Overlays) {
        let now = (self.position(), overlays);
        if self.painted != Some(now) {
            self.repaint(view, overlays);
            self.painted = Some(now);
        }
    }

    /// Paints every cell: the plan's marks over the terrain as the robot believes it, and
    /// the real terrain faded where it has not looked.
    fn repaint(&self, view: &mut BoardView, overlays: Overlays) {
        let walk = self.walk();
        let truth = walk.truth().clone();
        // The believed board has the real one's legend: colours are worked out once.
        let palette: Vec<Color32> = truth.legend().iter().map(terrain_color).collect();
        let floor = palette[truth.floor_terrain() as usize];
        let plan = walk.plan();
        let believed = plan.problem().board().clone();
        let color = |index: Option<u8>| index.map_or(Color32::BLACK, |i| palette[i as usize]);
        view.paint_all(|pos| {
            let base = if walk.has_seen(pos) {
                color(believed.terrain_index(pos))
            } else {
                unseen(floor, color(truth.terrain_index(pos)))
            };
            marked(base, cell_mark(plan, pos), overlays)
        });
    }

    /// Draws the board with the trail, the plan ahead, the sensor and the robot.
    pub fn draw(&self, ui: &mut Ui, view: &mut BoardView, overlays: Overlays) -> BoardInput {
        let walk = self.walk();
        let goal = walk.plan().problem().goal;
        let plan = walk.plan().path();
        let discovered = self
            .last_move()
            .map_or(&[][..], |m| m.discovered.as_slice());
        view.show(ui, |painter: &BoardPainter| {
            let cell = painter.cell_size();
            if overlays.path
                && let Some(plan) = &plan
            {
                painter.path(
                    plan,
                    Stroke::new((cell * 0.2).clamp(2.0, 5.0), colors::PATH),
                );
            }
            painter.path(
                &walk.trail,
                Stroke::new((cell * 0.3).clamp(2.0, 7.0), colors::ROBOT),
            );
            for &pos in discovered {
                painter.outline(pos, Stroke::new(2.5, colors::ROBOT));
            }
            sensor(painter, walk.at(), walk.radius());
            painter.marker(walk.trail[0], colors::START, "S");
            painter.marker(goal, colors::GOAL, "G");
            painter.marker(walk.at(), colors::ROBOT, "R");
        })
    }
}

/// How a wall the robot has not seen looks (for the legend).
pub fn unseen_wall(board: &Board) -> Color32 {
    let legend = board.legend();
    let floor = terrain_color(&legend[board.floor_terrain() as usize]);
    let wall = legend
        .iter()
        .find(|t| t.cost.is_none())
        .map_or(floor, terrain_color);
    unseen(floor, wall)
}

/// How a cell of colour `real` looks before the robot has seen it.
fn unseen(floor: Color32, real: Color32) -> Color32 {
    crate::ui::mix(crate::ui::mix(floor, real, UNSEEN_SHOWS), FOG, FOG_STRENGTH)
}

/// The square of cells the robot sees from `at`.
fn sensor(painter: &BoardPainter, at: Pos, radius: u32) {
    let r = radius as i32;
    let corner = painter.cell_rect(at.offset(-r, -r));
    let far = painter.cell_rect(at.offset(r, r));
    painter.painter.rect_stroke(
        corner.union(far),
        0.0,
        Stroke::new(2.0, colors::ROBOT.gamma_multiply(0.7)),
        egui::StrokeKind::Inside,
    );
}

const ROBOT: [&str; 8] = [
    "code-robot-1",
    "code-robot-2",
    "code-robot-3",
    "code-robot-4",
    "code-robot-5",
    "code-robot-6",
    "code-robot-7",
    "code-robot-8",
];

/// The robot's loop in pseudo-code (Koenig and Likhachev 2002, Figure 4's Main).
pub fn pseudocode() -> Vec<String> {
    ROBOT.iter().map(|key| crate::i18n::tr(key, None)).collect()
}

impl crate::app::watch::Watched for RobotRun {
    fn standing(&self) -> crate::app::watch::Standing {
        crate::app::watch::Standing::of(&self.timeline)
    }

    fn step(&mut self) -> bool {
        self.step()
    }

    fn seek(&mut self, target: usize) {
        self.seek(target)
    }
}
