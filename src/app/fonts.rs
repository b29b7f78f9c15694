//! The fonts: egui's own, with a subset of Noto Sans SC after them for every Chinese
//! character (see `tools/cjk-font/`), so English looks as it always did and Chinese, in the
//! messages or in a player's own level titles and file names, is drawn rather than boxes.

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

pub use crate::assets::CJK_FONT;

/// egui's fonts with the Chinese font as the fallback of every family.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "noto-sans-sc".into(),
        Arc::new(FontData::from_static(CJK_FONT)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("noto-sans-sc".into());
    }
    fonts
}
