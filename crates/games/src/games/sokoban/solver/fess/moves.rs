//! The moves of the feature-space search, as the FESS paper makes them (Shoham & Schaeffer,
//! 2020, section 5): a push; a push into a tunnel carried on to the tunnel's end (a *tunnel
//! macro*: stopping inside a one-wide tunnel only blocks it); and for a box pushed into a
//! room with goals, the whole walk of that box to the room's next goal in packing order (a
//! *goal-room macro*). A macro is one move of the search, made of several pushes; the
//! solution lists every push.

use std::collections::VecDeque;

use super::super::analysis::{Analysis, NONE};
use super::super::push::Position;
use super::super::reach::Reach;
use super::layout::{Layout, NO_ROOM};
use crate::games::sokoban::solver::BoxSquares;
use crate::grid::Dir;

/// What a move of the search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveKind {
    /// A push, carried through a tunnel when it enters one.
    Push,
    /// A push into a goal room, carried on to the room's next goal in packing order.
    GoalRoom,
    /// The box pushed by the fewest pushes to this goal, the next in packing order (the
    /// packing advisor's move).
    Pack(u16),
}

/// Plays moves on positions, with buffers reused from move to move.
#[derive(Clone, Debug)]
pub struct Mover {
    /// Whether a push into a tunnel goes on through it (`--without macros`: it does not).
    tunnels: bool,
    occupied: Vec<bool>,
    reach: Reach,
}

impl Mover {
    pub fn new(tunnels: bool) -> Mover {
        Mover {
            tunnels,
            occupied: vec![],
            reach: Reach::default(),
        }
    }

    /// The position after the move `kind` that starts with pushing the box on `from` one
    /// square in `dir` (a push the player can make: the caller found it among the
    /// position's pushes); none for a goal-room macro with no way to the goal. With `trail`,
    /// the position after each single push is added to it.
    pub fn play(
        &mut self,
        analysis: &Analysis,
        layout: &Layout,
        position: &Position,
        (from, dir): (u16, Dir),
        kind: MoveKind,
        mut trail: Option<&mut Vec<Position>>,
    ) -> Option<Position> {
        if self.occupied.len() != analysis.len() {
            self.occupied = vec![false; analysis.len()];
        }
        for &b in position.boxes.iter() {
            self.occupied[b as usize] = true;
        }
        let result = self.carry(analysis, layout, position, (from, dir), kind, &mut trail);
        self.occupied.iter_mut().for_each(|o| *o = false);
        result
    }

    fn carry(
        &mut self,
        analysis: &Analysis,
        layout: &Layout,
        position: &Position,
        (from, dir): (u16, Dir),
        kind: MoveKind,
        trail: &mut Option<&mut Vec<Position>>,
    ) -> Option<Position> {
        let mut boxes = position.boxes.clone();
        if let MoveKind::Pack(goal) = kind {
            // The player walks from its region to push the box, however it starts.
            self.reach.flood(analysis, &self.occupied, position.player);
            let sides: Vec<Dir> = (Dir::ALL.into_iter())
                .filter(|&d| {
                    let stand = analysis.next(from, d.opposite());
                    stand != NONE && self.reach.reached(stand)
                })
                .collect();
            let pushes = self.route_box(analysis, from, &sides, goal)?;
            let at = self.follow(analysis, &mut boxes, position.player, &pushes, trail);
            return Some(self.finish(analysis, &boxes, at, trail));
        }
        let mut at = from;
        let mut to = analysis.next(from, dir);
        self.push(&mut boxes, at, to);
        // A box entering a tunnel along it goes on to its end (or a goal in it).
        while self.tunnels && through_tunnel(analysis, layout, to, dir) {
            let next = analysis.next(to, dir);
            if next == NONE || self.occupied[next as usize] || analysis.dead[next as usize] {
                break;
            }
            if let Some(trail) = trail.as_deref_mut() {
                trail.push(self.position_after(analysis, &boxes, at));
            }
            at = to;
            to = next;
            self.push(&mut boxes, at, to);
        }
        if kind == MoveKind::GoalRoom {
            let pushes = self.goal_room_route(analysis, layout, &boxes, at, to)?;
            if let Some(trail) = trail.as_deref_mut() {
                trail.push(self.position_after(analysis, &boxes, at));
            }
            at = self.follow(analysis, &mut boxes, at, &pushes, trail);
        }
        Some(self.finish(analysis, &boxes, at, trail))
    }

    /// Makes `pushes` (each the box's square and the direction), adding the position before
    /// each but the first to `trail`; the square the player ends on (`player` if none).
    fn follow(
        &mut self,
        analysis: &Analysis,
        boxes: &mut BoxSquares,
        player: u16,
        pushes: &[(u16, Dir)],
        trail: &mut Option<&mut Vec<Position>>,
    ) -> u16 {
        let mut at = player;
        for (i, &(box_at, push_dir)) in pushes.iter().enumerate() {
            if i > 0
                && let Some(trail) = trail.as_deref_mut()
            {
                trail.push(self.position_after(analysis, boxes, at));
            }
            at = box_at;
            self.push(boxes, at, analysis.next(box_at, push_dir));
        }
        at
    }

