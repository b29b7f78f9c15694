//! What the browser tests read back from the page (`tools/web/tests/`), on only when the
//! page's address asks for it (`index.html?test`): every labelled node of egui's
//! accessibility tree with its place on the page (the same tree the desktop's UI tests query
//! through egui_kittest), and a short summary of the app's state. Both are JSON strings on
//! the page's `window`, written each frame: `frontierTestWidgets` (a list of `{label,
//! value, role, x, y, w, h}` in CSS pixels) and `frontierTestState` (see [`publish_state`]).

use std::fmt::Write as _;

use wasm_bindgen::JsValue;

use crate::app::shell::{FrontierApp, TabId};
use crate::app::test_state::{object, quoted};

thread_local! {
    static ON: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the page asked for the hook.
pub fn wanted() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|search| {
            search
                .trim_start_matches('?')
                .split('&')
                .any(|p| p == "test")
        })
}

/// Turns on egui's accessibility tree and reads it after every frame.
pub fn install(ctx: &egui::Context) {
    ctx.enable_accesskit();
    ctx.add_plugin(Widgets);
    ON.with(|on| on.set(true));
}

/// Whether the hook is on (the app then publishes its state each frame).
pub fn on() -> bool {
    ON.with(|on| on.get())
}

struct Widgets;

impl egui::Plugin for Widgets {
    fn debug_name(&self) -> &'static str {
        "frontier-test-widgets"
    }

    fn output_hook(&mut self, ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        // egui gives places in points; the page's CSS pixels are points times the zoom.
        let zoom = ctx.zoom_factor() as f64;
        let mut json = String::from("[");
        for (_, node) in &update.nodes {
            let (label, value) = (node.label(), node.value());
            let Some(bounds) = node.bounds().filter(|_| label.is_some() || value.is_some()) else {
                continue;
            };
            if json.len() > 1 {
                json.push(',');
            }
            let _ = write!(
                json,
                "{{\"label\":{},\"value\":{},\"role\":{},\"x\":{:.1},\"y\":{:.1},\"w\":{:.1},\"h\":{:.1}}}",
                quoted(label.unwrap_or("")),
                quoted(value.unwrap_or("")),
                quoted(&format!("{:?}", node.role())),
                bounds.x0 * zoom,
                bounds.y0 * zoom,
                (bounds.x1 - bounds.x0) * zoom,
                (bounds.y1 - bounds.y0) * zoom,
            );
        }
        json.push(']');
        set("frontierTestWidgets", &json);
    }
}

thread_local! {
    static FRAMES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Writes the summary of the app's state: frames drawn, tab, language, each tab's own
/// (`Tab::test_state`: the Pathfinding board, Sokoban's mode and hint, the sliding puzzle's
/// game and searches, Snake's moves...), the lesson page and its answer, and the messages
/// shown.
pub fn publish_state(app: &mut FrontierApp) {
    let frames = FRAMES.with(|f| {
        f.set(f.get() + 1);
        f.get()
    });
    let tab_notice = app.current().notice().as_ref().map(|n| n.text());
    let lesson = app.lessons.active.as_ref();
    let lesson = object(&[
        ("open", app.lessons.open.to_string()),
        ("id", quoted(lesson.map_or("", |l| l.lesson.id.as_str()))),
        ("page", lesson.map_or(0, |l| l.page).to_string()),
        (
            "answered",
            lesson.is_some_and(|l| l.checked.is_some()).to_string(),
        ),
        (
            "right",
            (lesson.is_some_and(|l| l.checked.as_ref().is_some_and(|c| c.is_right()))).to_string(),
        ),
    ]);
    let mut fields = vec![
        ("frames", frames.to_string()),
        ("tab", quoted(app.tab.key())),
        ("language", quoted(app.language.tag())),
    ];
    for &id in TabId::ALL {
        fields.push((id.key(), app.tabs.get(id).test_state()));
    }
    fields.extend([
        ("lesson", lesson),
        (
            "notice",
            quoted(&app.notice.as_ref().map(|n| n.text()).unwrap_or_default()),
        ),
        ("tabNotice", quoted(&tab_notice.unwrap_or_default())),
        (
            "advanceMs",
            format!("{:.3}", app.advance_time.as_secs_f64() * 1e3),
        ),
    ]);
    set("frontierTestState", &object(&fields));
}

fn set(name: &str, json: &str) {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &JsValue::from_str(name), &JsValue::from_str(json));
    }
}
