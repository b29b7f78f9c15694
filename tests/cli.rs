//! The headless command line, run as a user runs it: output, exit codes, error messages.

use frontier_test_support as common;
use frontier_test_support::gif;

use std::io::Write;
use std::process::Stdio;

use frontier_games::games::sandbox::presets;
use frontier_games::grid::Pos;
use frontier_games::palette::Rgba;
use gif::{gif_frames, pixel};

use std::path::PathBuf;
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

fn preset(name: &str) -> String {
    format!("{}/presets/boards/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn path_prints_cost_length_expansions_and_time() {
    let out = frontier(&[
        "path",
        &preset("weighted-swamp.board"),
        "--algo",
        "dijkstra",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for line in [
        "result: path found",
        "cost: 55",
        "length: 55 moves",
        "expanded: ",
        "time: ",
    ] {
        assert!(text.contains(line), "missing `{line}` in:\n{text}");
    }
    // BFS counts moves, not costs: fewer moves, higher cost on this board.
    let bfs = stdout(&frontier(&[
        "path",
        &preset("weighted-swamp.board"),
        "--algo",
        "bfs",
    ]));
    assert!(
        bfs.contains("cost: 71") && bfs.contains("length: 29 moves"),
        "{bfs}"
    );
}

#[test]
fn path_takes_every_algorithm_heuristic_and_endpoints() {
    for algo in [
        "bfs",
        "dfs",
        "dijkstra",
        "astar",
        "wastar:2.5",
        "greedy",
        "bibfs",
        "bidijkstra",
        "biastar",
        "iddfs",
        "idastar",
        "jps",
        "dstar-lite",
    ] {
        let out = frontier(&[
            "path",
            &preset("open-field.board"),
            "--algo",
            algo,
            "--diagonal",
            "--heuristic",
            "chebyshev",
            "--from",
            "1,1",
            "--to",
            "30,20",
        ]);
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", stderr(&out));
        assert!(stdout(&out).contains("from (1,1) to (30,20)"));
    }
    let out = frontier(&[
        "path",
        &preset("open-field.board"),
        "--diagonal",
        "--from",
        "0,0",
        "--to",
        "3,0",
    ]);
    assert!(stdout(&out).contains("cost: 3\n"), "{}", stdout(&out));
}

#[test]
fn no_path_exits_1_and_a_budget_says_it_gave_up() {
    let board = temp_file(
        "walled.board",
        "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\nmap\n.#.\n",
    );
    let out = frontier(&["path", board.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("result: no path"));
    let out = frontier(&[
        "path",
        &preset("maze.board"),
        "--algo",
        "bfs",
        "--max-expansions",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("gave up after 10 expansions"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn bad_input_exits_2_with_a_message_never_a_panic() {
    let broken = temp_file(
        "broken.board",
        "frontier-board 1\nsize 3 1\nstart 0 0\ngoal 2 0\nmap\n.?.\n",
    );
    let huge = temp_file("huge.board", "frontier-board 1\nsize 100000 100000\n");
    let binary = temp_file("binary.board", "");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x01]).unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["path".into(), broken.display().to_string()],
            "line 6: `?` at column 1 is not in the legend",
        ),
        (
            vec!["path".into(), huge.display().to_string()],
            "line 2: a board of 100000 x 100000 is too large",
        ),
        (
            vec!["path".into(), binary.display().to_string()],
            "not a text file",
        ),
        (
            vec!["path".into(), "/no/such/file.board".into()],
            "cannot open /no/such/file.board",
        ),
        (
            vec![
                "path".into(),
                preset("maze.board"),
                "--algo".into(),
                "quick".into(),
            ],
            "unknown algorithm `quick`",
        ),
        (
            vec![
                "path".into(),
                preset("maze.board"),
                "--algo".into(),
                "wastar:0.5".into(),
            ],
            "finite number >= 1",
        ),
        (
            vec![
                "path".into(),
                preset("maze.board"),
                "--heuristic".into(),
                "psychic".into(),
            ],
            "unknown heuristic",
        ),
        (
            vec![
                "path".into(),
                preset("maze.board"),
                "--from".into(),
                "0,0".into(),
            ],
            "the start (0,0) is on a wall",
        ),
        (
            vec![
                "path".into(),
                preset("maze.board"),
                "--to".into(),
                "500,1".into(),
            ],
            "outside the 41 x 25 board",
        ),
        (
            vec!["path".into(), preset("maze.board"), "--from".into()],
            "--from needs a value",
        ),
        (vec!["path".into()], "missing BOARD"),
        (
            vec!["path".into(), preset("maze.board"), "extra".into()],
            "unexpected argument `extra`",
        ),
        (vec!["fly".into()], "unknown command `fly`"),
        (
            vec!["scen".into(), broken.display().to_string()],
            "expected 9 fields separated by tabs",
        ),
        (
            vec!["generate".into(), "spiral".into(), "9".into(), "9".into()],
            "unknown generator",
        ),
        (
            vec!["generate".into(), "prim".into(), "9".into(), "0".into()],
            "has no cells",
        ),
    ];
    for (args, message) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = frontier(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(message),
            "{args:?}: expected `{message}` in {}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{args:?} panicked");
    }
}

#[test]
fn scen_reads_the_older_space_separated_form_and_matches_lengths_to_their_printed_digits() {
    let dir = common::test_data().join("movingai-large");
    let scen = dir.join("AR0012SR-sample.map.scen");
    // Lengths printed with two decimals: 1,001.29 for 1,001.2914 is a match.
    let out = frontier(&["scen", scen.to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(text.ends_with("matched 32 of 32\n"), "{text}");
    assert!(!text.contains("MISMATCH"), "{text}");
    assert!(
        text.contains(" a query), ") && text.contains(" ms a query)"),
        "{text}"
    );
    // A length off by more than its printed precision still fails, naming the query.
    let original = std::fs::read_to_string(&scen).unwrap();
    let first = original.lines().nth(1).unwrap();
    let length: f64 = first.split_whitespace().last().unwrap().parse().unwrap();
    let wrong = first.replacen(
        &format!(" {length:.2}"),
        &format!(" {:.2}", length + 0.02),
        1,
    );
    let map = dir.join("AR0012SR.map");
    let edited = temp_file("wrong.map.scen", &format!("version 1.0\n{wrong}\n"));
    let out = frontier(&[
        "scen",
        edited.to_str().unwrap(),
        "--map",
        map.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("query 1:") && text.contains("MISMATCH"),
        "{text}"
    );
}

#[test]
fn scen_runs_every_query_and_reports_matches() {
    let dir = common::test_data().join("movingai");
    let scen = dir.join("random-32-32-10-even-1.scen");
    let out = frontier(&["scen", scen.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).ends_with("matched 90 of 90\n"),
        "{}",
        stdout(&out)
    );

    // With the wrong map, the lengths differ: exit 1, and the mismatches are listed.
    let out = frontier(&[
        "scen",
        scen.to_str().unwrap(),
        "--map",
        dir.join("empty-8-8.map").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("outside the 8 x 8 board") || stdout(&out).contains("MISMATCH"));

    // 4-connected search is not what the scenario measures.
    let out = frontier(&["scen", scen.to_str().unwrap(), "--algo", "bfs"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("MISMATCH"));
}

#[test]
fn generate_prints_a_board_that_path_can_solve() {
    let out = frontier(&["generate", "kruskal", "31", "21", "--seed", "5"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("seed 5"));
    let file = temp_file("kruskal.board", &text);
    let solved = frontier(&["path", file.to_str().unwrap(), "--algo", "bfs"]);
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    let again = frontier(&["generate", "kruskal", "31", "21", "--seed", "5"]);
    assert_eq!(
        stdout(&again),
        text,
        "the same seed must make the same board"
    );
}

#[test]
fn path_imports_moving_ai_maps() {
    let map = common::test_data().join("movingai/arena.map");
    let out = frontier(&[
        "path",
        map.to_str().unwrap(),
        "--diagonal",
        "--from",
        "1,11",
        "--to",
        "1,12",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("cost: 1\n"));
}

fn tutorial() -> String {
    format!(
        "{}/presets/sokoban/frontier-tutorial.xsb",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn sokoban_prints_verified_solutions_and_a_tsv_line_per_level() {
    let out = frontier(&["sokoban", &tutorial(), "--level", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // The default is the portfolio: A* alone without a time limit, its answer proven.
    assert!(
        text.contains("level 3 (Two boxes): solved by A*, proven push-optimal, 16 moves, 6 pushes"),
        "{text}"
    );
    assert!(text.lines().nth(1).unwrap().contains("pruned:"), "{text}");
    let lurd = text.lines().nth(2).unwrap();
    let level = frontier_games::games::sokoban::parse_collection(
        &std::fs::read_to_string(tutorial()).unwrap(),
    )
    .unwrap()[2]
        .level
        .clone()
        .unwrap();
    assert_eq!(
        frontier_games::games::sokoban::verify_solution(&level, lurd),
        Ok((16, 6))
    );

    let out = frontier(&["sokoban", &tutorial(), "--tsv", "--algo", "bfs"]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 8);
    for (i, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!(fields[0], (i + 1).to_string());
        assert_eq!(fields[1], "solved");
        assert!(fields[2].parse::<usize>().is_ok() && fields[3].parse::<usize>().is_ok());
        assert!(fields[4].parse::<usize>().is_ok() && fields[5].parse::<usize>().is_ok());
        assert_eq!(
            fields[6].len(),
            fields[2].parse::<usize>().unwrap(),
            "the LURD has one letter per move"
        );
    }
}

#[test]
fn sokoban_statuses_no_solution_unsolved_and_invalid() {
    let file = temp_file(
        "mixed.xsb",
        "; stuck\n#####\n#$  #\n#  @#\n# . #\n#####\n\n; broken\n#####\n# $.#\n#####\n\n; fine\n#######\n#@ $ .#\n#######\n",
    );
    let out = frontier(&["sokoban", file.to_str().unwrap(), "--tsv"]);
    assert_eq!(out.status.code(), Some(1), "not every level solved");
    let text = stdout(&out);
    let statuses: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap())
        .collect();
    assert_eq!(statuses, ["no-solution", "invalid", "solved"]);

    let out = frontier(&[
        "sokoban",
        &tutorial(),
        "--level",
        "8",
        "--algo",
        "bfs",
        "--max-states",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("not solved: gave up after storing 1000 states"),
        "{}",
        stdout(&out)
    );
    // BFS got some pushes deep before giving up: no solution can be shorter than that, and
    // Crossroads' shortest solution has 23 pushes.
    let text = stdout(&out);
    let at_least = lower_bound(&text);
    assert!((1..=23).contains(&at_least), "{text}");

    let out = frontier(&[
        "sokoban",
        &tutorial(),
        "--level",
        "8",
        "--algo",
        "bfs",
        "--timeout",
        "0.05",
        "--tsv",
    ]);
    assert!(
        stdout(&out).starts_with("8\tunsolved\t"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn sokoban_ida_star_solves_push_optimally_and_proves_a_bound_when_it_gives_up() {
    let out = frontier(&["sokoban", &tutorial(), "--level", "3", "--algo", "idastar"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("level 3 (Two boxes): solved,") && stdout(&out).contains(" 6 pushes"),
        "IDA* finds the 6 pushes BFS finds: {}",
        stdout(&out)
    );
    let out = frontier(&[
        "sokoban",
        &tutorial(),
        "--level",
        "8",
        "--algo",
        "idastar",
        "--max-states",
        "300",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let at_least = lower_bound(&text);
    assert!(
        (1..=23).contains(&at_least),
        "Crossroads needs 23 pushes: {text}"
    );
}

#[test]
fn sokoban_bad_input_exits_2() {
    for (args, message) in [
        (
            vec![
                "sokoban".to_string(),
                tutorial(),
                "--level".into(),
                "9".into(),
            ],
            "has levels 1 to 8",
        ),
        (
            vec![
                "sokoban".to_string(),
                tutorial(),
                "--algo".into(),
                "dijkstra".into(),
            ],
            "unknown algorithm",
        ),
        (
            vec![
                "sokoban".to_string(),
                tutorial(),
                "--timeout".into(),
                "-1".into(),
            ],
            "out of range",
        ),
        (
            // Past 9.3e18 s the deadline overflowed the clock; past 1.8e19 the conversion
            // to a duration panicked; 5e-324 was taken.
            vec![
                "sokoban".to_string(),
                tutorial(),
                "--timeout".into(),
                "1e19".into(),
            ],
            "out of range: a time limit is 0.001 to 86400 seconds",
        ),
        (
            vec![
                "sokoban".to_string(),
                tutorial(),
                "--timeout".into(),
                "9.3e18".into(),
            ],
            "out of range",
        ),
        (
            vec![
                "sokoban".to_string(),
                tutorial(),
                "--timeout".into(),
                "5e-324".into(),
            ],
            "out of range",
        ),
        (
            vec![
                "sokoban".to_string(),
                tutorial(),
                "--timeout".into(),
                "soon".into(),
            ],
            "not a number of seconds",
        ),
        (
            vec!["sokoban".to_string(), "/nope.xsb".into()],
            "cannot open",
        ),
        (
            vec![
                "sokoban".to_string(),
                temp_file("words.xsb", "just words\n").display().to_string(),
            ],
            "no Sokoban level found",
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = frontier(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn jps_is_refused_on_weighted_terrain_with_the_reason() {
    let out = frontier(&["path", &preset("weighted-swamp.board"), "--algo", "jps"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("--algo jps needs a board where every passable cell costs the same"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn scen_reproduces_the_optimal_lengths_with_jps_and_the_bidirectional_searches() {
    let scen = common::test_data().join("movingai/random-32-32-10-even-1.scen");
    for algo in ["jps", "biastar", "bidijkstra", "idastar", "dstar-lite"] {
        let out = frontier(&["scen", scen.to_str().unwrap(), "--algo", algo]);
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", stderr(&out));
        assert!(
            stdout(&out).contains("matched 90 of 90"),
            "{algo}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn replan_repairs_after_random_edits_and_says_how_it_compares() {
    let out = frontier(&[
        "replan",
        &preset("open-field.board"),
        "--edits",
        "20",
        "--seed",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let value = |key: &str| -> String {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("no {key} in {text}"))
            .to_string()
    };
    assert_eq!(value("edits"), "20");
    assert_eq!(value("costs_equal"), "true");
    let repair: f64 = value("repair_expansions").parse().unwrap();
    let scratch: f64 = value("scratch_expansions").parse().unwrap();
    assert!(repair < scratch, "{text}");
    assert!((value("ratio").parse::<f64>().unwrap() - repair / scratch).abs() < 1e-3);
    let bad = frontier(&["replan", &preset("open-field.board"), "--edits", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_robot_walks_into_the_cup_and_out_again_re_planning_as_it_sees_walls() {
    let out = frontier(&[
        "replan",
        &preset("concave-trap.board"),
        "--robot",
        "--radius",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let value = |key: &str| -> usize {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("no {key} in {text}"))
            .parse()
            .unwrap()
    };
    assert!(text.contains("result: arrived"), "{text}");
    // It believed the cup open, so it walked in: longer than the 45 moves of the best path.
    assert!(value("moves") > 45, "{text}");
    assert!(
        value("discovered") > 0 && value("repair_expansions") > 0,
        "{text}"
    );
    let bad = frontier(&[
        "replan",
        &preset("concave-trap.board"),
        "--robot",
        "--radius",
        "0",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The pushes a `frontier sokoban` run that gave up says any solution needs at least.
fn lower_bound(text: &str) -> usize {
    text.split("any solution needs at least ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no lower bound in: {text}"))
}

/// A batch's lines without the time each level took (the one column that varies).
fn without_times(tsv: &str) -> Vec<String> {
    tsv.lines()
        .map(|line| {
            let mut fields: Vec<&str> = line.split('\t').collect();
            if fields.len() > 5 {
                fields.remove(5);
            }
            fields.join("\t")
        })
        .collect()
}

/// XSokoban, the 90 levels every Sokoban player meets (tests/data/sokoban/xsokoban.xsb):
/// read whole, each level titled, and the first solved push-optimal in 97 pushes, the
/// known optimum (the collection issue 59 measures the solver portfolio on).
#[test]
fn xsokoban_reads_whole_and_its_first_level_is_solved_in_its_optimal_97_pushes() {
    let file = common::test_data().join("sokoban").join("xsokoban.xsb");
    let file = file.to_str().unwrap();
    let all = frontier(&["sokoban", file, "--max-states", "1", "--tsv"]);
    assert!(stderr(&all).is_empty(), "{}", stderr(&all));
    let numbers: Vec<usize> = stdout(&all)
        .lines()
        .map(|line| line.split('\t').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(numbers, (1..=90).collect::<Vec<_>>());
    let first = frontier(&[
        "sokoban",
        file,
        "--level",
        "1",
        "--max-expansions",
        "200000",
    ]);
    let said = stdout(&first);
    assert!(
        said.starts_with("level 1 (XSokoban 1): solved by A*, proven push-optimal"),
        "{said}"
    );
    assert!(said.contains(", 97 pushes,"), "{said}");
}

#[test]
fn a_sokoban_batch_on_every_core_prints_what_a_serial_one_does_in_level_order() {
    let data = common::test_data().join("sokoban");
    for (file, states) in [("microban-1.xsb", "30000"), ("grigr2001.xsb", "3000")] {
        let file = data.join(file);
        let file = file.to_str().unwrap();
        let run = |jobs: &str| {
            let args = [
                "sokoban",
                file,
                "--max-states",
                states,
                "--tsv",
                "--jobs",
                jobs,
            ];
            let output = frontier(&args);
            assert!(stderr(&output).is_empty(), "{}", stderr(&output));
            without_times(&stdout(&output))
        };
        let serial = run("1");
        let parallel = run("2");
        assert_eq!(serial, parallel, "{file}");
        let numbers: Vec<usize> = parallel
            .iter()
            .map(|line| line.split('\t').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(
            numbers,
            (1..=numbers.len()).collect::<Vec<_>>(),
            "level order"
        );
        assert!(numbers.len() >= 100);
        assert!(parallel.iter().any(|l| l.contains("\tsolved\t")), "{file}");
    }
    // Piped, there is no progress bar: stderr stays empty (checked above).
    let refused = frontier(&["sokoban", "x.xsb", "--jobs", "0"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("--jobs must be at least 1"));
    let tiny = frontier(&["sokoban", "x.xsb", "--max-memory", "10"]);
    assert!(
        stderr(&tiny).contains("out of range: memory is 1M to 1T"),
        "{}",
        stderr(&tiny)
    );
}

#[test]
fn a_level_over_its_memory_ends_unsolved_with_its_bound_not_an_abort() {
    let file = common::test_data().join("sokoban/microban-1.xsb");
    let output = frontier(&[
        "sokoban",
        file.to_str().unwrap(),
        "--level",
        "93",
        "--max-memory",
        "1M",
    ]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr(&output));
    assert!(text.contains("not solved"), "{text}");
    assert!(text.contains("any solution needs at least"), "{text}");
}

/// `--without` switches prunings off to measure them: the answer stays push-optimal, the
/// search expands more, the pruning line counts none of what was switched off, and an unknown
/// name is refused with the known ones.
#[test]
fn sokoban_without_a_pruning_expands_more_for_the_same_answer() {
    let file = common::test_data().join("sokoban/microban-1.xsb");
    let run = |without: Option<&str>| {
        let mut args = vec!["sokoban", file.to_str().unwrap(), "--level", "139"];
        args.extend(["--algo", "greedy"]);
        args.extend(without.map(|w| ["--without", w]).into_iter().flatten());
        let output = frontier(&args);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let text = stdout(&output);
        let expanded: usize = text
            .split(" states expanded")
            .next()
            .and_then(|head| head.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{text}"));
        (text, expanded)
    };
    let (all, all_expanded) = run(None);
    let (plain, plain_expanded) = run(Some("corral-deadlocks, pi-corrals"));
    assert!(all_expanded < plain_expanded, "{all}\n{plain}");
    assert!(!all.contains(" 0 dead corrals"), "{all}");
    assert!(
        plain.contains(" 0 PI-corral cuts; 0 dead corrals, 0 learned deadlocks"),
        "{plain}"
    );
    let refused = frontier(&["sokoban", "x.xsb", "--without", "corrals"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains(
            "--without: unknown pruning \"corrals\" (known: pi-corrals, corral-deadlocks, pulling, meeting, novelty, fess, packing-order, macros)"
        ),
        "{}",
        stderr(&refused)
    );
}

/// `--algo fess` runs the feature-space search alone: XSokoban 4 (20 boxes) is solved in a
/// few hundred of its moves, the answer replayed, and the moves it made are counted by kind;
/// without its macros it is not solved in the same budget.
#[test]
fn sokoban_fess_alone_solves_xsokoban_4_and_counts_its_macros() {
    let file = common::test_data().join("sokoban/xsokoban.xsb");
    let args = ["--level", "4", "--algo", "fess", "--max-expansions", "5000"];
    let out = frontier(&[&["sokoban", file.to_str().unwrap()][..], &args[..]].concat());
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("solved by Feature-space search (FESS), not proven shortest"),
        "{text}"
    );
    let counts = text
        .lines()
        .find(|line| line.contains("the feature-space search's moves:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(counts.contains("packing macros"), "{counts}");
    assert!(!counts.contains(" 0 packing macros"), "{counts}");
    // Without the macros the same 5,000 moves do not solve it.
    let plain = frontier(
        &[
            &["sokoban", file.to_str().unwrap()][..],
            &args[..],
            &["--without", "macros"][..],
        ]
        .concat(),
    );
    let plain = stdout(&plain);
    assert!(
        plain.contains("not solved: gave up after 5000 expansions, 5000 states expanded"),
        "{plain}"
    );
}

#[test]
fn sokoban_auto_says_which_search_solved_a_level_and_whether_it_is_proven_shortest() {
    let file = common::test_data().join("sokoban/microban-1.xsb");
    let file = file.to_str().unwrap();
    let run = |level: &str, tsv: bool| {
        let mut args = vec!["sokoban", file, "--level", level, "--algo", "auto"];
        // Counted, not timed: the same search answers on any machine.
        args.extend(["--max-expansions", "150000"]);
        if tsv {
            args.push("--tsv");
        }
        stdout(&frontier(&args))
    };
    let easy = run("3", true);
    let fields: Vec<&str> = easy.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 9, "{easy}");
    assert_eq!(
        (fields[1], fields[7], fields[8]),
        ("solved", "astar", "optimal")
    );
    // On 144 A* cannot prove the best within the expansions; the greedy or pulling search that
    // finds one is named, its solution is not called shortest, and it replays.
    let hard = run("144", true);
    let fields: Vec<&str> = hard.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 9, "{hard}");
    assert!(
        ["greedy", "greedy-pulling", "novel-pulling", "meeting"].contains(&fields[7])
            && fields[8] == "not-proven",
        "{hard}"
    );
    let level =
        frontier_games::games::sokoban::parse_collection(&std::fs::read_to_string(file).unwrap())
            .unwrap()
            .remove(143)
            .level
            .unwrap();
    let replayed = frontier_games::games::sokoban::verify_solution(&level, fields[6]);
    assert_eq!(replayed.map(|(_, p)| p.to_string()), Ok(fields[3].into()));
    let words = run("144", false);
    assert!(
        words.contains("solved by Greedy") && words.contains(", not proven shortest, "),
        "{words}"
    );
}

#[test]
fn link_prints_a_link_that_opens_the_board_with_its_search_and_step() {
    use frontier_games::share::{self, Opened};
    let board = format!("{}/presets/boards/maze.board", env!("CARGO_MANIFEST_DIR"));
    let out = frontier(&[
        "link",
        &board,
        "--algo",
        "bfs",
        "--step",
        "5",
        "--page",
        "https://example.org/frontier/",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let link = stdout(&out).trim().to_string();
    assert!(
        link.starts_with("https://example.org/frontier/#v1."),
        "{link}"
    );
    let Ok(Opened::Board {
        board: opened,
        algorithm,
        step,
        ..
    }) = share::open(&link)
    else {
        panic!("{link}");
    };
    let expected = frontier_games::games::sandbox::parse_board_or_map(
        &std::fs::read_to_string(&board).unwrap(),
    )
    .unwrap();
    assert_eq!(opened, expected);
    assert_eq!((algorithm.code().as_str(), step), ("bfs", 5));
    assert_eq!(stderr(&out), "", "a page others can open needs no note");

    // FRONTIER_PAGE names the page when --page does not.
    let with_page = |page: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_frontier"));
        command.args(["link", &board]).env_remove("FRONTIER_PAGE");
        if let Some(page) = page {
            command.env("FRONTIER_PAGE", page);
        }
        command.output().expect("the frontier binary runs")
    };
    let out = with_page(Some("https://school.example.cn/frontier/"));
    assert!(
        stdout(&out).starts_with("https://school.example.cn/frontier/#v1."),
        "{}",
        stdout(&out)
    );
    assert_eq!(stderr(&out), "");
    // With no page known (or one only this computer serves), the link still opens in the
    // app, and a note on stderr says nobody else can open it.
    for page in [None, Some("http://localhost:8080/")] {
        let out = with_page(page);
        assert_eq!(out.status.code(), Some(0));
        assert!(share::open(stdout(&out).trim()).is_ok());
        assert!(
            stderr(&out).contains("only this computer can open"),
            "{page:?}: {}",
            stderr(&out)
        );
    }

    for (args, message) in [
        (vec!["link", "/nope.board"], "cannot open"),
        (
            vec!["link", board.as_str(), "--page", "example.org"],
            "--page: example.org is not a web page's address",
        ),
        (vec!["link", board.as_str(), "--algo", "teleport"], "--algo"),
        (
            vec!["link", "--lesson", "nowhere"],
            "no shipped lesson is called nowhere",
        ),
    ] {
        let out = frontier(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn lesson_checks_files_and_every_error_line_starts_with_frontier() {
    let good = format!(
        "{}/presets/lessons/01-frontier-bfs.en.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = frontier(&["lesson", &good]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("pages"), "{}", stdout(&out));
    let bad = temp_file("bad-lesson.toml", "id = \"x\"\ntitle = 3\n");
    let out = frontier(&["lesson", &good, bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let errors = stderr(&out);
    assert!(errors.lines().count() >= 2, "{errors}");
    for line in errors.lines() {
        assert!(line.starts_with("frontier: "), "{line:?}");
    }
    assert!(errors.contains("bad-lesson.toml"), "{errors}");
}

#[test]
fn the_command_line_plays_games_and_ends_with_key_value_lines() {
    let out = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args([
            "snake",
            "--planner",
            "cycle",
            "--size",
            "8",
            "--games",
            "3",
            "--seed",
            "4",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let tail: Vec<&str> = text.lines().rev().take(6).collect();
    let keys: Vec<&str> = tail
        .iter()
        .rev()
        .map(|l| l.split(": ").next().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "games",
            "wins",
            "deaths",
            "loops",
            "mean_length",
            "steps_per_apple"
        ]
    );
    assert!(text.contains("wins: 3\n"), "{text}");
    assert!(text.contains("mean_length: 64.00\n"), "{text}");

    for (args, message) in [
        (vec!["snake", "--planner", "greedy"], "unknown planner"),
        (vec!["snake", "--size", "3"], "6 to 40"),
        (
            vec!["snake", "--planner", "cycle", "--size", "7"],
            "no Hamiltonian cycle",
        ),
        (vec!["snake", "--games", "0"], "must be 1 to 1000000"),
        (
            vec!["snake", "--games", "18446744073709551615"],
            "must be 1 to 1000000",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_frontier"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(message),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_command_line_measures_hand_overs() {
    let out = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args([
            "snake",
            "--planner",
            "cycle",
            "--size",
            "8",
            "--games",
            "20",
            "--before",
            "classic",
            "--handover",
            "random:60",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let tail: Vec<&str> = text.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        [
            "avoidable_deaths: 0",
            "deaths_after_handover: 0",
            "handovers: 20"
        ],
        "{text}"
    );
    for (args, message) in [
        (vec!["snake", "--before", "classic"], "needs --handover"),
        (vec!["snake", "--handover", "5"], "needs --before"),
        (
            vec!["snake", "--before", "dfs", "--handover", "5"],
            "unknown steerer",
        ),
        (
            vec!["snake", "--before", "random", "--handover", "random:0"],
            "at least 1",
        ),
        (
            vec!["snake", "--before", "random", "--handover", "soon"],
            "whole number",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_frontier"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(message),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_command_line_writes_png_svg_and_gif_and_says_what_it_wrote() {
    let dir = std::env::temp_dir().join(format!("frontier-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = format!("{}/presets/boards/maze.board", env!("CARGO_MANIFEST_DIR"));
    let (png, svg, gif) = (dir.join("a.png"), dir.join("a.svg"), dir.join("a.gif"));
    let out = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args([
            "render",
            &board,
            "--algo",
            "bfs",
            "--to-step",
            "50",
            "--cell",
            "6",
        ])
        .args([
            "--png",
            png.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ])
        .args([
            "--gif",
            gif.to_str().unwrap(),
            "--fps",
            "12",
            "--max-frames",
            "20",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("png: ") && text.contains("(step 50)"),
        "{text}"
    );
    assert!(
        text.contains("gif: ") && text.contains("20 frames"),
        "{text}"
    );
    let pixmap = tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    let maze = presets::board("maze.board").unwrap();
    assert_eq!(pixmap.width(), maze.width() as u32 * 6);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let decoded = gif::decode(&std::fs::read(&gif).unwrap());
    assert_eq!(decoded.width as usize, maze.width() * 6);

    let bad = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(["render", &board, "--cell", "0", "--png"])
        .arg(dir.join("b.png"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let error = String::from_utf8_lossy(&bad.stderr);
    assert!(
        error.contains("a cell of 0 px is outside 1..=64"),
        "{error}"
    );
    assert!(!dir.join("b.png").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn link_makes_links_into_the_sliding_puzzle_and_snake() {
    use frontier_games::share::{self, Opened};
    let page = ["--page", "https://example.org/f/"];
    let out = frontier(
        &[
            &[
                "link",
                "--puzzle",
                "2 8 3 1 6 4 7 0 5",
                "--algo",
                "astar",
                "--heuristic",
                "manhattan",
                "--step",
                "4",
            ][..],
            &page,
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let Ok(Opened::Puzzle {
        start,
        search: Some((algorithm, heuristic)),
        step,
        ..
    }) = share::open(stdout(&out).trim())
    else {
        panic!("{}", stdout(&out));
    };
    assert_eq!(start.to_string(), "2 8 3 1 6 4 7 0 5");
    assert_eq!(
        (algorithm.code().as_str(), heuristic.code(), step),
        ("astar", "manhattan", 4)
    );

    let out = frontier(
        &[
            &[
                "link",
                "--snake",
                "--size",
                "8",
                "--seed",
                "4",
                "--planner",
                "classic",
                "--step",
                "30",
            ][..],
            &page,
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let Ok(Opened::Snake {
        walls,
        seed,
        planner,
        moves,
    }) = share::open(stdout(&out).trim())
    else {
        panic!("{}", stdout(&out));
    };
    assert_eq!((walls.width(), seed, moves.len()), (8, 4, 30));
    assert_eq!(
        planner,
        Some(frontier_games::games::snake::play::Planner::Classic)
    );

    // A position that cannot reach its goal is no link: said, and nothing printed.
    for (args, says) in [
        (
            &["link", "--puzzle", "2 1 3 8 0 4 7 6 5"][..],
            "the position in the link does not read",
        ),
        (
            &["link", "--snake", "--size", "80"][..],
            "--size must be 6 to 40",
        ),
    ] {
        let out = frontier(&[args, &page].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
        assert_eq!(stdout(&out), "");
    }
}

fn run_link_game(input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .arg("link-game")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn link_game_reproduces_every_expected_output_byte_for_byte() {
    let dir = common::test_data().join("poj1101");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let expected = std::fs::read(path.with_extension("out")).unwrap();
        let out = run_link_game(&std::fs::read(&path).unwrap());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout, expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} cases in {}", dir.display());
}

#[test]
fn link_game_rejects_malformed_input_with_a_message() {
    for (input, message) in [
        ("5 4\nXXXXX\n", "ends inside board 1"),
        ("2 1\nX?\n1 1 2 1\n0 0 0 0\n0 0\n", "`?` is neither"),
        ("2 1\nXX\n1 1 x 1\n", "`x` is not a whole number"),
        ("2 1\nXX\n1 1 2\n", "expected 4 numbers"),
        ("2 1\nXX\n0 0 0 0\n", "without the closing"),
        ("999 1\n", "out of range"),
    ] {
        let out = run_link_game(input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(message),
            "{input:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

fn frontier_cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_sokoban_solution_becomes_a_gif_a_frame_a_move_ending_with_every_box_home() {
    use frontier_games::games::sokoban::colors as sokoban;
    use frontier_games::games::sokoban::parse_collection;
    let dir = std::env::temp_dir().join(format!("frontier-render-sk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let levels = format!(
        "{}/presets/sokoban/frontier-tutorial.xsb",
        env!("CARGO_MANIFEST_DIR")
    );
    let gif = dir.join("level6.gif");
    let out = frontier_cli(&[
        "render",
        &levels,
        "--level",
        "6",
        "--algo",
        "astar",
        "--cell",
        "10",
        "--gif",
        gif.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let moves: usize = text
        .split(" in ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the moves are told");
    let (width, frames) = gif_frames(&gif);
    assert_eq!(frames.len(), moves + 1);
    let entries = parse_collection(&std::fs::read_to_string(&levels).unwrap()).unwrap();
    let level = entries[5].level.as_ref().unwrap();
    let goals: Vec<Pos> = (0..level.height() as i32)
        .flat_map(|y| (0..level.width() as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| level.is_goal(p))
        .collect();
    // A box on a goal is drawn over the goal's disc; away from the square's centre its
    // colour shows.
    let box_on_goal = |frame: &Vec<u8>, p: Pos| {
        pixel(frame, width, p.x as u32 * 10 + 2, p.y as u32 * 10 + 2) == sokoban::BOX_ON_GOAL
    };
    assert!(
        goals
            .iter()
            .all(|&g| box_on_goal(frames.last().unwrap(), g))
    );
    assert!(!goals.iter().all(|&g| box_on_goal(&frames[0], g)));

    let bad = frontier_cli(&["render", &levels, "--level", "99", "--gif", "x.gif"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("--level 99: the file has levels 1 to 8")
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_snake_game_becomes_a_gif_a_frame_a_move() {
    use frontier_games::games::snake::colors as snake;
    let dir = std::env::temp_dir().join(format!("frontier-render-sn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gif = dir.join("snake.gif");
    let out = frontier_cli(&[
        "render",
        "--snake",
        "--planner",
        "cycle",
        "--size",
        "8",
        "--seed",
        "5",
        "--moves",
        "60",
        "--cell",
        "8",
        "--gif",
        gif.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (width, frames) = gif_frames(&gif);
    assert_eq!(frames.len(), 61);
    assert_eq!(width, 64);
    // Each frame has exactly one head square, and the snake grows as it eats.
    let count = |frame: &Vec<u8>, color: Rgba| {
        (0..8u32)
            .flat_map(|y| (0..8u32).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(frame, width, x * 8 + 1, y * 8 + 1) == color)
            .count()
    };
    assert!(frames.iter().all(|f| count(f, snake::HEAD) == 1));
    let snake_squares =
        |frame: &Vec<u8>| 64 - count(frame, snake::FLOOR) - count(frame, snake::WALL);
    assert_eq!(snake_squares(&frames[0]), 1);
    assert!(snake_squares(&frames[60]) > 1, "the snake grew");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn puzzle_solves_positions_optimally_and_prints_a_tsv_line_each() {
    use frontier_games::games::sliding::{Position, PuzzleHeuristic, SlidingProblem};
    use frontier_games::search::{Algorithm, Outcome, Search};
    let positions = "# 八数码\n8 6 7 2 5 4 3 0 1\n1 2 3 4 5 6 7 8 0\n\n0 1 2 3 4 5 6 7 8\n";
    let file = temp_file("positions.txt", positions);
    let goal = Position::blank_first(3);
    for algo in ["astar", "idastar", "bibfs", "bfs"] {
        let out = frontier(&[
            "puzzle",
            file.to_str().unwrap(),
            "--algo",
            algo,
            "--goal",
            "blank-first",
            "--tsv",
        ]);
        assert!(out.status.success(), "{algo}: {}", stderr(&out));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{algo}: a line a position\n{text}");
        for (line, start) in lines.iter().zip([
            "8 6 7 2 5 4 3 0 1",
            "1 2 3 4 5 6 7 8 0",
            "0 1 2 3 4 5 6 7 8",
        ]) {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 6, "{line}");
            assert_eq!(fields[1], "solved");
            let start = Position::parse(start).unwrap();
            // The moves printed lead to the goal, in the fewest a plain BFS needs.
            assert_eq!(start.after(fields[5]), Ok(goal), "{algo}: {line}");
            let reference = SlidingProblem::new(start, goal, PuzzleHeuristic::Zero).unwrap();
            let Outcome::Found { cost, .. } = Search::new(reference, Algorithm::Bfs).run().outcome
            else {
                panic!("BFS found nothing");
            };
            assert_eq!(fields[2], (cost as usize).to_string(), "{algo}: {line}");
            assert_eq!(fields[5].len(), cost as usize);
        }
    }
    // The classic exercise: to 2 8 3 / 1 6 4 / 7 _ 5 from 1 2 3 / 8 _ 4 / 7 6 5 in 5 moves.
    let out = frontier(&["puzzle", "1 2 3 8 0 4 7 6 5", "--goal", "2 8 3 1 6 4 7 0 5"]);
    assert!(stdout(&out).contains("moves: 5"), "{}", stdout(&out));
    // With no goal given, the app's: the snail, named in the output; BFS names no heuristic.
    let out = frontier(&["puzzle", "2 8 3 1 6 4 7 0 5", "--algo", "bfs"]);
    let text = stdout(&out);
    assert!(text.contains("goal: 1 2 3 8 0 4 7 6 5 (snail)"), "{text}");
    assert!(text.contains("algorithm: BFS\n"), "{text}");
    assert!(text.contains("moves: 5"), "{text}");
    // A better heuristic gives a smaller effective branching factor on the same position.
    let b = |heuristic: &str| -> f64 {
        let out = frontier(&[
            "puzzle",
            "8 6 7 2 5 4 3 0 1",
            "--goal",
            "blank-first",
            "--heuristic",
            heuristic,
        ]);
        let text = stdout(&out);
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix("effective branching factor: "))
            .unwrap_or_else(|| panic!("{heuristic}: {text}"));
        line.parse().unwrap()
    };
    let (misplaced, manhattan, conflict) = (b("misplaced"), b("manhattan"), b("lc"));
    assert!(
        misplaced > manhattan && manhattan > conflict,
        "{misplaced} {manhattan} {conflict}"
    );
    assert!(conflict > 1.0);
}

#[test]
fn puzzle_refuses_bad_positions_and_searches_with_the_reason() {
    for (args, why) in [
        (vec!["puzzle", "1 2 3"], "4, 9, 16 or 25 numbers"),
        (
            vec!["puzzle", "2 1 3 4 5 6 7 8 0", "--goal", "1 2 3 4 5 6 7 8 0"],
            "unsolvable: ",
        ),
        (
            vec!["puzzle", "1 2 3 8 0 4 7 6 5", "--algo", "jps"],
            "does not run on the sliding puzzle",
        ),
        (
            vec!["puzzle", "1 2 3 8 0 4 7 6 5", "--goal", "spiral"],
            "a goal is snail, blank-first, blank-last or a position",
        ),
        (
            vec!["puzzle", "1 2 3 8 0 4 7 6 5", "--heuristic", "psychic"],
            "unknown heuristic",
        ),
        (
            vec![
                "puzzle",
                "1 2 3 4 5 6 7 8 0",
                "--goal",
                "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            ],
            "the goal is 4 x 4",
        ),
    ] {
        let out = frontier(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
    }
    let bad_line = temp_file(
        "bad-positions.txt",
        "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n",
    );
    let out = frontier(&["puzzle", bad_line.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 2: 8 appears twice"),
        "{}",
        stderr(&out)
    );
    // A budget too small: the line says unsolved, and the exit code 1.
    let out = frontier(&[
        "puzzle",
        "8 6 7 2 5 4 3 0 1",
        "--goal",
        "blank-first",
        "--max-expansions",
        "10",
        "--tsv",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("1\tunsolved\t"),
        "{}",
        stdout(&out)
    );
}

/// The app's starter BFS, with the frontier a `Queue` or (the bug) a `Stack`.
fn student_bfs(container: &str) -> String {
    frontier_script::starter(frontier::i18n::Language::English).replace("Queue", container)
}

#[test]
fn code_runs_a_students_search_and_judges_it_by_the_exit_code() {
    let queue = temp_file("bfs_queue.py", &student_bfs("Queue"));
    let stack = temp_file("bfs_stack.py", &student_bfs("Stack"));
    let board = preset("maze.board");
    let passed = frontier(&[
        "code",
        queue.to_str().unwrap(),
        "--board",
        &board,
        "--check",
        "bfs",
    ]);
    assert_eq!(passed.status.code(), Some(0), "{}", stderr(&passed));
    assert!(
        stdout(&passed).contains("A correct BFS on this problem"),
        "{}",
        stdout(&passed)
    );
    let failed = frontier(&[
        "code",
        stack.to_str().unwrap(),
        "--board",
        &board,
        "--check",
        "bfs",
    ]);
    assert_eq!(failed.status.code(), Some(1), "{}", stderr(&failed));
    assert!(
        stdout(&failed).contains("behaves like a stack"),
        "{}",
        stdout(&failed)
    );
    let puzzle = frontier(&[
        "code",
        queue.to_str().unwrap(),
        "--puzzle",
        "1 2 3 4 5 6 0 7 8",
        "--goal",
        "blank-last",
        "--check",
        "bfs",
    ]);
    assert_eq!(puzzle.status.code(), Some(0), "{}", stderr(&puzzle));
    assert!(
        stdout(&puzzle).contains("path: 2 moves"),
        "{}",
        stdout(&puzzle)
    );
}

#[test]
fn code_names_the_line_of_a_program_error_and_exits_2() {
    let broken = temp_file("broken.py", "def search(problem):\n    return 1 / 0\n");
    let out = frontier(&[
        "code",
        broken.to_str().unwrap(),
        "--puzzle",
        "1 2 3 4 5 6 7 0 8",
        "--goal",
        "blank-last",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("ZeroDivisionError"),
        "{}",
        stderr(&out)
    );
    let endless = temp_file(
        "endless.py",
        "def search(problem):\n    while True:\n        pass\n",
    );
    let out = frontier(&[
        "code",
        endless.to_str().unwrap(),
        "--puzzle",
        "1 2 3 4 5 6 7 0 8",
        "--goal",
        "blank-last",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("without calling successors"),
        "{}",
        stderr(&out)
    );
}
