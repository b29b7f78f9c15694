//! Playing a level: moves and pushes, undo and redo without limit, walking to a square,
//! LURD records, and the win.

use std::collections::VecDeque;

use super::level::Level;
use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;
use crate::msg;

/// One step of the player: its direction and whether it pushed a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub dir: Dir,
    pub pushed: bool,
}

impl Step {
    /// The LURD letter: lower case for a move, upper case for a push.
    pub fn letter(self) -> char {
        if self.pushed {
            self.dir.letter().to_ascii_uppercase()
        } else {
            self.dir.letter()
        }
    }

    pub fn from_letter(letter: char) -> Option<Step> {
        Some(Step {
            dir: Dir::from_letter(letter)?,
            pushed: letter.is_ascii_uppercase(),
        })
    }
}

/// A level being played.
#[derive(Clone, Debug)]
pub struct Game {
    level: Level,
    boxes: Grid<bool>,
    player: Pos,
    done: Vec<Step>,
    undone: Vec<Step>,
    pushes: usize,
}

impl Game {
    /// A game of `level`, which should pass [`Level::check`] (a level without a player
    /// starts the player at the top-left corner, so nothing panics).
    pub fn new(level: Level) -> Game {
        let mut boxes = Grid::new(level.width(), level.height(), false);
        for b in level.boxes() {
            boxes.set(b, true);
        }
        Game {
            player: level.player.unwrap_or_default(),
            boxes,
            level,
            done: vec![],
            undone: vec![],
            pushes: 0,
        }
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn player(&self) -> Pos {
        self.player
    }

    pub fn has_box(&self, pos: Pos) -> bool {
        self.boxes.get(pos).copied().unwrap_or(false)
    }

    pub fn boxes(&self) -> impl Iterator<Item = Pos> + '_ {
        self.boxes.positions().filter(|&p| self.boxes[p])
    }

    pub fn moves(&self) -> usize {
        self.done.len()
    }

    pub fn pushes(&self) -> usize {
        self.pushes
    }

    /// The position on the board as a level of its own (boxes and player where they are
    /// now), for solving from here.
    pub fn position(&self) -> Level {
        let mut level = self.level.clone();
        for b in self.level.boxes().collect::<Vec<_>>() {
            level.set_box(b, false);
        }
        level.player = None;
        for b in self.boxes() {
            level.set_box(b, true);
        }
        level.set_player(self.player);
        level
    }

    /// Every box on a goal.
    pub fn is_won(&self) -> bool {
        self.boxes().all(|b| self.level.is_goal(b))
    }

    /// Neither a wall nor a box (nor off the board).
    pub fn free(&self, pos: Pos) -> bool {
        !self.level.is_wall(pos) && !self.has_box(pos)
    }

    /// Moves (or pushes) one square; `None` if a wall or a blocked box is in the way.
    pub fn step(&mut self, dir: Dir) -> Option<Step> {
        let step = self.apply(dir)?;
        self.done.push(step);
        self.undone.clear();
        Some(step)
    }

    fn apply(&mut self, dir: Dir) -> Option<Step> {
        let next = self.player.step(dir);
        if self.level.is_wall(next) {
            return None;
        }
        let pushed = self.has_box(next);
        if pushed {
            let beyond = next.step(dir);
            if !self.free(beyond) {
                return None;
            }
            self.boxes.set(next, false);
            self.boxes.set(beyond, true);
            self.pushes += 1;
        }
        self.player = next;
        Some(Step { dir, pushed })
    }

    fn unapply(&mut self, step: Step) {
        let back = step.dir.opposite();
        if step.pushed {
            let box_at = self.player.step(step.dir);
            self.boxes.set(box_at, false);
            self.boxes.set(self.player, true);
            self.pushes -= 1;
        }
        self.player = self.player.step(back);
    }

