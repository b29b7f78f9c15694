//! `frontier assignment` and `frontier grade` as a teacher runs them: a shipped assignment
//! checked against its reference, a broken file refused with its line, a folder of
//! submissions with known bugs graded into a CSV where each loses exactly its question, and
//! one submission into Gradescope's results.json.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn frontier(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(args)
        .output()
        .expect("the frontier binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn reference(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/assignments/{name}"))
}

/// A fresh folder of its own for a test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-grade-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The search-basics reference with `from` written as `to`.
fn mutant(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(reference("search-basics.py")).unwrap();
    assert!(text.contains(from), "the reference has `{from}`");
    text.replacen(from, to, 1)
}

const STACK_IN_BFS: (&str, &str) = (
    "def bfs(problem):\n    frontier = Queue()",
    "def bfs(problem):\n    frontier = Stack()",
);

#[test]
fn a_shipped_assignment_checks_and_its_reference_scores_full_marks() {
    let reference = reference("search-basics.py");
    let out = frontier(&[
        "assignment",
        "check",
        "search-basics",
        "--reference",
        reference.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("search-basics: 4 questions, 16 points"),
        "{text}"
    );
    assert!(
        text.contains("[hidden]"),
        "hidden tests are listed for the teacher"
    );
    assert!(text.contains("full marks"), "{text}");

    let out = frontier(&["assignment", "check", "heuristics"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("A* with misplaced: 11847 expansions in all, earning 0"),
        "the tiers are set beside Frontier's own heuristics: {text}"
    );

    // A reference that loses points fails the check.
    let dir = folder("check");
    let wrong = dir.join("wrong.py");
    std::fs::write(&wrong, mutant(STACK_IN_BFS.0, STACK_IN_BFS.1)).unwrap();
    let out = frontier(&[
        "assignment",
        "check",
        "search-basics",
        "--reference",
        wrong.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
}

#[test]
fn a_broken_assignment_file_is_refused_with_its_line() {
    let dir = folder("broken");
    let file = dir.join("broken.toml");
    let text = "id = \"x\"\ntitle = \"X\"\nlanguage = \"en\"\n\n[[question]]\nfunction = \"bfs\"\n\
                title = \"BFS\"\ncheck = \"bfs\"\npoints = 2\n\n[[question.test]]\nname = \"t\"\n\
                board = \"no-such-board\"\n";
    std::fs::write(&file, text).unwrap();
    let out = frontier(&["assignment", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("line 13"), "{message}");
    assert!(message.contains("no-such-board"), "{message}");

    let out = frontier(&["grade", "no-such-assignment", "x.py"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no-such-assignment"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_folder_of_submissions_grades_into_a_csv_where_each_bug_loses_its_question() {
    let dir = folder("class");
    let submissions = [
        ("a-right.py", mutant("", "")),
        ("b-stack.py", mutant(STACK_IN_BFS.0, STACK_IN_BFS.1)),
        (
            "c-missing.py",
            mutant("def dfs(problem):", "def depth_first(problem):"),
        ),
        (
            "d-endless.py",
            mutant(
                "def astar(problem):\n",
                "def astar(problem):\n    while True:\n        pass\n",
            ),
        ),
        (
            "e-syntax.py",
            mutant("def ucs(problem):", "def ucs(problem)"),
        ),
        (
            "f-ucs-by-step.py",
            mutant(
                "                frontier.push(next_state, new_g + estimate(next_state))",
                "                frontier.push(next_state, cost + estimate(next_state))",
            ),
        ),
    ];
    let class = dir.join("class");
    std::fs::create_dir_all(&class).unwrap();
    for (name, text) in &submissions {
        std::fs::write(class.join(name), text).unwrap();
    }
    let csv = dir.join("grades.csv");
    let out = frontier(&[
        "grade",
        "search-basics",
        class.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
        "--jobs",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("graded 6 submissions"),
        "{}",
        stderr(&out)
    );
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 6, "a line a submission: {text}");

    let mut reader = csv::Reader::from_path(&csv).unwrap();
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "submission",
            "question",
            "score",
            "max_score",
            "status",
            "message"
        ]
    );
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    assert_eq!(rows.len(), 6 * 4, "a row per submission and question");
    // (submission, question) → (score, status)
    let graded = |submission: &str, question: &str| -> (String, String, String) {
        let row = rows
            .iter()
            .find(|r| r[0].ends_with(submission) && r[1] == question)
            .unwrap_or_else(|| panic!("a row for {submission} {question}"));
        (row[2].clone(), row[4].clone(), row[5].clone())
    };
    for question in ["bfs", "dfs", "ucs", "astar"] {
        assert_eq!(graded("a-right.py", question).0, "4", "{question}");
        let syntax = graded("e-syntax.py", question);
        assert_eq!(
            (syntax.0.as_str(), syntax.1.as_str()),
            ("0", "syntax-error")
        );
    }
    let lost = |submission: &str| -> Vec<&str> {
        ["bfs", "dfs", "ucs", "astar"]
            .into_iter()
            .filter(|q| graded(submission, q).0 != "4")
            .collect()
    };
    assert_eq!(lost("b-stack.py"), ["bfs"]);
    assert!(graded("b-stack.py", "bfs").2.contains("like a stack"));
    assert_eq!(lost("c-missing.py"), ["dfs"]);
    assert_eq!(graded("c-missing.py", "dfs").1, "missing");
    assert_eq!(lost("d-endless.py"), ["astar"]);
    assert_eq!(graded("d-endless.py", "astar").1, "failed");
    // Ranked by the step's cost, both searches that share the code lose on terrain: UCS,
    // and A* (whose ranking adds h to it).
    assert_eq!(lost("f-ucs-by-step.py"), ["ucs", "astar"]);
    let ucs = graded("f-ucs-by-step.py", "ucs");
    assert!(ucs.2.contains("cost of the last step"), "{ucs:?}");
}

#[test]
fn an_inadmissible_heuristic_scores_nothing_in_gradescopes_results() {
    let text = std::fs::read_to_string(reference("heuristics.py")).unwrap();
    let from = "def h_puzzle(state, goal):\n    return manhattan(state, goal)";
    assert!(text.contains(from));
    let submission = text.replacen(
        from,
        "def h_puzzle(state, goal):\n    return 2 * manhattan(state, goal)",
        1,
    );
    // Leave out the slow question: only h_puzzle and h_grid are asked of every state.
    let submission = submission.replacen("def h_puzzle_plus(", "def h_puzzle_plus_(", 1);
    let dir = folder("heuristics");
    let file = dir.join("doubled.py");
    std::fs::write(&file, submission).unwrap();
    let results = dir.join("results.json");
    let out = frontier(&[
        "grade",
        "heuristics",
        file.to_str().unwrap(),
        "--gradescope",
        results.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(json["score"], 5.0, "h_grid's 5 alone");
    let tests = json["tests"].as_array().unwrap();
    let output = |i: usize| tests[i]["output"].as_str().unwrap().to_owned();
    assert_eq!(tests[0]["score"], 0.0);
    assert!(
        output(0).starts_with("Not admissible: h_puzzle(("),
        "{}",
        output(0)
    );
    assert_eq!(tests[1]["score"], 0.0);
    assert!(output(1).contains("`h_puzzle_plus`"), "{}", output(1));
    assert_eq!(tests[2]["score"], 5.0);
}

#[test]
fn one_submission_grades_into_gradescopes_results_json_and_a_report() {
    let dir = folder("gradescope");
    let submission = dir.join("stack.py");
    std::fs::write(&submission, mutant(STACK_IN_BFS.0, STACK_IN_BFS.1)).unwrap();
    let results = dir.join("results.json");
    let out = frontier(&[
        "grade",
        "search-basics",
        submission.to_str().unwrap(),
        "--gradescope",
        results.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = stdout(&out);
    assert!(report.contains("12 / 16"), "{report}");
    assert!(report.contains("FAIL The maze"), "{report}");

    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(json["score"], 12.0);
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    let bfs = &tests[0];
    assert!(bfs["name"].as_str().unwrap().starts_with("bfs"));
    assert_eq!(
        (bfs["score"].as_f64(), bfs["max_score"].as_f64()),
        (Some(0.0), Some(4.0))
    );
    assert!(bfs["output"].as_str().unwrap().contains("like a stack"));
    for test in &tests[1..] {
        assert_eq!(test["score"], test["max_score"], "{test}");
    }

    // Gradescope grades one submission at a time.
    let other = dir.join("other.py");
    std::fs::write(&other, "x = 1\n").unwrap();
    let out = frontier(&[
        "grade",
        "search-basics",
        submission.to_str().unwrap(),
        other.to_str().unwrap(),
        "--gradescope",
        results.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_starter_file_defines_every_function_and_scores_nothing_yet() {
    let out = frontier(&[
        "assignment",
        "starter",
        "search-basics",
        "--language",
        "zh-CN",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let starter = stdout(&out);
    for function in ["bfs", "dfs", "ucs", "astar"] {
        assert!(starter.contains(&format!("def {function}(problem):")));
    }
    assert!(
        starter.contains("广度优先搜索"),
        "the Chinese handout's starter"
    );
    let dir = folder("starter");
    let file = dir.join("starter.py");
    std::fs::write(&file, &starter).unwrap();
    let out = frontier(&["grade", "search-basics", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = stdout(&out);
    assert!(report.contains("0 / 16"), "{report}");
    assert!(
        !report.contains("missing"),
        "every function is there: {report}"
    );
}
