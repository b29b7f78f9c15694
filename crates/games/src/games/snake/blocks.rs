//! Hamiltonian cycles that can be re-chosen as the snake moves, on boards made of 2 x 2
//! blocks.
//!
//! Give every cell two moves: around its block anticlockwise, or out into one neighbouring
//! block (the top-left cell leaves to the left, the bottom-left downwards, the bottom-right
//! to the right, the top-right upwards). A Hamiltonian cycle made of these moves is the walk
//! around a spanning tree of the blocks: a cell leaves its block exactly when the tree joins
//! the block to that neighbour. So a body that has moved this way lies along some
//! Hamiltonian cycle when a spanning tree exists that joins every pair of blocks the body
//! crossed between ("required" joins) and none that the body went around instead of
//! crossing ("forbidden" joins): the required joins must make no loop, and the joins not
//! forbidden must still connect every block. A snake whose body lies along a cycle can
//! follow it and never die, so the planner only makes moves after which such a tree exists.

use crate::grid::{Dir, Grid, Pos};

/// How a move between two cells depends on the tree of blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tie {
    /// The move crosses into a neighbouring block: the tree must join the two (edge id).
    Cross(usize),
    /// The move goes around the block instead of crossing where it could have: the tree
    /// must not join the blocks of that crossing (None where there is no neighbour).
    Around(Option<usize>),
}

/// The blocks of a board: 2 x 2 groups of cells, each all wall or all free.
#[derive(Clone, Debug)]
pub struct Blocks {
    columns: usize,
    rows: usize,
    open: Vec<bool>,
    open_count: usize,
    /// For each edge id, the two free blocks it joins (None where it joins no two).
    ends: Vec<Option<(u16, u16)>>,
}

