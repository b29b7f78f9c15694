//! The colours of the Sokoban board (the rest of the theme is in
//! `crate::palette`).

use crate::palette::{Rgba, rgb};

pub const OUTSIDE: Rgba = rgb(0x1e, 0x1e, 0x24);
pub const WALL: Rgba = rgb(0x5a, 0x4a, 0x3c);
pub const FLOOR: Rgba = rgb(0xe9, 0xe2, 0xd0);
/// Where the solver's expanded positions keep their boxes.
pub const HEAT: Rgba = rgb(0xd6, 0x45, 0x2a);
pub const GOAL: Rgba = rgb(0x2a, 0x9d, 0x8f);
pub const BOX: Rgba = rgb(0xc8, 0x86, 0x2e);
pub const BOX_ON_GOAL: Rgba = rgb(0x3a, 0x8f, 0x3e);
pub const PLAYER: Rgba = rgb(0x24, 0x5c, 0xc4);
/// A box that can never reach a goal.
pub const STUCK: Rgba = rgb(0xd6, 0x20, 0x20);
pub const HINT: Rgba = rgb(0xf0, 0xd0, 0x20);
