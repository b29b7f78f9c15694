//! The nodes and open list of a best-first search that keeps one record a cell (Jump Point
//! Search, Theta*): a slot a cell, four bytes, in chunks that copies share (so a big board
//! costs little to set up, and a timeline's checkpoint of the search little to take); the
//! records in the order they were found; and the open list, lowest f first and, among
//! equal f, the newest, as A* breaks its ties.

use std::collections::BinaryHeap;

use crate::grid::Pos;
use crate::search::{Chunked, Cost, NodeStatus, NodeView, NodeVisitor};

/// No record at a cell.
const NONE: u32 = u32::MAX;

/// What a search knows of one cell.
#[derive(Clone, Copy, Debug)]
pub struct CellNode {
    pub pos: Pos,
    pub g: Cost,
    pub h: Cost,
    pub parent: Option<Pos>,
    pub closed: bool,
}

/// An open-list entry packed into one integer whose order is the order of expansion (the
/// heap takes the greatest first): f's bits inverted (f is never negative, so its bits order
/// like the number, and the lowest f comes out first), then the order it was queued in (the
/// newest first among equal f), then the cell. One 16-byte comparison where a tuple of
/// three took three (JPS's pops were 16% of its time on Paris_1_256 under perf).
type Open = u128;

fn open_entry(f: Cost, order: u32, index: u32) -> Open {
    (!f.to_bits() as u128) << 64 | (order as u128) << 32 | index as u128
}

/// The f bits and the cell of an open-list entry.
fn open_parts(entry: Open) -> (u64, u32) {
    (!((entry >> 64) as u64), entry as u32)
}

/// The cells a search has reached, and its open list.
#[derive(Clone)]
pub struct CellNodes {
    width: usize,
    height: usize,
    /// `slot[cell]` is the cell's place in `nodes`, or `NONE`.
    slot: Chunked<u32>,
    nodes: Vec<CellNode>,
    open: BinaryHeap<Open>,
    /// Entries queued so far, 32 bits: a cell is queued again only when reached more
    /// cheaply, a few times at most under a consistent heuristic, and a board holds at most
    /// 4096 x 4096 cells, so a run stays far below 2^32. Were it to wrap, only the order of
    /// ties in f would change, never a cost.
    order: u32,
    /// How many of `nodes` are closed: the panel asks every frame, and counting them then
    /// walked every node (on 3000 x 3000, a few percent of a frame of JPS).
    closed: usize,
}

impl CellNodes {
    pub fn new(width: usize, height: usize) -> CellNodes {
        CellNodes {
            width,
            height,
            slot: Chunked::filled(width * height, NONE),
            nodes: vec![],
            open: BinaryHeap::new(),
            order: 0,
            closed: 0,
        }
    }

    /// Forgets every cell reached, keeping the memory: only the slots of the cells reached
    /// are reset (or the whole table, when they are more than one slot in 16 of it).
    pub fn clear(&mut self) {
        if self.nodes.len() * 16 > self.slot.len() {
            self.slot.fill(NONE);
        } else {
            for node in &self.nodes {
                let index = node.pos.y as usize * self.width + node.pos.x as usize;
                self.slot[index] = NONE;
            }
        }
        self.nodes.clear();
        self.open.clear();
        self.order = 0;
        self.closed = 0;
    }

    /// Whether these nodes are for a board of this size.
    pub fn fits(&self, width: usize, height: usize) -> bool {
        (self.width, self.height) == (width, height)
    }

    /// The cell's index on the board, if it is on it.
    pub fn index(&self, pos: Pos) -> Option<usize> {
        (pos.x >= 0
            && pos.y >= 0
            && (pos.x as usize) < self.width
            && (pos.y as usize) < self.height)
            .then(|| pos.y as usize * self.width + pos.x as usize)
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new((index % self.width) as i32, (index / self.width) as i32)
    }

    pub fn get(&self, pos: Pos) -> Option<&CellNode> {
        self.at(self.index(pos)?)
    }

