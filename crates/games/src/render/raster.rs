//! What every picture shares: the size rule, the canvas with a colour per square, a paint,
//! and a looping GIF encoder.

use tiny_skia::{Paint, Pixmap, Rect, Transform};

use crate::i18n::Message;
use crate::msg;
use crate::palette::Rgba;

/// The smallest and largest cell size a picture may have, in pixels.
pub const MIN_CELL: u32 = 1;
pub const MAX_CELL: u32 = 64;
/// The largest picture, in pixels a side.
pub const MAX_SIDE: u32 = 8192;

/// The size of a `width` x `height` board at `cell` pixels a square, or why it cannot be
/// drawn.
pub fn picture_size(width: usize, height: usize, cell: u32) -> Result<(u32, u32), Message> {
    if !(MIN_CELL..=MAX_CELL).contains(&cell) {
        return Err(msg!("render-cell-range", cell = cell));
    }
    let (w, h) = (width as u64 * cell as u64, height as u64 * cell as u64);
    if w > MAX_SIDE as u64 || h > MAX_SIDE as u64 {
        return Err(msg!("render-too-large", width = w, height = h));
    }
    Ok((w as u32, h as u32))
}

/// A paint of `color`; `smooth`: anti-aliased edges.
pub fn paint(color: Rgba, smooth: bool) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(color.0, color.1, color.2, color.3);
    paint.anti_alias = smooth;
    paint
}

/// A canvas for a `width`-square-wide board with each square filled with its colour
/// (`cells`, row by row).
pub fn board_canvas(
    width: usize,
    height: usize,
    cells: &[Rgba],
    cell: u32,
    smooth: bool,
) -> Result<Pixmap, Message> {
    let (w, h) = picture_size(width, height, cell)?;
    let mut pixmap = Pixmap::new(w, h).ok_or_else(|| msg!("render-empty"))?;
    let c = cell as f32;
    for y in 0..height {
        for x in 0..width {
            if let Some(rect) = Rect::from_xywh(x as f32 * c, y as f32 * c, c, c) {
                let color = paint(cells[y * width + x], smooth);
                pixmap.fill_rect(rect, &color, Transform::identity(), None);
            }
        }
    }
    Ok(pixmap)
}

/// A GIF encoder for `width` x `height` frames that loops forever.
pub fn gif_encoder(width: u32, height: u32) -> Result<gif::Encoder<Vec<u8>>, Message> {
    let failed = |e: gif::EncodingError| msg!("render-gif-failed", why = e.to_string());
    let mut encoder =
        gif::Encoder::new(vec![], width as u16, height as u16, &[]).map_err(failed)?;
    encoder.set_repeat(gif::Repeat::Infinite).map_err(failed)?;
    Ok(encoder)
}
