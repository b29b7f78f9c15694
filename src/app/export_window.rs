//! File → Export, the same window in every tab: the tab offers pictures and animations,
//! the student picks one, a cell size (and for an animation a frame rate and, where it has
//! steps, a range), then a file; a GIF is written a few frames at a time with a progress
//! bar and a Cancel, so the app keeps answering.

use std::path::PathBuf;

use egui::Context;

use super::notice::Notice;
use crate::i18n::Message;
use crate::render::animation::MAX_FRAMES;
use crate::render::{FrameSource, GifExport, GifOptions};
use crate::tr;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};
use crate::ui::step_controls::FrameBudget;

/// What can be exported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    Png,
    Svg,
    /// A table as Markdown text.
    Markdown,
    /// The tab's animation number `id`, of `frames` frames; `ranged`: the student picks the
    /// first and last frame (a run's steps), else all are used.
    Gif {
        id: usize,
        frames: usize,
        ranged: bool,
    },
}

impl ExportKind {
    fn extension(self) -> &'static str {
        match self {
            ExportKind::Png => "png",
            ExportKind::Svg => "svg",
            ExportKind::Markdown => "md",
            ExportKind::Gif { .. } => "gif",
        }
    }

    fn filter(self) -> FileFilter {
        match self {
            ExportKind::Png => FileFilter::new(tr!("dialog-png"), &["png"]),
            ExportKind::Svg => FileFilter::new(tr!("dialog-svg"), &["svg"]),
            ExportKind::Markdown => FileFilter::new(tr!("dialog-markdown"), &["md"]),
            ExportKind::Gif { .. } => FileFilter::new(tr!("dialog-gif"), &["gif"]),
        }
    }
}

/// One choice in the window: what it makes, how it is called, and what its file is of (the
/// end of the file name offered: "maze-run.gif", "maze-step.png").
pub struct ExportChoice {
    pub label: String,
    pub kind: ExportKind,
    pub stem: &'static str,
}

impl ExportChoice {
    /// The picture shown, as PNG.
    pub fn png(label: String, stem: &'static str) -> ExportChoice {
        let kind = ExportKind::Png;
        ExportChoice { label, kind, stem }
    }

    /// The picture shown, as SVG.
    pub fn svg(label: String, stem: &'static str) -> ExportChoice {
        let kind = ExportKind::Svg;
        ExportChoice { label, kind, stem }
    }

    /// A table as Markdown.
    pub fn markdown(label: String, stem: &'static str) -> ExportChoice {
        let kind = ExportKind::Markdown;
        ExportChoice { label, kind, stem }
    }

    /// Animation `id` of `frames` frames as a GIF; `ranged`: the student picks the first and
    /// last frame.
    pub fn gif(label: String, stem: &'static str, id: usize, frames: usize, ranged: bool) -> Self {
        let kind = ExportKind::Gif { id, frames, ranged };
        ExportChoice { label, kind, stem }
    }
}

/// The choice a file is written for: its kind and its stem.
pub type Chosen = (ExportKind, &'static str);

/// What the tab is asked to make once a file is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// The picture (or table) the choice named `stem` offers, as the file's bytes (PNG
    /// drawn smooth, SVG or Markdown text).
    Picture {
        kind: ExportKind,
        cell: u32,
        stem: &'static str,
    },
    /// The frames of animation `id`.
    Frames { id: usize },
}

/// What the tab made.
pub enum Made {
    Bytes(Vec<u8>),
    Frames(Box<dyn FrameSource>),
}

pub struct ExportWindow {
    id: &'static str,
    open: bool,
    /// The file name offered, without extension.
    name: String,
    /// The choice picked, by its place in the offer.
    pub choice: usize,
    pub cell: u32,
    pub fps: u32,
    pub from_step: usize,
    pub to_step: usize,
    /// What there is to export from, when more than one (the two searches compared), and
    /// the one picked.
    subjects: Vec<String>,
    pub subject: usize,
    dialog: Option<(FileDialog, Chosen)>,
    job: Option<(GifExport, PathBuf)>,
}

impl ExportWindow {
    pub fn new(id: &'static str, cell: u32) -> ExportWindow {
        ExportWindow {
            id,
            open: false,
            name: String::new(),
            choice: 0,
            cell,
            fps: 10,
            from_step: 0,
            to_step: 0,
            subjects: vec![],
            subject: 0,
            dialog: None,
            job: None,
        }
    }

