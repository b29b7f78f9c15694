//! The fonts: egui's own, with a subset of Noto Sans SC after them for every Chinese
//! character (see `tools/cjk-font/`), so English looks as it always did and Chinese, in the
//! messages or in a player's own level titles and file names, is drawn rather than boxes.

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

/// egui's fonts with the Chinese font as the fallback of every family (once it is there:
/// see [`crate::assets::cjk_font`]).
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    let Some(cjk) = crate::assets::cjk_font() else {
        return fonts;
    };
    fonts
        .font_data
        .insert("noto-sans-sc".into(), Arc::new(FontData::from_static(cjk)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("noto-sans-sc".into());
    }
    fonts
}
