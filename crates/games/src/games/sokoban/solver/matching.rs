//! Minimum-cost perfect matching of boxes to goals (the Hungarian algorithm), the lower
//! bound A* uses: every box needs at least its own pushes to the goal it is matched with,
//! and no two boxes can share a goal.

use std::hash::{Hash, Hasher};

use crate::search::FxHasher;

/// Boxes from which a successor's bound is worked out from its parent's matching (one
/// augmenting path), pushing or pulling; below, a whole solve is as quick.
pub const INCREMENTAL_FROM: usize = 12;

/// Cost standing for "this box cannot reach this goal".
pub const IMPOSSIBLE: i64 = 1 << 40;

/// The Hungarian algorithm's state: dual potentials of rows (`u`) and columns (`v`), and
/// the row matched to each column (`p`), 1-based as in the textbook version (e-maxx), with
/// reusable buffers so that a call does not allocate.
#[derive(Clone, Debug, Default)]
pub struct Matcher {
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
}

/// A solved matching to come back to (see [`Matcher::save`]).
#[derive(Clone, Debug, Default)]
pub struct SavedMatching {
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
}

/// Solved matchings of the states a search gave a bound to last, by their rows (and the boxes
/// frozen on goals, which change the table). A search mostly expands states it has just
/// generated, so the matching that a state's successors start from is usually here, and its
/// whole solve is skipped: on Grigr2001 2 (28 boxes) that solve took half of A*'s time.
#[derive(Clone, Debug, Default)]
pub struct RecentMatchings {
    /// Empty until the first matching is kept (small levels never keep one).
    slots: Vec<Recent>,
    /// The rows being kept: as given, the order that sorts them, sorted, and where each
    /// one goes once sorted.
    rows: Vec<u16>,
    order: Vec<usize>,
    sorted: Vec<u16>,
    rank: Vec<usize>,
}

#[derive(Clone, Debug, Default)]
struct Recent {
    /// Sorted, as searches keep their rows.
    rows: Vec<u16>,
    frozen: Vec<u16>,
    saved: SavedMatching,
    total: i64,
}

impl RecentMatchings {
    /// One slot per hash; a newer matching takes an older one's place.
    const BITS: u32 = 12;
    const SLOTS: usize = 1 << Self::BITS;

    fn slot(rows: &[u16], frozen: &[u16]) -> usize {
        let mut hasher = FxHasher::default();
        (rows, frozen).hash(&mut hasher);
        // The high bits: the hash's last multiply mixes into them best.
        (hasher.finish() >> (64 - Self::BITS)) as usize
    }

    /// Keeps the matching `matcher` has just solved, of total `total`, whose row i was
    /// the i-th of `rows`. It is kept with its rows sorted.
    pub fn remember(
        &mut self,
        rows: impl Iterator<Item = u16>,
        frozen: &[u16],
        matcher: &Matcher,
        total: i64,
    ) {
        self.rows.clear();
        self.rows.extend(rows);
        let n = self.rows.len();
        let unsorted = &self.rows;
        self.order.clear();
        self.order.extend(0..n);
        self.order.sort_unstable_by_key(|&i| unsorted[i]);
        self.sorted.clear();
        self.sorted.extend(self.order.iter().map(|&i| unsorted[i]));
        // Row i of the matcher becomes row rank[i] (1-based, as the matcher counts them).
        self.rank.clear();
        self.rank.resize(n + 1, 0);
        for (k, &i) in self.order.iter().enumerate() {
            self.rank[i + 1] = k + 1;
        }
        if self.slots.is_empty() {
            self.slots.resize(Self::SLOTS, Recent::default());
        }
        let recent = &mut self.slots[Self::slot(&self.sorted, frozen)];
        recent.rows.clone_from(&self.sorted);
        recent.frozen.clear();
        recent.frozen.extend_from_slice(frozen);
        recent.total = total;
        matcher.save(&mut recent.saved);
        for i in 1..=n {
            recent.saved.u[self.rank[i]] = matcher.u[i];
        }
        for p in recent.saved.p.iter_mut().filter(|p| **p != 0) {
            *p = self.rank[*p];
        }
    }

