//! The features of a position, the coordinates of the feature space the search is guided by
//! (Shoham & Schaeffer's FESS, 2020): how many boxes are packed in the packing order, how
//! many areas the boxes cut the free squares into, how many links between rooms a box
//! blocks, and how many boxes sit on goals out of the packing order (they will have to move
//! again: "out of plan").

use super::super::analysis::{Analysis, NONE};
use super::layout::Layout;

/// A position's features. Every position with the same features is in one cell of the
/// feature space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Features {
    /// Boxes packed in order (see [`Layout::packed`]): more is better.
    pub packed: u16,
    /// The areas of free squares the boxes cut the level into: fewer is better (the player
    /// can reach more).
    pub connectivity: u16,
    /// Links between rooms with a box in them: fewer is better.
    pub room_links: u16,
    /// Boxes on goals out of the packing order: fewer is better.
    pub out_of_plan: u16,
}

impl Features {
    /// How promising the cell is, as a key that sorts the best first: more packed, then
    /// fewer blocked links, areas and boxes out of plan.
    pub fn rank(self) -> (u16, u16, u16, u16) {
        (
            u16::MAX - self.packed,
            self.room_links,
            self.connectivity,
            self.out_of_plan,
        )
    }
}

/// Buffers reused from position to position.
#[derive(Clone, Debug, Default)]
pub struct FeatureScratch {
    occupied: Vec<bool>,
    area: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
}

impl FeatureScratch {
    /// The features of the position with boxes on `boxes` (sorted).
    pub fn features(&mut self, analysis: &Analysis, layout: &Layout, boxes: &[u16]) -> Features {
        let n = analysis.len();
        if self.occupied.len() != n {
            self.occupied = vec![false; n];
            self.area = vec![0; n];
        }
        for &b in boxes {
            self.occupied[b as usize] = true;
        }
        let connectivity = self.areas(analysis);
        for &b in boxes {
            self.occupied[b as usize] = false;
        }
        let packed = layout.packed(boxes);
        let on_goals = boxes.iter().filter(|&&b| analysis.goal[b as usize]).count();
        let mut blocked: Vec<u16> = (boxes.iter())
            .filter_map(|&b| layout.link_of[b as usize])
            .collect();
        blocked.sort_unstable();
        blocked.dedup();
        Features {
            packed: packed as u16,
            connectivity: self.areas_count(connectivity),
            room_links: blocked.len() as u16,
            out_of_plan: (on_goals - packed.min(on_goals)) as u16,
        }
    }

    /// Counts the areas of free squares (flooding each once).
    fn areas(&mut self, analysis: &Analysis) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.area.iter_mut().for_each(|a| *a = 0);
            self.generation = 1;
        }
        let generation = self.generation;
        let mut count = 0;
        for s in 0..analysis.len() {
            if self.occupied[s] || self.area[s] == generation {
                continue;
            }
            count += 1;
            self.area[s] = generation;
            self.stack.push(s as u16);
            while let Some(t) = self.stack.pop() {
                for &m in &analysis.neighbours[t as usize] {
                    if m != NONE
                        && !self.occupied[m as usize]
                        && self.area[m as usize] != generation
                    {
                        self.area[m as usize] = generation;
                        self.stack.push(m);
                    }
                }
            }
        }
        count
    }

    fn areas_count(&self, count: u32) -> u16 {
        count.min(u32::from(u16::MAX)) as u16
    }
}
