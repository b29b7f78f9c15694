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
    // Digit i picks the free cell with that many free cells below it: clear that many of
    // the lowest free cells, the lowest left is the one.
    let mut free: u32 = if n == 32 { u32::MAX } else { (1 << n) - 1 };
    for i in 0..k {
        let mut left = free;
        for _ in 0..digits[i] {
            left &= left - 1;
        }
        let c = left.trailing_zeros();
        out[i] = c as u8;
        free &= !(1 << c);
    }
}

/// Every table made in this process, by goal.
static MADE: OnceLock<Made> = OnceLock::new();

impl PatternDatabase {
    /// The tables for `goal`, split into `groups` of tiles (no blank, no tile twice).
    pub fn build(goal: Position, groups: &[Vec<u8>]) -> PatternDatabase {
        let mut build = TablesBuild::new(goal, groups.to_vec());
        loop {
            if let Some(tables) = build.advance(usize::MAX) {
                return tables;
            }
        }
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
    /// process (the 15-puzzle's take seconds to make: [`TablesBuild`] makes them a part at
    /// a time, with its progress).
    pub fn cached(goal: Position) -> Result<Arc<PatternDatabase>, String> {
        if let Some(tables) = Self::ready(goal) {
            return Ok(tables);
        }
        let tables = PatternDatabase::build(goal, &Self::standard_groups(goal)?);
        Ok(Self::keep(goal, tables))
    }

    /// Keeps `tables`, made for `goal`, for the rest of the process; the ones kept.
    pub fn keep(goal: Position, tables: PatternDatabase) -> Arc<PatternDatabase> {
        let made = MADE.get_or_init(|| Mutex::new(vec![]));
        let mut made = made.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, kept)) = made.iter().find(|(g, _)| *g == goal) {
            return kept.clone();
        }
        let tables = Arc::new(tables);
        made.push((goal, tables.clone()));
        tables
    }

    /// The tables for `goal` if they are made already, without waiting for them (a build
    /// on another thread holds the cache meanwhile).
    pub fn ready(goal: Position) -> Option<Arc<PatternDatabase>> {
        let made = MADE.get()?.lock().unwrap_or_else(|e| e.into_inner());
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

/// One group's table as the textbook builds it: a 0-1 breadth-first search over every
/// placement and cell of the blank, a move of a group tile costing 1 and any other 0, the
/// blank forgotten at the end. What the region search must give, entry for entry.
fn plain_table(goal: Position, tiles: &[u8]) -> Vec<u8> {
    let side = goal.side();
    let n = side * side;
    let k = tiles.len();
    let mut home = [0u8; CELLS + 1];
    for i in 0..n {
        if let Some(j) = tiles.iter().position(|&t| t == goal.tile(i)) {
            home[j] = i as u8;
        }
    }
    home[k] = goal.blank() as u8;
    let mut distance = vec![u8::MAX; placements(n, k + 1)];
    let mut queue = std::collections::VecDeque::new();
    let start = rank(&home[..=k], n);
    distance[start] = 0;
    queue.push_back(start);
    let mut cells = [0u8; CELLS + 1];
    while let Some(at) = queue.pop_front() {
        let d = distance[at];
        unrank(at, n, k + 1, &mut cells);
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
                    queue.push_front(r);
                } else {
                    queue.push_back(r);
                }
            }
        }
    }
    let mut moves = vec![u8::MAX; placements(n, k)];
    for (r, &d) in distance.iter().enumerate() {
        unrank(r, n, k + 1, &mut cells);
        let group = rank(&cells[..k], n);
        moves[group] = moves[group].min(d);
    }
    moves
}

