//! A run from one step to another as an animated GIF, encoded with the `gif` crate. Frames
//! are drawn without anti-aliasing, so each holds only the palette's colours and the GIF's
//! colour table is exact: a frontier cell in frame k has exactly the frontier colour.

use std::collections::HashMap;

use crate::i18n::Message;
use crate::msg;

use super::picture::{Layers, Snapshot};
use crate::games::sandbox::GridRun;

/// The most frames a GIF may have (longer runs are sampled evenly).
pub const MAX_FRAMES: usize = 2000;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GifOptions {
    /// The first and last step shown (the last is clamped to the run's end).
    pub from_step: usize,
    pub to_step: usize,
    /// Frames a second, 1..=50.
    pub fps: u32,
    /// Pixels a cell.
    pub cell: u32,
    /// At most this many frames: steps are sampled evenly when the range is longer.
    pub max_frames: usize,
    pub layers: Layers,
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

/// Encodes `run` from `options.from_step` to `options.to_step` (or its end, if sooner).
/// `progress` is told the share done after each frame and returns false to cancel (the
/// result is then an error saying so). Returns the GIF's bytes and the steps its frames
/// show.
pub fn run_gif(
    run: GridRun,
    options: GifOptions,
    mut progress: impl FnMut(f32) -> bool,
) -> Result<(Vec<u8>, Vec<usize>), Message> {
    let mut export = GifExport::new(run, options)?;
    while export.next_frame()? {
        if !progress(export.done()) {
            return Err(msg!("render-cancelled"));
        }
    }
    Ok(export.finish())
}

/// A GIF being encoded a frame at a time, so a window can show its progress and stay
/// responsive (a run cannot move to another thread).
pub struct GifExport {
    run: GridRun,
    options: GifOptions,
    steps: Vec<usize>,
    /// Frames written.
    written: usize,
    /// The step the run stands at.
    at: usize,
    encoder: gif::Encoder<Vec<u8>>,
    delay: u16,
}

impl GifExport {
    pub fn new(run: GridRun, options: GifOptions) -> Result<GifExport, Message> {
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
        let max_frames = options.max_frames.clamp(2, MAX_FRAMES);
        // The frames are spread over the steps the run really has.
        let end = run.clone().count();
        let to = options.to_step.min(end);
        let steps = frame_steps(options.from_step.min(to), to, max_frames);
        let (width, height) = Snapshot::of(&run).size(options.cell)?;
        let encoder = super::raster::gif_encoder(width, height)?;
        Ok(GifExport {
            run,
            options,
            steps,
            written: 0,
            at: 0,
            encoder,
            // Hundredths of a second a frame.
            delay: (100 / options.fps).max(2) as u16,
        })
    }

    /// The share of the frames written, 0..=1.
    pub fn done(&self) -> f32 {
        self.written as f32 / self.steps.len() as f32
    }

    /// The steps the frames show.
    pub fn steps(&self) -> &[usize] {
        &self.steps
    }

    /// Writes the next frame; false once every frame is written.
    pub fn next_frame(&mut self) -> Result<bool, Message> {
        let Some(&step) = self.steps.get(self.written) else {
            return Ok(false);
        };
        while self.at < step && self.run.next().is_some() {
            self.at += 1;
        }
        let pixmap =
            Snapshot::of(&self.run).pixmap(self.options.cell, self.options.layers, false)?;
        let frame = indexed_frame(pixmap.width(), pixmap.height(), pixmap.data(), self.delay);
        self.encoder
            .write_frame(&frame)
            .map_err(|e| msg!("render-gif-failed", why = e.to_string()))?;
        self.written += 1;
        Ok(true)
    }

    /// The GIF's bytes and the steps its frames show.
    pub fn finish(self) -> (Vec<u8>, Vec<usize>) {
        let steps = self.steps;
        let bytes = self.encoder.into_inner().unwrap_or_default();
        (bytes, steps)
    }
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
    fn long_ranges_are_sampled_evenly_with_both_ends() {
        assert_eq!(frame_steps(0, 4, 100), vec![0, 1, 2, 3, 4]);
        let steps = frame_steps(10, 1010, 11);
        assert_eq!(steps.len(), 11);
        assert_eq!((steps[0], steps[10]), (10, 1010));
        assert!(steps.windows(2).all(|w| w[1] - w[0] == 100));
    }
}
