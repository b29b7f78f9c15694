//! The Link (连连看 / Onet) tab: play dealt boards, watch the fewest-turns link search
//! spread along straight rays (and the naive search go wrong), let the computer clear the
//! board, and paint boards of your own.

mod saved;

use std::path::{Path, PathBuf};

use egui::{Color32, Key, Modifiers, Stroke, Ui};

use super::notice::{Notice, error_window};
use crate::files::{read_text, write_text};
use crate::games::link::autoplay::clear;
use crate::games::link::deal::deal;
use crate::games::link::finder::{LinkField, LinkProblem, LinkState, PLAY_TURNS, naive_turns};
use crate::games::link::game::{Click, LinkGame};
use crate::games::link::presets;
use crate::games::link::{LinkBoard, SYMBOLS};
use crate::grid::{Grid, Pos};
use crate::search::{Algorithm, Event, NodeStatus, Search};
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog};
use crate::ui::{BoardView, mix};

/// Sizes offered (the play area).
pub const SIZES: [(usize, usize); 6] = [(8, 6), (12, 8), (14, 8), (16, 9), (18, 10), (24, 14)];

/// Okabe-Ito colours, distinguishable with the common colour blindnesses; shapes and letters
/// tell the tiles apart as well.
const PALETTE: [Color32; 8] = [
    Color32::from_rgb(0xe6, 0x9f, 0x00),
    Color32::from_rgb(0x56, 0xb4, 0xe9),
    Color32::from_rgb(0x00, 0x9e, 0x73),
    Color32::from_rgb(0xd5, 0x5e, 0x00),
    Color32::from_rgb(0x00, 0x72, 0xb2),
    Color32::from_rgb(0xcc, 0x79, 0xa7),
    Color32::from_rgb(0xf0, 0xe4, 0x42),
    Color32::from_rgb(0x99, 0x99, 0x99),
];

const RING: Color32 = Color32::from_rgb(0xdd, 0xe4, 0xea);
const CELL: Color32 = Color32::from_rgb(0xf5, 0xf3, 0xee);
/// Tints for cells the search reached with 0, 1, 2 and more turns.
const TURNS: [Color32; 4] = [
    Color32::from_rgb(0x9a, 0xd1, 0xf5),
    Color32::from_rgb(0xb5, 0xe3, 0xb0),
    Color32::from_rgb(0xf6, 0xd0, 0x8c),
    Color32::from_rgb(0xf2, 0xa7, 0xa7),
];
const LINK: Color32 = Color32::from_rgb(0xd6, 0x28, 0x28);

/// What the tab remembers between runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LinkSaved {
    pub width: usize,
    pub height: usize,
    pub seed: u64,
    pub gravity: bool,
    pub show_search: bool,
    pub best_times: std::collections::BTreeMap<String, f64>,
}

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
}

