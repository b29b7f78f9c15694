//! Frontier's own board text format. A board file reads like this:
//!
//! ```text
//! frontier-board 1
//! ; A note about the board (any number of `;` lines, kept with the board).
//! size 6 3
//! start 0 0
//! goal 5 2
//! legend . floor 1
//! legend # wall
//! legend ~ swamp 5
//! map
//! ..#...
//! ..#~~.
//! ......
//! ```
//!
//! The first line names the format. `size W H`, `start X Y` and `goal X Y` (x is the column,
//! 0 at the left; y the row, 0 at the top) are required. Each `legend C NAME COST` line
//! defines the terrain drawn as the character C: COST is what stepping onto it costs (times
//! sqrt 2 diagonally), or the word `wall`. Without legend lines the default legend applies.
//! After `map` come exactly H rows of exactly W legend characters.

use super::Board;
use super::board::{MAX_SIDE, Terrain, check_legend, check_size};
use crate::games::ParseError;
use crate::grid::{Grid, Pos};
use crate::i18n::Message;
use crate::msg;

const MAGIC: &str = "frontier-board 1";

impl Board {
    /// Reads a board in Frontier's format; errors name the line and what is wrong.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
        match lines.next() {
            Some((_, first)) if first.trim() == MAGIC => {}
            Some((_, first)) if first.starts_with("type ") => {
                return Err(ParseError::at(1, msg!("board-is-movingai")));
            }
            _ => {
                return Err(ParseError::at(1, msg!("board-no-magic", magic = MAGIC)));
            }
        }

        let mut size = None;
        let mut start = None;
        let mut goal = None;
        let mut legend: Vec<Terrain> = vec![];
        let mut notes = vec![];
        let mut map_line = None;
        for (number, line) in lines.by_ref() {
            let trimmed = line.trim();
            if let Some(note) = line.strip_prefix(';') {
                notes.push(note.strip_prefix(' ').unwrap_or(note).to_string());
                continue;
            }
            if trimmed.is_empty() {
                continue;
            }
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            let at = |message: Message| ParseError::at(number, message);
            match words[0] {
                "size" => {
                    let (w, h) = two_numbers(&words, number)?;
                    check_size(w, h).map_err(at)?;
                    once(&mut size, (w, h), "size", number)?;
                }
                "start" => {
                    let (x, y) = two_numbers(&words, number)?;
                    once(&mut start, (x, y), "start", number)?;
                }
                "goal" => {
                    let (x, y) = two_numbers(&words, number)?;
                    once(&mut goal, (x, y), "goal", number)?;
                }
                "legend" => legend.push(parse_legend(&words, number)?),
                "map" => {
                    map_line = Some(number);
                    break;
                }
                other => {
                    return Err(at(msg!(
                        "board-unknown-line",
                        line = crate::files::quote(other)
                    )));
                }
            }
        }
        let map_line = map_line.ok_or_else(|| ParseError::whole(msg!("board-no-map-line")))?;
        let missing = |what: &str| ParseError::at(map_line, msg!("board-missing", what = what));
        let (width, height) = size.ok_or_else(|| missing("size"))?;
        let (sx, sy) = start.ok_or_else(|| missing("start"))?;
        let (gx, gy) = goal.ok_or_else(|| missing("goal"))?;
        if legend.is_empty() {
            legend = Board::default_legend();
        }
        check_legend(&legend).map_err(|m| ParseError::at(map_line, m))?;

