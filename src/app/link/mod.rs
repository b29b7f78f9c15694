//! The Link (连连看 / Onet) tab: play dealt boards, watch the fewest-turns link search
//! spread along straight rays (and the naive search go wrong), let the computer clear the
//! board, and paint boards of your own. Split by concern: `play` (clicks, hints, the clock,
//! the computer playing), `shown` (the link search shown step by step), `files` (painting
//! and opening and saving boards), `board` (drawing, with its colours) and `controls` (the
//! side panel).

mod board;
mod controls;
mod export;
mod files;
mod inspect;
mod play;
mod saved;
mod shown;
use crate::games::link::narrate as teach;

use crate::ui::side_panels::{PanelSpec, Side, SidePanels};
use std::path::Path;

use egui::Ui;

pub use shown::Shown;

use super::notice::{Notice, error_window};
use crate::games::link::LinkBoard;
use crate::games::link::deal::deal;
use crate::games::link::game::LinkGame;
use crate::games::link::presets;
use crate::games::link::records::BestTimes;
use crate::grid::Pos;
use crate::share::View;
use crate::tr;
use crate::ui::file_dialog::FileDialog;
use crate::ui::step_controls::FrameBudget;
use crate::ui::{BoardView, Pace};

/// Sizes offered (the play area).
pub const SIZES: [(usize, usize); 6] = [(8, 6), (12, 8), (14, 8), (16, 9), (18, 10), (24, 14)];

/// What the tab remembers between runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LinkSaved {
    pub width: usize,
    pub height: usize,
    pub seed: u64,
    pub gravity: bool,
    pub show_search: bool,
    pub best_times: BestTimes,
}

/// The board dealt: its size, seed and gravity.
pub(super) struct Deal {
    width: usize,
    height: usize,
    seed: u64,
    gravity: bool,
}

/// The game as it is played: the clock, the hint, the moments drawn, the best times.
pub(super) struct Play {
    /// The link just made, drawn for a moment.
    flash: Option<(Vec<Pos>, f64)>,
    /// A tile that was clicked in vain, drawn for a moment.
    refused: Option<(Pos, f64)>,
    hint: Option<(Pos, Pos)>,
    elapsed: f64,
    /// The clock runs from the player's first move (a click, a hint, a shuffle, the
    /// computer), not from when the board was dealt.
    clock_running: bool,
    /// The computer played on this board: clearing it sets no best time.
    computer_played: bool,
    best_times: BestTimes,
}

/// The link searches shown: the one on screen, how it is stepped, and the computer's play.
pub(super) struct Searching {
    /// Animate each link search (otherwise links are found at once).
    show_search: bool,
    /// Show the search guided by the turns still needed (A*) rather than by turns so far
    /// alone (uniform cost), which spreads along every ray.
    guided: bool,
    naive: bool,
    shown: Option<Shown>,
    /// Search steps per second when showing searches.
    search_speed: f64,
    /// Holds the shown search still, to step it by hand.
    search_paused: bool,
    /// Steps the shown search by hand: step, back, its timeline.
    search_player: crate::app::watch::Player,
    /// "Predict the next step": a click on the board answers which cell the shown search
    /// expands next.
    predicting: bool,
    /// Right answers and answers given in the searches shown before this one.
    earlier_predictions: (usize, usize),
    pace: Pace,
    /// The pairs the computer still has to clear, one search each.
    autoplay: Option<Vec<(Pos, Pos)>>,
}

/// Painting a board of one's own.
pub(super) struct Editing {
    editing: bool,
    paint_kind: Option<u8>,
}

pub struct LinkTab {
    game: LinkGame,
    deal: Deal,
    play: Play,
    searching: Searching,
    edit: Editing,
    /// The shipped board being played, whose notes the panel shows.
    preset: Option<String>,
    /// File → Export.
    export: crate::app::export_window::ExportWindow,
    notice: Option<Notice>,
    dialog: Option<FileDialog>,
    view: BoardView,
}

