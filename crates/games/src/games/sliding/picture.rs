//! The sliding puzzle as pictures, drawn as the tab draws it: tiles on a tray, each tile in
//! its place in the goal tinted green, its number on it. A position as PNG or SVG, and a
//! game or a solution as a GIF, a frame a move.

use tiny_skia::{Pixmap, Rect, Transform};

use super::colors as sliding;
use crate::games::sliding::{Move, Position};
use crate::i18n::Message;
use crate::msg;
use crate::palette::Rgba;
use crate::render::FrameSource;
use crate::render::glyphs::draw_text;
use crate::render::raster::{paint, picture_size};

/// The gap between tiles, and the tray's edge, as a share of a tile's square.
const GAP: f32 = 0.06;

/// A position of the puzzle, its tiles at home in `goal` tinted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzlePicture {
    pub position: Position,
    pub goal: Position,
}

/// A tile as drawn: its square, its number and its face's colour.
struct Tile {
    rect: Rect,
    number: u8,
    face: Rgba,
}

impl PuzzlePicture {
    /// The tray's side and each tile, at `cell` pixels a square.
    fn tiles(&self, cell: u32) -> Result<(u32, Vec<Tile>), Message> {
        let side = self.position.side();
        let (size, _) = picture_size(side, side, cell)?;
        let c = cell as f32;
        let gap = (c * GAP).max(1.0);
        let mut tiles = vec![];
        for index in 0..self.position.len() {
            let tile = self.position.tile(index);
            if tile == 0 {
                continue;
            }
            let (row, col) = ((index / side) as f32, (index % side) as f32);
            let rect = Rect::from_xywh(col * c + gap, row * c + gap, c - 2.0 * gap, c - 2.0 * gap)
                .ok_or_else(|| msg!("render-empty"))?;
            let face = if self.goal.tile(index) == tile {
                sliding::TILE_HOME
            } else {
                sliding::TILE
            };
            tiles.push(Tile {
                rect,
                number: tile,
                face,
            });
        }
        Ok((size, tiles))
    }

    /// The picture, `cell` pixels a tile's square (1..=64); `smooth`: anti-aliased.
    pub fn pixmap(&self, cell: u32, smooth: bool) -> Result<Pixmap, Message> {
        let (size, tiles) = self.tiles(cell)?;
        let mut pixmap = Pixmap::new(size, size).ok_or_else(|| msg!("render-empty"))?;
        pixmap.fill(tiny_skia::Color::from_rgba8(
            sliding::TRAY.0,
            sliding::TRAY.1,
            sliding::TRAY.2,
            255,
        ));
        for Tile { rect, number, face } in tiles {
            pixmap.fill_rect(rect, &paint(face, smooth), Transform::identity(), None);
            let (x, y) = (
                rect.x() + rect.width() / 2.0,
                rect.y() + rect.height() / 2.0,
            );
            let height = (cell as f32 * 0.36).max(4.0);
            draw_text(
                &mut pixmap,
                &number.to_string(),
                (x, y),
                height,
                sliding::NUMBER,
                smooth,
            );
        }
        Ok(pixmap)
    }

    /// The picture as PNG, drawn smooth.
    pub fn png(&self, cell: u32) -> Result<Vec<u8>, Message> {
        self.pixmap(cell, true)?
            .encode_png()
            .map_err(|e| msg!("render-png-failed", why = e.to_string()))
    }

    /// The picture as SVG, `cell` units a tile's square, so it scales crisply.
    pub fn svg(&self, cell: u32) -> Result<String, Message> {
        let (size, tiles) = self.tiles(cell)?;
        let hex = |color: Rgba| format!("#{:02x}{:02x}{:02x}", color.0, color.1, color.2);
        let round = (cell as f32 * GAP * 1.5).max(1.0);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\">\n<rect width=\"{size}\" height=\"{size}\" rx=\"{}\" fill=\"{}\"/>\n",
            round * 2.0,
            hex(sliding::TRAY)
        );
        for Tile { rect, number, face } in tiles {
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{round}\" fill=\"{}\"/>\n",
                rect.x(),
                rect.y(),
                rect.width(),
                rect.height(),
                hex(face)
            ));
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">{number}</text>\n",
                rect.x() + rect.width() / 2.0,
                rect.y() + rect.height() / 2.0,
                cell as f32 * 0.45,
                hex(sliding::NUMBER)
            ));
        }
        out.push_str("</svg>\n");
        Ok(out)
    }
}

/// A game of the puzzle from `start` along the blank's `moves`, a frame a move (the first
/// frame is the start).
pub struct PuzzleFrames {
    at: Position,
    goal: Position,
    moves: Vec<Move>,
    /// Moves played to reach `at`.
    played: usize,
}

impl PuzzleFrames {
    /// The frames of `moves` from `start`, or why they are not moves of that position.
    pub fn new(start: Position, goal: Position, moves: Vec<Move>) -> Result<Self, Message> {
        let letters: String = moves.iter().map(|m| m.letter()).collect();
        start.after(&letters)?;
        Ok(PuzzleFrames {
            at: start,
            goal,
            moves,
            played: 0,
        })
    }
}

impl FrameSource for PuzzleFrames {
    fn frame_count(&self) -> usize {
        self.moves.len() + 1
    }

    fn frame(&mut self, index: usize, cell: u32) -> Result<Pixmap, Message> {
        while self.played < index.min(self.moves.len()) {
            self.at = self
                .at
                .moved(self.moves[self.played])
                .ok_or_else(|| msg!("render-nothing"))?;
            self.played += 1;
        }
        PuzzlePicture {
            position: self.at,
            goal: self.goal,
        }
        .pixmap(cell, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_drawn_with_its_home_tiles_green_and_as_svg() {
        let goal = Position::blank_last(3);
        let position = goal.after("LU").unwrap();
        let picture = PuzzlePicture { position, goal };
        let pixmap = picture.pixmap(40, false).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (120, 120));
        let at = |x: u32, y: u32| {
            let p = pixmap.pixel(x, y).unwrap();
            (p.red(), p.green(), p.blue())
        };
        let rgb = |c: Rgba| (c.0, c.1, c.2);
        // Tile 1 is at home (top left, near its corner, off its number); the blank is the
        // middle cell (the tray shows); tile 5 moved to the bottom middle.
        assert_eq!(at(6, 6), rgb(sliding::TILE_HOME));
        assert_eq!(at(60, 60), rgb(sliding::TRAY));
        assert_eq!(at(46, 86), rgb(sliding::TILE));
        let svg = picture.svg(40).unwrap();
        assert_eq!(svg.matches("<text").count(), 8, "a number a tile");
        assert!(svg.contains(">8</text>"));
        // Too large a picture is refused with the reason.
        let big = PuzzlePicture {
            position: Position::blank_last(5),
            goal: Position::blank_last(5),
        };
        assert!(big.pixmap(65, false).is_err());
    }

    #[test]
    fn a_solution_is_a_frame_a_move_ending_at_the_goal() {
        let goal = Position::blank_last(3);
        let start = goal.after("LU").unwrap();
        let mut frames = PuzzleFrames::new(start, goal, vec![Move::Down, Move::Right]).unwrap();
        assert_eq!(frames.frame_count(), 3);
        let last = frames.frame(2, 10).unwrap();
        let solved = PuzzlePicture {
            position: goal,
            goal,
        }
        .pixmap(10, false)
        .unwrap();
        assert!(last.data() == solved.data(), "the last frame is the goal");
        assert!(PuzzleFrames::new(start, goal, vec![Move::Up, Move::Up, Move::Up]).is_err());
    }
}
