//! The problems an assignment's tests pose, built when the file is read (the one place
//! the assignments name the games whose problems they pose: the registry of them): a board (a preset,
//! the file's own text, or a maze generated from a seed, with random terrain if asked), or a
//! sliding-puzzle position (given, or drawn from a seed among those exactly a number of moves
//! from the goal). A seed makes the same problem on every machine, so a hidden test is the
//! same for every student and cannot be learnt from a handout.

use std::collections::HashMap;
use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::games::sandbox::PathAlgorithm;
use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};
use crate::games::sliding::{Goal, Position, PuzzleHeuristic, SlidingProblem, positions_by_depth};
use crate::grid::{Grid, Pos};
use crate::share::Opened;

/// The problem of one test.
#[derive(Clone, Debug)]
pub enum Instance {
    /// A path on a board, from its start to its goal.
    Board {
        board: Arc<Board>,
        connectivity: Connectivity,
        /// What `problem.h(state)` answers.
        heuristic: Heuristic,
    },
    /// A sliding-puzzle position to solve.
    Puzzle {
        start: Position,
        goal: Position,
        /// What `problem.h(state)` answers.
        heuristic: PuzzleHeuristic,
    },
}

impl Instance {
    /// The board's search problem, if this is a board.
    pub fn grid_problem(&self) -> Option<GridProblem> {
        match self {
            Instance::Board {
                board,
                connectivity,
                heuristic,
            } => Some(GridProblem::new(board.clone(), *connectivity, *heuristic)),
            Instance::Puzzle { .. } => None,
        }
    }

    /// The puzzle's search problem, if this is a puzzle.
    pub fn puzzle_problem(&self) -> Option<SlidingProblem> {
        match self {
            Instance::Puzzle {
                start,
                goal,
                heuristic,
            } => SlidingProblem::new(*start, *goal, *heuristic).ok(),
            Instance::Board { .. } => None,
        }
    }

    /// The problem in a line: the board's size and ends, or the position and its goal.
    pub fn describe(&self) -> String {
        match self {
            Instance::Board { board, .. } => format!(
                "{} x {} board, {} to {}",
                board.width(),
                board.height(),
                board.start,
                board.goal
            ),
            Instance::Puzzle { start, goal, .. } => format!("{start} to {goal}"),
        }
    }
}

impl Instance {
    /// Whether every state of the problem can be asked of a heuristic: a board, or the
    /// 3 x 3 puzzle.
    pub fn is_eight_puzzle_or_board(&self) -> bool {
        match self {
            Instance::Board { .. } => true,
            Instance::Puzzle { goal, .. } => goal.side() == 3,
        }
    }

    /// The view that shows the problem on its tab, searched by the student's `program`
    /// (its `search(problem)`) and stepped to `step`.
    pub fn opened(&self, program: String, step: usize) -> Opened {
        match self {
            Instance::Board {
                board,
                connectivity,
                heuristic,
            } => Opened::Board {
                board: (**board).clone(),
                algorithm: PathAlgorithm::your_code(),
                heuristic: *heuristic,
                connectivity: *connectivity,
                step,
                compare: None,
                program: Some(program),
            },
            Instance::Puzzle {
                start,
                goal,
                heuristic,
            } => Opened::Puzzle {
                start: *start,
                goal: Goal::Custom(*goal),
                search: Some((PathAlgorithm::your_code(), *heuristic)),
                compare: None,
                step,
                program: Some(program),
            },
        }
    }
}

/// A puzzle test as its file gives it: a position or a depth and seed, the goal's name or
/// position, and the heuristic's name.
pub(super) struct PuzzleAsked<'a> {
    pub position: Option<&'a str>,
    pub depth: Option<(usize, u64)>,
    pub goal: Option<&'a str>,
    pub heuristic: Option<&'a str>,
}

/// What is wrong with a puzzle test.
pub(super) enum PuzzleFault {
    Heuristic(String),
    Goal(String),
    Position(String),
    /// Drawn by depth on a puzzle other than 3 x 3.
    NotEightPuzzle,
    TooDeep {
        moves: usize,
        farthest: usize,
    },
}

/// The positions by depth of each goal drawn from, made once a file.
#[derive(Default)]
pub(super) struct Puzzles {
    layers: HashMap<Position, Vec<Vec<Position>>>,
}

