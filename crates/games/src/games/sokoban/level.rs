//! Sokoban levels in XSB, the plain-text format every Sokoban program reads:
//! `#` wall, `@` player, `+` player on goal, `$` box, `*` box on goal, `.` goal, and space,
//! `-` or `_` for floor. Files hold one level or a collection; lines that are not board rows
//! (`;` comments, titles) describe the level that follows them.

use std::fmt;

use crate::games::ParseError;
use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;
use crate::msg;

/// The largest level side accepted (the largest published levels are about 50 wide).
pub const MAX_LEVEL_SIDE: usize = 128;

/// What a square of the level is, apart from boxes and the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    Wall,
    Floor,
    Goal,
}

/// A level: walls, goals, boxes and the player. It may be unsolvable or even malformed
/// (see [`Level::check`]): the editor holds such levels while they are being made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub title: String,
    pub notes: Vec<String>,
    squares: Grid<Square>,
    boxes: Grid<bool>,
    pub player: Option<Pos>,
}

/// What is wrong with a level, for the editor's check and for loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    NoPlayer,
    TwoPlayers(Pos, Pos),
    NoBoxes,
    BoxesGoals {
        boxes: usize,
        goals: usize,
    },
    AlreadySolved,
    Open(Pos),
    /// A box off its goal, or an empty goal, where the player can never go.
    OutOfReach(Pos),
}

impl Problem {
    /// The problem in words (in the language current when it is displayed).
    pub fn message(&self) -> Message {
        match *self {
            Problem::NoPlayer => msg!("level-no-player"),
            Problem::TwoPlayers(a, b) => msg!("level-two-players", first = a, second = b),
            Problem::NoBoxes => msg!("level-no-boxes"),
            Problem::BoxesGoals { boxes, goals } => {
                msg!("level-boxes-goals", boxes = boxes, goals = goals)
            }
            Problem::AlreadySolved => msg!("level-already-solved"),
            Problem::OutOfReach(p) => msg!("level-out-of-reach", square = p),
            Problem::Open(p) => msg!("level-open", square = p),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message())
    }
}

impl Level {
    /// An empty level of floor surrounded by walls, with no player.
    pub fn empty(width: usize, height: usize) -> Level {
        let (width, height) = (
            width.clamp(3, MAX_LEVEL_SIDE),
            height.clamp(3, MAX_LEVEL_SIDE),
        );
        let mut squares = Grid::new(width, height, Square::Floor);
        for p in squares.positions().collect::<Vec<_>>() {
            if p.x == 0 || p.y == 0 || p.x as usize == width - 1 || p.y as usize == height - 1 {
                squares.set(p, Square::Wall);
            }
        }
        Level {
            title: String::new(),
            notes: vec![],
            squares,
            boxes: Grid::new(width, height, false),
            player: None,
        }
    }

    pub fn width(&self) -> usize {
        self.squares.width()
    }

    pub fn height(&self) -> usize {
        self.squares.height()
    }

    pub fn contains(&self, pos: Pos) -> bool {
        self.squares.contains(pos)
    }

    /// The square at `pos`; off the board counts as wall.
    pub fn square(&self, pos: Pos) -> Square {
        self.squares.get(pos).copied().unwrap_or(Square::Wall)
    }

    pub fn is_wall(&self, pos: Pos) -> bool {
        self.square(pos) == Square::Wall
    }

    pub fn is_goal(&self, pos: Pos) -> bool {
        self.square(pos) == Square::Goal
    }

    pub fn has_box(&self, pos: Pos) -> bool {
        self.boxes.get(pos).copied().unwrap_or(false)
    }

