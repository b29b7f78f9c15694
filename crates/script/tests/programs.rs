//! Students' programs, run in the sandbox and judged: every textbook variant of a search is
//! a correct one, each common bug is caught at its first step and named, on boards with
//! terrain costs and on 八数码; and what the program did is what the replay shows.

use std::sync::Arc;

use frontier_engine::search::Run;
use frontier_engine::search::judge::{Divergence, Like, Rule, Verdict, judge};
use frontier_engine::search::recorded::Recorded;
use frontier_games::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};
use frontier_games::games::sliding::{Position, PuzzleHeuristic, SlidingProblem};
use frontier_games::grid::Pos;
use frontier_script::{Limits, Ran, ScriptState, Stopped, record};
use frontier_test_support::random_board;

/// A best-first search as students write it: entries `(priority, g, state, path)`, a state
/// skipped when popped again; `PRIORITY` is the expression ranking `next` (g is `g2`).
fn best_first(priority: &str) -> String {
    r#"
from frontier import PriorityQueue

def search(problem):
    frontier = PriorityQueue()
    frontier.push((0, problem.start, [problem.start]), 0)
    done = set()
    while frontier:
        g, state, path = frontier.pop()
        if state in done:
            continue
        done.add(state)
        if problem.is_goal(state):
            return path
        for next, cost in problem.successors(state):
            if next not in done:
                g2 = g + cost
                frontier.push((g2, next, path + [next]), PRIORITY)
    return None
"#
    .replace("PRIORITY", priority)
}

/// BFS or DFS as students write them: `CONTAINER` the frontier, visited marked on push.
fn uninformed(container: &str) -> String {
    r#"
from frontier import Stack, Queue

def search(problem):
    frontier = CONTAINER()
    frontier.push(problem.start)
    parent = {problem.start: None}
    while len(frontier) > 0:
        state = frontier.pop()
        if problem.is_goal(state):
            path = []
            while state is not None:
                path.append(state)
                state = parent[state]
            return path[::-1]
        for next, cost in problem.successors(state):
            if next not in parent:
                parent[next] = state
                frontier.push(next)
    return None
"#
    .replace("CONTAINER", container)
}

/// BFS with the goal tested as successors are generated (as Russell & Norvig write it),
/// frontier entries `(state, path)`, and a node class for the bookkeeping.
const BFS_ON_GENERATE: &str = r#"
import frontier

class Node:
    def __init__(self, state, path):
        self.state = state
        self.path = path

def search(problem):
    if problem.is_goal(problem.start):
        return [problem.start]
    q = frontier.Queue()
    q.push(Node(problem.start, [problem.start]))
    reached = {problem.start}
    while q:
        node = q.pop()
        for child, _ in problem.successors(node.state):
            if child in reached:
                continue
            if problem.is_goal(child):
                return node.path + [child]
            reached.add(child)
            q.push(Node(child, node.path + [child]))
    return None
"#;

/// BFS without a visited set: the bug.
const BFS_NO_VISITED: &str = r#"
from frontier import Queue

def search(problem):
    q = Queue()
    q.push((problem.start, [problem.start]))
    while q:
        state, path = q.pop()
        if problem.is_goal(state):
            return path
        for next, cost in problem.successors(state):
            q.push((next, path + [next]))
"#;

fn grids() -> Vec<GridProblem> {
    (0..30)
        .map(|seed| {
            let board = random_board(seed + 4400, true);
            GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan)
        })
        .filter(|problem| {
            let found = frontier_engine::search::Search::new(
                problem.clone(),
                frontier_engine::search::Algorithm::Bfs,
            )
            .run();
            matches!(found.outcome, frontier_engine::search::Outcome::Found { ref path, .. } if path.len() > 6)
        })
        .take(6)
        .collect()
}

/// 八数码 a dozen moves from its goal, so that a BFS of it stays short.
fn puzzle() -> SlidingProblem {
    let start = Position::parse("4 1 3 7 2 6 0 5 8").unwrap();
    let goal = Position::parse("1 2 3 4 5 6 7 8 0").unwrap();
    SlidingProblem::new(start, goal, PuzzleHeuristic::Manhattan).unwrap()
}

fn ran<P>(source: &str, problem: &P) -> Ran<P::State>
where
    P: frontier_engine::search::Problem + Clone,
    P::State: ScriptState,
{
    let ran = record(source, problem.clone(), Limits::default());
    assert_eq!(ran.stopped, None, "the program ran: {}", ran.output);
    ran
}

fn verdict<P>(source: &str, problem: &P, rule: Rule) -> Verdict<P::State>
where
    P: frontier_engine::search::Problem + Clone,
    P::State: ScriptState,
{
    judge(problem, rule, &ran(source, problem).recording.trace())
}

