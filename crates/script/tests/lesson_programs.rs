//! The lessons where the student writes the search: on each such page, the skeleton the
//! code panel opens with does not pass the judge, a solution does, and the mistakes the
//! lessons' last pages ask about are told as those pages say.

use std::sync::Arc;

use frontier_engine::search::Problem as SearchProblem;
use frontier_engine::search::judge::{Divergence, Rule, Verdict, judge};
use frontier_games::games::sandbox::GridProblem;
use frontier_games::games::sliding::SlidingProblem;
use frontier_games::lessons::shipped::LESSONS;
use frontier_games::lessons::{Lesson, Scene, YourSearch, parse_lesson};
use frontier_script::{Limits, ScriptState, record};

/// The search-basics assignment's reference solution: its `bfs`, `ucs` and `astar`, each
/// named `search` in turn, are the lessons' solutions.
const REFERENCE: &str = include_str!("../../../tests/assignments/search-basics.py");

/// The reference with `search` bound to its function `name`.
fn solution(name: &str) -> String {
    format!("{REFERENCE}\n\nsearch = {name}\n")
}

fn lesson(file: &str) -> Lesson {
    let (_, text) = LESSONS.iter().find(|(f, _)| *f == file).expect("shipped");
    parse_lesson(text).expect("reads")
}

/// The page's problem and its own search, for every page that asks the student to write
/// one; they are the same in both languages.
fn code_pages(id: &str) -> Vec<(Problem, YourSearch)> {
    let en = lesson(&format!("{id}.en.toml"));
    let zh = lesson(&format!("{id}.zh-CN.toml"));
    let mut pages = vec![];
    for (page, other) in en.pages.iter().zip(&zh.pages) {
        let (problem, code) = match &page.scene {
            Some(Scene::Board(scene)) => {
                let board = Arc::new(scene.board.clone());
                let problem = GridProblem::new(board, scene.connectivity, scene.heuristic);
                (Problem::Grid(Box::new(problem)), scene.code.clone())
            }
            Some(Scene::Sliding(scene)) => {
                let problem =
                    SlidingProblem::new(scene.start, scene.goal_position(), scene.heuristic)
                        .unwrap();
                (Problem::Puzzle(Box::new(problem)), scene.code.clone())
            }
            _ => continue,
        };
        let Some(code) = code else { continue };
        let translated = match &other.scene {
            Some(Scene::Board(s)) => s.code.clone(),
            Some(Scene::Sliding(s)) => s.code.clone(),
            _ => None,
        };
        assert_eq!(translated.map(|c| c.check), Some(code.check), "{id}");
        pages.push((problem, code));
    }
    assert!(!pages.is_empty(), "{id} asks for a program");
    pages
}

enum Problem {
    Grid(Box<GridProblem>),
    Puzzle(Box<SlidingProblem>),
}

/// The judge's verdict on `source`'s search of `problem` against `rule`.
fn judged<P>(source: &str, problem: P, rule: Rule) -> Verdict<P::State>
where
    P: SearchProblem + Clone,
    P::State: ScriptState,
{
    let ran = record(source, problem.clone(), Limits::default());
    assert!(ran.stopped.is_none(), "the program ran: {:?}", ran.stopped);
    judge(&problem, rule, &ran.recording.trace())
}

fn told<S>(verdict: &Verdict<S>) -> (bool, Option<String>) {
    match verdict {
        Verdict::Follows { .. } => (true, None),
        Verdict::Diverged { how, .. } => (false, Some(kind(how))),
    }
}

fn verdict_of(source: &str, problem: &Problem, rule: Rule) -> (bool, Option<String>) {
    match problem {
        Problem::Grid(p) => told(&judged(source, (**p).clone(), rule)),
        Problem::Puzzle(p) => told(&judged(source, (**p).clone(), rule)),
    }
}

fn kind<S>(how: &Divergence<S>) -> String {
    match how {
        Divergence::OutOfOrder { .. } => "out of order",
        Divergence::StoppedEarly { .. } => "stopped early",
        Divergence::ExpandedAgain { .. } => "expanded again",
        Divergence::NotReached { .. } => "not reached",
        _ => "other",
    }
    .to_owned()
}

#[test]
fn the_skeletons_fail_the_judge_and_the_solutions_pass_it() {
    for (id, solution) in [
        ("22-write-bfs", solution("bfs")),
        ("23-write-ucs", solution("ucs")),
        ("24-write-astar", solution("astar")),
    ] {
        for (problem, code) in code_pages(id) {
            let (follows, _) = verdict_of(&code.program, &problem, code.check);
            assert!(!follows, "{id}: the skeleton is not yet the search");
            let (follows, how) = verdict_of(&solution, &problem, code.check);
            assert!(
                follows,
                "{id}: the solution follows {:?}: {how:?}",
                code.check
            );
        }
    }
}

#[test]
fn the_mistakes_the_last_pages_ask_about_are_told_as_they_say() {
    // A stack in BFS: a deeper state taken while a shallower one waits.
    let stack = solution("bfs").replace("frontier = Queue()", "frontier = Stack()");
    assert_ne!(stack, solution("bfs"));
    let (problem, code) = code_pages("22-write-bfs").remove(0);
    assert_eq!(
        verdict_of(&stack, &problem, code.check),
        (false, Some("out of order".to_owned()))
    );
    // Uniform-cost search testing the goal when it generates it.
    let early = solution("ucs").replace(
        "                g[next_state] = new_g\n",
        "                g[next_state] = new_g\n                if problem.is_goal(next_state):\n                    parent[next_state] = state\n                    return path_to(next_state, parent)\n",
    );
    assert_ne!(early, solution("ucs"));
    let (problem, code) = code_pages("23-write-ucs").remove(0);
    assert_eq!(
        verdict_of(&early, &problem, code.check),
        (false, Some("stopped early".to_owned()))
    );
    // Greedy checked against A*, which still finds a solution.
    let greedy = solution("astar").replace("new_g + estimate(next_state)", "estimate(next_state)");
    assert_ne!(greedy, solution("astar"));
    let (problem, code) = code_pages("24-write-astar").remove(0);
    assert_eq!(
        verdict_of(&greedy, &problem, code.check),
        (false, Some("out of order".to_owned()))
    );
    let Problem::Puzzle(puzzle) = problem else {
        panic!("a puzzle");
    };
    let ran = record(&greedy, (*puzzle).clone(), Limits::default());
    let mut replay = frontier_engine::search::recorded::Recorded::new(*puzzle, ran.recording);
    use frontier_engine::search::Run;
    while replay.step().is_some() {}
    assert!(replay.path().is_some(), "greedy still finds a solution");
}
