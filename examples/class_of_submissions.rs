//! Writes a class of search-basics submissions for `tools/grade/bench.sh`: the reference
//! solution (tests/assignments/search-basics.py) and the bugs students make, in turns, so a
//! tenth of the class is right and each other tenth has one bug (a stack in BFS, a queue in
//! DFS, UCS ranked by the step's cost, A* by g alone, no visited set, a function missing,
//! an endless loop, a syntax error, a crash).
//!
//! usage: cargo run --example class_of_submissions -- FOLDER [COUNT]

const REFERENCE: &str = include_str!("../tests/assignments/search-basics.py");

/// (name, the reference's text, what it becomes).
const BUGS: [(&str, &str, &str); 10] = [
    ("right", "", ""),
    (
        "stack-in-bfs",
        "def bfs(problem):\n    frontier = Queue()",
        "def bfs(problem):\n    frontier = Stack()",
    ),
    (
        "queue-in-dfs",
        "def dfs(problem):\n    frontier = Stack()",
        "def dfs(problem):\n    frontier = Queue()",
    ),
    (
        "ucs-by-step-cost",
        "                frontier.push(next_state, new_g + estimate(next_state))",
        "                frontier.push(next_state, cost + estimate(next_state))",
    ),
    (
        "astar-by-g",
        "return best_first(problem, lambda state: problem.h(state))",
        "return best_first(problem, lambda state: 0)",
    ),
    (
        "no-visited-set",
        "        if state in parent:\n            continue\n",
        "",
    ),
    (
        "missing-dfs",
        "def dfs(problem):",
        "def depth_first(problem):",
    ),
    (
        "endless-astar",
        "def astar(problem):\n",
        "def astar(problem):\n    while True:\n        pass\n",
    ),
    ("syntax-error", "def ucs(problem):", "def ucs(problem)"),
    (
        "crash-in-bfs",
        "        state = frontier.pop()\n        if problem.is_goal(state):\n            return path_to(state, parent)\n        for next_state, cost in problem.successors(state):\n            if next_state not in parent:",
        "        state = frontier.pop()\n        if problem.is_goal(state):\n            return path_to(state, parent[state])\n        for next_state, cost in problem.successors(state):\n            if next_state not in parent:",
    ),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(folder) = args.next() else {
        eprintln!("usage: class_of_submissions FOLDER [COUNT]");
        std::process::exit(2);
    };
    let count: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let folder = std::path::Path::new(&folder);
    std::fs::create_dir_all(folder).expect("the folder can be made");
    for student in 0..count {
        let (bug, from, to) = BUGS[student % BUGS.len()];
        assert!(
            REFERENCE.contains(from),
            "the reference has the text of `{bug}`"
        );
        let text = REFERENCE.replacen(from, to, 1);
        let file = folder.join(format!("student-{student:03}-{bug}.py"));
        std::fs::write(&file, text).expect("the submission can be written");
    }
    println!("{count} submissions in {}", folder.display());
}
