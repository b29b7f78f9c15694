//! Play / pause / step / step back / reset / run to the end, a speed control and a
//! timeline: the controls every stepping view shares. The widget reports what the user
//! asked for; the owner applies it to its run.

use std::time::Duration;

use web_time::Instant;

use egui::Ui;

use crate::tr;

/// Speeds on offer, in steps per second; `None` is "as fast as the frame allows".
pub const SPEEDS: [Option<f64>; 12] = [
    Some(1.0),
    Some(2.0),
    Some(5.0),
    Some(10.0),
    Some(20.0),
    Some(50.0),
    Some(100.0),
    Some(300.0),
    Some(1000.0),
    Some(5000.0),
    Some(20000.0),
    None,
];

/// How long a frame may spend stepping in the app: the search never blocks a frame.
pub const FRAME_BUDGET: Duration = Duration::from_millis(6);

/// How much stepping a frame may do: a time (the app), or a number of steps. Counted, each
/// frame does the same work however fast or busy the machine is, so what the UI tests see
/// after so many frames is the same everywhere. (Counted, an export writes one picture a
/// frame.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameBudget {
    Time(Duration),
    Steps(usize),
}

impl FrameBudget {
    /// The app's.
    pub const APP: FrameBudget = FrameBudget::Time(FRAME_BUDGET);

    /// The budget of the frames of `ctx`: the app's unless another was set.
    pub fn of(ctx: &egui::Context) -> FrameBudget {
        ctx.data(|d| d.get_temp(Self::id())).unwrap_or(Self::APP)
    }

    /// Makes this the budget of every frame of `ctx`.
    pub fn set(self, ctx: &egui::Context) {
        ctx.data_mut(|d| d.insert_temp(Self::id(), self));
    }

    fn id() -> egui::Id {
        egui::Id::unique("frontier-frame-budget")
    }

    /// One of `n` equal shares (a step at least).
    pub fn share(self, n: usize) -> FrameBudget {
        let n = n.max(1);
        match self {
            FrameBudget::Time(time) => FrameBudget::Time(time / n as u32),
            FrameBudget::Steps(steps) => FrameBudget::Steps((steps / n).max(1)),
        }
    }

    /// What is left once `taken` steps have been taken since `began`.
    pub fn left(self, began: Instant, taken: usize) -> FrameBudget {
        match self {
            FrameBudget::Time(time) => FrameBudget::Time(time.saturating_sub(began.elapsed())),
            FrameBudget::Steps(steps) => FrameBudget::Steps(steps.saturating_sub(taken)),
        }
    }
}

/// Steps due at a rate, the fraction left over carried to the next frame: the pacing of
/// every animation (a run playing, a snake moving, a link search spreading).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pace {
    carry: f64,
}

impl Pace {
    /// Steps due after `dt` seconds at `rate` steps a second. A long pause between frames
    /// (the window hidden, say) does not turn into a burst.
    pub fn due(&mut self, rate: f64, dt: f64) -> usize {
        self.carry += rate * dt.clamp(0.0, 0.25);
        let due = self.carry.floor();
        self.carry -= due;
        due as usize
    }

    /// Forgets the fraction carried (when the animation stops).
    pub fn reset(&mut self) {
        self.carry = 0.0;
    }
}

/// Whether a run is playing, and how fast.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Playback {
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Fractional steps carried over between frames at slow speeds.
    #[serde(skip)]
    pace: Pace,
}

impl Default for Playback {
    fn default() -> Self {
        Playback {
            playing: false,
            speed: 5,
            pace: Pace::default(),
        }
    }
}

impl Playback {
    /// Paused, at speed level `speed` (clamped to the levels on offer).
    pub fn paused_at(speed: usize) -> Playback {
        Playback {
            playing: false,
            speed: speed.min(SPEEDS.len() - 1),
            pace: Pace::default(),
        }
    }

    pub fn steps_per_second(&self) -> Option<f64> {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }

    pub fn speed_label(&self) -> String {
        match self.steps_per_second() {
            Some(s) if s >= 1000.0 => tr!("speed-thousands", thousands = s / 1000.0),
            Some(s) => tr!("speed-steps", steps = s),
            None => tr!("speed-max"),
        }
    }

    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// How many steps are due after `dt` seconds of play (at most `usize::MAX` for "max").
    pub fn steps_due(&mut self, dt: f64) -> usize {
        if !self.playing {
            self.pace.reset();
            return 0;
        }
        match self.steps_per_second() {
            None => usize::MAX,
            Some(rate) => self.pace.due(rate, dt),
        }
    }
}

/// At most how many steps [`step_within_budget`] takes between looks at the clock. A step
/// is mostly a few microseconds and a look some 30 ns, but a step can turn a hundred times
/// dearer in the middle of a frame: on a 3000 x 3000 board, the steps after a timeline
/// checkpoint copy the chunks they write to, and when the system is slow to hand out fresh
/// pages one such step took 1.4 ms. Looking every 64 steps, D* Lite then drew frames of 80
/// to 180 ms (`cargo bench --bench frame -- huge`, three runs of five).
const STEPS_PER_CLOCK_LOOK: usize = 8;

/// About how long a frame steps between looks at the clock once it knows its pace: slow
/// steps are each followed by a look.
const LOOK_EVERY: Duration = Duration::from_micros(50);

