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
