//! Pictures of a board for slides and handouts, drawn on the CPU (no window, no GPU) from
//! the same palette as the board view: a Pathfinding run at one step as PNG or SVG, and a
//! run from one step to another as an animated GIF; what the games draw with (`games`: a
//! board of squares with pieces on it). Each game's own pictures are its `picture` module.

pub mod animation;
pub mod frames;
pub mod games;
pub mod glyphs;
pub mod picture;
pub mod raster;
pub mod sketch;

pub use animation::{GifExport, GifOptions, run_gif};
pub use frames::{FrameSource, PictureFrames, RunFrames};
pub use picture::{Layers, Snapshot};
