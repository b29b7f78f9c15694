//! How the Pathfinding board looks: terrain colours and the search's marks over them.
//! Blue (visited) and orange (frontier) stay distinguishable with common colour blindness.

use egui::Color32;

use crate::games::sandbox::{CellMark, Terrain};
use crate::palette::{search, terrain};
use crate::search::Side;
use crate::ui::color;

pub const VISITED: Color32 = color(search::VISITED);
pub const FRONTIER: Color32 = color(search::FRONTIER);
pub const VISITED_BACK: Color32 = color(search::VISITED_BACK);
pub const FRONTIER_BACK: Color32 = color(search::FRONTIER_BACK);
pub const PATH: Color32 = color(search::PATH);
pub const CURRENT: Color32 = color(search::CURRENT);
pub const START: Color32 = color(search::START);
pub const GOAL: Color32 = color(search::GOAL);

/// A terrain's colour: known names get their own, walls are dark, other terrains darken
/// with their cost.
pub fn terrain_color(terrain: &Terrain) -> Color32 {
    color(match terrain.name.as_str() {
        "floor" | "ground" => terrain::FLOOR,
        "wall" | "out-of-bounds" => terrain::WALL,
        "trees" => terrain::TREES,
        "grass" => terrain::GRASS,
        "mud" => terrain::MUD,
        "swamp" => terrain::SWAMP,
        "water" => terrain::WATER,
        "sand" => terrain::SAND,
        _ => match terrain.cost {
            None => terrain::OTHER_WALL,
            Some(cost) => {
                let t = ((cost - 1.0) / 9.0).clamp(0.0, 1.0) as f32;
                return lerp(color(terrain::FLOOR), color(terrain::COSTLY), t);
            }
        },
    })
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
