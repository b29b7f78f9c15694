use frontier::games::snake::play::{Autopilot, Planner};
use frontier::games::snake::{Outcome, SnakeGame, Status};
use frontier::grid::Grid;

fn main() {
    let size = 20;
    let walls = Grid::new(size, size, false);
    let autopilot = Autopilot::new(Planner::Cycle, &walls).unwrap();
    let mut buckets = vec![(0usize, 0usize); 10];
    let mut behind = 0usize;
    for seed in 0..10 {
        let mut game = SnakeGame::new(size, size, &walls, seed).unwrap();
        let mut since = 0;
        while game.status() == Status::Playing {
            let len = game.len();
            let out = game.step(autopilot.choose(&game));
            since += 1;
            if matches!(out, Outcome::Ate | Outcome::Won) {
                let b = len * 10 / (size * size);
                buckets[b].0 += since;
                buckets[b].1 += 1;
                since = 0;
            }
        }
        let _ = &mut behind;
    }
    for (i, (steps, apples)) in buckets.iter().enumerate() {
        println!("length {:>3}..: {:.1} steps/apple over {apples}", i * size * size / 10, *steps as f64 / (*apples).max(1) as f64);
    }
}
