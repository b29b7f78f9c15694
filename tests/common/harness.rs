#![allow(dead_code)] // each test binary uses its own part of these helpers
//! The whole app in an egui_kittest harness, as the UI tests drive it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::i18n::Language;

/// The app fresh, in `language`, in a `size` window, a few frames drawn.
pub fn app_in(language: Language, size: [f32; 2]) -> Harness<'static, FrontierApp> {
    let mut app = FrontierApp::from_saved(None);
    app.set_language(language);
    let mut harness = Harness::builder()
        .with_size(size)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, app: &mut FrontierApp| app.show(ui), app);
    harness.run_steps(4);
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
