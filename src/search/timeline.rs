/// A run that can go back in time. Runs are deterministic, so step k is reached by
/// restoring the latest checkpoint at or before k and replaying forward from there.
///
/// Checkpoints are copies of the run taken every `interval` steps. When there are more
/// than the maximum, every other one is dropped and the interval doubles, so memory stays
/// bounded on long runs while a step back replays at most `interval` steps.
///
/// ```
/// use frontier::search::{Algorithm, Cost, Problem, Search, Timeline};
/// # #[derive(Clone)] struct Line;
/// # impl Problem for Line {
/// #     type State = i32;
/// #     fn start(&self) -> i32 { 0 }
/// #     fn is_goal(&self, s: &i32) -> bool { *s == 50 }
/// #     fn successors(&self, s: &i32, out: &mut Vec<(i32, Cost)>) { out.push((s + 1, 1.0)) }
/// # }
/// let mut timeline = Timeline::new(Search::new(Line, Algorithm::Bfs));
/// timeline.seek(30);
/// timeline.step_back();
/// assert_eq!(timeline.position(), 29);
/// assert_eq!(timeline.current().expansions(), 29);
/// ```
#[derive(Clone)]
pub struct Timeline<R> {
    run: R,
    position: usize,
    checkpoints: Vec<(usize, R)>,
    interval: usize,
    max_checkpoints: usize,
    end: Option<usize>,
    furthest: usize,
}

impl<R: Iterator + Clone> Timeline<R> {
    /// A timeline that checkpoints every 64 steps at first and keeps at most 16 checkpoints.
    pub fn new(run: R) -> Self {
        Self::with_checkpoints(run, 64, 16)
    }

    pub fn with_checkpoints(run: R, interval: usize, max_checkpoints: usize) -> Self {
        Timeline {
            checkpoints: vec![(0, run.clone())],
            run,
            position: 0,
            interval: interval.max(1),
            max_checkpoints: max_checkpoints.max(2),
            end: None,
            furthest: 0,
        }
    }

    /// The run as it stands at [`Timeline::position`].
    pub fn current(&self) -> &R {
        &self.run
    }

    /// Steps taken from the beginning.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The number of steps in the whole run, once the run has been seen to its end.
    pub fn end(&self) -> Option<usize> {
        self.end
    }

    /// The furthest step reached so far (the length of the known timeline).
    pub fn furthest(&self) -> usize {
        self.furthest
    }

    /// Whether the run has nothing more to yield at this position.
    pub fn at_end(&self) -> bool {
        self.end == Some(self.position)
    }

    /// Takes one step forward.
    pub fn step(&mut self) -> Option<R::Item> {
        if self.at_end() {
            return None;
        }
        match self.run.next() {
            Some(item) => {
                self.position += 1;
                self.furthest = self.furthest.max(self.position);
                if self.position.is_multiple_of(self.interval) {
                    self.checkpoint();
                }
                Some(item)
            }
            None => {
                self.end = Some(self.position);
                None
            }
        }
    }

    /// Goes back one step; false at the beginning.
    pub fn step_back(&mut self) -> bool {
        if self.position == 0 {
            return false;
        }
        self.seek(self.position - 1);
        true
    }

    /// Goes to step `target` (or to the end of the run, if it is shorter) and returns the
    /// position reached.
    pub fn seek(&mut self, target: usize) -> usize {
        if target < self.position {
            let (step, run) = self
                .checkpoints
                .iter()
                .rev()
                .find(|(step, _)| *step <= target)
                .unwrap_or(&self.checkpoints[0]);
            self.position = *step;
            self.run = run.clone();
        }
        while self.position < target && self.step().is_some() {}
        self.position
    }

    /// Goes back to the beginning.
    pub fn rewind(&mut self) {
        self.seek(0);
    }

    fn checkpoint(&mut self) {
        if self
            .checkpoints
            .last()
            .is_some_and(|(step, _)| *step >= self.position)
        {
            return;
        }
        self.checkpoints.push((self.position, self.run.clone()));
        if self.checkpoints.len() > self.max_checkpoints {
            self.interval *= 2;
            let interval = self.interval;
            self.checkpoints
                .retain(|(step, _)| step.is_multiple_of(interval));
        }
    }
}
