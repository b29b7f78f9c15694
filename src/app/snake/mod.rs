//! The Snake tab: play with the keys, or let a planner drive; watch the classic planner
//! think through each move, or the cycle planner follow its Hamiltonian cycle. Split by
//! concern: `play` (moves, keys, pacing, high scores), `planner_view` (the planners'
//! decisions, stepped through and told), `board` (drawing, with its colours, and painting
//! walls) and `controls` (the side panel).

mod board;
mod controls;
mod export;
mod inspect;
mod lesson;
mod moves;
mod planner_view;
mod play;
mod saved;
mod share;
use crate::games::snake::narrate as teach;

use crate::ui::side_panels::{PanelSpec, Side, SidePanels};
use egui::Ui;

use super::notice::Notice;
use crate::games::snake::classic::Decision;
use crate::games::snake::planner::{CycleChoice, CyclePlanner, PlannerMemory};
use crate::games::snake::records::{HighScores, board_key};
use crate::games::snake::{MAX_SIDE, MIN_SIDE, SnakeGame};
use crate::grid::{Dir, Grid, Pos};
use crate::ui::step_controls::FrameBudget;
use crate::ui::{BoardView, Pace};

pub use teach::{DecisionReveal, Reveal};

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
    pub high_scores: HighScores,
}

/// The game in play: the moves, who made them, the pace, and the moves taken back.
pub(super) struct Play {
    game: SnakeGame,
    /// Moves per second.
    speed: f64,
    playing: bool,
    pace: Pace,
    /// The direction the player asked for, applied at the next move.
    queued: Option<Dir>,
    recorded: bool,
    /// A planner made a move in this game: its score is no high score.
    planner_moved: bool,
    /// Moves taken back, the latest last: Forward makes them again.
    undone: Vec<Dir>,
    /// Steps through the moves made and taken back (Back a move, Forward, a link's game
    /// caught up with over frames).
    moves_player: crate::app::watch::Player,
}

/// Who steers, and what the planners decided and show.
pub(super) struct Planners {
    pilot: Pilot,
    show_plan: bool,
    show_cycle: bool,
    /// The classic planner's decision for the current position, how much of it is shown,
    /// and the player that steps through it.
    decision: Option<Decision>,
    reveal: DecisionReveal,
    reveal_player: crate::app::watch::Player,
    /// The cycle planner for the current board and game (made when first needed).
    cycle_planner: Option<Result<CyclePlanner, crate::i18n::Message>>,
    cycle_decision: Option<CycleChoice>,
    /// What the cycle planner carried at each move of this game (when it was steering), so
    /// a rewound game gets the planner as it was.
    memories: Vec<Option<PlannerMemory>>,
}

pub struct SnakeTab {
    width: usize,
    height: usize,
    walls: Grid<bool>,
    seed: u64,
    play: Play,
    planners: Planners,
    high_scores: HighScores,
    pub(super) view: BoardView,
    /// File → Export.
    export: crate::app::export_window::ExportWindow,
    editing_walls: bool,
    notice: Option<Notice>,
}

impl SnakeTab {
    /// Where the centre of cell `pos` was drawn in the last frame (for tests that tap it).
    pub fn view_center(&self, pos: crate::grid::Pos) -> Option<egui::Pos2> {
        self.view.screen_center(pos)
    }

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
            play: Play {
                game,
                speed: saved.speed.clamp(MIN_SPEED, MAX_SPEED),
                playing: false,
                pace: Pace::default(),
                queued: None,
                recorded: false,
                planner_moved: false,
                undone: vec![],
                moves_player: crate::app::watch::Player::default(),
            },
            planners: Planners {
                pilot: saved.pilot,
                show_plan: true,
                show_cycle: false,
                decision: None,
                reveal: DecisionReveal::default(),
                reveal_player: Default::default(),
                cycle_planner: None,
                cycle_decision: None,
                memories: vec![],
            },
            high_scores: saved.high_scores,
            view: BoardView::new("snake-board", width, height).with_max_fit(96.0),
            export: export::window(),
            editing_walls: false,
            notice: None,
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
            speed: self.play.speed,
            pilot: self.planners.pilot,
            high_scores: self.high_scores.clone(),
        }
    }

    fn board_key(&self) -> String {
        board_key(
            self.width,
            self.height,
            self.walls.cells().iter().any(|&w| w),
        )
    }

    pub fn high_score(&self) -> usize {
        self.high_scores.best(&self.board_key())
    }
}

const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
    ("keys-arrows-wasd", "does-steer"),
    ("keys-space", "does-pause-resume"),
    ("keys-dot-enter", "does-one-move"),
    ("keys-comma", "does-one-part"),
    ("keys-1-2-3", "does-who-steers"),
    ("keys-r", "does-new-game"),
    ("keys-plus-minus", "does-faster-slower"),
];

impl crate::app::tab::Tab for SnakeTab {
    fn test_state(&self) -> serde_json::Value {
        self.state_for_tests()
    }

    fn show_lesson_scene(&mut self, scene: &crate::lessons::Scene, _steps: usize) -> bool {
        let crate::lessons::Scene::Snake(scene) = scene else {
            return false;
        };
        self.show_lesson_game(scene);
        true
    }

    fn title(&self) -> String {
        crate::tr!("tab-snake")
    }

    fn shared_view(&self) -> Option<crate::share::View> {
        Some(self.shared_game())
    }

    fn open_view(
        &mut self,
        view: Box<crate::share::Opened>,
    ) -> Result<(), Box<crate::share::Opened>> {
        let crate::share::Opened::Snake {
            walls,
            seed,
            planner,
            moves,
        } = *view
        else {
            return Err(view);
        };
        self.open_shared(walls, seed, planner, moves);
        Ok(())
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    fn handle_keys(&mut self, ui: &Ui) {
        self.play_keys(ui);
    }

    fn status(&self) -> String {
        let mut parts = vec![crate::tr!(
            "snake-status",
            width = self.width,
            height = self.height,
            seed = self.seed
        )];
        if let Some(n) = &self.notice
            && !n.error
        {
            parts.push(n.text());
        }
        parts.join("   ·   ")
    }

    fn advance(&mut self, dt: f64, budget: FrameBudget) -> bool {
        self.advance_play(dt, budget)
    }

    fn ui(&mut self, ui: &mut Ui) {
        const PANELS: [PanelSpec; 2] = [
            PanelSpec {
                id: "snake-controls",
                title: "panel-title-controls",
                side: Side::Left,
                width: 300.0,
            },
            PanelSpec {
                id: "snake-plan",
                title: "panel-title-plan",
                side: Side::Right,
                width: 320.0,
            },
        ];
        let panels = SidePanels::plan(ui, &PANELS);
        panels.show(ui, 0, |ui| self.controls(ui));
        panels.show(ui, 1, |ui| self.plan_panel(ui));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            if !panels.is_open(0) {
                self.compact_bar(ui);
            }
            if !panels.is_open(1) {
                self.compact_narration(ui);
            }
            self.board(ui);
        });
        self.export_window(ui.ctx());
        super::notice::error_window(ui.ctx(), &mut self.notice, &crate::tr!("snake-unchanged"));
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    fn modal_open(&self) -> bool {
        self.export.busy()
    }

    fn file_menu(&mut self, ui: &mut Ui) -> bool {
        let clicked = ui.button(crate::tr!("menu-export-snake")).clicked();
        if clicked {
            self.open_export();
        }
        clicked
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
