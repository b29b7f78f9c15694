//! A listing of pseudo-code with the lines being executed highlighted. A line too long for
//! the panel wraps with a hanging indent: its continuation starts under the code, not under
//! the line number.

use egui::{Color32, RichText, Ui};

/// Shows `lines` (1-based numbers are drawn beside them) and highlights those in `active`.
pub fn pseudocode(ui: &mut Ui, lines: &[&str], active: &[usize]) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.spacing_mut().item_spacing.y = 1.0;
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let char_width = ui.fonts_mut(|f| f.glyph_width(&font, '0'));
        let highlight = crate::ui::color(crate::palette::search::CODE_HIGHLIGHT);
        for (i, line) in lines.iter().enumerate() {
            let number = i + 1;
            let is_active = active.contains(&number);
            let style = |text: String| {
                let rich = RichText::new(text).monospace();
                if is_active {
                    rich.color(Color32::BLACK)
                } else {
                    rich
                }
            };
            let code = line.trim_start();
            let indent = line.len() - code.len();
            // The highlight goes behind the whole row, wrapped lines and indent included.
            let background = ui.painter().add(egui::Shape::Noop);
            let row = ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = 0.0;
                let gutter = format!("{number:>2}  ");
                ui.label(style(gutter));
                ui.add_space(indent as f32 * char_width);
                ui.add(egui::Label::new(style(code.to_string())).wrap());
            });
            if is_active {
                let rect = row.response.rect.with_max_x(ui.max_rect().right());
                ui.painter()
                    .set(background, egui::Shape::rect_filled(rect, 2.0, highlight));
            }
        }
    });
}
