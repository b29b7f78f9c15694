//! The colours of the Sliding puzzle: wooden tiles on a dark tray, a tile in its goal place in green, the
//! position being expanded outlined as the board's node being expanded is.

use crate::palette::{Rgba, rgb};

pub const TRAY: Rgba = rgb(0x3b, 0x33, 0x2b);
pub const TILE: Rgba = rgb(0xe8, 0xc9, 0x8f);
pub const TILE_HOME: Rgba = rgb(0xa8, 0xd5, 0x9a);
pub const NUMBER: Rgba = rgb(0x2a, 0x21, 0x18);
/// The frontier position the search takes next, and a student's answer.
pub const NEXT: Rgba = crate::palette::search::FRONTIER;
pub const EXPANDED: Rgba = crate::palette::search::CURRENT;
