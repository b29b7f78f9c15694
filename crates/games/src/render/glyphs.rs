//! Letters in pictures: a character's outline from the shipped font (read by `skrifa`,
//! which egui already uses), filled by `tiny-skia` like every other shape.

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

use super::raster::paint;
use crate::palette::Rgba;

/// A capital letter's height as a share of the font size.
const CAP_HEIGHT: f32 = 0.72;

/// Turns outline commands into a tiny-skia path, y pointing down, each glyph `x` along.
struct Pen {
    path: PathBuilder,
    x: f32,
}

impl OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path.move_to(self.x + x, -y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.path.line_to(self.x + x, -y);
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.path.quad_to(self.x + cx0, -cy0, self.x + x, -y);
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.path
            .cubic_to(self.x + cx0, -cy0, self.x + cx1, -cy1, self.x + x, -y);
    }
    fn close(&mut self) {
        self.path.close();
    }
}

/// Draws `letter` centred on (`x`, `y`), a capital `height` pixels tall. A character the
/// font lacks (or a blank one) draws nothing; returns whether something was drawn.
pub fn draw_letter(
    pixmap: &mut Pixmap,
    letter: char,
    centre: (f32, f32),
    height: f32,
    color: Rgba,
    smooth: bool,
) -> bool {
    let mut buffer = [0u8; 4];
    draw_text(
        pixmap,
        letter.encode_utf8(&mut buffer),
        centre,
        height,
        color,
        smooth,
    )
}

/// Draws `text` on one line centred on (`x`, `y`), a capital `height` pixels tall, each
/// character after the one before by its advance. Characters the font lacks draw nothing;
/// returns whether something was drawn.
pub fn draw_text(
    pixmap: &mut Pixmap,
    text: &str,
    centre: (f32, f32),
    height: f32,
    color: Rgba,
    smooth: bool,
) -> bool {
    draw_text_aligned(pixmap, text, centre, height, color, smooth, Align::Centre)
}

/// Which end of a line of text its position names (vertically, always its middle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
}

/// Draws `text` on one line, its middle at height `y` and its left end or its middle at
/// `x` as `align` says; otherwise as [`draw_text`].
pub fn draw_text_aligned(
    pixmap: &mut Pixmap,
    text: &str,
    (x, y): (f32, f32),
    height: f32,
    color: Rgba,
    smooth: bool,
    align: Align,
) -> bool {
    // (In a browser, until the page has fetched the font, letters draw nothing.)
    let Some(Ok(font)) = crate::assets::cjk_font().map(FontRef::new) else {
        return false;
    };
    let size = Size::new(height / CAP_HEIGHT);
    let metrics = font.glyph_metrics(size, LocationRef::default());
    let glyphs = font.outline_glyphs();
    let mut pen = Pen {
        path: PathBuilder::new(),
        x: 0.0,
    };
    for letter in text.chars() {
        let Some(id) = font.charmap().map(letter) else {
            continue;
        };
        if let Some(glyph) = glyphs.get(id) {
            let settings = DrawSettings::unhinted(size, LocationRef::default());
            if glyph.draw(settings, &mut pen).is_err() {
                return false;
            }
        }
        pen.x += metrics.advance_width(id).unwrap_or(0.0);
    }
    let Some(path) = pen.path.finish() else {
        return false;
    };
    let bounds = path.bounds();
    let left = match align {
        Align::Left => x - bounds.left(),
        Align::Centre => x - (bounds.left() + bounds.right()) / 2.0,
    };
    let centre = Transform::from_translate(left, y - (bounds.top() + bounds.bottom()) / 2.0);
    pixmap.fill_path(
        &path,
        &paint(color, smooth),
        FillRule::Winding,
        centre,
        None,
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::rgb;

    fn inked(letter: char) -> Vec<bool> {
        let mut pixmap = Pixmap::new(40, 40).unwrap();
        assert!(draw_letter(
            &mut pixmap,
            letter,
            (20.0, 20.0),
            24.0,
            rgb(0, 0, 0),
            false
        ));
        pixmap.pixels().iter().map(|p| p.alpha() > 0).collect()
    }

    #[test]
    fn letters_are_drawn_centred_and_differ_from_each_other() {
        let a = inked('A');
        let ink = a.iter().filter(|&&i| i).count();
        assert!((40..800).contains(&ink), "{ink} pixels of ink");
        // Centred: about as much ink left of the middle as right of it.
        let left = (0..40 * 40).filter(|&i| a[i] && i % 40 < 20).count();
        assert!((left as f32 / ink as f32 - 0.5).abs() < 0.15);
        // A capital 24 px tall: the rows with ink span about that.
        let rows: Vec<usize> = (0..40)
            .filter(|&y| (0..40).any(|x| a[y * 40 + x]))
            .collect();
        let tall = rows.last().unwrap() - rows.first().unwrap() + 1;
        assert!((21..=27).contains(&tall), "{tall} rows");
        assert_ne!(a, inked('B'));
        assert_ne!(inked('l'), inked('1'));
        assert_ne!(inked('推'), inked('箱'));
    }

    #[test]
    fn a_number_of_two_digits_is_drawn_side_by_side_and_centred() {
        let mut pixmap = Pixmap::new(60, 40).unwrap();
        assert!(draw_text(
            &mut pixmap,
            "15",
            (30.0, 20.0),
            20.0,
            rgb(0, 0, 0),
            false
        ));
        let ink: Vec<(usize, usize)> = (0..60 * 40)
            .filter(|&i| pixmap.pixels()[i].alpha() > 0)
            .map(|i| (i % 60, i / 60))
            .collect();
        let (left, right) = (
            ink.iter().map(|p| p.0).min().unwrap(),
            ink.iter().map(|p| p.0).max().unwrap(),
        );
        // Wider than one digit, and about as far from either edge.
        assert!(right - left > 12, "{left}..{right}");
        assert!(
            (left as i32 - (59 - right) as i32).abs() <= 2,
            "{left}..{right}"
        );
    }

    #[test]
    fn a_character_the_font_lacks_draws_nothing() {
        let mut pixmap = Pixmap::new(10, 10).unwrap();
        assert!(!draw_letter(
            &mut pixmap,
            '\u{1F600}',
            (5.0, 5.0),
            8.0,
            rgb(0, 0, 0),
            true
        ));
        assert!(pixmap.pixels().iter().all(|p| p.alpha() == 0));
    }
}
