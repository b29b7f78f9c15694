//! Playing Link: select two equal tiles; if a link of at most three segments joins them
//! they go. Hints, shuffles (automatic when no pair is left), undo, score, the gravity
//! variant, and the win.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::LinkBoard;
use super::finder::{Link, PLAY_TURNS, find_link};
use super::reach::removable_pairs;
use crate::grid::Pos;

/// Points for a pair, and what a hint and a shuffle cost.
pub const PAIR_POINTS: i64 = 10;
pub const HINT_COST: i64 = 5;
pub const SHUFFLE_COST: i64 = 20;

/// What a click did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Nothing there (an empty cell, or the game is over).
    Ignored,
    Selected(Pos),
    Deselected,
    /// The two tiles were linked and removed.
    Removed {
        link: Link,
        shuffled: bool,
    },
    /// The tiles differ: the second one is now selected.
    Different(Pos),
    /// Equal tiles, but no link of three segments joins them: the second is now selected.
    NoLink(Pos),
}

/// What undo restores: the game as it was before a removal or a shuffle.
#[derive(Clone, Debug, PartialEq)]
pub struct Before {
    pub board: LinkBoard,
    pub score: i64,
    pub pairs_removed: usize,
    pub shuffles: usize,
}

#[derive(Clone, Debug)]
pub struct LinkGame {
    board: LinkBoard,
    pub gravity: bool,
    seed: u64,
    rng: StdRng,
    selected: Option<Pos>,
    /// The game before each removal or shuffle, for undo.
    undo: Vec<Before>,
    score: i64,
    pairs_removed: usize,
    shuffles: usize,
}

impl LinkGame {
    pub fn new(board: LinkBoard, gravity: bool, seed: u64) -> LinkGame {
        LinkGame {
            board,
            gravity,
            seed,
            rng: StdRng::seed_from_u64(seed ^ 0x5eed),
            selected: None,
            undo: vec![],
            score: 0,
            pairs_removed: 0,
            shuffles: 0,
        }
    }

