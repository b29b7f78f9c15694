//! The lesson panel: the list of lessons with each one's progress, and the page being
//! taught with its question, the verdict on the answer, and the page buttons.

use egui::{Context, RichText, Ui};

use super::{Lessons, Request};
use crate::i18n::Language;
use crate::lessons::{Answer, Checked, Lesson, QuestionKind};
use crate::palette;
use crate::tr;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};

/// The share of a tall narrow screen the lesson's sheet opens at: the board above keeps
/// about half, its top edge drags for more text.
const LESSON_SHEET_SHARE: f32 = 0.25;

impl Lessons {
    /// Opens the dialog for a lesson file of one's own.
    pub fn open_dialog(&mut self) {
        let filters = vec![
            FileFilter::new(tr!("dialog-lessons"), &["toml"]),
            FileFilter::all(),
        ];
        let dialog = FileDialog::new(
            DialogMode::Open,
            &tr!("dialog-open-lesson"),
            None,
            "",
            filters,
        );
        self.dialog = Some(dialog.with_presets("lessons"));
    }

    /// Whether the file dialog has the keyboard.
    pub fn modal_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// The lesson panel at the right of the window (when open), beside the tab so that its
    /// board stays in view and answers with clicks, and the file dialog; what they ask of
    /// the app, if anything.
    pub fn show(&mut self, ui: &mut Ui, language: Language) -> Option<Request> {
        let mut request = self.file_window(ui.ctx());
        crate::app::notice::error_window(ui.ctx(), &mut self.notice, "");
        let sheet = crate::ui::side_panels::sheets(ui);
        crate::ui::side_panels::app_sheet_open(ui.ctx(), sheet && self.open);
        if !self.open {
            return request;
        }
        // A third of a small window, so the board keeps room beside it; on a projector
        // (presentation mode) the text is set as large as the narration, the panel wider.
        let presenting = crate::ui::presentation::active(ui.ctx());
        let width = if presenting {
            (ui.available_width() * 0.45).clamp(320.0, 720.0)
        } else {
            (ui.available_width() * 0.36).clamp(240.0, 380.0)
        };
        // On a tall narrow screen (a phone upright) the lesson is a sheet under the board,
        // which keeps the whole width; its top edge drags.
        let height = ui.ctx().content_rect().height();
        let panel = if sheet {
            use crate::ui::side_panels::SHEET_MAX_SHARE;
            // The list of lessons wants room to choose from; a page leaves the board its half.
            let (id, share) = if self.course.active.is_some() {
                ("lessons-sheet", LESSON_SHEET_SHARE)
            } else {
                ("lessons-sheet-list", 0.6)
            };
            egui::Panel::bottom(id)
                .default_size(height * share)
                .size_range((height * 0.2)..=height * SHEET_MAX_SHARE)
        } else {
            egui::Panel::right(if presenting {
                "lessons-presenting"
            } else {
                "lessons"
            })
            .default_size(width)
            .size_range(240.0..=900.0)
        };
        panel.resizable(true).show(ui, |ui| {
            if presenting {
                crate::ui::presentation::enlarge(ui);
            }
            // In a sheet a page's first row also holds Close: the board above keeps a row.
            if !(sheet && self.course.active.is_some()) {
                ui.horizontal(|ui| {
                    ui.heading(tr!("lessons-title"));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        self.close_button(ui);
                    });
                });
                ui.separator();
            }
            let asked = if self.course.active.is_some() {
                self.page(ui, sheet)
            } else {
                self.list(ui, language)
            };
            request = request.or(asked);
        });
        request
    }

    fn file_window(&mut self, ctx: &Context) -> Option<Request> {
        let outcome = self.dialog.as_mut()?.show(ctx)?;
        self.dialog = None;
        match outcome {
            DialogOutcome::Chosen(path) => self.load_file(&path),
            _ => None,
        }
    }

    /// Every lesson, with how far the student got, and a button to open one's own.
    fn list(&mut self, ui: &mut Ui, language: Language) -> Option<Request> {
        let mut chosen: Option<Lesson> = None;
        // Room below for the separator and the button (a finger's height on a touch screen):
        // a list that asked for more would grow its panel a little every frame.
        let below = ui.spacing().interact_size.y + 3.0 * ui.spacing().item_spacing.y + 8.0;
        egui::ScrollArea::vertical()
            .max_height(ui.available_height() - below)
            .show(ui, |ui| {
                for lesson in self.course.listed(language) {
                    ui.group(|ui| {
                        ui.set_width(ui.available_width());
                        ui.strong(&lesson.title);
                        if !lesson.summary.is_empty() {
                            ui.label(&lesson.summary);
                        }
                        let (right, questions) = self.course.score(lesson);
                        let reached = self.course.progress.get(&lesson.id).map(|p| p.page + 1);
                        ui.horizontal(|ui| {
                            let label = match reached {
                                Some(page) => {
                                    ui.weak(tr!(
                                        "lessons-progress",
                                        page = page,
                                        pages = lesson.pages.len(),
                                        right = right,
                                        questions = questions
                                    ));
                                    tr!("lessons-continue", title = lesson.title.clone())
                                }
                                None => {
                                    ui.weak(tr!(
                                        "lessons-size",
                                        pages = lesson.pages.len(),
                                        questions = questions
                                    ));
                                    tr!("lessons-start", title = lesson.title.clone())
                                }
                            };
                            let button = ui.button(if reached.is_some() {
                                tr!("lessons-continue-short")
                            } else {
                                tr!("lessons-start-short")
                            });
                            if button.clone().on_hover_text(&label).clicked() {
                                chosen = Some(lesson.clone());
                            }
                            // The same words on every button: the label tells them apart.
                            button.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                            });
                        });
                    });
                }
            });
        ui.separator();
        if ui.button(tr!("lessons-open-file")).clicked() {
            self.open_dialog();
        }
        chosen.map(|lesson| self.start(lesson))
    }

    fn close_button(&mut self, ui: &mut Ui) {
        if ui.button(tr!("lessons-close")).clicked() {
            self.open = false;
        }
    }

    /// The page being taught (in a sheet, with the close button in its first row).
    fn page(&mut self, ui: &mut Ui, sheet: bool) -> Option<Request> {
        let mut request = None;
        let active = self.course.active.as_ref()?;
        let pages = active.lesson.pages.len();
        let at = active.page;
        ui.horizontal(|ui| {
            if ui.button(tr!("lessons-all")).clicked() {
                self.course.active = None;
            }
            if sheet {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    self.close_button(ui);
                    if let Some(active) = &self.course.active {
                        ui.add(
                            egui::Label::new(egui::RichText::new(&active.lesson.title).strong())
                                .truncate(),
                        );
                    }
                });
            } else if let Some(active) = &self.course.active {
                ui.strong(&active.lesson.title);
            }
        });
        let Some(active) = &self.course.active else {
            return None;
        };
        // The words only: the page's board is not copied each frame.
        let page = active.page();
        let (title, text, question) =
            (page.title.clone(), page.text.clone(), page.question.clone());
        let has_scene = page.scene.is_some();
        ui.separator();
        ui.heading(tr!(
            "lessons-page-title",
            page = at + 1,
            pages = pages,
            title = title
        ));
        // The page buttons below, wrapping onto a second row in a narrow panel; the text
        // scrolls in what is left above them.
        egui::Panel::bottom("lesson-page-buttons")
            .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 4)))
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .add_enabled(at > 0, egui::Button::new(tr!("lessons-previous")))
                        .clicked()
                    {
                        request = Some(self.course.go_to(at - 1));
                    }
                    if ui
                        .add_enabled(at + 1 < pages, egui::Button::new(tr!("lessons-next")))
                        .clicked()
                    {
                        request = Some(self.course.go_to(at + 1));
                    }
                    if has_scene
                        && ui
                            .button(tr!("lessons-reset-page"))
                            .on_hover_text(tr!("lessons-reset-page-hover"))
                            .clicked()
                    {
                        request = Some(self.course.go_to(at));
                    }
                });
            });
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                super::text::show(ui, &text);
                if let Some(question) = &question {
                    ui.separator();
                    request = request.take().or(self.question(ui, question));
                }
            });
        request
    }

    /// The question, the ways to answer it, and the verdict once answered.
    fn question(&mut self, ui: &mut Ui, question: &crate::lessons::Question) -> Option<Request> {
        let mut request = None;
        let active = self.course.active.as_mut()?;
        super::text::prompt(ui, &question.prompt);
        match &question.kind {
            QuestionKind::Choice { choices, .. } => {
                for (i, choice) in choices.iter().enumerate() {
                    ui.radio_value(&mut active.choice, Some(i), choice);
                }
                let picked = active.choice;
                // Another choice ticked after Check: the verdict was of the last one, and
                // Check judges the new one.
                if let Some(Checked::Choice { picked: judged, .. }) = active.checked
                    && picked != Some(judged)
                {
                    active.checked = None;
                }
                if ui
                    .add_enabled(picked.is_some(), egui::Button::new(tr!("lessons-check")))
                    .clicked()
                    && let Some(picked) = picked
                {
                    self.course.answer(Answer::Choice(picked));
                }
            }
            // Once a cell is judged, the verdict says what to do next instead.
            QuestionKind::Predict { .. } | QuestionKind::Lowest(_) if active.checked.is_none() => {
                ui.weak(tr!("lessons-click-a-cell"));
            }
            QuestionKind::Predict { .. } | QuestionKind::Lowest(_) => {}
            QuestionKind::Joins => {
                ui.weak(tr!("lessons-pick-cells"));
                if ui.button(tr!("lessons-check-cells")).clicked() {
                    request = Some(Request::CheckCells);
                }
            }
            QuestionKind::Code => {
                ui.weak(tr!("lessons-write-then-check"));
                if ui.button(tr!("lessons-check-code")).clicked() {
                    request = Some(Request::CheckCode);
                }
                if let Some(hint) = &self.code_hint {
                    ui.label(hint);
                }
            }
            QuestionKind::PaintWall { .. } => {
                ui.weak(tr!("lessons-paint-then-check"));
                if ui.button(tr!("lessons-check-board")).clicked() {
                    request = Some(Request::CheckBoard);
                }
            }
        }
        let active = self.course.active.as_ref()?;
        if let Some(checked) = &active.checked {
            let algorithm = active.page().board().map(|b| b.algorithm);
            let text = super::feedback::told(checked, &question.kind, algorithm);
            let color = if checked.is_right() {
                palette::status::SUCCESS
            } else {
                palette::status::TROUBLE
            };
            ui.label(RichText::new(text).color(crate::ui::color(color)).strong());
            if !question.explain.is_empty() {
                super::text::show(ui, &question.explain);
            }
            if !checked.is_right() && ui.button(tr!("lessons-try-again")).clicked() {
                request = Some(self.course.go_to(active.page));
            }
        }
        request
    }
}
