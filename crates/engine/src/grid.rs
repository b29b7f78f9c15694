//! Board geometry shared by every game: positions, directions and a rectangular grid.

use std::fmt;

/// A cell position: `x` is the column (0 at the left), `y` the row (0 at the top).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    pub fn step(self, dir: Dir) -> Pos {
        let (dx, dy) = dir.delta();
        Pos::new(self.x + dx, self.y + dy)
    }

    pub fn offset(self, dx: i32, dy: i32) -> Pos {
        Pos::new(self.x + dx, self.y + dy)
    }

    pub fn manhattan(self, other: Pos) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }

    /// Parses `X,Y` (as typed on the command line).
    pub fn parse(text: &str) -> Result<Pos, String> {
        let (x, y) = text
            .split_once(',')
            .ok_or_else(|| format!("expected X,Y but got `{}`", crate::text::quote(text)))?;
        let number = |part: &str| {
            part.trim().parse::<i32>().map_err(|_| {
                format!(
                    "`{}` in `{}` is not a whole number",
                    crate::text::quote(part),
                    crate::text::quote(text)
                )
            })
        };
        Ok(Pos::new(number(x)?, number(y)?))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// The four orthogonal directions, in the order the engine tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Dir {
    Up,
    Right,
    Down,
    Left,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        }
    }

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Right => Dir::Left,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
        }
    }

    /// Turned a quarter clockwise.
    pub const fn clockwise(self) -> Dir {
        match self {
            Dir::Up => Dir::Right,
            Dir::Right => Dir::Down,
            Dir::Down => Dir::Left,
            Dir::Left => Dir::Up,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The LURD letter a move is written with (Sokoban's solutions, Snake's links): `l`,
    /// `u`, `r` or `d`.
    pub const fn letter(self) -> char {
        match self {
            Dir::Left => 'l',
            Dir::Up => 'u',
            Dir::Right => 'r',
            Dir::Down => 'd',
        }
    }

    /// The direction a LURD letter stands for, in either case.
    pub fn from_letter(letter: char) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.letter() == letter.to_ascii_lowercase())
    }

    /// The direction in words: "up", "right", "down" or "left".
    pub const fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Right => "right",
            Dir::Down => "down",
            Dir::Left => "left",
        }
    }

    /// The direction of a one-cell orthogonal step from `from` to `to`.
    pub fn between(from: Pos, to: Pos) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| from.step(d) == to)
    }
}

/// A rectangle of cells stored row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    pub fn new(width: usize, height: usize, fill: T) -> Grid<T> {
        Grid {
            width,
            height,
            cells: vec![fill; width * height],
        }
    }

    /// A copy resized to `width` x `height`: what fits is kept, new cells are `fill`.
    pub fn resized(&self, width: usize, height: usize, fill: T) -> Grid<T> {
        let mut grid = Grid::new(width, height, fill);
        for y in 0..height.min(self.height) {
            for x in 0..width.min(self.width) {
                grid.cells[y * width + x] = self.cells[y * self.width + x].clone();
            }
        }
        grid
    }
}

impl<T> Grid<T> {
    /// A grid from its rows' cells, row by row; `None` unless there are width x height.
    pub fn from_cells(width: usize, height: usize, cells: Vec<T>) -> Option<Grid<T>> {
        (cells.len() == width * height).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn contains(&self, pos: Pos) -> bool {
        pos.x >= 0 && pos.y >= 0 && (pos.x as usize) < self.width && (pos.y as usize) < self.height
    }

    /// The row-major index of `pos`, if it is on the grid.
    #[inline]
    pub fn index(&self, pos: Pos) -> Option<usize> {
        self.contains(pos)
            .then(|| pos.y as usize * self.width + pos.x as usize)
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new((index % self.width) as i32, (index / self.width) as i32)
    }

    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.index(pos).map(|i| &self.cells[i])
    }

    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut T> {
        self.index(pos).map(|i| &mut self.cells[i])
    }

    /// Sets the cell at `pos`; false (and no change) when `pos` is off the grid.
    pub fn set(&mut self, pos: Pos, value: T) -> bool {
        match self.get_mut(pos) {
            Some(cell) => {
                *cell = value;
                true
            }
            None => false,
        }
    }

    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width as i32, self.height as i32);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    pub fn rows(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.width.max(1))
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    /// Panics off the grid; use [`Grid::get`] for positions that may be outside.
    fn index(&self, pos: Pos) -> &T {
        let i = pos.y as usize * self.width + pos.x as usize;
        &self.cells[i]
    }
}

/// Cells on the straight line from `a` to `b` (Bresenham), both ends included, each one
/// sharing an edge with the next, so a line dragged across the board has no gaps.
pub fn line_cells(a: Pos, b: Pos) -> Vec<Pos> {
    let (dx, dy) = ((b.x - a.x).abs(), -(b.y - a.y).abs());
    let (sx, sy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
    let mut err = dx + dy;
    let mut at = a;
    let mut cells = vec![at];
    while at != b {
        let e2 = 2 * err;
        if e2 >= dy && at.x != b.x {
            err += dy;
            at.x += sx;
            cells.push(at);
            if e2 <= dx && at.y != b.y {
                // Step the other axis separately so consecutive cells share an edge.
                err += dx;
                at.y += sy;
                cells.push(at);
            }
        } else {
            err += dx;
            at.y += sy;
            cells.push(at);
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dragged_line_has_no_gaps_and_ends_where_the_mouse_is() {
        for (a, b) in [
            (Pos::new(0, 0), Pos::new(7, 3)),
            (Pos::new(5, 5), Pos::new(-3, 9)),
            (Pos::new(2, 9), Pos::new(2, 0)),
            (Pos::new(0, 0), Pos::new(6, 6)),
            (Pos::new(4, 4), Pos::new(4, 4)),
        ] {
            let cells = line_cells(a, b);
            assert_eq!(cells.first(), Some(&a));
            assert_eq!(cells.last(), Some(&b));
            for pair in cells.windows(2) {
                assert_eq!(pair[0].manhattan(pair[1]), 1, "gap in {a}->{b}: {cells:?}");
            }
        }
    }

    #[test]
    fn resizing_keeps_what_fits() {
        let mut grid = Grid::new(3, 2, 0u8);
        grid.set(Pos::new(2, 1), 7);
        grid.set(Pos::new(0, 0), 5);
        let bigger = grid.resized(4, 4, 9);
        assert_eq!(bigger[Pos::new(2, 1)], 7);
        assert_eq!(bigger[Pos::new(3, 3)], 9);
        let smaller = grid.resized(1, 1, 9);
        assert_eq!(smaller.cells(), &[5]);
    }

    #[test]
    fn positions_parse_from_the_command_line_form() {
        assert_eq!(Pos::parse("3,4"), Ok(Pos::new(3, 4)));
        assert!(Pos::parse("3").is_err());
        assert!(Pos::parse("a,4").is_err());
    }
}
