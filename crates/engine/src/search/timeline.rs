/// The bytes all checkpoints may hold together, and how to weigh one.
struct MemoryLimit<R> {
    bytes: usize,
    measure: fn(&R) -> usize,
}

// Derived, these would ask for `R: Copy`; the fields are copies whatever `R` is.
impl<R> Clone for MemoryLimit<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for MemoryLimit<R> {}

/// What a run yields at each step, when the run is one to step through: whether this step
/// is the run's last. A [`Timeline`] learns the end of a run from it at that step, so the
/// controls know the run is over without asking it for one more step.
pub trait Ending {
    /// Whether the run is over once this step is taken.
    fn ends_run(&self) -> bool;
}

impl Ending for super::Step {
    fn ends_run(&self) -> bool {
        self.event.is_final()
    }
}

impl Ending for super::Event {
    fn ends_run(&self) -> bool {
        self.is_final()
    }
}

#[derive(Clone)]
struct Checkpoint<R> {
    step: usize,
    run: R,
}

/// A run that can go back in time. Runs are deterministic, so step k is reached by
/// restoring the latest checkpoint at or before k and replaying forward from there.
///
/// Checkpoints are copies of the run taken every `interval` steps. When there are more
/// than the maximum, or (with [`Timeline::with_memory_limit`]) they hold more bytes than
/// allowed, every other one is dropped and the interval doubles, so memory stays bounded on
/// long runs while a step back replays at most `interval` steps.
///
/// ```
/// use frontier_engine::search::{Algorithm, Cost, Problem, Search, Timeline};
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
/// // What step 29 did, and what reaching step 40 from here replays.
/// assert!(timeline.last_step().is_some());
/// assert_eq!(timeline.replay_cost(40), 11);
/// ```
pub struct Timeline<R: Iterator> {
    run: R,
    position: usize,
    /// What the step that led to `position` yielded (None at the start, or after a jump to
    /// a checkpoint until the next step).
    last: Option<R::Item>,
    checkpoints: Vec<Checkpoint<R>>,
    interval: usize,
    first_interval: usize,
    max_checkpoints: usize,
    memory_limit: Option<MemoryLimit<R>>,
    end: Option<usize>,
    furthest: usize,
}

impl<R: Iterator + Clone> Clone for Timeline<R>
where
    R::Item: Clone,
{
    fn clone(&self) -> Self {
        Timeline {
            run: self.run.clone(),
            position: self.position,
            last: self.last.clone(),
            checkpoints: self.checkpoints.clone(),
            interval: self.interval,
            first_interval: self.first_interval,
            max_checkpoints: self.max_checkpoints,
            memory_limit: self.memory_limit,
            end: self.end,
            furthest: self.furthest,
        }
    }
}

