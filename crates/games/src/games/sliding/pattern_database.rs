//! Additive pattern databases (Korf and Felner 2002; Felner, Korf and Hanan 2004): the tiles
//! are split into groups, and for each group a table holds, for every way its tiles can lie,
//! the fewest moves *of those tiles* that bring them home, the other tiles free to pass as
//! if they were not there. A move moves one tile, so the groups' counts add up to a lower
//! bound on the whole puzzle's moves. Each table is made once, by a breadth-first search
//! backwards from the goal over the group's tiles and the blank (a move of another tile
//! costs 0, of a group tile 1), then the blank is forgotten: the least over its cells.
//!
//! The 15-puzzle uses the 6-6-3 split (tiles 1-6, 7-12 and 13-15 of the goal's order): two
//! tables of 16·15·…·11 = 5,765,760 entries and one of 3,360, a byte each.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};

use super::position::{MAX_SIDE, Position};

const CELLS: usize = MAX_SIDE * MAX_SIDE;

/// One group's table.
#[derive(Debug)]
struct Group {
    tiles: Vec<u8>,
    /// By the rank of the cells the group's tiles lie on: their fewest moves home.
    moves: Vec<u8>,
}

/// The tables made so far, by goal.
type Made = Mutex<Vec<(Position, Arc<PatternDatabase>)>>;

/// The tables of one goal: the sum of their entries is the estimate.
#[derive(Debug)]
pub struct PatternDatabase {
    side: usize,
    groups: Vec<Group>,
}

/// The number of ways to place `k` distinct items on `n` cells.
fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The rank of `cells` (distinct, each below `n`) among the placements of that many items on
/// `n` cells: a mixed-radix number whose digit i counts the free cells below cell i.
fn rank(cells: &[u8], n: usize) -> usize {
    let mut used = 0u32;
    let mut r = 0;
    for (i, &c) in cells.iter().enumerate() {
        let below = (!used & ((1u32 << c) - 1)).count_ones() as usize;
        r = r * (n - i) + below;
        used |= 1 << c;
    }
    r
}

/// The inverse of [`rank`]: the `k` cells of placement `r`.
fn unrank(mut r: usize, n: usize, k: usize, out: &mut [u8]) {
    let mut digits = [0usize; CELLS + 1];
    for i in (0..k).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut used = 0u32;
    for i in 0..k {
        let mut left = digits[i];
        let mut c = 0;
        loop {
            if used & (1 << c) == 0 {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            c += 1;
        }
        out[i] = c as u8;
        used |= 1 << c;
    }
}

/// Every table made in this process, by goal.
static MADE: OnceLock<Made> = OnceLock::new();

impl PatternDatabase {
    /// The tables for `goal`, split into `groups` of tiles (no blank, no tile twice).
    pub fn build(goal: Position, groups: &[Vec<u8>]) -> PatternDatabase {
        let side = goal.side();
        let groups = groups.iter().map(|g| Group::build(goal, g)).collect();
        PatternDatabase { side, groups }
    }

    /// The split this project uses for a goal of `side`: 3 x 3 two groups of four, 4 x 4 the
    /// 6-6-3 split; none for 5 x 5 (its tables would not fit a classroom laptop) and 2 x 2
    /// (one group is the whole puzzle).
    pub fn standard_groups(goal: Position) -> Result<Vec<Vec<u8>>, String> {
        let order: Vec<u8> = goal.tiles().into_iter().filter(|&t| t != 0).collect();
        let sizes: &[usize] = match goal.side() {
            2 => &[3],
            3 => &[4, 4],
            4 => &[6, 6, 3],
            side => {
                return Err(format!(
                    "no pattern database for {side} x {side}: use linear-conflict"
                ));
            }
        };
        let mut groups = vec![];
        let mut at = 0;
        for &size in sizes {
            groups.push(order[at..at + size].to_vec());
            at += size;
        }
        Ok(groups)
    }

    /// The tables for `goal` in the standard split, made on first use and kept for the
    /// process (the 15-puzzle's take seconds to make).
    pub fn cached(goal: Position) -> Result<Arc<PatternDatabase>, String> {
        let made = MADE.get_or_init(|| Mutex::new(vec![]));
        let mut made = made.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, db)) = made.iter().find(|(g, _)| *g == goal) {
            return Ok(db.clone());
        }
        let db = Arc::new(PatternDatabase::build(goal, &Self::standard_groups(goal)?));
        made.push((goal, db.clone()));
        Ok(db)
    }

    /// The tables for `goal` if they are made already, without waiting for them (a build
    /// on another thread holds the cache meanwhile).
    pub fn ready(goal: Position) -> Option<Arc<PatternDatabase>> {
        let made = MADE.get()?.try_lock().ok()?;
        made.iter()
            .find(|(g, _)| *g == goal)
            .map(|(_, db)| db.clone())
    }

    /// The bytes the tables hold.
    pub fn bytes(&self) -> usize {
        self.groups.iter().map(|g| g.moves.len()).sum()
    }

    /// The estimate for `position`: the groups' entries added.
    pub fn estimate(&self, position: Position) -> u32 {
        let mut cell_of = [0u8; CELLS];
        for i in 0..position.len() {
            cell_of[position.tile(i) as usize] = i as u8;
        }
        let n = self.side * self.side;
        let mut cells = [0u8; CELLS];
        let mut sum = 0;
        for group in &self.groups {
            for (i, &t) in group.tiles.iter().enumerate() {
                cells[i] = cell_of[t as usize];
            }
            sum += group.moves[rank(&cells[..group.tiles.len()], n)] as u32;
        }
        sum
    }
}