fn follows<S>(verdict: &Verdict<S>) -> bool {
    matches!(verdict, Verdict::Follows { .. })
}

#[test]
fn students_searches_written_right_are_judged_correct_on_terrain_and_on_the_puzzle() {
    let ucs = best_first("g2");
    let astar = best_first("g2 + problem.h(next)");
    let greedy = best_first("problem.h(next)");
    for problem in grids() {
        for (source, rule) in [
            (uninformed("Queue"), Rule::Bfs),
            (BFS_ON_GENERATE.to_owned(), Rule::Bfs),
            (uninformed("Stack"), Rule::Dfs),
            (ucs.clone(), Rule::Ucs),
            (astar.clone(), Rule::AStar),
            (greedy.clone(), Rule::Greedy),
        ] {
            let verdict = verdict(&source, &problem, rule);
            assert!(follows(&verdict), "{rule:?}: {verdict:?}");
        }
    }
    let puzzle = puzzle();
    for (source, rule) in [(uninformed("Queue"), Rule::Bfs), (astar, Rule::AStar)] {
        let verdict = verdict(&source, &puzzle, rule);
        assert!(follows(&verdict), "{rule:?}: {verdict:?}");
    }
}

#[test]
fn the_starter_programs_are_a_correct_bfs_in_each_language() {
    let puzzle = puzzle();
    for (language, source) in frontier_script::STARTERS {
        for problem in grids() {
            let verdict = verdict(source, &problem, Rule::Bfs);
            assert!(follows(&verdict), "{language:?} on a board: {verdict:?}");
        }
        let verdict = verdict(source, &puzzle, Rule::Bfs);
        assert!(follows(&verdict), "{language:?} on 八数码: {verdict:?}");
    }
    assert_ne!(
        frontier_script::STARTERS[0].1,
        frontier_script::STARTERS[1].1
    );
}

#[test]
fn each_common_bug_is_caught_and_named() {
    let mut caught = [false; 5];
    for problem in grids() {
        if let Verdict::Diverged {
            how:
                Divergence::OutOfOrder {
                    like: Some(Like::Stack),
                    ..
                },
            ..
        } = verdict(&uninformed("Stack"), &problem, Rule::Bfs)
        {
            caught[0] = true;
        }
        // Without a visited set the queue grows without end: stopped at a limit, what it
        // did up to there is judged.
        let limits = Limits {
            expansions: 2_000,
            ..Limits::default()
        };
        let endless = record(BFS_NO_VISITED, problem.clone(), limits);
        if let Verdict::Diverged {
            how: Divergence::ExpandedAgain { .. },
            ..
        } = judge(&problem, Rule::Bfs, &endless.recording.trace())
        {
            caught[1] = true;
        }
        if let Verdict::Diverged {
            how:
                Divergence::OutOfOrder {
                    like: Some(Like::LastStepCost),
                    ..
                },
            ..
        } = verdict(&best_first("cost"), &problem, Rule::Ucs)
        {
            caught[2] = true;
        }
        if let Verdict::Diverged {
            how:
                Divergence::OutOfOrder {
                    like: Some(Like::OnlyG),
                    ..
                },
            ..
        } = verdict(&best_first("g2"), &problem, Rule::AStar)
        {
            caught[3] = true;
        }
        if let Verdict::Diverged {
            how:
                Divergence::OutOfOrder {
                    like: Some(Like::Queue),
                    ..
                },
            ..
        } = verdict(&uninformed("Queue"), &problem, Rule::Dfs)
        {
            caught[4] = true;
        }
    }
    assert_eq!(
        caught, [true; 5],
        "stack in BFS, no visited set, last step cost, g alone, queue in DFS"
    );
}

#[test]
fn the_replay_shows_the_programs_frontier_and_its_lines() {
    let mut board = Board::new(5, 1);
    board.start = Pos::new(0, 0);
    board.goal = Pos::new(4, 0);
    let problem = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
    let source = uninformed("Queue");
    let ran = ran(&source, &problem);
    let line = source
        .lines()
        .position(|l| l.contains("problem.successors"))
        .unwrap() as u32
        + 1;
    assert!(ran.recording.steps.iter().all(|step| step.line == line));
    assert_eq!(ran.recording.returned.as_ref().map(Vec::len), Some(5));
    let mut replay = Recorded::new(problem, ran.recording.clone());
    assert_eq!(replay.frontier_len(), 1, "the start waits");
    replay.step();
    assert_eq!(replay.last_expanded().map(|(_, s)| s), Some(Pos::new(0, 0)));
    assert_eq!(replay.frontier_len(), 1, "(1, 0) waits, the start is taken");
    replay.step();
    // Pushed in the step that generated it, the state still has its route: g and depth.
    let node = replay.node(&Pos::new(1, 0)).expect("expanded");
    assert_eq!(
        (node.g, node.depth, node.parent),
        (1.0, 1, Some(Pos::new(0, 0)))
    );
    while replay.step().is_some() {}
    assert_eq!(replay.expansions(), 4, "the goal is taken, not expanded");
    assert_eq!(replay.path().map(|p| p.len()), Some(5));
}

