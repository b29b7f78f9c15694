//! The rules of Snake: a snake on a board (with optional walls), food placed by a seeded
//! random generator, growth, collisions, and the win when the snake fills every free cell.

use std::collections::VecDeque;
use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;
use crate::msg;

/// Board sides allowed.
pub const MIN_SIDE: usize = 6;
pub const MAX_SIDE: usize = 40;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Death {
    Wall,
    Body,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    Dead(Death),
    Won,
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Moved,
    Ate,
    Died(Death),
    Won,
    /// The game was already over.
    Over,
}

#[derive(Clone, Debug)]
pub struct SnakeGame {
    walls: Grid<bool>,
    /// Head first.
    body: VecDeque<Pos>,
    occupied: Grid<bool>,
    food: Option<Pos>,
    rng: StdRng,
    seed: u64,
    free_cells: usize,
    steps: usize,
    steps_since_food: usize,
    eaten: usize,
    heading: Option<Dir>,
    status: Status,
    /// Every move made, in order, as taken (a move back into the neck is the heading).
    moves: Vec<Dir>,
    /// The game before its first move, so it can be replayed.
    opening: Option<Arc<SnakeGame>>,
    /// Some moves were taken back (a rewound game sets no high score).
    rewound: bool,
}

impl SnakeGame {
    /// A game on a `width` x `height` board (each 6 to 40) with `walls`, the snake (length 1)
    /// on the first free cell from the middle, and food placed from `seed`.
    pub fn new(
        width: usize,
        height: usize,
        walls: &Grid<bool>,
        seed: u64,
    ) -> Result<SnakeGame, Message> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(msg!(
                "snake-bad-size",
                min = MIN_SIDE,
                max = MAX_SIDE,
                width = width,
                height = height
            ));
        }
        let walls = walls.resized(width, height, false);
        let free_cells = walls.cells().iter().filter(|&&w| !w).count();
        if free_cells < 2 {
            return Err(msg!("snake-no-room"));
        }
        let middle = Pos::new(width as i32 / 2, height as i32 / 2);
        let start = walls
            .positions()
            .filter(|&p| !walls[p])
            .min_by_key(|p| (p.manhattan(middle), p.y, p.x))
            .ok_or(msg!("snake-no-room"))?;
        let mut game = SnakeGame {
            occupied: Grid::new(width, height, false),
            body: VecDeque::from([start]),
            walls,
            food: None,
            rng: StdRng::seed_from_u64(seed),
            seed,
            free_cells,
            steps: 0,
            steps_since_food: 0,
            eaten: 0,
            heading: None,
            status: Status::Playing,
            moves: vec![],
            opening: None,
            rewound: false,
        };
        game.occupied.set(start, true);
        game.place_food();
        game.opening = Some(Arc::new(game.clone()));
        Ok(game)
    }

    /// An open board without walls.
    pub fn open(width: usize, height: usize, seed: u64) -> Result<SnakeGame, Message> {
        SnakeGame::new(
            width,
            height,
            &Grid::new(width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE), false),
            seed,
        )
    }

    fn place_food(&mut self) {
        let free = self.free_cells - self.body.len();
        if free == 0 {
            self.food = None;
            return;
        }
        let mut pick = self.rng.random_range(0..free);
        for pos in self.walls.positions() {
            if !self.walls[pos] && !self.occupied[pos] {
                if pick == 0 {
                    self.food = Some(pos);
                    return;
                }
                pick -= 1;
            }
        }
    }

    pub fn width(&self) -> usize {
        self.walls.width()
    }

    pub fn height(&self) -> usize {
        self.walls.height()
    }

    pub fn walls(&self) -> &Grid<bool> {
        &self.walls
    }

    pub fn is_wall(&self, pos: Pos) -> bool {
        self.walls.get(pos).copied().unwrap_or(true)
    }

    /// Whether `pos` is on the snake.
    pub fn is_body(&self, pos: Pos) -> bool {
        self.occupied.get(pos).copied().unwrap_or(false)
    }

    /// The snake, head first.
    pub fn body(&self) -> &VecDeque<Pos> {
        &self.body
    }

    pub fn head(&self) -> Pos {
        self.body[0]
    }

    pub fn tail(&self) -> Pos {
        self.body[self.body.len() - 1]
    }

    pub fn len(&self) -> usize {
        self.body.len()
    }

    pub fn is_empty(&self) -> bool {
        self.body.is_empty()
    }

    pub fn food(&self) -> Option<Pos> {
        self.food
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Cells that are not walls: the length that wins.
    pub fn free_cells(&self) -> usize {
        self.free_cells
    }

    pub fn steps(&self) -> usize {
        self.steps
    }

    pub fn steps_since_food(&self) -> usize {
        self.steps_since_food
    }

    /// Apples eaten (the score).
    pub fn eaten(&self) -> usize {
        self.eaten
    }

    pub fn heading(&self) -> Option<Dir> {
        self.heading
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// What moving the head in `dir` would do, without doing it. Turning back into the
    /// neck counts as running into the body.
    pub fn check(&self, dir: Dir) -> Outcome {
        if self.status != Status::Playing {
            return Outcome::Over;
        }
        let next = self.head().step(dir);
        if self.is_wall(next) {
            return Outcome::Died(Death::Wall);
        }
        if self.body.len() > 1 && next == self.body[1] {
            return Outcome::Died(Death::Body);
        }
        let eating = self.food == Some(next);
        // The tail leaves its cell this step, unless the snake grows.
        if self.is_body(next) && (next != self.tail() || eating) {
            return Outcome::Died(Death::Body);
        }
        match (eating, self.body.len() + 1 == self.free_cells) {
            (true, true) => Outcome::Won,
            (true, false) => Outcome::Ate,
            (false, _) => Outcome::Moved,
        }
    }

    /// A game in a given position: `body` head first (each cell next to the one before),
    /// food at `food`. For tests and puzzles.
    pub fn from_parts(
        walls: &Grid<bool>,
        body: &[Pos],
        food: Option<Pos>,
        seed: u64,
    ) -> Result<SnakeGame, Message> {
        let mut game = SnakeGame::new(walls.width(), walls.height(), walls, seed)?;
        if body.is_empty() {
            return Err(msg!("snake-no-head"));
        }
        game.occupied = Grid::new(walls.width(), walls.height(), false);
        for (i, &p) in body.iter().enumerate() {
            if game.is_wall(p) || game.occupied[p] {
                return Err(msg!("snake-body-blocked", cell = p));
            }
            if i > 0 && body[i - 1].manhattan(p) != 1 {
                return Err(msg!("snake-body-broken", from = body[i - 1], to = p));
            }
            game.occupied.set(p, true);
        }
        game.body = body.iter().copied().collect();
        game.heading = (body.len() > 1)
            .then(|| Dir::between(body[1], body[0]))
            .flatten();
        game.food = food.filter(|&f| !game.is_wall(f) && !game.occupied[f]);
        if food.is_some() && game.food.is_none() {
            return Err(msg!("snake-food-blocked"));
        }
        game.opening = None;
        game.opening = Some(Arc::new(game.clone()));
        Ok(game)
    }

    /// The moves made so far, in order (the last one may be the one that lost the game).
    pub fn moves_made(&self) -> &[Dir] {
        &self.moves
    }

    /// The game before its first move, then after each move made: `moves_made().len() + 1`
    /// positions, the last equal to this one.
    pub fn replay(&self) -> impl Iterator<Item = SnakeGame> + use<> {
        let mut game = self
            .opening
            .as_deref()
            .cloned()
            .unwrap_or_else(|| self.clone());
        let mut moves = self.moves.clone().into_iter();
        let first = game.clone();
        std::iter::once(first).chain(std::iter::from_fn(move || {
            game.step(moves.next()?);
            Some(game.clone())
        }))
    }

    /// The game as it was after its first `moves` moves (all of them, if there are fewer);
    /// the moves after are forgotten, and the game is marked as rewound.
    pub fn rewound_to(&self, moves: usize) -> SnakeGame {
        let mut game = self
            .opening
            .as_deref()
            .cloned()
            .unwrap_or_else(|| self.clone());
        for &dir in &self.moves[..moves.min(self.moves.len())] {
            game.step(dir);
        }
        game.opening = self.opening.clone();
        game.rewound = true;
        game
    }

    /// Whether moves were ever taken back in this game.
    pub fn was_rewound(&self) -> bool {
        self.rewound
    }

    /// Moves one cell. A move straight back into the neck is taken as "keep going".
    pub fn step(&mut self, dir: Dir) -> Outcome {
        let dir = match self.heading {
            Some(h) if self.body.len() > 1 && dir == h.opposite() => h,
            _ => dir,
        };
        let outcome = self.check(dir);
        match outcome {
            Outcome::Over => return outcome,
            Outcome::Died(death) => {
                self.moves.push(dir);
                self.status = Status::Dead(death);
                return outcome;
            }
            _ => {}
        }
        self.moves.push(dir);
        let next = self.head().step(dir);
        self.steps += 1;
        self.heading = Some(dir);
        if outcome == Outcome::Moved {
            let tail = self.body.pop_back().unwrap_or(next);
            self.occupied.set(tail, false);
            self.steps_since_food += 1;
        } else {
            self.eaten += 1;
            self.steps_since_food = 0;
        }
        self.body.push_front(next);
        self.occupied.set(next, true);
        if outcome == Outcome::Won {
            self.status = Status::Won;
            self.food = None;
        } else if outcome == Outcome::Ate {
            self.place_food();
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(width: usize, height: usize) -> Grid<bool> {
        Grid::new(width, height, false)
    }

    #[test]
    fn eating_grows_the_snake_and_places_new_food_off_the_snake() {
        let mut g = SnakeGame::from_parts(
            &open(8, 6),
            &[Pos::new(2, 2), Pos::new(1, 2)],
            Some(Pos::new(3, 2)),
            5,
        )
        .unwrap();
        assert_eq!(g.step(Dir::Right), Outcome::Ate);
        assert_eq!((g.len(), g.eaten(), g.head()), (3, 1, Pos::new(3, 2)));
        let food = g.food().unwrap();
        assert!(!g.is_body(food) && !g.is_wall(food));
        assert_eq!(g.step(Dir::Up), Outcome::Moved);
        assert_eq!(g.len(), 3);
        assert!(!g.is_body(Pos::new(1, 2)), "the tail moved on");
    }

    #[test]
    fn walls_the_edge_and_the_body_kill() {
        let mut walls = open(8, 6);
        walls.set(Pos::new(4, 2), true);
        let g = SnakeGame::from_parts(&walls, &[Pos::new(3, 2)], None, 0).unwrap();
        assert_eq!(g.check(Dir::Right), Outcome::Died(Death::Wall));
        let mut g = SnakeGame::from_parts(&open(8, 6), &[Pos::new(0, 0)], None, 0).unwrap();
        assert_eq!(g.step(Dir::Left), Outcome::Died(Death::Wall));
        assert_eq!(g.status(), Status::Dead(Death::Wall));
        assert_eq!(g.step(Dir::Right), Outcome::Over);
        // A snake curled into a U: turning into its middle kills it.
        let body = [
            Pos::new(2, 1),
            Pos::new(2, 2),
            Pos::new(3, 2),
            Pos::new(3, 1),
            Pos::new(3, 0),
        ];
        let g = SnakeGame::from_parts(&open(8, 6), &body, None, 0).unwrap();
        assert_eq!(g.check(Dir::Right), Outcome::Died(Death::Body));
        assert_eq!(g.check(Dir::Down), Outcome::Died(Death::Body), "the neck");
        assert_eq!(g.check(Dir::Up), Outcome::Moved);
    }

    #[test]
    fn the_head_may_move_into_the_cell_the_tail_leaves() {
        // A 2x2 loop: the head is next to the tail.
        let body = [
            Pos::new(1, 1),
            Pos::new(2, 1),
            Pos::new(2, 2),
            Pos::new(1, 2),
        ];
        let mut g = SnakeGame::from_parts(&open(8, 6), &body, Some(Pos::new(5, 5)), 0).unwrap();
        assert_eq!(g.step(Dir::Down), Outcome::Moved);
        assert_eq!(g.head(), Pos::new(1, 2));
        // But not when it eats on that step (the tail stays).
        let g = SnakeGame::from_parts(&open(8, 6), &body, Some(Pos::new(1, 2)), 0);
        assert!(g.is_err(), "food cannot be placed on the snake");
    }

    #[test]
    fn filling_every_free_cell_wins() {
        let mut walls = Grid::new(6, 6, true);
        for x in 0..3 {
            walls.set(Pos::new(x, 0), false);
        }
        let mut g = SnakeGame::from_parts(
            &walls,
            &[Pos::new(1, 0), Pos::new(0, 0)],
            Some(Pos::new(2, 0)),
            0,
        )
        .unwrap();
        assert_eq!(g.step(Dir::Right), Outcome::Won);
        assert_eq!(g.status(), Status::Won);
        assert_eq!(g.food(), None);
    }

    #[test]
    fn reversing_into_the_neck_keeps_going() {
        let mut g =
            SnakeGame::from_parts(&open(8, 6), &[Pos::new(3, 3), Pos::new(2, 3)], None, 0).unwrap();
        assert_eq!(g.step(Dir::Left), Outcome::Moved);
        assert_eq!(g.head(), Pos::new(4, 3));
    }

    #[test]
    fn the_same_seed_places_the_same_food() {
        let foods = |seed| {
            let mut g =
                SnakeGame::from_parts(&open(12, 12), &[Pos::new(5, 5)], Some(Pos::new(6, 5)), seed)
                    .unwrap();
            g.step(Dir::Right);
            (SnakeGame::open(12, 12, seed).unwrap().food(), g.food())
        };
        assert_eq!(foods(99), foods(99));
        assert!(
            (0..5)
                .map(foods)
                .collect::<std::collections::HashSet<_>>()
                .len()
                > 1
        );
    }

    #[test]
    fn sizes_outside_6_to_40_are_refused() {
        assert!(
            SnakeGame::open(5, 10, 0)
                .unwrap_err()
                .to_string()
                .contains("6 to 40")
        );
        assert!(SnakeGame::open(10, 41, 0).is_err());
        let all_walls = Grid::new(6, 6, true);
        assert!(
            SnakeGame::new(6, 6, &all_walls, 0)
                .unwrap_err()
                .to_string()
                .contains("no room")
        );
        assert!(
            SnakeGame::from_parts(&open(8, 6), &[Pos::new(1, 1), Pos::new(3, 1)], None, 0)
                .unwrap_err()
                .to_string()
                .contains("broken")
        );
    }

    #[test]
    fn a_replay_goes_through_every_position_and_ends_where_the_game_is() {
        let mut game = SnakeGame::open(8, 8, 3).unwrap();
        let mut seen = vec![game.body().clone()];
        let mut dirs = [Dir::Right, Dir::Down, Dir::Left, Dir::Up]
            .into_iter()
            .cycle();
        while game.status() == Status::Playing && game.steps() < 500 {
            let dir = dirs.next().unwrap();
            // Towards the food when it is in line, else round a square: the snake eats
            // and grows, so the replay must place the same food again.
            let toward = game.food().and_then(|f| {
                Dir::ALL
                    .into_iter()
                    .filter(|&d| matches!(game.check(d), Outcome::Moved | Outcome::Ate))
                    .min_by_key(|&d| game.head().step(d).manhattan(f))
            });
            game.step(toward.unwrap_or(dir));
            seen.push(game.body().clone());
        }
        assert!(game.eaten() > 0, "the snake ate");
        let replay: Vec<SnakeGame> = game.replay().collect();
        assert_eq!(replay.len(), game.moves_made().len() + 1);
        assert_eq!(replay.len(), seen.len());
        for (k, (position, body)) in replay.iter().zip(&seen).enumerate() {
            assert_eq!(position.body(), body, "position {k}");
        }
        let last = replay.last().unwrap();
        assert_eq!(
            (last.food(), last.eaten(), last.status()),
            (game.food(), game.eaten(), game.status())
        );

        // Taken back to any move, the game is that position again, food and all; taken
        // back twice, it still knows its opening; and it is marked as rewound.
        for k in [0, 1, seen.len() / 2, seen.len() - 1] {
            let back = game.rewound_to(k);
            assert_eq!(back.body(), &seen[k], "rewound to move {k}");
            assert_eq!(back.moves_made(), &game.moves_made()[..k]);
            assert_eq!(back.food(), replay[k].food(), "move {k}");
            assert_eq!(back.eaten(), replay[k].eaten());
            assert!(back.was_rewound() && !game.was_rewound());
            let again = back.rewound_to(k / 2);
            assert_eq!(
                again.body(),
                &seen[k / 2],
                "rewound twice, to move {}",
                k / 2
            );
        }
    }
}
