//! Files shipped with the program.

/// Noto Sans SC cut down to the characters Frontier needs (see `tools/cjk-font/`): every
/// Chinese character of the messages, the 3,500 common ones, and printable ASCII. Inside
/// the desktop program; the browser's page fetches it beside the module instead (a quarter
/// of the download an English page need not wait for), and hands it over with
/// [`set_cjk_font`].
#[cfg(not(target_arch = "wasm32"))]
pub const CJK_FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSansSC-Frontier.otf");

/// The file name the web build ships the font under, beside the page.
pub const CJK_FONT_FILE: &str = "NotoSansSC-Frontier.otf";

#[cfg(target_arch = "wasm32")]
static FETCHED: std::sync::OnceLock<&'static [u8]> = std::sync::OnceLock::new();

/// The Chinese font: always on the desktop; in a browser once the page has it.
pub fn cjk_font() -> Option<&'static [u8]> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        Some(CJK_FONT)
    }
    #[cfg(target_arch = "wasm32")]
    {
        FETCHED.get().copied()
    }
}

/// Hands over the font the page fetched (the first one handed over stays).
#[cfg(target_arch = "wasm32")]
pub fn set_cjk_font(bytes: Vec<u8>) {
    let _ = FETCHED.set(Box::leak(bytes.into_boxed_slice()));
}
