//! The shape of a level as the feature-space search sees it, computed once: its *tunnels*
//! (squares a box can only cross in a line, walls on both sides), its *rooms* (what is left
//! when the tunnels are taken out, each a connected area), the tunnels that link two rooms,
//! and the *packing order* of the goals: the order in which the goals of each room must be
//! filled so that no box already packed is in the way of the next.
//!
//! The packing order is found backwards (see [`super::packing`]).

use super::super::analysis::{Analysis, NONE};
use super::packing::packing_order;
use crate::grid::Dir;

/// "Not in a room": the square is a tunnel square.
pub const NO_ROOM: u16 = u16::MAX;

#[derive(Clone, Debug)]
pub struct Layout {
    /// tunnel_along[s]: the axis a box on tunnel square `s` moves along (walls on both sides
    /// across it), as the direction a push through it takes either way, or none.
    pub tunnel_along: Vec<Option<Dir>>,
    /// room[s]: the room of square `s`, or [`NO_ROOM`] on a tunnel square.
    pub room: Vec<u16>,
    pub rooms: usize,
    /// Each tunnel that links two rooms or more (a maximal run of tunnel squares), as its
    /// squares: a box in one blocks the way between those rooms.
    pub links: Vec<Vec<u16>>,
    /// link_of[s]: the link tunnel square `s` is part of, if any.
    pub link_of: Vec<Option<u16>>,
    /// Whether each room holds a goal.
    pub goal_room: Vec<bool>,
    /// The goals in the order they are packed, grouped by where they are (a room, or for a
    /// goal in a tunnel, that tunnel square alone): packing[group] is that group's order.
    pub packing: Vec<Vec<u16>>,
    /// group_of[s]: the packing group of goal square `s` (none off the goals).
    pub group_of: Vec<Option<u16>>,
    /// room_group[r]: the packing group of room `r`'s goals (none for a room without goals).
    pub room_group: Vec<Option<u16>>,
    /// Whether the packing order is followed (`--without packing-order` packs the goals in
    /// any order: every box on a goal counts as packed, and a room's goals are taken in the
    /// order of their squares).
    pub in_order: bool,
}

impl Layout {
    /// The layout of `analysis`'s level, whose player and boxes start on `start`'s squares;
    /// with `in_order`, its packing order (else the goals in the order of their squares).
    pub fn new(analysis: &Analysis, start: (u16, &[u16]), in_order: bool) -> Layout {
        let n = analysis.len();
        let tunnel_along: Vec<Option<Dir>> =
            (0..n as u16).map(|s| tunnel_axis(analysis, s)).collect();
        let (room, rooms) = rooms(analysis, &tunnel_along);
        let (links, link_of) = links(analysis, &tunnel_along, &room);
        let mut goal_room = vec![false; rooms];
        for &g in &analysis.goals {
            if room[g as usize] != NO_ROOM {
                goal_room[room[g as usize] as usize] = true;
            }
        }
        let order = if in_order {
            packing_order(analysis, start.0, start.1)
        } else {
            analysis.goals.clone()
        };
        let key = goal_groups(analysis, &room);
        let mut group_key: Vec<u16> = vec![];
        let mut packing: Vec<Vec<u16>> = vec![];
        let mut group_of = vec![None; n];
        let mut room_group = vec![None; rooms];
        for g in order {
            let key = key[g as usize];
            let group = match group_key.iter().position(|&k| k == key) {
                Some(i) => i,
                None => {
                    group_key.push(key);
                    packing.push(vec![]);
                    packing.len() - 1
                }
            };
            packing[group].push(g);
            group_of[g as usize] = Some(group as u16);
            if room[g as usize] != NO_ROOM {
                room_group[room[g as usize] as usize] = Some(group as u16);
            }
        }
        Layout {
            tunnel_along,
            room,
            rooms,
            links,
            link_of,
            goal_room,
            packing,
            group_of,
            room_group,
            in_order,
        }
    }

    /// The next goal of `group` to pack with the boxes on `boxes` (sorted): the first of its
    /// order not yet filled.
    pub fn next_goal(&self, group: usize, boxes: &[u16]) -> Option<u16> {
        (self.packing[group].iter())
            .copied()
            .find(|g| boxes.binary_search(g).is_err())
    }

