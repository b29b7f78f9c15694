//! Play / pause / step / step back / reset / run to the end, a speed control and a
//! timeline: the controls every stepping view shares. The widget reports what the user
//! asked for; the owner applies it to its run. What they control (the playback, the frame
//! budget, the actions) is `crate::watch`'s.

use egui::Ui;

use crate::tr;
pub use crate::watch::{
    FRAME_BUDGET, FrameBudget, Pace, Playback, SPEEDS, StepAction, big_steps_within_budget,
    step_within_budget,
};

/// The frame budget as the frames of an egui context keep it.
pub trait BudgetOfFrames {
    /// The budget of the frames of `ctx`: the app's unless another was set.
    fn of(ctx: &egui::Context) -> FrameBudget;

    /// Makes this the budget of every frame of `ctx`.
    fn set(self, ctx: &egui::Context);
}

impl BudgetOfFrames for FrameBudget {
    fn of(ctx: &egui::Context) -> FrameBudget {
        ctx.data(|d| d.get_temp(budget_id()))
            .unwrap_or(FrameBudget::APP)
    }

    fn set(self, ctx: &egui::Context) {
        ctx.data_mut(|d| d.insert_temp(budget_id(), self));
    }
}

fn budget_id() -> egui::Id {
    egui::Id::unique("frontier-frame-budget")
}

/// The controls. `position` is the current step; `known` the furthest step reached so far
/// (the timeline's length); `finished` whether the run has ended at `known`.
pub fn step_controls(
    ui: &mut Ui,
    playback: &mut Playback,
    position: usize,
    known: usize,
    finished: bool,
) -> Vec<StepAction> {
    let mut actions = vec![];
    ui.horizontal_wrapped(|ui| {
        buttons(
            ui,
            playback,
            (position, known, finished),
            false,
            &mut actions,
        );
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("run-speed"));
        // The slider takes what the label and the widest speed's name leave, so the row
        // fits a narrow panel (the name after it was cut off at a panel's edge).
        let widest = (0..SPEEDS.len())
            .map(|speed| text_width(ui, &Playback::paused_at(speed).speed_label()))
            .fold(0.0, f32::max);
        let spacing = ui.spacing().item_spacing.x;
        let room = ui.available_size_before_wrap().x - widest - 2.0 * spacing;
        ui.spacing_mut().slider_width = room.clamp(30.0, 160.0);
        let mut speed = playback.speed;
        let text = playback.speed_label();
        ui.add(
            egui::Slider::new(&mut speed, 0..=SPEEDS.len() - 1)
                .show_value(false)
                .text(text),
        )
        .labelled_by(label.id)
        .on_hover_text(tr!("run-speed-tip"));
        playback.speed = speed;
    });
    // A row of fixed parts that never wraps: while a run plays, its numbers grow, and a row
    // that wrapped would move the buttons below under the pointer. Where a panel is too
    // narrow for the slider beside its label and length, the slider takes a row of its own.
    let room = ui.available_width() - timeline_fixed_width(ui);
    if room >= 60.0 {
        ui.horizontal(|ui| {
            ui.spacing_mut().slider_width = room;
            let label = ui.label(tr!("run-timeline"));
            timeline(ui, Some(label.id), position, known, finished, &mut actions);
        });
    } else {
        let label = ui.label(tr!("run-timeline"));
        ui.horizontal(|ui| {
            let room = ui.available_width() - timeline_fixed_width(ui)
                + text_width(ui, &tr!("run-timeline"));
            ui.spacing_mut().slider_width = room.max(40.0);
            timeline(ui, Some(label.id), position, known, finished, &mut actions);
        });
    }
    actions
}

/// How wide `text` is in the body's font.
fn text_width(ui: &Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    ui.painter()
        .layout_no_wrap(text.to_string(), font, egui::Color32::WHITE)
        .size()
        .x
}

