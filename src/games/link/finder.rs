//! Finding links. A link is a path between two tiles through empty cells (and the ring
//! around the board) made of straight segments. The search runs over states (cell,
//! heading): going straight costs 0, turning costs 1, so Dijkstra's order (a 0-1 BFS, here
//! the stepping engine's uniform-cost search) finds the fewest turns, and the frontier
//! spreads along straight rays. A* orders it by turns so far plus the turns the target's
//! position still forces (zero, one or two), which never overestimates. A play link has
//! at most two turns (three segments).
//!
//! [`naive_turns`] is the classic mistake for comparison: a BFS that marks cells visited
//! (not cell and heading) keeps only the first way into each cell and can miss a link.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;

use super::LinkBoard;
use crate::grid::{Dir, Grid, Pos};
use crate::search::{Algorithm, Cost, Event, Problem, Search};

/// Most turns in a link the game accepts (three segments).
pub const PLAY_TURNS: u32 = 2;

/// A state of the link search: a cell and the heading the path arrived with (None at the
/// first tile).
pub type LinkState = (Pos, Option<Dir>);

/// Which cells of a board a link may cross: the empty ones and the ring around it. Made
/// once per board and shared by every query on it.
#[derive(Clone, Debug)]
pub struct LinkField {
    /// Row by row over the play area plus ring, offset by one (so the ring's top-left
    /// corner, (-1, -1), is index 0).
    open: Arc<[bool]>,
    width: i32,
    height: i32,
    /// The current query's turns-left table, reused from query to query.
    hints: Rc<RefCell<Hints>>,
}

/// For each cell and heading (cell * 4 + heading), the turns still needed to reach the
/// target as far as the board shows: 0 when it is in plain sight straight ahead, 1 when a
/// single turn somewhere ahead sees it, 2 (at least) otherwise.
#[derive(Clone, Debug, Default)]
struct Hints {
    left: Vec<u8>,
    /// Bit d set: the target is in plain sight from this cell going in direction d.
    sees: Vec<u8>,
}

impl LinkField {
    pub fn new(board: &LinkBoard) -> LinkField {
        let (width, height) = (board.width() as i32 + 2, board.height() as i32 + 2);
        let mut open = vec![true; (width * height) as usize];
        for pos in board.positions() {
            if board.tile(pos).is_some() {
                open[((pos.y + 1) * width + pos.x + 1) as usize] = false;
            }
        }
        LinkField {
            open: open.into(),
            width,
            height,
            hints: Rc::default(),
        }
    }

    #[inline]
    fn cell(&self, pos: Pos) -> Option<usize> {
        let (x, y) = (pos.x + 1, pos.y + 1);
        (x >= 0 && y >= 0 && x < self.width && y < self.height)
            .then(|| (y * self.width + x) as usize)
    }

    /// The problem of linking `from` to `to` on this board.
    pub fn problem(&self, from: Pos, to: Pos) -> LinkProblem {
        self.fill_hints(from, to);
        let target = self.cell(to).unwrap_or(usize::MAX);
        LinkProblem {
            target,
            field: self.clone(),
            from,
            to,
        }
    }

    fn fill_hints(&self, from: Pos, to: Pos) {
        let cells = (self.width * self.height) as usize;
        let mut hints = self.hints.borrow_mut();
        let Hints { left, sees } = &mut *hints;
        left.clear();
        left.resize(cells * 4, 2);
        sees.clear();
        sees.resize(cells, 0);
        if self.cell(to).is_none() {
            return;
        }
        let start = self.cell(from);
        let open = |c: usize| self.open[c] || Some(c) == start;
        // In plain sight: walking back from the target against each heading.
        for dir in Dir::ALL {
            let mut at = to.step(dir.opposite());
            while let Some(c) = self.cell(at).filter(|&c| open(c)) {
                sees[c] |= 1 << dir.index();
                at = at.step(dir.opposite());
            }
        }
        // One turn: along each line, from its far end back, whether some cell ahead (through
        // open cells) sees the target across the heading.
        let (w, h) = (self.width - 2, self.height - 2);
        for dir in Dir::ALL {
            let across = (1 << dir.clockwise().index()) | (1 << dir.clockwise().opposite().index());
            let far_ends: Vec<Pos> = match dir {
                Dir::Right => (-1..=h).map(|y| Pos::new(w, y)).collect(),
                Dir::Left => (-1..=h).map(|y| Pos::new(-1, y)).collect(),
                Dir::Down => (-1..=w).map(|x| Pos::new(x, h)).collect(),
                Dir::Up => (-1..=w).map(|x| Pos::new(x, -1)).collect(),
            };
            for far in far_ends {
                let mut carry = false;
                let mut at = far;
                while let Some(c) = self.cell(at) {
                    let turn_here = sees[c] & across != 0 || carry;
                    left[c * 4 + dir.index()] = if sees[c] & (1 << dir.index()) != 0 {
                        0
                    } else if turn_here {
                        1
                    } else {
                        2
                    };
                    // The cell behind reaches that turn only through this one.
                    carry = turn_here && open(c);
                    at = at.step(dir.opposite());
                }
            }
        }
    }
}

