//! What the browser tests read back from the page (`tools/web/tests/`), on only when the
//! page's address asks for it (`index.html?test`): every labelled node of egui's
//! accessibility tree with its place on the page (the same tree the desktop's UI tests query
//! through egui_kittest), and a short summary of the app's state. Both are JSON strings on
//! the page's `window`, written each frame: `frontierTestWidgets` (a list of `{label,
//! value, role, x, y, w, h}` in CSS pixels) and `frontierTestState` (see [`publish_state`]).

use std::fmt::Write as _;

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

/// Writes the summary of the app's state: frames drawn, tab, language, the Pathfinding
/// board (its text, the search and step shown, the cells' size and place), Sokoban's mode and
/// hint, the sliding puzzle's position, moves, solution found and step watched, the Snake
/// game's moves and who steers, the lesson page and its
/// answer, and the messages shown.
pub fn publish_state(app: &mut FrontierApp) {
    let frames = FRAMES.with(|f| {
        f.set(f.get() + 1);
        f.get()
    });
    let tab_notice = app.current().notice().as_ref().map(|n| n.text());
    let pathfinding = &app.tabs.pathfinding;
    let session = pathfinding.session();
    let board = pathfinding.board();
    // Where cell (0,0) is drawn and how far apart cells are, for tests that touch cells.
    let origin = session.view.screen_center(crate::grid::Pos::new(0, 0));
    let next = session.view.screen_center(crate::grid::Pos::new(1, 0));
    let (cell_x, cell_y, cell) = match (origin, next) {
        (Some(a), Some(b)) => (a.x, a.y, b.x - a.x),
        _ => (0.0, 0.0, 0.0),
    };
    // (Not drawn this frame: another tab shows.)
    let area = (session.view.last_rect())
        .filter(|r| r.is_finite())
        .unwrap_or(egui::Rect::ZERO);
    let sokoban = &app.tabs.sokoban;
    let sliding = &app.tabs.sliding;
    let solution = (sliding.sessions().first()).and_then(|s| s.solution());
    let lesson = app.lessons.active.as_ref();
    let mut json = String::new();
    let _ = write!(
        json,
        "{{\"frames\":{frames},\"tab\":{},\"language\":{},\
         \"pathfinding\":{{\"board\":{},\"width\":{},\"height\":{},\"algorithm\":{},\"step\":{},\"atEnd\":{},\
         \"cellX\":{cell_x:.1},\"cellY\":{cell_y:.1},\"cell\":{cell:.2},\
         \"area\":[{:.1},{:.1},{:.1},{:.1}]}},\
         \"sokoban\":{{\"mode\":{},\"level\":{},\"hint\":{}}},\
         \"sliding\":{{\"mode\":{},\"position\":{},\"moves\":{},\"solution\":{},\"tables\":{:.3},\"step\":{}}},\
         \"snake\":{{\"moves\":{},\"pilot\":{}}},\
         \"lesson\":{{\"open\":{},\"id\":{},\"page\":{},\"answered\":{},\"right\":{}}},\
         \"notice\":{},\"tabNotice\":{},\"advanceMs\":{:.3}}}",
        quoted(tab_name(app.tab)),
        quoted(app.language.tag()),
        quoted(&board.to_text()),
        board.width(),
        board.height(),
        quoted(&pathfinding.settings().algorithm.code()),
        session.position(),
        session.at_end(),
        area.min.x,
        area.min.y,
        area.width(),
        area.height(),
        quoted(&format!("{:?}", sokoban.mode())),
        quoted(&sokoban.level().map(|l| l.to_xsb()).unwrap_or_default()),
        quoted(&sokoban.aid().status().unwrap_or_default()),
        quoted(&format!("{:?}", sliding.mode())),
        quoted(&sliding.game().position().to_string()),
        sliding.game().moves(),
        quoted(&solution.unwrap_or_default()),
        sliding.tables_progress().unwrap_or(-1.0),
        sliding
            .sessions()
            .iter()
            .map(|s| s.position())
            .max()
            .unwrap_or(0),
        app.tabs.snake.game().moves_made().len(),
        quoted(&format!("{:?}", app.tabs.snake.pilot())),
        app.lessons.open,
        quoted(lesson.map_or("", |l| l.lesson.id.as_str())),
        lesson.map_or(0, |l| l.page),
        lesson.is_some_and(|l| l.checked.is_some()),
        lesson.is_some_and(|l| l.checked.as_ref().is_some_and(|c| c.is_right())),
        quoted(&app.notice.as_ref().map(|n| n.text()).unwrap_or_default()),
        quoted(&tab_notice.unwrap_or_default()),
        app.advance_time.as_secs_f64() * 1e3,
    );
    set("frontierTestState", &json);
}

fn tab_name(tab: TabId) -> &'static str {
    tab.key()
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn set(name: &str, json: &str) {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &JsValue::from_str(name), &JsValue::from_str(json));
    }
}
