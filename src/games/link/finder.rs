//! Finding links. A link is a path between two tiles through empty cells (and the ring
//! around the board) made of straight segments. The search runs over states (cell,
//! heading): going straight costs 0, turning costs 1, so Dijkstra's order (a 0-1 BFS, here
//! the stepping engine's uniform-cost search) finds the fewest turns, and the frontier
//! spreads along straight rays. A* orders it by turns so far plus the turns still needed,
//! worked out backwards from the target along its lines of sight up to a few turns (and
//! "more" beyond), which never overestimates. A play link has at most two turns (three
//! segments).
//!
//! [`naive_turns`] is the classic mistake for comparison: a BFS that marks cells visited
//! (not cell and heading) keeps only the first way into each cell and can miss a link.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;

use super::LinkBoard;
use crate::grid::{Dir, Grid, Pos};
use crate::search::{Algorithm, Cost, Event, NodeId, Problem, Search};

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

/// Turns the heuristic knows exactly: beyond this many it only says "more".
const EXACT_TURNS: u8 = 4;

/// For each cell and heading (cell * 4 + heading), the turns still needed to reach the
/// target (going on from that cell with that heading), exactly up to [`EXACT_TURNS`] and
/// `EXACT_TURNS + 1` meaning "at least that many". Only the cells near the target's lines
/// of sight have fewer, so a query writes (and the next one resets) just those instead
/// of the whole board.
#[derive(Clone, Debug, Default)]
struct Hints {
    left: Vec<u8>,
    /// Cells whose entries are below the default.
    touched: Vec<usize>,
    /// The lines (cell and heading) needing k turns and k + 1 turns, while filling.
    lines: Vec<(Pos, Dir)>,
    next_lines: Vec<(Pos, Dir)>,
}

impl Hints {
    fn reset(&mut self, cells: usize) {
        if self.left.len() != cells * 4 {
            self.left = vec![EXACT_TURNS + 1; cells * 4];
        } else {
            for &c in &self.touched {
                self.left[c * 4..c * 4 + 4].fill(EXACT_TURNS + 1);
            }
        }
        self.touched.clear();
    }