/// The room a timeline's row takes besides its slider's track, for up to seven-digit step
/// counts: its label, the slider's number box and the run's length after it.
fn timeline_fixed_width(ui: &Ui) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: String| {
        ui.painter()
            .layout_no_wrap(text, font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    let spacing = ui.spacing();
    width(tr!("run-timeline"))
        + width("9999999".into())
        + 2.0 * spacing.button_padding.x
        + width(tr!("run-of-more", known = 9_999_999))
        + 4.0 * spacing.item_spacing.x
}

/// Reset, step back, play or pause, step and run to the end, in a row (with `essential`,
/// back, play and step only).
fn buttons(
    ui: &mut Ui,
    playback: &Playback,
    (position, known, finished): (usize, usize, bool),
    essential: bool,
    actions: &mut Vec<StepAction>,
) {
    let at_end = finished && position >= known;
    if !essential
        && ui
            .add_enabled(position > 0, egui::Button::new(tr!("run-reset")))
            .on_hover_text(tr!("run-reset-tip"))
            .clicked()
    {
        actions.push(StepAction::Reset);
    }
    if ui
        .add_enabled(position > 0, egui::Button::new(tr!("run-back")))
        .on_hover_text(tr!("run-back-tip"))
        .clicked()
    {
        actions.push(StepAction::StepBack);
    }
    let (play_label, play_hint) = match (playback.playing, at_end) {
        (true, _) => (tr!("run-pause"), tr!("run-pause-tip")),
        (false, true) => (tr!("run-replay"), tr!("run-replay-tip")),
        (false, false) => (tr!("run-play"), tr!("run-play-tip")),
    };
    if ui.button(play_label).on_hover_text(play_hint).clicked() {
        actions.push(StepAction::TogglePlay);
    }
    if ui
        .add_enabled(!at_end, egui::Button::new(tr!("run-step")))
        .on_hover_text(tr!("run-step-tip"))
        .clicked()
    {
        actions.push(StepAction::Step);
    }
    if !essential
        && ui
            .add_enabled(!at_end, egui::Button::new(tr!("run-to-end")))
            .on_hover_text(tr!("run-to-end-tip"))
            .clicked()
    {
        actions.push(StepAction::RunToEnd);
    }
}

/// The step buttons and the timeline in one row, for a compact control bar.
pub fn step_bar(
    ui: &mut Ui,
    playback: &Playback,
    position: usize,
    known: usize,
    finished: bool,
) -> Vec<StepAction> {
    let mut actions = vec![];
    // A phone's finger-sized buttons: back, play and step in one row with the search; reset
    // and to the end are in the controls' sheet (and the timeline resets).
    let essential = super::touch::active(ui.ctx()) && ui.ctx().content_rect().width() < 600.0;
    let run = (position, known, finished);
    buttons(ui, playback, run, essential, &mut actions);
    // The timeline on a row of its own, its slider as long as the row allows: a slider
    // running past the window's edge would widen the board's area with it.
    ui.end_row();
    let mut room = ui.available_width() - timeline_fixed_width(ui);
    let label = if essential {
        // On a phone the slider is named for the screen reader only: its row keeps the
        // room the word would take.
        room += text_width(ui, &tr!("run-timeline")) + ui.spacing().item_spacing.x;
        ui.spacing_mut().slider_width = room.clamp(40.0, 420.0);
        None
    } else {
        ui.spacing_mut().slider_width = room.clamp(40.0, 420.0);
        Some(ui.label(tr!("run-timeline")).id)
    };
    timeline(ui, label, position, known, finished, &mut actions);
    actions
}

/// The timeline slider, named by the label `label` (by its word for the screen reader when
/// there is none on screen), and how far the run is known.
pub fn timeline(
    ui: &mut Ui,
    label: Option<egui::Id>,
    position: usize,
    known: usize,
    finished: bool,
    actions: &mut Vec<StepAction>,
) {
    let mut at = position;
    let response = ui.add(egui::Slider::new(&mut at, 0..=known.max(1)).integer());
    let response = match label {
        Some(label) => response.labelled_by(label),
        None => {
            let word = tr!("run-timeline");
            let shown = at as f64;
            response.widget_info(|| {
                let mut info = egui::WidgetInfo::labeled(egui::Role::Slider, true, &word);
                info.value = Some(shown);
                info
            });
            response
        }
    };
    let response = response.on_hover_text(tr!("run-timeline-tip"));
    if response.changed() && at != position {
        actions.push(StepAction::Seek(at));
    }
    let length = if finished {
        tr!("run-of", known = known)
    } else {
        tr!("run-of-more", known = known)
    };
    // As wide as the longest it will be, so the row keeps its shape as the run grows.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = ui
        .painter()
        .layout_no_wrap(
            tr!("run-of-more", known = known.max(9_999_999)),
            font,
            egui::Color32::WHITE,
        )
        .size()
        .x;
    ui.allocate_ui_with_layout(
        egui::vec2(widest, ui.spacing().interact_size.y),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| ui.label(length),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_set_for_a_context_is_the_budget_of_its_frames() {
        let budget = FrameBudget::Steps(100);
        let ctx = egui::Context::default();
        assert_eq!(FrameBudget::of(&ctx), FrameBudget::APP);
        budget.set(&ctx);
        assert_eq!(FrameBudget::of(&ctx), budget);
    }
}