    /// The record of the cell at `index`.
    pub fn at(&self, index: usize) -> Option<&CellNode> {
        match *self.slot.get(index)? {
            NONE => None,
            slot => self.nodes.get(slot as usize),
        }
    }

    /// Records `pos` reached with cost `g` from `parent` (replacing what was known) and
    /// queues it with f = g + h.
    pub fn reach(&mut self, pos: Pos, g: Cost, h: Cost, parent: Option<Pos>) {
        let Some(index) = self.index(pos) else {
            return;
        };
        let node = CellNode {
            pos,
            g,
            h,
            parent,
            closed: false,
        };
        match self.slot[index] {
            NONE => {
                self.slot[index] = self.nodes.len() as u32;
                self.nodes.push(node);
            }
            slot => {
                let reopened = std::mem::replace(&mut self.nodes[slot as usize], node);
                self.closed -= usize::from(reopened.closed);
            }
        }
        self.order = self.order.wrapping_add(1);
        self.open.push(open_entry(g + h, self.order, index as u32));
    }

    /// Takes the open cell of lowest f (the newest among equals), closes it and gives its
    /// index; `None` when the open list is empty.
    pub fn pop(&mut self) -> Option<usize> {
        loop {
            let (f, index) = open_parts(self.open.pop()?);
            let slot = self.slot[index as usize] as usize;
            let node = &mut self.nodes[slot];
            // A stale entry: the cell was closed, or reached more cheaply since.
            if !node.closed && (node.g + node.h).to_bits() == f {
                node.closed = true;
                self.closed += 1;
                return Some(index as usize);
            }
        }
    }

    /// Entries on the open list, stale ones included (what a budget on states counts).
    pub fn queued(&self) -> usize {
        self.open.len()
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn frontier_len(&self) -> usize {
        self.nodes.len() - self.closed
    }

    pub fn visited_len(&self) -> usize {
        self.closed
    }

    /// Approximate bytes held.
    pub fn bytes(&self) -> usize {
        self.slot.bytes()
            + self.nodes.len() * std::mem::size_of::<CellNode>()
            + self.open.len() * std::mem::size_of::<Open>()
    }

    /// The cells from the start to `goal`, by the parents recorded.
    pub fn parents_to(&self, goal: Pos) -> Vec<Pos> {
        let mut path = vec![goal];
        let mut at = self.get(goal).and_then(|n| n.parent);
        while let Some(pos) = at {
            path.push(pos);
            at = self.get(pos).and_then(|n| n.parent);
        }
        path.reverse();
        path
    }

    /// Whether `pos` waits on the open list or was expanded: what its colour shows, asked
    /// of many cells on a redraw (a [`CellNodes::view`] also walks the path back to the
    /// start for the depth, which made redrawing a long JPS run take most of a second).
    pub fn status(&self, pos: Pos) -> Option<NodeStatus> {
        let node = self.get(pos)?;
        Some(if node.closed {
            NodeStatus::Visited
        } else {
            NodeStatus::Frontier
        })
    }

    /// What the search knows of `pos`, as a view shows it.
    pub fn view(&self, pos: Pos) -> Option<NodeView<Pos>> {
        let node = self.get(pos)?;
        let mut depth = 0;
        let mut at = node.parent;
        while let Some(p) = at {
            depth += 1;
            at = self.get(p).and_then(|n| n.parent);
        }
        self.view_at_depth(node, depth)
    }

    fn view_at_depth(&self, node: &CellNode, depth: usize) -> Option<NodeView<Pos>> {
        Some(NodeView {
            side: crate::search::Side::Forward,
            status: self.status(node.pos)?,
            g: node.g,
            h: node.h,
            f: node.g + node.h,
            parent: node.parent,
            depth: depth as u32,
        })
    }

    /// Every cell reached, in the order found.
    pub fn for_each(&self, visit: &mut NodeVisitor<'_, Pos>) {
        let depths = self.depths();
        for (node, &depth) in self.nodes.iter().zip(&depths) {
            if let Some(view) = self.view_at_depth(node, depth) {
                visit(&node.pos, &view);
            }
        }
    }

    /// Every cell reached, in the order found.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.nodes.iter().map(|node| node.pos)
    }