    /// Records that `turns` suffice from `cell` heading `dir`; whether that is news.
    fn lower(&mut self, cell: usize, dir: Dir, turns: u8) -> bool {
        let slot = &mut self.left[cell * 4 + dir.index()];
        let news = turns < *slot;
        if news {
            *slot = turns;
            self.touched.push(cell);
        }
        news
    }
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
        self.fill_hints(to);
        let target = self.cell(to).unwrap_or(usize::MAX);
        LinkProblem {
            target,
            field: self.clone(),
            from,
            to,
        }
    }

    /// Works out the turns-left table backwards from the target, one turn at a time, as a
    /// breadth-first search over lines of sight: the cells from which the target lies
    /// straight ahead need no turn; a cell from which, straight ahead, one turn steps onto
    /// a cell that needs k needs k + 1.
    fn fill_hints(&self, to: Pos) {
        let mut hints = self.hints.borrow_mut();
        hints.reset((self.width * self.height) as usize);
        if self.cell(to).is_none() {
            return;
        }
        let mut lines = std::mem::take(&mut hints.lines);
        let mut next_lines = std::mem::take(&mut hints.next_lines);
        lines.clear();
        for onward in Dir::ALL {
            // Arriving at the target with any heading: nothing left to do.
            lines.push((to, onward));
            self.mark_straight_back(
                &mut hints,
                to.step(onward.opposite()),
                onward,
                0,
                &mut lines,
            );
        }
        for turns in 1..=EXACT_TURNS {
            next_lines.clear();
            for &(reached, onward) in &lines {
                let turn_at = reached.step(onward.opposite());
                for dir in [onward.clockwise(), onward.clockwise().opposite()] {
                    self.mark_straight_back(&mut hints, turn_at, dir, turns, &mut next_lines);
                }
            }
            std::mem::swap(&mut lines, &mut next_lines);
        }
        hints.lines = lines;
        hints.next_lines = next_lines;
    }

    /// Marks `turns` for heading `dir` at `from` and at every cell behind it (against
    /// `dir`) that reaches it straight through empty cells, up to and including the first
    /// occupied one (a path may start there: it may be the first tile). The empty cells
    /// marked are new lines to turn onto. Stops early at a cell already known to need no
    /// more: the cells behind it are known too.
    fn mark_straight_back(
        &self,
        hints: &mut Hints,
        from: Pos,
        dir: Dir,
        turns: u8,
        lines: &mut Vec<(Pos, Dir)>,
    ) {
        let mut at = from;
        while let Some(c) = self.cell(at) {
            if !hints.lower(c, dir, turns) || !self.open[c] {
                break;
            }
            lines.push((at, dir));
            at = at.step(dir.opposite());
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

    /// The fewest turns still needed: exact up to [`EXACT_TURNS`], one more than that
    /// otherwise (never too many), so A* spends its effort on the few paths that can
    /// still be best; a play link needs no search beyond following the table.
    fn heuristic(&self, &(pos, heading): &LinkState) -> Cost {
        if pos == self.to {
            return 0.0;
        }
        let unknown = EXACT_TURNS + 1;
        let Some(c) = self.cell(pos) else {
            return unknown as Cost;
        };
        let hints = self.field.hints.borrow();
        let of = |d: Dir| {
            hints
                .left
                .get(c * 4 + d.index())
                .copied()
                .unwrap_or(unknown)
        };
        let left = match heading {
            Some(d) => of(d),
            // Leaving the first tile, any heading is free.
            None => Dir::ALL.into_iter().map(of).min().unwrap_or(unknown),
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
        let goal = self.search_link(board, from, to, max_turns)?;
        let search = self.search.as_ref()?;
        Some(Link {
            turns: search.g(goal) as u32,
            cells: search.path_to(goal).into_iter().map(|(p, _)| p).collect(),
        })
    }

    /// The fewest segments between two tiles, with no limit.
    pub fn min_segments(&mut self, board: &LinkBoard, from: Pos, to: Pos) -> Option<u32> {
        let goal = self.search_link(board, from, to, u32::MAX)?;
        Some(self.search.as_ref()?.g(goal) as u32 + 1)
    }

    /// Runs the search for a link of at most `max_turns` and returns its goal node. A* takes
    /// nodes in order of their least possible turns (f), so the first node over the limit
    /// ends the search.
    fn search_link(
        &mut self,
        board: &LinkBoard,
        from: Pos,
        to: Pos,
        max_turns: u32,
    ) -> Option<NodeId> {
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
        let limit = max_turns as Cost;
        while let Some(event) = search.next() {
            match event {
                Event::Found { goal } => return (search.g(goal) <= limit).then_some(goal),
                Event::Expanded { node, .. } if search.f(node) > limit => return None,
                Event::Expanded { .. } => {}
                _ => return None,
            }
        }
        None
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

    /// The true fewest turns from `state` to the target, by a 0-1 BFS over the problem's
    /// own moves.
    fn true_turns_left(problem: &LinkProblem, state: LinkState) -> Option<u32> {
        let mut queue = VecDeque::from([(state, 0u32)]);
        let mut done = std::collections::HashSet::new();
        let mut next = vec![];
        while let Some((at, turns)) = queue.pop_front() {
            if at.0 == problem.to {
                return Some(turns);
            }
            if !done.insert(at) {
                continue;
            }
            next.clear();
            problem.successors(&at, &mut next);
            for &(s, cost) in &next {
                if cost == 0.0 {
                    queue.push_front((s, turns));
                } else {
                    queue.push_back((s, turns + 1));
                }
            }
        }
        None
    }

    #[test]
    fn the_turns_left_table_is_exact_up_to_its_limit_and_never_too_high() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(17);
        for _ in 0..60 {
            let (w, h) = (rng.random_range(1..8), rng.random_range(1..7));
            let mut tiles = Grid::new(w, h, None);
            for p in tiles.positions().collect::<Vec<_>>() {
                if rng.random_bool(0.45) {
                    tiles.set(p, Some(0u8));
                }
            }
            let board = LinkBoard::from_grid(tiles);
            let field = LinkField::new(&board);
            let cards: Vec<Pos> = board
                .positions()
                .filter(|&p| board.tile(p).is_some())
                .collect();
            for &from in &cards {
                for &to in &cards {
                    if from == to {
                        continue;
                    }
                    let problem = field.problem(from, to);
                    for y in -1..=h as i32 {
                        for x in -1..=w as i32 {
                            let pos = Pos::new(x, y);
                            if pos == to || (board.tile(pos).is_some() && pos != from) {
                                continue;
                            }
                            for dir in Dir::ALL {
                                let state = (pos, Some(dir));
                                let exact = true_turns_left(&problem, state);
                                let told = problem.heuristic(&state) as u32;
                                let limit = EXACT_TURNS as u32 + 1;
                                assert_eq!(
                                    told,
                                    exact.unwrap_or(limit).min(limit),
                                    "{board:?} from {from:?} to {to:?} at {state:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
