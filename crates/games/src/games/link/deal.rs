//! Dealing boards that can always be cleared: pairs are placed in the reverse of a removal
//! order. The board is dealt from the middle outwards, ring by ring (a cell's ring is its
//! distance to the nearest edge), and the two tiles of a pair share a ring and the side of
//! the board they are nearest to. When a pair is placed, every cell nearer the edge is
//! still empty, so each tile sees straight out to the empty border around the board, and
//! the link "out, along the border, back in" has at most two turns. Cleared in the
//! opposite order, from the outside in, every pair finds the board just as it was when it
//! was placed, so that link is still there.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::LinkBoard;
use crate::grid::Pos;
use crate::i18n::Message;

/// Tile kinds in a deal (at most; small boards use fewer).
pub const KINDS: usize = 30;

/// The side of the board a cell is nearest to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

/// A board of `width` x `height` filled with pairs (the middle cell stays empty when the
/// area is odd), clearable by construction, the same for the same seed.
pub fn deal(width: usize, height: usize, seed: u64) -> Result<LinkBoard, Message> {
    if width * height < 2 || width > super::MAX_SIDE || height > super::MAX_SIDE {
        return Err(crate::msg!(
            "link-deal-size",
            width = width,
            height = height,
            max = super::MAX_SIDE
        ));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let (w, h) = (width as i32, height as i32);
    let depth = |p: Pos| p.x.min(p.y).min(w - 1 - p.x).min(h - 1 - p.y);
    // The sides a cell is nearest to (corners and the like have two).
    let sides = |p: Pos| -> Vec<Side> {
        let d = depth(p);
        [
            (p.y, Side::Top),
            (w - 1 - p.x, Side::Right),
            (h - 1 - p.y, Side::Bottom),
            (p.x, Side::Left),
        ]
        .into_iter()
        .filter(|&(distance, _)| distance == d)
        .map(|(_, side)| side)
        .collect()
    };
    let mut cells: Vec<Pos> = LinkBoard::empty(width, height).positions().collect();
    if cells.len() % 2 == 1 {
        // Leave the deepest cell empty.
        let middle = cells
            .iter()
            .copied()
            .max_by_key(|&p| (depth(p), -(p.x - w / 2).abs() - (p.y - h / 2).abs()));
        cells.retain(|&p| Some(p) != middle);
    }
    let deepest = cells.iter().map(|&p| depth(p)).max().unwrap_or(0);

    // Pairs in placement order: the deepest ring first.
    let mut pairs: Vec<(Pos, Pos)> = vec![];
    let mut carried: Vec<(Side, Pos)> = vec![];
    for d in (0..=deepest).rev() {
        let ring: Vec<Pos> = cells.iter().copied().filter(|&p| depth(p) == d).collect();
        // Cells with one nearest side go to it; cells with two may go to either: choose so
        // that every side gets an even count (with the cells carried from the ring inside).
        let mut fixed: Vec<(Side, Pos)> = std::mem::take(&mut carried);
        let mut flexible: Vec<(Pos, [Side; 2])> = vec![];
        for p in ring {
            match sides(p).as_slice() {
                [one] => fixed.push((*one, p)),
                [a, b, ..] => flexible.push((p, [*a, *b])),
                [] => fixed.push((Side::Top, p)),
            }
        }
        let count =
            |groups: &[(Side, Pos)], side: Side| groups.iter().filter(|(s, _)| *s == side).count();
        let mut best: Option<Vec<(Side, Pos)>> = None;
        for choice in 0..(1u32 << flexible.len().min(8)) {
            let mut groups = fixed.clone();
            for (i, (p, options)) in flexible.iter().enumerate() {
                let pick = if i < 8 { (choice >> i) & 1 } else { 0 };
                groups.push((options[pick as usize], *p));
            }
            let odd = [Side::Top, Side::Right, Side::Bottom, Side::Left]
                .into_iter()
                .filter(|&s| count(&groups, s) % 2 == 1)
                .count();
            if best.as_ref().is_none_or(|b| {
                let best_odd = [Side::Top, Side::Right, Side::Bottom, Side::Left]
                    .into_iter()
                    .filter(|&s| count(b, s) % 2 == 1)
                    .count();
                odd < best_odd
            }) {
                best = Some(groups);
            }
        }
        let groups = best.unwrap_or_default();
        for side in [Side::Top, Side::Right, Side::Bottom, Side::Left] {
            // Cells carried in from the ring inside are paired first: a carried cell needs the
            // cells nearer the edge than it to be empty still.
            let (mut inner, mut outer): (Vec<Pos>, Vec<Pos>) = (vec![], vec![]);
            for &(s, p) in &groups {
                if s == side {
                    if depth(p) > d {
                        inner.push(p)
                    } else {
                        outer.push(p)
                    }
                }
            }
            outer.shuffle(&mut rng);
            let mut queue: Vec<Pos> = inner;
            queue.extend(outer);
            let mut chunks = queue.chunks_exact(2);
            for pair in &mut chunks {
                pairs.push((pair[0], pair[1]));
            }
            if let [left] = chunks.remainder() {
                carried.push((side, *left));
            }
        }
    }
    if !carried.is_empty() {
        return Err(crate::msg!(
            "link-deal-unpaired",
            width = width,
            height = height
        ));
    }
    let kinds = KINDS.min(pairs.len()).max(1);
    let mut kind_of: Vec<u8> = (0..pairs.len()).map(|i| (i % kinds) as u8).collect();
    kind_of.shuffle(&mut rng);
    let mut board = LinkBoard::empty(width, height);
    for ((a, b), kind) in pairs.into_iter().zip(kind_of) {
        board.set(a, Some(kind));
        board.set(b, Some(kind));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::link::autoplay::clear;

    #[test]
    fn deals_fill_the_board_with_pairs_and_can_be_cleared() {
        for (w, h) in [(8, 6), (18, 10), (7, 5), (2, 1), (3, 3), (12, 12), (30, 20)] {
            for seed in 0..3 {
                let board = deal(w, h, seed).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                assert_eq!(board.count(), w * h / 2 * 2, "{w}x{h}");
                assert!(board.check().is_ok());
                assert!(
                    clear(&board, false, 10_000).is_some(),
                    "{w}x{h} seed {seed} cannot be cleared"
                );
            }
        }
    }

    #[test]
    fn the_same_seed_deals_the_same_board() {
        assert_eq!(deal(18, 10, 4).unwrap(), deal(18, 10, 4).unwrap());
        assert_ne!(deal(18, 10, 4).unwrap(), deal(18, 10, 5).unwrap());
        assert!(deal(0, 3, 1).is_err() && deal(1, 1, 1).is_err());
    }
}