    /// The position at the end of a move, added to `trail` too.
    fn finish(
        &mut self,
        analysis: &Analysis,
        boxes: &BoxSquares,
        at: u16,
        trail: &mut Option<&mut Vec<Position>>,
    ) -> Position {
        let after = self.position_after(analysis, boxes, at);
        if let Some(trail) = trail.as_deref_mut() {
            trail.push(after.clone());
        }
        after
    }

    /// Moves the box on `at` to `to` on the board and in `boxes`.
    fn push(&mut self, boxes: &mut BoxSquares, at: u16, to: u16) {
        self.occupied[at as usize] = false;
        self.occupied[to as usize] = true;
        *boxes = boxes.moved(at, to);
    }

    /// The position with `boxes` (on the board too) and the player just behind a push,
    /// standing on `player`.
    fn position_after(&mut self, analysis: &Analysis, boxes: &BoxSquares, player: u16) -> Position {
        let player = self.reach.flood(analysis, &self.occupied, player);
        Position {
            boxes: boxes.clone(),
            player,
        }
    }

    /// Whether the goal-room macro applies to the box just pushed from `at` onto `to`: it
    /// came into a goal room from outside.
    pub fn enters_goal_room(layout: &Layout, at: u16, to: u16) -> bool {
        let room = layout.room[to as usize];
        room != NO_ROOM && layout.goal_room[room as usize] && layout.room[at as usize] != room
    }

    /// The pushes (the box's square before each, and the direction) that take the box on
    /// `to`, with the player on `at`, to the next goal in packing order of the room it
    /// entered, the other boxes standing still; none when there is no such goal or way.
    fn goal_room_route(
        &mut self,
        analysis: &Analysis,
        layout: &Layout,
        boxes: &BoxSquares,
        at: u16,
        to: u16,
    ) -> Option<Vec<(u16, Dir)>> {
        if !Mover::enters_goal_room(layout, at, to) {
            return None;
        }
        let group = layout.room_group[layout.room[to as usize] as usize]?;
        let goal = layout.next_goal(group as usize, boxes)?;
        if goal == to {
            return None;
        }
        let first = Dir::between(
            analysis.positions[at as usize],
            analysis.positions[to as usize],
        )?;
        self.route_box(analysis, to, &[first], goal)
    }

    /// The fewest pushes (each the box's square and the direction) that take the box on
    /// `from` to `goal`, the other boxes standing still, with the player first on the side
    /// it pushes the box towards for one of `sides`; none if there is no way.
    fn route_box(
        &mut self,
        analysis: &Analysis,
        from: u16,
        sides: &[Dir],
        goal: u16,
    ) -> Option<Vec<(u16, Dir)>> {
        // Breadth-first over (box square, direction of the last push: the player stands
        // behind it), the box lifted off the board while the player's reach is flooded.
        let n = analysis.len();
        let key = |square: u16, dir: Dir| square as usize * 4 + dir as usize;
        let mut came: Vec<Option<(u16, Dir)>> = vec![None; n * 4];
        let mut queue = VecDeque::new();
        for &side in sides {
            came[key(from, side)] = Some((NONE, side));
            queue.push_back((from, side));
        }
        let was = self.occupied[from as usize];
        self.occupied[from as usize] = false;
        let mut found = None;
        while let Some((square, from_dir)) = queue.pop_front() {
            if square == goal {
                found = Some((square, from_dir));
                break;
            }
            self.occupied[square as usize] = true;
            let behind = analysis.next(square, from_dir.opposite());
            self.reach.flood(analysis, &self.occupied, behind);
            for dir in Dir::ALL {
                let stand = analysis.next(square, dir.opposite());
                let next = analysis.next(square, dir);
                if stand == NONE
                    || next == NONE
                    || self.occupied[next as usize]
                    || analysis.dead[next as usize]
                    || !self.reach.reached(stand)
                    || came[key(next, dir)].is_some()
                {
                    continue;
                }
                came[key(next, dir)] = Some((square, from_dir));
                queue.push_back((next, dir));
            }
            self.occupied[square as usize] = false;
        }
        self.occupied[from as usize] = was;
        let (mut square, mut dir) = found?;
        let mut pushes = vec![];
        while let Some((before, before_dir)) = came[key(square, dir)] {
            if before == NONE {
                break;
            }
            pushes.push((before, dir));
            (square, dir) = (before, before_dir);
        }
        pushes.reverse();
        (!pushes.is_empty()).then_some(pushes)
    }
}

/// Whether a box pushed in `dir` onto `square` is in a tunnel along that direction, off the
/// goals (a box stops on a goal in a tunnel): the push may go on, a tunnel macro.
pub fn through_tunnel(analysis: &Analysis, layout: &Layout, square: u16, dir: Dir) -> bool {
    !analysis.goal[square as usize]
        && layout.tunnel_along[square as usize]
            .is_some_and(|along| along == dir || along == dir.opposite())
}