impl Blocks {
    /// The blocks of a board with even sides whose walls fill whole blocks, and whose free
    /// blocks are connected; otherwise None.
    pub fn of(walls: &Grid<bool>) -> Option<Blocks> {
        let (w, h) = (walls.width(), walls.height());
        if w % 2 == 1 || h % 2 == 1 || w == 0 || h == 0 {
            return None;
        }
        let (columns, rows) = (w / 2, h / 2);
        let mut open = vec![false; columns * rows];
        for by in 0..rows {
            for bx in 0..columns {
                let walled = [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .map(|(dx, dy)| walls[Pos::new((2 * bx + dx) as i32, (2 * by + dy) as i32)]);
                match walled {
                    [false, false, false, false] => open[by * columns + bx] = true,
                    [true, true, true, true] => {}
                    _ => return None,
                }
            }
        }
        let open_count = open.iter().filter(|&&o| o).count();
        let mut blocks = Blocks {
            columns,
            rows,
            open,
            open_count,
            ends: vec![],
        };
        blocks.ends = (0..blocks.edge_count())
            .map(|e| blocks.find_edge_ends(e))
            .collect();
        if open_count == 0 || blocks.spanning_tree(&Ties::new(&blocks)).is_none() {
            return None;
        }
        Some(blocks)
    }

    fn edge_count(&self) -> usize {
        2 * self.columns * self.rows
    }

    /// The two blocks an edge joins, when both exist and are free.
    fn edge_ends(&self, edge: usize) -> Option<(usize, usize)> {
        self.ends[edge].map(|(a, b)| (a as usize, b as usize))
    }

    fn find_edge_ends(&self, edge: usize) -> Option<(u16, u16)> {
        let blocks = self.columns * self.rows;
        let (a, horizontal) = if edge < blocks {
            (edge, true)
        } else {
            (edge - blocks, false)
        };
        let (bx, by) = (a % self.columns, a / self.columns);
        let b = if horizontal {
            (bx + 1 < self.columns).then_some(a + 1)?
        } else {
            (by + 1 < self.rows).then_some(a + self.columns)?
        };
        (self.open[a] && self.open[b]).then_some((a as u16, b as u16))
    }

    /// The join a cell would cross, and the direction it crosses in, if the board has it.
    fn crossing(&self, cell: Pos) -> (Dir, Option<usize>) {
        let (bx, by) = ((cell.x / 2) as usize, (cell.y / 2) as usize);
        let block = by * self.columns + bx;
        let blocks = self.columns * self.rows;
        let (dir, edge) = match (cell.x % 2, cell.y % 2) {
            (0, 0) => (Dir::Left, (bx > 0).then(|| block - 1)),
            (0, _) => (Dir::Down, Some(blocks + block)),
            (_, 1) => (Dir::Right, Some(block)),
            _ => (Dir::Up, (by > 0).then(|| blocks + block - self.columns)),
        };
        (dir, edge.filter(|&e| self.edge_ends(e).is_some()))
    }

    /// The anticlockwise move around the block.
    fn around(cell: Pos) -> Dir {
        match (cell.x % 2, cell.y % 2) {
            (0, 0) => Dir::Down,
            (0, _) => Dir::Right,
            (_, 1) => Dir::Up,
            _ => Dir::Left,
        }
    }

    /// The moves a cell may make (one or two), with what each asks of the tree.
    pub fn moves(&self, cell: Pos) -> impl Iterator<Item = (Dir, Tie)> {
        let (cross_dir, edge) = self.crossing(cell);
        let cross = edge.map(|e| (cross_dir, Tie::Cross(e)));
        std::iter::once((Self::around(cell), Tie::Around(edge))).chain(cross)
    }

    /// What the move from `from` to the neighbouring `to` asks of the tree, or None if it
    /// is not one of the cell's two moves.
    pub fn tie(&self, from: Pos, to: Pos) -> Option<Tie> {
        let dir = Dir::between(from, to)?;
        self.moves(from)
            .find(|&(d, _)| d == dir)
            .map(|(_, tie)| tie)
    }

    /// A spanning tree of the free blocks with every required join and no forbidden one
    /// (as a set of edges), or None if there is none.
    pub fn spanning_tree(&self, ties: &Ties) -> Option<Vec<bool>> {
        self.spanning_tree_leaning(ties, None)
    }

    /// A spanning tree as above that, where it has the choice, also takes the joins `lean`
    /// requires and avoids those it forbids (the ties of moves still to come).
    pub fn spanning_tree_leaning(&self, ties: &Ties, lean: Option<&Ties>) -> Option<Vec<bool>> {
        let mut sets = UnionFind::new(self.columns * self.rows);
        let mut tree = vec![false; self.edge_count()];
        let mut joined = 1;
        for (edge, ends) in self.ends.iter().enumerate() {
            if ties.required[edge] > 0 {
                let (a, b) = (*ends)?;
                if ties.forbidden[edge] > 0 || !sets.union(a as usize, b as usize) {
                    return None;
                }
                tree[edge] = true;
                joined += 1;
            }
        }
        // Passes over the joins left: those leant towards, the indifferent, those leant from.
        for pass in 0..3u8 {
            for (edge, ends) in self.ends.iter().enumerate() {
                let Some((a, b)) = *ends else { continue };
                if tree[edge] || ties.forbidden[edge] > 0 {
                    continue;
                }
                let leaning = lean.map_or(1, |l| {
                    if l.required[edge] > 0 {
                        0
                    } else if l.forbidden[edge] > 0 {
                        2
                    } else {
                        1
                    }
                });
                if leaning == pass && sets.union(a as usize, b as usize) {
                    tree[edge] = true;
                    joined += 1;
                }
            }
            if joined == self.open_count {
                break;
            }
        }
        (joined == self.open_count).then_some(tree)
    }

    /// The joins of a block that exist, with the block at the other end.
    fn incident(&self, block: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let blocks = self.columns * self.rows;
        let (bx, by) = (block % self.columns, block / self.columns);
        [
            Some(block),
            (bx > 0).then(|| block - 1),
            Some(blocks + block),
            (by > 0).then(|| blocks + block - self.columns),
        ]
        .into_iter()
        .flatten()
        .filter_map(move |edge| {
            let (a, b) = self.edge_ends(edge)?;
            Some((edge, if a == block { b } else { a }))
        })
    }

    /// Changes `tree`, which fits `ties` except for the `tie` just added to them, into
    /// one that fits them all, by swapping one join; false if no tree fits them all.
    /// Exact: if swapping cannot do it, the ties allow no tree at all.
    pub fn repair(&self, tree: &mut [bool], ties: &Ties, tie: Tie) -> bool {
        match tie {
            Tie::Around(None) => true,
            Tie::Cross(e) if tree[e] => true,
            Tie::Around(Some(e)) if !tree[e] => true,
            Tie::Cross(e) => {
                // Joining e closes a loop in the tree; any other join on it that is not
                // required can go. If all are required, the required joins loop.
                let (a, b) = match self.edge_ends(e) {
                    Some(ends) if ties.forbidden[e] == 0 => ends,
                    _ => return false,
                };
                let Some(loop_edges) = self.tree_path(tree, a, b) else {
                    return false;
                };
                match loop_edges.into_iter().find(|&f| ties.required[f] == 0) {
                    Some(f) => {
                        tree[f] = false;
                        tree[e] = true;
                        true
                    }
                    None => false,
                }
            }
            Tie::Around(Some(e)) => {
                // Cutting e splits the tree in two; any join across that is not forbidden
                // mends it. If there is none, the joins left cannot connect the blocks.
                if ties.required[e] > 0 {
                    return false;
                }
                let Some((a, b)) = self.edge_ends(e) else {
                    return false;
                };
                tree[e] = false;
                let (side, inside) = self.smaller_side(tree, a, b);
                let mend = side.into_iter().find_map(|block| {
                    self.incident(block).find_map(|(f, other)| {
                        (f != e && !inside(other) && ties.forbidden[f] == 0).then_some(f)
                    })
                });
                match mend {
                    Some(f) => {
                        tree[f] = true;
                        true
                    }
                    None => {
                        tree[e] = true;
                        false
                    }
                }
            }
        }
    }

    /// The joins on the tree's path from block `a` to block `b`.
    fn tree_path(&self, tree: &[bool], a: usize, b: usize) -> Option<Vec<usize>> {
        let mut via: Vec<Option<(usize, usize)>> = vec![None; self.columns * self.rows];
        let mut stack = vec![a];
        let mut seen = vec![false; self.columns * self.rows];
        seen[a] = true;
        while let Some(block) = stack.pop() {
            if block == b {
                break;
            }
            for (edge, other) in self.incident(block) {
                if tree[edge] && !seen[other] {
                    seen[other] = true;
                    via[other] = Some((edge, block));
                    stack.push(other);
                }
            }
        }
        let mut path = vec![];
        let mut at = b;
        while at != a {
            let (edge, from) = via[at]?;
            path.push(edge);
            at = from;
        }
        Some(path)
    }

    /// The blocks of the smaller of the tree's two parts, `a`'s and `b`'s (the tree has
    /// just lost the join between them), found by searching from both in turn; with a
    /// test of whether a block is in that part.
    fn smaller_side(
        &self,
        tree: &[bool],
        a: usize,
        b: usize,
    ) -> (Vec<usize>, impl Fn(usize) -> bool + use<>) {
        let mut owner = vec![0u8; self.columns * self.rows];
        let mut found = [vec![a], vec![b]];
        let mut next = [0, 0];
        owner[a] = 1;
        owner[b] = 2;
        loop {
            for side in 0..2 {
                let Some(&block) = found[side].get(next[side]) else {
                    let label = side as u8 + 1;
                    return (std::mem::take(&mut found[side]), move |b| owner[b] == label);
                };
                next[side] += 1;
                for (edge, other) in self.incident(block) {
                    if tree[edge] && owner[other] == 0 {
                        owner[other] = side as u8 + 1;
                        found[side].push(other);
                    }
                }
            }
        }
    }

    /// Whether the cycle around `tree` makes the move that asks for `tie`.
    pub fn honours(tree: &[bool], tie: Tie) -> bool {
        match tie {
            Tie::Cross(e) => tree[e],
            Tie::Around(e) => e.is_none_or(|e| !tree[e]),
        }
    }

    /// The cell after `cell` on the cycle around `tree`.
    pub fn next_on(&self, tree: &[bool], cell: Pos) -> Pos {
        let (cross_dir, edge) = self.crossing(cell);
        if edge.is_some_and(|e| tree[e]) {
            cell.step(cross_dir)
        } else {
            cell.step(Self::around(cell))
        }
    }

    /// The cycle around `tree`, from `start`.
    pub fn cycle_from(&self, tree: &[bool], start: Pos) -> Vec<Pos> {
        let mut order = vec![start];
        let mut at = self.next_on(tree, start);
        while at != start && order.len() <= 4 * self.open_count {
            order.push(at);
            at = self.next_on(tree, at);
        }
        order
    }
}

/// The joins a body asks of the tree, counted (a body may ask the same twice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ties {
    required: Vec<u16>,
    forbidden: Vec<u16>,
}

