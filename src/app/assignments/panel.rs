//! The assignment panel: the list of assignments with the score of each one's last check,
//! and the assignment being done: its handout, each question with its tests' outcomes (a
//! failing one opened on its board), the student's file in an editor, Check and Export.

use egui::{Key, Modifiers, Ui};

use super::{Assignments, Purpose, ShowTest, show_test};
use crate::app::code::editor::{Marks, code_editor};
use crate::app::lessons::text;
use crate::assignments::Check;
use crate::i18n::Language;
use crate::tr;
use crate::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter};
use frontier_script::{QuestionGraded, Status, points};

/// Rows the editor shows at least.
const EDITOR_ROWS: usize = 14;

impl Assignments {
    /// Opens the dialog for an assignment file of one's own.
    pub fn open_dialog(&mut self) {
        let filters = vec![
            FileFilter::new(tr!("dialog-assignments"), &["toml"]),
            FileFilter::all(),
        ];
        let dialog = FileDialog::new(
            DialogMode::Open,
            &tr!("dialog-open-assignment"),
            None,
            "",
            filters,
        );
        self.dialog = Some((dialog.with_presets("assignments"), Purpose::OpenAssignment));
    }

    fn export_dialog(&mut self) {
        let Some(active) = &self.active else {
            return;
        };
        let name = format!("{}.py", active.assignment.id.replace('-', "_"));
        let dialog = FileDialog::new(
            DialogMode::Save,
            &tr!("assignment-export"),
            None,
            &name,
            vec![FileFilter::new(tr!("dialog-python"), &["py"])],
        );
        self.dialog = Some((dialog, Purpose::ExportWork));
    }

    fn file_window(&mut self, ctx: &egui::Context) {
        let Some((dialog, purpose)) = &mut self.dialog else {
            return;
        };
        let purpose = *purpose;
        let Some(outcome) = dialog.show(ctx) else {
            return;
        };
        self.dialog = None;
        let DialogOutcome::Chosen(path) = outcome else {
            return;
        };
        match purpose {
            Purpose::OpenAssignment => self.load_file(&path),
            Purpose::ExportWork => {
                let Some((_, work)) = self.active_work() else {
                    return;
                };
                let source = work.source.clone();
                self.notice = Some(match crate::files::write_text(&path, &source) {
                    Ok(()) => crate::app::Notice::info(crate::msg!(
                        "assignment-exported",
                        file = path.display().to_string()
                    )),
                    Err(why) => crate::app::Notice::error(why),
                });
            }
        }
    }