impl Group {
    fn build(goal: Position, tiles: &[u8]) -> Group {
        let side = goal.side();
        let n = side * side;
        let k = tiles.len();
        // The search's states: the group's cells, then the blank's.
        let mut home = [0u8; CELLS + 1];
        for i in 0..n {
            let tile = goal.tile(i);
            if let Some(j) = tiles.iter().position(|&t| t == tile) {
                home[j] = i as u8;
            }
        }
        home[k] = goal.blank() as u8;
        let mut distance = vec![u8::MAX; placements(n, k + 1)];
        let mut queue = VecDeque::new();
        let start = rank(&home[..=k], n);
        distance[start] = 0;
        queue.push_back(start as u32);
        let mut cells = [0u8; CELLS + 1];
        while let Some(at) = queue.pop_front() {
            let d = distance[at as usize];
            unrank(at as usize, n, k + 1, &mut cells);
            let blank = cells[k] as usize;
            let (row, col) = (blank / side, blank % side);
            let steps = [
                (row > 0).then(|| blank - side),
                (row + 1 < side).then(|| blank + side),
                (col > 0).then(|| blank - 1),
                (col + 1 < side).then(|| blank + 1),
            ];
            for to in steps.into_iter().flatten() {
                let mut next = cells;
                let moved = next[..k].iter().position(|&c| c as usize == to);
                if let Some(j) = moved {
                    next[j] = blank as u8;
                }
                next[k] = to as u8;
                let cost = u8::from(moved.is_some());
                let r = rank(&next[..=k], n);
                if d + cost < distance[r] {
                    distance[r] = d + cost;
                    if cost == 0 {
                        queue.push_front(r as u32);
                    } else {
                        queue.push_back(r as u32);
                    }
                }
            }
        }
        // Forget the blank: the least over its cells.
        let mut moves = vec![u8::MAX; placements(n, k)];
        for (r, &d) in distance.iter().enumerate() {
            unrank(r, n, k + 1, &mut cells);
            let group = rank(&cells[..k], n);
            moves[group] = moves[group].min(d);
        }
        Group {
            tiles: tiles.to_vec(),
            moves,
        }
    }
}