        // The terrain of each ASCII symbol in the legend; NOT_ASCII_TERRAIN for any other byte.
        const NOT_ASCII_TERRAIN: u8 = u8::MAX;
        let mut ascii_terrain = [NOT_ASCII_TERRAIN; 256];
        for (i, terrain) in legend.iter().enumerate() {
            if terrain.symbol.is_ascii() {
                ascii_terrain[terrain.symbol as usize] = i as u8;
            }
        }
        let mut cells = Vec::with_capacity(width * height);
        let mut last_line = map_line;
        for row in 0..height {
            let Some((number, line)) = lines.next() else {
                return Err(ParseError::at(
                    last_line + 1,
                    msg!("map-too-few-rows", rows = row, height = height),
                ));
            };
            last_line = number;
            let before = cells.len();
            // Most rows: a byte a cell, each looked up once, then one scan for a byte that was
            // not an ASCII symbol of the legend (a 3000 x 3000 board is nine million cells).
            if line.len() <= width {
                cells.extend(line.bytes().map(|b| ascii_terrain[b as usize]));
                if cells[before..].contains(&NOT_ASCII_TERRAIN) {
                    cells.truncate(before);
                }
            }
            if cells.len() == before && !line.is_empty() {
                for (column, symbol) in line.chars().enumerate() {
                    if column >= width {
                        return Err(ParseError::at(
                            number,
                            msg!("map-row-too-long", row = row, width = width),
                        ));
                    }
                    let Some(terrain) = legend.iter().position(|t| t.symbol == symbol) else {
                        return Err(ParseError::at(
                            number,
                            msg!(
                                "map-symbol-not-in-legend",
                                symbol = crate::files::quote(&symbol.to_string()),
                                column = column
                            ),
                        ));
                    };
                    cells.push(terrain as u8);
                }
            }
            if cells.len() - before != width {
                return Err(ParseError::at(
                    number,
                    msg!(
                        "map-row-too-short",
                        row = row,
                        cells = cells.len() - before,
                        width = width
                    ),
                ));
            }
        }
        if let Some((number, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(ParseError::at(
                number,
                msg!("map-text-after", height = height),
            ));
        }
        let grid = Grid::from_cells(width, height, cells)
            .ok_or_else(|| ParseError::at(map_line, msg!("map-size-mismatch")))?;
        let to_pos = |x: usize, y: usize| Pos::new(x.min(MAX_SIDE) as i32, y.min(MAX_SIDE) as i32);
        let mut board = Board::from_parts(grid, legend, to_pos(sx, sy), to_pos(gx, gy))
            .map_err(|m| ParseError::at(map_line, m))?;
        board.notes = notes;
        Ok(board)
    }

    /// Writes the board in Frontier's format; [`Board::parse`] reads it back unchanged.
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity((self.width() + 1) * self.height() + 256);
        text.push_str(MAGIC);
        text.push('\n');
        for note in &self.notes {
            text.push_str(&format!("; {note}\n"));
        }
        text.push_str(&format!("size {} {}\n", self.width(), self.height()));
        text.push_str(&format!("start {} {}\n", self.start.x, self.start.y));
        text.push_str(&format!("goal {} {}\n", self.goal.x, self.goal.y));
        for t in self.legend() {
            match t.cost {
                Some(cost) => text.push_str(&format!("legend {} {} {cost}\n", t.symbol, t.name)),
                None if t.name == "wall" => text.push_str(&format!("legend {} wall\n", t.symbol)),
                None => text.push_str(&format!("legend {} {} wall\n", t.symbol, t.name)),
            }
        }
        text.push_str("map\n");
        for row in self.cells().rows() {
            text.extend(row.iter().map(|&c| self.legend()[c as usize].symbol));
            text.push('\n');
        }
        text
    }
}

fn two_numbers(words: &[&str], line: usize) -> Result<(usize, usize), ParseError> {
    let parse = |word: &str| {
        word.parse::<usize>().map_err(|_| {
            ParseError::at(
                line,
                msg!("not-a-whole-number", word = crate::files::quote(word)),
            )
        })
    };
    match words {
        [_, a, b] => Ok((parse(a)?, parse(b)?)),
        _ => Err(ParseError::at(
            line,
            msg!("board-two-numbers", what = crate::files::quote(words[0])),
        )),
    }
}

fn once<T>(slot: &mut Option<T>, value: T, what: &str, line: usize) -> Result<(), ParseError> {
    if slot.is_some() {
        return Err(ParseError::at(line, msg!("board-given-twice", what = what)));
    }
    *slot = Some(value);
    Ok(())
}