    pub fn boxes(&self) -> impl Iterator<Item = Pos> + '_ {
        self.boxes.positions().filter(|&p| self.boxes[p])
    }

    pub fn goals(&self) -> impl Iterator<Item = Pos> + '_ {
        self.squares
            .positions()
            .filter(|&p| self.squares[p] == Square::Goal)
    }

    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        self.squares.positions()
    }

    // ----- editing (the editor keeps levels consistent square by square) -----

    pub fn set_square(&mut self, pos: Pos, square: Square) {
        if self.squares.set(pos, square) && square == Square::Wall {
            self.boxes.set(pos, false);
            if self.player == Some(pos) {
                self.player = None;
            }
        }
    }

    /// Puts a box on a non-wall square, or takes it away.
    pub fn set_box(&mut self, pos: Pos, present: bool) {
        if !present || (self.contains(pos) && !self.is_wall(pos) && self.player != Some(pos)) {
            self.boxes.set(pos, present);
        }
    }

    /// Moves the player to a non-wall square without a box.
    pub fn set_player(&mut self, pos: Pos) {
        if self.contains(pos) && !self.is_wall(pos) && !self.has_box(pos) {
            self.player = Some(pos);
        }
    }

    /// The same level at another size: what fits is kept, new squares are floor.
    pub fn resized(&self, width: usize, height: usize) -> Level {
        let (width, height) = (
            width.clamp(3, MAX_LEVEL_SIDE),
            height.clamp(3, MAX_LEVEL_SIDE),
        );
        Level {
            title: self.title.clone(),
            notes: self.notes.clone(),
            squares: self.squares.resized(width, height, Square::Floor),
            boxes: self.boxes.resized(width, height, false),
            player: self
                .player
                .filter(|p| (p.x as usize) < width && (p.y as usize) < height),
        }
    }

    /// Squares the player can reach from `from` without crossing walls (boxes are ignored).
    fn region(&self, from: Pos) -> (Grid<bool>, Option<Pos>) {
        let mut seen = Grid::new(self.width(), self.height(), false);
        let mut stack = vec![from];
        let mut leak = None;
        while let Some(at) = stack.pop() {
            if !self.contains(at) {
                leak.get_or_insert(at);
                continue;
            }
            if seen[at] || self.is_wall(at) {
                continue;
            }
            seen.set(at, true);
            if at.x == 0
                || at.y == 0
                || at.x as usize == self.width() - 1
                || at.y as usize == self.height() - 1
            {
                leak.get_or_insert(at);
            }
            stack.extend(Dir::ALL.map(|d| at.step(d)));
        }
        (seen, leak)
    }

    /// Squares inside the level (reachable by the player, ignoring boxes); the rest is the
    /// outside, which is not drawn.
    pub fn inside(&self) -> Grid<bool> {
        match self.player {
            Some(player) => self.region(player).0,
            None => Grid::new(self.width(), self.height(), true),
        }
    }

    /// Everything that stops this level from being played.
    pub fn check(&self) -> Result<(), Problem> {
        let player = self.player.ok_or(Problem::NoPlayer)?;
        let boxes = self.boxes().count();
        let goals = self.goals().count();
        if boxes == 0 {
            return Err(Problem::NoBoxes);
        }
        if boxes != goals {
            return Err(Problem::BoxesGoals { boxes, goals });
        }
        if self.boxes().all(|b| self.is_goal(b)) {
            return Err(Problem::AlreadySolved);
        }
        let (region, leak) = self.region(player);
        if let Some(leak) = leak {
            return Err(Problem::Open(leak));
        }
        let stranded = self
            .positions()
            .find(|&p| self.has_box(p) != self.is_goal(p) && !region[p]);
        match stranded {
            Some(p) => Err(Problem::OutOfReach(p)),
            None => Ok(()),
        }
    }

    /// The level in XSB, with its title as a `;` line above it.
    /// Whether the two levels have the same squares, boxes and player (titles and notes
    /// aside).
    pub fn same_board(&self, other: &Level) -> bool {
        self.squares == other.squares && self.boxes == other.boxes && self.player == other.player
    }

    pub fn to_xsb(&self) -> String {
        let mut text = String::new();
        if !self.title.is_empty() {
            text.push_str(&format!("; {}\n", self.title));
        }
        for note in &self.notes {
            text.push_str(&format!("; {note}\n"));
        }
        for y in 0..self.height() as i32 {
            let row: String = (0..self.width() as i32)
                .map(|x| self.symbol(Pos::new(x, y)))
                .collect();
            text.push_str(row.trim_end());
            text.push('\n');
        }
        text
    }

    fn symbol(&self, pos: Pos) -> char {
        let player = self.player == Some(pos);
        match (self.square(pos), self.has_box(pos), player) {
            (Square::Wall, _, _) => '#',
            (Square::Goal, true, _) => '*',
            (Square::Goal, false, true) => '+',
            (Square::Goal, false, false) => '.',
            (Square::Floor, true, _) => '$',
            (Square::Floor, false, true) => '@',
            (Square::Floor, false, false) => ' ',
        }
    }
}

/// One level of a file: its title and either the level or what is wrong with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub title: String,
    pub level: Result<Level, ParseError>,
}

/// Whether a line is a board row: it starts (after spaces) with a board character and has
/// a wall in it. Other lines are titles and comments.
fn is_board_row(line: &str) -> bool {
    let trimmed = line.trim_start();
    let first = trimmed.chars().next();
    matches!(first, Some('#' | '@' | '+' | '$' | '*' | '.' | '-' | '_')) && trimmed.contains('#')
}