impl PatternDatabase {
    /// The tables for `goal` in `groups`, made the textbook's way (see `plain_table`): the
    /// reference the tests and `cargo bench --bench puzzle` hold [`TablesBuild`] against,
    /// 5 to 8 times slower.
    pub fn build_plain(goal: Position, groups: &[Vec<u8>]) -> PatternDatabase {
        PatternDatabase {
            side: goal.side(),
            groups: groups
                .iter()
                .map(|tiles| Group {
                    tiles: tiles.clone(),
                    moves: plain_table(goal, tiles),
                })
                .collect(),
        }
    }
}

/// A build of the tables of a goal, a number of states at a time.
pub struct TablesBuild {
    goal: Position,
    groups: Vec<Vec<u8>>,
    made: Vec<Group>,
    /// The group being searched, after those in `made`.
    searching: Option<GroupSearch>,
    /// States flooded in the groups done, and in all of them.
    done_before: u64,
    total: u64,
}

impl TablesBuild {
    /// A build of the tables for `goal` in `groups`; nothing is made before [`advance`].
    ///
    /// [`advance`]: TablesBuild::advance
    pub fn new(goal: Position, groups: Vec<Vec<u8>>) -> TablesBuild {
        let n = goal.len();
        let total = groups
            .iter()
            .map(|g| placements(n, g.len() + 1) as u64)
            .sum();
        TablesBuild {
            goal,
            groups,
            made: vec![],
            searching: None,
            done_before: 0,
            total,
        }
    }

    /// A build of the standard split for `goal`, or why it has none.
    pub fn standard(goal: Position) -> Result<TablesBuild, String> {
        Ok(TablesBuild::new(
            goal,
            PatternDatabase::standard_groups(goal)?,
        ))
    }

    pub fn goal(&self) -> Position {
        self.goal
    }

    /// Floods about `states` more states (a placement and a cell of the blank each); the
    /// tables once the last group is done.
    pub fn advance(&mut self, states: usize) -> Option<PatternDatabase> {
        let mut left = states;
        while self.made.len() < self.groups.len() {
            let group = &self.groups[self.made.len()];
            let search = self
                .searching
                .get_or_insert_with(|| GroupSearch::new(self.goal, group));
            let finished = search.advance(&mut left);
            if !finished {
                return None;
            }
            let search = self.searching.take().expect("searching");
            self.done_before += search.flooded;
            self.made.push(search.finish());
        }
        Some(PatternDatabase {
            side: self.goal.side(),
            groups: std::mem::take(&mut self.made),
        })
    }

    /// How far the build has got, from 0 to 1.
    pub fn progress(&self) -> f32 {
        let now = self.searching.as_ref().map_or(0, |s| s.flooded);
        ((self.done_before + now) as f64 / self.total.max(1) as f64) as f32
    }
}

/// The breadth-first search of one group's table (see the module's introduction). A state is
/// held packed, a cell to a hex digit: the group's tiles' cells, the first tile's highest,
/// then the blank's, so a successor is one digit changed, and the packed state is where its
/// bit is (2^28 bits for six tiles on 16 cells: 32 MB while the table is made, against 11.5 MB
/// for ranked placements, and no rank to work out for each of the 60 million states found).
/// It goes a level at a time, the next level's states sorted, so that their bits and entries
/// are read in the order they lie in memory (read at random, the lookups were most of the
/// time).
struct GroupSearch {
    tiles: Vec<u8>,
    side: usize,
    n: usize,
    /// Each cell's neighbours, as a mask of cells.
    neighbours: [u32; CELLS],
    /// The cells not in the first column, and not in the last.
    not_first_column: u32,
    not_last_column: u32,
    all: u32,
    /// By packed placement, the level it was first reached at.
    moves: Vec<u8>,
    /// A bit for each packed state: its region has been flooded.
    flooded_bits: Vec<u64>,
    /// The states of this level, sorted, and those found for the next; where in this
    /// level's the search is.
    level: Vec<u32>,
    next: Vec<u32>,
    at: usize,
    depth: u8,
    flooded: u64,
}

/// The bits of a packed cell.
const DIGIT: u32 = 4;

