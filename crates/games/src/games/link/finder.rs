//! Finding links. A link is a path between two tiles through empty cells (and the ring
//! around the board) made of straight segments. The search runs over states (cell,
//! heading): going straight costs 0, turning costs 1, so Dijkstra's order (a 0-1 BFS, here
//! the stepping engine's uniform-cost search) finds the fewest turns, and the frontier
//! spreads along straight rays. A* orders it by turns so far plus a lower bound on the
//! turns still needed, worked out backwards from the target over *runs* (the longest
//! straight rows and columns of empty cells): a path is a chain of runs, each crossing the
//! next, so the fewest runs from a cell's run to one touching the target bound the turns
//! left from below. A play link has at most two turns (three segments).
//!
//! [`naive_turns`] is the classic mistake for comparison: a BFS that marks cells visited
//! (not cell and heading) keeps only the first way into each cell and can miss a link.

use std::collections::VecDeque;
use std::sync::Arc;

use super::LinkBoard;
use crate::grid::{Dir, Grid, Pos};
use crate::search::{Algorithm, Cost, Event, NodeId, Problem, Search};

/// Most turns in a link the game accepts (three segments).
pub const PLAY_TURNS: u32 = 2;

/// A state of the link search: a cell and the heading the path arrived with (None at the
/// first tile).
pub type LinkState = (Pos, Option<Dir>);

/// Which cells of a board a link may cross (the empty ones and the ring around it), and
/// the runs they form. Made once per board and shared by every query on it.
#[derive(Clone, Debug)]
pub struct LinkField {
    /// Row by row over the play area plus ring, offset by one (so the ring's top-left
    /// corner, (-1, -1), is index 0).
    open: Arc<[bool]>,
    runs: Arc<Runs>,
    width: i32,
    height: i32,
}

/// Marks a blocked cell in the run tables.
const NO_RUN: u32 = u32::MAX;

/// The runs of a board: maximal straight lines of empty cells, across (rows) and down
/// (columns). Every empty cell lies on one of each.
#[derive(Debug)]
struct Runs {
    across: Vec<u32>,
    down: Vec<u32>,
    /// Each run's first cell, its length, and whether it runs down (else across).
    spans: Vec<(u32, u32, bool)>,
}

impl Runs {
    fn new(open: &[bool], width: i32, height: i32) -> Runs {
        let mut runs = Runs {
            across: vec![NO_RUN; open.len()],
            down: vec![NO_RUN; open.len()],
            spans: vec![],
        };
        let (w, h) = (width as usize, height as usize);
        for (down, outer, inner) in [(false, h, w), (true, w, h)] {
            for line in 0..outer {
                let mut run: Option<u32> = None;
                for along in 0..inner {
                    let cell = if down {
                        along * w + line
                    } else {
                        line * w + along
                    };
                    if !open[cell] {
                        run = None;
                        continue;
                    }
                    let id = *run.get_or_insert_with(|| {
                        runs.spans.push((cell as u32, 0, down));
                        runs.spans.len() as u32 - 1
                    });
                    runs.spans[id as usize].1 += 1;
                    if down {
                        runs.down[cell] = id;
                    } else {
                        runs.across[cell] = id;
                    }
                }
            }
        }
        runs
    }

    fn cells(&self, run: u32, width: i32) -> impl Iterator<Item = usize> {
        let (first, len, down) = self.spans[run as usize];
        let step = if down { width as usize } else { 1 };
        (0..len as usize).map(move |i| first as usize + i * step)
    }
}

/// Levels of runs counted beyond the first that reaches the source.
const SLACK_RUNS: u8 = 0;
const BUDGET_SHARE: usize = 2;