/// The search problem of linking `from` to `to` on a board.
#[derive(Clone, Debug)]
pub struct LinkProblem {
    field: LinkField,
    target: usize,
    pub from: Pos,
    pub to: Pos,
}

impl LinkProblem {
    pub fn new(board: &LinkBoard, from: Pos, to: Pos) -> LinkProblem {
        LinkField::new(board).problem(from, to)
    }

    #[inline]
    fn cell(&self, pos: Pos) -> Option<usize> {
        self.field.cell(pos)
    }

    /// Whether a path may step onto `cell`: it is empty, or it is the target tile.
    #[inline]
    fn passable(&self, cell: usize) -> bool {
        self.field.open[cell] || cell == self.target
    }
}

fn heading_code(heading: Option<Dir>) -> usize {
    heading.map_or(4, Dir::index)
}

impl Problem for LinkProblem {
    type State = LinkState;

    fn start(&self) -> LinkState {
        (self.from, None)
    }

    fn is_goal(&self, state: &LinkState) -> bool {
        state.0 == self.to
    }

    #[inline]
    fn successors(&self, &(pos, heading): &LinkState, out: &mut Vec<(LinkState, Cost)>) {
        if pos == self.to {
            return;
        }
        for dir in Dir::ALL {
            if heading == Some(dir.opposite()) {
                continue;
            }
            let next = pos.step(dir);
            if self.cell(next).is_some_and(|c| self.passable(c)) {
                let turn = heading.is_some_and(|h| h != dir);
                out.push(((next, Some(dir)), if turn { 1.0 } else { 0.0 }));
            }
        }
    }

    /// The fewest turns still needed as far as the board shows: none with the target in
    /// plain sight ahead, one if a single turn ahead sees it, else at least two. Exact up to
    /// one turn, so A* spends its effort on the few paths that can still be best.
    fn heuristic(&self, &(pos, heading): &LinkState) -> Cost {
        if pos == self.to {
            return 0.0;
        }
        let Some(c) = self.cell(pos) else { return 2.0 };
        let hints = self.field.hints.borrow();
        let of = |d: Dir| hints.left.get(c * 4 + d.index()).copied().unwrap_or(2);
        let left = match heading {
            Some(d) => of(d),
            // Leaving the first tile, any heading is free.
            None => Dir::ALL.into_iter().map(of).min().unwrap_or(2),
        };
        left as Cost
    }

    fn state_space_size(&self) -> Option<usize> {
        Some(self.field.open.len() * 5)
    }

    #[inline]
    fn state_index(&self, &(pos, heading): &LinkState) -> Option<usize> {
        self.cell(pos).map(|c| c * 5 + heading_code(heading))
    }
}

/// A link found: the corners of the path (first tile, turns, second tile) and its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub turns: u32,
    /// The cells of the whole path, first tile to second.
    pub cells: Vec<Pos>,
}

impl Link {
    pub fn segments(&self) -> u32 {
        self.turns + 1
    }

    /// The path's corners: its ends and the cells where it turns.
    pub fn corners(&self) -> Vec<Pos> {
        let mut corners = vec![];
        for (i, &c) in self.cells.iter().enumerate() {
            let turns_here = i > 0
                && i + 1 < self.cells.len()
                && Dir::between(self.cells[i - 1], c) != Dir::between(c, self.cells[i + 1]);
            if i == 0 || i + 1 == self.cells.len() || turns_here {
                corners.push(c);
            }
        }
        corners
    }
}

/// The link with the fewest turns from `from` to `to`, if one has at most `max_turns`.
pub fn find_link(board: &LinkBoard, from: Pos, to: Pos, max_turns: u32) -> Option<Link> {
    LinkFinder::new(board).find(board, from, to, max_turns)
}

/// The fewest segments between two tiles with no limit (the contest problem's measure).
pub fn min_segments(board: &LinkBoard, from: Pos, to: Pos) -> Option<u32> {
    find_link(board, from, to, u32::MAX).map(|l| l.segments())
}

