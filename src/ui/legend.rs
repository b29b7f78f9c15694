//! A colour legend: swatches with names, in two columns when the names are short enough
//! for the room, else one column with the names wrapped.

use egui::{Color32, Sense, Ui, vec2};

const SWATCH: f32 = 12.0;

pub fn legend(ui: &mut Ui, entries: &[(Color32, String)]) {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let widest = entries
        .iter()
        .map(|(_, name)| {
            let galley =
                ui.fonts_mut(|f| f.layout_no_wrap(name.clone(), body.clone(), Color32::WHITE));
            galley.size().x
        })
        .fold(0.0, f32::max);
    let spacing = ui.spacing().item_spacing.x;
    let entry_width = SWATCH + spacing + widest;
    let two_columns = 2.0 * entry_width + 4.0 * spacing <= ui.available_width();
    if two_columns {
        egui::Grid::new(ui.next_auto_id())
            .num_columns(2)
            .show(ui, |ui| {
                for (i, (color, name)) in entries.iter().enumerate() {
                    ui.horizontal(|ui| entry(ui, *color, name, false));
                    if i % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
    } else {
        for (color, name) in entries {
            ui.horizontal_top(|ui| entry(ui, *color, name, true));
        }
    }
}

/// A swatch on a tile of the board's floor, as the colour is seen on the board: on a dark
/// panel the near-black "expanded now" and the dark wall would otherwise all but vanish.
fn entry(ui: &mut Ui, color: Color32, name: &str, wrap: bool) {
    let (rect, _) = ui.allocate_exact_size(vec2(SWATCH + 4.0, SWATCH + 4.0), Sense::hover());
    let floor = super::color(crate::palette::terrain::FLOOR);
    ui.painter().rect_filled(rect, 3.0, floor);
    ui.painter().rect_stroke(
        rect,
        3.0,
        egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
        egui::StrokeKind::Inside,
    );
    ui.painter().rect_filled(rect.shrink(3.0), 2.0, color);
    let label = egui::Label::new(name);
    ui.add(if wrap { label.wrap() } else { label.extend() });
}
