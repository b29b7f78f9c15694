//! The Link board as a picture for slides and handouts: the tiles on their ring, the squares
//! a link search reached, and the link found.

use super::colors as link;
use super::tints::SearchTints;
use super::{LinkBoard, SYMBOLS};
use crate::grid::Pos;
use crate::render::games::{CellPicture, Piece, Tile, TileShape};

/// Tile `kind` as the board draws it: a colour and a shape by kind, and the kind's letter.
pub fn tile(kind: u8) -> Tile {
    let shapes = [
        TileShape::Circle,
        TileShape::Square,
        TileShape::Triangle,
        TileShape::Diamond,
    ];
    let colours = link::TILES.len();
    Tile {
        face: link::TILE_FACE,
        edge: link::TILE_EDGE,
        mark: link::TILES[kind as usize % colours],
        shape: shapes[(kind as usize / colours) % 4],
        letter: SYMBOLS.chars().nth(kind as usize),
    }
}

impl CellPicture {
    /// A Link board with the ring around it: the tiles, the squares the link search has
    /// reached tinted by turns (`tints`), and the link found (`link`, cells of the board).
    pub fn link(
        board: &LinkBoard,
        tints: Option<&SearchTints>,
        link: Option<&[Pos]>,
    ) -> CellPicture {
        let (width, height) = (board.width() + 2, board.height() + 2);
        let mut cells = Vec::with_capacity(width * height);
        let mut pieces = vec![];
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                let v = Pos::new(x, y);
                let p = Pos::new(x - 1, y - 1);
                let (reached, in_frontier) = tints.map_or((None, false), |t| {
                    (t.reached.get(v).copied().flatten(), t.frontier[v])
                });
                cells.push(link::square(board.contains(p), reached, in_frontier));
                if let Some(kind) = board.tile(p) {
                    pieces.push((v, Piece::Tile(tile(kind))));
                }
            }
        }
        let lines = link
            .map(|cells| {
                let shifted = cells.iter().map(|p| Pos::new(p.x + 1, p.y + 1)).collect();
                vec![(shifted, link::LINK)]
            })
            .unwrap_or_default();
        CellPicture {
            width,
            height,
            cells,
            pieces,
            lines,
        }
    }
}
