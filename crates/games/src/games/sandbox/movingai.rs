//! Moving AI benchmark files (Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012):
//! `.map` grids and `.scen` scenario lists.
//!
//! Map letters: `.` and `G` are ground, `@` and `O` out of bounds, `T` trees (impassable),
//! `S` swamp and `W` water (passable). The benchmark's optimal lengths treat every passable
//! cell alike, so swamp and water import at cost 1; their own legend entries keep them
//! apart, and their costs can be changed in the saved board.

use super::Board;
use super::board::{Terrain, check_size};
use crate::games::ParseError;
use crate::grid::{Grid, Pos};
use crate::msg;
use crate::search::Cost;

fn legend() -> Vec<Terrain> {
    vec![
        Terrain::new('.', "ground", Some(1.0)),
        Terrain::new('@', "out-of-bounds", None),
        Terrain::new('T', "trees", None),
        Terrain::new('S', "swamp", Some(1.0)),
        Terrain::new('W', "water", Some(1.0)),
    ]
}

fn terrain_of(letter: char) -> Option<u8> {
    Some(match letter {
        '.' | 'G' => 0,
        '@' | 'O' => 1,
        'T' => 2,
        'S' => 3,
        'W' => 4,
        _ => return None,
    })
}

/// Reads a Moving AI `.map`. The start and goal go on the first and last passable cells.
pub fn parse_map(text: &str) -> Result<Board, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let mut height = None;
    let mut width = None;
    let mut map_line = None;
    for (number, line) in lines.by_ref() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => continue,
            ["type", _] => {}
            ["height", h] => height = Some(parse_side(h, number)?),
            ["width", w] => width = Some(parse_side(w, number)?),
            ["map"] => {
                map_line = Some(number);
                break;
            }
            _ => {
                return Err(ParseError::at(
                    number,
                    msg!("movingai-unknown-line", line = crate::files::quote(line)),
                ));
            }
        }
    }
    let map_line = map_line.ok_or_else(|| ParseError::whole(msg!("movingai-no-map-line")))?;
    let (Some(width), Some(height)) = (width, height) else {
        return Err(ParseError::at(map_line, msg!("movingai-size-after-map")));
    };
    check_size(width, height).map_err(|m| ParseError::at(map_line, m))?;

    let mut cells = Vec::with_capacity(width * height);
    let mut last = map_line;
    for row in 0..height {
        let Some((number, line)) = lines.next() else {
            return Err(ParseError::at(
                last + 1,
                msg!("map-too-few-rows", rows = row, height = height),
            ));
        };
        last = number;
        let before = cells.len();
        for (column, letter) in line.chars().enumerate() {
            let terrain = terrain_of(letter).ok_or_else(|| {
                ParseError::at(
                    number,
                    msg!(
                        "movingai-unknown-letter",
                        letter = crate::files::quote(&letter.to_string()),
                        column = column
                    ),
                )
            })?;
            if column >= width {
                return Err(ParseError::at(
                    number,
                    msg!("map-row-too-long", row = row, width = width),
                ));
            }
            cells.push(terrain);
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
    let grid = Grid::from_cells(width, height, cells)
        .ok_or_else(|| ParseError::at(map_line, msg!("map-size-mismatch")))?;
    let legend = legend();
    let passable = |i: &usize| legend[grid.cells()[*i] as usize].cost.is_some();
    let first = (0..grid.cells().len()).find(passable);
    let last = (0..grid.cells().len()).rev().find(passable);
    let (Some(first), Some(last)) = (first, last) else {
        return Err(ParseError::at(map_line, msg!("map-no-passable-cell")));
    };
    let (start, goal) = (grid.pos(first), grid.pos(last));
    Board::from_parts(grid, legend, start, goal).map_err(|m| ParseError::at(map_line, m))
}

fn parse_side(word: &str, line: usize) -> Result<usize, ParseError> {
    word.parse().map_err(|_| {
        ParseError::at(
            line,
            msg!("not-a-whole-number", word = crate::files::quote(word)),
        )
    })
}

/// One query of a `.scen` file.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioQuery {
    pub bucket: u32,
    /// The map's name as the scenario gives it (often with a directory).
    pub map: String,
    pub width: usize,
    pub height: usize,
    pub start: Pos,
    pub goal: Pos,
    /// The optimal length: 8-connected, diagonals sqrt 2, no corner cutting.
    pub optimal: Cost,
    /// The decimals the file printed the length with (`1001.29`: 2), which bound how far
    /// a computed length may differ from it and still be the same.
    pub decimals: u32,
}

impl ScenarioQuery {
    /// Whether `length` is the optimal length as the file printed it: within half a unit
    /// of its last printed digit (`1001.29` stands for 1001.285 to 1001.295), plus a
    /// millionth of the length for the generator's own rounding (den520d's file prints
    /// `235.764` where the path found is 235.76450, just past the half unit).
    pub fn matches(&self, length: Cost) -> bool {
        let printed = 0.5 * 10f64.powi(-(self.decimals.min(15) as i32));
        let tolerance = printed + 1e-6 * self.optimal.abs().max(1.0);
        (length - self.optimal).abs() <= tolerance
    }
}

