//! The code editor: a monospace text field with line numbers, Python colouring, the line of
//! the step shown lit, and an error's line (and column) marked; Tab indents four spaces.
//! Undo and redo are the text field's own (Ctrl+Z, Ctrl+Y while it has the focus).

use egui::text::{CCursor, CCursorRange};
use egui::{Stroke, Ui};
use egui_extras::syntax_highlighting::{CodeTheme, highlight};

/// What the editor marks on the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The line (from 1) that made the step shown.
    pub lit: Option<u32>,
    /// The line (from 1) of an error, and its column (from 1) when the error has one.
    pub error: Option<(u32, Option<u32>)>,
}

/// Spaces a Tab indents by (PEP 8's four).
const INDENT: &str = "    ";

/// The editor over `source`, at least `rows` lines high; its response says whether the text
/// changed.
pub fn code_editor(
    ui: &mut Ui,
    id_salt: &str,
    label: egui::Id,
    source: &mut String,
    marks: Marks,
    rows: usize,
) -> egui::Response {
    let theme = CodeTheme::from_style(ui.style());
    let mut layouter = |ui: &Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
        let mut job = highlight(ui.ctx(), ui.style(), &theme, text.as_str(), "py");
        // Lines never wrap: a row of the text is a line of the program, beside its number.
        job.wrap.max_width = f32::INFINITY;
        ui.fonts_mut(|fonts| fonts.layout_job(job))
    };
    let lines = source.split('\n').count().max(rows);
    let numbers: String = (1..=lines).map(|n| format!("{n:>3}\n")).collect();
    // The field's own fill would cover the lit line painted behind the text: the frame
    // around the numbers and the text is filled instead.
    let frame = egui::Frame::group(ui.style())
        .inner_margin(2.0)
        .fill(ui.visuals().extreme_bg_color);
    // The text as wide as the room beside the numbers, and no wider: a wider field would
    // reach past the panel (a long line scrolls sideways instead).
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let digit = ui.fonts_mut(|f| f.glyph_width(&font, '0'));
    let room = ui.available_width() - 4.0 * digit - 16.0;
    frame
        .show(ui, |ui| {
            egui::ScrollArea::both()
                .id_salt(id_salt)
                .max_height(ui.available_height().max(160.0))
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    ui.horizontal_top(|ui| {
                        ui.spacing_mut().item_spacing.x = 2.0;
                        // The numbers sit at the text's own top margin, a row for a line.
                        let margin = egui::Margin::symmetric(4, 2);
                        ui.vertical(|ui| {
                            ui.add_space(f32::from(margin.top));
                            let numbers = egui::RichText::new(numbers.trim_end()).monospace();
                            ui.add(egui::Label::new(numbers.weak()).selectable(false));
                        });
                        let edit = egui::TextEdit::multiline(source)
                            .id_salt(id_salt)
                            .code_editor()
                            .margin(margin)
                            .background_color(egui::Color32::TRANSPARENT)
                            .desired_rows(rows)
                            .desired_width(room.max(8.0 * digit))
                            .layouter(&mut layouter);
                        // Behind the text: the lit line, then an error's mark.
                        let behind = ui.painter().add(egui::Shape::Noop);
                        let mut output = edit.show(ui);
                        let response = output.response.response.clone().labelled_by(label);
                        paint_marks(ui, &output, marks, behind);
                        if source.contains('\t') {
                            indent_tabs(ui, source, &mut output);
                        }
                        let entered = ui.input(|i| {
                            i.events.iter().any(|e| {
                                matches!(e, egui::Event::Key { key: egui::Key::Enter, pressed: true, modifiers, .. }
                                    if modifiers.is_none())
                            })
                        });
                        if entered && response.changed() {
                            indent_new_line(ui, source, &mut output);
                        }
                        response
                    })
                    .inner
                })
                .inner
        })
        .inner
}