impl<R: Iterator + Clone> Timeline<R>
where
    R::Item: Ending + Clone,
{
    /// A timeline that checkpoints every 64 steps at first and keeps at most 16 checkpoints.
    pub fn new(run: R) -> Self {
        Self::with_checkpoints(run, 64, 16)
    }

    /// A timeline that checkpoints every `interval` steps at first and keeps at most
    /// `max_checkpoints` (at least two), doubling the interval when there would be more.
    pub fn with_checkpoints(run: R, interval: usize, max_checkpoints: usize) -> Self {
        Timeline {
            checkpoints: vec![Checkpoint {
                step: 0,
                run: run.clone(),
            }],
            run,
            position: 0,
            last: None,
            interval: interval.max(1),
            first_interval: interval.max(1),
            max_checkpoints: max_checkpoints.max(2),
            memory_limit: None,
            end: None,
            furthest: 0,
        }
    }

    /// Keeps the checkpoints within `bytes` all together, as weighed by `measure`. The
    /// first (the run before its first step) always stays, so a long run may end up
    /// replaying from far back; the memory stays bounded all the same.
    pub fn with_memory_limit(mut self, bytes: usize, measure: fn(&R) -> usize) -> Self {
        self.memory_limit = Some(MemoryLimit { bytes, measure });
        self
    }

    /// Bytes the checkpoints hold, as weighed by the memory limit's measure (0 without one).
    /// Weighed afresh each time: a run may share memory with the copies taken of it, and
    /// what one copy weighs changes as others come and go.
    pub fn checkpoint_bytes(&self) -> usize {
        match self.memory_limit {
            Some(limit) => self
                .checkpoints
                .iter()
                .map(|c| (limit.measure)(&c.run))
                .sum(),
            None => 0,
        }
    }

    /// How many checkpoints are kept.
    pub fn checkpoint_count(&self) -> usize {
        self.checkpoints.len()
    }

    /// The run before its first step (the first checkpoint, which always stays).
    pub fn first(&self) -> &R {
        &self.checkpoints[0].run
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

    /// What the step that led to the position shown yielded: what step
    /// [`Timeline::position`] did (None at step 0).
    pub fn last_step(&self) -> Option<&R::Item> {
        self.last.as_ref()
    }

    /// Takes one step forward. A step that ends the run makes its end known at once.
    pub fn step(&mut self) -> Option<R::Item> {
        if self.at_end() {
            return None;
        }
        match self.run.next() {
            Some(item) => {
                self.position += 1;
                self.furthest = self.furthest.max(self.position);
                if item.ends_run() {
                    self.end = Some(self.position);
                }
                if self.position.is_multiple_of(self.interval) {
                    self.checkpoint();
                }
                self.last = Some(item.clone());
                Some(item)
            }
            None => {
                self.end = Some(self.position);
                None
            }
        }
    }

    /// The run changed outside its steps (a plan mended after its board was edited): applies
    /// `change` to the run as it stands, and makes what it becomes step 0, forgetting the
    /// timeline before it. Cheaper than a new timeline, which would copy the run once more.
    pub fn rebase(&mut self, change: impl FnOnce(&mut R)) {
        change(&mut self.run);
        self.checkpoints.clear();
        self.checkpoints.push(Checkpoint {
            step: 0,
            run: self.run.clone(),
        });
        self.position = 0;
        self.last = None;
        self.interval = self.first_interval;
        self.end = None;
        self.furthest = 0;
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
    /// position reached. The last step to it is always replayed, so [`Timeline::last_step`]
    /// says what it did.
    pub fn seek(&mut self, target: usize) -> usize {
        let target = self.end.map_or(target, |end| target.min(end));
        if target == 0 {
            self.jump_towards(0);
            return 0;
        }
        if target != self.position || self.last.is_none() {
            self.jump_towards(target - 1);
        }
        while self.position < target && self.step().is_some() {}
        self.position
    }

    /// The steps [`Timeline::seek`] would replay to reach `target`: from the checkpoint
    /// nearest before it, or from where the run stands when that is nearer.
    pub fn replay_cost(&self, target: usize) -> usize {
        let target = self.end.map_or(target, |end| target.min(end));
        if target == self.position && (target == 0 || self.last.is_some()) {
            return 0;
        }
        let before = target.saturating_sub(1);
        let from = if before >= self.position && self.position > self.nearest(before).step {
            self.position
        } else {
            self.nearest(before).step
        };
        target - from.min(target)
    }

    fn nearest(&self, target: usize) -> &Checkpoint<R> {
        &self.checkpoints[self.nearest_index(target)]
    }

    /// The checkpoint nearest before `target` (the first is at step 0).
    fn nearest_index(&self, target: usize) -> usize {
        self.checkpoints
            .iter()
            .rposition(|c| c.step <= target)
            .unwrap_or(0)
    }

    /// Goes to the checkpoint nearest before `target`, without replaying, when that is
    /// closer than where the run stands (always, when `target` is behind); returns the
    /// position. Stepping on to `target` is left to the caller, who may spread it over
    /// time.
    pub fn jump_towards(&mut self, target: usize) -> usize {
        let nearest = &self.checkpoints[self.nearest_index(target)];
        if target < self.position || nearest.step > self.position {
            (self.position, self.run) = (nearest.step, nearest.run.clone());
            self.last = None;
        }
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
            .is_some_and(|c| c.step >= self.position)
        {
            return;
        }
        let limit = self.memory_limit.map_or(usize::MAX, |limit| limit.bytes);
        self.checkpoints.push(Checkpoint {
            step: self.position,
            run: self.run.clone(),
        });
        while self.checkpoints.len() > self.max_checkpoints
            || (self.checkpoint_bytes() > limit && self.checkpoints.len() > 1)
        {
            self.interval *= 2;
            let interval = self.interval;
            self.checkpoints.retain(|c| c.step.is_multiple_of(interval));
        }
    }
}