/// Reads a Moving AI `.scen`: `version 1` (nine tab-separated fields a query) or the older
/// `version 1.0` (the same nine fields separated by spaces, as in the Baldur's Gate sets).
pub fn parse_scenario(text: &str) -> Result<Vec<ScenarioQuery>, ParseError> {
    let mut queries = vec![];
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        if number == 1 && line.starts_with("version") {
            continue;
        }
        let mut fields: Vec<&str> = line.split('\t').collect();
        if fields.len() == 1 {
            fields = line.split_whitespace().collect();
        }
        if fields.len() != 9 {
            return Err(ParseError::at(
                number,
                msg!("scenario-field-count", count = fields.len()),
            ));
        }
        let int = |k: usize, what: &str| -> Result<i64, ParseError> {
            fields[k].trim().parse::<i64>().map_err(|_| {
                ParseError::at(
                    number,
                    msg!(
                        "scenario-not-a-whole-number",
                        field = what,
                        word = crate::files::quote(fields[k])
                    ),
                )
            })
        };
        let optimal: Cost = fields[8].trim().parse().map_err(|_| {
            ParseError::at(
                number,
                msg!(
                    "scenario-bad-optimal",
                    word = crate::files::quote(fields[8])
                ),
            )
        })?;
        let decimals = fields[8].trim().split_once('.').map_or(0, |(_, after)| {
            after.chars().take_while(char::is_ascii_digit).count() as u32
        });
        let to_i32 = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
        queries.push(ScenarioQuery {
            bucket: int(0, "bucket")?.max(0) as u32,
            map: fields[1].to_string(),
            width: int(2, "width")?.max(0) as usize,
            height: int(3, "height")?.max(0) as usize,
            start: Pos::new(to_i32(int(4, "start x")?), to_i32(int(5, "start y")?)),
            goal: Pos::new(to_i32(int(6, "goal x")?), to_i32(int(7, "goal y")?)),
            optimal,
            decimals,
        });
    }
    if queries.is_empty() {
        return Err(ParseError::whole(msg!("scenario-empty")));
    }
    Ok(queries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_map_imports_with_its_terrain() {
        let board = parse_map("type octile\nheight 2\nwidth 4\nmap\n@.TS\nGW.O\n").unwrap();
        assert_eq!((board.width(), board.height()), (4, 2));
        assert_eq!(board.start, Pos::new(1, 0));
        assert_eq!(board.goal, Pos::new(2, 1));
        assert!(!board.is_passable(Pos::new(2, 0)));
        assert_eq!(board.terrain(Pos::new(3, 0)).unwrap().name, "swamp");
        assert_eq!(board.terrain(Pos::new(1, 1)).unwrap().name, "water");
        assert!(!board.is_passable(Pos::new(3, 1)));
    }

    #[test]
    fn malformed_maps_name_the_line() {
        let cases = [
            (
                "type octile\nheight 2\nwidth 2\nmap\n..\n.x\n",
                6,
                "unknown map letter `x`",
            ),
            (
                "type octile\nheight 3\nwidth 2\nmap\n..\n..\n",
                7,
                "has 2 rows",
            ),
            ("type octile\nheight 1\nwidth 2\nmap\n...\n", 5, "longer"),
            (
                "type octile\nheight 1\nwidth 3\nmap\n..\n",
                5,
                "has 2 cells",
            ),
            ("type octile\nheight 99999\nwidth 3\nmap\n", 4, "too large"),
            ("type octile\nheight x\n", 2, "not a whole number"),
            ("type octile\nwidth 3\nmap\n", 3, "must come before"),
            ("type octile\nheight 1\nwidth 1\nmap\n@\n", 4, "no passable"),
            ("hello world\n", 1, "expected"),
        ];
        for (text, line, words) in cases {
            let error = parse_map(text).expect_err(text);
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(error.to_string().contains(words), "{text:?}: {error}");
        }
    }

    #[test]
    fn scenarios_parse_and_complain_by_line() {
        let queries = parse_scenario("version 1\n0\tmaps/a.map\t8\t8\t1\t2\t3\t4\t5.5\n").unwrap();
        assert_eq!(queries[0].map, "maps/a.map");
        assert_eq!(queries[0].start, Pos::new(1, 2));
        assert_eq!(queries[0].optimal, 5.5);
        let error = parse_scenario("version 1\n0\tmaps/a.map\t8\n").unwrap_err();
        assert_eq!(error.line, 2);
        let error = parse_scenario("version 1\n0\tm\t8\t8\t1\tq\t3\t4\t5\n").unwrap_err();
        assert!(error.to_string().contains("start y"), "{error}");
    }

    #[test]
    fn the_older_space_separated_form_reads_and_lengths_match_to_the_digits_printed() {
        let text = "version 1.0\n40 maps/bgmaps/AR0012SR.map 512 512 322 410 314 266 160.53\n";
        let queries = parse_scenario(text).unwrap();
        let q = &queries[0];
        assert_eq!((q.bucket, q.map.as_str()), (40, "maps/bgmaps/AR0012SR.map"));
        assert_eq!((q.start, q.goal), (Pos::new(322, 410), Pos::new(314, 266)));
        assert_eq!((q.optimal, q.decimals), (160.53, 2));
        // 160.53 printed to two decimals stands for 160.525 to 160.535.
        assert!(q.matches(160.5340) && q.matches(160.5251));
        assert!(!q.matches(160.5451) && !q.matches(160.52));
        // Eight decimals are held to about a millionth of the length.
        let exact =
            &parse_scenario("version 1\n0\tm\t8\t8\t1\t2\t3\t4\t1001.29142136\n").unwrap()[0];
        assert_eq!(exact.decimals, 8);
        assert!(exact.matches(1001.2914) && !exact.matches(1001.29));
        let error = parse_scenario("version 1.0\n40 m 512 512 1 2 3\n").unwrap_err();
        assert!(error.to_string().contains("found 7"), "{error}");
    }
}
