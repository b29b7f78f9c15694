//! The colours of the Link board. The tiles' colours are Okabe and Ito's, told apart with the common
//! colour blindnesses; shapes and letters tell the tiles apart as well.

use crate::palette::{Rgba, rgb};

pub const TILES: [Rgba; 8] = [
    rgb(0xe6, 0x9f, 0x00),
    rgb(0x56, 0xb4, 0xe9),
    rgb(0x00, 0x9e, 0x73),
    rgb(0xd5, 0x5e, 0x00),
    rgb(0x00, 0x72, 0xb2),
    rgb(0xcc, 0x79, 0xa7),
    rgb(0xf0, 0xe4, 0x42),
    rgb(0x99, 0x99, 0x99),
];
pub const TILE_FACE: Rgba = rgb(0xfd, 0xfc, 0xf8);
pub const TILE_EDGE: Rgba = rgb(0x96, 0x96, 0x96);
/// The ring around the board that links may run through.
pub const RING: Rgba = rgb(0xdd, 0xe4, 0xea);
pub const CELL: Rgba = rgb(0xf5, 0xf3, 0xee);
/// Cells the link search reached with 0, 1, 2 and more turns.
pub const TURNS: [Rgba; 4] = [
    rgb(0x9a, 0xd1, 0xf5),
    rgb(0xb5, 0xe3, 0xb0),
    rgb(0xf6, 0xd0, 0x8c),
    rgb(0xf2, 0xa7, 0xa7),
];
/// The marks on tiles and the link's line: four colours apart for the common colour-vision
/// deficiencies (tests/palette.rs): Okabe and Ito's vermillion, a lighter bluish green.
pub const LINK: Rgba = rgb(0xd5, 0x5e, 0x00);
pub const SELECTED: Rgba = rgb(0x24, 0x5c, 0xc4);
pub const REFUSED: Rgba = rgb(0x22, 0x22, 0x22);
pub const HINTED: Rgba = rgb(0x00, 0xb0, 0x90);

/// A square of the board (`inside` the play area, or on the ring), tinted by the fewest
/// turns the link search reached it with, or lightly while it waits in the frontier.
pub fn square(inside: bool, reached: Option<u32>, in_frontier: bool) -> Rgba {
    let base = if inside { CELL } else { RING };
    match reached {
        Some(t) => crate::palette::mix(base, TURNS[(t as usize).min(3)], 0.8),
        None if in_frontier => crate::palette::mix(base, TURNS[3], 0.35),
        None => base,
    }
}