/// For each run, the fewest runs a path needs from it to the target (the run itself and
/// the last one, which touches the target, counted), or a lower bound for the runs beyond
/// the levels worked out. Worked out for each query by a breadth-first search
/// over runs from the target; each level visits the cells of the runs found at the level
/// before, so the few levels a lower bound needs cost far less than a table of every cell.
#[derive(Clone, Debug)]
struct RunsLeft(Vec<u8>);

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
            runs: Arc::new(Runs::new(&open, width, height)),
            open: open.into(),
            width,
            height,
        }
    }

    #[inline]
    fn cell(&self, pos: Pos) -> Option<usize> {
        let (x, y) = (pos.x + 1, pos.y + 1);
        (x >= 0 && y >= 0 && x < self.width && y < self.height)
            .then(|| (y * self.width + x) as usize)
    }

    /// Whether `pos` is on the board itself (not the ring).
    fn on_board(&self, pos: Pos) -> bool {
        pos.x >= 0 && pos.y >= 0 && pos.x < self.width - 2 && pos.y < self.height - 2
    }

    /// The problem of linking `from` to `to` on this board.
    pub fn problem(&self, from: Pos, to: Pos) -> LinkProblem {
        LinkProblem {
            target: self.cell(to).unwrap_or(usize::MAX),
            runs_left: Arc::new(self.runs_left(from, to)),
            field: self.clone(),
            from,
            to,
        }
    }

    /// The runs left from every run to `to`: the runs touching `to` need one (they end
    /// beside it, along the line into it); a run crossing one that needs k needs k + 1.
    /// The search over runs stops [`SLACK_RUNS`] levels after it reaches a run touching
    /// `from`: the link needs about that many runs, and the runs further out are marked
    /// with the first count not worked out, still a lower bound, at a fraction of the cost.
    fn runs_left(&self, from: Pos, to: Pos) -> RunsLeft {
        let runs = &self.runs;
        let mut left = vec![u8::MAX; runs.spans.len()];
        let touching = |pos: Pos, dir: Dir| -> Option<u32> {
            let beside = self.cell(pos.step(dir))?;
            let run = if matches!(dir, Dir::Up | Dir::Down) {
                runs.down[beside]
            } else {
                runs.across[beside]
            };
            (run != NO_RUN).then_some(run)
        };
        let mut level: Vec<u32> = vec![];
        for dir in Dir::ALL {
            if let Some(run) = touching(to, dir)
                && left[run as usize] > 1
            {
                left[run as usize] = 1;
                level.push(run);
            }
        }
        let source: Vec<u32> = Dir::ALL
            .into_iter()
            .filter_map(|d| touching(from, d))
            .collect();
        let mut stop_after = u8::MAX - 1;
        let mut next = vec![];
        let mut count = 1;
        let budget = self.open.len() / BUDGET_SHARE;
        let mut spent = 0;
        while !level.is_empty() && count < stop_after {
            if source.iter().any(|&r| left[r as usize] <= count) {
                stop_after = stop_after.min(count.saturating_add(SLACK_RUNS));
            }
            let cost: usize = level
                .iter()
                .map(|&r| runs.spans[r as usize].1 as usize)
                .sum();
            spent += cost;
            if spent > budget && count >= 3 {
                break;
            }
            count += 1;
            next.clear();
            for &run in &level {
                let down = runs.spans[run as usize].2;
                for cell in runs.cells(run, self.width) {
                    let crossing = if down {
                        runs.across[cell]
                    } else {
                        runs.down[cell]
                    };
                    if left[crossing as usize] > count {
                        left[crossing as usize] = count;
                        next.push(crossing);
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
        }
        let unknown = count.saturating_add(1);
        for l in &mut left {
            *l = (*l).min(unknown);
        }
        RunsLeft(left)
    }
}

/// The search problem of linking `from` to `to` on a board.
#[derive(Clone, Debug)]
pub struct LinkProblem {
    field: LinkField,
    target: usize,
    /// This query's runs left to the target (each problem has its own).
    runs_left: Arc<RunsLeft>,
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

    /// A lower bound on the turns still needed. From an empty cell with a heading across,
    /// the path goes on along the cell's run across (its remaining runs, that one
    /// included, less one, are turns), or turns at once onto the run down (one turn, plus
    /// that run's remaining runs less one); and the other way round for a heading down.
    /// It never overestimates: it does not ask which way along a run the target lies, and
    /// runs beyond the levels worked out get a lower bound.
    fn heuristic(&self, &(pos, heading): &LinkState) -> Cost {
        let (Some(c), Some(heading)) = (self.cell(pos), heading) else {
            return 0.0;
        };
        if pos == self.to || !self.field.open[c] {
            return 0.0;
        }
        let runs = &self.field.runs;
        let left = |run: u32| self.runs_left.0[run as usize];
        let (along, across) = if matches!(heading, Dir::Up | Dir::Down) {
            (runs.down[c], runs.across[c])
        } else {
            (runs.across[c], runs.down[c])
        };
        (left(along) - 1).min(left(across)) as Cost
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
    LinkFinder::new(board).find(from, to, max_turns)
}

/// The fewest segments between two tiles with no limit (the contest problem's measure).
pub fn min_segments(board: &LinkBoard, from: Pos, to: Pos) -> Option<u32> {
    find_link(board, from, to, u32::MAX).map(|l| l.segments())
}

/// Link queries on one board, one after another, sharing the board's runs and one
/// search's memory. The finder answers for the board it was made for, and only that one.
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

    /// The link with the fewest turns, if one has at most `max_turns`.
    pub fn find(&mut self, from: Pos, to: Pos, max_turns: u32) -> Option<Link> {
        let goal = self.search_link(from, to, max_turns)?;
        let search = self.search.as_ref()?;
        Some(Link {
            turns: search.g(goal) as u32,
            cells: search.path_to(goal).into_iter().map(|(p, _)| p).collect(),
        })
    }

    /// The fewest segments between two tiles, with no limit.
    pub fn min_segments(&mut self, from: Pos, to: Pos) -> Option<u32> {
        let goal = self.search_link(from, to, u32::MAX)?;
        Some(self.search.as_ref()?.g(goal) as u32 + 1)
    }

    /// Runs the search for a link of at most `max_turns` and returns its goal node. A* takes
    /// nodes in order of their least possible turns (f), so the first node over the limit
    /// ends the search.
    fn search_link(&mut self, from: Pos, to: Pos, max_turns: u32) -> Option<NodeId> {
        if from == to || !self.field.on_board(from) || !self.field.on_board(to) {
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
    fn the_turns_left_never_overestimate_and_are_exact_facing_the_target() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(17);
        let (mut states, mut exact) = (0, 0);
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
                                let Some(truth) = true_turns_left(&problem, state) else {
                                    continue;
                                };
                                let told = problem.heuristic(&state) as u32;
                                assert!(
                                    told <= truth,
                                    "{board:?} from {from:?} to {to:?} at {state:?}: {told} > {truth}"
                                );
                                if truth == 0 {
                                    assert_eq!(told, 0);
                                }
                                states += 1;
                                exact += usize::from(told == truth);
                            }
                        }
                    }
                }
            }
        }
        // A bound of zero everywhere would be exact only where the target lies straight
        // ahead, a small share of the states.
        assert!(
            exact * 2 >= states,
            "the bound should be exact on most states: {exact} of {states}"
        );
    }
}
