//! The Pathfinding board's colours stay apart for the common colour-vision deficiencies.
//!
//! How it is checked: each colour is seen as with normal vision, with deuteranopia and with
//! protanopia (the severity-1.0 matrices of Machado, Oliveira and Fernandes 2009, applied in
//! linear RGB), converted to CIELAB (D65), and each pair compared by the CIEDE2000 colour
//! difference (Sharma, Wu and Dalal 2005). A difference of about 2 is just noticeable; the
//! bars below ask for 10 between a marked cell and any terrain or any other marked cell,
//! and 20 between the marks' own colours.

use frontier_games::palette::search::{self, Mark};
use frontier_games::palette::{Rgba, terrain};

/// Between the marks' colours (visited, frontier, path, the expanded node's outline).
const BETWEEN_MARKS: f64 = 20.0;
/// Between a marked cell and a terrain, or two cells marked differently.
const MARK_AND_TERRAIN: f64 = 10.0;

#[derive(Clone, Copy, Debug)]
enum Vision {
    Normal,
    Deuteranopia,
    Protanopia,
}

const VISIONS: [Vision; 3] = [Vision::Normal, Vision::Deuteranopia, Vision::Protanopia];

fn linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// The colour as seen with `vision`, in linear RGB.
fn seen(color: Rgba, vision: Vision) -> [f64; 3] {
    let rgb = [linear(color.0), linear(color.1), linear(color.2)];
    let matrix = match vision {
        Vision::Normal => return rgb,
        Vision::Deuteranopia => [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
        Vision::Protanopia => [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
    };
    let row = |r: [f64; 3]| (r[0] * rgb[0] + r[1] * rgb[1] + r[2] * rgb[2]).clamp(0.0, 1.0);
    [row(matrix[0]), row(matrix[1]), row(matrix[2])]
}

/// Linear RGB to CIELAB, D65 white.
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

/// The CIEDE2000 colour difference.
fn ciede2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let pow7 = |v: f64| v.powi(7);
    let c_mean = ((a1.hypot(b1)) + (a2.hypot(b2))) / 2.0;
    let g = 0.5 * (1.0 - (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| {
        if b == 0.0 && a == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p <= h1p {
        h2p - h1p + 360.0
    } else {
        h2p - h1p - 360.0
    };
    let d_big_h = 2.0 * (c1p * c2p).sqrt() * (dh / 2.0).to_radians().sin();
    let l_mean = (l1 + l2) / 2.0;
    let cp_mean = (c1p + c2p) / 2.0;
    let h_mean = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_mean - 30.0) + 0.24 * cos(2.0 * h_mean) + 0.32 * cos(3.0 * h_mean + 6.0)
            - 0.20 * cos(4.0 * h_mean - 63.0);
    let d_theta = 30.0 * (-((h_mean - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (pow7(cp_mean) / (pow7(cp_mean) + pow7(25.0))).sqrt();
    let sl = 1.0 + 0.015 * (l_mean - 50.0).powi(2) / (20.0 + (l_mean - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cp_mean;
    let sh = 1.0 + 0.015 * cp_mean * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    ((dl / sl).powi(2)
        + (dc / sc).powi(2)
        + (d_big_h / sh).powi(2)
        + rt * (dc / sc) * (d_big_h / sh))
        .sqrt()
}

/// The smallest difference between two colours over the three visions.
fn difference(a: Rgba, b: Rgba) -> f64 {
    VISIONS
        .iter()
        .map(|&v| ciede2000(lab(seen(a, v)), lab(seen(b, v))))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn the_colour_difference_matches_published_values() {
    // Sharma, Wu and Dalal (2005), table 1, pairs 1, 7 and 17.
    let cases = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
    ];
    for (a, b, expected) in cases {
        let got = ciede2000(a, b);
        assert!((got - expected).abs() < 1e-3, "{a:?} {b:?}: {got}");
    }
    // The deficiencies lose red against green: a red and a green of one lightness that
    // normal vision tells far apart come close.
    let (red, green) = (Rgba(0xc0, 0x60, 0x40, 255), Rgba(0x70, 0x80, 0x40, 255));
    let normal = ciede2000(
        lab(seen(red, Vision::Normal)),
        lab(seen(green, Vision::Normal)),
    );
    let deutan = ciede2000(
        lab(seen(red, Vision::Deuteranopia)),
        lab(seen(green, Vision::Deuteranopia)),
    );
    assert!(normal > 25.0 && deutan < normal / 2.0, "{normal} {deutan}");
}

#[test]
fn the_marks_colours_stay_apart_for_every_vision() {
    let forward = [
        ("visited", search::VISITED),
        ("frontier", search::FRONTIER),
        ("path", search::PATH),
        ("expanded node", search::CURRENT),
    ];
    let backward = [
        ("visited (backward)", search::VISITED_BACK),
        ("frontier (backward)", search::FRONTIER_BACK),
        ("path", search::PATH),
        ("expanded node", search::CURRENT),
    ];
    let mut close = vec![];
    for group in [forward, backward] {
        for (i, (a, ca)) in group.iter().enumerate() {
            for (b, cb) in &group[i + 1..] {
                let d = difference(*ca, *cb);
                if d < BETWEEN_MARKS {
                    close.push(format!("{a} and {b}: {d:.1}"));
                }
            }
        }
    }
    assert!(close.is_empty(), "{close:#?}");
}

#[test]
fn a_marked_cell_stands_apart_from_every_terrain() {
    let terrains = [terrain::passable(), terrain::impassable()].concat();
    let mut close = vec![];
    for (under, base) in terrain::passable() {
        for mark in Mark::ALL {
            let cell = search::marked(base, mark);
            for (other, color) in &terrains {
                let d = difference(cell, *color);
                if d < MARK_AND_TERRAIN {
                    close.push(format!("{mark:?} on {under} and {other}: {d:.1}"));
                }
            }
        }
        // The path's line runs over cells of every kind.
        for (other, color) in &terrains {
            let d = difference(search::PATH, *color);
            if d < MARK_AND_TERRAIN {
                close.push(format!("the path and {other}: {d:.1}"));
            }
        }
    }
    assert!(close.is_empty(), "{close:#?}");
}

#[test]
fn differently_marked_cells_stay_apart_whatever_the_terrains() {
    let passable = terrain::passable();
    let mut close = vec![];
    // Marks of one side against each other on any two terrains, and the path's line over
    // any marked cell.
    for (a, b) in [
        (Mark::Visited, Mark::Frontier),
        (Mark::VisitedBack, Mark::FrontierBack),
    ] {
        for (ta, ca) in &passable {
            for (tb, cb) in &passable {
                let (x, y) = (search::marked(*ca, a), search::marked(*cb, b));
                let d = difference(x, y);
                if d < MARK_AND_TERRAIN {
                    close.push(format!("{a:?} on {ta} and {b:?} on {tb}: {d:.1}"));
                }
            }
        }
    }
    for (t, c) in &passable {
        for mark in Mark::ALL {
            let d = difference(search::PATH, search::marked(*c, mark));
            if d < MARK_AND_TERRAIN {
                close.push(format!("the path over {mark:?} on {t}: {d:.1}"));
            }
        }
        // The two sides of a bidirectional search, on one terrain.
        for (a, b) in [
            (Mark::Visited, Mark::VisitedBack),
            (Mark::Frontier, Mark::FrontierBack),
        ] {
            let d = difference(search::marked(*c, a), search::marked(*c, b));
            if d < MARK_AND_TERRAIN {
                close.push(format!("{a:?} and {b:?} on {t}: {d:.1}"));
            }
        }
    }
    assert!(close.is_empty(), "{close:#?}");
}

#[test]
fn the_old_palette_would_have_failed() {
    // Water and the visited mark on floor were the same light blue (the issue that asked
    // for this check); the measure sees it.
    let old_water = Rgba(0x86, 0xb6, 0xe6, 255);
    let old_visited_on_floor =
        frontier_games::palette::mix(terrain::FLOOR, Rgba(0x4c, 0x8f, 0xd0, 255), 0.6);
    assert!(difference(old_water, old_visited_on_floor) < 5.0);
}

#[test]
fn report_the_smallest_differences() {
    // Not a check (the tests above are): the figures docs/guide.md quotes, printed with
    // `cargo test -p frontier-games --test palette -- --nocapture`.
    let groups = [
        [
            search::VISITED,
            search::FRONTIER,
            search::PATH,
            search::CURRENT,
        ],
        [
            search::VISITED_BACK,
            search::FRONTIER_BACK,
            search::PATH,
            search::CURRENT,
        ],
    ];
    let mut pairs = f64::INFINITY;
    for marks in groups {
        for (i, a) in marks.iter().enumerate() {
            for b in &marks[i + 1..] {
                pairs = pairs.min(difference(*a, *b));
            }
        }
    }
    let terrains = [terrain::passable(), terrain::impassable()].concat();
    let mut on_terrain = f64::INFINITY;
    for (_, base) in terrain::passable() {
        for mark in Mark::ALL {
            for (_, t) in &terrains {
                on_terrain = on_terrain.min(difference(search::marked(base, mark), *t));
            }
        }
    }
    for (_, t) in &terrains {
        on_terrain = on_terrain.min(difference(search::PATH, *t));
    }
    let old = difference(
        Rgba(0x86, 0xb6, 0xe6, 255),
        frontier_games::palette::mix(terrain::FLOOR, Rgba(0x4c, 0x8f, 0xd0, 255), 0.6),
    );
    eprintln!(
        "marks' colours: {pairs:.1}; marked cell and terrain: {on_terrain:.1}; old water and visited: {old:.1}"
    );
    assert!(pairs >= BETWEEN_MARKS && on_terrain >= MARK_AND_TERRAIN);
}

/// The Link legend's marks (selected, hint, refused, the link's line) are four colours that
/// stay apart for every vision: "refused" and the line were once the same red.
#[test]
fn the_link_legends_marks_stay_apart_for_every_vision() {
    use frontier_games::games::link::colors as link;
    let marks = [
        ("selected", link::SELECTED),
        ("hint", link::HINTED),
        ("refused", link::REFUSED),
        ("the link", link::LINK),
    ];
    let mut close = vec![];
    for (i, (a, ca)) in marks.iter().enumerate() {
        for (b, cb) in &marks[i + 1..] {
            let d = difference(*ca, *cb);
            if d < BETWEEN_MARKS {
                close.push(format!("{a} and {b}: {d:.1}"));
            }
        }
    }
    assert!(close.is_empty(), "{close:#?}");
}
