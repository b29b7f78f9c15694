//! File → Export for the Pathfinding tab: the board at the step shown as PNG or SVG, or the
//! run from one step to another as a GIF, through the shared export window.

use std::path::PathBuf;
use std::sync::Arc;

use egui::Context;

use super::PathfindingTab;
use crate::app::export_window::{ExportChoice, ExportKind, ExportWindow, Made, Wanted};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sandbox::{GridProblem, GridRun};
use crate::grid::Pos;
use crate::i18n::Message;
use crate::render::{Layers, RunFrames, Snapshot};
use crate::search::Budget;
use crate::search::recorded::Recording;
use crate::tr;

/// The run's GIF is animation 0.
const RUN: usize = 0;

/// The window, sized for boards of many small cells.
/// The export window's id.
const WINDOW_ID: &str = "pathfinding-export";

pub fn window() -> ExportWindow {
    ExportWindow::new(WINDOW_ID, 16)
}

/// What the tab offers: the step shown as PNG and SVG, the run as a GIF.
fn offer(steps: usize) -> Vec<ExportChoice> {
    vec![
        ExportChoice::png(tr!("export-png"), "step"),
        ExportChoice::svg(tr!("export-svg"), "step"),
        ExportChoice::gif(tr!("export-gif"), "run", RUN, steps + 1, true),
    ]
}

/// What the board shows at the step on screen, or the run replayed from its start.
struct Source {
    snapshot: Snapshot,
    problem: GridProblem,
    algorithm: PathAlgorithm,
    /// The student's program's recording, when the run is theirs: replayed, not run again.
    recording: Option<Arc<Recording<Pos>>>,
    layers: Layers,
}

impl Source {
    fn make(self, wanted: Wanted) -> Result<Made, Message> {
        match wanted {
            Wanted::Picture {
                kind: ExportKind::Svg,
                cell,
                ..
            } => Ok(Made::Bytes(
                self.snapshot.svg(cell, self.layers)?.into_bytes(),
            )),
            Wanted::Picture { cell, .. } => Ok(Made::Bytes(self.snapshot.png(cell, self.layers)?)),
            Wanted::Frames { .. } => {
                let run = match self.recording {
                    Some(recording) => GridRun::recorded(self.problem, recording),
                    None => GridRun::new(self.problem, self.algorithm, Budget::UNLIMITED),
                };
                Ok(Made::Frames(Box::new(RunFrames::new(run, self.layers))))
            }
        }
    }
}

impl PathfindingTab {
    /// Opens the export window, the GIF's range set to the run as far as it is known.
    pub fn open_export(&mut self) {
        let name = self.origin.file_stem();
        let steps = (self.sessions.iter())
            .map(|s| s.known().max(s.position()))
            .max()
            .unwrap_or(0);
        self.export.open(&name, steps);
        if self.sessions.len() > 1 {
            let names = self
                .sessions
                .iter()
                .enumerate()
                .map(|(i, session)| {
                    let name = crate::names::path_algorithm(session.algorithm);
                    if i == 0 {
                        tr!("export-left-search", search = name)
                    } else {
                        tr!("export-right-search", search = name)
                    }
                })
                .collect();
            self.export.offer_subjects(names);
        }
    }

    /// The search the export is of: the one picked when two are compared.
    fn exported(&self) -> &super::session::Session {
        &self.sessions[self.export.subject.min(self.sessions.len() - 1)]
    }

    fn export_source(&self) -> Source {
        let overlays = self.settings.overlays;
        let session = self.exported();
        Source {
            snapshot: Snapshot::of(session.timeline.current()),
            problem: GridProblem::new(
                Arc::new(self.board.clone()),
                self.settings.connectivity,
                self.settings.heuristic,
            ),
            algorithm: session.algorithm,
            recording: session.run().recording().cloned(),
            layers: Layers {
                path: overlays.path,
                current: overlays.current,
                markers: true,
            },
        }
    }

    pub(super) fn export_window(&mut self, ctx: &Context) {
        if !self.export.busy() {
            return;
        }
        let offer = offer(self.exported().known());
        let source = self.export_source();
        self.notice = self
            .export
            .show(ctx, &offer, |w| source.make(w))
            .or(self.notice.take());
    }

    /// Exports the choice picked in the window to `path` (a GIF is written over the frames
    /// that follow).
    pub fn export_to(&mut self, path: PathBuf) {
        let offer = offer(self.exported().known());
        let Some(kind) = offer.get(self.export.choice).map(|c| (c.kind, c.stem)) else {
            return;
        };
        let source = self.export_source();
        self.notice = self
            .export
            .export_to(path, kind, |w| source.make(w))
            .or(self.notice.take());
    }
}
