//! The judge of a search someone else wrote, against searches written the way students
//! write them: every textbook variant of BFS, DFS, uniform-cost search, A* and greedy must be
//! accepted on boards with terrain and on 八数码, and each common bug caught at its first step,
//! named for what it is.

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::Hash;
use std::sync::Arc;

use frontier_games::games::sandbox::{Board, Connectivity, GridProblem, Heuristic};
use frontier_games::games::sliding::{Position, PuzzleHeuristic, SlidingProblem};
use frontier_games::grid::Pos;
use frontier_games::search::judge::{Divergence, Like, Rule, Trace, Verdict, judge};
use frontier_games::search::{Algorithm, Cost, Problem, Search};
use frontier_test_support::random_board;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// What the student's frontier is.
#[derive(Clone, Copy, Debug)]
enum Container {
    Queue,
    Stack,
    /// A priority queue by a key of (g, h, the last step's cost), oldest first on ties.
    Priority(fn(Cost, Cost, Cost) -> Cost),
}

/// When the student marks a state visited.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Visited {
    /// When pushed: never pushed twice.
    OnPush,
    /// When popped: a popped state seen before is skipped.
    OnPop,
    /// Never: the bug.
    Never,
}

/// When the student tests for the goal.
#[derive(Clone, Copy, Debug, PartialEq)]
enum GoalTest {
    OnPop,
    OnGenerate,
}

/// The order the student hands successors to the frontier in.
#[derive(Clone, Copy, Debug)]
enum Order {
    AsGiven,
    Reversed,
    Shuffled(u64),
}

#[derive(Clone, Copy, Debug)]
struct Student {
    container: Container,
    visited: Visited,
    goal_test: GoalTest,
    order: Order,
}

struct Entry<S> {
    state: S,
    parent: Option<S>,
    g: Cost,
    h: Cost,
    last: Cost,
    seq: usize,
}

/// The student's search: what it expanded and the path it returned.
fn run<P: Problem>(problem: &P, student: Student) -> Trace<P::State>
where
    P::State: Hash + Eq + Clone,
{
    let start = problem.start();
    let mut expanded = vec![];
    let mut parents: HashMap<P::State, Option<P::State>> = HashMap::new();
    let path_to = |goal: &P::State, parents: &HashMap<P::State, Option<P::State>>| {
        let mut path = vec![goal.clone()];
        while let Some(Some(parent)) = parents.get(path.last().unwrap()) {
            path.push(parent.clone());
        }
        path.reverse();
        Some(path)
    };
    let mut frontier: VecDeque<Entry<P::State>> = VecDeque::new();
    let mut visited: HashSet<P::State> = HashSet::new();
    let mut seq = 0;
    if student.goal_test == GoalTest::OnGenerate && problem.is_goal(&start) {
        return Trace {
            expanded,
            path: Some(vec![start]),
        };
    }
    if student.visited == Visited::OnPush {
        visited.insert(start.clone());
    }
    frontier.push_back(Entry {
        h: problem.heuristic(&start),
        state: start,
        parent: None,
        g: 0.0,
        last: 0.0,
        seq,
    });
    let mut rng = StdRng::seed_from_u64(match student.order {
        Order::Shuffled(seed) => seed,
        _ => 0,
    });
    let mut successors = vec![];
    while expanded.len() < 100_000 {
        let entry = match student.container {
            Container::Queue => frontier.pop_front(),
            Container::Stack => frontier.pop_back(),
            Container::Priority(key) => {
                let best = (0..frontier.len()).min_by(|&a, &b| {
                    let by = |e: &Entry<P::State>| (key(e.g, e.h, e.last), e.seq);
                    by(&frontier[a]).partial_cmp(&by(&frontier[b])).unwrap()
                });
                best.and_then(|i| frontier.remove(i))
            }
        };
        let Some(entry) = entry else {
            return Trace {
                expanded,
                path: None,
            };
        };
        if student.visited == Visited::OnPop && !visited.insert(entry.state.clone()) {
            continue;
        }
        parents
            .entry(entry.state.clone())
            .or_insert(entry.parent.clone());
        if student.goal_test == GoalTest::OnPop && problem.is_goal(&entry.state) {
            let path = path_to(&entry.state, &parents);
            return Trace { expanded, path };
        }
        expanded.push(entry.state.clone());
        successors.clear();
        problem.successors(&entry.state, &mut successors);
        match student.order {
            Order::AsGiven => {}
            Order::Reversed => successors.reverse(),
            Order::Shuffled(_) => successors.shuffle(&mut rng),
        }
        for (next, cost) in successors.drain(..) {
            if student.visited != Visited::Never && visited.contains(&next) {
                continue;
            }
            if student.goal_test == GoalTest::OnGenerate && problem.is_goal(&next) {
                parents
                    .entry(next.clone())
                    .or_insert(Some(entry.state.clone()));
                let path = path_to(&next, &parents);
                return Trace { expanded, path };
            }
            if student.visited == Visited::OnPush {
                visited.insert(next.clone());
            }
            seq += 1;
            frontier.push_back(Entry {
                h: problem.heuristic(&next),
                state: next,
                parent: Some(entry.state.clone()),
                g: entry.g + cost,
                last: cost,
                seq,
            });
        }
    }
    Trace {
        expanded,
        path: None,
    }
}

