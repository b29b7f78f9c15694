//! Clearing a board: a depth-first search over removal orders. Each step removes a pair
//! that can be linked now, trying first tiles whose kind has fewest tiles left (they are
//! the ones most easily stranded), and backs up from dead ends; positions already seen are
//! not searched twice.

use std::collections::HashSet;

use super::LinkBoard;
use super::finder::PLAY_TURNS;
use super::reach::{first_reachable, reachable};
use crate::grid::Pos;

/// The pairs to remove, in order, to clear `board`; None if it cannot be cleared within
/// `budget` positions.
pub fn clear(board: &LinkBoard, gravity: bool, budget: usize) -> Option<Vec<(Pos, Pos)>> {
    let mut seen = HashSet::new();
    let mut moves = vec![];
    let mut left = budget;
    search(board, gravity, &mut seen, &mut moves, &mut left).then_some(moves)
}

fn search(
    board: &LinkBoard,
    gravity: bool,
    seen: &mut HashSet<LinkBoard>,
    moves: &mut Vec<(Pos, Pos)>,
    left: &mut usize,
) -> bool {
    // Safe moves first: a kind with just two tiles left can only pair them together, and
    // removing tiles never blocks a link, so taking such a pair as soon as it links can
    // never hurt. Only when none is left does the search branch.
    let mut board = board.clone();
    let depth = moves.len();
    let mut counts = [0usize; 256];
    for t in board.tiles().cells().iter().flatten() {
        counts[*t as usize] += 1;
    }
    // (With gravity a removal moves other tiles, so no move is safe that way.)
    while !gravity && board.count() > 0 {
        let safe = board.positions().find_map(|a| {
            let kind = board.tile(a)?;
            if counts[kind as usize] != 2 || !can_move(&board, a, kind) {
                return None;
            }
            let b = first_reachable(&board, a, Some(kind), PLAY_TURNS)?;
            Some((a, b, kind))
        });
        let Some((a, b, kind)) = safe else { break };
        board.set(a, None);
        board.set(b, None);
        counts[kind as usize] = 0;
        moves.push((a, b));
    }
    let board = &board;
    if board.is_empty() {
        return true;
    }
    if *left == 0 || !seen.insert(board.clone()) {
        moves.truncate(depth);
        return false;
    }
    *left -= 1;
    // Tiles of the scarcest kinds first; a pair is tried from its first tile only. Tiles
    // walled in by others cannot link at all and are skipped without a search.
    let mut tiles: Vec<(Pos, u8)> = board
        .positions()
        .filter_map(|p| board.tile(p).map(|k| (p, k)))
        .filter(|&(p, k)| can_move(board, p, k))
        .collect();
    tiles.sort_by_key(|&(p, k)| (counts[k as usize], p.y, p.x));
    let mut tried = crate::grid::Grid::new(board.width(), board.height(), false);
    for (a, kind) in tiles {
        tried.set(a, true);
        for b in reachable(board, a, Some(kind), PLAY_TURNS) {
            if tried[b] {
                continue;
            }
            let mut next = board.clone();
            next.set(a, None);
            next.set(b, None);
            if gravity {
                next.settle();
            }
            moves.push((a, b));
            if search(&next, gravity, seen, moves, left) {
                return true;
            }
            moves.pop();
        }
    }
    moves.truncate(depth);
    false
}

/// Whether a path can leave the tile at all: a neighbour is empty, off the board (the ring)
/// or a tile of the same kind.
fn can_move(board: &LinkBoard, p: Pos, kind: u8) -> bool {
    crate::grid::Dir::ALL.into_iter().any(|d| {
        let n = p.step(d);
        !board.contains(n) || board.tile(n).is_none_or(|t| t == kind)
    })
}
