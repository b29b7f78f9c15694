//! A colour legend: swatches with names, in two columns.

use egui::{Color32, Sense, Ui, vec2};

pub fn legend(ui: &mut Ui, entries: &[(Color32, String)]) {
    egui::Grid::new(ui.next_auto_id())
        .num_columns(2)
        .show(ui, |ui| {
            for (i, (color, name)) in entries.iter().enumerate() {
                ui.horizontal(|ui| {
                    let (rect, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
                    ui.painter().rect_filled(rect, 2.0, *color);
                    ui.painter().rect_stroke(
                        rect,
                        2.0,
                        egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
                        egui::StrokeKind::Inside,
                    );
                    ui.label(name);
                });
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}
