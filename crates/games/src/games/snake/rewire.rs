//! The cycle planner on boards of 2 x 2 blocks: instead of one fixed Hamiltonian cycle,
//! any cycle around a spanning tree of the blocks will do, re-chosen after every move (see
//! `blocks`). The snake takes the shortest way to the food among the cells' allowed moves,
//! as long as after every move of it the body still lies along some such cycle; when no
//! way to the food keeps that true, it follows the cycle the body lies along, which is
//! always safe.

use std::collections::VecDeque;

use super::SnakeGame;
use super::blocks::{Blocks, Ties};
use crate::grid::{Dir, Pos};
use crate::i18n::Message;
use crate::msg;

/// What the planner decided, and why.
#[derive(Clone, Debug)]
pub struct RewireDecision {
    pub choice: Dir,
    /// The way to the food, head first, when one keeps the body on a cycle.
    pub path: Option<Vec<Pos>>,
    /// A tree whose cycle the body lies along now (and, where it can, makes the moves of
    /// the way to the food); computed only when asked for.
    pub tree: Option<Vec<bool>>,
    pub reason: Message,
}

/// The move for `game` on `blocks`, or None when the body does not lie along any cycle
/// of the blocks (it was steered by hand, or by another planner). With `committed`, the
/// snake keeps to that tree's cycle (as long as the body lies along it). `with_tree` asks
/// for the tree to show.
pub fn decide(
    game: &SnakeGame,
    blocks: &Blocks,
    committed: Option<&[bool]>,
    with_tree: bool,
) -> Option<RewireDecision> {
    let body: Vec<Pos> = game.body().iter().rev().copied().collect();
    let ties = Ties::of_body(blocks, body.iter().copied())?;
    let tree = blocks.spanning_tree(&ties)?;
    let head = game.head();
    let follow = |tree: &[bool], reason: Message| {
        Some(RewireDecision {
            choice: Dir::between(head, blocks.next_on(tree, head))?,
            path: None,
            tree: with_tree.then(|| tree.to_vec()),
            reason,
        })
    };
    if let Some(committed) = committed
        && fits(blocks, committed, &body)
    {
        return follow(committed, msg!("rewire-committed"));
    }
    let Some(food) = game.food() else {
        return follow(&tree, msg!("rewire-no-food"));
    };
    let Some(way) = way_to_food(&mut WaySearch::new(game, food), blocks, &ties, &tree, &body)
    else {
        return follow(&tree, msg!("rewire-blocked"));
    };
    let shown = with_tree.then(|| {
        let planned = ties_of_moves(blocks, std::iter::once(&head).chain(&way));
        planned
            .and_then(|planned| blocks.spanning_tree_leaning(&ties, Some(&planned)))
            .unwrap_or_else(|| tree.clone())
    });
    Some(RewireDecision {
        choice: Dir::between(head, way[0])?,
        tree: shown,
        reason: msg!("rewire-way", moves = way.len()),
        path: Some(std::iter::once(head).chain(way).collect()),
    })
}

/// The ties of the moves along `cells`, or None if one is not an allowed move.
fn ties_of_moves<'a>(blocks: &Blocks, cells: impl Iterator<Item = &'a Pos>) -> Option<Ties> {
    let mut ties = Ties::new(blocks);
    let mut previous: Option<Pos> = None;
    for &cell in cells {
        if let Some(p) = previous {
            ties.add(blocks.tie(p, cell)?);
        }
        previous = Some(cell);
    }
    Some(ties)
}

/// Whether the body (tail first) lies along the cycle around `tree`.
pub fn fits(blocks: &Blocks, tree: &[bool], tail_first: &[Pos]) -> bool {
    tail_first
        .windows(2)
        .all(|pair| blocks.next_on(tree, pair[0]) == pair[1])
}

/// The shortest way from the head to the food (the cells after the head, the food last)
/// through cells free by the time the head gets there, checked to keep the body along a
/// cycle after every move. When the shortest way fails that check, the move that failed
/// is banned and the search tried again, up to `ATTEMPTS` times.
fn way_to_food(
    ways: &mut WaySearch,
    blocks: &Blocks,
    ties: &Ties,
    tree: &[bool],
    tail_first: &[Pos],
) -> Option<Vec<Pos>> {
    let head = *tail_first.last()?;
    for _ in 0..ATTEMPTS {
        let path = ways.shortest(blocks, head)?;
        match check_way(blocks, ties, tree, tail_first, &path) {
            Ok(()) => return Some(path),
            Err(0) => ways.ban(head, path[0]),
            Err(m) => ways.ban(path[m - 1], path[m]),
        }
    }
    None
}

