//! What the app asks of the page beyond eframe: the clipboard, the share sheet and full
//! screen. Each
//! function catches what the browser throws and answers with a reason, so no page script's
//! exception reaches the app.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
// Resolves to "" once the text is on the clipboard, else to the reason it is not.
export async function copy_text(text) {
    let refusal = "";
    try {
        if (window.isSecureContext && navigator.clipboard && navigator.clipboard.writeText) {
            await navigator.clipboard.writeText(text);
            return "";
        }
        refusal = window.isSecureContext ? "this browser has no clipboard for pages" : "the page is not served over https";
    } catch (error) {
        refusal = String((error && error.message) || error);
    }
    // The older way: a selected text area copied by the document, where the browser allows it.
    const focused = document.activeElement;
    try {
        const area = document.createElement("textarea");
        area.value = text;
        area.setAttribute("readonly", "");
        area.style.position = "fixed";
        area.style.opacity = "0";
        document.body.appendChild(area);
        area.select();
        const copied = document.execCommand("copy");
        area.remove();
        return copied ? "" : refusal;
    } catch (error) {
        return refusal;
    } finally {
        if (focused && focused.focus) focused.focus();
    }
}

// The page fills the screen (presentation mode) or leaves it; a refusal changes nothing.
export function set_fullscreen(on) {
    try {
        const element = document.documentElement;
        if (on && !document.fullscreenElement && element.requestFullscreen) {
            element.requestFullscreen().catch(() => {});
        } else if (!on && document.fullscreenElement && document.exitFullscreen) {
            document.exitFullscreen().catch(() => {});
        }
    } catch (error) {
        // No full screen here (an iframe, an old browser): the app goes on in the page.
    }
}

export function can_share() {
    return typeof navigator.share === "function";
}

export async function share(url, title) {
    try {
        await navigator.share({ url, title });
    } catch (error) {
        // Cancelled, or refused: the link stays shown to copy by hand.
    }
}
"#)]
extern "C" {
    /// Puts `text` on the clipboard; resolves to "" on success, else the reason.
    pub async fn copy_text(text: &str) -> JsValue;
    pub fn can_share() -> bool;
    /// Asks the browser to fill the screen with the page (`on`) or to leave full screen.
    pub fn set_fullscreen(on: bool);
    pub async fn share(url: &str, title: &str);
}