    /// Each node's moves from the start along parent links, all at once: a node's depth is
    /// its parent's plus one, so each is worked out once (walking every node's path back
    /// took a long run's redraw most of a second).
    fn depths(&self) -> Vec<usize> {
        const UNKNOWN: usize = usize::MAX;
        let mut depths = vec![UNKNOWN; self.nodes.len()];
        let mut chain = vec![];
        for i in 0..self.nodes.len() {
            let mut at = Some(i);
            let mut base = 0;
            while let Some(node) = at.filter(|_| chain.len() <= self.nodes.len()) {
                if depths[node] != UNKNOWN {
                    base = depths[node] + 1;
                    break;
                }
                chain.push(node);
                let parent = self.nodes[node].parent.and_then(|p| self.index(p));
                at = parent.and_then(|index| match *self.slot.get(index)? {
                    NONE => None,
                    slot => Some(slot as usize),
                });
            }
            for (above, &node) in chain.iter().rev().enumerate() {
                depths[node] = base + above;
            }
            chain.clear();
        }
        depths
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept counts equal a count over the nodes, through closing, reaching a closed
    /// cell again (reopening it) and reaching an open one more cheaply.
    #[test]
    fn frontier_and_visited_counts_follow_every_change() {
        let mut nodes = CellNodes::new(4, 4);
        let counted = |nodes: &CellNodes| {
            let closed = nodes.nodes.iter().filter(|n| n.closed).count();
            (nodes.nodes.len() - closed, closed)
        };
        let (a, b, c) = (Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0));
        nodes.reach(a, 0.0, 1.0, None);
        nodes.reach(b, 1.0, 1.5, Some(a));
        assert_eq!(nodes.pop(), nodes.index(a));
        nodes.reach(c, 2.0, 1.0, Some(b));
        assert_eq!((nodes.frontier_len(), nodes.visited_len()), (2, 1));
        assert_eq!(nodes.pop(), nodes.index(b));
        nodes.reach(a, 0.0, 1.0, None); // closed, reached again: open once more
        nodes.reach(c, 1.5, 0.5, Some(b)); // open, reached more cheaply
        assert_eq!((nodes.frontier_len(), nodes.visited_len()), counted(&nodes));
        assert_eq!((nodes.frontier_len(), nodes.visited_len()), (2, 1));
        while nodes.pop().is_some() {}
        assert_eq!((nodes.frontier_len(), nodes.visited_len()), (0, 3));
    }

    /// The open list gives the lowest f first, whenever it was queued and wherever it lies
    /// (its cell's number does not count), and among equal f the newest; an entry made
    /// stale by a cheaper route is skipped.
    #[test]
    fn the_open_list_pops_lowest_f_then_newest() {
        let mut nodes = CellNodes::new(8, 8);
        let cell = |i: i32| Pos::new(i % 8, i / 8);
        // (cell, f): an f of 0.5 queued between two of 3.0, big and small cell numbers.
        for (i, f) in [
            (63, 3.0),
            (0, 3.0),
            (40, 0.5),
            (7, 3.0),
            (9, 2.25),
            (60, 2.25),
        ] {
            nodes.reach(cell(i), f - 1.0, 1.0, None);
        }
        // Cell 7 reached again more cheaply: its first entry (f 3.0) is stale.
        nodes.reach(cell(7), 0.75, 1.0, None);
        let order: Vec<i32> = std::iter::from_fn(|| nodes.pop())
            .map(|index| index as i32)
            .collect();
        assert_eq!(order, [40, 7, 60, 9, 0, 63]);
    }
}
