//! The app in a browser page: eframe's web runner on the page's canvas, the saved state in
//! the browser's storage (eframe's web persistence), the language the browser asks for on
//! the first visit. Everything below the app is the same code as on the desktop.

pub mod test_hook;

use wasm_bindgen::JsCast;

use super::FrontierApp;
use super::persistence::STORAGE_KEY;

/// The id of the canvas in `index.html`.
const CANVAS: &str = "frontier-canvas";

/// Starts the app on the page (the wasm module's entry point calls it).
pub fn start() {
    eframe::WebLogger::init(log::LevelFilter::Warn).ok();
    wasm_bindgen_futures::spawn_local(async {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(canvas) = document
            .get_element_by_id(CANVAS)
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            log::error!("the page has no canvas #{CANVAS}");
            return;
        };
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    if test_hook::wanted() {
                        test_hook::install(&cc.egui_ctx);
                    }
                    Ok(Box::new(FrontierApp::new(cc, None)))
                }),
            )
            .await;
        if let Some(loading) = document.get_element_by_id("loading") {
            match started {
                Ok(()) => loading.remove(),
                Err(e) => loading.set_inner_html(&format!(
                    "<p>Frontier could not start: {}</p>",
                    crate::files::browser::describe(&e)
                )),
            }
        }
    });
}

thread_local! {
    static LAST_FRAGMENT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The page address's part after `#` (a link's view, see [`crate::share`]), when it is not
/// empty and has changed since the last look: on the first frame, and when a link is pasted
/// into the address bar of the open page.
pub fn new_fragment() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.trim_start_matches('#').to_string();
    let changed = LAST_FRAGMENT.with(|last| {
        let changed = *last.borrow() != fragment;
        *last.borrow_mut() = fragment.clone();
        changed
    });
    (changed && !fragment.is_empty()).then_some(fragment)
}

/// Keeps a copy of a saved state that could not be used, beside it in the browser's
/// storage, before the next save overwrites it; the sentence to tell the user (with a
/// leading space).
pub fn keep_copy(saved: &str) -> String {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let seconds = (js_sys::Date::now() / 1000.0) as u64;
    let key = format!("{STORAGE_KEY}.bak-{seconds}");
    match storage.map(|s| s.set_item(&key, saved)) {
        Some(Ok(())) => format!(" {}", crate::tr!("saved-copied-in-browser", key = key)),
        Some(Err(e)) => format!(
            " {}",
            crate::tr!(
                "saved-file-not-copied",
                why = crate::files::browser::describe(&e)
            )
        ),
        None => format!(
            " {}",
            crate::tr!("saved-file-not-copied", why = "no storage")
        ),
    }
}