fn parse_legend(words: &[&str], line: usize) -> Result<Terrain, ParseError> {
    let (symbol, name, cost) = match words {
        [_, symbol, name, cost] => (symbol, name, cost),
        // `legend # wall` is short for `legend # wall wall`.
        [_, symbol, name] if *name == "wall" => (symbol, name, name),
        _ => {
            return Err(ParseError::at(line, msg!("legend-line-shape")));
        }
    };
    let mut chars = symbol.chars();
    let (Some(symbol), None) = (chars.next(), chars.next()) else {
        return Err(ParseError::at(
            line,
            msg!(
                "legend-symbol-one-char",
                symbol = crate::files::quote(symbol)
            ),
        ));
    };
    let cost = match *cost {
        "wall" => None,
        number => Some(number.parse::<f64>().map_err(|_| {
            ParseError::at(
                line,
                msg!("legend-cost-not-number", cost = crate::files::quote(number)),
            )
        })?),
    };
    Ok(Terrain::new(symbol, name, cost))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "frontier-board 1\n; two rooms\nsize 6 3\nstart 0 0\ngoal 5 2\n\
        legend . floor 1\nlegend # wall\nlegend ~ swamp 5.5\nmap\n..#...\n..#~~.\n......\n";

    #[test]
    fn a_board_round_trips_exactly() {
        let board = Board::parse(SAMPLE).unwrap();
        assert_eq!(board.to_text(), SAMPLE);
        assert_eq!(board.cost(Pos::new(3, 1)), Some(5.5));
        assert!(!board.is_passable(Pos::new(2, 0)));
        assert_eq!(board.notes, vec!["two rooms".to_string()]);
        assert_eq!(Board::parse(&board.to_text()).unwrap(), board);
    }

    /// Rows are read a byte a cell; a byte that is no symbol of the legend (a letter not in
    /// it, a non-ASCII character) is named with its column, and a row too long or too short
    /// is refused.
    #[test]
    fn rows_read_a_byte_a_cell_and_bad_ones_are_named() {
        let head = "frontier-board 1\nsize 4 2\nstart 0 0\ngoal 3 1\n\
            legend . floor 1\nlegend g grass 2\nlegend # wall\nmap\n";
        let board = Board::parse(&format!("{head}..#.\n.gg.\n")).expect("a board");
        assert_eq!(board.terrain_index(Pos::new(1, 1)), Some(1));
        assert_eq!(board.terrain_index(Pos::new(2, 0)), Some(2));
        assert_eq!(board.terrain_index(Pos::new(3, 1)), Some(0));
        let refused = |rows: &str| Board::parse(&format!("{head}{rows}")).unwrap_err();
        let error = refused("..x.\n....\n").to_string();
        assert!(
            error.contains("`x`") && error.contains("column 2"),
            "{error}"
        );
        assert!(error.contains("line 9"), "{error}");
        let error = refused("....\n.gé.\n").to_string();
        assert!(
            error.contains("`é`") && error.contains("column 2"),
            "{error}"
        );
        assert!(error.contains("line 10"), "{error}");
        for (rows, line) in [(".....\n....\n", 9), ("...\n....\n", 9), ("....\n\n", 10)] {
            let error = refused(rows).to_string();
            assert!(error.contains(&format!("line {line}")), "{rows:?}: {error}");
        }
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        let cases = [
            ("hello\n", 1, "frontier-board 1"),
            ("type octile\nheight 1\n", 1, "Moving AI"),
            ("frontier-board 1\nsize 9999 3\n", 2, "too large"),
            ("frontier-board 1\nsize 0 3\n", 2, "no cells"),
            ("frontier-board 1\nsize 3\n", 2, "two numbers"),
            ("frontier-board 1\nsize 3 1\nsize 3 1\n", 3, "twice"),
            ("frontier-board 1\nwidth 3\n", 2, "unknown line"),
            (
                "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\n",
                0,
                "no `map`",
            ),
            (
                "frontier-board 1\nsize 3 1\nstart 0 0\nmap\n...\n",
                4,
                "`goal` must come",
            ),
            (
                "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\nmap\n.x.\n",
                6,
                "`x` at column 1",
            ),
            (
                "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\nmap\n..\n",
                6,
                "has 2 cells",
            ),
            (
                "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\nmap\n....\n",
                6,
                "longer",
            ),
            (
                "frontier-board 1\nsize 3 2\nstart 0 0\ngoal 2 0\nmap\n...\n",
                7,
                "has 1 row but",
            ),
            (
                "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\nmap\n...\n...\n",
                7,
                "after",
            ),
            (
                "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 1 0\nmap\n.#.\n",
                5,
                "goal (1,0) is on a wall",
            ),
            (
                "frontier-board 1\nsize 3 1\nstart 7 0\ngoal 2 0\nmap\n...\n",
                5,
                "outside",
            ),
            (
                "frontier-board 1\nlegend . floor -1\nsize 1 1\nstart 0 0\ngoal 0 0\nmap\n.\n",
                6,
                "from 0 to 1e9",
            ),
            (
                "frontier-board 1\nlegend . floor x\n",
                2,
                "neither a number",
            ),
            ("frontier-board 1\nlegend .. floor 1\n", 2, "one character"),
            (
                "frontier-board 1\nlegend . a 1\nlegend . b 2\nsize 1 1\nstart 0 0\ngoal 0 0\nmap\n.\n",
                7,
                "twice",
            ),
        ];
        for (text, line, words) in cases {
            let error = Board::parse(text).expect_err(text);
            assert_eq!(error.line, line, "{text:?} gave {error}");
            assert!(error.to_string().contains(words), "{text:?} gave {error}");
        }
    }

    #[test]
    fn the_default_legend_applies_without_legend_lines() {
        let board =
            Board::parse("frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\nmap\n.~.\n").unwrap();
        assert_eq!(board.legend(), Board::default_legend().as_slice());
        assert_eq!(board.cost(Pos::new(1, 0)), Some(5.0));
    }
}
