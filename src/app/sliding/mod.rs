//! The Sliding puzzle tab (八数码 on 3 x 3, 十五数码 on 4 x 4, up to 5 x 5): play it, with the
//! goal you choose, and watch the board's searches solve it with the same views as the
//! other tabs. Split by concern: `play` (moves, shuffles, typed positions, the clock and best
//! results), `watch` (the searches stepped, compared and predicted), `tables` (pattern
//! databases made away from the frames), `board` (drawing positions), `controls` (the left
//! panel), `view` (the board or the search in the middle), `teach` (pseudo-code, narration,
//! the charts).

mod board;
mod controls;
mod export;
mod inspect;
mod play;
use crate::games::sliding::replay;
use play::Play;
mod saved;
use crate::games::sliding::session;
mod share;
use crate::games::sliding::tables;
mod view;
mod watch;
pub use watch::FinishedRun;
use watch::Watch;

use egui::Ui;

use super::notice::{Notice, error_window};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{BestResults, Goal, PuzzleHeuristic, SlidingGame};
use crate::search::Algorithm;
use crate::tr;
use crate::ui::side_panels::{PanelSpec, Side, SidePanels};
use crate::ui::step_controls::FrameBudget;

pub use saved::SlidingSaved;
pub use session::PuzzleSession;

/// Playing, or watching a search solve the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    Play,
    Watch,
}

pub struct SlidingTab {
    side: usize,
    goal: Goal,
    mode: Mode,
    play: Play,
    watch: Watch,
    /// The pattern database being made for the chosen goal, while it is.
    tables: tables::TablesBuild,
    /// File → Export.
    export: crate::app::export_window::ExportWindow,
    notice: Option<Notice>,
}

impl SlidingTab {
    /// The tab as `saved` left it (checked already: see [`SlidingSaved`]).
    pub fn new(saved: SlidingSaved) -> SlidingTab {
        let goal_position = saved.goal.position(saved.side);
        let game = SlidingGame::new(saved.start, goal_position)
            .or_else(|_| SlidingGame::new(goal_position, goal_position))
            .expect("the goal reaches itself");
        let mut tab = SlidingTab {
            side: saved.side,
            goal: saved.goal,
            mode: Mode::Play,
            play: Play::new(game, saved.shuffle_moves, saved.seed, saved.best),
            watch: Watch::new(saved.algorithm, saved.heuristic, saved.speed),
            tables: tables::TablesBuild::default(),
            export: export::window(),
            notice: None,
        };
        tab.restore_code(saved.code);
        tab
    }

    pub fn saved(&self) -> SlidingSaved {
        SlidingSaved {
            side: self.side,
            goal: self.goal,
            start: self.play.game().start(),
            shuffle_moves: self.play.shuffling().0,
            seed: self.play.shuffling().1,
            algorithm: self.watch.search().0,
            heuristic: self.watch.search().1,
            speed: self.watch.playback().speed,
            best: self.play.best().clone(),
            code: self.code_saved(),
        }
    }
}

/// The searches offered: those of the board's registry that run on a puzzle.
fn offered() -> Vec<PathAlgorithm> {
    PathAlgorithm::all()
        .filter(|a| {
            !matches!(
                a.descriptor().shape,
                crate::games::sandbox::algorithms::Shape::Own
            )
        })
        .collect()
}

/// The search a new tab starts with.
fn first_search() -> PathAlgorithm {
    PathAlgorithm::search(Algorithm::AStar)
}

const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
    ("keys-arrows-wasd", "does-sliding-slide"),
    ("keys-u-ctrl-z", "does-undo"),
    ("keys-s", "does-sliding-shuffle"),
    ("keys-ctrl-v", "does-sliding-paste"),
    ("keys-run", "does-sliding-watch"),
];

impl FinishedRun {
    /// Its name in the current language: the search and its heuristic.
    pub fn label(&self) -> String {
        watch::run_label(self.search.0, self.search.1)
    }
}

