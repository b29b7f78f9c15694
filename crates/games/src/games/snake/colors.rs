//! The colours of the Snake board (the rest of the theme is in
//! `crate::palette`).

use crate::palette::{Rgba, rgb};

pub const FLOOR: Rgba = rgb(0xf2, 0xef, 0xe6);
pub const WALL: Rgba = rgb(0x3a, 0x3f, 0x4b);
/// The classic planner's distances from the food.
pub const FIELD: Rgba = rgb(0x7f, 0xb8, 0xe0);
/// The classic planner's search for the tail.
pub const TAIL_SEARCH: Rgba = rgb(0xe6, 0xb3, 0x5c);
pub const BODY: Rgba = rgb(0x2e, 0x8b, 0x57);
/// The body fades to this towards the tail.
pub const TAIL: Rgba = rgb(0x9c, 0xd6, 0xa8);

/// Segment `i` (0 the head) of a snake of `len`: the body fades towards the tail.
pub fn segment(i: usize, len: usize) -> Rgba {
    if i == 0 {
        HEAD
    } else {
        crate::palette::mix(BODY, TAIL, i as f32 / len.max(1) as f32)
    }
}
pub const HEAD: Rgba = rgb(0x1b, 0x5e, 0x20);
pub const FOOD: Rgba = rgb(0xd6, 0x28, 0x28);
pub const PLAN: Rgba = rgb(0x24, 0x5c, 0xc4);
pub const CYCLE: Rgba = Rgba(0x55, 0x67, 0x8e, 0x90);
