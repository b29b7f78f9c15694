//! File → Export for the Sliding puzzle tab: the position on the board as PNG or SVG, the
//! game so far as a GIF a frame a move, and the solution found, once there is one, as a GIF
//! from the position it solves.

use egui::Context;

use super::watch::Middle;
use super::{Mode, SlidingTab};
use crate::app::export_window::{ExportChoice, ExportKind, ExportWindow, Made, Wanted};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::picture::{PuzzleFrames, PuzzlePicture};
use crate::games::sliding::search_tree::{
    SearchTree, tables_markdown, tables_sketch, tables_wording, tree_sketch, tree_wording,
};
use crate::games::sliding::{Move, Position};
use crate::i18n::Message;
use crate::tr;

/// The export window's id.
const WINDOW_ID: &str = "sliding-export";

/// The animations: the game played, and the solution found.
const GAME: usize = 0;
const SOLUTION: usize = 1;

pub fn window() -> ExportWindow {
    ExportWindow::new(WINDOW_ID, 48)
}

impl SlidingTab {
    pub fn open_export(&mut self) {
        self.watch.pause();
        self.export.open("puzzle", 0);
    }

    /// The position the middle shows: the game's, or the one the search just expanded.
    fn shown_position(&self) -> Position {
        match (self.mode, self.watch.sessions().first()) {
            (Mode::Watch, Some(session)) => session.expanded(),
            _ => self.play.game().position(),
        }
    }

    fn offer(&self) -> Vec<ExportChoice> {
        let mut offer = self.tree_offer();
        offer.extend([
            ExportChoice::png(tr!("export-png-position"), "position"),
            ExportChoice::svg(tr!("export-svg-position"), "position"),
            ExportChoice::gif(
                tr!("export-gif-game"),
                "game",
                GAME,
                self.play.game().moves() + 1,
                false,
            ),
        ]);
        if let Some(moves) = self
            .watch
            .sessions()
            .first()
            .and_then(|s| s.solution_moves())
        {
            let label = tr!("export-gif-puzzle-solution", moves = moves.len());
            offer.push(ExportChoice::gif(
                label,
                "solution",
                SOLUTION,
                moves.len() + 1,
                false,
            ));
        }
        offer
    }

    /// What an export is made from: the position shown, the game, the solution found.
    fn source(&self) -> Source {
        let played = self
            .play
            .game()
            .played()
            .chars()
            .filter_map(crate::games::sliding::Move::from_letter)
            .collect();
        let solution =
            self.watch.sessions().first().and_then(|session| {
                Some((session.run().problem().start, session.solution_moves()?))
            });
        Source {
            tree: self.tree_at_step(),
            shown: self.shown_position(),
            goal: self.play.game().goal(),
            game: (self.play.game().start(), played),
            solution,
        }
    }

    pub(super) fn export_window(&mut self, ctx: &Context) {
        if !self.export.busy() {
            return;
        }
        let offer = self.offer();
        let source = self.source();
        let made = self.export.show(ctx, &offer, |wanted| source.make(wanted));
        self.notice = made.or(self.notice.take());
    }

    /// Exports the choice picked in the window to `path` (what a chosen file does; the UI
    /// tests choose the file directly).
    pub fn export_to(&mut self, path: std::path::PathBuf) {
        let offer = self.offer();
        let Some(kind) = offer.get(self.export.choice).map(|c| (c.kind, c.stem)) else {
            return;
        };
        let source = self.source();
        let made = self.export.export_to(path, kind, |w| source.make(w));
        self.notice = made.or(self.notice.take());
    }

    pub fn export_mut(&mut self) -> &mut ExportWindow {
        &mut self.export
    }
}

/// What the export window's choices are made from.
struct Source {
    /// The first search's tree, its search and the step shown.
    tree: Option<(SearchTree, PathAlgorithm, usize)>,
    shown: Position,
    goal: Position,
    /// Where the game began, and the blank's moves since.
    game: (Position, Vec<Move>),
    /// The position the search solved, and its solution.
    solution: Option<(Position, Vec<Move>)>,
}

impl Source {
    fn make(self, wanted: Wanted) -> Result<Made, Message> {
        if let Wanted::Picture {
            kind,
            cell,
            stem: stem @ (TREE | TABLES),
        } = wanted
        {
            let (tree, algorithm, step) = self.tree.ok_or(crate::msg!("render-nothing"))?;
            return diagram(&tree, algorithm, step, stem, kind, cell);
        }
        let picture = PuzzlePicture {
            position: self.shown,
            goal: self.goal,
        };
        let (start, moves) = match wanted {
            Wanted::Picture {
                kind: ExportKind::Svg,
                cell,
                ..
            } => return Ok(Made::Bytes(picture.svg(cell)?.into_bytes())),
            Wanted::Picture { cell, .. } => return Ok(Made::Bytes(picture.png(cell)?)),
            Wanted::Frames { id: SOLUTION } => {
                self.solution.ok_or(crate::msg!("render-nothing"))?
            }
            Wanted::Frames { .. } => self.game,
        };
        Ok(Made::Frames(Box::new(PuzzleFrames::new(
            start, self.goal, moves,
        )?)))
    }
}

/// The stems of the tree's and the tables' choices.
const TREE: &str = "search-tree";
const TABLES: &str = "open-closed";

/// The tree or the tables (`stem`) at `step` as `kind`; PNG at `cell` / 24 pixels a unit
/// (the window's default cell of 48 draws at twice the view's size).
fn diagram(
    tree: &SearchTree,
    algorithm: PathAlgorithm,
    step: usize,
    stem: &str,
    kind: ExportKind,
    cell: u32,
) -> Result<Made, Message> {
    let wording = tables_wording(tree, algorithm);
    let sketch = if stem == TREE {
        tree_sketch(tree, step, &tree_wording(tree, algorithm, step))
    } else {
        tables_sketch(tree, step, &wording)
    };
    let bytes = match kind {
        ExportKind::Svg => sketch.svg().into_bytes(),
        ExportKind::Markdown => tables_markdown(tree, step, &wording).into_bytes(),
        _ => sketch.png(cell as f32 / 24.0)?,
    };
    Ok(Made::Bytes(bytes))
}

impl SlidingTab {
    /// The tree's and the tables' choices, offered first while one is in the middle.
    fn tree_offer(&self) -> Vec<ExportChoice> {
        if self.mode != Mode::Watch || !matches!(self.watch.middle(), Middle::Tree | Middle::Tables)
        {
            return vec![];
        }
        vec![
            ExportChoice::png(tr!("export-png-tree"), TREE),
            ExportChoice::svg(tr!("export-svg-tree"), TREE),
            ExportChoice::png(tr!("export-png-tables"), TABLES),
            ExportChoice::svg(tr!("export-svg-tables"), TABLES),
            ExportChoice::markdown(tr!("export-md-tables"), TABLES),
        ]
    }

    /// The first search's tree at the step shown, if it draws one.
    fn tree_at_step(&self) -> Option<(SearchTree, PathAlgorithm, usize)> {
        let session = self.watch.sessions().first()?;
        let (tree, algorithm) = self.watch.tree_of(session)?;
        let step = session.position().min(tree.recorded());
        Some((tree.clone(), algorithm, step))
    }
}
