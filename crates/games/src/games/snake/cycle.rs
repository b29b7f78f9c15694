//! A planner that never loses: the snake follows a Hamiltonian cycle (a loop through every
//! free cell) and takes shortcuts that cannot trap it.
//!
//! Number the cells along the cycle and measure each cell's rank from the tail, forwards.
//! Keep this true: the body's ranks increase from the tail to the head. Then every cell
//! ranked above the head is free, so the head can always take its next cycle cell (and the
//! snake never dies), and any move to a free neighbour ranked above the head keeps the rule.
//! The planner finds the shortest such rank-increasing path to the food (a BFS that only
//! steps uphill in rank) and takes its first move. When the food lies behind the head in
//! rank, it waits by following the cycle until the tail has passed it.

use super::SnakeGame;
use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;
use crate::msg;

/// A Hamiltonian cycle of a board's free cells, with each cell's place on it.
#[derive(Clone, Debug)]
pub struct Cycle {
    pub order: Vec<Pos>,
    pub place: Grid<u32>,
}

impl Cycle {
    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The cell after `pos` on the cycle.
    pub fn next(&self, pos: Pos) -> Pos {
        let i = self.place[pos] as usize;
        self.order[(i + 1) % self.order.len()]
    }

    fn from_order(order: Vec<Pos>, width: usize, height: usize) -> Cycle {
        let mut place = Grid::new(width, height, u32::MAX);
        for (i, &p) in order.iter().enumerate() {
            place.set(p, i as u32);
        }
        Cycle { order, place }
    }

    /// Whether `order` is a closed walk through each of the free cells once.
    pub fn is_valid(&self, walls: &Grid<bool>) -> bool {
        let free = walls.cells().iter().filter(|&&w| !w).count();
        let mut seen = Grid::new(walls.width(), walls.height(), false);
        for (i, &p) in self.order.iter().enumerate() {
            let next = self.order[(i + 1) % self.order.len()];
            if walls.get(p).copied().unwrap_or(true) || seen[p] || p.manhattan(next) != 1 {
                return false;
            }
            seen.set(p, true);
        }
        self.order.len() == free
    }
}

/// A Hamiltonian cycle of the free cells of `walls`, or why there is none.
pub fn hamiltonian_cycle(walls: &Grid<bool>) -> Result<Cycle, Message> {
    let (w, h) = (walls.width(), walls.height());
    let free: Vec<Pos> = walls.positions().filter(|&p| !walls[p]).collect();
    // A cycle alternates the two colours of a chessboard: it needs as many of each.
    let black = free.iter().filter(|p| (p.x + p.y) % 2 == 0).count();
    if black * 2 != free.len() {
        return Err(if free.len() == w * h {
            msg!("cycle-both-odd", width = w, height = h)
        } else {
            msg!("cycle-colours", light = black, dark = free.len() - black)
        });
    }
    if free.len() == w * h {
        return Ok(Cycle::from_order(open_board_cycle(w, h), w, h));
    }
    if let Some(order) = block_tree_cycle(walls) {
        return Ok(Cycle::from_order(order, w, h));
    }
    match backtracking_cycle(walls, 2_000_000) {
        Some(order) => Ok(Cycle::from_order(order, w, h)),
        None => Err(msg!("cycle-not-found")),
    }
}

/// The zig-zag cycle of an open board (one side even): down the first column, up and down
/// the others below the top row, and home along the top row.
fn open_board_cycle(w: usize, h: usize) -> Vec<Pos> {
    if w % 2 == 1 {
        return open_board_cycle(h, w)
            .into_iter()
            .map(|p| Pos::new(p.y, p.x))
            .collect();
    }
    let mut order = vec![];
    for x in 0..w as i32 {
        let rows: Vec<i32> = if x == 0 {
            (0..h as i32).collect()
        } else {
            (1..h as i32).collect()
        };
        if x % 2 == 0 {
            order.extend(rows.iter().map(|&y| Pos::new(x, y)));
        } else {
            order.extend(rows.iter().rev().map(|&y| Pos::new(x, y)));
        }
    }
    order.extend((1..w as i32).rev().map(|x| Pos::new(x, 0)));
    order
}

