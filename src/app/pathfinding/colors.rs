//! How the Pathfinding board looks: terrain colours and the search's marks over them, from
//! the palette (which says how they were checked for colour-vision deficiencies).

use egui::Color32;

use crate::games::sandbox::{CellMark, Terrain};
use crate::palette::search::{self, Mark};
use crate::palette::terrain;
use crate::search::Side;
use crate::ui::color;

pub const VISITED_BACK: Color32 = color(search::VISITED_BACK);
pub const PATH: Color32 = color(search::PATH);
pub const MEETING: Color32 = color(search::MEETING);
pub const ROBOT: Color32 = color(search::ROBOT);
/// A predicted cell's outline: right or wrong.
pub const RIGHT: Color32 = color(crate::palette::status::SUCCESS);
pub const WRONG: Color32 = color(crate::palette::status::TROUBLE);
/// A line of sight a step checked: clear, or blocked by a wall.
pub const SIGHT_CLEAR: Color32 = RIGHT;
pub const SIGHT_BLOCKED: Color32 = WRONG;
pub const NUMBERS: Color32 = color(search::NUMBERS);
pub const CURRENT: Color32 = color(search::CURRENT);
pub const START: Color32 = color(search::START);
pub const GOAL: Color32 = color(search::GOAL);

/// A terrain's colour: known names get their own, walls are dark, other terrains darken
/// with their cost.
pub fn terrain_color(terrain: &Terrain) -> Color32 {
    color(terrain::named(&terrain.name, terrain.cost))
}

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

/// A terrain colour under a search's mark (the path is drawn as a line on top).
pub fn marked(base: Color32, mark: CellMark, overlays: Overlays) -> Color32 {
    let mark = match mark {
        CellMark::Visited(Side::Forward) if overlays.visited => Mark::Visited,
        CellMark::Visited(Side::Backward) if overlays.visited => Mark::VisitedBack,
        CellMark::Frontier(Side::Forward) if overlays.frontier => Mark::Frontier,
        CellMark::Frontier(Side::Backward) if overlays.frontier => Mark::FrontierBack,
        CellMark::Scanned if overlays.visited => return scanned(base),
        _ => return base,
    };
    mark_on(base, mark)
}

/// A terrain colour under a Jump Point Search scan's trail: a light shade of visited.
pub fn scanned(base: Color32) -> Color32 {
    crate::ui::mix(base, color(search::VISITED), 0.22)
}

/// A terrain colour under a mark.
pub fn mark_on(base: Color32, mark: Mark) -> Color32 {
    let base = crate::palette::rgb(base.r(), base.g(), base.b());
    color(search::marked(base, mark))
}
