//! File → Export: the board at the step shown as a PNG or SVG picture, or the run as an
//! animated GIF from one step to another, written a frame at a time with a progress bar
//! and a Cancel (the app keeps answering meanwhile).

use std::path::PathBuf;
use std::sync::Arc;

use egui::Context;

use super::PathfindingTab;
use crate::app::notice::Notice;
use crate::games::sandbox::{GridProblem, GridRun};
use crate::render::{GifExport, GifOptions, Layers, RunFrames, Snapshot};
use crate::search::Budget;
use crate::tr;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};
use crate::ui::step_controls::FRAME_BUDGET;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExportFormat {
    #[default]
    Png,
    Svg,
    Gif,
}

impl ExportFormat {
    fn extension(self) -> &'static str {
        match self {
            ExportFormat::Png => "png",
            ExportFormat::Svg => "svg",
            ExportFormat::Gif => "gif",
        }
    }
}

/// The export window's choices and the GIF being written.
pub struct ExportState {
    pub open: bool,
    pub format: ExportFormat,
    pub cell: u32,
    pub from_step: usize,
    pub to_step: usize,
    pub fps: u32,
    dialog: Option<FileDialog>,
    job: Option<(GifExport, PathBuf)>,
}

impl Default for ExportState {
    fn default() -> Self {
        ExportState {
            open: false,
            format: ExportFormat::Png,
            cell: 16,
            from_step: 0,
            to_step: 0,
            fps: 10,
            dialog: None,
            job: None,
        }
    }
}

impl ExportState {
    /// Whether the window, its file dialog or a GIF being written holds the keyboard.
    pub fn busy(&self) -> bool {
        self.open || self.dialog.is_some() || self.job.is_some()
    }
}

impl PathfindingTab {
    /// Opens the export window, the GIF's range set to the run as far as it is known.
    pub fn open_export(&mut self) {
        let export = &mut self.export;
        export.open = true;
        export.from_step = 0;
        export.to_step = self.sessions[0].known().max(self.sessions[0].position());
    }

    fn layers(&self) -> Layers {
        let overlays = self.settings.overlays;
        Layers {
            path: overlays.path,
            current: overlays.current,
            markers: true,
        }
    }

    /// The window: format, sizes, the file, and the progress of a GIF.
    pub(super) fn export_window(&mut self, ctx: &Context) {
        if let Some(dialog) = &mut self.export.dialog
            && let Some(outcome) = dialog.show(ctx)
        {
            self.export.dialog = None;
            if let DialogOutcome::Chosen(path) = outcome {
                self.export_to(path);
            }
        }
        if !self.export.open && self.export.job.is_none() {
            return;
        }
        let mut open = true;
        let mut choose = false;
        let mut cancel = false;
        egui::Window::new(tr!("export-title"))
            .id(egui::Id::unique("pathfinding-export"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                if let Some((job, _)) = &self.export.job {
                    let total = job.steps().len();
                    let done = (job.done() * total as f32).round() as usize;
                    ui.label(tr!("export-progress", done = done, total = total));
                    ui.add(egui::ProgressBar::new(job.done()).show_percentage());
                    cancel = ui.button(tr!("export-cancel")).clicked();
                    return;
                }
                let export = &mut self.export;
                ui.label(tr!("export-format"));
                ui.radio_value(&mut export.format, ExportFormat::Png, tr!("export-png"));
                ui.radio_value(&mut export.format, ExportFormat::Svg, tr!("export-svg"));
                ui.radio_value(&mut export.format, ExportFormat::Gif, tr!("export-gif"));
                ui.horizontal(|ui| {
                    let label = ui.label(tr!("export-cell"));
                    ui.add(egui::DragValue::new(&mut export.cell).range(1..=64))
                        .labelled_by(label.id);
                });
                if export.format == ExportFormat::Gif {
                    ui.horizontal(|ui| {
                        let label = ui.label(tr!("export-from"));
                        ui.add(egui::DragValue::new(&mut export.from_step))
                            .labelled_by(label.id);
                        let label = ui.label(tr!("export-to"));
                        ui.add(egui::DragValue::new(&mut export.to_step))
                            .labelled_by(label.id);
                    });
                    ui.horizontal(|ui| {
                        let label = ui.label(tr!("export-fps"));
                        ui.add(egui::DragValue::new(&mut export.fps).range(1..=50))
                            .labelled_by(label.id);
                    });
                }
                choose = ui.button(tr!("export-choose")).clicked();
            });
        if cancel {
            self.export.job = None;
            self.notice = Some(Notice::info(tr!("export-cancelled")));
        }
        if choose {
            let format = self.export.format;
            let extension = format.extension();
            let name = self
                .file
                .as_ref()
                .and_then(|f| f.file_stem())
                .map_or("board".to_string(), |s| s.to_string_lossy().into_owned());
            let filter = match format {
                ExportFormat::Png => FileFilter::new(tr!("dialog-png"), &["png"]),
                ExportFormat::Svg => FileFilter::new(tr!("dialog-svg"), &["svg"]),
                ExportFormat::Gif => FileFilter::new(tr!("dialog-gif"), &["gif"]),
            };
            self.export.dialog = Some(FileDialog::new(
                DialogMode::Save,
                &tr!("dialog-export"),
                None,
                &format!("{name}.{extension}"),
                vec![filter],
            ));
        }
        if !open {
            self.export.open = false;
            self.export.job = None;
        }
    }