fn bit(bits: &[u64], i: usize) -> bool {
    bits[i / 64] & (1 << (i % 64)) != 0
}

fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

impl GroupSearch {
    fn new(goal: Position, tiles: &[u8]) -> GroupSearch {
        let side = goal.side();
        let n = side * side;
        let k = tiles.len();
        assert!(
            n <= 1 << DIGIT && (k + 1) as u32 * DIGIT <= 32,
            "tables are made for 2 x 2 to 4 x 4, in groups of up to 7 tiles"
        );
        let mut neighbours = [0u32; CELLS];
        for (c, mask) in neighbours.iter_mut().enumerate().take(n) {
            let (row, col) = (c / side, c % side);
            if row > 0 {
                *mask |= 1 << (c - side);
            }
            if row + 1 < side {
                *mask |= 1 << (c + side);
            }
            if col > 0 {
                *mask |= 1 << (c - 1);
            }
            if col + 1 < side {
                *mask |= 1 << (c + 1);
            }
        }
        let all = (1u32 << n) - 1;
        let column = |col: usize| (0..side).fold(0u32, |m, row| m | 1 << (row * side + col));
        let mut home = [0u8; CELLS + 1];
        for i in 0..n {
            if let Some(j) = tiles.iter().position(|&t| t == goal.tile(i)) {
                home[j] = i as u8;
            }
        }
        home[k] = goal.blank() as u8;
        let packed = 1usize << (DIGIT as usize * k);
        GroupSearch {
            tiles: tiles.to_vec(),
            side,
            n,
            neighbours,
            not_first_column: all & !column(0),
            not_last_column: all & !column(side - 1),
            all,
            moves: vec![u8::MAX; packed],
            flooded_bits: vec![0u64; (packed << DIGIT).div_ceil(64)],
            level: vec![pack(&home[..=k])],
            next: vec![],
            at: 0,
            depth: 0,
            flooded: 0,
        }
    }

    /// `cells` and the cells beside them.
    fn spread(&self, cells: u32) -> u32 {
        (cells
            | (cells << 1) & self.not_first_column
            | (cells >> 1) & self.not_last_column
            | cells << self.side
            | cells >> self.side)
            & self.all
    }

    /// The next level: the states found, sorted, each once, less those whose region has
    /// been flooded meanwhile.
    fn next_level(&mut self) {
        let mut next = std::mem::take(&mut self.next);
        radsort::sort(&mut next);
        next.dedup();
        next.retain(|&state| !bit(&self.flooded_bits, state as usize));
        self.level = next;
        self.at = 0;
        self.depth += 1;
    }

    /// Searches on, counting the states flooded off `left`; true once the table is done.
    fn advance(&mut self, left: &mut usize) -> bool {
        let k = self.tiles.len();
        let mut cells = [0u8; CELLS + 1];
        loop {
            if self.at == self.level.len() {
                if self.next.is_empty() {
                    return true;
                }
                self.next_level();
                continue;
            }
            if *left == 0 {
                return false;
            }
            let state = self.level[self.at];
            self.at += 1;
            if bit(&self.flooded_bits, state as usize) {
                continue;
            }
            unpack(state, k + 1, &mut cells);
            let placement = (state >> DIGIT) as usize;
            let blank = cells[k] as usize;
            let tiles_at: u32 = cells[..k].iter().fold(0, |m, &c| m | 1 << c);
            // The blank's region: every free cell it reaches without moving a group tile.
            let free = self.all & !tiles_at;
            let mut region = 1u32 << blank;
            loop {
                let grown = self.spread(region) & free;
                if grown == region {
                    break;
                }
                region = grown;
            }
            let mut cell_bits = region;
            while cell_bits != 0 {
                let c = cell_bits.trailing_zeros() as usize;
                cell_bits &= cell_bits - 1;
                set(&mut self.flooded_bits, placement << DIGIT | c);
            }
            let flooded = region.count_ones() as usize;
            self.flooded += flooded as u64;
            *left = left.saturating_sub(flooded);
            if self.moves[placement] == u8::MAX {
                self.moves[placement] = self.depth;
            }
            // Each group tile beside the region slides into it: one move, and the blank
            // stands where the tile was. Whether that state is new is asked once the level
            // is done, in the order of memory.
            let without_blank = state & !0xF;
            for (j, &from) in cells[..k].iter().enumerate() {
                let from = from as u32;
                let shift = DIGIT * (k - j) as u32;
                let mut into = self.neighbours[from as usize] & region;
                while into != 0 {
                    let to = into.trailing_zeros();
                    into &= into - 1;
                    let moved = (without_blank & !(0xF << shift)) | to << shift | from;
                    self.next.push(moved);
                }
            }
        }
    }

