//! The app in a browser page: eframe's web runner on the page's canvas, the saved state in
//! the browser's storage (eframe's web persistence), the language the browser asks for on
//! the first visit. Everything below the app is the same code as on the desktop.

pub mod page_js;

use wasm_bindgen::JsCast;

use super::FrontierApp;

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
                    // A finger for a pointer (a phone, a tablet): controls a finger can hit
                    // from the first frame, before any touch.
                    if coarse_pointer() {
                        crate::ui::touch::set_active(&cc.egui_ctx);
                    }
                    if super::shell::test_hook::wanted() {
                        super::shell::test_hook::install(&cc.egui_ctx);
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

/// Whether the page's main pointer is a finger (CSS `pointer: coarse`).
fn coarse_pointer() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|query| query.matches())
}
