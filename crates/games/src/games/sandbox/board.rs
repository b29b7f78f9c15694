use std::sync::Arc;

use super::moves::{MoveSets, Moves, Preparation};
use crate::grid::{Grid, Pos};
use crate::i18n::Message;
use crate::msg;
use crate::search::Cost;

/// The largest board side accepted from a file, a paste or a size typed in.
pub const MAX_SIDE: usize = 4096;

/// The most kinds of terrain one board's legend may define.
pub const MAX_TERRAINS: usize = 32;

/// One kind of cell, as the board's legend defines it.
#[derive(Clone, Debug, PartialEq)]
pub struct Terrain {
    /// The character that stands for it in the board file.
    pub symbol: char,
    pub name: String,
    /// What it costs to step onto it (times sqrt(2) diagonally); `None` for a wall.
    pub cost: Option<Cost>,
}

impl Terrain {
    pub fn new(symbol: char, name: &str, cost: Option<Cost>) -> Terrain {
        Terrain {
            symbol,
            name: name.to_string(),
            cost,
        }
    }

    pub fn is_wall(&self) -> bool {
        self.cost.is_none()
    }
}

/// A grid board: every cell is one of the legend's terrains; a start and a goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Shared by copies of the board until one is painted (a 3000 x 3000 board's nine
    /// million cells were copied whenever the runs began again).
    cells: Arc<Grid<u8>>,
    legend: Vec<Terrain>,
    pub start: Pos,
    pub goal: Pos,
    /// Free text kept with the board (the `;` lines of its file).
    pub notes: Vec<String>,
    moves: MoveSets,
}

impl Board {
    /// The legend a board gets unless its file says otherwise.
    pub fn default_legend() -> Vec<Terrain> {
        vec![
            Terrain::new('.', "floor", Some(1.0)),
            Terrain::new('#', "wall", None),
            Terrain::new(',', "grass", Some(2.0)),
            Terrain::new(':', "mud", Some(3.0)),
            Terrain::new('~', "swamp", Some(5.0)),
        ]
    }

    /// An empty floor board with the start at the top left and the goal at the bottom right.
    /// Sizes are clamped to 1..=MAX_SIDE.
    pub fn new(width: usize, height: usize) -> Board {
        let (width, height) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
        Board {
            cells: Arc::new(Grid::new(width, height, 0)),
            legend: Board::default_legend(),
            start: Pos::new(0, 0),
            goal: Pos::new(width as i32 - 1, height as i32 - 1),
            notes: vec![],
            moves: MoveSets::default(),
        }
    }

    /// A board from its parts, checked: the legend is valid, every cell names a legend entry,
    /// and the start and goal lie on passable cells.
    pub fn from_parts(
        cells: Grid<u8>,
        legend: Vec<Terrain>,
        start: Pos,
        goal: Pos,
    ) -> Result<Board, Message> {
        check_size(cells.width(), cells.height())?;
        check_legend(&legend)?;
        if let Some(&bad) = cells.cells().iter().find(|&&c| c as usize >= legend.len()) {
            return Err(msg!("board-terrain-not-in-legend", terrain = bad));
        }
        let board = Board {
            cells: Arc::new(cells),
            legend,
            start,
            goal,
            notes: vec![],
            moves: MoveSets::default(),
        };
        board.check_endpoint(msg!("board-the-start"), start)?;
        board.check_endpoint(msg!("board-the-goal"), goal)?;
        Ok(board)
    }

    fn check_endpoint(&self, what: Message, pos: Pos) -> Result<(), Message> {
        if !self.cells.contains(pos) {
            return Err(msg!(
                "board-endpoint-outside",
                what = what,
                pos = pos,
                width = self.width(),
                height = self.height()
            ));
        }
        if self.cost(pos).is_none() {
            return Err(msg!("board-endpoint-on-wall", what = what, pos = pos));
        }
        Ok(())
    }

    pub fn width(&self) -> usize {
        self.cells.width()
    }

    pub fn height(&self) -> usize {
        self.cells.height()
    }

    pub fn contains(&self, pos: Pos) -> bool {
        self.cells.contains(pos)
    }

    pub fn legend(&self) -> &[Terrain] {
        &self.legend
    }

    /// The legend entry of every cell, row by row.
    pub fn cells(&self) -> &Grid<u8> {
        &self.cells
    }

