//! The colours every board shares, named by what they show: the searches' marks, the
//! terrains, the status colours and the charts; each game's own are its `colors` module
//! (`games::<game>::colors`). The app's board views and anything else that draws a
//! board take them from here. Plain RGB, no GUI
//! types, so code without a window can use them too.

/// A colour: red, green, blue, and opacity (255 is opaque).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

/// An opaque colour.
pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
    Rgba(r, g, b, 255)
}

/// Colours meaning "done well" and "look out", for messages beside a board.
pub mod status {
    use super::{Rgba, rgb};
    pub const SUCCESS: Rgba = rgb(0x3a, 0x8f, 0x3e);
    pub const WARNING: Rgba = rgb(0xd0, 0x70, 0x00);
    pub const TROUBLE: Rgba = rgb(0xd6, 0x45, 0x2a);
}

/// The Pathfinding board: the search's marks over the terrain. Every mark stays apart from
/// every other and from every terrain, on any terrain, with normal colour vision and with
/// deuteranopia and protanopia: `tests/palette.rs` simulates both (Machado et al. 2009) and
/// measures the CIEDE2000 difference of each pair. Blue visited and orange frontier differ
/// in the blue-yellow axis those deficiencies keep; the path is a crimson line; the node
/// being expanded a near-black outline.
pub mod search {
    use super::{Rgba, rgb};
    pub const VISITED: Rgba = rgb(0x24, 0x83, 0xf8);
    pub const FRONTIER: Rgba = rgb(0xe1, 0x92, 0x00);
    /// The backward side of a bidirectional search.
    pub const VISITED_BACK: Rgba = rgb(0x00, 0x90, 0x8d);
    pub const FRONTIER_BACK: Rgba = rgb(0xfc, 0xea, 0x00);
    pub const PATH: Rgba = rgb(0xc2, 0x09, 0x46);
    /// The ring where a bidirectional search's best path so far joins its halves.
    pub const MEETING: Rgba = rgb(0x6a, 0x1b, 0x9a);
    /// The D* Lite robot, its trail and its sensor: the meeting's purple, free because a
    /// walk has no meeting point, and apart from the path and D* Lite's backward marks.
    pub const ROBOT: Rgba = MEETING;
    /// The node being expanded.
    pub const CURRENT: Rgba = rgb(0x13, 0x00, 0x34);
    pub const START: Rgba = rgb(0x1b, 0x9e, 0x4b);
    pub const GOAL: Rgba = rgb(0xc0, 0x39, 0x2b);
    /// The numbers written in cells.
    pub const NUMBERS: Rgba = rgb(0x20, 0x20, 0x20);
    /// The line under the executed pseudo-code.
    pub const CODE_HIGHLIGHT: Rgba = rgb(0xff, 0xe0, 0x8a);

    /// A search's mark on a cell.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Mark {
        Visited,
        Frontier,
        VisitedBack,
        FrontierBack,
    }

    impl Mark {
        pub const ALL: [Mark; 4] = [
            Mark::Visited,
            Mark::Frontier,
            Mark::VisitedBack,
            Mark::FrontierBack,
        ];

        /// The mark's colour, and how much of it covers the terrain: enough that the mark
        /// reads on any terrain, little enough that the terrain still shows through.
        pub fn color_and_strength(self) -> (Rgba, f32) {
            match self {
                Mark::Visited => (VISITED, 0.8),
                Mark::Frontier => (FRONTIER, 0.85),
                Mark::VisitedBack => (VISITED_BACK, 0.85),
                Mark::FrontierBack => (FRONTIER_BACK, 0.8),
            }
        }
    }

    /// A terrain colour under a mark.
    pub fn marked(terrain: Rgba, mark: Mark) -> Rgba {
        let (color, strength) = mark.color_and_strength();
        super::mix(terrain, color, strength)
    }
}

/// Terrain on the Pathfinding board, by the names boards and Moving AI maps use. Light
/// colours, so the search's marks stand out on every one (see [`search`]).
pub mod terrain {
    use super::{Rgba, rgb};
    pub const FLOOR: Rgba = rgb(0xf3, 0xf0, 0xe8);
    pub const WALL: Rgba = rgb(0x2e, 0x34, 0x40);
    pub const TREES: Rgba = rgb(0x2f, 0x55, 0x33);
    pub const GRASS: Rgba = rgb(0xb2, 0xd6, 0xb1);
    pub const MUD: Rgba = rgb(0xe6, 0xc1, 0xa2);
    pub const SWAMP: Rgba = rgb(0xaa, 0xb6, 0x9c);
    pub const WATER: Rgba = rgb(0x9a, 0xe1, 0xed);
    pub const SAND: Rgba = rgb(0xd1, 0xcd, 0xb4);
    /// An impassable terrain with another name.
    pub const OTHER_WALL: Rgba = rgb(0x44, 0x44, 0x55);
    /// The costliest of the unnamed terrains (the cheapest is floor).
    pub const COSTLY: Rgba = rgb(0xb5, 0x7f, 0x66);

    /// The colour of an unnamed passable terrain: floor darkening to [`COSTLY`] as its
    /// cost rises from 1 to 10.
    pub fn by_cost(cost: f64) -> Rgba {
        let t = ((cost - 1.0) / 9.0).clamp(0.0, 1.0) as f32;
        super::mix(FLOOR, COSTLY, t)
    }

    /// A terrain's colour: known names get their own, impassable ones are dark, other
    /// terrains darken with their cost.
    pub fn named(name: &str, cost: Option<f64>) -> Rgba {
        match name {
            "floor" | "ground" => FLOOR,
            "wall" | "out-of-bounds" => WALL,
            "trees" => TREES,
            "grass" => GRASS,
            "mud" => MUD,
            "swamp" => SWAMP,
            "water" => WATER,
            "sand" => SAND,
            _ => cost.map_or(OTHER_WALL, by_cost),
        }
    }

    /// Every terrain a search may mark, for checks: the named passable ones and a few of
    /// the unnamed, by cost.
    pub fn passable() -> Vec<(&'static str, Rgba)> {
        vec![
            ("floor", FLOOR),
            ("grass", GRASS),
            ("mud", MUD),
            ("swamp", SWAMP),
            ("water", WATER),
            ("sand", SAND),
            ("cost 3", by_cost(3.0)),
            ("cost 6", by_cost(6.0)),
            ("cost 10", by_cost(10.0)),
        ]
    }

    /// The impassable terrains.
    pub fn impassable() -> Vec<(&'static str, Rgba)> {
        vec![("wall", WALL), ("trees", TREES), ("other wall", OTHER_WALL)]
    }
}

/// The colour a fraction `t` (0..=1) of the way from `a` to `b`, opaque.
pub fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    let blend = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t.clamp(0.0, 1.0)).round() as u8;
    rgb(blend(a.0, b.0), blend(a.1, b.1), blend(a.2, b.2))
}

/// Charts: one colour per run (Okabe and Ito's again).
pub mod chart {
    use super::{Rgba, rgb};
    pub const RUNS: [Rgba; 6] = [
        rgb(0x00, 0x72, 0xb2),
        rgb(0xe6, 0x9f, 0x00),
        rgb(0x00, 0x9e, 0x73),
        rgb(0xcc, 0x79, 0xa7),
        rgb(0x56, 0xb4, 0xe9),
        rgb(0xd5, 0x5e, 0x00),
    ];
}
