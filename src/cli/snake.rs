//! `frontier snake`: play games headless with a planner and report how they went.

use super::Status;
use super::args::{Args, number};
use crate::games::snake::SnakeGame;
use crate::games::snake::play::{
    Autopilot, GameReport, Handover, HandoverAt, Planner, Steerer, play_handed_over,
};
use crate::grid::Grid;

/// The most games one command plays (a million take hours on 30 x 30).
const MAX_GAMES: usize = 1_000_000;

pub fn snake(mut args: Args) -> Status {
    match run(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

fn run(args: &mut Args) -> Result<Status, String> {
    let planner = args
        .parsed("--planner", Planner::parse)?
        .unwrap_or(Planner::Cycle);
    let size: usize = args.parsed("--size", number)?.unwrap_or(10);
    let games: usize = args.parsed("--games", number)?.unwrap_or(100);
    let seed: u64 = args.parsed("--seed", number)?.unwrap_or(1);
    let before = args.parsed("--before", Steerer::parse)?;
    let at = args.parsed("--handover", HandoverAt::parse)?;
    args.finish()?;
    let handover = match (before, at) {
        (Some(before), Some(at)) => Some(Handover { before, at }),
        (None, None) => None,
        (Some(_), None) => return Err("--before needs --handover K (or random:K)".into()),
        (None, Some(_)) => return Err("--handover needs --before classic or random".into()),
    };
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(format!("--games must be 1 to {MAX_GAMES}, not {games}"));
    }
    let walls = Grid::new(size.clamp(1, 64), size.clamp(1, 64), false);
    SnakeGame::new(size, size, &walls, seed)?;
    Autopilot::new(planner, &walls)?;

    // Games are independent: play them on every core, each from its own seed.
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(games);
    let reports: Vec<GameReport> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let walls = &walls;
                scope.spawn(move || -> Result<Vec<GameReport>, String> {
                    (t..games)
                        .step_by(threads)
                        .map(|g| {
                            let game =
                                SnakeGame::new(size, size, walls, seed.wrapping_add(g as u64))?;
                            let mut autopilot = Autopilot::new(planner, walls)?;
                            Ok(play_handed_over(&mut autopilot, game, handover))
                        })
                        .collect()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a game panicked".into())))
            .collect::<Result<Vec<Vec<GameReport>>, String>>()
            .map(|r| r.into_iter().flatten().collect())
    })?;
    let (mut wins, mut deaths, mut loops, mut lengths, mut steps, mut eaten) = (0, 0, 0, 0, 0, 0);
    let (mut handovers, mut deaths_after, mut avoidable) = (0, 0, 0);
    for report in &reports {
        wins += report.won as usize;
        deaths += report.death.is_some() as usize;
        loops += report.looped as usize;
        lengths += report.length;
        steps += report.steps;
        eaten += report.eaten;
        handovers += report.handed_over as usize;
        deaths_after += (report.handed_over && report.death.is_some()) as usize;
        avoidable += report.avoidable_death as usize;
    }
    let free = size * size;
    let mean_length = lengths as f64 / games as f64;
    let steps_per_apple = steps as f64 / eaten.max(1) as f64;
    say!(
        "{games} games of {} on {size} x {size} (seeds {seed}..{}): {wins} won ({:.1}%), {deaths} died, {loops} stopped looping",
        match planner {
            Planner::Classic => "the classic planner",
            Planner::Cycle => "the cycle planner",
        },
        seed.wrapping_add(games as u64 - 1),
        100.0 * wins as f64 / games as f64
    );
    say!("mean length {mean_length:.2} of {free}; {steps_per_apple:.2} steps per apple");
    say!("games: {games}");
    say!("wins: {wins}");
    say!("deaths: {deaths}");
    say!("loops: {loops}");
    say!("mean_length: {mean_length:.2}");
    say!("steps_per_apple: {steps_per_apple:.2}");
    if handover.is_some() {
        say!("handovers: {handovers}");
        say!("deaths_after_handover: {deaths_after}");
        say!("avoidable_deaths: {avoidable}");
    }
    Ok(Status::Success)
}
