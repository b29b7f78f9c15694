//! Assignments graded: every shipped assignment reads in both languages as the same
//! assignment, its reference solution (tests/assignments/) scores full marks, and a
//! submission with a known bug loses exactly the question the bug is in, with a message that
//! names it (and, for a hidden test, names none of its states).

use frontier_games::assignments::{Assignment, Check, Instance, parse_assignment, shipped};
use frontier_script::{Graded, Status, Tests, grade};

const SEARCH_BASICS_REFERENCE: &str = include_str!("../../../tests/assignments/search-basics.py");
const HEURISTICS_REFERENCE: &str = include_str!("../../../tests/assignments/heuristics.py");

fn shipped(id: &str, language: &str) -> Assignment {
    let text = shipped::text(id, language).unwrap_or_else(|| panic!("{id}.{language} ships"));
    parse_assignment(text).unwrap_or_else(|e| panic!("{id}.{language}: {e}"))
}

/// (function, score, max, status) of each question.
fn scores(graded: &Graded) -> Vec<(String, f64, f64, Status)> {
    graded
        .questions
        .iter()
        .map(|q| (q.function.clone(), q.score, q.max_score, q.status))
        .collect()
}

/// The questions that lost points.
fn lost(graded: &Graded) -> Vec<&str> {
    graded
        .questions
        .iter()
        .filter(|q| q.score + 1e-9 < q.max_score)
        .map(|q| q.function.as_str())
        .collect()
}

#[test]
fn every_shipped_assignment_reads_the_same_in_english_and_chinese() {
    let ids = ["search-basics", "heuristics"];
    assert_eq!(shipped::ASSIGNMENTS.len(), ids.len() * 2);
    for id in ids {
        let (en, zh) = (shipped(id, "en"), shipped(id, "zh-CN"));
        assert_eq!((en.id.as_str(), zh.id.as_str()), (id, id));
        assert_ne!(en.title, zh.title, "{id} is translated");
        assert_eq!(en.questions.len(), zh.questions.len());
        for (e, z) in en.questions.iter().zip(&zh.questions) {
            assert_eq!(e.function, z.function);
            assert_eq!(e.check, z.check);
            assert_eq!(e.points, z.points);
            assert_eq!(e.max_expansions, z.max_expansions);
            assert_eq!(e.tests.len(), z.tests.len());
            for (te, tz) in e.tests.iter().zip(&z.tests) {
                assert_eq!(te.hidden, tz.hidden, "{} {}", e.function, te.name);
                assert_eq!(te.instance.describe(), tz.instance.describe());
            }
        }
    }
}

#[test]
fn the_search_basics_reference_scores_full_marks_in_both_languages() {
    for language in ["en", "zh-CN"] {
        let assignment = shipped("search-basics", language);
        let graded = grade(&assignment, SEARCH_BASICS_REFERENCE, Tests::All);
        assert_eq!(graded.score(), 16.0, "{language}: {:?}", scores(&graded));
        assert_eq!(graded.max_score(), 16.0);
        let tests: usize = graded.questions.iter().map(|q| q.tests.len()).sum();
        assert_eq!(tests, 18, "every test, hidden ones too");
        assert!(graded.questions.iter().all(|q| q.status == Status::Passed));
    }
}

#[test]
fn the_heuristics_reference_scores_full_marks_checked_over_every_position() {
    let assignment = shipped("heuristics", "en");
    let graded = grade(&assignment, HEURISTICS_REFERENCE, Tests::All);
    assert_eq!(graded.score(), 15.0, "{:?}", scores(&graded));
    let puzzle = graded.question("h_puzzle").unwrap();
    assert!(
        puzzle.tests[0].message.contains("181440") || puzzle.tests[0].message.contains("181,440"),
        "every position of the goal's parity is checked: {}",
        puzzle.tests[0].message
    );
    // The reference's Manhattan distance expands as Frontier's own does: 754 in all.
    assert_eq!(puzzle.tests.last().unwrap().expansions, 754);
}

/// The reference with `from` written as `to` (which must be there).
fn mutated(reference: &str, from: &str, to: &str) -> String {
    assert!(reference.contains(from), "the reference has `{from}`");
    reference.replacen(from, to, 1)
}

