//! Presentation mode, for a projector: the side panels hide, each tab shows its compact
//! control bar above the board, and the narration is set large enough to read from the back
//! of a room. The flag lives in egui's memory so every widget can ask for it.

use egui::{Context, Id, RichText, Ui};

/// The narration's size in presentation mode, in points.
pub const NARRATION_SIZE: f32 = 24.0;

fn flag_id() -> Id {
    Id::unique("frontier-presenting")
}

pub fn set_active(ctx: &Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(flag_id(), on));
}

pub fn active(ctx: &Context) -> bool {
    ctx.data(|d| d.get_temp(flag_id())).unwrap_or(false)
}

/// Sets every text of `ui` as large as the narration, for a panel read from the back of a
/// room (a lesson's page).
pub fn enlarge(ui: &mut Ui) {
    let body = egui::TextStyle::Body.resolve(ui.style()).size;
    let factor = NARRATION_SIZE / body;
    for font in ui.style_mut().text_styles.values_mut() {
        font.size *= factor;
    }
}

/// Narration above the board, where a collapsed panel would have told it: large and
/// wrapped in presentation mode; otherwise one line, cut short (the whole of it on hover),
/// so a small window keeps its board.
pub fn narration(ui: &mut Ui, text: impl Into<String>) {
    let text: String = text.into();
    if active(ui.ctx()) {
        ui.add(egui::Label::new(RichText::new(text).size(NARRATION_SIZE)).wrap());
    } else {
        ui.add(egui::Label::new(text).truncate());
    }
}
