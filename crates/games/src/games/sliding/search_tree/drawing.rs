//! The search tree at a step as a sketch (what the view paints, and what PNG and SVG
//! export): each node a small board with its name, its expansion number in a disc and its
//! values (`1+4=5`: g + h = f), the edges from parent to child, the path found in its
//! colour, a node still in OPEN outlined dashed, and a repeat or a replaced node faint.

use super::layout::TreeLayout;
use super::record::{Kind, SearchTree, TreeNode};
use crate::games::sliding::colors as sliding;
use crate::palette::{Rgba, rgb, search};
use crate::render::sketch::{Mark, Sketch, faded, text_width};

/// The words a drawing of the tree shows, in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeWording {
    /// The first line: the search, its heuristic and the step.
    pub title: String,
    /// The second line: how to read a node (`f(n) = d(n) + w(n)` ...).
    pub legend: String,
    /// The third line: what the discs, dashes and faint nodes mean.
    pub marks: String,
    /// Under a repeat: "repeat".
    pub repeat: String,
    /// Under a node a cheaper route replaced.
    pub replaced: String,
}

/// A node's slot, in units.
pub const SLOT_WIDTH: f32 = 84.0;
pub const ROW_HEIGHT: f32 = 124.0;
/// The small board's side.
pub const BOARD: f32 = 54.0;
const MARGIN: f32 = 16.0;
const HEADER: f32 = 72.0;
const CAPTION: f32 = 11.0;

pub const PAPER: Rgba = rgb(0xff, 0xff, 0xff);
pub const INK: Rgba = rgb(0x20, 0x20, 0x20);
const EDGE: Rgba = rgb(0x80, 0x80, 0x80);

/// The top left corner of the board of a node at `column`, `row`.
pub fn board_corner(column: f32, row: usize) -> (f32, f32) {
    (
        MARGIN + column * SLOT_WIDTH + (SLOT_WIDTH - BOARD) / 2.0,
        HEADER + row as f32 * ROW_HEIGHT,
    )
}

/// The tree as it stood at `step`.
pub fn tree_sketch(tree: &SearchTree, step: usize, wording: &TreeWording) -> Sketch {
    let layout = TreeLayout::at(tree, step);
    let width = 2.0 * MARGIN + layout.columns as f32 * SLOT_WIDTH;
    let height = HEADER + layout.rows as f32 * ROW_HEIGHT;
    let widest_line = [
        text_width(&wording.title, 13.0),
        text_width(&wording.legend, 11.0),
        text_width(&wording.marks, 11.0),
    ]
    .into_iter()
    .fold(0.0, f32::max);
    let mut sketch = Sketch::new(width.max(widest_line + 2.0 * MARGIN), height, PAPER);
    sketch.text_from((MARGIN, 14.0), 13.0, &wording.title, INK);
    sketch.text_from((MARGIN, 32.0), 11.0, &wording.legend, INK);
    sketch.text_from((MARGIN, 48.0), 11.0, &wording.marks, INK);
    let nodes = &tree.nodes()[..layout.places.len()];
    let path = tree.path_at(step).unwrap_or_default();
    let on_path = |i: usize| path.contains(&i);
    // Edges first, under the boards.
    for (i, node) in nodes.iter().enumerate() {
        let Some(parent) = node.parent else { continue };
        let (from, to) = (layout.places[parent], layout.places[i]);
        let (px, py) = board_corner(from.column, from.row);
        let (cx, cy) = board_corner(to.column, to.row);
        let highlighted = on_path(i) && on_path(parent);
        let color = if highlighted {
            search::PATH
        } else if faint(node, step) {
            faded(EDGE, 0.4)
        } else {
            EDGE
        };
        sketch.line(
            (px + BOARD / 2.0, py + BOARD + 2.6 * CAPTION + 2.0),
            (cx + BOARD / 2.0, cy - 2.0),
            color,
            if highlighted { 2.5 } else { 1.0 },
        );
    }
    for (i, node) in nodes.iter().enumerate() {
        let place = layout.places[i];
        draw_node(
            &mut sketch,
            tree,
            node,
            board_corner(place.column, place.row),
            step,
            on_path(i),
            wording,
        );
    }
    sketch
}

/// Whether a node is drawn faint at `step`: a repeat, or replaced by a cheaper route.
fn faint(node: &TreeNode, step: usize) -> bool {
    node.kind != Kind::Kept || node.replaced_by(step)
}

