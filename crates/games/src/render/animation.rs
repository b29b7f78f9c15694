//! An animation from one frame to another as an animated GIF, encoded with the `gif` crate,
//! a frame at a time. Frames are drawn without anti-aliasing, so each holds only the
//! palette's colours and the GIF's colour table is exact: a frontier cell in frame k has
//! exactly the frontier colour.

use std::collections::HashMap;

use crate::i18n::Message;
use crate::msg;

use super::frames::FrameSource;

/// The most frames a GIF may have (longer runs are sampled evenly).
pub const MAX_FRAMES: usize = 2000;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GifOptions {
    /// The first and last frame shown (the last is clamped to the source's last).
    pub from_step: usize,
    pub to_step: usize,
    /// Frames a second, 1..=50.
    pub fps: u32,
    /// Pixels a cell.
    pub cell: u32,
    /// At most this many frames: steps are sampled evenly when the range is longer.
    pub max_frames: usize,
}

impl GifOptions {
    /// Every frame of a source (sampled down to `max_frames`).
    pub fn all(fps: u32, cell: u32, max_frames: usize) -> GifOptions {
        GifOptions {
            from_step: 0,
            to_step: usize::MAX,
            fps,
            cell,
            max_frames,
        }
    }
}

/// The steps shown, one a frame: every step of `from..=to`, or an even sample of them with
/// both ends kept when there are more than `max_frames`.
pub fn frame_steps(from: usize, to: usize, max_frames: usize) -> Vec<usize> {
    let count = to.saturating_sub(from) + 1;
    let frames = count.min(max_frames.max(2));
    if frames == count {
        return (from..=to).collect();
    }
    (0..frames)
        .map(|i| from + (i * (count - 1)) / (frames - 1))
        .collect()
}

/// Encodes `source` from `options.from_step` to `options.to_step` (or its last frame, if
/// sooner). `progress` is told the share done after each frame and returns false to cancel
/// (the result is then an error saying so). Returns the GIF's bytes and the frames used.
pub fn run_gif(
    source: impl FrameSource + 'static,
    options: GifOptions,
    mut progress: impl FnMut(f32) -> bool,
) -> Result<(Vec<u8>, Vec<usize>), Message> {
    let mut export = GifExport::new(Box::new(source), options)?;
    while export.next_frame()? {
        if !progress(export.done()) {
            return Err(msg!("render-cancelled"));
        }
    }
    export.finish()
}

/// A GIF being encoded a frame at a time, so a window can show its progress and stay
/// responsive (a run cannot move to another thread).
pub struct GifExport {
    source: Box<dyn FrameSource>,
    cell: u32,
    steps: Vec<usize>,
    /// Frames written.
    written: usize,
    /// Made with the first frame, whose size it takes.
    encoder: Option<gif::Encoder<Vec<u8>>>,
    delay: u16,
    /// The last frame's pixels: each frame stores only the rectangle that changed.
    previous: Option<Vec<u8>>,
}

impl GifExport {
    pub fn new(source: Box<dyn FrameSource>, options: GifOptions) -> Result<GifExport, Message> {
        if !(1..=50).contains(&options.fps) {
            return Err(msg!("render-fps-range", fps = options.fps));
        }
        if options.from_step > options.to_step {
            return Err(msg!(
                "render-steps-order",
                from = options.from_step,
                to = options.to_step
            ));
        }
        super::raster::picture_size(1, 1, options.cell)?;
        let Some(last) = source.frame_count().checked_sub(1) else {
            return Err(msg!("render-nothing"));
        };
        let max_frames = options.max_frames.clamp(2, MAX_FRAMES);
        // The frames are spread over the ones the source really has.
        let to = options.to_step.min(last);
        let steps = frame_steps(options.from_step.min(to), to, max_frames);
        Ok(GifExport {
            source,
            cell: options.cell,
            steps,
            written: 0,
            encoder: None,
            // Hundredths of a second a frame.
            delay: (100 / options.fps).max(2) as u16,
            previous: None,
        })
    }

    /// The share of the frames written, 0..=1.
    pub fn done(&self) -> f32 {
        self.written as f32 / self.steps.len() as f32
    }

    /// The frames used, by their number in the source.
    pub fn steps(&self) -> &[usize] {
        &self.steps
    }

