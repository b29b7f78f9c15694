//! Boards of your own: painting tiles, and opening and saving `.link` files.

use std::path::Path;

use egui::Ui;

use super::LinkTab;
use crate::app::notice::Notice;
use crate::files::{read_text, write_text};
use crate::games::link::game::LinkGame;
use crate::games::link::{LinkBoard, SYMBOLS};
use crate::grid::Pos;
use crate::tr;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};

impl LinkTab {
    pub fn load_file(&mut self, path: &Path) {
        match read_text(path)
            .and_then(|t| {
                LinkBoard::parse(&t).map_err(|e| {
                    tr!(
                        "could-not-open",
                        name = path.display().to_string(),
                        why = e.to_string()
                    )
                })
            })
            .map_err(|why| tr!("link-not-opened", why = why))
        {
            Ok(board) => {
                crate::ui::recent::remember(path);
                self.deal.width = board.width();
                self.deal.height = board.height();
                self.view.resize(self.deal.width + 2, self.deal.height + 2);
                self.game = LinkGame::new(board, self.deal.gravity, self.deal.seed);
                self.edit.editing = true;
                self.notice = Some(Notice::info(crate::msg!(
                    "link-opened",
                    name = path.display().to_string()
                )));
            }
            Err(message) => self.notice = Some(Notice::error(message)),
        }
    }

    fn save_to(&mut self, path: &Path) {
        let path = if path.extension().is_none() {
            path.with_extension("link")
        } else {
            path.to_path_buf()
        };
        self.notice = Some(match write_text(&path, &self.game.board().to_text()) {
            Ok(()) => {
                crate::ui::recent::remember(&path);
                Notice::info(crate::msg!("saved-file", file = path.display().to_string()))
            }
            Err(message) => Notice::error(message),
        });
    }

    /// Paints the kind chosen (or erases) on play cell `pos`.
    pub(super) fn paint(&mut self, pos: Pos) {
        let mut board = self.game.board().clone();
        board.set(pos, self.edit.paint_kind);
        self.game = LinkGame::new(board, self.deal.gravity, self.deal.seed);
    }

    /// The file dialog, while one is open.
    pub(super) fn file_window(&mut self, ctx: &egui::Context) {
        let Some(dialog) = &mut self.dialog else {
            return;
        };
        let Some(outcome) = dialog.show(ctx) else {
            return;
        };
        let mode = dialog.mode();
        self.dialog = None;
        if let DialogOutcome::Chosen(path) = outcome {
            match mode {
                DialogMode::Save => self.save_to(&path),
                DialogMode::Open => self.load_file(&path),
            }
        }
    }

    /// The painting controls and the file buttons.
    pub(super) fn own_board_controls(&mut self, ui: &mut Ui) {
        ui.heading(tr!("link-own-board"));
        ui.checkbox(&mut self.edit.editing, tr!("link-paint"));
        if self.edit.editing {
            ui.horizontal_wrapped(|ui| {
                ui.selectable_value(&mut self.edit.paint_kind, None, tr!("link-erase"));
                for (k, symbol) in SYMBOLS.chars().take(16).enumerate() {
                    ui.selectable_value(
                        &mut self.edit.paint_kind,
                        Some(k as u8),
                        symbol.to_string(),
                    );
                }
            });
            if ui.button(tr!("link-play-board")).clicked() {
                let board = self.game.board().clone();
                self.start(board);
            }
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!("sk-open")).clicked() {
                let filters = vec![
                    FileFilter::new(tr!("dialog-link-boards"), &["link"]),
                    FileFilter::text(),
                    FileFilter::all(),
                ];
                let dialog = FileDialog::new(
                    DialogMode::Open,
                    &tr!("dialog-open-link"),
                    None,
                    "",
                    filters,
                );
                self.dialog = Some(dialog.with_presets("link"));
            }
            if ui.button(tr!("link-save")).clicked() {
                self.dialog = Some(FileDialog::new(
                    DialogMode::Save,
                    &tr!("dialog-save-link"),
                    None,
                    "board.link",
                    vec![FileFilter::new(tr!("dialog-link-boards"), &["link"])],
                ));
            }
            if ui
                .button(tr!("preset-naive-trap"))
                .on_hover_text(tr!("preset-naive-trap-notes"))
                .clicked()
            {
                self.open_preset("naive-trap.link");
            }
        });
    }
}
