//! The browser page around the app: the address's fragment (a link's view) and the
//! browser's storage, for what the shell asks of the page.

use super::persistence::STORAGE_KEY;

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

/// Takes the link's part out of the address bar once its view is open (the history entry is
/// replaced, not added to), so that a reload keeps what the student did since rather than
/// opening the link again over it.
pub fn forget_fragment() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let address = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        // A refusal (a sandboxed frame) leaves the address as it was: nothing else depends on it.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
    }
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
