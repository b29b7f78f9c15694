//! Where an animation's frames come from: a Pathfinding run step by step, or a list of
//! pictures (a game replayed move by move, a link search, boards one after another).

use tiny_skia::Pixmap;

use super::games::CellPicture;
use super::picture::{Layers, Snapshot};
use crate::games::sandbox::GridRun;
use crate::i18n::Message;

/// Frames numbered from 0, asked for in increasing order (a source may only go forward).
pub trait FrameSource {
    /// How many frames there are.
    fn frame_count(&self) -> usize;

    /// Frame `index` at `cell` pixels a square, drawn without anti-aliasing.
    fn frame(&mut self, index: usize, cell: u32) -> Result<Pixmap, Message>;
}

/// A run: frame k is the board after k steps.
pub struct RunFrames {
    run: GridRun,
    at: usize,
    len: usize,
    layers: Layers,
}

impl RunFrames {
    pub fn new(run: GridRun, layers: Layers) -> RunFrames {
        let len = run.clone().count() + 1;
        RunFrames {
            run,
            at: 0,
            len,
            layers,
        }
    }
}

impl FrameSource for RunFrames {
    fn frame_count(&self) -> usize {
        self.len
    }

    fn frame(&mut self, index: usize, cell: u32) -> Result<Pixmap, Message> {
        while self.at < index && self.run.next().is_some() {
            self.at += 1;
        }
        Snapshot::of(&self.run).pixmap(cell, self.layers, false)
    }
}

/// Pictures made one after another (a replay makes each from the one before).
pub struct PictureFrames<I> {
    pictures: I,
    len: usize,
    /// The last picture made and its index.
    current: Option<(usize, CellPicture)>,
}

impl<I: Iterator<Item = CellPicture>> PictureFrames<I> {
    /// `len` frames taken from `pictures` (which must make that many).
    pub fn new(pictures: I, len: usize) -> PictureFrames<I> {
        PictureFrames {
            pictures,
            len,
            current: None,
        }
    }
}

impl PictureFrames<std::vec::IntoIter<CellPicture>> {
    pub fn of(pictures: Vec<CellPicture>) -> Self {
        let len = pictures.len();
        PictureFrames::new(pictures.into_iter(), len)
    }
}

impl<I: Iterator<Item = CellPicture>> FrameSource for PictureFrames<I> {
    fn frame_count(&self) -> usize {
        self.len
    }

    fn frame(&mut self, index: usize, cell: u32) -> Result<Pixmap, Message> {
        while self.current.as_ref().is_none_or(|(at, _)| *at < index) {
            let next = self.current.as_ref().map_or(0, |(at, _)| at + 1);
            match self.pictures.next() {
                Some(picture) => self.current = Some((next, picture)),
                None => break,
            }
        }
        match &self.current {
            Some((_, picture)) => picture.pixmap(cell, false),
            None => Err(crate::msg!("render-nothing")),
        }
    }
}