pub struct LinkTab {
    pub game: LinkGame,
    pub width: usize,
    pub height: usize,
    pub seed: u64,
    pub gravity: bool,
    /// Animate each link search (otherwise links are found at once).
    pub show_search: bool,
    /// Show the search guided by the turns still needed (A*) rather than by turns so far
    /// alone (uniform cost), which spreads along every ray.
    pub guided: bool,
    pub naive: bool,
    pub shown: Option<Shown>,
    /// The link just made, drawn for a moment.
    flash: Option<(Vec<Pos>, f64)>,
    /// A tile that was clicked in vain, drawn for a moment.
    refused: Option<(Pos, f64)>,
    pub hint: Option<(Pos, Pos)>,
    pub elapsed: f64,
    pub autoplay: Option<Vec<(Pos, Pos)>>,
    /// The computer played on this board: clearing it sets no best time.
    pub computer_played: bool,
    /// Search steps per second when showing searches.
    pub search_speed: f64,
    /// Holds the shown search still, to step it by hand.
    pub search_paused: bool,
    carry: f64,
    pub editing: bool,
    pub paint_kind: Option<u8>,
    pub best_times: std::collections::BTreeMap<String, f64>,
    pub notice: Option<Notice>,
    dialog: Option<(FileDialog, bool)>,
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
            width,
            height,
            seed: saved.seed,
            gravity: saved.gravity,
            show_search: saved.show_search,
            guided: false,
            naive: false,
            shown: None,
            flash: None,
            refused: None,
            hint: None,
            elapsed: 0.0,
            autoplay: None,
            computer_played: false,
            search_speed: 200.0,
            search_paused: false,
            carry: 0.0,
            editing: false,
            paint_kind: Some(0),
            best_times: saved.best_times,
            notice: None,
            dialog: None,
            view: BoardView::new("link-board", width + 2, height + 2).with_max_fit(56.0),
        }
    }

    pub fn saved(&self) -> LinkSaved {
        LinkSaved {
            width: self.width,
            height: self.height,
            seed: self.seed,
            gravity: self.gravity,
            show_search: self.show_search,
            best_times: self.best_times.clone(),
        }
    }

    /// Deals a new board of the chosen size from the seed.
    pub fn new_deal(&mut self) {
        match deal(self.width, self.height, self.seed) {
            Ok(board) => self.start(board),
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Starts playing a shipped board; the naive trap is set up to be searched both ways.
    pub fn open_preset(&mut self, file: &str) {
        match presets::board(file) {
            Ok(board) => {
                self.gravity = false;
                self.start(board);
                if file == "naive-trap.link" {
                    self.naive = true;
                    self.show_search = true;
                }
            }
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    /// Starts playing `board`.
    pub fn start(&mut self, board: LinkBoard) {
        if let Err(message) = board.check() {
            self.notice = Some(Notice::error(format!(
                "This board cannot be played: {message}."
            )));
            return;
        }
        self.width = board.width();
        self.height = board.height();
        self.view.resize(self.width + 2, self.height + 2);
        self.game = LinkGame::new(board, self.gravity, self.seed);
        self.elapsed = 0.0;
        self.shown = None;
        self.flash = None;
        self.hint = None;
        self.autoplay = None;
        self.computer_played = false;
        self.editing = false;
        // News about the last board is stale now; errors stay until dismissed.
        self.notice = self.notice.take().filter(|n| n.error);
    }

    fn key(&self) -> String {
        format!(
            "{}x{}{}",
            self.width,
            self.height,
            if self.gravity { " gravity" } else { "" }
        )
    }

    /// A click on a play cell.
    pub fn click(&mut self, pos: Pos) {
        if self.game.is_won() || self.autoplay.is_some() {
            return;
        }
        self.hint = None;
        self.shown = None;
        let first = self.game.selected();
        let second_of_pair = first
            .is_some_and(|f| f != pos && self.game.board().tile(f) == self.game.board().tile(pos));
        if self.show_search
            && second_of_pair
            && let Some(from) = first
        {
            self.show_search_for(from, pos, true);
            return;
        }
        match self.game.click(pos) {
            Click::Removed { link, shuffled } => {
                self.flash = Some((link.cells, 0.5));
                self.after_removal(shuffled);
            }
            Click::Different(p) | Click::NoLink(p) => self.refused = Some((p, 0.4)),
            _ => {}
        }
    }

    fn after_removal(&mut self, shuffled: bool) {
        if shuffled {
            self.notice = Some(Notice::info(
                "No pair could be removed: the tiles were shuffled.",
            ));
        }
        if self.game.is_won() && self.computer_played {
            self.notice = Some(Notice::info(format!(
                "Cleared with the computer's help in {:.0} s (no best time)",
                self.elapsed
            )));
        } else if self.game.is_won() {
            let key = self.key();
            let best = self.best_times.entry(key).or_insert(f64::INFINITY);
            let record = self.elapsed < *best;
            if record {
                *best = self.elapsed;
            }
            self.notice = Some(Notice::info(format!(
                "Cleared in {:.0} s with {} points{}",
                self.elapsed,
                self.game.score(),
                if record { " — a best time!" } else { "" }
            )));
        }
    }

    /// Starts showing the link search from `from` to `to`.
    pub fn show_search_for(&mut self, from: Pos, to: Pos, remove: bool) {
        let field = LinkField::new(self.game.board());
        let algorithm = if self.guided {
            Algorithm::AStar
        } else {
            Algorithm::Dijkstra
        };
        let search = Search::new(field.problem(from, to), algorithm);
        let naive = self.naive.then(|| naive_turns(self.game.board(), from, to));
        self.shown = Some(Shown {
            search,
            from,
            to,
            remove,
            naive,
            finished: false,
        });
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

    /// Starts the computer clearing the board.
    pub fn start_autoplay(&mut self) {
        match clear(self.game.board(), self.gravity, 200_000) {
            Some(moves) => {
                let mut moves = moves;
                moves.reverse();
                self.autoplay = Some(moves);
                self.computer_played = true;
            }
            None => {
                self.notice = Some(Notice::info(
                    "The computer found no way to clear this board as it stands; try a shuffle.",
                ))
            }
        }
    }

    /// This frame's share of animation; true while more frames are needed.
    pub fn advance(&mut self, dt: f64) -> bool {
        let mut busy = false;
        if !self.game.is_won() && !self.editing {
            self.elapsed += dt;
            busy = true;
        }
        for timer in [
            self.flash.as_mut().map(|f| &mut f.1),
            self.refused.as_mut().map(|r| &mut r.1),
        ]
        .into_iter()
        .flatten()
        {
            *timer -= dt;
            busy = true;
        }
        if self.flash.as_ref().is_some_and(|f| f.1 <= 0.0) {
            self.flash = None;
        }
        if self.refused.as_ref().is_some_and(|r| r.1 <= 0.0) {
            self.refused = None;
        }
        let searching = self.shown.as_ref().is_some_and(|s| !s.finished);
        if (searching || self.autoplay.is_some()) && !self.search_paused {
            busy = true;
            self.carry += self.search_speed * dt.min(0.25);
            while self.carry >= 1.0 {
                self.carry -= 1.0;
                if self.shown.as_ref().is_none_or(|s| s.finished) {
                    match self.autoplay.as_mut().and_then(|m| m.pop()) {
                        Some((a, b)) => self.show_search_for(a, b, true),
                        None => {
                            self.autoplay = None;
                            break;
                        }
                    }
                }
                self.step_search();
            }
        } else {
            self.carry = 0.0;
        }
        busy
    }

    pub fn handle_keys(&mut self, ui: &Ui) {
        let (hint, shuffle, undo) = ui.input_mut(|i| {
            (
                i.consume_key(Modifiers::NONE, Key::H),
                i.consume_key(Modifiers::NONE, Key::S),
                i.consume_key(Modifiers::COMMAND, Key::Z) || i.consume_key(Modifiers::NONE, Key::U),
            )
        });
        if hint {
            self.hint = self.game.hint();
        }
        if shuffle {
            self.game.shuffle();
        }
        if undo {
            self.game.undo();
        }
    }

    pub fn modal_open(&self) -> bool {
        self.dialog.is_some()
    }

    pub fn load_file(&mut self, path: &Path) {
        match read_text(path)
            .and_then(|t| LinkBoard::parse(&t).map_err(|e| format!("{}: {e}", path.display())))
        {
            Ok(board) => {
                self.width = board.width();
                self.height = board.height();
                self.view.resize(self.width + 2, self.height + 2);
                self.game = LinkGame::new(board, self.gravity, self.seed);
                self.editing = true;
                self.notice = Some(Notice::info(format!(
                    "Opened {}: press Play this board to play it.",
                    path.display()
                )));
            }
            Err(message) => self.notice = Some(Notice::error(format!("Could not open: {message}"))),
        }
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        egui::Panel::left("link-controls")
            .resizable(true)
            .default_size(290.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.controls(ui))
            });
        egui::CentralPanel::default_margins().show(ui, |ui| self.board(ui));
        let ctx = ui.ctx().clone();
        if let Some((dialog, _)) = &mut self.dialog
            && let Some(outcome) = dialog.show(&ctx)
        {
            let saving = self.dialog.take().is_some_and(|(_, s)| s);
            if let DialogOutcome::Chosen(path) = outcome {
                if saving {
                    let path = if path.extension().is_none() {
                        path.with_extension("link")
                    } else {
                        path
                    };
                    self.notice = Some(match write_text(&path, &self.game.board().to_text()) {
                        Ok(()) => Notice::info(format!("Saved {}", path.display())),
                        Err(message) => Notice::error(message),
                    });
                } else {
                    self.load_file(&path);
                }
            }
        }
        error_window(&ctx, &mut self.notice, "The board on screen is unchanged.");
    }

    fn controls(&mut self, ui: &mut Ui) {
        ui.heading(format!(
            "Score {}   {:.0} s",
            self.game.score(),
            self.elapsed
        ));
        ui.label(format!(
            "{} tiles left, seed {}{}",
            self.game.board().count(),
            self.game.seed(),
            self.best_times
                .get(&self.key())
                .map_or(String::new(), |t| format!(", best {t:.0} s"))
        ));
        if self.game.is_won() {
            ui.colored_label(Color32::from_rgb(0x3a, 0x8f, 0x3e), "Cleared!");
        }
        ui.horizontal(|ui| {
            if ui.button("Hint").on_hover_text("H").clicked() {
                self.hint = self.game.hint();
            }
            if ui.button("Shuffle").on_hover_text("S").clicked() {
                self.game.shuffle();
            }
            if ui
                .add_enabled(self.game.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("U or Ctrl+Z")
                .clicked()
            {
                self.game.undo();
            }
        });
        ui.horizontal(|ui| {
            let playing = self.autoplay.is_some();
            if ui
                .button(if playing {
                    "Stop the computer"
                } else {
                    "Let the computer clear it"
                })
                .clicked()
            {
                if playing {
                    self.autoplay = None;
                } else {
                    self.start_autoplay();
                }
            }
        });
        ui.checkbox(&mut self.show_search, "Show each link search");
        ui.checkbox(
            &mut self.guided,
            "Guide it by the turns still needed (A*)",
        )
        .on_hover_text("Without: uniform cost, fewest turns so far first, spreading along every ray. With: A* adds the turns still needed, worked out backwards from the second tile, and heads straight for it.");
        ui.checkbox(
            &mut self.naive,
            "Compare with the naive search (marks cells, not headings)",
        );
        ui.horizontal(|ui| {
            let label = ui.label("Search speed");
            ui.add(
                egui::Slider::new(&mut self.search_speed, 2.0..=5000.0)
                    .logarithmic(true)
                    .suffix(" steps/s"),
            )
            .labelled_by(label.id);
        });
        ui.separator();
        ui.heading("New board");
        ui.horizontal_wrapped(|ui| {
            for (w, h) in SIZES {
                if ui
                    .selectable_label((self.width, self.height) == (w, h), format!("{w} x {h}"))
                    .clicked()
                {
                    self.width = w;
                    self.height = h;
                    self.new_deal();
                }
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.seed))
                .labelled_by(label.id);
            if ui.button("New seed").clicked() {
                self.seed = rand::random::<u32>() as u64;
                self.new_deal();
            }
        });
        ui.horizontal(|ui| {
            if ui
                .checkbox(&mut self.gravity, "Gravity (tiles fall)")
                .changed()
            {
                self.game.gravity = self.gravity;
            }
            if ui.button("Deal").clicked() {
                self.new_deal();
            }
        });
        ui.separator();
        ui.heading("Your own board");
        ui.checkbox(&mut self.editing, "Paint tiles (click a cell)");
        if self.editing {
            ui.horizontal_wrapped(|ui| {
                ui.selectable_value(&mut self.paint_kind, None, "Erase");
                for (k, symbol) in SYMBOLS.chars().take(16).enumerate() {
                    ui.selectable_value(&mut self.paint_kind, Some(k as u8), symbol.to_string());
                }
            });
            if ui.button("Play this board").clicked() {
                let board = self.game.board().clone();
                self.start(board);
            }
        }
        ui.horizontal(|ui| {
            let folder = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
            if ui.button("Open…").clicked() {
                self.dialog = Some((
                    FileDialog::new(
                        DialogMode::Open,
                        "Open a Link board",
                        &folder,
                        "",
                        &["link", "txt"],
                    ),
                    false,
                ));
            }
            if ui.button("Save…").clicked() {
                self.dialog = Some((
                    FileDialog::new(
                        DialogMode::Save,
                        "Save the Link board",
                        &folder,
                        "board.link",
                        &["link"],
                    ),
                    true,
                ));
            }
            if ui
                .button("Naive trap")
                .on_hover_text("A board where the naive search misses a link")
                .clicked()
            {
                self.open_preset("naive-trap.link");
            }
        });
        if self.show_search || self.autoplay.is_some() {
            ui.horizontal(|ui| {
                ui.checkbox(&mut self.search_paused, "Hold the search");
                if ui.button("Step the search").clicked() {
                    self.search_paused = true;
                    self.step_search();
                }
            });
        }
        if let Some(shown) = &self.shown {
            ui.separator();
            let s = &shown.search;
            ui.label(format!(
                "Link search from {} to {}: {} states expanded, {} in the frontier.",
                shown.from,
                shown.to,
                s.expansions(),
                s.frontier_len()
            ));
            match s.ended() {
                Some(Event::Found { goal }) if s.g(goal) as u32 <= PLAY_TURNS => {
                    ui.label(format!(
                        "Linked with {} turns ({} segments).",
                        s.g(goal),
                        s.g(goal) + 1.0
                    ));
                }
                Some(_) => {
                    ui.label("No link of at most three segments.");
                }
                None if shown.finished => {
                    ui.label("No link of at most three segments.");
                }
                None => {
                    ui.label("Cells are tinted by the turns it took to reach them: blue none, green one, orange two.");
                }
            }
            if let Some((naive, visited)) = &shown.naive {
                ui.label(match naive {
                    Some(t) => format!(
                        "The naive search (visiting {} cells) claims {t} turns.",
                        visited.len()
                    ),
                    None => format!(
                        "The naive search (visiting {} cells) finds no link at all.",
                        visited.len()
                    ),
                });
            }
        }
        ui.small("Click two equal tiles: a path of at most three straight segments through empty cells (or around the outside) removes them.");
    }

    fn board(&mut self, ui: &mut Ui) {
        let (w, h) = (self.width as i32, self.height as i32);
        self.view.resize(self.width + 2, self.height + 2);
        // Search tints: the fewest turns each cell was reached with.
        let mut reached: Grid<Option<u32>> = Grid::new(self.width + 2, self.height + 2, None);
        let mut frontier: Grid<bool> = Grid::new(self.width + 2, self.height + 2, false);
        if let Some(shown) = &self.shown {
            let s = &shown.search;
            for node in s.nodes() {
                let (p, _): LinkState = *s.state(node);
                let v = Pos::new(p.x + 1, p.y + 1);
                let turns = s.g(node) as u32;
                if s.status(node) == NodeStatus::Visited {
                    if reached.get(v).copied().flatten().is_none_or(|t| turns < t) {
                        reached.set(v, Some(turns));
                    }
                } else {
                    frontier.set(v, true);
                }
            }
        }
        let board = self.game.board().clone();
        self.view.paint_all(|v| {
            let p = Pos::new(v.x - 1, v.y - 1);
            let base = if board.contains(p) { CELL } else { RING };
            match reached.get(v).copied().flatten() {
                Some(t) => mix(base, TURNS[(t as usize).min(3)], 0.8),
                None if frontier[v] => mix(base, TURNS[3], 0.35),
                None => base,
            }
        });
        let selected = self.game.selected();
        let hint = self.hint;
        let refused = self.refused.map(|r| r.0);
        let flash = self.flash.as_ref().map(|f| f.0.clone());
        let naive_cells = self
            .shown
            .as_ref()
            .and_then(|s| s.naive.as_ref())
            .map(|(_, v)| v.clone());
        let input = self.view.show(ui, |painter| {
            let cell = painter.cell_size();
            if let Some(cells) = &naive_cells {
                for p in cells {
                    let c = painter.cell_center(Pos::new(p.x + 1, p.y + 1));
                    painter.painter.circle_stroke(
                        c,
                        cell * 0.42,
                        Stroke::new(1.0, Color32::from_black_alpha(90)),
                    );
                }
            }
            for p in board.positions() {
                let Some(kind) = board.tile(p) else { continue };
                let v = Pos::new(p.x + 1, p.y + 1);
                draw_tile(painter, v, kind, cell);
                let highlight = if Some(p) == selected {
                    Some(Color32::from_rgb(0x24, 0x5c, 0xc4))
                } else if Some(p) == refused {
                    Some(Color32::from_rgb(0xd6, 0x28, 0x28))
                } else if hint.is_some_and(|(a, b)| a == p || b == p) {
                    Some(Color32::from_rgb(0x3a, 0x8f, 0x3e))
                } else {
                    None
                };
                if let Some(color) = highlight {
                    painter.painter.rect_stroke(
                        painter.cell_rect(v).shrink(1.0),
                        4.0,
                        Stroke::new(3.0, color),
                        egui::StrokeKind::Inside,
                    );
                }
            }
            if let Some(cells) = &flash {
                let shifted: Vec<Pos> = cells.iter().map(|p| Pos::new(p.x + 1, p.y + 1)).collect();
                painter.path(&shifted, Stroke::new((cell * 0.12).clamp(2.0, 5.0), LINK));
            }
        });
        if let Some(v) = input.pressed {
            let p = Pos::new(v.x - 1, v.y - 1);
            if p.x >= 0 && p.y >= 0 && p.x < w && p.y < h {
                if self.editing {
                    let mut board = self.game.board().clone();
                    board.set(p, self.paint_kind);
                    self.game = LinkGame::new(board, self.gravity, self.seed);
                } else {
                    self.click(p);
                }
            }
        }
    }

    /// Where the centre of play cell `pos` was drawn last frame.
    pub fn view_center(&self, pos: Pos) -> Option<egui::Pos2> {
        self.view.screen_center(Pos::new(pos.x + 1, pos.y + 1))
    }

    pub fn status(&self) -> String {
        let mut parts = vec![format!(
            "Link {} x {}, seed {}",
            self.width,
            self.height,
            self.game.seed()
        )];
        if let Some(n) = &self.notice
            && !n.error
        {
            parts.push(n.text.clone());
        }
        parts.join("   ·   ")
    }
}

/// A tile: a shape and a colour by kind, and its letter.
fn draw_tile(painter: &crate::ui::BoardPainter, v: Pos, kind: u8, cell: f32) {
    let rect = painter.cell_rect(v).shrink(cell * 0.06);
    painter
        .painter
        .rect_filled(rect, cell * 0.12, Color32::from_rgb(0xfd, 0xfc, 0xf8));
    painter.painter.rect_stroke(
        rect,
        cell * 0.12,
        Stroke::new(1.0, Color32::from_gray(150)),
        egui::StrokeKind::Inside,
    );
    let color = PALETTE[kind as usize % PALETTE.len()];
    let c = rect.center();
    let r = cell * 0.3;
    match (kind as usize / PALETTE.len()) % 4 {
        0 => {
            painter.painter.circle_filled(c, r, color);
        }
        1 => {
            painter.painter.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(2.0 * r, 2.0 * r) * 0.9),
                2.0,
                color,
            );
        }
        2 => {
            let points = vec![
                c + egui::vec2(0.0, -r),
                c + egui::vec2(r, r * 0.8),
                c + egui::vec2(-r, r * 0.8),
            ];
            painter
                .painter
                .add(egui::Shape::convex_polygon(points, color, Stroke::NONE));
        }
        _ => {
            let points = vec![
                c + egui::vec2(0.0, -r),
                c + egui::vec2(r, 0.0),
                c + egui::vec2(0.0, r),
                c + egui::vec2(-r, 0.0),
            ];
            painter
                .painter
                .add(egui::Shape::convex_polygon(points, color, Stroke::NONE));
        }
    }
    let symbol = SYMBOLS
        .as_bytes()
        .get(kind as usize)
        .map_or('?', |&b| b as char);
    painter.painter.text(
        c,
        egui::Align2::CENTER_CENTER,
        symbol,
        egui::FontId::monospace((cell * 0.32).max(6.0)),
        Color32::BLACK,
    );
}