    /// The legend index of the cell at `pos`.
    pub fn terrain_index(&self, pos: Pos) -> Option<u8> {
        self.cells.get(pos).copied()
    }

    pub fn terrain(&self, pos: Pos) -> Option<&Terrain> {
        self.terrain_index(pos).map(|i| &self.legend[i as usize])
    }

    /// The cost of stepping orthogonally onto `pos`; `None` for walls and off the board.
    pub fn cost(&self, pos: Pos) -> Option<Cost> {
        self.terrain(pos).and_then(|t| t.cost)
    }

    pub fn is_passable(&self, pos: Pos) -> bool {
        self.cost(pos).is_some()
    }

    /// Every cell's legal moves, row by row, as bit sets over
    /// [`MOVES`](super::moves::MOVES): what a search reads instead of testing neighbours.
    /// Worked out on first use, then kept up to date by edits (and copied by clones).
    #[inline]
    pub fn move_sets(&self) -> &[u8] {
        &self.moves().sets
    }

    /// How far Jump Point Search's straight scans go from each cell (see
    /// [`JumpDistances`](super::jump_distances::JumpDistances)), worked out on first use and
    /// again after an edit.
    pub fn jump_distances(&self) -> &super::jump_distances::JumpDistances {
        let sets = &self.moves().sets;
        self.moves.jumps(sets, self.width(), self.height())
    }

    /// Works out up to `lines` more rows or columns of the tables searches read: the move
    /// sets, then (if `with_jumps`) the jump distances. The same tables as
    /// [`Board::move_sets`] and [`Board::jump_distances`] make at once, a part at a time, so
    /// that the app can spread a big board's over frames and show how far it has got. Edits
    /// in between keep what is made up to date.
    /// Jump distances are made only for boards whose steps all cost the same (what JPS
    /// needs).
    pub fn prepare(&mut self, with_jumps: bool, lines: usize) -> Preparation {
        let legend = &self.legend;
        let wanted = |moves: &Moves| with_jumps && uniform_cost(legend, moves.terrains).is_some();
        self.moves
            .prepare(&self.cells, |t| passable(legend, t), wanted, lines)
    }

    /// The step cost every passable cell of the board shares, if they all cost the same.
    pub fn uniform_step_cost(&self) -> Option<Cost> {
        uniform_cost(&self.legend, self.moves().terrains)
    }

    #[inline]
    fn moves(&self) -> &Moves {
        let legend = &self.legend;
        self.moves.get(&self.cells, |t| passable(legend, t))
    }

    fn cell_changed(&mut self, pos: Pos) {
        let legend = &self.legend;
        self.moves
            .cell_changed(&self.cells, pos, |t| passable(legend, t));
    }

    /// The cheapest passable terrain's cost (heuristics assume at least 1).
    pub fn min_cost(&self) -> Cost {
        self.legend
            .iter()
            .filter_map(|t| t.cost)
            .fold(Cost::INFINITY, Cost::min)
    }

    /// The legend index of the first wall terrain.
    pub fn wall_terrain(&self) -> Option<u8> {
        self.legend
            .iter()
            .position(Terrain::is_wall)
            .map(|i| i as u8)
    }

    /// The legend index of the first passable terrain: what the eraser paints.
    pub fn floor_terrain(&self) -> u8 {
        self.legend.iter().position(|t| !t.is_wall()).unwrap_or(0) as u8
    }

    /// Paints one cell. Refuses (false) off the board, with a terrain not in the legend, and
    /// when it would put a wall under the start or the goal.
    pub fn paint(&mut self, pos: Pos, terrain: u8) -> bool {
        let Some(t) = self.legend.get(terrain as usize) else {
            return false;
        };
        if t.is_wall() && (pos == self.start || pos == self.goal) {
            return false;
        }
        match self.cells.get(pos) {
            Some(&cell) if cell != terrain => {
                Arc::make_mut(&mut self.cells).set(pos, terrain);
                self.cell_changed(pos);
                true
            }
            _ => false,
        }
    }

    /// Sets a cell's terrain without the checks of [`Board::paint`], for undo and redo,
    /// which only ever restore states the checks once allowed.
    pub(crate) fn set_terrain(&mut self, pos: Pos, terrain: u8) {
        if (terrain as usize) < self.legend.len() {
            Arc::make_mut(&mut self.cells).set(pos, terrain);
            self.cell_changed(pos);
        }
    }

