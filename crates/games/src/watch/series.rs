//! A run's counts along its steps, for a chart: how big the frontier was and how many nodes
//! had been visited. The chart is the app's (`ui::plot`).

/// A count (`y`) at a step (`x`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// Points kept per series; past that, every other point goes and the spacing doubles.
pub const MAX_POINTS: usize = 2048;

/// Two counts sampled along a run: how big the frontier was and how many nodes had been
/// visited, against the step number. Long runs are sampled more sparsely, so a series
/// never takes more than a few thousand points.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunSeries {
    pub label: String,
    pub frontier: Vec<Point>,
    pub visited: Vec<Point>,
    stride: usize,
    last_step: Option<usize>,
}

impl RunSeries {
    pub fn new(label: impl Into<String>) -> RunSeries {
        RunSeries {
            label: label.into(),
            stride: 1,
            ..RunSeries::default()
        }
    }

    /// Records the counts at `step`; steps already recorded are ignored (replays).
    pub fn record(&mut self, step: usize, frontier: usize, visited: usize) {
        if self.last_step.is_some_and(|last| step <= last) {
            return;
        }
        self.last_step = Some(step);
        if !step.is_multiple_of(self.stride) {
            return;
        }
        self.frontier.push(Point {
            x: step as f64,
            y: frontier as f64,
        });
        self.visited.push(Point {
            x: step as f64,
            y: visited as f64,
        });
        if self.frontier.len() > MAX_POINTS {
            self.stride *= 2;
            let keep = |p: &Point| (p.x as usize).is_multiple_of(self.stride);
            self.frontier.retain(keep);
            self.visited.retain(keep);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.frontier.is_empty()
    }
}