/// How many ways to the food are tried, each avoiding a move that broke one before.
const ATTEMPTS: usize = 40;

/// Follows `path` (eating at its end) from the body, checking that after each move a tree
/// still fits the body: Err(m) when none does after the move to `path[m]`.
fn check_way(
    blocks: &Blocks,
    ties: &Ties,
    tree: &[bool],
    tail_first: &[Pos],
    path: &[Pos],
) -> Result<(), usize> {
    let len = tail_first.len();
    // The body followed by the way: the cells the snake will have covered.
    let cell = |i: usize| {
        if i < len {
            tail_first[i]
        } else {
            path[i - len]
        }
    };
    let mut ties = ties.clone();
    let mut tree = tree.to_vec();
    for (m, &to) in path.iter().enumerate() {
        let added = blocks.tie(cell(len + m - 1), to).ok_or(m)?;
        ties.add(added);
        if m + 1 < path.len() {
            ties.remove(blocks.tie(cell(m), cell(m + 1)).ok_or(m)?);
        }
        // The tree fitted the ties before this move, and dropping the tail's tie cannot
        // spoil that: only the new move can ask for a change.
        if !blocks.repair(&mut tree, &ties, added) {
            return Err(m);
        }
    }
    Ok(())
}

/// Breadth-first search over the allowed moves from a cell reached after one move to the
/// food, where a body cell counts as free once the tail has left it. A plain queue rather
/// than the engine: whether a cell is free depends on when the search reaches it. Its
/// buffers are kept between the searches of one decision.
struct WaySearch {
    width: usize,
    goal: Pos,
    /// How many moves until each cell is free (0 when free now, 1 for the tail).
    free_after: Vec<u32>,
    came_from: Vec<u32>,
    seen: Vec<u32>,
    round: u32,
    /// Moves the search may not make: a bit per direction, per cell.
    banned: Vec<u8>,
    queue: VecDeque<(Pos, u32)>,
}

impl WaySearch {
    fn new(game: &SnakeGame, goal: Pos) -> WaySearch {
        let (w, h) = (game.width(), game.height());
        let mut free_after = vec![0; w * h];
        let len = game.len() as u32;
        for (from_head, &cell) in game.body().iter().enumerate() {
            free_after[cell.y as usize * w + cell.x as usize] = len - from_head as u32;
        }
        WaySearch {
            width: w,
            goal,
            free_after,
            came_from: vec![0; w * h],
            seen: vec![0; w * h],
            round: 0,
            banned: vec![0; w * h],
            queue: VecDeque::new(),
        }
    }

    fn index(&self, p: Pos) -> usize {
        p.y as usize * self.width + p.x as usize
    }

    fn ban(&mut self, from: Pos, to: Pos) {
        if let Some(dir) = Dir::between(from, to) {
            let i = self.index(from);
            self.banned[i] |= 1 << dir as u8;
        }
    }

    /// The shortest way from `head` to the food, the head left out.
    fn shortest(&mut self, blocks: &Blocks, head: Pos) -> Option<Vec<Pos>> {
        self.round += 1;
        let round = self.round;
        self.queue.clear();
        self.queue.push_back((head, 0));
        let start = self.index(head);
        self.seen[start] = round;
        while let Some((cell, moves)) = self.queue.pop_front() {
            let at = self.index(cell);
            if cell == self.goal {
                let mut path = vec![];
                let mut i = at;
                while i != start {
                    path.push(Pos::new((i % self.width) as i32, (i / self.width) as i32));
                    i = self.came_from[i] as usize;
                }
                path.reverse();
                return Some(path);
            }
            for (dir, _) in blocks.moves(cell) {
                let next = cell.step(dir);
                let n = self.index(next);
                if self.seen[n] != round
                    && self.free_after[n] <= moves + 1
                    && self.banned[at] & (1 << dir as u8) == 0
                {
                    self.seen[n] = round;
                    self.came_from[n] = at as u32;
                    self.queue.push_back((next, moves + 1));
                }
            }
        }
        None
    }
}
