//! A listing of pseudo-code with the lines being executed highlighted.

use egui::{Color32, RichText, Ui};

/// Shows `lines` (1-based numbers are drawn beside them) and highlights those in `active`.
pub fn pseudocode(ui: &mut Ui, lines: &[&str], active: &[usize]) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.spacing_mut().item_spacing.y = 1.0;
        for (i, line) in lines.iter().enumerate() {
            let number = i + 1;
            let text = format!("{number:>2}  {line}");
            let rich = RichText::new(text).monospace();
            if active.contains(&number) {
                ui.label(
                    rich.background_color(crate::ui::color(crate::palette::search::CODE_HIGHLIGHT))
                        .color(Color32::BLACK),
                );
            } else {
                ui.label(rich);
            }
        }
    });
}