    /// The panel at the right of the window (a sheet under the board on a phone held
    /// upright), when open; a test to show on its board, if one was asked for.
    pub fn show(&mut self, ui: &mut Ui, language: Language) -> Option<ShowTest> {
        self.file_window(ui.ctx());
        crate::app::notice::error_window(ui.ctx(), &mut self.notice, "");
        if !self.open {
            return None;
        }
        self.follow_language(language);
        let sheet = crate::ui::side_panels::sheets(ui);
        if sheet {
            // The tab's sheet buttons step aside while this one is open.
            crate::ui::side_panels::app_sheet_open(ui.ctx(), true);
        }
        let height = ui.ctx().content_rect().height();
        let panel = if sheet {
            use crate::ui::side_panels::SHEET_MAX_SHARE;
            egui::Panel::bottom("assignments-sheet")
                .default_size(height * 0.5)
                .size_range((height * 0.2)..=height * SHEET_MAX_SHARE)
        } else {
            let width = (ui.available_width() * 0.42).clamp(280.0, 560.0);
            // At most half the window, whatever it was dragged to in a larger one: the board
            // keeps the rest.
            let widest = (ui.ctx().content_rect().width() * 0.5).max(260.0);
            egui::Panel::right("assignments")
                .default_size(width.min(widest))
                .size_range(260.0..=widest)
        };
        let mut asked = None;
        panel.resizable(true).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(tr!("assignments-title"));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(tr!("assignments-close")).clicked() {
                        self.open = false;
                    }
                    if self.active.is_some() && ui.button(tr!("assignments-all")).clicked() {
                        self.active = None;
                    }
                });
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("assignment-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if self.active.is_some() {
                        asked = self.assignment(ui);
                    } else {
                        self.list(ui, language);
                    }
                });
        });
        asked
    }

    /// Every shipped assignment, with the score of its last check, and a button to open
    /// one's own.
    fn list(&mut self, ui: &mut Ui, language: Language) {
        let mut chosen = None;
        for (text, assignment) in Assignments::shipped(language) {
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                ui.strong(&assignment.title);
                if !assignment.summary.is_empty() {
                    ui.label(&assignment.summary);
                }
                ui.horizontal(|ui| {
                    let work = self.work.get(&assignment.id);
                    match work.and_then(|w| w.graded.as_ref()) {
                        Some(graded) => ui.weak(tr!(
                            "assignments-last-check",
                            score = points(graded.score()),
                            max = points(graded.max_score())
                        )),
                        None => ui.weak(tr!(
                            "assignments-size",
                            questions = assignment.questions.len(),
                            points = points(assignment.points())
                        )),
                    };
                    let label = tr!("assignments-open-named", title = assignment.title.clone());
                    let button = ui.button(tr!("assignments-open"));
                    if button.clone().on_hover_text(&label).clicked() {
                        chosen = Some((text.clone(), assignment.clone()));
                    }
                    button.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                    });
                });
            });
        }
        ui.separator();
        if ui.button(tr!("assignments-open-file")).clicked() {
            self.open_dialog();
        }
        if let Some((text, assignment)) = chosen {
            self.start(text, assignment);
        }
    }

    /// The assignment being done.
    fn assignment(&mut self, ui: &mut Ui) -> Option<ShowTest> {
        // Ctrl+Enter checks, taken before the editor would read it as a new line.
        let mut check = ui.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::Enter));
        let checking = self.checking();
        let mut export = false;
        let mut asked = None;
        let self_notice = self.notice.clone();
        let (active, work) = self.active_work()?;
        let assignment = &active.assignment;
        ui.strong(&assignment.title);
        let graded = work.graded.as_ref();
        let edited = graded.is_some() && work.checked_source != work.source;
        // Check and Export first: the file below is long, the questions longer.
        ui.horizontal_wrapped(|ui| {
            let button = egui::Button::new(tr!("assignments-check"));
            check |= ui
                .add_enabled(!checking, button)
                .on_hover_text(tr!("assignments-check-tip"))
                .clicked();
            if checking {
                ui.spinner();
                ui.label(tr!("assignments-checking"));
            }
            export = ui.button(tr!("assignment-export")).clicked();
        });
        if let Some(notice) = self_notice.filter(|n| !n.error) {
            ui.colored_label(status_color(Status::Passed), notice.text());
        }
        if edited && !checking {
            ui.colored_label(ui.visuals().warn_fg_color, tr!("assignments-edited"));
        }
        if let Some(graded) = graded {
            ui.label(tr!(
                "assignments-score",
                score = points(graded.score()),
                max = points(graded.max_score()),
                total = points(assignment.points())
            ));
        }
        egui::CollapsingHeader::new(tr!("assignments-handout"))
            .id_salt("assignment-handout")
            .default_open(graded.is_none())
            .show(ui, |ui| text::show(ui, &assignment.text));
        for question in &assignment.questions {
            let outcome = graded.and_then(|g| g.question(&question.function));
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    ui.strong(format!("{}: {}", question.function, question.title));
                    if let Some(outcome) = outcome {
                        ui.colored_label(
                            status_color(outcome.status),
                            format!("{} / {}", points(outcome.score), points(outcome.max_score)),
                        );
                    } else {
                        ui.weak(tr!("assignments-points", points = points(question.points)));
                    }
                });
                text::show(ui, &question.text);
                let shown = match outcome {
                    Some(outcome) => tests_shown(ui, question, outcome),
                    None => tests_to_show(ui, question),
                };
                if let Some((test, step)) = shown {
                    // A checked file's test shows that file; before a check, the one there.
                    let source = match outcome {
                        Some(_) => &work.checked_source,
                        None => &work.source,
                    };
                    asked = show_test(assignment, &question.function, test, source, step);
                }
            });
        }
        let label = ui.label(tr!("assignments-your-file"));
        code_editor(
            ui,
            "assignment-editor",
            label.id,
            &mut work.source,
            Marks::default(),
            EDITOR_ROWS,
        );
        if check && !checking {
            self.check();
        }
        if export {
            self.export_dialog();
        }
        asked
    }
}

/// Each visible test's outcome, with a button that opens a search test on its board; the
/// test (its place among the question's tests) and the step asked for.
fn tests_shown(
    ui: &mut Ui,
    question: &crate::assignments::Question,
    outcome: &QuestionGraded,
) -> Option<(usize, usize)> {
    let mut asked = None;
    if outcome.tests.is_empty() || outcome.status == Status::Missing {
        ui.colored_label(status_color(outcome.status), &outcome.message);
    }
    let search = matches!(question.check, Check::Search(_));
    for test in &outcome.tests {
        let (said, color) = if test.passed {
            (
                tr!("assignments-test-passed", test = test.name.clone()),
                status_color(Status::Passed),
            )
        } else {
            (
                tr!("assignments-test-failed", test = test.name.clone()),
                status_color(Status::Failed),
            )
        };
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(color, said);
            let place = question
                .tests
                .iter()
                .position(|t| !t.hidden && t.name == test.name);
            if let (true, Some(place)) = (search, place)
                && show_button(ui, &question.function, &test.name)
            {
                asked = Some((place, test.divergence.map_or(0, |d| d.step)));
            }
        });
        if !test.passed {
            ui.label(egui::RichText::new(&test.message).small());
        }
    }
    asked
}

/// Before a check, a search question's visible tests, each with a button that opens its
/// problem on its board (the file there run on it, from step 0).
fn tests_to_show(ui: &mut Ui, question: &crate::assignments::Question) -> Option<(usize, usize)> {
    if !matches!(question.check, Check::Search(_)) {
        return None;
    }
    let mut asked = None;
    for (place, test) in question.tests.iter().enumerate() {
        if test.hidden {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(&test.name);
            if show_button(ui, &question.function, &test.name) {
                asked = Some((place, 0));
            }
        });
    }
    asked
}

/// The button that shows test `test` of question `function` on its board; whether it was
/// pressed.
fn show_button(ui: &mut Ui, function: &str, test: &str) -> bool {
    let label = tr!(
        "assignments-show-named",
        test = format!("{function}: {test}")
    );
    let button = ui.small_button(tr!("assignments-show"));
    let pressed = button.clone().on_hover_text(&label).clicked();
    button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    pressed
}

fn status_color(status: Status) -> egui::Color32 {
    let color = match status {
        Status::Passed => crate::palette::status::SUCCESS,
        Status::Partial => crate::palette::status::WARNING,
        _ => crate::palette::status::TROUBLE,
    };
    crate::ui::color(color)
}
