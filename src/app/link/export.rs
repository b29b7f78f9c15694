//! File → Export for the Link tab: the board as PNG (with the shown search's tints), the
//! game so far as a GIF a frame a removal, and the shown link search as a GIF a frame an
//! expansion.

use egui::Context;

use super::{LinkTab, Shown};
use crate::app::export_window::{ExportChoice, ExportWindow, Made, Wanted, png_of};
use crate::games::link::LinkBoard;
use crate::games::link::finder::{LinkProblem, PLAY_TURNS};
use crate::games::link::tints::SearchTints;
use crate::grid::Pos;
use crate::render::PictureFrames;
use crate::render::games::CellPicture;
use crate::search::{Event, Search};
use crate::tr;

/// The export window's id.
const WINDOW_ID: &str = "link-export";
const GAME: usize = 0;
const SEARCH: usize = 1;

pub fn window() -> ExportWindow {
    ExportWindow::new(WINDOW_ID, 32)
}

/// `search` drawn over `board`, with the link once it has found one in play.
fn search_picture(board: &LinkBoard, search: &Search<LinkProblem>) -> CellPicture {
    let tints = SearchTints::of(search, board.width(), board.height());
    let link: Option<Vec<Pos>> = match search.ended() {
        Some(Event::Found { goal }) if search.g(goal) as u32 <= PLAY_TURNS => {
            Some(search.path_to(goal).into_iter().map(|(p, _)| p).collect())
        }
        _ => None,
    };
    CellPicture::link(board, Some(&tints), link.as_deref())
}

/// The shown search replayed from its start, a frame a step.
fn search_frames(shown: &Shown) -> PictureFrames<impl Iterator<Item = CellPicture> + use<>> {
    let (board, mut search, steps) = (shown.board.clone(), shown.origin().clone(), shown.steps());
    let first = search_picture(&board, &search);
    let rest = (0..steps).map(move |_| {
        search.next();
        search_picture(&board, &search)
    });
    PictureFrames::new(std::iter::once(first).chain(rest), steps + 1)
}

impl LinkTab {
    pub fn open_export(&mut self) {
        self.export.open("link", 0);
    }

    fn export_offer(&self) -> Vec<ExportChoice> {
        let mut offer = vec![
            ExportChoice::png(tr!("export-png-board"), "board"),
            ExportChoice::gif(
                tr!("export-gif-game"),
                "game",
                GAME,
                self.game.history().len() + 1,
                false,
            ),
        ];
        if let Some(shown) = &self.searching.shown {
            offer.push(ExportChoice::gif(
                tr!("export-gif-search"),
                "search",
                SEARCH,
                shown.steps() + 1,
                false,
            ));
        }
        offer
    }

    pub(super) fn export_window(&mut self, ctx: &Context) {
        if !self.export.busy() {
            return;
        }
        let offer = self.export_offer();
        let (game, shown) = (&self.game, &self.searching.shown);
        let make = |wanted| match wanted {
            Wanted::Picture { cell, .. } => {
                let tints = shown.as_ref().map(|s| {
                    SearchTints::of(s.search(), game.board().width(), game.board().height())
                });
                png_of(&CellPicture::link(game.board(), tints.as_ref(), None), cell)
            }
            Wanted::Frames { id: SEARCH } => match shown {
                Some(shown) => Ok(Made::Frames(Box::new(search_frames(shown)))),
                None => Err(crate::msg!("render-nothing")),
            },
            Wanted::Frames { .. } => {
                let boards: Vec<CellPicture> = game
                    .history()
                    .iter()
                    .map(|before| &before.board)
                    .chain([game.board()])
                    .map(|board| CellPicture::link(board, None, None))
                    .collect();
                Ok(Made::Frames(Box::new(PictureFrames::of(boards))))
            }
        };
        self.notice = self.export.show(ctx, &offer, make).or(self.notice.take());
    }
}