/// Takes up to `due` steps with `step` (which returns false once there is nothing more),
/// stopping early when the frame budget is spent. Returns how many were taken.
pub fn step_within_budget(due: usize, budget: FrameBudget, step: impl FnMut() -> bool) -> usize {
    big_steps_within_budget(due, budget, STEPS_PER_CLOCK_LOOK, step)
}

/// [`step_within_budget`] looking at the clock after the first step and then after at most
/// `steps_per_look` steps (fewer when this frame's steps are slow).
pub fn big_steps_within_budget(
    due: usize,
    budget: FrameBudget,
    steps_per_look: usize,
    mut step: impl FnMut() -> bool,
) -> usize {
    let due = match budget {
        FrameBudget::Steps(steps) => due.min(steps),
        FrameBudget::Time(_) => due,
    };
    let began = Instant::now();
    let (mut taken, mut next_look) = (0, 1);
    while taken < due {
        if !step() {
            break;
        }
        taken += 1;
        if let FrameBudget::Time(time) = budget
            && taken == next_look
        {
            let spent = began.elapsed();
            if spent >= time {
                break;
            }
            let pace = (spent.as_nanos() / taken as u128).max(1);
            let steps = (LOOK_EVERY.as_nanos() / pace) as usize;
            next_look = taken + steps.clamp(1, steps_per_look.max(1));
        }
    }
    taken
}

/// What the user asked the controls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAction {
    TogglePlay,
    Step,
    StepBack,
    Reset,
    RunToEnd,
    Seek(usize),
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
        buttons(ui, playback, position, known, finished, &mut actions);
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
            timeline(ui, label.id, position, known, finished, &mut actions);
        });
    } else {
        let label = ui.label(tr!("run-timeline"));
        ui.horizontal(|ui| {
            let room = ui.available_width() - timeline_fixed_width(ui)
                + text_width(ui, &tr!("run-timeline"));
            ui.spacing_mut().slider_width = room.max(40.0);
            timeline(ui, label.id, position, known, finished, &mut actions);
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

/// Reset, step back, play or pause, step and run to the end, in a row.
fn buttons(
    ui: &mut Ui,
    playback: &Playback,
    position: usize,
    known: usize,
    finished: bool,
    actions: &mut Vec<StepAction>,
) {
    let at_end = finished && position >= known;
    if ui
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
    if ui
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
    buttons(ui, playback, position, known, finished, &mut actions);
    // The timeline on a row of its own, its slider as long as the row allows: a slider
    // running past the window's edge would widen the board's area with it.
    ui.end_row();
    let room = ui.available_width() - timeline_fixed_width(ui);
    ui.spacing_mut().slider_width = room.clamp(40.0, 420.0);
    let label = ui.label(tr!("run-timeline"));
    timeline(ui, label.id, position, known, finished, &mut actions);
    actions
}

/// The timeline slider, named by the label `label`, and how far the run is known.
pub fn timeline(
    ui: &mut Ui,
    label: egui::Id,
    position: usize,
    known: usize,
    finished: bool,
    actions: &mut Vec<StepAction>,
) {
    let mut at = position;
    let response = ui
        .add(egui::Slider::new(&mut at, 0..=known.max(1)).integer())
        .labelled_by(label)
        .on_hover_text(tr!("run-timeline-tip"));
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
    fn slow_speeds_carry_fractions_and_pauses_do_not_burst() {
        let mut playback = Playback {
            playing: true,
            speed: 0,
            pace: Pace::default(),
        };
        let steps: usize = (0..60).map(|_| playback.steps_due(1.0 / 60.0)).sum();
        assert_eq!(steps, 1, "one step per second at speed 1");
        playback.speed = 3;
        assert_eq!(
            playback.steps_due(10.0),
            2,
            "a 10 s stall counts as a quarter second"
        );
        playback.playing = false;
        assert_eq!(playback.steps_due(1.0), 0);
        playback.playing = true;
        playback.speed = SPEEDS.len() - 1;
        assert_eq!(playback.steps_due(0.01), usize::MAX);
    }

    #[test]
    fn stepping_stops_at_the_budget_or_the_end() {
        let mut left = 10;
        let taken = step_within_budget(usize::MAX, FrameBudget::APP, || {
            left -= 1;
            left > 0
        });
        assert_eq!(taken, 9);
        let none = FrameBudget::Time(Duration::ZERO);
        let taken = step_within_budget(usize::MAX, none, || true);
        assert_eq!(taken, 1, "the clock is first read after one step");
        assert_eq!(
            step_within_budget(usize::MAX, FrameBudget::Steps(100), || true),
            100
        );
        assert_eq!(step_within_budget(7, FrameBudget::Steps(100), || true), 7);
    }

    #[test]
    fn a_counted_budget_is_shared_and_spent_in_steps_and_set_for_a_context() {
        let budget = FrameBudget::Steps(100);
        assert_eq!(budget.share(3), FrameBudget::Steps(33));
        assert_eq!(budget.share(1000), FrameBudget::Steps(1));
        assert_eq!(budget.left(Instant::now(), 30), FrameBudget::Steps(70));
        assert_eq!(budget.left(Instant::now(), 300), FrameBudget::Steps(0));
        let ctx = egui::Context::default();
        assert_eq!(FrameBudget::of(&ctx), FrameBudget::APP);
        budget.set(&ctx);
        assert_eq!(FrameBudget::of(&ctx), budget);
    }
}