    /// Puts the matching of these (sorted) rows back into `matcher` and gives its total, if
    /// it is still kept.
    pub fn recall(&self, rows: &[u16], frozen: &[u16], matcher: &mut Matcher) -> Option<i64> {
        let recent = self.slots.get(Self::slot(rows, frozen))?;
        if recent.rows != rows || recent.frozen != frozen || recent.saved.p.is_empty() {
            return None;
        }
        matcher.restore(&recent.saved);
        Some(recent.total)
    }
}

impl Matcher {
    /// The least total `cost(row, column)` over perfect matchings of an n x n table, or
    /// `None` when every matching uses an impossible pair.
    pub fn min_cost(&mut self, n: usize, cost: impl Fn(usize, usize) -> i64) -> Option<i64> {
        if n == 0 {
            return Some(0);
        }
        for buffer in [&mut self.u, &mut self.v, &mut self.minv] {
            buffer.clear();
            buffer.resize(n + 1, 0);
        }
        for buffer in [&mut self.p, &mut self.way] {
            buffer.clear();
            buffer.resize(n + 1, 0);
        }
        for i in 1..=n {
            self.add_row(i, n, &cost);
        }
        let total = -self.v[0];
        (total < IMPOSSIBLE).then_some(total)
    }

    /// After a solve of an n x n table, the least total once row `row` alone has changed
    /// to the costs `cost` now gives it: the row is taken out of the matching and added back
    /// by one augmenting path, O(n²) instead of the O(n³) of a whole solve. The potentials
    /// stay feasible for the other rows, whose costs did not change, and the new row starts
    /// at potential 0 (costs are never negative and column potentials never positive).
    pub fn replace_row(
        &mut self,
        n: usize,
        row: usize,
        cost: impl Fn(usize, usize) -> i64,
    ) -> Option<i64> {
        let i = row + 1;
        if let Some(j) = (1..=n).find(|&j| self.p[j] == i) {
            self.p[j] = 0;
        }
        self.u[i] = 0;
        self.add_row(i, n, &cost);
        let total = (1..=n)
            .map(|j| cost(self.p[j] - 1, j - 1))
            .fold(0i64, i64::saturating_add);
        (total < IMPOSSIBLE).then_some(total)
    }

    /// The state of the last solve, to come back to with [`Matcher::restore`].
    pub fn save(&self, into: &mut SavedMatching) {
        into.u.clone_from(&self.u);
        into.v.clone_from(&self.v);
        into.p.clone_from(&self.p);
    }

    pub fn restore(&mut self, from: &SavedMatching) {
        self.u.clone_from(&from.u);
        self.v.clone_from(&from.v);
        self.p.clone_from(&from.p);
        let n = self.p.len();
        self.way.resize(n, 0);
        self.minv.resize(n, 0);
    }