    /// The table by ranked placement (5.7 MB for six tiles on 16 cells, where the packed
    /// one is 16 MB).
    fn finish(self) -> Group {
        let (n, k) = (self.n, self.tiles.len());
        let mut cells = [0u8; CELLS];
        let moves = (0..placements(n, k))
            .map(|r| {
                unrank(r, n, k, &mut cells);
                self.moves[pack(&cells[..k]) as usize]
            })
            .collect();
        Group {
            tiles: self.tiles,
            moves,
        }
    }
}

/// `cells` packed a hex digit each, the first highest.
fn pack(cells: &[u8]) -> u32 {
    cells.iter().fold(0, |p, &c| p << DIGIT | c as u32)
}

/// The inverse of [`pack`]: the `count` cells of `packed`.
fn unpack(packed: u32, count: usize, out: &mut [u8]) {
    for (i, cell) in out[..count].iter_mut().enumerate() {
        *cell = (packed >> (DIGIT * (count - 1 - i) as u32) & 0xF) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_region_search_makes_the_tables_the_plain_search_makes() {
        let cases: Vec<(Position, Vec<u8>)> = vec![
            (Position::blank_first(3), vec![1, 2, 3, 4]),
            (Position::blank_last(3), vec![5, 6, 7, 8]),
            (
                Position::parse("1 2 3 8 0 4 7 6 5").unwrap(),
                vec![1, 2, 3, 8],
            ),
            (Position::blank_first(4), vec![13, 14, 15]),
            (Position::blank_last(4), vec![1, 2, 5, 6]),
            (Position::blank_first(2), vec![1, 2, 3]),
        ];
        for (goal, tiles) in cases {
            let tables = PatternDatabase::build(goal, std::slice::from_ref(&tiles));
            let plain = PatternDatabase::build_plain(goal, std::slice::from_ref(&tiles));
            assert!(
                tables.groups[0].moves == plain.groups[0].moves,
                "{goal} {tiles:?}: the tables differ"
            );
        }
    }

    #[test]
    fn a_build_advances_a_part_at_a_time_and_says_how_far_it_is() {
        let goal = Position::blank_first(4);
        let groups = vec![vec![1, 2, 3, 4], vec![13, 14, 15]];
        let mut build = TablesBuild::new(goal, groups.clone());
        assert_eq!(build.progress(), 0.0);
        let mut parts = 0;
        let mut last = 0.0;
        let tables = loop {
            parts += 1;
            if let Some(tables) = build.advance(10_000) {
                break tables;
            }
            let now = build.progress();
            assert!(now > last && now < 1.0, "{last} then {now}");
            last = now;
        };
        // 524,160 + 43,680 states, about 10,000 a part.
        assert!((55..=60).contains(&parts), "{parts} parts");
        let whole = PatternDatabase::build(goal, &groups);
        assert_eq!(tables.bytes(), whole.bytes());
        for seed in 0..50 {
            let position = super::super::game::shuffled(goal, super::super::Shuffle::Uniform, seed);
            assert_eq!(tables.estimate(position), whole.estimate(position));
        }
    }
}
