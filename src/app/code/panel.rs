//! The code panel: the program in the editor, Run, the search it is checked against, and a
//! console with what the program printed up to the step shown, or why it stopped.

use egui::{Key, Modifiers, Ui};

use frontier_script::Stopped;

use super::editor::{Marks, code_editor};
use super::{CodeRun, RULES, Recordable};
use crate::search::judge::Verdict;
use crate::tr;

/// What the student asked of the panel this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanelAction {
    /// Run the program in the editor.
    pub run: bool,
    /// The search it is checked against changed: judge the last run again.
    pub check_changed: bool,
}

/// Rows the editor shows at least.
const EDITOR_ROWS: usize = 16;

/// The panel for `code`, the run shown standing at `step` (0 before the first).
pub fn code_panel<P: Recordable>(ui: &mut Ui, code: &mut CodeRun<P>, step: usize) -> PanelAction {
    let mut action = PanelAction::default();
    code.follow_language(crate::i18n::language());
    // Ctrl+Enter runs, taken before the editor would read it as a new line.
    action.run |= ui.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::Enter));
    ui.horizontal_wrapped(|ui| {
        let run = ui
            .button(tr!("code-run"))
            .on_hover_text(tr!("code-run-tip"));
        action.run |= run.clicked();
        let label = ui.label(tr!("code-check"));
        let selected = code
            .check
            .map_or(tr!("code-check-none"), crate::judged::rule_name);
        egui::ComboBox::from_id_salt("code-check")
            .selected_text(selected)
            .show_ui(ui, |ui| {
                let none = ui.selectable_label(code.check.is_none(), tr!("code-check-none"));
                if none.clicked() && code.check.is_some() {
                    code.check = None;
                    action.check_changed = true;
                }
                for rule in RULES {
                    let chosen = ui
                        .selectable_label(code.check == Some(rule), crate::judged::rule_name(rule));
                    if chosen.clicked() && code.check != Some(rule) {
                        code.check = Some(rule);
                        action.check_changed = true;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    if code.can_bring_back()
        && ui
            .button(tr!("code-bring-back"))
            .on_hover_text(tr!("code-bring-back-tip"))
            .clicked()
    {
        action.run |= code.bring_back();
    }
    if code.running() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(match code.expansions_so_far() {
                Some(expansions) => tr!("code-running", expansions = expansions),
                None => tr!("code-waiting"),
            });
        });
    } else if code.edited_since_run() {
        ui.colored_label(ui.visuals().warn_fg_color, tr!("code-edited"));
    }
    let marks = Marks {
        lit: code.line_at(step),
        // An error's mark is of the program as it ran: gone once it is edited.
        error: (code.outcome())
            .filter(|_| !code.edited_since_run())
            .and_then(|o| o.error_at()),
    };
    let console = code.printed_at(step).to_owned();
    let stopped = code.stopped_at(step).map(|s| s.to_string());
    let label = ui.label(tr!("code-program"));
    let editor_height = (ui.available_height() - 150.0).max(160.0);
    ui.allocate_ui(egui::vec2(ui.available_width(), editor_height), |ui| {
        code_editor(
            ui,
            "code-editor",
            label.id,
            &mut code.source,
            marks,
            EDITOR_ROWS,
        );
    });
    let label = ui.label(tr!("code-console"));
    egui::Frame::group(ui.style()).show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("code-console")
            .max_height(120.0)
            .auto_shrink([false, true])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if console.is_empty() && stopped.is_none() {
                    ui.weak(tr!("code-console-empty"));
                }
                if !console.is_empty() {
                    let text = egui::RichText::new(console.trim_end()).monospace();
                    ui.add(egui::Label::new(text).selectable(true))
                        .labelled_by(label.id);
                }
                if let Some(stopped) = stopped {
                    let red = crate::ui::color(crate::palette::status::TROUBLE);
                    let text = egui::RichText::new(stopped).monospace().color(red);
                    ui.add(egui::Label::new(text).selectable(true));
                }
            });
    });
    action
}

/// Above the board or the puzzle: the program running, or why it stopped, or the verdict,
/// with a button to the step where the run broke the rule. Returns the step asked for.
pub fn verdict_strip<P: Recordable>(ui: &mut Ui, code: &CodeRun<P>, shown: usize) -> Option<usize> {
    if code.running() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!("code-waiting"));
        });
        return None;
    }
    let outcome = code.outcome()?;
    let (good, bad) = (
        crate::ui::color(crate::palette::status::SUCCESS),
        crate::ui::color(crate::palette::status::TROUBLE),
    );
    let mut seek = None;
    // One under the other: a verdict wrapped over two lines ran under a button beside it.
    ui.vertical(|ui| {
        if let Some(stopped) = &outcome.ran.stopped {
            ui.colored_label(bad, stopped_in_a_line(stopped));
            return;
        }
        let Some((rule, verdict)) = &outcome.verdict else {
            ui.weak(tr!("code-no-check"));
            return;
        };
        let text = crate::judged::verdict_text(*rule, verdict);
        match verdict {
            Verdict::Follows { .. } => {
                ui.colored_label(good, text);
            }
            Verdict::Diverged { step, .. } => {
                ui.colored_label(bad, text);
                // Greyed out there, not gone: the row keeps its place while playing.
                let button = egui::Button::new(tr!("code-show-step", step = *step));
                if ui.add_enabled(shown != *step, button).clicked() {
                    seek = Some(*step);
                }
            }
        }
    });
    seek
}

/// Why a program stopped, in a line: a limit's own sentence, or the last line of a
/// traceback (the error itself; the console holds the rest).
pub(super) fn stopped_in_a_line(stopped: &Stopped) -> String {
    match stopped {
        Stopped::Limit(limit) => limit.to_string(),
        other => {
            let told = other.to_string();
            let last = told.lines().last().unwrap_or_default().to_owned();
            tr!("code-stopped", why = last)
        }
    }
}