impl crate::app::tab::Tab for SlidingTab {
    fn test_state(&self) -> serde_json::Value {
        self.state_for_tests()
    }

    fn show_lesson_scene(&mut self, scene: &crate::lessons::Scene, steps: usize) -> bool {
        let crate::lessons::Scene::Sliding(scene) = scene else {
            return false;
        };
        self.show_puzzle_scene(scene, steps);
        true
    }

    fn title(&self) -> String {
        tr!("tab-sliding")
    }

    fn shared_view(&self) -> Option<crate::share::View> {
        Some(self.shared_puzzle())
    }

    fn open_view(
        &mut self,
        view: Box<crate::share::Opened>,
    ) -> Result<(), Box<crate::share::Opened>> {
        let crate::share::Opened::Puzzle {
            start,
            goal,
            search,
            compare,
            step,
            program,
        } = *view
        else {
            return Err(view);
        };
        self.open_shared(start, goal, search, compare, step, program);
        Ok(())
    }

    fn check_code_against(&mut self, rule: crate::search::judge::Rule) {
        self.set_code_check(rule);
    }

    fn code_judged(&self, rule: crate::search::judge::Rule) -> Option<(bool, String)> {
        self.code().judged_against(rule)
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    fn handle_keys(&mut self, ui: &Ui) {
        match self.mode {
            Mode::Play if self.play.replaying() => self.replay_keys(ui),
            Mode::Play => self.play_keys(ui),
            Mode::Watch => self.watch_keys(ui),
        }
        // Ctrl+V outside a text field plays the position pasted (refused, with the game
        // unchanged, when it is none).
        if let Some(text) = crate::ui::pasted(ui) {
            self.play_typed(&text);
        }
    }

    fn status(&self) -> String {
        let mut parts = vec![tr!(
            "sliding-status",
            side = self.side,
            moves = self.play.game().moves()
        )];
        if let Some(n) = &self.notice
            && !n.error
        {
            parts.push(n.text());
        }
        parts.join("   ·   ")
    }

    fn advance(&mut self, dt: f64, budget: FrameBudget) -> bool {
        let clock = self.tick(dt);
        let replay = self.advance_replay(dt, budget);
        let tables = self.tables.advance(budget);
        let runs = self.advance_runs(dt, budget);
        clock || replay || tables || runs
    }

    fn ui(&mut self, ui: &mut Ui) {
        const CONTROLS: PanelSpec = PanelSpec {
            id: "sliding-controls",
            title: "panel-title-controls",
            side: Side::Left,
            width: 290.0,
        };
        const PANELS: [PanelSpec; 2] = [
            CONTROLS,
            PanelSpec {
                id: "sliding-teach",
                title: "panel-title-explained",
                side: Side::Right,
                width: 340.0,
            },
        ];
        // The student's program wants room for a line of code (some 60 characters).
        const CODE_PANELS: [PanelSpec; 2] = [
            CONTROLS,
            PanelSpec {
                id: "sliding-code",
                title: "panel-title-code",
                side: Side::Right,
                width: 470.0,
            },
        ];
        self.watch.rename();
        let specs = if self.runs_your_code() {
            &CODE_PANELS
        } else {
            &PANELS
        };
        let panels = SidePanels::plan(ui, specs);
        panels.show(ui, 0, |ui| self.controls(ui));
        if self.mode == Mode::Watch {
            panels.show(ui, 1, |ui| self.teach_panel(ui));
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            if !panels.is_open(0) {
                self.compact_bar(ui);
            }
            self.central(ui);
        });
        let ctx = ui.ctx().clone();
        self.goal_question(&ctx);
        self.export_window(&ctx);
        error_window(&ctx, &mut self.notice, &tr!("sliding-unchanged"));
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    fn modal_open(&self) -> bool {
        self.play.asking_goal() || self.export.busy()
    }

    fn file_menu(&mut self, ui: &mut Ui) -> bool {
        let clicked = ui.button(tr!("menu-export-sliding")).clicked();
        if clicked {
            self.open_export();
        }
        clicked
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
