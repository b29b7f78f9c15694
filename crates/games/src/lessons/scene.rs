//! What a lesson page puts on screen: a board with a search, a Sokoban level with a solver,
//! a Snake game, a 连连看 board, or a sliding puzzle with a search, and how far the search
//! runs before the page shows.

use std::sync::Arc;

use crate::games::sandbox::{Board, Connectivity, GridProblem, GridRun, Heuristic, PathAlgorithm};
use crate::games::sliding::{
    Goal, Holding, Position, PuzzleHeuristic, SlidingProblem, run_on_puzzle_holding,
};
use crate::games::snake::SnakeGame;
use crate::games::snake::play::{Autopilot, Planner};
use crate::games::sokoban::Level;
use crate::games::sokoban::solver::{Detail, SokobanAlgorithm, SokobanRun};
use crate::grid::{Grid, Pos};
use crate::i18n::Message;
use crate::msg;
use crate::search::{Budget, StoppingRule};

/// The most steps a page may run before it shows: the app replays them in one frame.
pub const MAX_STEPS: usize = 200_000;

/// How far a page's search runs before the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunTo {
    /// Not at all: the search waits at its first step.
    Start,
    /// This many expansions.
    Steps(usize),
    /// To the goal (or until the search gives up).
    End,
    /// Until the first time the frontier holds more than this many nodes.
    FrontierAbove(usize),
}

impl RunTo {
    /// `start`, `end`, `step N` or `frontier above N`.
    pub fn parse(text: &str) -> Option<RunTo> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["start"] => Some(RunTo::Start),
            ["end"] => Some(RunTo::End),
            ["step", n] => n.parse().ok().map(RunTo::Steps),
            ["frontier", "above", n] => n.parse().ok().map(RunTo::FrontierAbove),
            _ => None,
        }
    }

    /// Steps `run` to the event; the steps taken, or why it never came.
    fn reach<R: Iterator>(
        self,
        run: &mut R,
        frontier_len: impl Fn(&R) -> usize,
    ) -> Result<usize, Message> {
        let mut steps = 0;
        let reached = |run: &R, steps: usize| match self {
            RunTo::Start => true,
            RunTo::Steps(n) => steps >= n,
            RunTo::End => false,
            RunTo::FrontierAbove(n) => frontier_len(run) > n,
        };
        while !reached(run, steps) {
            if steps >= MAX_STEPS {
                return Err(msg!("lesson-run-too-long", max = MAX_STEPS));
            }
            if run.next().is_none() {
                return match self {
                    RunTo::End => Ok(steps),
                    RunTo::Steps(n) => Err(msg!("lesson-run-ended-at", steps = steps, asked = n)),
                    _ => Err(msg!("lesson-run-never-reached", steps = steps)),
                };
            }
            steps += 1;
        }
        Ok(steps)
    }
}

/// Searches a lesson runs keep to what a page can show at once.
const LESSON_BUDGET: Budget = Budget {
    max_expansions: None,
    max_states: Some(2_000_000),
    max_bytes: Some(1 << 30),
    deadline: None,
};

/// A Pathfinding board with a search (and maybe a second beside it).
#[derive(Clone, Debug)]
pub struct BoardScene {
    pub board: Board,
    /// The student's own search the page opens in the code panel, if it asks for one.
    pub code: Option<YourSearch>,
    pub algorithm: PathAlgorithm,
    pub compare: Option<PathAlgorithm>,
    pub connectivity: Connectivity,
    pub heuristic: Heuristic,
    pub run: RunTo,
    /// Bidirectional searches stop at their first meeting (the wrong rule, shown failing).
    pub first_meeting: bool,
}

impl BoardScene {
    /// The page's search on `board` from its first step.
    pub fn fresh_run(&self, board: &Board, algorithm: PathAlgorithm) -> GridRun {
        let problem = GridProblem::new(Arc::new(board.clone()), self.connectivity, self.heuristic);
        let rule = if self.first_meeting {
            StoppingRule::FirstMeeting
        } else {
            StoppingRule::Proven
        };
        GridRun::with_stopping_rule(problem, algorithm, LESSON_BUDGET, rule)
    }

