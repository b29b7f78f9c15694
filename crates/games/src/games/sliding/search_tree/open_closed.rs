//! The OPEN and CLOSED tables in the textbook's layout: a row a step, the node taken, OPEN
//! in the order the search takes it (each node with its value, `S2(4)`) and CLOSED in the
//! order it filled; as Markdown for a homework answer and as a sketch for PNG and SVG.

use super::drawing::{INK, PAPER};
use super::record::{SearchTree, TableRow, TreeEnd, trim};
use crate::palette::rgb;
use crate::render::sketch::{Mark, Sketch, text_width};

/// The tables' words in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct TablesWording {
    pub title: String,
    pub step: String,
    pub taken: String,
    pub open: String,
    pub closed: String,
    /// After the node taken when it is the goal.
    pub goal: String,
    /// For an empty OPEN at the end.
    pub no_solution: String,
}

/// A node as the tables write it: `S2(4)` with its value, or `S2` for an order by arrival.
fn named(tree: &SearchTree, node: usize, with_value: bool) -> String {
    let node = &tree.nodes()[node];
    if with_value && tree.ranked().has_value() {
        format!("{}({})", node.label(), trim(node.value))
    } else {
        node.label()
    }
}

/// One row's cells: step, node taken, OPEN, CLOSED.
pub fn row_cells(tree: &SearchTree, row: &TableRow, wording: &TablesWording) -> [String; 4] {
    let list = |nodes: &[usize], values: bool| {
        nodes
            .iter()
            .map(|&n| named(tree, n, values))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let taken = match (row.taken, tree.end()) {
        (Some(n), Some(TreeEnd::Found { goal, .. })) if goal == n => {
            format!("{} {}", named(tree, n, true), wording.goal)
        }
        (Some(n), _) => named(tree, n, true),
        (None, Some(TreeEnd::Exhausted { step })) if step == row.step => {
            wording.no_solution.clone()
        }
        (None, _) => String::new(),
    };
    [
        row.step.to_string(),
        taken,
        list(&row.open, true),
        list(&row.closed, false),
    ]
}

/// The rows from step 0 to `step`, as a Markdown table under a title line.
pub fn tables_markdown(tree: &SearchTree, step: usize, wording: &TablesWording) -> String {
    let mut out = format!(
        "{}\n\n| {} | {} | {} | {} |\n|---|---|---|---|\n",
        wording.title, wording.step, wording.taken, wording.open, wording.closed
    );
    for row in tree.rows().iter().take(step + 1) {
        let [a, b, c, d] = row_cells(tree, row, wording);
        out.push_str(&format!("| {a} | {b} | {c} | {d} |\n"));
    }
    out
}

/// Characters a line of a table's cell holds in the sketch before it wraps.
const WRAP: usize = 64;
const LINE: f32 = 16.0;
const TEXT: f32 = 11.0;

/// A cell's text broken after commas into lines of at most [`WRAP`] characters.
fn wrapped(text: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for item in text.split(", ") {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.chars().count() + item.chars().count() + 2 > WRAP {
            line.push(',');
            lines.push(item.to_string());
        } else {
            if !line.is_empty() {
                line.push_str(", ");
            }
            line.push_str(item);
        }
    }
    lines
}

/// The rows from step 0 to `step` drawn as a ruled table.
pub fn tables_sketch(tree: &SearchTree, step: usize, wording: &TablesWording) -> Sketch {
    let header = [
        wording.step.clone(),
        wording.taken.clone(),
        wording.open.clone(),
        wording.closed.clone(),
    ];
    let rows: Vec<[Vec<String>; 4]> = std::iter::once(header.map(|h| vec![h]))
        .chain(
            tree.rows()
                .iter()
                .take(step + 1)
                .map(|row| row_cells(tree, row, wording).map(|cell| wrapped(&cell))),
        )
        .collect();
    let mut widths = [0f32; 4];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            let longest = cell.iter().map(|l| text_width(l, TEXT)).fold(0.0, f32::max);
            *width = width.max(longest + 16.0);
        }
    }
    let margin = 16.0;
    let top = 40.0;
    let heights: Vec<f32> = rows
        .iter()
        .map(|row| row.iter().map(Vec::len).max().unwrap_or(1) as f32 * LINE + 8.0)
        .collect();
    let width = 2.0 * margin + widths.iter().sum::<f32>();
    let height = top + heights.iter().sum::<f32>() + margin;
    let title = text_width(&wording.title, 13.0) + 2.0 * margin;
    let mut sketch = Sketch::new(width.max(title), height, PAPER);
    sketch.text_from((margin, 18.0), 13.0, &wording.title, INK);
    let rule = rgb(0x90, 0x90, 0x90);
    let mut y = top;
    for (r, row) in rows.iter().enumerate() {
        if r == 0 {
            sketch.marks.push(Mark::Rect {
                x: margin,
                y,
                width: widths.iter().sum(),
                height: heights[0],
                fill: Some(rgb(0xee, 0xee, 0xee)),
                stroke: None,
                dashed: false,
            });
        }
        let mut x = margin;
        for (cell, width) in row.iter().zip(widths) {
            for (l, line) in cell.iter().enumerate() {
                sketch.marks.push(Mark::Text {
                    at: (x + 8.0, y + 4.0 + (l as f32 + 0.5) * LINE),
                    size: TEXT,
                    text: line.clone(),
                    color: INK,
                    anchor: crate::render::sketch::Anchor::Start,
                    bold: r == 0,
                });
            }
            x += width;
        }
        sketch.line((margin, y), (width - margin, y), rule, 1.0);
        y += heights[r];
    }
    sketch.line((margin, y), (width - margin, y), rule, 1.0);
    let mut x = margin;
    for w in std::iter::once(0.0).chain(widths) {
        x += w;
        sketch.line((x, top), (x, y), rule, 1.0);
    }
    sketch
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sandbox::PathAlgorithm;
    use crate::games::sliding::{Goal, Position, PuzzleHeuristic, SlidingProblem};

    fn wording() -> TablesWording {
        TablesWording {
            title: "A*".into(),
            step: "Step".into(),
            taken: "Expanded".into(),
            open: "OPEN".into(),
            closed: "CLOSED".into(),
            goal: "(goal)".into(),
            no_solution: "OPEN is empty: no solution".into(),
        }
    }

    #[test]
    fn the_markdown_has_a_row_a_step_from_the_start_alone_in_open() {
        let start = Position::parse("2 8 3 1 6 4 7 0 5").unwrap();
        let problem =
            SlidingProblem::new(start, Goal::Snail.position(3), PuzzleHeuristic::Misplaced)
                .unwrap();
        let mut tree = SearchTree::new(problem, PathAlgorithm::parse("astar").unwrap()).unwrap();
        tree.grow_to(50);
        let last = tree.recorded();
        let markdown = tables_markdown(&tree, last, &wording());
        let lines: Vec<&str> = markdown.lines().collect();
        assert_eq!(lines[2], "| Step | Expanded | OPEN | CLOSED |");
        assert_eq!(lines[4], "| 0 |  | S0(4) |  |");
        assert!(lines[5].starts_with("| 1 | S0(4) | "));
        assert!(lines[5].ends_with(" | S0 |"));
        assert_eq!(lines.len(), 4 + last + 1);
        assert!(lines.last().unwrap().contains("(goal)"));
        let svg = tables_sketch(&tree, last, &wording()).svg();
        assert!(svg.contains(">S0(4)</text>"));
    }

    #[test]
    fn long_lists_wrap_after_a_comma() {
        let text = (0..40)
            .map(|i| format!("S{i}(12)"))
            .collect::<Vec<_>>()
            .join(", ");
        let lines = wrapped(&text);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.chars().count() <= WRAP));
        assert_eq!(lines.join(" ").replace(' ', ""), text.replace(' ', ""));
    }
}