    /// Writes the next frame; false once every frame is written.
    pub fn next_frame(&mut self) -> Result<bool, Message> {
        let Some(&step) = self.steps.get(self.written) else {
            return Ok(false);
        };
        let pixmap = self.source.frame(step, self.cell)?;
        let encoder = match &mut self.encoder {
            Some(encoder) => encoder,
            None => self
                .encoder
                .insert(super::raster::gif_encoder(pixmap.width(), pixmap.height())?),
        };
        let (width, pixels) = (pixmap.width(), pixmap.data());
        let changed = match &self.previous {
            Some(previous) => changed_rectangle(previous, pixels, width),
            None => (0, 0, width, pixmap.height()),
        };
        let frame = part_frame(pixels, width, changed, self.delay);
        encoder
            .write_frame(&frame)
            .map_err(|e| msg!("render-gif-failed", why = e.to_string()))?;
        self.previous = Some(pixmap.take());
        self.written += 1;
        Ok(true)
    }

    /// The GIF's bytes and the frames used.
    pub fn finish(self) -> Result<(Vec<u8>, Vec<usize>), Message> {
        let encoder = self.encoder.ok_or_else(|| msg!("render-nothing"))?;
        let bytes = encoder
            .into_inner()
            .map_err(|e| msg!("render-gif-failed", why = e.to_string()))?;
        Ok((bytes, self.steps))
    }
}

/// The smallest rectangle (x, y, width, height) holding every pixel that differs between
/// two pictures `width` pixels wide; one pixel when none does (a frame must hold some).
fn changed_rectangle(before: &[u8], after: &[u8], width: u32) -> (u32, u32, u32, u32) {
    let (mut left, mut top, mut right, mut bottom) = (u32::MAX, u32::MAX, 0, 0);
    for (i, (a, b)) in before
        .chunks_exact(4)
        .zip(after.chunks_exact(4))
        .enumerate()
    {
        if a != b {
            let (x, y) = (i as u32 % width, i as u32 / width);
            left = left.min(x);
            right = right.max(x);
            top = top.min(y);
            bottom = bottom.max(y);
        }
    }
    if left == u32::MAX {
        return (0, 0, 1, 1);
    }
    (left, top, right - left + 1, bottom - top + 1)
}

/// The rectangle `(x, y, w, h)` of a picture `width` pixels wide as a frame drawn over the
/// frames before it.
fn part_frame(
    pixels: &[u8],
    width: u32,
    (x, y, w, h): (u32, u32, u32, u32),
    delay: u16,
) -> gif::Frame<'static> {
    let mut part = Vec::with_capacity((w * h * 4) as usize);
    for row in y..y + h {
        let start = ((row * width + x) * 4) as usize;
        part.extend_from_slice(&pixels[start..start + (w * 4) as usize]);
    }
    let mut frame = indexed_frame(w, h, &part, delay);
    frame.left = x as u16;
    frame.top = y as u16;
    frame.dispose = gif::DisposalMethod::Keep;
    frame
}

/// A frame with its own exact colour table when it has at most 256 colours (frames drawn
/// without anti-aliasing do), else quantised by the crate.
pub(super) fn indexed_frame(
    width: u32,
    height: u32,
    rgba: &[u8],
    delay: u16,
) -> gif::Frame<'static> {
    let mut table: HashMap<[u8; 3], u8> = HashMap::new();
    let mut palette = vec![];
    let mut indices = Vec::with_capacity(rgba.len() / 4);
    for px in rgba.chunks_exact(4) {
        let key = [px[0], px[1], px[2]];
        let index = match table.get(&key) {
            Some(&i) => i,
            None if table.len() < 256 => {
                let i = table.len() as u8;
                table.insert(key, i);
                palette.extend_from_slice(&key);
                i
            }
            None => {
                let mut pixels = rgba.to_vec();
                let mut frame =
                    gif::Frame::from_rgba_speed(width as u16, height as u16, &mut pixels, 10);
                frame.delay = delay;
                return frame;
            }
        };
        indices.push(index);
    }
    let mut frame =
        gif::Frame::from_palette_pixels(width as u16, height as u16, indices, palette, None);
    frame.delay = delay;
    frame
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_rectangle_is_stored() {
        let width = 5;
        let before = vec![0u8; 5 * 4 * 4];
        let mut after = before.clone();
        for (x, y) in [(1, 1), (3, 2)] {
            after[(y * width + x) * 4] = 9;
        }
        assert_eq!(changed_rectangle(&before, &after, 5), (1, 1, 3, 2));
        assert_eq!(changed_rectangle(&before, &before, 5), (0, 0, 1, 1));
    }

    #[test]
    fn long_ranges_are_sampled_evenly_with_both_ends() {
        assert_eq!(frame_steps(0, 4, 100), vec![0, 1, 2, 3, 4]);
        let steps = frame_steps(10, 1010, 11);
        assert_eq!(steps.len(), 11);
        assert_eq!((steps[0], steps[10]), (10, 1010));
        assert!(steps.windows(2).all(|w| w[1] - w[0] == 100));
    }
}