/// Link queries on one board, one after another, reusing one search's memory.
pub struct LinkFinder {
    field: LinkField,
    search: Option<Search<LinkProblem>>,
}

impl LinkFinder {
    pub fn new(board: &LinkBoard) -> LinkFinder {
        LinkFinder {
            field: LinkField::new(board),
            search: None,
        }
    }

    /// The link with the fewest turns, if one has at most `max_turns` (`board` must be the
    /// board the finder was made for).
    pub fn find(&mut self, board: &LinkBoard, from: Pos, to: Pos, max_turns: u32) -> Option<Link> {
        if from == to || !board.contains(from) || !board.contains(to) {
            return None;
        }
        let problem = self.field.problem(from, to);
        let search = match &mut self.search {
            Some(search) => {
                search.restart(problem);
                search
            }
            None => self.search.insert(Search::new(problem, Algorithm::AStar)),
        };
        while let Some(event) = search.next() {
            match event {
                Event::Found { goal } => {
                    let turns = search.g(goal) as u32;
                    return (turns <= max_turns).then(|| Link {
                        turns,
                        cells: search.path_to(goal).into_iter().map(|(p, _)| p).collect(),
                    });
                }
                Event::Expanded { node, .. } if search.g(node) as u32 > max_turns => return None,
                Event::Expanded { .. } => {}
                _ => return None,
            }
        }
        None
    }

    /// The fewest segments between two tiles, with no limit.
    pub fn min_segments(&mut self, board: &LinkBoard, from: Pos, to: Pos) -> Option<u32> {
        self.find(board, from, to, u32::MAX).map(|l| l.segments())
    }
}

/// The classic mistake: BFS over cells, each cell visited once, with the heading and turn
/// count of the first path that reached it. Returns the turns it believes the best link
/// has, and the cells in the order it visited them.
pub fn naive_turns(board: &LinkBoard, from: Pos, to: Pos) -> (Option<u32>, Vec<Pos>) {
    let problem = LinkProblem::new(board, from, to);
    let (w, h) = (board.width() + 2, board.height() + 2);
    let shift = |p: Pos| Pos::new(p.x + 1, p.y + 1);
    let mut seen: Grid<Option<(Option<Dir>, u32)>> = Grid::new(w, h, None);
    seen.set(shift(from), Some((None, 0)));
    let mut queue = VecDeque::from([from]);
    let mut order = vec![];
    while let Some(at) = queue.pop_front() {
        order.push(at);
        let Some((heading, turns)) = seen[shift(at)] else {
            continue;
        };
        if at == to {
            return (Some(turns), order);
        }
        let mut next = vec![];
        problem.successors(&(at, heading), &mut next);
        for ((cell, dir), cost) in next {
            if seen[shift(cell)].is_none() {
                seen.set(shift(cell), Some((dir, turns + cost as u32)));
                queue.push_back(cell);
            }
        }
    }
    (None, order)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> LinkBoard {
        let text = format!(
            "frontier-link 1\nsize {} {}\ntiles\n{}\n",
            rows[0].len(),
            rows.len(),
            rows.join("\n")
        );
        LinkBoard::parse(&text).unwrap()
    }

    #[test]
    fn neighbours_straight_lines_and_corners() {
        let b = board(&["AA..", "....", "B..B"]);
        assert_eq!(
            find_link(&b, Pos::new(0, 0), Pos::new(1, 0), 2)
                .unwrap()
                .turns,
            0
        );
        assert_eq!(
            find_link(&b, Pos::new(0, 2), Pos::new(3, 2), 2)
                .unwrap()
                .turns,
            0
        );
        let c = board(&["A...", "....", "...A"]);
        let link = find_link(&c, Pos::new(0, 0), Pos::new(3, 2), 2).unwrap();
        assert_eq!(link.turns, 1);
        assert_eq!(link.corners().len(), 3);
    }

    #[test]
    fn links_may_run_around_the_outside_ring() {
        // Two tiles on the top row with a wall of tiles between them: over the top.
        let b = board(&["ABA", "BCC"]);
        let link = find_link(&b, Pos::new(0, 0), Pos::new(2, 0), 2).unwrap();
        assert_eq!(link.turns, 2);
        assert!(link.cells.iter().any(|p| p.y == -1), "{link:?}");
    }

    #[test]
    fn more_than_two_turns_is_no_link_in_play_but_counts_for_min_segments() {
        let b = board(&["A.B", "BBB", "BBA"]);
        assert_eq!(find_link(&b, Pos::new(0, 0), Pos::new(2, 2), 2), None);
        assert_eq!(min_segments(&b, Pos::new(0, 0), Pos::new(2, 2)), Some(4));
    }
}
