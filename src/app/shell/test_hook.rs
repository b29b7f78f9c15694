//! What the browser tests read back from the page (`tools/web/tests/`), on only when the
//! page's address asks for it (`index.html?test`): every labelled node of egui's
//! accessibility tree with its place on the page (the same tree the desktop's UI tests query
//! through egui_kittest), and a short summary of the app's state. Both are JSON strings on
//! the page's `window`, written each frame: `frontierTestWidgets` (a list of `{label,
//! value, role, x, y, w, h}` in CSS pixels) and `frontierTestState` (see [`publish_state`]).

use wasm_bindgen::JsValue;

use crate::app::shell::{FrontierApp, TabId};

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
        // A field named by a label beside it (`labelled_by`) is named by that label's
        // text, as a screen reader names it.
        let texts: std::collections::HashMap<_, _> = (update.nodes.iter())
            .filter_map(|(id, node)| node.value().or(node.label()).map(|t| (*id, t)))
            .collect();
        let widgets: Vec<serde_json::Value> = (update.nodes.iter())
            .filter_map(|(_, node)| {
                let by_label = || (node.labelled_by().iter()).find_map(|id| texts.get(id).copied());
                let (label, value) = (node.label().or_else(by_label), node.value());
                let bounds = node
                    .bounds()
                    .filter(|_| label.is_some() || value.is_some())?;
                Some(serde_json::json!({
                    "label": label.unwrap_or(""), "value": value.unwrap_or(""),
                    "role": format!("{:?}", node.role()),
                    "x": bounds.x0 * zoom, "y": bounds.y0 * zoom,
                    "w": (bounds.x1 - bounds.x0) * zoom, "h": (bounds.y1 - bounds.y0) * zoom,
                }))
            })
            .collect();
        set(
            "frontierTestWidgets",
            &serde_json::Value::from(widgets).to_string(),
        );
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
    let lesson = app.lessons.course.active.as_ref();
    let mut state = serde_json::json!({
        "frames": frames, "tab": app.tab.key(), "language": app.language.tag(),
        "lesson": {
            "open": app.lessons.open,
            "id": lesson.map_or("", |l| l.lesson.id.as_str()),
            "page": lesson.map_or(0, |l| l.page),
            "answered": lesson.is_some_and(|l| l.checked.is_some()),
            "right": lesson.is_some_and(|l| l.checked.as_ref().is_some_and(|c| c.is_right())),
        },
        "assignment": assignment_state(app),
        "notice": app.notice.as_ref().map(|n| n.text()).unwrap_or_default(),
        "tabNotice": tab_notice.unwrap_or_default(),
        "advanceMs": app.advance_time.as_secs_f64() * 1e3,
        // Whether the Chinese font has arrived (the page fetches it after the first frame).
        "cjkFont": crate::assets::cjk_font().is_some(),
        // The link shown to copy by hand when the browser would not copy it.
        "refusedLink": app.copied_link.refused.as_ref().map_or("", |(link, _)| link.as_str()),
    });
    for &id in TabId::ALL {
        state[id.key()] = app.tabs.get(id).test_state();
    }
    set("frontierTestState", &state.to_string());
}

/// The assignment panel: open, the assignment done, a check under way, the last check's
/// score of each question.
fn assignment_state(app: &FrontierApp) -> serde_json::Value {
    let assignments = &app.assignments;
    let id = assignments.active.as_ref().map(|a| a.assignment.id.clone());
    let graded = id
        .as_ref()
        .and_then(|id| assignments.work.get(id))
        .and_then(|w| w.graded.as_ref());
    serde_json::json!({
        "open": assignments.open,
        "id": id.unwrap_or_default(),
        "checking": assignments.checking(),
        "notice": assignments.notice.as_ref().map(|n| n.text()).unwrap_or_default(),
        "questions": graded.map(|g| {
            g.questions
                .iter()
                .map(|q| serde_json::json!({
                    "function": q.function, "score": q.score, "max": q.max_score,
                    "status": q.status.code(),
                }))
                .collect::<Vec<_>>()
        }),
    })
}

fn set(name: &str, json: &str) {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &JsValue::from_str(name), &JsValue::from_str(json));
    }
}