    /// Opens the window, offering `name` as the file name and frames `0..=to_step` for a
    /// ranged animation.
    pub fn open(&mut self, name: &str, to_step: usize) {
        self.open = true;
        self.name = name.to_string();
        self.from_step = 0;
        self.to_step = to_step;
        self.subjects.clear();
        self.subject = 0;
    }

    /// Offers a choice of what to export from (each named as the student knows it: "left:
    /// A*"), when there is more than one.
    pub fn offer_subjects(&mut self, subjects: Vec<String>) {
        self.subject = self.subject.min(subjects.len().saturating_sub(1));
        self.subjects = subjects;
    }

    /// Whether the window, its file dialog or a GIF being written holds the keyboard.
    pub fn busy(&self) -> bool {
        self.open || self.dialog.is_some() || self.job.is_some()
    }

    /// Whether a GIF is being written (the app must keep drawing frames).
    pub fn writing(&self) -> bool {
        self.job.is_some()
    }

    /// Shows the window for `offer`; `make` makes what was picked once a file is chosen.
    /// Returns the message saying how an export went.
    pub fn show(
        &mut self,
        ctx: &Context,
        offer: &[ExportChoice],
        make: impl FnOnce(Wanted) -> Result<Made, Message>,
    ) -> Option<Notice> {
        if let Some(notice) = self.write_frames(ctx) {
            return Some(notice);
        }
        if let Some((dialog, chosen)) = &mut self.dialog
            && let Some(outcome) = dialog.show(ctx)
        {
            let chosen = *chosen;
            self.dialog = None;
            if let DialogOutcome::Chosen(path) = outcome {
                return self.export_to(path, chosen, make);
            }
        }
        if !self.open && self.job.is_none() {
            return None;
        }
        self.window(ctx, offer)
    }

    /// Exports `kind` to `path` (the extension added when it has none): a picture at once,
    /// a GIF over the frames that follow.
    pub fn export_to(
        &mut self,
        path: PathBuf,
        (kind, stem): Chosen,
        make: impl FnOnce(Wanted) -> Result<Made, Message>,
    ) -> Option<Notice> {
        let path = if path.extension().is_none() {
            path.with_extension(kind.extension())
        } else {
            path
        };
        let wanted = match kind {
            ExportKind::Gif { id, .. } => Wanted::Frames { id },
            _ => Wanted::Picture {
                kind,
                cell: self.cell,
                stem,
            },
        };
        let result = make(wanted).map_err(|e| e.to_string());
        let written = match result {
            Ok(Made::Bytes(bytes)) => crate::files::write_bytes(&path, &bytes),
            Ok(Made::Frames(frames)) => {
                let ranged = matches!(kind, ExportKind::Gif { ranged: true, .. });
                let options = GifOptions {
                    from_step: if ranged { self.from_step } else { 0 },
                    to_step: if ranged { self.to_step } else { usize::MAX },
                    fps: self.fps,
                    cell: self.cell,
                    max_frames: MAX_FRAMES,
                };
                match GifExport::new(frames, options) {
                    Ok(job) => {
                        self.job = Some((job, path));
                        return None;
                    }
                    Err(e) => Err(e.to_string()),
                }
            }
            Err(e) => Err(e),
        };
        Some(match written {
            Ok(()) => {
                self.open = false;
                Notice::info(crate::msg!(
                    "export-done",
                    file = path.display().to_string()
                ))
            }
            Err(e) => Notice::error(e),
        })
    }