    /// Matches row `i` (1-based) along a shortest augmenting path, adjusting potentials.
    fn add_row(&mut self, i: usize, n: usize, cost: &impl Fn(usize, usize) -> i64) {
        self.p[0] = i;
        let mut j0 = 0;
        self.minv.iter_mut().for_each(|m| *m = i64::MAX);
        self.used.clear();
        self.used.resize(n + 1, false);
        loop {
            self.used[j0] = true;
            let i0 = self.p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=n {
                if !self.used[j] {
                    let current = cost(i0 - 1, j - 1) - self.u[i0] - self.v[j];
                    if current < self.minv[j] {
                        self.minv[j] = current;
                        self.way[j] = j0;
                    }
                    if self.minv[j] < delta {
                        delta = self.minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if self.used[j] {
                    self.u[self.p[j]] += delta;
                    self.v[j] -= delta;
                } else {
                    self.minv[j] -= delta;
                }
            }
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = self.way[j0];
            self.p[j0] = self.p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A linear congruential generator: random tables that are the same every run.
    fn step(x: &mut u64) -> u64 {
        *x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *x
    }

    /// Every permutation: the brute-force reference.
    fn brute(table: &[Vec<i64>]) -> Option<i64> {
        fn go(table: &[Vec<i64>], row: usize, used: &mut Vec<bool>) -> i64 {
            if row == table.len() {
                return 0;
            }
            let mut best = i64::MAX;
            for col in 0..table.len() {
                if !used[col] {
                    used[col] = true;
                    best = best.min(table[row][col].saturating_add(go(table, row + 1, used)));
                    used[col] = false;
                }
            }
            best
        }
        let best = go(table, 0, &mut vec![false; table.len()]);
        (best < IMPOSSIBLE).then_some(best)
    }

    #[test]
    fn matches_brute_force_on_random_tables() {
        let mut matcher = Matcher::default();
        let mut x = 7u64;
        for n in 0..7 {
            for _ in 0..40 {
                let table: Vec<Vec<i64>> = (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| {
                                if (step(&mut x) >> 60) == 0 {
                                    IMPOSSIBLE
                                } else {
                                    ((x >> 33) % 20) as i64
                                }
                            })
                            .collect()
                    })
                    .collect();
                assert_eq!(
                    matcher.min_cost(n, |i, j| table[i][j]),
                    brute(&table),
                    "{table:?}"
                );
            }
        }
    }

    #[test]
    fn replacing_one_row_gives_what_a_whole_solve_gives() {
        let mut x = 11u64;
        let mut random = |impossible: bool| {
            if impossible && (step(&mut x) >> 61) == 0 {
                IMPOSSIBLE
            } else {
                ((x >> 33) % 30) as i64
            }
        };
        let mut matcher = Matcher::default();
        let mut whole = Matcher::default();
        let mut saved = SavedMatching::default();
        for n in 1..9 {
            for round in 0..30 {
                let table: Vec<Vec<i64>> = (0..n)
                    .map(|_| (0..n).map(|_| random(round % 3 == 0)).collect())
                    .collect();
                matcher.min_cost(n, |i, j| table[i][j]);
                matcher.save(&mut saved);
                for row in 0..n {
                    let mut changed = table.clone();
                    changed[row] = (0..n).map(|_| random(round % 3 == 0)).collect();
                    matcher.restore(&saved);
                    assert_eq!(
                        matcher.replace_row(n, row, |i, j| changed[i][j]),
                        whole.min_cost(n, |i, j| changed[i][j]),
                        "{changed:?}"
                    );
                    assert_eq!(whole.min_cost(n, |i, j| changed[i][j]), brute(&changed));
                }
            }
        }
    }

    /// A successor's matching, kept with its rows sorted and recalled when the successor is
    /// expanded, is one its own successors' bounds can start from: one more row replaced
    /// gives what a whole solve gives.
    #[test]
    fn a_recalled_matching_starts_the_next_bound_as_a_whole_solve_would() {
        let mut x = 5u64;
        let mut random = |below: u64| (step(&mut x) >> 33) % below;
        let mut recent = RecentMatchings::default();
        let (mut matcher, mut whole) = (Matcher::default(), Matcher::default());
        for n in [3, 6, 12, 20] {
            for _ in 0..20 {
                // The cost of square s to column j, for every square a row may stand on.
                let cost: Vec<Vec<i64>> = (0..64)
                    .map(|_| (0..n).map(|_| random(40) as i64).collect())
                    .collect();
                fn on<'a>(
                    cost: &'a [Vec<i64>],
                    rows: &'a [u16],
                ) -> impl Fn(usize, usize) -> i64 + 'a {
                    move |i, j| cost[rows[i] as usize][j]
                }
                let table = |rows| on(&cost, rows);
                let mut rows: Vec<u16> = (0..64).collect();
                for i in (1..rows.len()).rev() {
                    rows.swap(i, random(i as u64 + 1) as usize);
                }
                let mut parent = rows[..n].to_vec();
                parent.sort();
                let free: Vec<u16> = rows[n..].to_vec();
                matcher.min_cost(n, table(&parent));
                // A successor: one row moves to a free square, which sorts elsewhere.
                let row = random(n as u64) as usize;
                let mut moved = parent.clone();
                moved[row] = free[0];
                let total = matcher.replace_row(n, row, table(&moved)).unwrap();
                recent.remember(moved.iter().copied(), &[], &matcher, total);
                let mut child = moved.clone();
                child.sort();
                assert_eq!(recent.recall(&child, &[], &mut matcher), Some(total));
                assert_eq!(recent.recall(&child, &[7], &mut Matcher::default()), None);
                // Its successor, from the recalled matching.
                let row = random(n as u64) as usize;
                let mut next = child.clone();
                next[row] = free[1];
                assert_eq!(
                    matcher.replace_row(n, row, table(&next)),
                    whole.min_cost(n, table(&next)),
                    "{next:?}"
                );
                matcher.restore(&SavedMatching::default());
            }
        }
    }
}
