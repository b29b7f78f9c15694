//! The Pathfinding sandbox: a grid of floor, walls and weighted terrain with a start and a
//! goal; the search problem it poses; maze generators; and its file formats.

pub mod algorithms;
mod board;
pub mod cell_nodes;
pub mod dstar_lite;
pub mod edit;
mod format;
pub mod generate;
pub mod grid_search;
mod heuristic;
pub mod jump;
pub mod jump_distances;
mod move_order;
mod moves;
pub mod movingai;
pub mod narrate;
pub mod predict;
pub mod predict_feedback;
pub mod presets;
mod problem;
mod run;

pub use board::{Board, MAX_SIDE, MAX_TERRAINS, Terrain, check_size as board_check_size};
pub use heuristic::Heuristic;
pub use moves::Preparation;
pub use problem::{Connectivity, GridProblem};
pub use run::{CellMark, GridRun, PathAlgorithm, cell_mark};

use crate::games::ParseError;

/// Reads a board in Frontier's format, or a Moving AI map (recognised by its `type` line).
pub fn parse_board_or_map(text: &str) -> Result<Board, ParseError> {
    if is_moving_ai_map(text) {
        movingai::parse_map(text)
    } else {
        Board::parse(text)
    }
}

/// Whether the text is a Moving AI map (it begins with its `type` line).
pub fn is_moving_ai_map(text: &str) -> bool {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    first.trim_start().starts_with("type ")
}
