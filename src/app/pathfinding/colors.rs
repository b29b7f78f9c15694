//! How the Pathfinding board looks: terrain colours and the search's marks over them.
//! Blue (visited) and orange (frontier) stay distinguishable with common colour blindness.

use egui::Color32;

use crate::games::sandbox::{CellMark, Terrain};
use crate::search::Side;

pub const VISITED: Color32 = Color32::from_rgb(0x4c, 0x8f, 0xd0);
pub const FRONTIER: Color32 = Color32::from_rgb(0xf4, 0x8c, 0x2e);
pub const VISITED_BACK: Color32 = Color32::from_rgb(0x9d, 0x6c, 0xc4);
pub const FRONTIER_BACK: Color32 = Color32::from_rgb(0xe9, 0xc4, 0x3a);
pub const PATH: Color32 = Color32::from_rgb(0xd6, 0x28, 0x28);
pub const CURRENT: Color32 = Color32::from_rgb(0xff, 0x00, 0x6e);
pub const START: Color32 = Color32::from_rgb(0x1b, 0x9e, 0x4b);
pub const GOAL: Color32 = Color32::from_rgb(0xc0, 0x39, 0x2b);

/// A terrain's colour: known names get their own, walls are dark, other terrains darken
/// with their cost.
pub fn terrain_color(terrain: &Terrain) -> Color32 {
    match terrain.name.as_str() {
        "floor" | "ground" => Color32::from_rgb(0xf3, 0xf0, 0xe8),
        "wall" | "out-of-bounds" => Color32::from_rgb(0x2e, 0x34, 0x40),
        "trees" => Color32::from_rgb(0x2f, 0x55, 0x33),
        "grass" => Color32::from_rgb(0xb7, 0xd9, 0x9a),
        "mud" => Color32::from_rgb(0xb8, 0x95, 0x6a),
        "swamp" => Color32::from_rgb(0x6b, 0x95, 0x88),
        "water" => Color32::from_rgb(0x86, 0xb6, 0xe6),
        "sand" => Color32::from_rgb(0xe8, 0xd5, 0xa3),
        _ => match terrain.cost {
            None => Color32::from_rgb(0x44, 0x44, 0x55),
            Some(cost) => {
                let t = ((cost - 1.0) / 9.0).clamp(0.0, 1.0) as f32;
                lerp(
                    Color32::from_rgb(0xf3, 0xf0, 0xe8),
                    Color32::from_rgb(0x7a, 0x5c, 0x3a),
                    t,
                )
            }
        },
    }
}

pub use crate::ui::mix as lerp;

/// Which marks are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Overlays {
    pub visited: bool,
    pub frontier: bool,
    pub current: bool,
    pub path: bool,
    pub parents: bool,
    pub numbers: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Overlays {
            visited: true,
            frontier: true,
            current: true,
            path: true,
            parents: true,
            numbers: true,
        }
    }
}

/// Tints a terrain colour with a search mark.
pub fn marked(base: Color32, mark: CellMark, on_path: bool, overlays: Overlays) -> Color32 {
    if on_path && overlays.path {
        return lerp(base, PATH, 0.55);
    }
    match mark {
        CellMark::Visited(Side::Forward) if overlays.visited => lerp(base, VISITED, 0.6),
        CellMark::Visited(Side::Backward) if overlays.visited => lerp(base, VISITED_BACK, 0.6),
        CellMark::Frontier(Side::Forward) if overlays.frontier => lerp(base, FRONTIER, 0.8),
        CellMark::Frontier(Side::Backward) if overlays.frontier => lerp(base, FRONTIER_BACK, 0.8),
        _ => base,
    }
}
