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

/// Fetches the Chinese font beside the page (see [`crate::assets::cjk_font`]) and hands it
/// over; the frame after, the shell gives it to egui. A font that does not come leaves the
/// Chinese characters as boxes and says why in the console.
pub fn fetch_cjk_font(ctx: &egui::Context) {
    let ctx = ctx.clone();
    wasm_bindgen_futures::spawn_local(async move {
        match fetched(crate::assets::CJK_FONT_FILE).await {
            Ok(bytes) => {
                crate::assets::set_cjk_font(bytes);
                ctx.request_repaint();
            }
            Err(why) => log::warn!("the Chinese font did not load: {why}"),
        }
    });
}

/// The bytes of the file `url` (relative to the page).
async fn fetched(url: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    let describe = |e: wasm_bindgen::JsValue| crate::files::browser::describe(&e);
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(describe)?
        .dyn_into()
        .map_err(describe)?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(describe)?)
        .await
        .map_err(describe)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