    pub fn board(&self) -> &LinkBoard {
        &self.board
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn selected(&self) -> Option<Pos> {
        self.selected
    }

    pub fn score(&self) -> i64 {
        self.score
    }

    pub fn pairs_removed(&self) -> usize {
        self.pairs_removed
    }

    pub fn shuffles(&self) -> usize {
        self.shuffles
    }

    pub fn is_won(&self) -> bool {
        self.board.is_empty()
    }

    /// A removable pair, if any.
    pub fn hint(&mut self) -> Option<(Pos, Pos)> {
        let pair = removable_pairs(&self.board, PLAY_TURNS).into_iter().next();
        if pair.is_some() {
            self.score -= HINT_COST;
        }
        pair
    }

    /// Whether tiles remain but no pair can be removed.
    pub fn stuck(&self) -> bool {
        !self.board.is_empty() && removable_pairs(&self.board, PLAY_TURNS).is_empty()
    }

    /// Clicks a cell of the play area.
    pub fn click(&mut self, pos: Pos) -> Click {
        let Some(kind) = self.board.tile(pos) else {
            return Click::Ignored;
        };
        let Some(first) = self.selected else {
            self.selected = Some(pos);
            return Click::Selected(pos);
        };
        if first == pos {
            self.selected = None;
            return Click::Deselected;
        }
        if self.board.tile(first) != Some(kind) {
            self.selected = Some(pos);
            return Click::Different(pos);
        }
        match find_link(&self.board, first, pos, PLAY_TURNS) {
            Some(link) => {
                let shuffled = self.take_pair(first, pos);
                Click::Removed { link, shuffled }
            }
            None => {
                self.selected = Some(pos);
                Click::NoLink(pos)
            }
        }
    }

    /// Removes a pair whose link the caller has found, and, when the tiles left hold no
    /// removable pair, shuffles them for free until they do; returns whether it shuffled.
    /// Every way of removing a pair (a click, a shown search, the computer) goes through
    /// here, so they all score alike, and one undo takes back the pair and the shuffle.
    pub fn take_pair(&mut self, a: Pos, b: Pos) -> bool {
        self.remember();
        self.board.set(a, None);
        self.board.set(b, None);
        if self.gravity {
            self.board.settle();
        }
        self.selected = None;
        self.score += PAIR_POINTS;
        self.pairs_removed += 1;
        let stuck = self.stuck();
        if stuck {
            self.shuffle_until_playable();
        }
        stuck
    }

    /// Shuffles the remaining tiles over their cells until some pair can be removed, for
    /// [`SHUFFLE_COST`] points.
    /// A cleared board has nothing to shuffle, and costs nothing.
    pub fn shuffle(&mut self) {
        if self.is_won() {
            return;
        }
        self.remember();
        self.score -= SHUFFLE_COST;
        self.shuffle_until_playable();
    }

    fn remember(&mut self) {
        self.undo.push(Before {
            board: self.board.clone(),
            score: self.score,
            pairs_removed: self.pairs_removed,
            shuffles: self.shuffles,
        });
    }

    fn shuffle_until_playable(&mut self) {
        let cells: Vec<Pos> = self
            .board
            .positions()
            .filter(|&p| self.board.tile(p).is_some())
            .collect();
        let mut tiles: Vec<u8> = cells.iter().filter_map(|&p| self.board.tile(p)).collect();
        for _ in 0..100 {
            tiles.shuffle(&mut self.rng);
            for (&cell, &tile) in cells.iter().zip(&tiles) {
                self.board.set(cell, Some(tile));
            }
            if !self.stuck() {
                break;
            }
        }
        self.shuffles += 1;
        self.selected = None;
        let _ = self.rng.random::<u8>();
    }

    /// Takes back the last removal or shuffle.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(before) => {
                self.board = before.board;
                self.score = before.score;
                self.pairs_removed = before.pairs_removed;
                self.shuffles = before.shuffles;
                self.selected = None;
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// What each undo would restore, oldest first.
    pub fn history(&self) -> &[Before] {
        &self.undo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rows: &[&str]) -> LinkGame {
        let text = format!(
            "frontier-link 1\nsize {} {}\ntiles\n{}\n",
            rows[0].len(),
            rows.len(),
            rows.join("\n")
        );
        LinkGame::new(LinkBoard::parse(&text).unwrap(), false, 1)
    }

    #[test]
    fn linking_two_equal_tiles_removes_them_and_scores() {
        let mut g = game(&["AB", "AB"]);
        assert_eq!(g.click(Pos::new(0, 0)), Click::Selected(Pos::new(0, 0)));
        assert!(matches!(g.click(Pos::new(0, 1)), Click::Removed { .. }));
        assert_eq!(g.score(), PAIR_POINTS);
        assert!(matches!(g.click(Pos::new(1, 0)), Click::Selected(_)));
        assert!(matches!(g.click(Pos::new(1, 1)), Click::Removed { .. }));
        assert!(g.is_won());
    }

    #[test]
    fn a_different_or_unlinkable_second_tile_becomes_the_selection() {
        let mut g = game(&["ABA", "BCC", "CCB"]);
        g.click(Pos::new(0, 0));
        assert_eq!(g.click(Pos::new(1, 0)), Click::Different(Pos::new(1, 0)));
        assert_eq!(g.selected(), Some(Pos::new(1, 0)));
        // B at (1,0) and B at (2,2): no link of three segments through these tiles.
        assert_eq!(g.click(Pos::new(2, 2)), Click::NoLink(Pos::new(2, 2)));
        assert_eq!(g.click(Pos::new(2, 2)), Click::Deselected);
    }

    #[test]
    fn undo_restores_the_pair_and_the_score() {
        let mut g = game(&["AB", "AB"]);
        g.click(Pos::new(0, 0));
        g.click(Pos::new(0, 1));
        assert!(g.undo());
        assert_eq!(g.board().count(), 4);
        assert_eq!(g.score(), 0);
        assert!(!g.undo());
    }

    #[test]
    fn a_stuck_board_is_shuffled_into_a_playable_one() {
        // Diagonal pairs in a full 2 x 2 board: every link needs three turns.
        let mut g = game(&["AB", "BA"]);
        assert!(g.stuck());
        g.shuffle();
        assert!(!g.stuck(), "a shuffle leaves a removable pair");
        assert_eq!(g.board().count(), 4);
        assert_eq!(g.score(), -SHUFFLE_COST);
    }

    #[test]
    fn a_removal_that_leaves_no_pair_shuffles_for_free_and_one_undo_takes_both_back() {
        // C C at the top link at once; what is left is the stuck diagonal of the test above.
        let mut g = game(&["CC", "AB", "BA"]);
        g.click(Pos::new(0, 0));
        let Click::Removed { shuffled, .. } = g.click(Pos::new(1, 0)) else {
            panic!("the Cs link");
        };
        assert!(shuffled);
        assert!(!g.stuck());
        assert_eq!(
            (g.score(), g.shuffles(), g.history().len()),
            (PAIR_POINTS, 1, 1)
        );
        assert!(g.undo());
        assert_eq!((g.score(), g.shuffles(), g.pairs_removed()), (0, 0, 0));
        assert_eq!(g.board().count(), 6);
    }

    #[test]
    fn undoing_a_shuffle_keeps_the_pairs_removed() {
        let mut g = game(&["CC", "AB", "AB"]);
        g.click(Pos::new(0, 0));
        g.click(Pos::new(1, 0));
        g.shuffle();
        assert!(g.undo());
        assert_eq!(
            (g.pairs_removed(), g.shuffles(), g.score()),
            (1, 0, PAIR_POINTS)
        );
    }

    #[test]
    fn gravity_pulls_tiles_down_after_a_removal() {
        let text = "frontier-link 1\nsize 2 3\ntiles\nB.\nA.\nAB\n";
        let mut g = LinkGame::new(LinkBoard::parse(text).unwrap(), true, 1);
        g.click(Pos::new(0, 1));
        assert!(matches!(g.click(Pos::new(0, 2)), Click::Removed { .. }));
        assert_eq!(
            g.board().tile(Pos::new(0, 2)),
            Some(1),
            "B fell to the bottom"
        );
    }

    #[test]
    fn hints_name_a_removable_pair_and_cost_points() {
        let mut g = game(&["AB", "AB"]);
        let (a, b) = g.hint().unwrap();
        assert_eq!(g.board().tile(a), g.board().tile(b));
        assert_eq!(g.score(), -HINT_COST);
    }
}
