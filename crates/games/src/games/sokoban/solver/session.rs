//! A Sokoban search shown step by step: the state being expanded, a heat map of where
//! expanded states keep their boxes, counts for the chart, and the solution once found.

use crate::games::sokoban::narrate::DeepeningStep;
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::games::sokoban::solver::{Detail, Prunes, SokobanRun};
use crate::games::sokoban::{Level, verify_solution};
use crate::grid::Pos;
use crate::search::{Budget, Event, Timeline};
use crate::watch::series::RunSeries;

/// The bytes the timeline's checkpoints may hold together. They share the search's states
/// but copy the rest, so without a limit a long run's checkpoints grow to a few times the
/// search itself (A* on Microban 93 to 6,000,000 expansions: 2.25 GB resident in all).
const CHECKPOINT_BYTES: usize = 1 << 30;

/// Steps a seek replays at once; a longer replay is spread over frames (about a tenth of
/// a second of A* on a Microban level).
const REPLAY_AT_ONCE: usize = 20_000;

pub struct SolveSession {
    pub level: Level,
    pub algorithm: SokobanAlgorithm,
    pub detail: Detail,
    pub timeline: Timeline<SokobanRun>,
    pub series: RunSeries,
    /// Expanded states with a box on each square, row by row.
    heat: Vec<u32>,
    heat_max: u32,
    pub last_event: Option<Event>,
    /// What the latest step pruned.
    pub last_prunes: Prunes,
    /// What the latest step did as IDA* (a new iteration, successors over the bound).
    pub last_deepening: Option<DeepeningStep>,
    /// Once a BFS or A* run has given up: the fewest pushes (or moves) any solution needs.
    pub proven_bound: Option<f64>,
    /// The verified solution, once found.
    pub solution: Option<Result<String, String>>,
    replay_at_once: usize,
    /// With "Predict the next step" on: the answers, and the positions offered.
    pub predictions: Option<super::predicting::SolvePredictions>,
}

impl SolveSession {
    pub fn new(
        level: Level,
        algorithm: SokobanAlgorithm,
        detail: Detail,
        max_states: usize,
    ) -> SolveSession {
        let budget = Budget::UNLIMITED.states(max_states).bytes(2 << 30);
        let run = SokobanRun::new(&level, algorithm, detail, budget);
        SolveSession {
            heat: vec![0; level.width() * level.height()],
            heat_max: 0,
            timeline: Timeline::with_checkpoints(run, 512, 8)
                .with_memory_limit(CHECKPOINT_BYTES, SokobanRun::memory_bytes),
            series: RunSeries::new(super::super::names::sokoban_algorithm(algorithm)),
            level,
            algorithm,
            detail,
            last_event: None,
            last_prunes: Prunes::default(),
            last_deepening: None,
            proven_bound: None,
            solution: None,
            replay_at_once: REPLAY_AT_ONCE,
            predictions: None,
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
        let before = self.run().prunes();
        let deepening_before = self.run().deepening();
        let Some(event) = self.timeline.step() else {
            return false;
        };
        self.last_prunes = self.run().prunes().since(before);
        self.last_deepening = self
            .run()
            .deepening()
            .map(|after| DeepeningStep::between(deepening_before, after));
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
            if matches!(event, Event::GaveUp(_)) {
                self.proven_bound = self.run().proven_bound();
            }
            if matches!(event, Event::Found { .. }) {
                self.solution = self
                    .run()
                    .solution(&self.level)
                    .map(|lurd| match verify_solution(&self.level, &lurd) {
                        Ok(_) => Ok(lurd),
                        Err(problem) => Err(problem.to_string()),
                    });
            }
        }
        true
    }

    /// Goes back, without replaying, to the checkpoint before step `target`, and makes what
    /// is told of the run (the last step, the heat map, the solution) agree with it: the
    /// steps on to `target` are then taken through [`SolveSession::step`].
    fn jump_before(&mut self, target: usize) {
        self.timeline.jump_towards(target.saturating_sub(1));
        self.settle();
    }