    pub fn undo(&mut self) -> bool {
        match self.done.pop() {
            Some(step) => {
                self.unapply(step);
                self.undone.push(step);
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(step) => {
                self.apply(step.dir);
                self.done.push(step);
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Moves that redo would replay.
    pub fn redo_len(&self) -> usize {
        self.undone.len()
    }

    /// Back to the start of the level (undo everything; redo brings it back).
    pub fn restart(&mut self) {
        while self.undo() {}
    }

    /// The shortest walk (no pushes) to `target`, if the player can get there.
    pub fn walk_path(&self, target: Pos) -> Option<Vec<Dir>> {
        if !self.free(target) {
            return None;
        }
        let mut came_from: Grid<Option<Dir>> =
            Grid::new(self.level.width(), self.level.height(), None);
        let mut queue = VecDeque::from([self.player]);
        let mut seen = Grid::new(self.level.width(), self.level.height(), false);
        seen.set(self.player, true);
        while let Some(at) = queue.pop_front() {
            if at == target {
                let mut path = vec![];
                let mut cur = at;
                while let Some(dir) = came_from[cur] {
                    path.push(dir);
                    cur = cur.step(dir.opposite());
                }
                path.reverse();
                return Some(path);
            }
            for dir in Dir::ALL {
                let next = at.step(dir);
                if self.free(next) && !seen.get(next).copied().unwrap_or(true) {
                    seen.set(next, true);
                    came_from.set(next, Some(dir));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// Walks to `target` if reachable; returns the steps taken.
    pub fn walk_to(&mut self, target: Pos) -> Option<usize> {
        let path = self.walk_path(target)?;
        for &dir in &path {
            self.step(dir);
        }
        Some(path.len())
    }

    /// The moves so far in LURD.
    pub fn lurd(&self) -> String {
        self.done.iter().map(|s| s.letter()).collect()
    }

    /// Plays a LURD string, strictly: every letter must be a legal move, and upper case
    /// exactly when it pushes. On error the game is left as it was.
    pub fn play_lurd(&mut self, lurd: &str) -> Result<(), Message> {
        let mut trial = self.clone();
        for (i, letter) in lurd.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let wanted = Step::from_letter(letter).ok_or_else(|| {
                msg!(
                    "lurd-bad-letter",
                    letter = crate::files::quote(&letter.to_string()),
                    at = i + 1
                )
            })?;
            let done = trial
                .step(wanted.dir)
                .ok_or_else(|| msg!("lurd-blocked", step = i + 1, letter = letter))?;
            if done.pushed != wanted.pushed {
                return Err(if done.pushed {
                    msg!("lurd-pushes", step = i + 1, letter = letter)
                } else {
                    msg!("lurd-does-not-push", step = i + 1, letter = letter)
                });
            }
        }
        *self = trial;
        Ok(())
    }
}

/// Checks a solution: replayed from the level's start it must be legal and end with every
/// box on a goal. Returns (moves, pushes).
pub fn verify_solution(level: &Level, lurd: &str) -> Result<(usize, usize), Message> {
    let mut game = Game::new(level.clone());
    game.play_lurd(lurd)?;
    if !game.is_won() {
        return Err(msg!("lurd-not-solved"));
    }
    Ok((game.moves(), game.pushes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::level::parse_level;

    fn game(text: &str) -> Game {
        Game::new(parse_level(text).unwrap())
    }

    #[test]
    fn moves_pushes_blocks_and_the_win() {
        let mut g = game("#######\n#@ $ .#\n#######\n");
        assert_eq!(g.step(Dir::Left), None, "wall");
        assert_eq!(
            g.step(Dir::Right),
            Some(Step {
                dir: Dir::Right,
                pushed: false
            })
        );
        assert_eq!(
            g.step(Dir::Right),
            Some(Step {
                dir: Dir::Right,
                pushed: true
            })
        );
        assert!(!g.is_won());
        g.step(Dir::Right);
        assert!(g.is_won());
        assert_eq!((g.moves(), g.pushes()), (3, 2));
        assert_eq!(g.lurd(), "rRR");
    }

    #[test]
    fn two_boxes_in_a_row_do_not_move() {
        let mut g = game("########\n#@$$ ..#\n########\n");
        assert_eq!(g.step(Dir::Right), None);
        assert_eq!(g.player(), Pos::new(1, 1));
    }

    #[test]
    fn undo_and_redo_walk_the_whole_history() {
        let mut g = game("#######\n#@ $ .#\n#######\n");
        for _ in 0..3 {
            g.step(Dir::Right);
        }
        g.restart();
        assert_eq!((g.moves(), g.pushes(), g.player()), (0, 0, Pos::new(1, 1)));
        assert!(g.has_box(Pos::new(3, 1)));
        while g.redo() {}
        assert!(g.is_won());
        g.undo();
        g.step(Dir::Left);
        assert!(!g.can_redo(), "a new move forgets the redo list");
    }

    #[test]
    fn walking_to_a_square_finds_the_shortest_way_around_boxes() {
        let mut g = game("#######\n#@    #\n# ##$ #\n#   . #\n#######\n");
        assert_eq!(g.walk_to(Pos::new(1, 3)), Some(2));
        assert_eq!(g.walk_path(Pos::new(4, 2)), None, "a box is not walkable");
        assert_eq!(g.walk_to(Pos::new(5, 3)), Some(4));
        assert_eq!(g.pushes(), 0);
    }

    #[test]
    fn lurd_replay_is_strict() {
        let level = parse_level("#######\n#@ $ .#\n#######\n").unwrap();
        assert_eq!(verify_solution(&level, "rRR"), Ok((3, 2)));
        assert!(
            verify_solution(&level, "rrR")
                .unwrap_err()
                .to_string()
                .contains("pushes a box")
        );
        assert!(
            verify_solution(&level, "rRr")
                .unwrap_err()
                .to_string()
                .contains("pushes a box")
        );
        assert!(
            verify_solution(&level, "rR")
                .unwrap_err()
                .to_string()
                .contains("off their goals")
        );
        assert!(
            verify_solution(&level, "rx")
                .unwrap_err()
                .to_string()
                .contains("not one of")
        );
        assert!(
            verify_solution(&level, "l")
                .unwrap_err()
                .to_string()
                .contains("wall")
        );
    }
}