#[test]
fn a_stack_in_bfs_loses_bfs_alone_and_says_the_frontier_behaves_like_a_stack() {
    let assignment = shipped("search-basics", "en");
    let source = mutated(
        SEARCH_BASICS_REFERENCE,
        "def bfs(problem):\n    frontier = Queue()",
        "def bfs(problem):\n    frontier = Stack()",
    );
    let graded = grade(&assignment, &source, Tests::All);
    assert_eq!(lost(&graded), ["bfs"]);
    let bfs = graded.question("bfs").unwrap();
    assert_eq!(bfs.score, 0.0, "a stack fails every BFS test here");
    let maze = &bfs.tests[0];
    assert!(!maze.passed);
    assert!(maze.message.contains("like a stack"), "{}", maze.message);
    let divergence = maze.divergence.expect("a visible test says where");
    assert!(divergence.step >= 2);
    let line = divergence.line.expect("the line of the successors call") as usize;
    let text = source.lines().nth(line - 1).unwrap();
    assert!(text.contains("problem.successors"), "line {line}: {text}");
}

#[test]
fn ucs_ranked_by_the_last_steps_cost_loses_ucs_on_terrain() {
    let assignment = shipped("search-basics", "en");
    let source = mutated(
        SEARCH_BASICS_REFERENCE,
        "def ucs(problem):\n    return best_first(problem, lambda state: 0)",
        "def ucs(problem):\n    return by_step(problem)\n\n\n\
         def by_step(problem):\n    frontier = PriorityQueue()\n    parent = {problem.start: None}\n    \
         frontier.push(problem.start, 0)\n    done = set()\n    while frontier:\n        \
         state = frontier.pop()\n        if state in done:\n            continue\n        \
         done.add(state)\n        if problem.is_goal(state):\n            return path_to(state, parent)\n        \
         for next_state, cost in problem.successors(state):\n            if next_state not in parent:\n                \
         parent[next_state] = state\n                frontier.push(next_state, cost)\n    return None",
    );
    let graded = grade(&assignment, &source, Tests::All);
    assert_eq!(lost(&graded), ["ucs"]);
    let ucs = graded.question("ucs").unwrap();
    assert_eq!(ucs.status, Status::Failed, "{:?}", ucs.tests);
    let swamp = &ucs.tests[0];
    assert!(
        swamp.message.contains("cost of the last step"),
        "{}",
        swamp.message
    );
}

#[test]
fn a_hidden_tests_message_names_none_of_its_states() {
    let assignment = shipped("search-basics", "en");
    let source = mutated(
        SEARCH_BASICS_REFERENCE,
        "def bfs(problem):\n    frontier = Queue()",
        "def bfs(problem):\n    frontier = Stack()",
    );
    let graded = grade(&assignment, &source, Tests::All);
    let bfs = graded.question("bfs").unwrap();
    let question = assignment.question("bfs").unwrap();
    for (test, graded) in question.tests.iter().zip(&bfs.tests) {
        assert_eq!(test.name, graded.name);
        assert!(!graded.passed);
        // The state the search wrongly took at its first expansions is next to the start.
        let start = match &test.instance {
            Instance::Board { board, .. } => board.start.to_string(),
            Instance::Puzzle { start, .. } => start.to_string(),
        };
        if test.hidden {
            assert!(
                graded.message.contains("you expanded a state at depth")
                    && graded.message.contains("but another state"),
                "{}",
                graded.message
            );
            assert!(!graded.message.contains(&start), "{}", graded.message);
        } else {
            assert!(
                graded.message.contains("you expanded"),
                "{}",
                graded.message
            );
        }
    }
    // The student's own check runs only what they can see.
    let visible = grade(&assignment, &source, Tests::Visible);
    let shown = visible.question("bfs").unwrap();
    assert_eq!(shown.tests.len(), 3);
    assert!(shown.tests.iter().all(|t| !t.hidden));
}

#[test]
fn a_missing_function_an_endless_loop_and_a_syntax_error_lose_what_they_should() {
    let assignment = shipped("search-basics", "en");
    let missing = mutated(
        SEARCH_BASICS_REFERENCE,
        "def dfs(problem):",
        "def dfs_(problem):",
    );
    let graded = grade(&assignment, &missing, Tests::All);
    assert_eq!(lost(&graded), ["dfs"]);
    let dfs = graded.question("dfs").unwrap();
    assert_eq!(dfs.status, Status::Missing);
    assert!(dfs.message.contains("`dfs`"), "{}", dfs.message);

    let endless = mutated(
        SEARCH_BASICS_REFERENCE,
        "def astar(problem):\n",
        "def astar(problem):\n    while True:\n        pass\n",
    );
    let graded = grade(&assignment, &endless, Tests::All);
    assert_eq!(lost(&graded), ["astar"]);
    let astar = graded.question("astar").unwrap();
    assert_eq!(astar.score, 0.0);
    assert!(
        astar.tests[0].message.contains("without calling"),
        "{}",
        astar.tests[0].message
    );

    let broken = mutated(
        SEARCH_BASICS_REFERENCE,
        "def ucs(problem):",
        "def ucs(problem)",
    );
    let graded = grade(&assignment, &broken, Tests::All);
    assert_eq!(graded.score(), 0.0);
    assert!(
        graded
            .questions
            .iter()
            .all(|q| q.status == Status::SyntaxError && q.message.contains("line")),
        "{:?}",
        scores(&graded)
    );
}