/// When the free cells are whole 2 x 2 blocks (of an even board), a cycle goes around a
/// spanning tree of the blocks, like a hand kept on the wall of a maze.
fn block_tree_cycle(walls: &Grid<bool>) -> Option<Vec<Pos>> {
    let (w, h) = (walls.width(), walls.height());
    if w % 2 == 1 || h % 2 == 1 {
        return None;
    }
    let (bw, bh) = (w / 2, h / 2);
    let block_free = |bx: usize, by: usize| -> Option<bool> {
        let cells = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .map(|(dx, dy)| !walls[Pos::new((2 * bx + dx) as i32, (2 * by + dy) as i32)]);
        if cells.iter().all(|&c| c) {
            Some(true)
        } else if cells.iter().all(|&c| !c) {
            Some(false)
        } else {
            None
        }
    };
    let mut free = Grid::new(bw, bh, false);
    for by in 0..bh {
        for bx in 0..bw {
            free.set(Pos::new(bx as i32, by as i32), block_free(bx, by)?);
        }
    }
    let first = free.positions().find(|&p| free[p])?;
    // Tree edges: right[b] / down[b] join block b with its right / lower neighbour.
    let mut right = Grid::new(bw, bh, false);
    let mut down = Grid::new(bw, bh, false);
    let mut seen = Grid::new(bw, bh, false);
    let mut stack = vec![first];
    seen.set(first, true);
    let mut count = 1;
    while let Some(b) = stack.pop() {
        for dir in Dir::ALL {
            let n = b.step(dir);
            if free.get(n).copied().unwrap_or(false) && !seen[n] {
                seen.set(n, true);
                count += 1;
                match dir {
                    Dir::Right => right.set(b, true),
                    Dir::Left => right.set(n, true),
                    Dir::Down => down.set(b, true),
                    Dir::Up => down.set(n, true),
                };
                stack.push(b);
                stack.push(n);
                break;
            }
        }
    }
    if count != free.cells().iter().filter(|&&f| f).count() {
        return None;
    }
    // Walk: inside a block go anticlockwise (down the left, right along the bottom, up the
    // right, left along the top); a tree edge diverts the walk into the neighbour.
    let next = |p: Pos| -> Pos {
        let (b, lx, ly) = (Pos::new(p.x / 2, p.y / 2), p.x % 2, p.y % 2);
        match (lx, ly) {
            (0, 0) if b.x > 0 && right[b.step(Dir::Left)] => p.step(Dir::Left),
            (0, 0) => p.step(Dir::Down),
            (0, 1) if down[b] => p.step(Dir::Down),
            (0, 1) => p.step(Dir::Right),
            (1, 1) if right[b] => p.step(Dir::Right),
            (1, 1) => p.step(Dir::Up),
            (1, 0) if b.y > 0 && down[b.step(Dir::Up)] => p.step(Dir::Up),
            _ => p.step(Dir::Left),
        }
    };
    let start = Pos::new(first.x * 2, first.y * 2);
    let mut order = vec![start];
    let mut at = next(start);
    while at != start {
        order.push(at);
        if order.len() > w * h {
            return None;
        }
        at = next(at);
    }
    Some(order)
}

/// A depth-first search for a cycle (fewest onward moves first), giving up after `budget`
/// steps: the general case is hard, and odd wall shapes may have no cycle at all.
fn backtracking_cycle(walls: &Grid<bool>, budget: usize) -> Option<Vec<Pos>> {
    let free_count = walls.cells().iter().filter(|&&w| !w).count();
    let start = walls.positions().find(|&p| !walls[p])?;
    let open = |p: Pos| !walls.get(p).copied().unwrap_or(true);
    if walls
        .positions()
        .any(|p| open(p) && Dir::ALL.iter().filter(|&&d| open(p.step(d))).count() < 2)
    {
        return None;
    }
    let mut used = Grid::new(walls.width(), walls.height(), false);
    let mut path = vec![start];
    used.set(start, true);
    let mut choices: Vec<Vec<Pos>> = vec![];
    let mut steps = 0;
    let onward = |p: Pos, used: &Grid<bool>| {
        Dir::ALL
            .iter()
            .filter(|&&d| open(p.step(d)) && !used[p.step(d)])
            .count()
    };
    loop {
        steps += 1;
        if steps > budget {
            return None;
        }
        let at = *path.last()?;
        if path.len() == free_count {
            if at.manhattan(start) == 1 {
                return Some(path);
            }
        } else if choices.len() < path.len() {
            let mut next: Vec<Pos> = Dir::ALL
                .iter()
                .map(|&d| at.step(d))
                .filter(|&n| open(n) && !used[n])
                .collect();
            next.sort_by_key(|&n| std::cmp::Reverse(onward(n, &used)));
            choices.push(next);
        }
        match choices.get_mut(path.len() - 1).and_then(|c| c.pop()) {
            Some(n) if path.len() < free_count => {
                used.set(n, true);
                path.push(n);
            }
            _ => {
                let back = path.pop()?;
                used.set(back, false);
                choices.truncate(path.len());
                if path.is_empty() {
                    return None;
                }
            }
        }
    }
}

/// How much a skipped cell costs on a full board, in steps; scaled by fill^SKIP_POWER so
/// a short snake cuts freely and a long one keeps to the cycle.
const SKIP_CHARGE: f64 = 4.0;
const SKIP_POWER: f64 = 2.0;