    /// Makes what is told of the run agree with where its timeline stands after a jump or a
    /// replay that told nothing.
    fn settle(&mut self) {
        self.last_event = self.run().ended();
        self.last_prunes = Prunes::default();
        self.last_deepening = None;
        self.proven_bound = match self.run().ended() {
            Some(Event::GaveUp(_)) => self.run().proven_bound(),
            _ => None,
        };
        self.solution = match self.run().ended() {
            Some(Event::Found { .. }) => self.run().solution(&self.level).map(Ok),
            _ => None,
        };
        let analysis = self.run().sokoban().analysis.clone();
        let mut heat = std::mem::take(&mut self.heat);
        heat.iter_mut().for_each(|h| *h = 0);
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

impl crate::watch::Watched for SolveSession {
    fn standing(&self) -> crate::watch::Standing {
        crate::watch::Standing::of(&self.timeline)
    }

    fn step(&mut self) -> bool {
        self.step()
    }

    /// Goes to step `target` at once: replayed untold to the step before it, and the last
    /// step taken through [`SolveSession::step`], so that what it did can be told.
    fn seek(&mut self, target: usize) {
        self.timeline.seek(target.saturating_sub(1));
        self.settle();
        if target > 0 {
            self.step();
        }
    }

    fn replay_cost(&self, target: usize) -> usize {
        self.timeline.replay_cost(target)
    }

    fn jump_towards(&mut self, target: usize) {
        self.jump_before(target);
    }

    fn replay_at_once(&self) -> usize {
        self.replay_at_once
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::presets;
    use crate::watch::FrameBudget;
    use crate::watch::StepAction;
    use crate::watch::{Player, Watched};

    /// Crossroads, the last tutorial level: BFS takes well over 3,000 expansions on it.
    fn crossroads() -> Level {
        let entries = presets::collection("frontier-tutorial.xsb").expect("the tutorial");
        entries
            .last()
            .unwrap()
            .level
            .clone()
            .expect("a valid level")
    }

    fn stepped(level: &Level, steps: usize) -> SolveSession {
        let mut session = SolveSession::new(
            level.clone(),
            SokobanAlgorithm::Bfs,
            Detail::Pushes,
            1 << 20,
        );
        for _ in 0..steps {
            session.step();
        }
        session
    }

    #[test]
    fn a_long_step_back_is_replayed_over_frames_and_lands_where_stepping_would() {
        let level = crossroads();
        let mut session = [stepped(&level, 3000)];
        session[0].replay_at_once = 100;
        assert!(
            session[0].timeline.checkpoint_bytes() > 0,
            "checkpoints are weighed"
        );
        let mut player = Player::default();
        player.apply(&mut session, StepAction::Seek(2999));
        // The nearest checkpoint is 512-aligned, more than 100 steps back: the replay waits.
        assert_eq!(session[0].position(), 2560);
        assert_eq!(player.replaying_to(), Some(2999));
        // Stepping back again counts from where the replay is headed.
        player.apply(&mut session, StepAction::StepBack);
        assert_eq!(player.replaying_to(), Some(2998));
        while player.advance(&mut session, 0.0, FrameBudget::Steps(1000)) {}
        assert_eq!(session[0].position(), 2998);

        let direct = stepped(&level, 2998);
        let session = &mut session[0];
        assert_eq!(session.run().last_expanded(), direct.run().last_expanded());
        assert_eq!(session.run().frontier_len(), direct.run().frontier_len());
        assert_eq!(session.heat(), direct.heat());

        // A short step back is done at once.
        player.apply(std::slice::from_mut(session), StepAction::Seek(2600));
        assert_eq!((session.position(), player.replaying_to()), (2600, None));
    }

    #[test]
    fn a_seek_tells_what_its_last_step_pruned_as_stepping_there_would() {
        let level = crossroads();
        let mut direct = stepped(&level, 0);
        let pruning_step = (1..=3000).find_map(|k| {
            direct.step();
            (k > 600 && direct.last_prunes.dead_squares > 0).then_some((
                k,
                direct.last_prunes,
                direct.last_event,
            ))
        });
        let (k, prunes, event) = pruning_step.expect("some step prunes a dead square");
        let mut session = stepped(&level, 3000);
        Watched::seek(&mut session, k);
        assert_eq!(
            (session.position(), session.last_prunes, session.last_event),
            (k, prunes, event)
        );
    }
}