fn by_g(g: Cost, _: Cost, _: Cost) -> Cost {
    g
}
fn by_f(g: Cost, h: Cost, _: Cost) -> Cost {
    g + h
}
fn by_h(_: Cost, h: Cost, _: Cost) -> Cost {
    h
}
fn by_last_step(_: Cost, _: Cost, last: Cost) -> Cost {
    last
}

/// Boards with a way from start to goal: open (walls only) or with terrain costs.
fn boards(weighted: bool) -> Vec<GridProblem> {
    boards_with(weighted, Connectivity::Four, Heuristic::Manhattan)
}

fn boards_with(weighted: bool, moves: Connectivity, heuristic: Heuristic) -> Vec<GridProblem> {
    (0..40)
        .map(|seed| {
            let board = random_board(seed + 9100, weighted);
            GridProblem::new(Arc::new(board), moves, heuristic)
        })
        .filter(|p| {
            let found = Search::new(p.clone(), Algorithm::Bfs).run();
            matches!(
                found.outcome,
                frontier_games::search::Outcome::Found { ref path, .. } if path.len() > 8
            )
        })
        .take(12)
        .collect()
}

/// Every variant of a correct search: successors in three orders, visited marked on push
/// or on pop, and the goal tested on pop (and on generation, where the search allows it).
fn variants(container: Container, on_generate: bool, visited: &[Visited]) -> Vec<Student> {
    let mut out = vec![];
    for &visited in visited {
        for goal_test in [GoalTest::OnPop, GoalTest::OnGenerate] {
            if goal_test == GoalTest::OnGenerate && !on_generate {
                continue;
            }
            for order in [Order::AsGiven, Order::Reversed, Order::Shuffled(7)] {
                out.push(Student {
                    container,
                    visited,
                    goal_test,
                    order,
                });
            }
        }
    }
    out
}

fn student(container: Container, visited: Visited) -> Student {
    Student {
        container,
        visited,
        goal_test: GoalTest::OnPop,
        order: Order::AsGiven,
    }
}

fn follows<P>(problem: &P, rule: Rule, student: Student)
where
    P: Problem + Clone,
    P::State: std::fmt::Debug,
{
    let trace = run(problem, student);
    let verdict = judge(problem, rule, &trace);
    assert!(
        matches!(verdict, Verdict::Follows { expansions } if expansions == trace.expanded.len()),
        "{rule:?} by {student:?}: {verdict:?}"
    );
}

fn diverges<P>(problem: &P, rule: Rule, student: Student) -> (usize, Divergence<P::State>)
where
    P: Problem + Clone,
    P::State: std::fmt::Debug,
{
    let trace = run(problem, student);
    match judge(problem, rule, &trace) {
        Verdict::Diverged { step, how } => (step, how),
        verdict => panic!("{rule:?} by {student:?} was taken for one: {verdict:?}"),
    }
}

#[test]
fn every_textbook_bfs_and_dfs_is_accepted_and_the_swapped_containers_are_named() {
    let both = [Visited::OnPush, Visited::OnPop];
    for board in boards(false) {
        for s in variants(Container::Queue, true, &both) {
            follows(&board, Rule::Bfs, s);
        }
        for s in variants(Container::Stack, true, &both) {
            follows(&board, Rule::Dfs, s);
        }
    }
    // The classic bugs: a stack where BFS wants a queue, a queue where DFS wants a stack.
    let board = &boards(false)[0];
    let (step, how) = diverges(board, Rule::Bfs, student(Container::Stack, Visited::OnPop));
    assert!(step > 1, "the first steps agree");
    assert!(
        matches!(how, Divergence::OutOfOrder { measure, waiting_measure, like: Some(Like::Stack), .. } if measure > waiting_measure),
        "{how:?}"
    );
    let (_, how) = diverges(board, Rule::Dfs, student(Container::Queue, Visited::OnPop));
    assert!(
        matches!(
            how,
            Divergence::OutOfOrder {
                like: Some(Like::Queue),
                ..
            }
        ),
        "{how:?}"
    );
}