/// What the cycle planner decided, and why.
#[derive(Clone, Debug)]
pub struct CycleDecision {
    pub choice: Dir,
    /// The uphill path to the food, head first, when the food is ahead.
    pub path: Option<Vec<Pos>>,
    /// Which of the cycles the decision used.
    pub cycle: usize,
    pub reason: Message,
}

/// A plan on one cycle: where following it leads, and the cheapest uphill path to the food.
struct Plan {
    follow: Dir,
    path: Option<(Vec<Pos>, f64)>,
    skipped: u32,
}

/// Whether the body's ranks on `cycle` increase from the tail to the head (so the cycle is
/// safe to follow from here). A snake of two whose tail is the head's next cycle cell does
/// not count: that cell is its neck.
fn body_climbs(game: &SnakeGame, cycle: &Cycle) -> bool {
    if game.len() == 2
        && cycle.place.get(game.head()).is_some()
        && cycle.next(game.head()) == game.tail()
    {
        return false;
    }
    let n = cycle.len() as u32;
    let tail_place = cycle.place[game.tail()];
    let mut last = None;
    for &p in game.body().iter().rev() {
        let place = cycle.place[p];
        if place == u32::MAX {
            return false;
        }
        let rank = (place + n - tail_place) % n;
        if last.is_some_and(|l| rank <= l) {
            return false;
        }
        last = Some(rank);
    }
    true
}

fn plan_on(game: &SnakeGame, cycle: &Cycle) -> Plan {
    let n = cycle.len() as u32;
    let tail_place = cycle.place[game.tail()];
    let rank = |p: Pos| (cycle.place[p] + n - tail_place) % n;
    let head = game.head();
    let head_rank = rank(head);
    let follow = Dir::between(head, cycle.next(head)).unwrap_or(Dir::Up);
    let no_path = Plan {
        follow,
        path: None,
        skipped: 0,
    };
    let Some(food) = game.food() else {
        return no_path;
    };
    let food_rank = rank(food);
    if food_rank <= head_rank {
        return no_path;
    }
    // Cheapest uphill path from the head to the food, cells taken in rank order (a DAG). A
    // step costs 1, plus a charge for each cell it skips: skipped cells become gaps behind
    // the head, and food that lands in a gap must wait for the tail to pass it, which
    // costs more the longer the snake is.
    let fill = game.len() as f64 / n as f64;
    let charge = SKIP_CHARGE * fill.powf(SKIP_POWER);
    let mut cost: Grid<f64> = Grid::new(game.width(), game.height(), f64::INFINITY);
    let mut came_from: Grid<Option<Pos>> = Grid::new(game.width(), game.height(), None);
    cost.set(head, 0.0);
    for r in head_rank + 1..=food_rank {
        let cell = cycle.order[((tail_place + r) % n) as usize];
        if game.is_body(cell) || (r == n - 1 && game.len() < 3) {
            // (A snake of two must not stand just behind its tail: its next cycle cell
            // would be its own neck.)
            continue;
        }
        for dir in Dir::ALL {
            let from = cell.step(dir);
            if game.is_wall(from) || cycle.place.get(from).is_none() {
                continue;
            }
            let from_rank = rank(from);
            if from_rank < head_rank || from_rank >= r || cost[from].is_infinite() {
                continue;
            }
            let step = 1.0 + charge * (r - from_rank - 1) as f64;
            if cost[from] + step < cost[cell] {
                cost.set(cell, cost[from] + step);
                came_from.set(cell, Some(from));
            }
        }
    }
    if cost[food].is_infinite() {
        return no_path;
    }
    let mut path = vec![food];
    while let Some(previous) = came_from[*path.last().unwrap_or(&head)] {
        path.push(previous);
    }
    path.reverse();
    let skipped = path.get(1).map_or(0, |&p| rank(p) - head_rank - 1);
    Plan {
        follow,
        path: Some((path, cost[food])),
        skipped,
    }
}

