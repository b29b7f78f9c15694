//! What the app drew in its last frame, for the UI tests: the text shapes and where they
//! were allowed to draw, so a test can tell text cut off at a panel's edge.

use egui::Rect;
use egui::epaint::Shape;
use egui_kittest::Harness;

/// The text shapes of the last frame: the text, where it was drawn, and the clip rect it
/// was allowed to draw in.
pub fn drawn_texts<State>(harness: &Harness<'_, State>) -> Vec<(String, Rect, Rect)> {
    fn collect(shape: &Shape, clip: Rect, out: &mut Vec<(String, Rect, Rect)>) {
        match shape {
            Shape::Text(text) => out.push((
                text.galley.text().to_string(),
                text.visual_bounding_rect(),
                clip,
            )),
            Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, clip, out)),
            _ => {}
        }
    }
    let mut out = vec![];
    for clipped in &harness.output().shapes {
        collect(&clipped.shape, clipped.clip_rect, &mut out);
    }
    out
}

/// The texts of the last frame cut off at the side: wider than the area they may draw in
/// (a panel, a window, a scroll area) or than the window. (Text a scroll area hides above
/// or below is only scrolled away, not cut off.)
pub fn clipped_texts<State>(harness: &Harness<'_, State>, width: f32) -> Vec<String> {
    drawn_texts(harness)
        .into_iter()
        .filter(|(text, _, _)| !text.trim().is_empty())
        .filter(|(_, rect, clip)| {
            let visible_height = rect.intersect(*clip).height() > 0.0;
            // A glyph's ink may overhang the width egui laid the text out in by a point
            // or so (the anti-aliased edge of a ")"); that is not text cut off.
            const OVERHANG: f32 = 2.0;
            visible_height
                && (rect.left() < clip.left() - OVERHANG
                    || rect.right() > clip.right() + OVERHANG
                    || rect.right() > width + OVERHANG)
        })
        .map(|(text, rect, clip)| format!("{text:?} at {rect:?}, may draw in {clip:?}"))
        .collect()
}

/// Texts of the last frame drawn over one another: two texts whose visible parts share more
/// than a few points each way (a column grown past its panel draws over the panel beside
/// it, and "伪代码" reads "为代码").
pub fn overlapping_texts<State>(harness: &Harness<'_, State>) -> Vec<String> {
    let visible: Vec<(String, Rect)> = drawn_texts(harness)
        .into_iter()
        .filter(|(text, _, _)| !text.trim().is_empty())
        .map(|(text, rect, clip)| (text, rect.intersect(clip)))
        .filter(|(_, rect)| rect.width() > 0.0 && rect.height() > 0.0)
        .collect();
    const SHARED: f32 = 3.0;
    let mut found = vec![];
    for (i, (a, ra)) in visible.iter().enumerate() {
        for (b, rb) in &visible[i + 1..] {
            let shared = ra.intersect(*rb);
            if shared.width() > SHARED && shared.height() > SHARED {
                found.push(format!("{a:?} at {ra:?} and {b:?} at {rb:?}"));
            }
        }
    }
    found
}