fn draw_node(
    sketch: &mut Sketch,
    tree: &SearchTree,
    node: &TreeNode,
    (x, y): (f32, f32),
    step: usize,
    on_path: bool,
    wording: &TreeWording,
) {
    let share = if faint(node, step) { 0.35 } else { 1.0 };
    let fade = |color: Rgba| faded(color, share);
    let position = node.position;
    let side = position.side();
    let cell = BOARD / side as f32;
    let goal = tree.problem().goal;
    sketch.marks.push(Mark::Rect {
        x,
        y,
        width: BOARD,
        height: BOARD,
        fill: Some(fade(sliding::TRAY)),
        stroke: None,
        dashed: false,
    });
    for index in 0..position.len() {
        let tile = position.tile(index);
        if tile == 0 {
            continue;
        }
        let (row, col) = ((index / side) as f32, (index % side) as f32);
        let face = if goal.tile(index) == tile {
            sliding::TILE_HOME
        } else {
            sliding::TILE
        };
        sketch.marks.push(Mark::Rect {
            x: x + col * cell + 1.0,
            y: y + row * cell + 1.0,
            width: cell - 2.0,
            height: cell - 2.0,
            fill: Some(fade(face)),
            stroke: None,
            dashed: false,
        });
        sketch.text(
            (x + (col + 0.5) * cell, y + (row + 0.5) * cell),
            cell * 0.55,
            tile.to_string(),
            fade(sliding::NUMBER),
        );
    }
    // The outline says where it stands: expanded (solid), waiting in OPEN (dashed), on the
    // path found (thick, in the path's colour).
    let expanded = node.expanded_by(step);
    let outline = if on_path {
        Some((search::PATH, 3.0))
    } else if node.kind == Kind::Kept && !node.replaced_by(step) {
        Some((if expanded { INK } else { search::FRONTIER }, 1.5))
    } else {
        None
    };
    if let Some(stroke) = outline {
        sketch.marks.push(Mark::Rect {
            x: x - 1.5,
            y: y - 1.5,
            width: BOARD + 3.0,
            height: BOARD + 3.0,
            fill: None,
            stroke: Some(stroke),
            dashed: !expanded && !on_path,
        });
    }
    if let Some(number) = node.expanded.filter(|_| expanded) {
        let centre = (x - 2.0, y - 2.0);
        sketch.marks.push(Mark::Disc {
            centre,
            radius: 9.0,
            fill: INK,
        });
        sketch.text(centre, 10.0, number.to_string(), PAPER);
    }
    let below = y + BOARD + CAPTION;
    let centre = x + BOARD / 2.0;
    let first = match node.kind {
        Kind::Kept if node.replaced_by(step) => format!("{} {}", node.label(), wording.replaced),
        Kind::Kept => node.label(),
        Kind::RepeatOfOpen | Kind::RepeatOfClosed => wording.repeat.clone(),
    };
    sketch.marks.push(Mark::Text {
        at: (centre, below),
        size: CAPTION,
        text: first,
        color: fade(INK),
        anchor: crate::render::sketch::Anchor::Middle,
        bold: true,
    });
    sketch.text(
        (centre, below + 1.3 * CAPTION),
        CAPTION,
        tree.ranked().caption(node),
        fade(INK),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sandbox::PathAlgorithm;
    use crate::games::sliding::{Goal, Position, PuzzleHeuristic, SlidingProblem};

    fn wording() -> TreeWording {
        TreeWording {
            title: "A* · misplaced tiles".into(),
            legend: "f(n) = d(n) + w(n)".into(),
            marks: "Disc: the order expanded.".into(),
            repeat: "repeat".into(),
            replaced: "replaced".into(),
        }
    }

    #[test]
    fn the_sketch_names_every_kept_node_and_marks_the_path() {
        let start = Position::parse("2 8 3 1 6 4 7 0 5").unwrap();
        let problem =
            SlidingProblem::new(start, Goal::Snail.position(3), PuzzleHeuristic::Misplaced)
                .unwrap();
        let mut tree = SearchTree::new(problem, PathAlgorithm::parse("astar").unwrap()).unwrap();
        tree.grow_to(50);
        let last = tree.recorded();
        let svg = tree_sketch(&tree, last, &wording()).svg();
        let kept = tree.nodes().iter().filter(|n| n.kind == Kind::Kept).count();
        for name in 0..kept {
            assert!(svg.contains(&format!(">S{name}</text>")), "S{name}");
        }
        assert!(svg.contains(">0+4=4</text>"), "the start's values");
        let path_stroke = format!(
            "stroke=\"#{:02x}{:02x}{:02x}\"",
            search::PATH.0,
            search::PATH.1,
            search::PATH.2
        );
        // Five edges and six boards of the path.
        assert_eq!(svg.matches(&path_stroke).count(), 11);
        // Before the goal is taken, no path is drawn, and fewer nodes are.
        let before = tree_sketch(&tree, last - 1, &wording()).svg();
        assert!(!before.contains(&path_stroke));
        let png = tree_sketch(&tree, last, &wording()).png(2.0).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}