    /// Moves the start (or the goal) to a passable cell; false if it cannot go there.
    pub fn move_start(&mut self, pos: Pos) -> bool {
        let ok = self.is_passable(pos) && pos != self.goal;
        if ok {
            self.start = pos;
        }
        ok
    }

    pub fn move_goal(&mut self, pos: Pos) -> bool {
        let ok = self.is_passable(pos) && pos != self.start;
        if ok {
            self.goal = pos;
        }
        ok
    }

    /// The same board at another size: cells that fit are kept, new ones are floor, and
    /// the start and goal are pulled inside (onto floor) if they fell off.
    pub fn resized(&self, width: usize, height: usize) -> Result<Board, Message> {
        check_size(width, height)?;
        let floor = self.floor_terrain();
        let mut board = Board {
            cells: Arc::new(self.cells.resized(width, height, floor)),
            legend: self.legend.clone(),
            start: self.start,
            goal: self.goal,
            notes: self.notes.clone(),
            moves: MoveSets::default(),
        };
        let clamp = |p: Pos| Pos::new(p.x.min(width as i32 - 1), p.y.min(height as i32 - 1));
        board.start = clamp(self.start);
        board.goal = clamp(self.goal);
        if board.start == board.goal && self.start != self.goal {
            // Both fell onto the same corner: keep them apart if the board has room.
            board.goal = [
                Pos::new(0, 0),
                Pos::new(width as i32 - 1, height as i32 - 1),
            ]
            .into_iter()
            .find(|&p| p != board.start)
            .unwrap_or(board.start);
        }
        let cells = Arc::make_mut(&mut board.cells);
        cells.set(board.start, floor);
        cells.set(board.goal, floor);
        Ok(board)
    }

    /// Replaces every cell (same size), e.g. with a generated maze.
    pub fn fill_from(&mut self, cells: Grid<u8>) {
        if cells.width() == self.width() && cells.height() == self.height() {
            self.cells = Arc::new(cells);
            self.moves.reset();
        }
    }
}

/// The step cost the terrains in the set `used` (bit `t` for terrain `t`) share, if they
/// all cost the same.
fn uniform_cost(legend: &[Terrain], used: u32) -> Option<Cost> {
    let mut costs = (legend.iter().enumerate())
        .filter(|&(i, _)| used >> (i % 32) & 1 == 1)
        .filter_map(|(_, t)| t.cost);
    let first = costs.next()?;
    costs.all(|c| c == first).then_some(first)
}

fn passable(legend: &[Terrain], terrain: u8) -> bool {
    legend.get(terrain as usize).is_some_and(|t| !t.is_wall())
}

/// Sizes must be 1..=MAX_SIDE on each side.
pub fn check_size(width: usize, height: usize) -> Result<(), Message> {
    if width == 0 || height == 0 {
        return Err(msg!("board-no-cells", width = width, height = height));
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(msg!(
            "board-too-large",
            width = width,
            height = height,
            max = MAX_SIDE
        ));
    }
    Ok(())
}

/// A legend needs 1..=MAX_TERRAINS entries with distinct printable symbols and costs that
/// are finite and not negative.
pub fn check_legend(legend: &[Terrain]) -> Result<(), Message> {
    if legend.is_empty() {
        return Err(msg!("legend-empty"));
    }
    if legend.len() > MAX_TERRAINS {
        return Err(msg!(
            "legend-too-many",
            count = legend.len(),
            max = MAX_TERRAINS
        ));
    }
    for (i, t) in legend.iter().enumerate() {
        if !t.symbol.is_ascii_graphic() {
            return Err(msg!(
                "legend-symbol-not-visible",
                symbol = format!("{:?}", t.symbol)
            ));
        }
        if legend[..i].iter().any(|other| other.symbol == t.symbol) {
            return Err(msg!(
                "legend-symbol-twice",
                symbol = crate::files::quote(&t.symbol.to_string())
            ));
        }
        if let Some(cost) = t.cost
            && !(cost.is_finite() && (0.0..=1e9).contains(&cost))
        {
            return Err(msg!(
                "legend-bad-cost",
                name = &t.name,
                cost = cost.to_string()
            ));
        }
    }
    Ok(())
}
