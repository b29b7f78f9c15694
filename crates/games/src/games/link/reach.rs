//! Every tile a tile can link with: one search from the first tile, through empty cells and
//! the ring, stopping at tiles of its own kind (which it may end on but not cross).

use super::LinkBoard;
use super::finder::LinkState;
use crate::grid::{Dir, Pos};
use crate::search::{Algorithm, Cost, Event, Problem, Search};

/// Linking from one tile to any tile of a kind (or, with `kind` None, to any empty cell).
#[derive(Clone, Debug)]
struct Spread<'a> {
    board: &'a LinkBoard,
    from: Pos,
    kind: Option<u8>,
}

impl Spread<'_> {
    /// Whether a path may end on `pos`.
    fn target(&self, pos: Pos) -> bool {
        pos != self.from
            && self.board.contains(pos)
            && match self.kind {
                Some(k) => self.board.tile(pos) == Some(k),
                None => self.board.tile(pos).is_none(),
            }
    }
}

impl Problem for Spread<'_> {
    type State = LinkState;

    fn start(&self) -> LinkState {
        (self.from, None)
    }

    fn is_goal(&self, _: &LinkState) -> bool {
        false
    }

    fn successors(&self, &(pos, heading): &LinkState, out: &mut Vec<(LinkState, Cost)>) {
        if pos != self.from && self.kind.is_some() && self.target(pos) {
            return; // a partner tile ends paths; it cannot be crossed
        }
        for dir in Dir::ALL {
            if heading == Some(dir.opposite()) {
                continue;
            }
            let next = pos.step(dir);
            let passable =
                self.board.in_reach(next) && (self.board.tile(next).is_none() || self.target(next));
            if passable {
                let turn = heading.is_some_and(|h| h != dir);
                out.push(((next, Some(dir)), if turn { 1.0 } else { 0.0 }));
            }
        }
    }

    fn state_space_size(&self) -> Option<usize> {
        Some((self.board.width() + 2) * (self.board.height() + 2) * 5)
    }

    fn state_index(&self, &(pos, heading): &LinkState) -> Option<usize> {
        let w = self.board.width() as i32 + 2;
        let (x, y) = (pos.x + 1, pos.y + 1);
        (x >= 0 && y >= 0 && x < w && y < self.board.height() as i32 + 2)
            .then(|| (y * w + x) as usize * 5 + heading.map_or(4, Dir::index))
    }
}

/// Cells a path from `from` with at most `max_turns` turns can end on: tiles of `kind`
/// (Some), or empty play cells (None).
pub fn reachable(board: &LinkBoard, from: Pos, kind: Option<u8>, max_turns: u32) -> Vec<Pos> {
    spread(board, from, kind, max_turns, usize::MAX)
}

/// The first cell [`reachable`] would find (the one with the fewest turns).
pub fn first_reachable(
    board: &LinkBoard,
    from: Pos,
    kind: Option<u8>,
    max_turns: u32,
) -> Option<Pos> {
    spread(board, from, kind, max_turns, 1).pop()
}

fn spread(
    board: &LinkBoard,
    from: Pos,
    kind: Option<u8>,
    max_turns: u32,
    enough: usize,
) -> Vec<Pos> {
    let problem = Spread { board, from, kind };
    let mut search = Search::new(problem.clone(), Algorithm::Dijkstra);
    let mut found = vec![];
    let mut marked = crate::grid::Grid::new(board.width(), board.height(), false);
    while let Some(event) = search.next() {
        let Event::Expanded { node, .. } = event else {
            break;
        };
        if search.g(node) as u32 > max_turns {
            break;
        }
        let pos = search.state(node).0;
        if problem.target(pos) && !marked[pos] {
            marked.set(pos, true);
            found.push(pos);
            if found.len() >= enough {
                break;
            }
        }
    }
    found
}

/// Every removable pair on the board (each once, first tile first in reading order).
pub fn removable_pairs(board: &LinkBoard, max_turns: u32) -> Vec<(Pos, Pos)> {
    let mut pairs = vec![];
    for a in board.positions() {
        let Some(kind) = board.tile(a) else { continue };
        for b in reachable(board, a, Some(kind), max_turns) {
            if (b.y, b.x) > (a.y, a.x) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}
