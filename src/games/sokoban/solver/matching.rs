//! Minimum-cost perfect matching of boxes to goals (the Hungarian algorithm), the lower
//! bound A* uses: every box needs at least its own pushes to the goal it is matched with,
//! and no two boxes can share a goal.

/// Cost standing for "this box cannot reach this goal".
pub const IMPOSSIBLE: i64 = 1 << 40;

/// Reusable buffers, so a call does not allocate.
#[derive(Clone, Debug, Default)]
pub struct Matcher {
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
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
        let total = -self.v[0];
        (total < IMPOSSIBLE).then_some(total)
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
}