    fn window(&mut self, ctx: &Context, offer: &[ExportChoice]) -> Option<Notice> {
        let mut open = true;
        let mut choose = false;
        let mut cancel = false;
        self.choice = self.choice.min(offer.len().saturating_sub(1));
        crate::ui::touch::closable(
            egui::Window::new(tr!("export-title")).id(egui::Id::unique(self.id)),
            ctx,
            &mut open,
        )
        .collapsible(false)
        .resizable(false)
        // Over the board, roughly centred (a pivot would move it as its contents change).
        .default_pos(ctx.content_rect().center() - egui::vec2(170.0, 120.0))
        .show(ctx, |ui| {
            if let Some((job, _)) = &self.job {
                let total = job.steps().len();
                let done = (job.done() * total as f32).round() as usize;
                ui.label(tr!("export-progress", done = done, total = total));
                ui.add(egui::ProgressBar::new(job.done()).show_percentage());
                cancel = ui.button(tr!("export-cancel")).clicked();
                return;
            }
            if self.subjects.len() > 1 {
                ui.label(tr!("export-which"));
                for (i, subject) in self.subjects.iter().enumerate() {
                    ui.radio_value(&mut self.subject, i, subject);
                }
                ui.separator();
            }
            ui.label(tr!("export-format"));
            for (i, choice) in offer.iter().enumerate() {
                ui.radio_value(&mut self.choice, i, &choice.label);
            }
            ui.horizontal(|ui| {
                let label = ui.label(tr!("export-cell"));
                ui.add(egui::DragValue::new(&mut self.cell).range(1..=64))
                    .labelled_by(label.id);
            });
            if let Some(ExportKind::Gif { frames, ranged, .. }) =
                offer.get(self.choice).map(|c| c.kind)
            {
                if ranged {
                    ui.horizontal(|ui| {
                        let label = ui.label(tr!("export-from"));
                        ui.add(egui::DragValue::new(&mut self.from_step))
                            .labelled_by(label.id);
                        let label = ui.label(tr!("export-to"));
                        ui.add(egui::DragValue::new(&mut self.to_step))
                            .labelled_by(label.id);
                    });
                } else {
                    ui.label(tr!("export-frames", frames = frames));
                }
                ui.horizontal(|ui| {
                    let label = ui.label(tr!("export-fps"));
                    ui.add(egui::DragValue::new(&mut self.fps).range(1..=50))
                        .labelled_by(label.id);
                });
            }
            choose = ui
                .add_enabled(!offer.is_empty(), egui::Button::new(tr!("export-choose")))
                .clicked();
        });
        if !open {
            self.open = false;
            self.job = None;
        }
        if cancel {
            self.job = None;
            return Some(Notice::info(crate::msg!("export-cancelled")));
        }
        if choose && let Some(choice) = offer.get(self.choice) {
            let kind = choice.kind;
            let dialog = FileDialog::new(
                DialogMode::Save,
                &tr!("dialog-export"),
                None,
                &format!("{}-{}.{}", self.name, choice.stem, kind.extension()),
                vec![kind.filter()],
            );
            self.dialog = Some((dialog, (kind, choice.stem)));
        }
        None
    }

    /// Writes frames of the GIF for a share of this frame; the message once it is written
    /// or has failed.
    fn write_frames(&mut self, ctx: &Context) -> Option<Notice> {
        let (job, _) = self.job.as_mut()?;
        let budget = <FrameBudget as crate::ui::step_controls::BudgetOfFrames>::of(ctx);
        let began = web_time::Instant::now();
        let more = |written: usize| match budget {
            FrameBudget::Time(time) => began.elapsed() < time,
            FrameBudget::Steps(_) => written == 0,
        };
        let mut written = 0;
        let mut finished = false;
        while more(written) {
            written += 1;
            match job.next_frame() {
                Ok(true) => {}
                Ok(false) => {
                    finished = true;
                    break;
                }
                Err(e) => {
                    self.job = None;
                    return Some(Notice::error(e.to_string()));
                }
            }
        }
        if !finished {
            ctx.request_repaint();
            return None;
        }
        let (job, path) = self.job.take()?;
        let written = job
            .finish()
            .map_err(|e| e.to_string())
            .and_then(|(bytes, steps)| crate::files::write_bytes(&path, &bytes).map(|()| steps));
        Some(match written {
            Ok(steps) => {
                self.open = false;
                Notice::info(crate::msg!(
                    "export-done-gif",
                    file = path.display().to_string(),
                    frames = steps.len(),
                    from = steps.first().copied().unwrap_or(0),
                    to = steps.last().copied().unwrap_or(0)
                ))
            }
            Err(e) => Notice::error(e),
        })
    }
}

/// `picture` drawn smooth at `cell` pixels a square, as PNG bytes.
pub fn png_of(picture: &crate::render::games::CellPicture, cell: u32) -> Result<Made, Message> {
    let pixmap = picture.pixmap(cell, true)?;
    let bytes = pixmap
        .encode_png()
        .map_err(|e| crate::msg!("render-png-failed", why = e.to_string()))?;
    Ok(Made::Bytes(bytes))
}