fn stopped(source: &str) -> Stopped {
    let mut board = Board::new(4, 4);
    board.start = Pos::new(0, 0);
    board.goal = Pos::new(3, 3);
    let problem = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
    let limits = Limits {
        memory: 64 << 20,
        ..Limits::default()
    };
    record(source, problem, limits)
        .stopped
        .expect("the program is stopped")
}

#[test]
fn errors_name_the_programs_own_line() {
    match stopped("def search(problem)\n    return None\n") {
        Stopped::Syntax { line, column, .. } => assert_eq!((line, column), (1, 20)),
        other => panic!("{other:?}"),
    }
    // A bracket left open runs to the end of the program: its last line is named.
    match stopped("def search(problem):\n    return [problem.start\n") {
        Stopped::Syntax { line, column, text } => {
            assert_eq!((line, column), (2, 26), "the end of the last line");
            assert!(text.contains("search.py\", line 2"), "{text}");
            assert!(text.contains("return [problem.start"), "{text}");
            assert!(!text.contains("frontier.py"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    match stopped("def search(problem):\n    x = 1\n    return x / 0\n") {
        Stopped::Raised { line, text } => {
            assert_eq!(line, Some(3));
            assert!(text.contains("ZeroDivisionError"), "{text}");
            assert!(text.contains("search.py\", line 3"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        stopped("def search(problem):\n    return 7\n"),
        Stopped::NotAPath { .. }
    ));
}

#[test]
fn hostile_programs_are_stopped_with_the_limit_they_hit() {
    let limits = Limits::default();
    let endless = "def search(problem):\n    while True:\n        pass\n";
    assert_eq!(
        stopped(endless),
        Stopped::Limit(frontier_script::LimitHit::Stretch(limits.stretch))
    );
    let deep = "def f(n):\n    return f(n + 1)\n\ndef search(problem):\n    return f(0)\n";
    assert_eq!(
        stopped(deep),
        Stopped::Limit(frontier_script::LimitHit::Recursion(limits.recursion))
    );
    let huge =
        "def search(problem):\n    x = [None] * 100000\n    y = [0] * 10**9\n    return None\n";
    assert_eq!(
        stopped(huge),
        Stopped::Limit(frontier_script::LimitHit::Memory(64 << 20))
    );
    for reach in [
        "import os\n\ndef search(problem):\n    return os.listdir('/')\n",
        "def search(problem):\n    return open('/etc/passwd').read()\n",
        "def search(problem):\n    return __import__('os').getenv('HOME')\n",
        "def search(problem):\n    exec(\"open('/etc/passwd')\")\n",
    ] {
        assert!(
            matches!(stopped(reach), Stopped::Raised { .. }),
            "{reach}: {:?}",
            stopped(reach)
        );
    }
}

#[test]
fn a_run_asked_for_as_json_comes_back_as_the_run_itself() {
    use frontier_script::wire::{ProblemSpec, Request, answer, board_reply, puzzle_reply};
    let source = uninformed("Queue");
    let ask = |problem: ProblemSpec| {
        let request = Request {
            source: source.clone(),
            limits: Limits::default(),
            language: "en".into(),
            problem,
        };
        answer(&serde_json::to_string(&request).unwrap())
    };
    let grid = grids().remove(0);
    let json = ask(ProblemSpec::Board {
        board: grid.board().to_text(),
        diagonal: false,
        heuristic: "manhattan".into(),
    });
    let ran = board_reply(&json).expect("a run");
    assert_eq!(*ran.recording, *ran_direct(&source, &grid).recording);
    let puzzle = puzzle();
    let json = ask(ProblemSpec::Puzzle {
        start: puzzle.start,
        goal: puzzle.goal,
        heuristic: "manhattan".into(),
    });
    let ran = puzzle_reply(&json).expect("a run");
    assert_eq!(*ran.recording, *ran_direct(&source, &puzzle).recording);
    // What the worker cannot read is an answer that says so, never a panic.
    let json = ask(ProblemSpec::Board {
        board: "not a board".into(),
        diagonal: false,
        heuristic: "manhattan".into(),
    });
    assert!(board_reply(&json).is_err());
    assert!(board_reply(&answer("{ not json")).is_err());
    assert!(board_reply("garbage").is_err());
}

fn ran_direct<P>(source: &str, problem: &P) -> Ran<P::State>
where
    P: frontier_engine::search::Problem + Clone,
    P::State: ScriptState,
{
    record(source, problem.clone(), Limits::default())
}
