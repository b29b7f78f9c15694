//! A Sokoban search shown step by step: the state being expanded, a heat map of where
//! expanded states keep their boxes, counts for the chart, and the solution once found.

use crate::games::sokoban::solver::{Detail, SokobanRun};
use crate::games::sokoban::{Level, verify_solution};
use crate::grid::Pos;
use crate::search::{Algorithm, Budget, Event, Timeline};
use crate::ui::plot::RunSeries;

pub struct SolveSession {
    pub level: Level,
    pub algorithm: Algorithm,
    pub detail: Detail,
    pub timeline: Timeline<SokobanRun>,
    pub series: RunSeries,
    /// Expanded states with a box on each square, row by row.
    heat: Vec<u32>,
    heat_max: u32,
    pub last_event: Option<Event>,
    /// The verified solution, once found.
    pub solution: Option<Result<String, String>>,
    pub catch_up: Option<usize>,
}

impl SolveSession {
    pub fn new(
        level: Level,
        algorithm: Algorithm,
        detail: Detail,
        max_states: usize,
    ) -> SolveSession {
        let budget = Budget::UNLIMITED.states(max_states).bytes(2 << 30);
        let run = SokobanRun::new(&level, algorithm, detail, budget);
        SolveSession {
            heat: vec![0; level.width() * level.height()],
            heat_max: 0,
            timeline: Timeline::with_checkpoints(run, 512, 8),
            series: RunSeries::new(format!("{algorithm}")),
            level,
            algorithm,
            detail,
            last_event: None,
            solution: None,
            catch_up: None,
        }
    }

    pub fn run(&self) -> &SokobanRun {
        self.timeline.current()
    }

    pub fn position(&self) -> usize {
        self.timeline.position()
    }

    pub fn at_end(&self) -> bool {
        self.timeline.at_end()
    }

    fn add_heat(&mut self, boxes: &[Pos]) {
        let width = self.level.width();
        for b in boxes {
            let cell = &mut self.heat[b.y as usize * width + b.x as usize];
            *cell += 1;
            self.heat_max = self.heat_max.max(*cell);
        }
    }

    /// The heat map scaled to 0..=1.
    pub fn heat(&self) -> Vec<f32> {
        let max = self.heat_max.max(1) as f32;
        self.heat.iter().map(|&h| h as f32 / max).collect()
    }

    pub fn step(&mut self) -> bool {
        let Some(event) = self.timeline.step() else {
            return false;
        };
        self.last_event = Some(event);
        if let Some((boxes, _)) = self.run().last_expanded() {
            self.add_heat(&boxes);
        }
        let run = self.run();
        let (position, frontier, visited) = (
            self.timeline.position(),
            run.frontier_len(),
            run.visited_len(),
        );
        self.series.record(position, frontier, visited);
        if event.is_final() {
            self.timeline.step();
            if matches!(event, Event::Found { .. }) {
                self.solution = self
                    .run()
                    .solution(&self.level)
                    .map(|lurd| match verify_solution(&self.level, &lurd) {
                        Ok(_) => Ok(lurd),
                        Err(problem) => Err(problem),
                    });
            }
        }
        true
    }

    pub fn seek(&mut self, target: usize) {
        self.catch_up = None;
        self.timeline.seek(target);
        self.last_event = self.run().ended();
        self.solution = match self.run().ended() {
            Some(Event::Found { .. }) => self.run().solution(&self.level).map(Ok),
            _ => None,
        };
        self.heat.iter_mut().for_each(|h| *h = 0);
        self.heat_max = 0;
        let analysis = self.run().sokoban().analysis.clone();
        let mut heat = std::mem::take(&mut self.heat);
        let width = self.level.width();
        let mut max = 0;
        self.run().expanded_boxes(|boxes| {
            for &b in boxes {
                let p = analysis.positions[b as usize];
                let cell = &mut heat[p.y as usize * width + p.x as usize];
                *cell += 1;
                max = max.max(*cell);
            }
        });
        self.heat = heat;
        self.heat_max = max;
    }
}