#[test]
fn an_inadmissible_and_an_inconsistent_heuristic_score_nothing_and_name_a_state() {
    let assignment = shipped("heuristics", "en");
    // Manhattan doubled overestimates; on the board, the octile distance with a dip to 0
    // three cells from the goal is admissible but drops by 4 on a move costing 1 there.
    let source = mutated(
        HEURISTICS_REFERENCE,
        "def h_puzzle(state, goal):\n    return manhattan(state, goal)",
        "def h_puzzle(state, goal):\n    return 2 * manhattan(state, goal)",
    );
    let source = mutated(
        &source,
        "def h_puzzle_plus(state, goal):",
        "def h_puzzle_plus_(state, goal):",
    );
    let source = mutated(
        &source,
        "    return max(dx, dy) + (2 ** 0.5 - 1) * min(dx, dy)",
        "    octile = max(dx, dy) + (2 ** 0.5 - 1) * min(dx, dy)\n    \
         return 0 if (dx, dy) == (3, 0) else octile",
    );
    let graded = grade(&assignment, &source, Tests::All);
    assert_eq!(graded.score(), 0.0, "{:?}", scores(&graded));
    let puzzle = graded.question("h_puzzle").unwrap();
    assert!(
        puzzle.message.starts_with("Not admissible"),
        "{}",
        puzzle.message
    );
    assert!(puzzle.message.contains("h_puzzle(("), "{}", puzzle.message);
    assert_eq!(
        graded.question("h_puzzle_plus").unwrap().status,
        Status::Missing
    );
    let grid = graded.question("h_grid").unwrap();
    assert!(
        grid.message.starts_with("Not consistent"),
        "{}",
        grid.message
    );
}

#[test]
fn a_heuristic_earns_the_tier_its_expansions_are_within_and_the_baseline_earns_nothing() {
    let assignment = shipped("heuristics", "en");
    // Misplaced tiles: admissible and consistent, but A* expands 11,847 positions with it,
    // and "beat misplaced tiles" gives it nothing.
    let misplaced = "def h_puzzle(state, goal):\n    \
                     return sum(1 for i in range(9) if state[i] != 0 and state[i] != goal[i])\n";
    let question = assignment.question("h_puzzle").unwrap();
    let graded = frontier_script::grade_question(question, misplaced, Tests::All);
    assert_eq!((graded.score, graded.status), (0.0, Status::Failed));
    assert_eq!(graded.tests.last().unwrap().expansions, 11_847);
    assert!(
        graded.message.contains("at most 10000 scores more"),
        "{}",
        graded.message
    );
    // Half of Manhattan distance, rounded up: between the two, the middle tier.
    let half = "def h_puzzle(state, goal):\n    total = 0\n    for i in range(9):\n        \
                t = state[i]\n        if t != 0:\n            j = goal.index(t)\n            \
                total += abs(i // 3 - j // 3) + abs(i % 3 - j % 3)\n    return (total + 1) // 2\n";
    let graded = frontier_script::grade_question(question, half, Tests::All);
    assert_eq!(graded.status, Status::Partial, "{}", graded.message);
    let expansions = graded.tests.last().unwrap().expansions;
    let tier = question.tier_points(expansions);
    assert!(tier > 0.0 && tier < question.points, "{expansions}: {tier}");
    assert_eq!(graded.score, tier);
    assert!(matches!(question.check, Check::Heuristic { .. }));
    assert!(
        question
            .tests
            .iter()
            .all(|t| matches!(t.instance, Instance::Puzzle { .. }))
    );
}

#[test]
fn uniform_cost_search_testing_the_goal_when_generated_is_caught_where_it_stops_too_early() {
    let assignment = shipped("search-basics", "en");
    let source = mutated(
        SEARCH_BASICS_REFERENCE,
        "        for next_state, cost in problem.successors(state):\n            new_g = g[state] + cost\n",
        "        for next_state, cost in problem.successors(state):\n            new_g = g[state] + cost\n            \
         if problem.is_goal(next_state):\n                parent[next_state] = state\n                \
         return path_to(next_state, parent)\n",
    );
    let graded = grade(&assignment, &source, Tests::All);
    let ucs = graded.question("ucs").unwrap();
    let swamp = &ucs.tests[0];
    assert!(!swamp.passed);
    assert!(
        swamp
            .message
            .contains("tests the goal when it takes it from the frontier"),
        "{}",
        swamp.message
    );
}