const SHORTCUTS: &[crate::app::tab::Shortcut] = &[
    ("H", "hint (costs points)"),
    ("S", "shuffle (costs points)"),
    ("U or Ctrl+Z", "undo"),
];

impl crate::app::tab::Tab for LinkTab {
    fn title(&self) -> String {
        "Link".into()
    }

    fn shortcuts(&self) -> &'static [crate::app::tab::Shortcut] {
        SHORTCUTS
    }

    fn handle_keys(&mut self, ui: &Ui) {
        LinkTab::handle_keys(self, ui);
    }

    fn status(&self) -> String {
        LinkTab::status(self)
    }

    fn advance(&mut self, dt: f64) -> bool {
        LinkTab::advance(self, dt)
    }

    fn ui(&mut self, ui: &mut Ui) {
        LinkTab::ui(self, ui);
    }

    fn modal_open(&self) -> bool {
        LinkTab::modal_open(self)
    }

    fn save(&self) -> String {
        ron::ser::to_string(&self.saved()).unwrap_or_default()
    }

    fn file_menu(&mut self, ui: &mut Ui) -> bool {
        let mut used = false;
        ui.menu_button("Preset Link boards", |ui| {
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
                Err(e) => self.notice = Some(Notice::error(format!("Could not open {name}: {e}"))),
            },
            (_, Err(e)) => self.notice = Some(Notice::error(format!("Could not open {name}: {e}"))),
        }
    }

    fn notice(&mut self) -> &mut Option<Notice> {
        &mut self.notice
    }
}