/// Builds a level from its rows (line number, text) and checks it.
fn level_from_rows(
    rows: &[(usize, &str)],
    title: String,
    notes: Vec<String>,
) -> Result<Level, ParseError> {
    let first_line = rows.first().map_or(0, |r| r.0);
    let height = rows.len();
    let width = rows
        .iter()
        .map(|(_, r)| r.trim_end().chars().count())
        .max()
        .unwrap_or(0);
    if width > MAX_LEVEL_SIDE || height > MAX_LEVEL_SIDE {
        return Err(ParseError::at(
            first_line,
            msg!(
                "level-too-large",
                width = width,
                height = height,
                max = MAX_LEVEL_SIDE
            ),
        ));
    }
    let mut level = Level {
        title,
        notes,
        squares: Grid::new(width, height, Square::Floor),
        boxes: Grid::new(width, height, false),
        player: None,
    };
    let mut players = vec![];
    for (y, (line, row)) in rows.iter().enumerate() {
        for (x, symbol) in row.trim_end().chars().enumerate() {
            let pos = Pos::new(x as i32, y as i32);
            let (square, has_box, player) = match symbol {
                '#' => (Square::Wall, false, false),
                ' ' | '-' | '_' => (Square::Floor, false, false),
                '.' => (Square::Goal, false, false),
                '$' => (Square::Floor, true, false),
                '*' => (Square::Goal, true, false),
                '@' => (Square::Floor, false, true),
                '+' => (Square::Goal, false, true),
                other => {
                    return Err(ParseError::at(
                        *line,
                        msg!(
                            "level-bad-square",
                            symbol = crate::files::quote(&other.to_string()),
                            column = x + 1
                        ),
                    ));
                }
            };
            level.squares.set(pos, square);
            level.boxes.set(pos, has_box);
            if player {
                players.push((*line, pos));
            }
        }
    }
    match players.as_slice() {
        [] => return Err(ParseError::at(first_line, Problem::NoPlayer.message())),
        [(_, p)] => level.player = Some(*p),
        [(_, a), (line, b), ..] => {
            return Err(ParseError::at(*line, Problem::TwoPlayers(*a, *b).message()));
        }
    }
    if let Err(problem) = level.check() {
        let line = match problem {
            Problem::Open(p) | Problem::OutOfReach(p) => {
                rows.get(p.y as usize).map_or(first_line, |r| r.0)
            }
            _ => first_line,
        };
        return Err(ParseError::at(line, problem.message()));
    }
    Ok(level)
}

/// The level made of `rows`, titled by the last comment group above it.
fn entry(rows: &[(usize, &str)], groups: &[Vec<String>], number: usize) -> Entry {
    let group = groups.iter().rev().find(|g| !g.is_empty());
    let title = group
        .and_then(|g| g.first().cloned())
        .unwrap_or_else(|| msg!("level-untitled", number = number).to_string());
    let notes = group.map(|g| g[1..].to_vec()).unwrap_or_default();
    Entry {
        level: level_from_rows(rows, title.clone(), notes),
        title,
    }
}

/// Reads every level of an XSB file. A file with no level at all is an error; a level with
/// a mistake is kept as an entry carrying its error, so the rest of the file still opens.
pub fn parse_collection(text: &str) -> Result<Vec<Entry>, ParseError> {
    let mut entries: Vec<Entry> = vec![];
    // Comment lines in groups split by blank lines: the group just above a level is its
    // title (first line) and notes; earlier groups (a file header) belong to no level.
    let mut groups: Vec<Vec<String>> = vec![vec![]];
    let mut rows: Vec<(usize, &str)> = vec![];
    for (i, line) in text.lines().enumerate() {
        let (number, line) = (i + 1, line.trim_end_matches('\r'));
        if is_board_row(line) {
            rows.push((number, line));
            continue;
        }
        if !rows.is_empty() {
            entries.push(entry(&rows, &groups, entries.len() + 1));
            rows.clear();
            groups = vec![vec![]];
        }
        let text = line.trim();
        let text = text.strip_prefix(';').map_or(text, str::trim);
        let text = text.strip_prefix("Title:").map_or(text, str::trim);
        if text.is_empty() {
            if groups.last().is_some_and(|g| !g.is_empty()) {
                groups.push(vec![]);
            }
        } else if let Some(group) = groups.last_mut() {
            group.push(text.to_string());
        }
    }
    if !rows.is_empty() {
        entries.push(entry(&rows, &groups, entries.len() + 1));
    }
    if entries.is_empty() {
        return Err(ParseError::whole(msg!("level-none-found")));
    }
    Ok(entries)
}