#[test]
fn a_search_without_a_visited_set_is_caught_expanding_a_state_again() {
    let board = &boards(false)[0];
    let (step, how) = diverges(board, Rule::Bfs, student(Container::Queue, Visited::Never));
    let Divergence::ExpandedAgain { first, .. } = how else {
        panic!("{how:?}");
    };
    assert!(first < step);
}

#[test]
fn uniform_cost_a_star_and_greedy_are_accepted_and_their_wrong_measures_named() {
    let on_pop = [Visited::OnPop];
    let weighted = boards(true);
    for board in &weighted {
        // Tested on pop only: a cheaper way to a state may still come after it is generated.
        for s in variants(Container::Priority(by_g), false, &on_pop) {
            follows(board, Rule::Ucs, s);
        }
        for s in variants(Container::Priority(by_f), false, &on_pop) {
            follows(board, Rule::AStar, s);
        }
        for s in variants(Container::Priority(by_h), false, &on_pop) {
            follows(board, Rule::Greedy, s);
        }
    }
    let named = |rule, key, like| {
        let found = weighted.iter().any(|board| {
            let (_, how) = diverges(
                board,
                rule,
                student(Container::Priority(key), Visited::OnPop),
            );
            matches!(how, Divergence::OutOfOrder { like: l, .. } if l == Some(like))
        });
        assert!(
            found,
            "{rule:?} ranked as {like:?} is named so on some board"
        );
    };
    named(
        Rule::Ucs,
        by_last_step as fn(Cost, Cost, Cost) -> Cost,
        Like::LastStepCost,
    );
    named(Rule::AStar, by_g, Like::OnlyG);
    named(Rule::AStar, by_h, Like::OnlyH);
    // Every one of them diverges, named or not.
    for board in &weighted {
        for (rule, key) in [
            (Rule::Ucs, by_last_step as fn(Cost, Cost, Cost) -> Cost),
            (Rule::AStar, by_h),
        ] {
            let trace = run(board, student(Container::Priority(key), Visited::OnPop));
            assert!(
                !matches!(judge(board, rule, &trace), Verdict::Follows { .. })
                    || trace.expanded.len() < 3,
                "{rule:?} ranked wrong on a board with terrain"
            );
        }
    }
}

#[test]
fn a_uniform_cost_search_that_stops_when_it_generates_the_goal_returns_a_dearer_path() {
    // Eight moves, the goal on swamp (5 to enter, 7.07 diagonally): from the start at (0,0)
    // the cell beside it, (1,0), is the cheaper one taken (g 1), and it first reaches the
    // goal at (2,1) diagonally for 8.07; (1,1), taken later at g 1.41, reaches it for 6.41.
    let mut board = Board::new(4, 3);
    board.start = Pos::new(0, 0);
    board.goal = Pos::new(2, 1);
    board.paint(board.goal, 4);
    let problem = GridProblem::new(Arc::new(board), Connectivity::Eight, Heuristic::Octile);
    let on_generate = Student {
        goal_test: GoalTest::OnGenerate,
        ..student(Container::Priority(by_g), Visited::OnPop)
    };
    let trace = run(&problem, on_generate);
    let Verdict::Diverged {
        how: Divergence::NotCheapest { cost, best },
        ..
    } = judge(&problem, Rule::Ucs, &trace)
    else {
        panic!("{trace:?}");
    };
    assert!(
        (cost - (1.0 + 5.0 * std::f64::consts::SQRT_2)).abs() < 1e-6,
        "{cost}"
    );
    assert!(
        (best - (std::f64::consts::SQRT_2 + 5.0)).abs() < 1e-6,
        "{best}"
    );
    // Tested on pop, the same search is a uniform-cost search.
    follows(
        &problem,
        Rule::Ucs,
        student(Container::Priority(by_g), Visited::OnPop),
    );
}