/// The cycle planner's move: on each of `cycles` the body still climbs, the cheapest uphill
/// path to the food; the cheapest of all wins. With no food ahead on any of them, it
/// follows `preferred` if the body climbs it, else the first such cycle. None when the body
/// climbs none of them (someone else steered it): see `realign`.
pub fn decide(game: &SnakeGame, cycles: &[Cycle], preferred: usize) -> Option<CycleDecision> {
    let mut best: Option<(usize, Plan)> = None;
    let mut fallback: Option<(usize, Dir)> = None;
    for (i, cycle) in cycles.iter().enumerate() {
        if !body_climbs(game, cycle) {
            continue;
        }
        let plan = plan_on(game, cycle);
        if fallback.is_none() || i == preferred {
            fallback = Some((i, plan.follow));
        }
        let cost = plan.path.as_ref().map(|(_, c)| *c);
        if let Some(cost) = cost
            && best
                .as_ref()
                .is_none_or(|(_, b)| b.path.as_ref().is_none_or(|(_, bc)| cost < *bc))
        {
            best = Some((i, plan));
        }
    }
    match (best, fallback) {
        (Some((i, plan)), _) => Some({
            let (path, _) = plan.path.unwrap_or_default();
            let choice = path
                .get(1)
                .and_then(|&p| Dir::between(game.head(), p))
                .unwrap_or(plan.follow);
            let reason = if plan.skipped == 0 {
                msg!("cycle-uphill", moves = path.len() - 1, cycle = i + 1)
            } else {
                msg!(
                    "cycle-shortcut",
                    cycle = i + 1,
                    moves = path.len() - 1,
                    skipped = plan.skipped
                )
            };
            CycleDecision {
                choice,
                path: Some(path),
                cycle: i,
                reason,
            }
        }),
        (None, Some((i, follow))) => Some(CycleDecision {
            choice: follow,
            path: None,
            cycle: i,
            reason: msg!("cycle-food-behind"),
        }),
        (None, None) => None,
    }
}

/// Several Hamiltonian cycles of the same board: for an open board the zig-zag in every
/// orientation and both directions; otherwise the one found, both ways round.
pub fn cycles_for(walls: &Grid<bool>) -> Result<Vec<Cycle>, Message> {
    let base = hamiltonian_cycle(walls)?;
    let (w, h) = (walls.width(), walls.height());
    let mut orders: Vec<Vec<Pos>> = vec![base.order.clone()];
    if walls.cells().iter().all(|&wall| !wall) {
        let (wi, hi) = (w as i32 - 1, h as i32 - 1);
        let mut maps: Vec<Box<dyn Fn(Pos) -> Pos>> = vec![
            Box::new(move |p: Pos| Pos::new(wi - p.x, p.y)),
            Box::new(move |p: Pos| Pos::new(p.x, hi - p.y)),
            Box::new(move |p: Pos| Pos::new(wi - p.x, hi - p.y)),
        ];
        if w == h {
            maps.push(Box::new(|p: Pos| Pos::new(p.y, p.x)));
            maps.push(Box::new(move |p: Pos| Pos::new(wi - p.y, p.x)));
            maps.push(Box::new(move |p: Pos| Pos::new(p.y, hi - p.x)));
            maps.push(Box::new(move |p: Pos| Pos::new(wi - p.y, hi - p.x)));
        }
        for map in &maps {
            orders.push(base.order.iter().map(|&p| map(p)).collect());
        }
    }
    let reversed: Vec<Vec<Pos>> = orders
        .iter()
        .map(|o| o.iter().rev().copied().collect())
        .collect();
    orders.extend(reversed);
    Ok(orders
        .into_iter()
        .map(|o| Cycle::from_order(o, w, h))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_boards_with_an_even_side_have_a_cycle_and_odd_by_odd_do_not() {
        for (w, h) in [
            (6, 6),
            (7, 6),
            (6, 7),
            (10, 10),
            (20, 20),
            (31, 40),
            (40, 40),
        ] {
            let walls = Grid::new(w, h, false);
            let cycle = hamiltonian_cycle(&walls).unwrap();
            assert!(cycle.is_valid(&walls), "{w}x{h}");
        }
        let error = hamiltonian_cycle(&Grid::new(7, 9, false))
            .unwrap_err()
            .to_string();
        assert!(error.contains("both sides odd"), "{error}");
    }

    #[test]
    fn walls_in_blocks_get_a_cycle_around_a_spanning_tree() {
        let mut walls = Grid::new(12, 10, false);
        for (bx, by) in [(1, 1), (2, 1), (4, 3), (1, 3)] {
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                walls.set(Pos::new(2 * bx + dx, 2 * by + dy), true);
            }
        }
        let cycle = hamiltonian_cycle(&walls).unwrap();
        assert!(cycle.is_valid(&walls));
    }

    #[test]
    fn other_walls_are_searched_and_impossible_ones_explained() {
        let mut walls = Grid::new(6, 6, false);
        walls.set(Pos::new(2, 2), true);
        walls.set(Pos::new(3, 2), true);
        let cycle = hamiltonian_cycle(&walls).unwrap();
        assert!(cycle.is_valid(&walls));
        let mut odd = Grid::new(6, 6, false);
        odd.set(Pos::new(2, 2), true);
        assert!(
            hamiltonian_cycle(&odd)
                .unwrap_err()
                .to_string()
                .contains("light")
        );
    }
}