impl LinkTab {
    /// The tab as `saved` left it (checked already: see [`LinkSaved`]).
    pub fn new(saved: LinkSaved) -> LinkTab {
        let (width, height) = (saved.width.clamp(2, 40), saved.height.clamp(1, 30));
        let board =
            deal(width, height, saved.seed).unwrap_or_else(|_| LinkBoard::empty(width, height));
        LinkTab {
            game: LinkGame::new(board, saved.gravity, saved.seed),
            deal: Deal {
                width,
                height,
                seed: saved.seed,
                gravity: saved.gravity,
            },
            play: Play {
                flash: None,
                refused: None,
                hint: None,
                elapsed: 0.0,
                clock_running: false,
                computer_played: false,
                best_times: saved.best_times,
            },
            searching: Searching {
                show_search: saved.show_search,
                guided: false,
                naive: false,
                shown: None,
                search_speed: 200.0,
                search_paused: false,
                search_player: crate::app::watch::Player::default(),
                predicting: false,
                earlier_predictions: (0, 0),
                pace: Pace::default(),
                autoplay: None,
            },
            edit: Editing {
                editing: false,
                paint_kind: Some(0),
            },
            preset: None,
            export: export::window(),
            notice: None,
            dialog: None,
            view: BoardView::new("link-board", width + 2, height + 2).with_max_fit(80.0),
        }
    }

    pub fn saved(&self) -> LinkSaved {
        LinkSaved {
            width: self.deal.width,
            height: self.deal.height,
            seed: self.deal.seed,
            gravity: self.deal.gravity,
            show_search: self.searching.show_search,
            best_times: self.play.best_times.clone(),
        }
    }

    /// Where the centre of play cell `pos` was drawn last frame.
    pub fn view_center(&self, pos: Pos) -> Option<egui::Pos2> {
        self.view.screen_center(Pos::new(pos.x + 1, pos.y + 1))
    }
}

const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
    ("keys-h", "does-link-hint"),
    ("keys-s", "does-link-shuffle"),
    ("keys-u-ctrl-z", "does-undo"),
];

impl crate::app::tab::Tab for LinkTab {
    fn show_lesson_scene(&mut self, scene: &crate::lessons::Scene, _steps: usize) -> bool {
        let crate::lessons::Scene::Link(scene) = scene else {
            return false;
        };
        self.open_preset(&scene.preset);
        true
    }

    fn title(&self) -> String {
        tr!("tab-link")
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    fn handle_keys(&mut self, ui: &Ui) {
        self.play_keys(ui);
    }

    fn status(&self) -> String {
        let mut parts = vec![tr!(
            "link-status",
            width = self.deal.width,
            height = self.deal.height,
            seed = self.game.seed()
        )];
        if let Some(n) = &self.notice
            && !n.error
        {
            parts.push(n.text());
        }
        parts.join("   ·   ")
    }

    fn advance(&mut self, dt: f64, _: FrameBudget) -> bool {
        self.advance_play(dt)
    }

    fn ui(&mut self, ui: &mut Ui) {
        const PANELS: [PanelSpec; 1] = [PanelSpec {
            id: "link-controls",
            title: "panel-title-controls",
            side: Side::Left,
            width: 290.0,
        }];
        let panels = SidePanels::plan(ui, &PANELS);
        panels.show(ui, 0, |ui| self.controls(ui));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            if !panels.is_open(0) {
                self.compact_bar(ui);
            }
            self.board(ui);
        });
        let ctx = ui.ctx().clone();
        self.file_window(&ctx);
        self.export_window(&ctx);
        error_window(&ctx, &mut self.notice, &tr!("board-unchanged"));
    }

    fn modal_open(&self) -> bool {
        self.dialog.is_some() || self.export.busy()
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    fn shared_view(&self) -> Option<View> {
        Some(View::LinkBoard {
            board: self.game.board().to_text(),
        })
    }

    fn open_view(
        &mut self,
        view: Box<crate::share::Opened>,
    ) -> Result<(), Box<crate::share::Opened>> {
        let crate::share::Opened::LinkBoard(board) = *view else {
            return Err(view);
        };
        self.start(board);
        Ok(())
    }

    fn file_menu(&mut self, ui: &mut Ui) -> bool {
        let mut used = false;
        if ui.button(tr!("menu-export-link")).clicked() {
            self.open_export();
            used = true;
        }
        ui.menu_button(tr!("menu-preset-link"), |ui| {
            for (file, _) in presets::BOARDS {
                if ui.button(crate::games::preset_title(file)).clicked() {
                    self.open_preset(file);
                    used = true;
                }
            }
        });
        used
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["link"]
    }

    fn open_dropped(&mut self, name: &str, path: Option<&Path>, text: Result<String, String>) {
        match (path, text) {
            (Some(path), Ok(_)) => self.load_file(path),
            (None, Ok(text)) => match LinkBoard::parse(&text) {
                Ok(board) => self.start(board),
                Err(e) => self.notice = Some(Notice::could_not_open(name, e)),
            },
            (_, Err(e)) => self.notice = Some(Notice::could_not_open(name, e)),
        }
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
