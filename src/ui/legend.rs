//! A colour legend: swatches with names.

use egui::{Color32, Sense, Ui, vec2};

pub fn legend(ui: &mut Ui, entries: &[(Color32, String)]) {
    ui.horizontal_wrapped(|ui| {
        for (color, name) in entries {
            let (rect, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
            ui.painter().rect_filled(rect, 2.0, *color);
            ui.painter().rect_stroke(
                rect,
                2.0,
                egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
                egui::StrokeKind::Inside,
            );
            ui.label(name);
            ui.add_space(6.0);
        }
    });
}