    /// How many boxes are packed in order: for each group, how many of its first goals in
    /// packing order are filled.
    pub fn packed(&self, boxes: &[u16]) -> usize {
        if !self.in_order {
            return (boxes.iter())
                .filter(|&&b| self.group_of[b as usize].is_some())
                .count();
        }
        (self.packing.iter())
            .map(|order| {
                (order.iter())
                    .take_while(|g| boxes.binary_search(g).is_ok())
                    .count()
            })
            .sum()
    }
}

/// Which goals are packed together, as a key for each goal square: goals in one room, and
/// goals side by side (a row of goals in a tunnel is packed as one), share a key.
fn goal_groups(analysis: &Analysis, room: &[u16]) -> Vec<u16> {
    let n = analysis.len();
    let mut parent: Vec<u16> = (0..n as u16).collect();
    fn root(parent: &mut [u16], mut s: u16) -> u16 {
        while parent[s as usize] != s {
            parent[s as usize] = parent[parent[s as usize] as usize];
            s = parent[s as usize];
        }
        s
    }
    let mut first_in_room: Vec<Option<u16>> = vec![None; n];
    for &g in &analysis.goals {
        let join = |other: u16, parent: &mut Vec<u16>| {
            let (a, b) = (root(parent, g), root(parent, other));
            parent[a as usize] = b;
        };
        if room[g as usize] != NO_ROOM {
            match first_in_room[room[g as usize] as usize] {
                Some(other) => join(other, &mut parent),
                None => first_in_room[room[g as usize] as usize] = Some(g),
            }
        }
        for &m in &analysis.neighbours[g as usize] {
            if m != NONE && analysis.goal[m as usize] {
                join(m, &mut parent);
            }
        }
    }
    (0..n as u16).map(|s| root(&mut parent, s)).collect()
}

/// The direction a box moves through `square` if it is a tunnel square (walls on both sides
/// across that direction), else none.
fn tunnel_axis(analysis: &Analysis, square: u16) -> Option<Dir> {
    let wall = |d: Dir| analysis.next(square, d) == NONE;
    if wall(Dir::Left) && wall(Dir::Right) && !(wall(Dir::Up) && wall(Dir::Down)) {
        Some(Dir::Down)
    } else if wall(Dir::Up) && wall(Dir::Down) && !(wall(Dir::Left) && wall(Dir::Right)) {
        Some(Dir::Right)
    } else {
        None
    }
}

/// The rooms: the connected areas of the squares that are not tunnel squares.
fn rooms(analysis: &Analysis, tunnel_along: &[Option<Dir>]) -> (Vec<u16>, usize) {
    let n = analysis.len();
    let mut room = vec![NO_ROOM; n];
    let mut count = 0u16;
    let mut stack = vec![];
    for s in 0..n {
        if room[s] != NO_ROOM || tunnel_along[s].is_some() {
            continue;
        }
        room[s] = count;
        stack.push(s as u16);
        while let Some(t) = stack.pop() {
            for &m in &analysis.neighbours[t as usize] {
                if m != NONE && room[m as usize] == NO_ROOM && tunnel_along[m as usize].is_none() {
                    room[m as usize] = count;
                    stack.push(m);
                }
            }
        }
        count += 1;
    }
    (room, count as usize)
}

/// The maximal runs of tunnel squares that touch two rooms or more.
fn links(
    analysis: &Analysis,
    tunnel_along: &[Option<Dir>],
    room: &[u16],
) -> (Vec<Vec<u16>>, Vec<Option<u16>>) {
    let n = analysis.len();
    let mut seen = vec![false; n];
    let mut links = vec![];
    let mut link_of = vec![None; n];
    for s in 0..n {
        if seen[s] || tunnel_along[s].is_none() {
            continue;
        }
        let mut run = vec![];
        let mut touches = vec![];
        let mut stack = vec![s as u16];
        seen[s] = true;
        while let Some(t) = stack.pop() {
            run.push(t);
            for &m in &analysis.neighbours[t as usize] {
                if m == NONE {
                    continue;
                }
                if tunnel_along[m as usize].is_some() {
                    if !seen[m as usize] {
                        seen[m as usize] = true;
                        stack.push(m);
                    }
                } else if !touches.contains(&room[m as usize]) {
                    touches.push(room[m as usize]);
                }
            }
        }
        if touches.len() >= 2 {
            for &t in &run {
                link_of[t as usize] = Some(links.len() as u16);
            }
            links.push(run);
        }
    }
    (links, link_of)
}