impl Ties {
    pub fn new(blocks: &Blocks) -> Ties {
        Ties {
            required: vec![0; blocks.edge_count()],
            forbidden: vec![0; blocks.edge_count()],
        }
    }

    /// The ties of a body given tail first, or None if one of its moves is not allowed.
    pub fn of_body(blocks: &Blocks, tail_first: impl Iterator<Item = Pos>) -> Option<Ties> {
        let mut ties = Ties::new(blocks);
        let mut previous: Option<Pos> = None;
        for cell in tail_first {
            if let Some(p) = previous {
                ties.add(blocks.tie(p, cell)?);
            }
            previous = Some(cell);
        }
        Some(ties)
    }

    pub fn add(&mut self, tie: Tie) {
        match tie {
            Tie::Cross(e) => self.required[e] += 1,
            Tie::Around(Some(e)) => self.forbidden[e] += 1,
            Tie::Around(None) => {}
        }
    }

    pub fn remove(&mut self, tie: Tie) {
        match tie {
            Tie::Cross(e) => self.required[e] -= 1,
            Tie::Around(Some(e)) => self.forbidden[e] -= 1,
            Tie::Around(None) => {}
        }
    }
}

struct UnionFind {
    parent: Vec<u16>,
    size: Vec<u16>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u16).collect(),
            size: vec![1; n],
        }
    }

    fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            self.parent[a] = self.parent[self.parent[a] as usize];
            a = self.parent[a] as usize;
        }
        a
    }

    /// Joins the sets of `a` and `b`; false if they were already one.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (small, large) = if self.size[ra] < self.size[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small] = large as u16;
        self.size[large] += self.size[small];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(w: usize, h: usize) -> Grid<bool> {
        Grid::new(w, h, false)
    }

    #[test]
    fn every_spanning_tree_walk_is_a_hamiltonian_cycle_using_only_allowed_moves() {
        let walls = open(8, 6);
        let blocks = Blocks::of(&walls).unwrap();
        let mut ties = Ties::new(&blocks);
        // Forbid a few joins to get different trees.
        for forbidden in [vec![], vec![0], vec![1, 13], vec![2, 14, 5]] {
            ties.forbidden.iter_mut().for_each(|f| *f = 0);
            for e in forbidden {
                ties.forbidden[e] = 1;
            }
            let tree = blocks.spanning_tree(&ties).unwrap();
            let cycle = blocks.cycle_from(&tree, Pos::new(0, 0));
            assert_eq!(cycle.len(), 48);
            let mut seen = Grid::new(8, 6, false);
            for (i, &p) in cycle.iter().enumerate() {
                assert!(!seen[p]);
                seen.set(p, true);
                let next = cycle[(i + 1) % cycle.len()];
                assert!(blocks.tie(p, next).is_some(), "{p} -> {next} is allowed");
            }
        }
    }

    #[test]
    fn a_body_fits_a_cycle_only_when_its_ties_allow_a_tree() {
        let blocks = Blocks::of(&open(6, 6)).unwrap();
        // Down the left column from the top-left corner: (0,0) goes around, (0,1) crosses down,
        // (0,2) goes around its block ... fits.
        let body = [
            Pos::new(0, 0),
            Pos::new(0, 1),
            Pos::new(0, 2),
            Pos::new(0, 3),
        ];
        let ties = Ties::of_body(&blocks, body.into_iter()).unwrap();
        assert!(blocks.spanning_tree(&ties).is_some());
        // Moving up the left column is not an allowed move at all.
        assert!(Ties::of_body(&blocks, body.into_iter().rev()).is_none());
        // Going around all four cells of the top-left corner block forbids both ways out.
        let closed = [
            Pos::new(0, 0),
            Pos::new(0, 1),
            Pos::new(1, 1),
            Pos::new(1, 0),
        ];
        let ties = Ties::of_body(&blocks, closed.into_iter()).unwrap();
        assert!(blocks.spanning_tree(&ties).is_none());
    }

    /// Whether `tree` is a spanning tree of the free blocks that fits `ties`.
    fn fits_ties(blocks: &Blocks, tree: &[bool], ties: &Ties) -> bool {
        let mut sets = UnionFind::new(blocks.columns * blocks.rows);
        let mut joins = 0;
        for (edge, &in_tree) in tree.iter().enumerate() {
            if in_tree {
                let Some((a, b)) = blocks.edge_ends(edge) else {
                    return false;
                };
                if !sets.union(a, b) || ties.forbidden[edge] > 0 {
                    return false;
                }
                joins += 1;
            } else if ties.required[edge] > 0 {
                return false;
            }
        }
        joins + 1 == blocks.open_count
    }

    #[test]
    fn repairing_a_tree_agrees_with_building_one_from_scratch() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut walls = open(10, 8);
        for p in [(4, 2), (5, 2), (4, 3), (5, 3)] {
            walls.set(Pos::new(p.0, p.1), true);
        }
        let blocks = Blocks::of(&walls).unwrap();
        let edges: Vec<usize> = (0..blocks.edge_count())
            .filter(|&e| blocks.edge_ends(e).is_some())
            .collect();
        let mut rng = StdRng::seed_from_u64(7);
        let (mut feasible, mut infeasible) = (0, 0);
        for _ in 0..3000 {
            // Ties that some tree fits: a random tree's joins required, others forbidden.
            let mut lean = Ties::new(&blocks);
            for &e in &edges {
                if rng.random_bool(0.5) {
                    lean.required[e] = 1;
                }
            }
            let random_tree = blocks
                .spanning_tree_leaning(&Ties::new(&blocks), Some(&lean))
                .unwrap();
            let mut ties = Ties::new(&blocks);
            for &e in &edges {
                match (random_tree[e], rng.random_range(0..3)) {
                    (true, 0) => ties.required[e] = 1,
                    (false, 0) => ties.forbidden[e] = 1,
                    _ => {}
                }
            }
            let mut tree = blocks.spanning_tree(&ties).unwrap();
            let e = edges[rng.random_range(0..edges.len())];
            let tie = if rng.random_bool(0.5) {
                Tie::Cross(e)
            } else {
                Tie::Around(Some(e))
            };
            ties.add(tie);
            let exists = blocks.spanning_tree(&ties).is_some();
            assert_eq!(blocks.repair(&mut tree, &ties, tie), exists, "{tie:?}");
            if exists {
                assert!(fits_ties(&blocks, &tree, &ties));
                feasible += 1;
            } else {
                infeasible += 1;
            }
        }
        assert!(
            feasible > 100 && infeasible > 100,
            "{feasible} / {infeasible}"
        );
    }

    #[test]
    fn boards_with_odd_sides_or_walls_cutting_blocks_have_no_blocks() {
        assert!(Blocks::of(&open(7, 6)).is_none());
        let mut walls = open(6, 6);
        walls.set(Pos::new(2, 2), true);
        assert!(Blocks::of(&walls).is_none());
        for p in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            walls.set(Pos::new(p.0, p.1), true);
        }
        assert!(Blocks::of(&walls).is_some());
    }
}