    /// The page's search, run to its event, and the steps that took (the app steps its own
    /// runs as far).
    pub fn prepare(&self) -> Result<(GridRun, usize), Message> {
        let mut run = self.fresh_run(&self.board, self.algorithm);
        let steps = self.run.reach(&mut run, GridRun::frontier_len)?;
        Ok((run, steps))
    }

    /// The board with a wall painted at `pos`, if `pos` is floor that is neither the start
    /// nor the goal.
    pub fn with_wall(&self, pos: Pos) -> Option<Board> {
        let wall = self.board.wall_terrain()?;
        let open = self.board.is_passable(pos) && pos != self.board.start && pos != self.board.goal;
        let mut board = self.board.clone();
        (open && board.paint(pos, wall)).then_some(board)
    }

    /// The cost of the path `algorithm` finds on `board`, if it finds one.
    pub fn path_cost(&self, board: &Board, algorithm: PathAlgorithm) -> Option<f64> {
        match self.fresh_run(board, algorithm).run().outcome {
            crate::search::Outcome::Found { cost, .. } => Some(cost),
            _ => None,
        }
    }
}

/// A Sokoban level in the solver.
#[derive(Clone, Debug)]
pub struct SokobanScene {
    pub level: Level,
    /// The collection the level comes from (its file name and text), and the level's index
    /// in it, for the Sokoban tab to open.
    pub collection: (String, String),
    pub index: usize,
    pub algorithm: SokobanAlgorithm,
    pub detail: Detail,
    pub run: RunTo,
}

impl SokobanScene {
    /// The page's solver run to its event, and the steps that took.
    pub fn prepare(&self) -> Result<(SokobanRun, usize), Message> {
        let mut run = SokobanRun::new(&self.level, self.algorithm, self.detail, LESSON_BUDGET);
        let steps = self.run.reach(&mut run, SokobanRun::frontier_len)?;
        Ok((run, steps))
    }
}

/// A Snake game on an open board, played by a planner for some moves.
#[derive(Clone, Debug)]
pub struct SnakeScene {
    pub width: usize,
    pub height: usize,
    pub planner: Planner,
    pub seed: u64,
    pub moves: usize,
}

impl SnakeScene {
    /// The game after the planner's first `moves` moves (fewer if it ended sooner).
    pub fn prepare(&self) -> Result<SnakeGame, Message> {
        if self.moves > MAX_STEPS {
            return Err(msg!("lesson-run-too-long", max = MAX_STEPS));
        }
        let walls = Grid::new(self.width, self.height, false);
        let mut game = SnakeGame::new(self.width, self.height, &walls, self.seed)?;
        let mut pilot = Autopilot::new(self.planner, &walls)?;
        for _ in 0..self.moves {
            if game.status() != crate::games::snake::Status::Playing {
                break;
            }
            let dir = pilot.choose(&game);
            game.step(dir);
        }
        Ok(game)
    }
}

/// A 连连看 preset board.
#[derive(Clone, Debug)]
pub struct LinkScene {
    /// The preset's file name.
    pub preset: String,
}

/// A sliding puzzle position with a search (and maybe a second beside it).
#[derive(Clone, Debug)]
pub struct SlidingScene {
    pub start: Position,
    /// What the middle of Watch shows: the boards, the search tree or the tables.
    pub view: SlidingView,
    /// What the first search holds beside its path, if it is an iterative deepening one.
    pub holding: Holding,
    /// The student's own search the page opens in the code panel, if it asks for one.
    pub code: Option<YourSearch>,
    pub goal: Goal,
    pub algorithm: PathAlgorithm,
    pub heuristic: PuzzleHeuristic,
    pub compare: Option<(PathAlgorithm, PuzzleHeuristic)>,
    pub run: RunTo,
}

