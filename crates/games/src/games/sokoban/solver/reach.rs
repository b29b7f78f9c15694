//! Where the player can walk: a flood over the free squares, with marks that are reset by
//! bumping a generation number instead of clearing (a search floods once per successor).

use super::analysis::{Analysis, NONE};

#[derive(Clone, Debug, Default)]
pub struct Reach {
    mark: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
}

impl Reach {
    /// Marks every square reachable from `from` without crossing an `occupied` one; returns
    /// the lowest-numbered (the name of the player's region at the push level).
    pub fn flood(&mut self, analysis: &Analysis, occupied: &[bool], from: u16) -> u16 {
        if self.mark.len() != analysis.len() {
            self.mark = vec![0; analysis.len()];
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        let generation = self.generation;
        let mut lowest = from;
        self.stack.clear();
        self.stack.push(from);
        self.mark[from as usize] = generation;
        while let Some(s) = self.stack.pop() {
            lowest = lowest.min(s);
            for &n in &analysis.neighbours[s as usize] {
                if n != NONE && self.mark[n as usize] != generation && !occupied[n as usize] {
                    self.mark[n as usize] = generation;
                    self.stack.push(n);
                }
            }
        }
        lowest
    }

    /// Whether the last flood reached `square`.
    pub fn reached(&self, square: u16) -> bool {
        self.mark
            .get(square as usize)
            .is_some_and(|&m| m == self.generation && m != 0)
    }
}