#[test]
fn a_path_that_is_none_or_no_path_is_caught() {
    let board = &boards(false)[0];
    let mut trace = run(board, student(Container::Queue, Visited::OnPop));
    let good = trace.path.clone().expect("a path");
    // A cell skipped: no longer a path by the moves.
    let mut skipping = good.clone();
    skipping.remove(2);
    trace.path = Some(skipping);
    assert_eq!(
        judge(board, Rule::Bfs, &trace),
        Verdict::Diverged {
            step: trace.expanded.len(),
            how: Divergence::BadPath { at: 2 }
        }
    );
    // Nothing returned, though the goal can be reached.
    trace.path = None;
    assert!(matches!(
        judge(board, Rule::Bfs, &trace),
        Verdict::Diverged {
            how: Divergence::MissedGoal,
            ..
        }
    ));
    // Expanding on past the goal.
    trace.path = Some(good.clone());
    trace.expanded.push(*good.last().unwrap());
    trace.expanded.push(good[good.len() - 2]);
    assert!(matches!(
        judge(board, Rule::Bfs, &trace),
        Verdict::Diverged {
            how: Divergence::PastGoal { .. },
            ..
        }
    ));
}

#[test]
fn bfs_and_a_star_written_for_the_eight_puzzle_are_judged_the_same_way() {
    let start = Position::parse("2 8 3 1 6 4 7 0 5").unwrap();
    let goal = Position::parse("1 2 3 8 0 4 7 6 5").unwrap();
    let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::Manhattan).unwrap();
    for s in variants(Container::Queue, true, &[Visited::OnPush, Visited::OnPop]) {
        follows(&problem, Rule::Bfs, s);
    }
    for s in variants(Container::Priority(by_f), false, &[Visited::OnPop]) {
        follows(&problem, Rule::AStar, s);
    }
    let (_, how) = diverges(
        &problem,
        Rule::Bfs,
        student(Container::Stack, Visited::OnPop),
    );
    assert!(
        matches!(
            how,
            Divergence::OutOfOrder {
                like: Some(Like::Stack),
                ..
            }
        ),
        "{how:?}"
    );
}

#[test]
fn a_bfs_over_a_whole_open_board_is_judged_to_the_end() {
    // 65,536 expansions: the judge keeps its frontier ordered, not scanned at each step.
    let mut board = Board::new(256, 256);
    board.start = Pos::new(0, 0);
    board.goal = Pos::new(255, 255);
    let problem = GridProblem::new(Arc::new(board), Connectivity::Four, Heuristic::Manhattan);
    let trace = run(&problem, student(Container::Queue, Visited::OnPush));
    assert!(trace.expanded.len() > 65_000, "{}", trace.expanded.len());
    assert_eq!(
        judge(&problem, Rule::Bfs, &trace),
        Verdict::Follows {
            expansions: trace.expanded.len()
        }
    );
}

#[test]
fn the_verdict_is_told_in_the_students_words_in_both_languages() {
    use frontier_games::i18n::{Language, set_language};
    use frontier_games::judged::verdict_text;
    let board = &boards(false)[0];
    let trace = run(board, student(Container::Stack, Visited::OnPop));
    let verdict = judge(board, Rule::Bfs, &trace);
    let Verdict::Diverged {
        step,
        how: Divergence::OutOfOrder { state, waiting, .. },
    } = &verdict
    else {
        panic!("{verdict:?}");
    };
    set_language(Language::English);
    let told = verdict_text(Rule::Bfs, &verdict);
    assert!(
        told.starts_with(&format!("Step {step}: you expanded {state} at depth ")),
        "{told}"
    );
    assert!(told.contains(&format!("but {waiting} at depth")), "{told}");
    assert!(
        told.contains("a BFS expands every state at depth"),
        "{told}"
    );
    assert!(
        told.ends_with("Your frontier behaves like a stack."),
        "{told}"
    );
    set_language(Language::Chinese);
    let told = verdict_text(Rule::Bfs, &verdict);
    assert!(told.starts_with(&format!("第 {step} 步：")), "{told}");
    assert!(told.ends_with("你的边界表现得像一个栈。"), "{told}");
    let follows = judge(
        board,
        Rule::Bfs,
        &run(board, student(Container::Queue, Visited::OnPop)),
    );
    assert!(
        verdict_text(Rule::Bfs, &follows).starts_with("这是本问题上正确的广度优先搜索（BFS）：")
    );
    set_language(Language::English);
    assert!(verdict_text(Rule::Bfs, &follows).starts_with("A correct BFS on this problem: "));
}