/// A page where the student writes the search: the program the code panel opens with (a
/// skeleton to complete) and the search the judge holds it to.
#[derive(Clone, Debug, PartialEq)]
pub struct YourSearch {
    pub program: String,
    pub check: crate::search::judge::Rule,
}

/// What the middle of the sliding puzzle's Watch shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SlidingView {
    /// The position expanded and the frontier, as boards.
    #[default]
    Boards,
    /// The search tree.
    Tree,
    /// The OPEN and CLOSED tables.
    Tables,
    /// The table of heuristics over random positions by depth.
    Heuristics,
}

impl SlidingScene {
    /// The goal's arrangement.
    pub fn goal_position(&self) -> Position {
        self.goal.position(self.start.side())
    }

    /// The page's search (the first, or the compared one), run to its event, and the steps
    /// that took. Pattern databases are made for 3 x 3 only: a page must not wait half a
    /// minute.
    pub fn prepare(&self) -> Result<usize, Message> {
        let (algorithm, heuristic) = (self.algorithm, self.heuristic);
        let mut run = self.fresh_run_holding(algorithm, heuristic, self.holding)?;
        self.run.reach(&mut run, |run| run.frontier_len())
    }

    /// `algorithm` with `heuristic` on the page's position, from its first step.
    pub fn fresh_run(
        &self,
        algorithm: PathAlgorithm,
        heuristic: PuzzleHeuristic,
    ) -> Result<crate::search::Engine<SlidingProblem>, Message> {
        self.fresh_run_holding(algorithm, heuristic, Holding::Table)
    }

    /// As [`SlidingScene::fresh_run`], an iterative deepening search holding what
    /// `holding` says beside its path.
    pub fn fresh_run_holding(
        &self,
        algorithm: PathAlgorithm,
        heuristic: PuzzleHeuristic,
        holding: Holding,
    ) -> Result<crate::search::Engine<SlidingProblem>, Message> {
        if heuristic == PuzzleHeuristic::PatternDatabase && self.start.side() > 3 {
            return Err(msg!("lesson-sliding-tables"));
        }
        let problem = SlidingProblem::new(self.start, self.goal_position(), heuristic)
            .map_err(|why| msg!("lesson-bad-value", why = why))?;
        run_on_puzzle_holding(problem, algorithm, LESSON_BUDGET, holding)
            .map_err(|why| msg!("lesson-bad-value", why = why))
    }
}

/// What a page shows.
#[derive(Clone, Debug)]
pub enum Scene {
    Board(BoardScene),
    Sokoban(SokobanScene),
    Snake(SnakeScene),
    Link(LinkScene),
    Sliding(SlidingScene),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_targets_read_and_reach_their_event() {
        assert_eq!(RunTo::parse("step 12"), Some(RunTo::Steps(12)));
        assert_eq!(
            RunTo::parse("frontier above 50"),
            Some(RunTo::FrontierAbove(50))
        );
        assert_eq!(RunTo::parse("steps 12"), None);
        assert_eq!(RunTo::parse("frontier above many"), None);
        let scene = BoardScene {
            board: crate::games::sandbox::presets::board("open-field.board").unwrap(),
            algorithm: PathAlgorithm::search(crate::search::Algorithm::Bfs),
            compare: None,
            connectivity: Connectivity::Four,
            heuristic: Heuristic::Manhattan,
            run: RunTo::FrontierAbove(20),
            first_meeting: false,
            code: None,
        };
        let (run, steps) = scene.prepare().unwrap();
        assert!(run.frontier_len() > 20 && steps > 0);
        let (mut before, _) = BoardScene {
            run: RunTo::Steps(steps - 1),
            ..scene.clone()
        }
        .prepare()
        .unwrap();
        assert!(
            before.frontier_len() <= 20,
            "the first time, not a later one"
        );
        before.next();
        assert_eq!(before.frontier_len(), run.frontier_len());
        let never = BoardScene {
            run: RunTo::FrontierAbove(100_000),
            ..scene
        };
        assert!(never.prepare().is_err());
    }
}
