//! A Link (连连看 / Onet) board: tiles on a grid, empty cells, and the one-cell ring around
//! it through which links may run. Also Frontier's text format for boards.

use crate::games::ParseError;
use crate::grid::{Grid, Pos};
use crate::i18n::Message;
use crate::msg;

/// Board sides accepted (the play area, without the ring).
pub const MAX_SIDE: usize = 200;

/// The characters that stand for tile kinds in the text format, in kind order.
pub const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A board of tiles. Cell (x, y) of the play area is at x in 0..width, y in 0..height;
/// the ring around it (x = -1 or width, y = -1 or height) is always empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkBoard {
    tiles: Grid<Option<u8>>,
}

impl LinkBoard {
    pub fn empty(width: usize, height: usize) -> LinkBoard {
        LinkBoard {
            tiles: Grid::new(width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE), None),
        }
    }

    pub fn from_grid(tiles: Grid<Option<u8>>) -> LinkBoard {
        LinkBoard { tiles }
    }

    pub fn width(&self) -> usize {
        self.tiles.width()
    }

    pub fn height(&self) -> usize {
        self.tiles.height()
    }

    /// Whether `pos` is on the play area.
    pub fn contains(&self, pos: Pos) -> bool {
        self.tiles.contains(pos)
    }

    /// Whether `pos` is on the play area or the ring around it.
    pub fn in_reach(&self, pos: Pos) -> bool {
        pos.x >= -1 && pos.y >= -1 && pos.x <= self.width() as i32 && pos.y <= self.height() as i32
    }

    /// The tile at `pos` (None for empty cells, the ring and beyond).
    pub fn tile(&self, pos: Pos) -> Option<u8> {
        self.tiles.get(pos).copied().flatten()
    }

    pub fn set(&mut self, pos: Pos, tile: Option<u8>) {
        self.tiles.set(pos, tile);
    }

    pub fn tiles(&self) -> &Grid<Option<u8>> {
        &self.tiles
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.cells().iter().all(Option::is_none)
    }

    pub fn count(&self) -> usize {
        self.tiles.cells().iter().filter(|t| t.is_some()).count()
    }

    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        self.tiles.positions()
    }

    /// Tiles of each kind, where a kind appears an odd number of times (the board cannot
    /// be cleared then).
    pub fn odd_kinds(&self) -> Vec<u8> {
        let mut counts = [0usize; 256];
        for t in self.tiles.cells().iter().flatten() {
            counts[*t as usize] += 1;
        }
        (0..=255u8)
            .filter(|&k| counts[k as usize] % 2 == 1)
            .collect()
    }

    /// Lets the tiles of every column fall to the bottom (the gravity variant).
    pub fn settle(&mut self) {
        let (w, h) = (self.width() as i32, self.height() as i32);
        for x in 0..w {
            let column: Vec<u8> = (0..h)
                .rev()
                .filter_map(|y| self.tile(Pos::new(x, y)))
                .collect();
            for y in 0..h {
                let from_bottom = (h - 1 - y) as usize;
                self.tiles
                    .set(Pos::new(x, y), column.get(from_bottom).copied());
            }
        }
    }

    /// The board in Frontier's Link format.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "frontier-link 1\nsize {} {}\ntiles\n",
            self.width(),
            self.height()
        );
        for row in self.tiles.rows() {
            text.extend(row.iter().map(|t| {
                match t {
                    Some(k) => SYMBOLS
                        .as_bytes()
                        .get(*k as usize)
                        .map_or('?', |&b| b as char),
                    None => '.',
                }
            }));
            text.push('\n');
        }
        text
    }

    /// Reads a board in Frontier's Link format:
    ///
    /// ```text
    /// frontier-link 1
    /// size 4 2
    /// tiles
    /// AB.A
    /// B...
    /// ```
    ///
    /// `.` is an empty cell, each other character a tile kind (letters and digits). (A board
    /// being painted may have unpaired tiles; [`LinkBoard::check`] says so before play.)
    pub fn parse(text: &str) -> Result<LinkBoard, ParseError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
        match lines.next() {
            Some((_, first)) if first.trim() == "frontier-link 1" => {}
            _ => {
                return Err(ParseError::at(
                    1,
                    msg!("board-no-magic", magic = "frontier-link 1"),
                ));
            }
        }
        let mut size = None;
        for (number, line) in lines.by_ref() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => continue,
                [first, ..] if first.starts_with(';') => continue,
                ["size", w, h] => {
                    let parse = |s: &str| {
                        s.parse::<usize>().map_err(|_| {
                            ParseError::at(
                                number,
                                msg!("not-a-whole-number", word = crate::files::quote(s)),
                            )
                        })
                    };
                    let (w, h) = (parse(w)?, parse(h)?);
                    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
                        return Err(ParseError::at(
                            number,
                            msg!("link-bad-size", width = w, height = h, max = MAX_SIDE),
                        ));
                    }
                    size = Some((w, h, number));
                }
                ["tiles"] => break,
                _ => {
                    return Err(ParseError::at(
                        number,
                        msg!("link-unknown-line", line = crate::files::quote(line)),
                    ));
                }
            }
        }
        let (width, height, size_line) =
            size.ok_or_else(|| ParseError::whole(msg!("link-no-size-line")))?;
        let mut tiles = Grid::new(width, height, None);
        let mut last = size_line;
        for y in 0..height {
            let Some((number, line)) = lines.next() else {
                return Err(ParseError::at(
                    last + 1,
                    msg!("map-too-few-rows", rows = y, height = height),
                ));
            };
            last = number;
            let cells: Vec<char> = line.chars().collect();
            if cells.len() != width {
                return Err(ParseError::at(
                    number,
                    msg!(
                        "link-row-length",
                        row = y + 1,
                        cells = cells.len(),
                        width = width
                    ),
                ));
            }
            for (x, c) in cells.into_iter().enumerate() {
                let tile = match c {
                    '.' => None,
                    other => Some(SYMBOLS.find(other).ok_or_else(|| {
                        ParseError::at(
                            number,
                            msg!(
                                "link-bad-tile",
                                symbol = crate::files::quote(&other.to_string()),
                                column = x + 1
                            ),
                        )
                    })? as u8),
                };
                tiles.set(Pos::new(x as i32, y as i32), tile);
            }
        }
        Ok(LinkBoard { tiles })
    }

    /// Whether the board can be played to the end at all: every tile needs a partner.
    pub fn check(&self) -> Result<(), Message> {
        match self.odd_kinds().first() {
            Some(&kind) => Err(msg!(
                "link-unpaired",
                tile = SYMBOLS
                    .as_bytes()
                    .get(kind as usize)
                    .map_or('?', |&b| b as char)
            )),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_round_trips() {
        let text = "frontier-link 1\nsize 4 2\ntiles\nAB.A\nB...\n";
        let board = LinkBoard::parse(text).unwrap();
        assert_eq!(board.to_text(), text);
        assert_eq!(board.tile(Pos::new(1, 0)), Some(1));
        assert!(board.in_reach(Pos::new(-1, 2)) && !board.in_reach(Pos::new(-2, 0)));
    }

    #[test]
    fn malformed_boards_name_the_line() {
        for (text, line, words) in [
            ("hello\n", 1, "frontier-link 1"),
            ("frontier-link 1\nsize 0 3\n", 2, "1 to 200"),
            (
                "frontier-link 1\nsize 2 1\ntiles\nA?\n",
                4,
                "`?` at column 2",
            ),
            ("frontier-link 1\nsize 2 2\ntiles\nAA\n", 5, "has 1 row but"),
            ("frontier-link 1\nsize 3 1\ntiles\nAA\n", 4, "has 2 cells"),
            ("frontier-link 1\nwidth 3\n", 2, "expected"),
        ] {
            let error = LinkBoard::parse(text).expect_err(text);
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(error.to_string().contains(words), "{text:?}: {error}");
        }
    }

    #[test]
    fn unpaired_tiles_are_caught_before_play() {
        let board = LinkBoard::parse("frontier-link 1\nsize 3 1\ntiles\nAAA\n").unwrap();
        assert!(
            board
                .check()
                .unwrap_err()
                .to_string()
                .contains("`A` appears an odd number")
        );
    }

    #[test]
    fn gravity_drops_tiles_to_the_bottom_of_their_column() {
        let mut board = LinkBoard::parse("frontier-link 1\nsize 2 3\ntiles\nA.\n.B\nA.\n").unwrap();
        board.set(Pos::new(0, 2), None);
        board.settle();
        assert_eq!(board.tile(Pos::new(0, 2)), Some(0));
        assert_eq!(board.tile(Pos::new(0, 0)), None);
        assert_eq!(board.tile(Pos::new(1, 2)), Some(1));
    }
}