    /// Writes the chosen format to `path` (a GIF starts here and is written over frames).
    pub fn export_to(&mut self, path: PathBuf) {
        let path = if path.extension().is_none() {
            path.with_extension(self.export.format.extension())
        } else {
            path
        };
        let cell = self.export.cell;
        let layers = self.layers();
        let snapshot = Snapshot::of(self.sessions[0].timeline.current());
        let written = match self.export.format {
            ExportFormat::Png => snapshot
                .png(cell, layers)
                .map_err(|e| e.to_string())
                .and_then(|bytes| crate::files::write_bytes(&path, &bytes)),
            ExportFormat::Svg => snapshot
                .svg(cell, layers)
                .map_err(|e| e.to_string())
                .and_then(|text| crate::files::write_text(&path, &text)),
            ExportFormat::Gif => {
                let problem = GridProblem::new(
                    Arc::new(self.board.clone()),
                    self.settings.connectivity,
                    self.settings.heuristic,
                );
                let run = GridRun::new(problem, self.sessions[0].algorithm, Budget::UNLIMITED);
                let options = GifOptions {
                    from_step: self.export.from_step,
                    to_step: self.export.to_step,
                    fps: self.export.fps,
                    cell,
                    max_frames: crate::render::animation::MAX_FRAMES,
                };
                match GifExport::new(Box::new(RunFrames::new(run, layers)), options) {
                    Ok(job) => {
                        self.export.job = Some((job, path));
                        return;
                    }
                    Err(e) => Err(e.to_string()),
                }
            }
        };
        self.notice = Some(match written {
            Ok(()) => {
                self.export.open = false;
                Notice::info(tr!("export-done", file = path.display().to_string()))
            }
            Err(e) => Notice::error(e),
        });
    }

    /// Writes frames of the GIF being exported for a share of this frame; true while it
    /// goes on.
    pub(super) fn advance_export(&mut self) -> bool {
        let Some((job, _)) = &mut self.export.job else {
            return false;
        };
        let began = std::time::Instant::now();
        let mut failed = None;
        let mut finished = false;
        while began.elapsed() < FRAME_BUDGET {
            match job.next_frame() {
                Ok(true) => {}
                Ok(false) => {
                    finished = true;
                    break;
                }
                Err(e) => {
                    failed = Some(e.to_string());
                    break;
                }
            }
        }
        if let Some(e) = failed {
            self.export.job = None;
            self.notice = Some(Notice::error(e));
            return false;
        }
        if !finished {
            return true;
        }
        let Some((job, path)) = self.export.job.take() else {
            return false;
        };
        let written = job
            .finish()
            .map_err(|e| e.to_string())
            .and_then(|(bytes, steps)| crate::files::write_bytes(&path, &bytes).map(|()| steps));
        self.notice = Some(match written {
            Ok(steps) => {
                self.export.open = false;
                Notice::info(tr!(
                    "export-done-gif",
                    file = path.display().to_string(),
                    frames = steps.len(),
                    from = steps.first().copied().unwrap_or(0),
                    to = steps.last().copied().unwrap_or(0)
                ))
            }
            Err(e) => Notice::error(e),
        });
        false
    }
}
