//! The whole app in an egui_kittest harness, as the UI tests drive it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::i18n::Language;
use frontier::ui::step_controls::BudgetOfFrames;
use frontier::ui::step_controls::FrameBudget;

/// The stepping a frame of the app may do in the tests: counted, not timed, so what a test
/// sees after so many frames is the same on any machine, however fast or busy.
pub const FRAME_BUDGET: FrameBudget = FrameBudget::Steps(2_000);

/// `app` in a harness with a `size` window, 60 frames a second, each within
/// [`FRAME_BUDGET`]. Building the harness draws the first frames (up to five, until the
/// app asks for no more): they are counted too, so that what they do does not depend on
/// the machine's speed either.
pub fn harness_of(app: FrontierApp, size: [f32; 2]) -> Harness<'static, FrontierApp> {
    // Set before the first frame's stepping, and only then: a test may set its own.
    let mut budget_set = false;
    Harness::builder()
        .with_size(size)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(
            move |ui, app: &mut FrontierApp| {
                if !budget_set {
                    FRAME_BUDGET.set(ui.ctx());
                    budget_set = true;
                }
                app.show(ui)
            },
            app,
        )
}

/// The app fresh, in `language`, in a `size` window, a few frames drawn.
pub fn app_in(language: Language, size: [f32; 2]) -> Harness<'static, FrontierApp> {
    let mut app = FrontierApp::from_saved(None);
    app.set_language(language);
    let mut harness = harness_of(app, size);
    harness.run_steps(4);
    harness
}

/// The app on a saved, open 12 x 8 board (start (1,1), goal (10,6)), a few frames drawn.
pub fn app_on_open_board() -> Harness<'static, FrontierApp> {
    let mut app = FrontierApp::from_saved(None);
    let mut board = frontier::games::sandbox::Board::new(12, 8);
    board.start = frontier::grid::Pos::new(1, 1);
    board.goal = frontier::grid::Pos::new(10, 6);
    app.tabs.pathfinding.replace_board(board);
    app.tabs.pathfinding.mark_saved();
    let mut harness = harness_of(app, [1400.0, 900.0]);
    harness.run_steps(3);
    harness
}

/// The app fresh, in English.
pub fn app(size: [f32; 2]) -> Harness<'static, FrontierApp> {
    app_in(Language::English, size)
}

/// Clicks the widget labelled `label` and lets the app answer.
pub fn click(harness: &mut Harness<'_, FrontierApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(4);
}

/// The screen point at the centre of cell `pos` of the (first) Pathfinding board.
pub fn board_cell(harness: &Harness<'_, FrontierApp>, pos: frontier::grid::Pos) -> egui::Pos2 {
    harness.state().tabs.pathfinding.sessions()[0]
        .view
        .screen_center(pos)
        .expect("the board was drawn")
}

/// Presses at cell `from` of the Pathfinding board, moves over `via` (a frame each) and
/// releases at the last: a click when `via` is empty.
pub fn drag(
    harness: &mut Harness<'_, FrontierApp>,
    from: frontier::grid::Pos,
    via: &[frontier::grid::Pos],
) {
    let start = board_cell(harness, from);
    harness.hover_at(start);
    harness.step();
    harness.drag_at(start);
    harness.step();
    for &pos in via {
        let at = board_cell(harness, pos);
        harness.hover_at(at);
        harness.step();
    }
    let end = board_cell(harness, *via.last().unwrap_or(&from));
    harness.drop_at(end);
    harness.run_steps(3);
}