/// Reads a single level (the first one, if the text holds several).
pub fn parse_level(text: &str) -> Result<Level, ParseError> {
    parse_collection(text)?.remove(0).level
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "; Tiny\n#####\n#@$.#\n#####\n";

    #[test]
    fn xsb_round_trips() {
        let level = parse_level(ONE).unwrap();
        assert_eq!(level.title, "Tiny");
        assert_eq!(level.to_xsb(), ONE);
        let all = "; Every square\n#######\n#+*$. #\n#  $  #\n#######\n";
        let level = parse_level(all).unwrap();
        assert_eq!(level.to_xsb(), all);
        assert_eq!(parse_level(&level.to_xsb()).unwrap(), level);
    }

    #[test]
    fn dashes_and_underscores_are_floor() {
        let level = parse_level("#####\n#@$-.#\n#_###\n###\n").unwrap();
        assert_eq!(level.square(Pos::new(3, 1)), Square::Floor);
        assert_eq!(level.square(Pos::new(1, 2)), Square::Floor);
    }

    #[test]
    fn collections_keep_titles_and_skip_the_file_header() {
        let text = "; A collection\n; by someone\n\n; 1\n\n#####\n#@$.#\n#####\n\n; 2\n'a note'\n#####\n#.$@#\n#####\n";
        let entries = parse_collection(text).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].title, "1");
        assert_eq!(entries[1].title, "2");
        assert_eq!(
            entries[1].level.as_ref().unwrap().notes,
            vec!["'a note'".to_string()]
        );
    }

    #[test]
    fn malformed_levels_name_the_line() {
        let cases = [
            ("#####\n# $.#\n#####\n", 1, "no player"),
            ("; t\n#####\n#@$.#\n#@  #\n#####\n", 4, "two players"),
            ("######\n#@$$.#\n######\n", 1, "2 boxes but 1 goal"),
            ("#####\n#@ .#\n#####\n", 1, "no boxes"),
            ("######\n#@*..#\n#$   #\n######\n", 1, "2 boxes but 3 goals"),
            ("#####\n#@* #\n#####\n", 1, "already on a goal"),
            ("#####\n#@$.\n#####\n", 2, "open"),
            ("#####\n#@$x.#\n#####\n", 2, "`x` at column 4"),
            ("#######\n#@#$ .#\n#######\n", 2, "can never reach"),
        ];
        for (text, line, words) in cases {
            let error = parse_level(text).expect_err(text);
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(error.to_string().contains(words), "{text:?}: {error}");
        }
        assert!(
            parse_collection("just some words\n")
                .unwrap_err()
                .to_string()
                .contains("no Sokoban level")
        );
        let huge = format!("#{}\n", "#".repeat(500));
        let error = parse_level(&format!("{huge}#@$.#\n#####\n")).unwrap_err();
        assert!(error.to_string().contains("at most 128"), "{error}");
    }

    #[test]
    fn a_bad_level_in_a_collection_does_not_hide_the_others() {
        let text =
            "; 1\n#####\n#@$.#\n#####\n\n; 2\n#####\n# $.#\n#####\n\n; 3\n#####\n#.$@#\n#####\n";
        let entries = parse_collection(text).unwrap();
        assert!(entries[0].level.is_ok() && entries[1].level.is_err() && entries[2].level.is_ok());
    }

    #[test]
    fn the_editor_checks_a_level_as_it_is_painted() {
        let mut level = Level::empty(6, 4);
        assert_eq!(level.check(), Err(Problem::NoPlayer));
        level.set_player(Pos::new(1, 1));
        assert_eq!(level.check(), Err(Problem::NoBoxes));
        level.set_box(Pos::new(2, 1), true);
        assert_eq!(
            level.check(),
            Err(Problem::BoxesGoals { boxes: 1, goals: 0 })
        );
        level.set_square(Pos::new(4, 2), Square::Goal);
        assert_eq!(level.check(), Ok(()));
        level.set_square(Pos::new(5, 1), Square::Floor);
        assert_eq!(level.check(), Err(Problem::Open(Pos::new(5, 1))));
        level.set_square(Pos::new(2, 1), Square::Wall);
        assert!(
            !level.has_box(Pos::new(2, 1)),
            "a wall replaces the box under it"
        );
    }
}