/// Paints the lit line and an error's mark behind the text, row by row (lines do not wrap,
/// so the program's line n is the galley's row n - 1).
fn paint_marks(
    ui: &Ui,
    output: &egui::text_edit::TextEditOutput,
    marks: Marks,
    behind: egui::layers::ShapeIdx,
) {
    let row_rect = |line: u32| {
        let row = output.galley.rows.get(line.checked_sub(1)? as usize)?;
        let rect = row.rect().translate(output.galley_pos.to_vec2());
        Some(
            rect.with_min_x(output.text_clip_rect.left())
                .with_max_x(output.text_clip_rect.right()),
        )
    };
    let mut shapes = vec![];
    if let Some(rect) = marks.lit.and_then(row_rect) {
        // A tint the program's colours stay readable on, and a solid bar at its left edge.
        let lit = crate::ui::color(crate::palette::search::CODE_HIGHLIGHT);
        let tint = if ui.visuals().dark_mode { 0.28 } else { 0.55 };
        shapes.push(egui::Shape::rect_filled(
            rect,
            2.0,
            lit.gamma_multiply(tint),
        ));
        let bar = rect.with_max_x(rect.left() + 3.0);
        shapes.push(egui::Shape::rect_filled(bar, 0.0, lit));
    }
    if let Some((line, column)) = marks.error
        && let Some(rect) = row_rect(line)
    {
        let red = crate::ui::color(crate::palette::status::TROUBLE);
        shapes.push(egui::Shape::rect_filled(
            rect,
            2.0,
            red.gamma_multiply(0.18),
        ));
        if let Some(column) = column {
            // A caret under the column Python named.
            let row = &output.galley.rows[line as usize - 1];
            let x = row
                .x_offset(egui::text::CharIndex(column.saturating_sub(1) as usize))
                .min(row.rect().right() - row.pos.x);
            let x = output.galley_pos.x + row.pos.x + x;
            let bottom = rect.bottom() - 1.0;
            let stroke = Stroke::new(2.0, red);
            shapes.push(egui::Shape::line_segment(
                [egui::pos2(x, bottom), egui::pos2(x + 8.0, bottom)],
                stroke,
            ));
        }
    }
    ui.painter().set(behind, egui::Shape::Vec(shapes));
}

/// Turns the tabs typed (or pasted) into four spaces each, the cursor kept after what it
/// followed.
fn indent_tabs(ui: &Ui, source: &mut String, output: &mut egui::text_edit::TextEditOutput) {
    let cursor = output.cursor_range.map(|range| range.primary.index.0);
    let tabs_before = cursor.map_or(0, |at| {
        source.chars().take(at).filter(|c| *c == '\t').count()
    });
    *source = source.replace('\t', INDENT);
    if let Some(at) = cursor {
        put_cursor(ui, output, at + tabs_before * (INDENT.len() - 1));
    }
}

/// Puts the field's cursor at character `at` (after the program's text was changed under it).
fn put_cursor(ui: &Ui, output: &mut egui::text_edit::TextEditOutput, at: usize) {
    let moved = CCursorRange::one(CCursor::new(at));
    output.state.cursor.set_char_range(Some(moved));
    output
        .state
        .clone()
        .store(ui.ctx(), output.response.response.id);
}

/// After Enter: the new line indented as the one before it, and four spaces more after a
/// line that opens a block (ends with a colon), as Python editors do.
fn indent_new_line(ui: &Ui, source: &mut String, output: &mut egui::text_edit::TextEditOutput) {
    let Some(at) = output.cursor_range.map(|range| range.primary.index.0) else {
        return;
    };
    let byte = source
        .char_indices()
        .nth(at)
        .map_or(source.len(), |(b, _)| b);
    if at == 0 || !source[..byte].ends_with('\n') {
        return;
    }
    let before = &source[..byte - 1];
    let line = &before[before.rfind('\n').map_or(0, |n| n + 1)..];
    let mut indent = line.len() - line.trim_start_matches(' ').len();
    let code = line.split('#').next().unwrap_or("").trim_end();
    if code.ends_with(':') {
        indent += INDENT.len();
    }
    if indent == 0 {
        return;
    }
    source.insert_str(byte, &" ".repeat(indent));
    put_cursor(ui, output, at + indent);
}
