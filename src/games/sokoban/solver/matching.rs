//! Minimum-cost perfect matching of boxes to goals (the Hungarian algorithm), the lower
//! bound A* uses: every box needs at least its own pushes to the goal it is matched with,
//! and no two boxes can share a goal.

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
                                x = x
                                    .wrapping_mul(6364136223846793005)
                                    .wrapping_add(1442695040888963407);
                                if (x >> 60) == 0 {
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
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if impossible && (x >> 61) == 0 {
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
}
