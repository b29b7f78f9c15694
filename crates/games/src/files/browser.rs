//! Files in a browser. A page cannot name a file on the user's disk: it is handed the bytes
//! of one the user picked or dropped, and it can offer bytes as a download. The bytes handed
//! in are kept here by name, so that reading that name (what the app does with a path the
//! file dialog chose) finds them.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::{JsCast, JsValue};

/// A file handed in, by name, with its bytes or why they could not be read.
pub type Arrived = (String, Result<Vec<u8>, String>);

thread_local! {
    static PICKED: RefCell<HashMap<String, Vec<u8>>> = RefCell::new(HashMap::new());
    static ARRIVED: RefCell<Vec<Arrived>> = const { RefCell::new(Vec::new()) };
    static READING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Keeps the bytes of a file the user handed in, under its name (the last one of that name
/// replaces the others).
pub fn keep(name: &str, bytes: Vec<u8>) {
    PICKED.with(|p| p.borrow_mut().insert(name.to_string(), bytes));
}

/// The bytes of the file handed in under `name`, if one was.
pub fn picked(name: &str) -> Option<Vec<u8>> {
    PICKED.with(|p| p.borrow().get(name).cloned())
}

/// A file handed to the page (dropped on it) whose bytes `read` will bring: it comes out of
/// [`arrived`] once read, and is kept under `name`.
pub fn arrive_later(
    name: String,
    read: impl std::future::Future<Output = Result<Vec<u8>, String>> + 'static,
) {
    READING.with(|r| r.set(r.get() + 1));
    wasm_bindgen_futures::spawn_local(async move {
        let read = read.await;
        if let Ok(bytes) = &read {
            keep(&name, bytes.clone());
        }
        ARRIVED.with(|a| a.borrow_mut().push((name, read)));
        READING.with(|r| r.set(r.get().saturating_sub(1)));
    });
}

/// Whether a file handed in is still being read (the page should look again soon).
pub fn reading() -> bool {
    READING.with(|r| r.get() > 0) || ARRIVED.with(|a| !a.borrow().is_empty())
}

/// The files read since the last call, with their names.
pub fn arrived() -> Vec<Arrived> {
    ARRIVED.with(|a| std::mem::take(&mut *a.borrow_mut()))
}

/// Offers `bytes` to the user as a download named `name`.
pub fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    let file_name = std::path::Path::new(name)
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned());
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|e| describe(&e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| describe(&e))?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| describe(&e))?
        .dyn_into()
        .map_err(|_| "not a link")?;
    link.set_href(&url);
    link.set_download(&file_name);
    link.click();
    // Let go of the bytes once the download has surely begun.
    if let Some(window) = web_sys::window() {
        let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    }
    Ok(())
}

/// What a JavaScript error says.
pub fn describe(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| {
            error
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{error:?}"))
}