/// The puzzle test `asked` describes (the goal blank-last unless named, the heuristic
/// Manhattan distance).
pub(super) fn puzzle(puzzles: &mut Puzzles, asked: PuzzleAsked) -> Result<Instance, PuzzleFault> {
    let heuristic = match asked.heuristic {
        Some(name) => PuzzleHeuristic::parse(name).map_err(PuzzleFault::Heuristic)?,
        None => PuzzleHeuristic::Manhattan,
    };
    let goal = match asked.goal {
        Some(goal) => Goal::parse(goal).map_err(PuzzleFault::Goal)?,
        None => Goal::BlankLast,
    };
    let (start, goal) = match (asked.position, asked.depth) {
        (Some(text), _) => {
            let start =
                Position::parse(text).map_err(|why| PuzzleFault::Position(why.to_string()))?;
            let goal = goal.position(start.side());
            start
                .reaches(goal)
                .map_err(|why| PuzzleFault::Position(why.to_string()))?;
            (start, goal)
        }
        (None, Some((moves, seed))) => {
            let goal = goal.position(3);
            if goal.side() != 3 {
                return Err(PuzzleFault::NotEightPuzzle);
            }
            let layers = puzzles
                .layers
                .entry(goal)
                .or_insert_with(|| positions_by_depth(goal));
            let start = position_at_depth(layers, moves, seed).ok_or(PuzzleFault::TooDeep {
                moves,
                farthest: layers.len() - 1,
            })?;
            (start, goal)
        }
        (None, None) => return Err(PuzzleFault::Position(String::new())),
    };
    Ok(Instance::Puzzle {
        start,
        goal,
        heuristic,
    })
}

/// A maze of `generator`, `width` x `height`, from `seed`; with `terrain`, each floor cell
/// but the start and goal takes a terrain of the default legend (floor, grass, mud or
/// swamp) at random from the same seed.
pub(super) fn maze(
    generator: Generator,
    width: usize,
    height: usize,
    seed: u64,
    terrain: bool,
) -> Board {
    let board = generator.generate(width, height, seed);
    if !terrain {
        return board;
    }
    let legend = board.legend().to_vec();
    let passable: Vec<u8> = (0..legend.len() as u8)
        .filter(|&t| !legend[t as usize].is_wall())
        .collect();
    let mut rng = StdRng::seed_from_u64(seed ^ 0x7e44_a1e5);
    let mut cells: Grid<u8> = board.cells().clone();
    for y in 0..board.height() as i32 {
        for x in 0..board.width() as i32 {
            let pos = Pos::new(x, y);
            if board.is_passable(pos) && pos != board.start && pos != board.goal {
                cells.set(pos, passable[rng.random_range(0..passable.len())]);
            }
        }
    }
    Board::from_parts(cells, legend, board.start, board.goal).unwrap_or(board)
}

/// A position exactly `depth` moves from the goal, drawn from `seed` among all of them
/// (`layers` from [`positions_by_depth`]); `None` when there is none that far.
pub(super) fn position_at_depth(
    layers: &[Vec<Position>],
    depth: usize,
    seed: u64,
) -> Option<Position> {
    let layer = layers.get(depth).filter(|layer| !layer.is_empty())?;
    let mut rng = StdRng::seed_from_u64(seed);
    Some(layer[rng.random_range(0..layer.len())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_puzzle_has_181440_positions_of_the_goals_parity_at_most_31_moves_away() {
        let layers = positions_by_depth(Position::blank_last(3));
        assert_eq!(layers.iter().map(Vec::len).sum::<usize>(), 181_440);
        assert_eq!(layers.len(), 32, "the farthest are 31 moves away");
        assert_eq!(layers[31].len(), 2);
        let drawn = position_at_depth(&layers, 12, 7).unwrap();
        assert!(layers[12].contains(&drawn));
        assert_eq!(
            position_at_depth(&layers, 12, 7),
            Some(drawn),
            "one seed, one position"
        );
        assert_eq!(position_at_depth(&layers, 40, 7), None);
    }

    #[test]
    fn a_seeded_maze_with_terrain_is_the_same_every_time_and_keeps_its_walls() {
        let plain = maze(Generator::Prim, 15, 11, 3, false);
        let terrain = maze(Generator::Prim, 15, 11, 3, true);
        assert_eq!(terrain, maze(Generator::Prim, 15, 11, 3, true));
        let mut costs = std::collections::BTreeSet::new();
        for y in 0..11 {
            for x in 0..15 {
                let pos = Pos::new(x, y);
                assert_eq!(plain.is_passable(pos), terrain.is_passable(pos));
                if let Some(cost) = terrain.cost(pos) {
                    costs.insert(cost as u32);
                }
            }
        }
        assert_eq!(costs.into_iter().collect::<Vec<_>>(), [1, 2, 3, 5]);
    }
}
