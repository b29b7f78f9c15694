//! Text to the clipboard, with word back of whether it got there. On the desktop egui's
//! clipboard takes it at once. In a browser the page asks the async clipboard, which a page
//! served over plain http (a school's intranet) does not have, and older browsers and in-app
//! webviews lack; then the older `execCommand("copy")`; and whatever either throws or
//! refuses comes back as a reason, never as an exception that would stop the app.

use std::cell::RefCell;
use std::rc::Rc;

/// A copy asked for: its outcome once the browser has answered.
#[derive(Clone, Debug, Default)]
pub struct PendingCopy {
    outcome: Rc<RefCell<Option<Result<(), String>>>>,
}

impl PendingCopy {
    /// Ok once the text is on the clipboard; Err with the browser's reason when it was
    /// refused; None while the browser has not answered.
    pub fn outcome(&self) -> Option<Result<(), String>> {
        self.outcome.borrow().clone()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn answered(outcome: Result<(), String>) -> PendingCopy {
        PendingCopy {
            outcome: Rc::new(RefCell::new(Some(outcome))),
        }
    }
}

/// Puts `text` on the clipboard; the answer comes in a later frame in a browser.
#[cfg(not(target_arch = "wasm32"))]
pub fn copy(ctx: &egui::Context, text: String) -> PendingCopy {
    ctx.copy_text(text);
    PendingCopy::answered(Ok(()))
}

/// Puts `text` on the clipboard; the answer comes in a later frame in a browser.
#[cfg(target_arch = "wasm32")]
pub fn copy(ctx: &egui::Context, text: String) -> PendingCopy {
    let pending = PendingCopy::default();
    let slot = pending.outcome.clone();
    let ctx = ctx.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let why = super::web::page_js::copy_text(&text).await;
        let outcome = match why.as_string() {
            Some(why) if !why.is_empty() => Err(why),
            _ => Ok(()),
        };
        *slot.borrow_mut() = Some(outcome);
        ctx.request_repaint();
    });
    pending
}

/// Whether the system's share sheet is there to offer (`navigator.share`: phones, tablets,
/// some desktops).
pub fn can_share() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        super::web::page_js::can_share()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// Opens the system's share sheet with `url` (in a browser that has one; nothing elsewhere).
pub fn share(url: &str, title: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        let (url, title) = (url.to_owned(), title.to_owned());
        wasm_bindgen_futures::spawn_local(async move {
            // A cancelled sheet is no error worth a word.
            super::web::page_js::share(&url, &title).await;
        });
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (url, title);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desktop_copy_is_answered_at_once() {
        let ctx = egui::Context::default();
        let pending = copy(&ctx, "https://example.org/#v1.x".into());
        assert_eq!(pending.outcome(), Some(Ok(())));
        assert!(!can_share());
    }
}
