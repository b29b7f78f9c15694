//! The shipped lessons, walked page by page in both languages: every lesson loads, every
//! page's run reaches its event, and every question accepts a right answer and refuses a
//! wrong one. And a teacher's broken lesson is reported by its line and loads nothing.

use std::collections::BTreeMap;

use frontier_games::games::sandbox::Board;
use frontier_games::grid::Pos;
use frontier_games::i18n::Language;
use frontier_games::lessons::shipped::LESSONS;
use frontier_games::lessons::{
    Answer, BoardScene, Lesson, QuestionKind, RunTo, Scene, check, parse_lesson,
};
use frontier_games::search::NodeStatus;
use frontier_games::search::predict::Verdict;

fn shipped() -> Vec<(&'static str, Lesson)> {
    LESSONS
        .iter()
        .map(|(file, text)| {
            let lesson = parse_lesson(text).unwrap_or_else(|e| panic!("{file}: {e}"));
            (*file, lesson)
        })
        .collect()
}

fn cells(board: &Board) -> Vec<Pos> {
    board.cells().positions().collect()
}

#[test]
fn at_least_nine_lessons_ship_in_english_and_chinese_with_three_questions_each() {
    let mut by_id: BTreeMap<String, Vec<(Language, Lesson)>> = BTreeMap::new();
    for (file, lesson) in shipped() {
        let tag = lesson.language.tag();
        assert!(file.ends_with(&format!(".{tag}.toml")), "{file} says {tag}");
        assert!(
            lesson.questions() >= 3,
            "{file}: {} questions",
            lesson.questions()
        );
        by_id
            .entry(lesson.id.clone())
            .or_default()
            .push((lesson.language, lesson));
    }
    assert!(by_id.len() >= 9, "{} lessons", by_id.len());
    for (id, versions) in &by_id {
        let languages: Vec<Language> = versions.iter().map(|(l, _)| *l).collect();
        assert_eq!(languages.len(), 2, "{id}: {languages:?}");
        assert!(languages.contains(&Language::English) && languages.contains(&Language::Chinese));
        // A translation teaches the same pages: the same scenes, runs and right answers.
        let (a, b) = (&versions[0].1, &versions[1].1);
        assert_eq!(a.pages.len(), b.pages.len(), "{id}");
        for (i, (pa, pb)) in a.pages.iter().zip(&b.pages).enumerate() {
            assert_ne!(pa.text, pb.text, "{id} page {}: not translated", i + 1);
            let kinds = |p: &frontier_games::lessons::Page| {
                p.question.as_ref().map(|q| match &q.kind {
                    QuestionKind::Choice { choices, answer } => (choices.len(), *answer),
                    QuestionKind::Predict { exact } => (0, *exact as usize),
                    QuestionKind::Joins => (3, 0),
                    QuestionKind::Lowest(_) => (1, 0),
                    QuestionKind::PaintWall { solution, .. } => (2, solution.x as usize),
                    QuestionKind::Code => (4, 0),
                })
            };
            assert_eq!(kinds(pa), kinds(pb), "{id} page {}", i + 1);
            let runs = |p: &frontier_games::lessons::Page| match &p.scene {
                Some(Scene::Board(s)) => Some((s.algorithm.code(), s.run, s.board.clone())),
                _ => None,
            };
            assert_eq!(runs(pa), runs(pb), "{id} page {}", i + 1);
            // A page where the student writes the search holds them to the same rule.
            let code = |p: &frontier_games::lessons::Page| match &p.scene {
                Some(Scene::Board(s)) => s.code.as_ref().map(|c| c.check),
                Some(Scene::Sliding(s)) => s.code.as_ref().map(|c| c.check),
                _ => None,
            };
            assert_eq!(code(pa), code(pb), "{id} page {}", i + 1);
        }
    }
}

/// Checks one question on a board page: a right answer accepted, wrong ones refused.
fn check_board_question(
    context: &str,
    scene: &BoardScene,
    question: &frontier_games::lessons::Question,
) {
    let (run, _) = scene.prepare().expect("the run reaches its event");
    let in_frontier = |p: Pos| {
        run.info(p)
            .is_some_and(|i| i.status == NodeStatus::Frontier)
    };
    let wall = cells(&scene.board)
        .into_iter()
        .find(|&p| !scene.board.is_passable(p));
    // A cell outside the frontier: a wall, or an expanded cell, or one never reached.
    let outside = wall
        .or_else(|| cells(&scene.board).into_iter().find(|&p| !in_frontier(p)))
        .expect("some cell is outside the frontier");
    let judge = |answer| check(question, Some(scene), Some(&run), answer).expect("judged");
    match &question.kind {
        QuestionKind::Predict { exact } => {
            let (_, next) = run.next_expansion().expect("a step to predict");
            assert!(judge(Answer::Cell(next)).is_right(), "{context}: {next}");
            assert!(
                !judge(Answer::Cell(outside)).is_right(),
                "{context}: {outside}"
            );
            // A question about the tie rule must have ties to get wrong, and count them wrong.
            let ties: Vec<Pos> = cells(&scene.board)
                .into_iter()
                .filter(|&p| p != next)
                .filter(|&p| {
                    frontier_games::games::sandbox::predict::judge(&run, p)
                        .is_some_and(|judged| matches!(judged.verdict, Verdict::Tie { .. }))
                })
                .collect();
            if *exact {
                assert!(!ties.is_empty(), "{context}: exact, but nothing ties");
                for tie in ties {
                    assert!(!judge(Answer::Cell(tie)).is_right(), "{context}: {tie}");
                }
            } else {
                for tie in ties {
                    assert!(judge(Answer::Cell(tie)).is_right(), "{context}: {tie}");
                }
            }
        }
        QuestionKind::Lowest(_) => {
            let frontier: Vec<Pos> = cells(&scene.board)
                .into_iter()
                .filter(|&p| in_frontier(p))
                .collect();
            let right: Vec<&Pos> = frontier
                .iter()
                .filter(|&&p| judge(Answer::Cell(p)).is_right())
                .collect();
            assert!(
                !right.is_empty(),
                "{context}: no frontier cell is the lowest"
            );
            assert!(
                right.len() < frontier.len(),
                "{context}: every cell is right"
            );
            assert!(!judge(Answer::Cell(outside)).is_right(), "{context}");
        }
        QuestionKind::Joins => {
            let joined = frontier_games::games::sandbox::predict::judge_joining(&run, &[])
                .expect("a step to predict")
                .joined;
            assert!(!joined.is_empty(), "{context}: nothing joins");
            assert!(judge(Answer::Cells(&joined)).is_right(), "{context}");
            assert!(
                !judge(Answer::Cells(&joined[1..])).is_right(),
                "{context}: one missed"
            );
            let mut more = joined.clone();
            more.push(outside);
            assert!(
                !judge(Answer::Cells(&more)).is_right(),
                "{context}: one too many"
            );
        }
        QuestionKind::PaintWall { solution, .. } => {
            let painted = scene.with_wall(*solution).expect("the solution is floor");
            assert!(judge(Answer::Board(&painted)).is_right(), "{context}");
            assert!(
                !judge(Answer::Board(&scene.board)).is_right(),
                "{context}: no wall"
            );
            let corner = scene.with_wall(Pos::new(0, 0)).expect("an open corner");
            assert!(
                !judge(Answer::Board(&corner)).is_right(),
                "{context}: a wall far off"
            );
        }
        QuestionKind::Choice { .. } | QuestionKind::Code => unreachable!("checked by the caller"),
    }
}

#[test]
fn every_page_reaches_its_event_and_every_question_takes_a_right_answer_and_refuses_a_wrong_one() {
    for (file, lesson) in shipped() {
        for (i, page) in lesson.pages.iter().enumerate() {
            let context = format!("{file} page {}", i + 1);
            match &page.scene {
                Some(Scene::Board(scene)) => {
                    let (run, steps) = scene.prepare().expect(&context);
                    match scene.run {
                        RunTo::Start => assert_eq!(steps, 0, "{context}"),
                        RunTo::Steps(n) => assert_eq!(steps, n, "{context}"),
                        RunTo::End => assert!(run.ended().is_some(), "{context}"),
                        RunTo::FrontierAbove(n) => assert!(run.frontier_len() > n, "{context}"),
                    }
                }
                Some(Scene::Sokoban(scene)) => {
                    let (run, _) = scene.prepare().expect(&context);
                    if scene.run == RunTo::End {
                        assert!(run.solution(&scene.level).is_some(), "{context}: unsolved");
                    }
                }
                Some(Scene::Snake(scene)) => {
                    let game = scene.prepare().expect(&context);
                    assert!(game.steps() > 0 || scene.moves == 0, "{context}");
                }
                Some(Scene::Link(scene)) => {
                    frontier_games::games::link::presets::board(&scene.preset).expect(&context);
                }
                Some(Scene::Sliding(scene)) => {
                    let steps = scene.prepare().expect(&context);
                    match scene.run {
                        RunTo::Start => assert_eq!(steps, 0, "{context}"),
                        RunTo::Steps(n) => assert_eq!(steps, n, "{context}"),
                        RunTo::End | RunTo::FrontierAbove(_) => assert!(steps > 0, "{context}"),
                    }
                }
                None => {}
            }
            let Some(question) = &page.question else {
                continue;
            };
            match (&question.kind, page.board()) {
                (QuestionKind::Choice { choices, answer }, _) => {
                    let judge = |picked| check(question, None, None, Answer::Choice(picked));
                    assert!(judge(*answer).unwrap().is_right(), "{context}");
                    let wrong = (answer + 1) % choices.len();
                    assert!(!judge(wrong).unwrap().is_right(), "{context}");
                }
                // Judged by the judge on the student's program: the programs' own test
                // (crates/script/tests/lesson_programs.rs) runs the skeleton and a solution.
                (QuestionKind::Code, _) => {
                    let told = "the judge's words";
                    let judge =
                        |follows| check(question, None, None, Answer::Code { follows, told });
                    assert!(judge(true).unwrap().is_right(), "{context}");
                    assert!(!judge(false).unwrap().is_right(), "{context}");
                }
                (_, Some(scene)) => check_board_question(&context, scene, question),
                (_, None) => panic!("{context}: a board question without a board"),
            }
        }
    }
}

const GOOD: &str = r#"id = "mine"
title = "My lesson"
language = "en"

[[page]]
title = "One"
text = "Look at the maze."
[page.board]
preset = "maze"
algorithm = "astar"
run = "step 5"
[page.question]
kind = "choice"
prompt = "Which?"
choices = ["This", "That"]
answer = 1
"#;

#[test]
fn a_broken_lesson_names_its_line_and_reason_and_loads_nothing() {
    assert!(parse_lesson(GOOD).is_ok());
    let cases: [(&str, &str, usize, &str); 8] = [
        ("algorithm = \"astar\"", "algorithm = \"best\"", 10, "best"),
        (
            "preset = \"maze\"",
            "preset = \"labyrinth\"",
            9,
            "labyrinth",
        ),
        ("run = \"step 5\"", "run = \"step five\"", 11, "step five"),
        (
            "run = \"step 5\"",
            "run = \"step 5000000\"",
            11,
            "ended after",
        ),
        ("answer = 1", "answer = 3", 16, "between 1 and 2"),
        ("kind = \"choice\"", "kind = \"essay\"", 13, "essay"),
        ("language = \"en\"", "language = \"fr\"", 3, "fr"),
        (
            "text = \"Look at the maze.\"",
            "text = \"Look\nwidth = 3",
            7,
            "",
        ),
    ];
    for (from, to, line, words) in cases {
        let broken = GOOD.replace(from, to);
        let error = parse_lesson(&broken).expect_err(to);
        assert_eq!(error.line, line, "{to}: {error}");
        let told = error.to_string();
        assert!(told.contains(&format!("line {line}")), "{told}");
        assert!(told.contains(words), "{to}: {told}");
    }
    // A paint-wall question whose own solution fails its check is refused.
    let wall = GOOD.replace(
        "kind = \"choice\"",
        "kind = \"paint-wall\"\nlonger = \"greedy\"\nshorter = \"astar\"\nsolution = [0, 0]",
    );
    let error = parse_lesson(&wall).expect_err("a failing solution");
    assert!(error.to_string().contains("solution"), "{error}");
}

#[test]
fn the_formats_pages_example_is_a_lesson_that_reads() {
    let readme = include_str!("../../../docs/formats.md");
    let start = readme
        .find("```toml\n")
        .expect("docs/formats.md has a lesson example")
        + 8;
    let example = &readme[start..];
    let example = &example[..example.find("```").expect("the block ends")];
    let lesson = parse_lesson(example).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lesson.questions(), 1);
    assert!(lesson.pages[0].board().is_some());
}

#[test]
fn the_bidirectional_lesson_shows_the_first_meeting_rule_returning_a_dearer_path() {
    let shown: Vec<(f64, f64)> = shipped()
        .iter()
        .flat_map(|(_, lesson)| lesson.pages.iter())
        .filter_map(|page| page.board().filter(|b| b.first_meeting))
        .map(|scene| {
            let (run, _) = scene.prepare().unwrap();
            let other = scene.compare.expect("shown beside a search that is right");
            let right = scene.path_cost(&scene.board, other).unwrap();
            (run.path_cost().unwrap(), right)
        })
        .collect();
    assert_eq!(
        shown,
        vec![(6.5, 4.0), (6.5, 4.0)],
        "in English and in Chinese"
    );
}

/// What a lesson counts about a search run to its end.
#[derive(Clone, Copy, Debug)]
enum Measured {
    Expanded,
    Cost,
    Moves,
    /// Different states among the expansions (fewer when some were expanded again).
    Distinct,
    /// The effective branching factor of the run (Russell and Norvig's b*).
    Branching,
    /// The goal's g when it first joined the frontier.
    GoalFirstG,
    /// The nodes the search tree keeps (S0, S1, ...) by the end of the run.
    TreeKept,
}

/// Every number a lesson states about a run, with the run that gives it: (lesson id, page
/// from 1, the search, what is counted, the number as the English page writes it).
const FACTS: &[(&str, usize, &str, Measured, &str)] = &[
    ("frontier-bfs", 5, "bfs", Measured::Expanded, "57"),
    ("frontier-bfs", 5, "bfs", Measured::Moves, "9"),
    ("dfs-bfs", 3, "dfs", Measured::Moves, "150"),
    ("dfs-bfs", 3, "bfs", Measured::Moves, "32"),
    ("dfs-bfs", 4, "dfs", Measured::Expanded, "307"),
    ("dfs-bfs", 4, "bfs", Measured::Expanded, "458"),
    ("dfs-bfs", 4, "bfs", Measured::Moves, "240"),
    ("dijkstra-terrain", 1, "bfs", Measured::Cost, "71"),
    ("dijkstra-terrain", 1, "dijkstra", Measured::Cost, "55"),
    ("dijkstra-terrain", 1, "bfs", Measured::Moves, "29"),
    ("astar-heuristics", 2, "astar", Measured::Expanded, "33"),
    ("astar-heuristics", 2, "astar", Measured::Moves, "32"),
    ("astar-heuristics", 3, "astar", Measured::Cost, "21.07"),
    ("astar-heuristics", 4, "astar", Measured::Cost, "19.90"),
    ("greedy-trap", 2, "greedy", Measured::Expanded, "255"),
    ("greedy-trap", 2, "astar", Measured::Expanded, "360"),
    ("greedy-trap", 2, "greedy", Measured::Cost, "69"),
    ("greedy-trap", 2, "astar", Measured::Cost, "45"),
    ("greedy-trap", 4, "greedy", Measured::Expanded, "255"),
    ("greedy-trap", 4, "astar", Measured::Expanded, "360"),
    ("bidirectional", 2, "bidijkstra", Measured::Expanded, "1077"),
    ("bidirectional", 2, "dijkstra", Measured::Expanded, "1215"),
    ("bidirectional", 2, "dijkstra", Measured::Cost, "66"),
    ("deepening", 2, "iddfs", Measured::Expanded, "494"),
    ("deepening", 2, "bfs", Measured::Expanded, "57"),
    ("deepening", 2, "iddfs", Measured::Moves, "9"),
    ("deepening", 4, "idastar", Measured::Expanded, "25"),
    ("deepening", 4, "astar", Measured::Expanded, "23"),
    ("sokoban-pushes", 2, "bfs-pushes", Measured::Expanded, "110"),
    (
        "sokoban-pushes",
        2,
        "bfs-moves",
        Measured::Expanded,
        "2,441",
    ),
    (
        "sokoban-pushes",
        4,
        "bfs-pushes",
        Measured::Expanded,
        "5,187",
    ),
    (
        "sokoban-pushes",
        4,
        "astar-pushes",
        Measured::Expanded,
        "12",
    ),
    ("eight-puzzle", 4, "bfs zero", Measured::Expanded, "35"),
    ("eight-puzzle", 4, "bfs zero", Measured::Moves, "5"),
    ("eight-puzzle", 5, "bfs zero", Measured::Expanded, "181,364"),
    ("eight-puzzle", 5, "bfs zero", Measured::Moves, "30"),
    (
        "eight-puzzle",
        5,
        "bibfs zero",
        Measured::Expanded,
        "12,106",
    ),
    ("visited-set", 2, "dfs zero", Measured::Moves, "114,148"),
    ("visited-set", 2, "dfs zero", Measured::Expanded, "133,549"),
    ("visited-set", 2, "bfs zero", Measured::Expanded, "1,619"),
    ("visited-set", 2, "bfs zero", Measured::Moves, "12"),
    (
        "visited-set",
        3,
        "idastar manhattan",
        Measured::Expanded,
        "31",
    ),
    (
        "visited-set",
        3,
        "astar manhattan",
        Measured::Expanded,
        "23",
    ),
    (
        "visited-set",
        4,
        "idastar manhattan",
        Measured::Expanded,
        "579",
    ),
    (
        "visited-set",
        4,
        "astar manhattan",
        Measured::Expanded,
        "749",
    ),
    ("visited-set", 4, "astar manhattan", Measured::Moves, "30"),
    (
        "visited-set",
        4,
        "iddfs zero",
        Measured::Expanded,
        "4,010,962",
    ),
    ("visited-set", 4, "bfs zero", Measured::Expanded, "181,364"),
    (
        "heuristic-design",
        2,
        "astar misplaced",
        Measured::Expanded,
        "115,158",
    ),
    (
        "heuristic-design",
        2,
        "astar manhattan",
        Measured::Expanded,
        "749",
    ),
    (
        "heuristic-design",
        3,
        "astar linear-conflict",
        Measured::Expanded,
        "440",
    ),
    (
        "heuristic-design",
        3,
        "astar linear-conflict",
        Measured::Branching,
        "1.144",
    ),
    (
        "heuristic-design",
        3,
        "astar manhattan",
        Measured::Branching,
        "1.169",
    ),
    (
        "heuristic-design",
        3,
        "astar misplaced",
        Measured::Branching,
        "1.416",
    ),
    ("heuristic-design", 4, "astar pdb", Measured::Expanded, "66"),
    (
        "heuristic-design",
        4,
        "astar pdb",
        Measured::Branching,
        "1.047",
    ),
    (
        "consistency",
        2,
        "astar inconsistent",
        Measured::Expanded,
        "5,929",
    ),
    (
        "consistency",
        2,
        "astar inconsistent",
        Measured::Distinct,
        "5,212",
    ),
    (
        "consistency",
        2,
        "astar inconsistent",
        Measured::Moves,
        "30",
    ),
    (
        "consistency",
        2,
        "astar manhattan",
        Measured::Expanded,
        "749",
    ),
    (
        "consistency",
        3,
        "astar inconsistent",
        Measured::Expanded,
        "221",
    ),
    (
        "consistency",
        3,
        "astar inconsistent",
        Measured::Distinct,
        "211",
    ),
    (
        "consistency",
        3,
        "astar inconsistent",
        Measured::Moves,
        "16",
    ),
    (
        "consistency",
        3,
        "astar manhattan",
        Measured::Expanded,
        "84",
    ),
    (
        "dijkstra-rules",
        1,
        "dijkstra",
        Measured::GoalFirstG,
        "10.07",
    ),
    (
        "dijkstra-rules",
        3,
        "dijkstra",
        Measured::GoalFirstG,
        "10.07",
    ),
    ("dijkstra-rules", 3, "dijkstra", Measured::Cost, "8.41"),
    ("dijkstra-rules", 3, "dijkstra", Measured::Expanded, "24"),
    ("dijkstra-rules", 5, "astar", Measured::Expanded, "33"),
    ("dijkstra-rules", 5, "bfs", Measured::Expanded, "732"),
    (
        "a-star-by-hand",
        4,
        "astar misplaced",
        Measured::Expanded,
        "7",
    ),
    ("a-star-by-hand", 4, "astar misplaced", Measured::Moves, "5"),
    (
        "a-star-by-hand",
        4,
        "astar misplaced",
        Measured::TreeKept,
        "14",
    ),
    ("a-star-by-hand", 4, "bfs zero", Measured::Expanded, "35"),
    (
        "a-star-by-hand",
        5,
        "astar manhattan",
        Measured::Expanded,
        "6",
    ),
];

/// `search` run to its end on the page's board or level.
fn measure(page: &frontier_games::lessons::Page, search: &str, what: Measured) -> f64 {
    use frontier_games::games::sandbox::PathAlgorithm;
    use frontier_games::games::sokoban::solver::{Detail, SokobanAlgorithm};
    match &page.scene {
        Some(Scene::Board(scene)) => {
            let algorithm = PathAlgorithm::parse(search).expect("a search the app has");
            let mut run = scene.fresh_run(&scene.board, algorithm);
            let goal = scene.board.goal;
            let mut goal_first_g = None;
            while run.ended().is_none() {
                run.next();
                if goal_first_g.is_none() {
                    goal_first_g = run.engine().node(&goal).map(|view| view.g);
                }
            }
            match what {
                Measured::Expanded => run.expansions() as f64,
                Measured::Cost => run.path_cost().expect("a path"),
                Measured::Moves => (run.path().expect("a path").len() - 1) as f64,
                Measured::GoalFirstG => goal_first_g.expect("the goal was reached"),
                Measured::Distinct | Measured::Branching | Measured::TreeKept => {
                    panic!("not counted on boards")
                }
            }
        }
        Some(Scene::Sokoban(scene)) => {
            let (algorithm, detail) = search.split_once('-').expect("search-detail");
            let mut scene = scene.clone();
            scene.algorithm = match algorithm {
                "bfs" => SokobanAlgorithm::Bfs,
                "astar" => SokobanAlgorithm::AStar,
                other => panic!("no Sokoban search {other} in the facts"),
            };
            scene.detail = if detail == "moves" {
                Detail::Moves
            } else {
                Detail::Pushes
            };
            scene.run = RunTo::End;
            let (run, _) = scene.prepare().expect("the level solves");
            assert!(matches!(what, Measured::Expanded));
            run.expansions() as f64
        }
        Some(Scene::Sliding(scene)) => {
            let (algorithm, heuristic) = search.split_once(' ').expect("search heuristic");
            // `idastar-path`: IDA* holding its path alone.
            let (algorithm, holding) = match algorithm.strip_suffix("-path") {
                Some(deepening) => (deepening, frontier_games::games::sliding::Holding::PathOnly),
                None => (algorithm, frontier_games::games::sliding::Holding::Table),
            };
            let algorithm = PathAlgorithm::parse(algorithm).expect("a search the app has");
            let heuristic = frontier_games::games::sliding::PuzzleHeuristic::parse(heuristic)
                .expect("a heuristic the puzzle has");
            if let Measured::TreeKept = what {
                use frontier_games::games::sliding::search_tree::{Kind, SearchTree};
                let problem = scene.fresh_run(algorithm, heuristic).expect("it runs");
                let mut tree = SearchTree::new(problem.problem().clone(), algorithm)
                    .expect("a search with a tree");
                tree.grow_to(usize::MAX);
                assert!(tree.end().is_some() && tree.full_at().is_none());
                return tree.nodes().iter().filter(|n| n.kind == Kind::Kept).count() as f64;
            }
            let mut run = scene
                .fresh_run_holding(algorithm, heuristic, holding)
                .expect("it runs");
            let result = run.run_to_end();
            let frontier_games::search::Outcome::Found { path, .. } = result.outcome else {
                panic!("{search}: solved");
            };
            let moves = path.len() - 1;
            match what {
                Measured::Expanded => result.expanded as f64,
                Measured::Moves => moves as f64,
                Measured::Distinct => run.visited_len() as f64,
                Measured::Branching => {
                    frontier_games::search::effective_branching_factor(result.expanded, moves)
                        .expect("a solution of some moves")
                }
                Measured::Cost | Measured::GoalFirstG | Measured::TreeKept => {
                    panic!("moves are the cost")
                }
            }
        }
        _ => panic!("a fact about a page without a search"),
    }
}

#[test]
fn every_count_a_lesson_states_is_what_the_search_gives_and_both_languages_state_it() {
    let lessons = shipped();
    for &(id, page, search, what, stated) in FACTS {
        let versions: Vec<_> = lessons.iter().filter(|(_, l)| l.id == id).collect();
        assert_eq!(versions.len(), 2, "{id} in English and Chinese");
        let value: f64 = stated.replace(',', "").parse().unwrap();
        let context = format!("{id} page {page}: {search} {what:?}");
        let got = measure(&versions[0].1.pages[page - 1], search, what);
        assert!(
            (got - value).abs() < 0.005,
            "{context}: the search gives {got}, the lesson {stated}"
        );
        for (file, lesson) in versions {
            let page = &lesson.pages[page - 1];
            let mut words = page.text.clone();
            if let Some(q) = &page.question {
                words.push_str(&q.prompt);
                words.push_str(&q.explain);
                if let QuestionKind::Choice { choices, .. } = &q.kind {
                    words.push_str(&choices.join(" "));
                }
            }
            let plain = stated.replace(',', "");
            assert!(
                words.contains(stated) || words.contains(&plain),
                "{file} page {}: does not state {stated} ({search} {what:?})",
                page.title
            );
        }
    }
}

/// The pages' text, prompt, choices and explanation of lesson `id`, page `page` (from 1), in
/// both languages.
fn page_words(id: &str, page: usize) -> Vec<(String, String)> {
    shipped()
        .into_iter()
        .filter(|(_, l)| l.id == id)
        .map(|(file, lesson)| {
            let page = &lesson.pages[page - 1];
            let mut words = page.text.clone();
            if let Some(q) = &page.question {
                words.push_str(&q.prompt);
                words.push_str(&q.explain);
                if let QuestionKind::Choice { choices, .. } = &q.kind {
                    words.push_str(&choices.join(" "));
                }
            }
            (file.to_string(), words)
        })
        .collect()
}

/// 八数码's far side: BFS from the lesson's position over every position counts what the
/// page states: none further than 30 moves, 148 at 30, 181,292 closer.
#[test]
fn the_far_positions_depths_are_what_the_lesson_states() {
    use frontier_games::games::sliding::Position;
    use std::collections::{HashMap, VecDeque};
    let lessons = shipped();
    let (_, lesson) = lessons
        .iter()
        .find(|(_, l)| l.id == "eight-puzzle")
        .unwrap();
    let Some(Scene::Sliding(scene)) = &lesson.pages[4].scene else {
        panic!("page 5 is a puzzle");
    };
    let start: Position = scene.start;
    let mut depth = HashMap::from([(start, 0u32)]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        let d = depth[&p];
        for (_, next) in p.moves() {
            depth.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    let deepest = *depth.values().max().unwrap();
    let at_deepest = depth.values().filter(|&&d| d == deepest).count();
    let closer = depth.values().filter(|&&d| d < 30).count();
    assert_eq!(
        (depth.len(), deepest, at_deepest, closer),
        (181_440, 30, 148, 181_292)
    );
    assert_eq!(depth[&scene.goal_position()], 30);
    for (file, words) in page_words("eight-puzzle", 5) {
        for stated in ["30", "148", "181,292", "181,364", "72"] {
            assert!(words.contains(stated), "{file}: {stated}");
        }
    }
    // The expansions split: those closer, then 72 at 30 with the goal the last.
    assert_eq!(181_364 - 181_292, 72);
}

/// What the heuristics say where the heuristic lesson states it: 8 and 24 on the far
/// position, and 2 for misplaced tiles plus Manhattan one move from the goal.
#[test]
fn the_heuristic_values_the_lesson_states_are_the_heuristics() {
    use frontier_games::games::sliding::{PuzzleHeuristic, SlidingProblem};
    let lessons = shipped();
    let (_, lesson) = lessons
        .iter()
        .find(|(_, l)| l.id == "heuristic-design")
        .unwrap();
    let Some(Scene::Sliding(scene)) = &lesson.pages[1].scene else {
        panic!("page 2 is a puzzle");
    };
    let goal = scene.goal_position();
    let h = |start, heuristic| {
        SlidingProblem::new(start, goal, heuristic)
            .unwrap()
            .estimate(start)
    };
    assert_eq!(h(scene.start, PuzzleHeuristic::Misplaced), 8);
    assert_eq!(h(scene.start, PuzzleHeuristic::Manhattan), 24);
    for (file, words) in page_words("heuristic-design", 2) {
        assert!(words.contains('8') && words.contains("24"), "{file}");
    }
    // Every position one move away: one tile misplaced, one cell from home.
    for (_, near) in goal.moves() {
        assert_eq!(
            h(near, PuzzleHeuristic::Misplaced) + h(near, PuzzleHeuristic::Manhattan),
            2
        );
    }
}

/// The A*-by-hand lesson's tree and tables: the tie of S4 and S5 after step 2, the order of
/// expansion, the path, and with Manhattan distance the path alone with every other node at
/// f = 7, as its pages say.
#[test]
fn the_a_star_by_hand_lessons_tree_and_tables_are_what_it_says() {
    use frontier_games::games::sliding::search_tree::{SearchTree, TreeEnd};
    let lesson = shipped()
        .into_iter()
        .find(|(_, l)| l.id == "a-star-by-hand")
        .expect("shipped")
        .1;
    let tree_of = |page: usize| {
        let Some(Scene::Sliding(scene)) = &lesson.pages[page - 1].scene else {
            panic!("a puzzle page");
        };
        let run = scene.fresh_run(scene.algorithm, scene.heuristic).unwrap();
        let mut tree = SearchTree::new(run.problem().clone(), scene.algorithm).unwrap();
        tree.grow_to(usize::MAX);
        tree
    };
    let name = |tree: &SearchTree, n: usize| tree.nodes()[n].name.unwrap();
    let misplaced = tree_of(4);
    let row = &misplaced.rows()[2];
    let front: Vec<(usize, f64)> = row.open[..2]
        .iter()
        .map(|&n| (name(&misplaced, n), misplaced.nodes()[n].value))
        .collect();
    assert_eq!(front, [(5, 5.0), (4, 5.0)]);
    let taken: Vec<usize> = misplaced.rows()[1..]
        .iter()
        .map(|r| name(&misplaced, r.taken.unwrap()))
        .collect();
    assert_eq!(taken, [0, 1, 5, 4, 9, 11, 13]);
    let Some(TreeEnd::Found { step, .. }) = misplaced.end() else {
        panic!("found");
    };
    let path: Vec<usize> = misplaced
        .path_at(step)
        .unwrap()
        .into_iter()
        .map(|n| name(&misplaced, n))
        .collect();
    assert_eq!(path, [0, 1, 4, 9, 11, 13]);
    let manhattan = tree_of(5);
    let taken: Vec<usize> = manhattan.rows()[1..]
        .iter()
        .map(|r| name(&manhattan, r.taken.unwrap()))
        .collect();
    assert_eq!(taken, [0, 1, 4, 7, 9, 11]);
    let last = manhattan.rows().last().unwrap();
    assert!(last.open.iter().all(|&n| manhattan.nodes()[n].value == 7.0));
    assert!(
        last.closed
            .iter()
            .all(|&n| manhattan.nodes()[n].value == 5.0)
    );
}

/// The inversions lesson: each position's inversions and whether it reaches its goal are
/// what its pages state, and Frontier's parity rule (which refuses a position in the Play
/// view) agrees with the rule the lesson teaches, on every position it names.
#[test]
fn the_inversions_lessons_counts_and_verdicts_are_frontiers() {
    use frontier_games::games::sliding::{Goal, Position};
    fn inversions(position: Position) -> usize {
        let tiles: Vec<u8> = position.tiles().into_iter().filter(|&t| t != 0).collect();
        (0..tiles.len())
            .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count())
            .sum()
    }
    // (page, position, inversions as stated, reaches the blank-last goal)
    let stated = [
        (1, "7 2 4 5 0 6 8 3 1", 16, true),
        (3, "8 1 2 0 4 3 7 6 5", 11, false),
        (3, "1 2 3 4 5 6 8 7 0", 1, false),
        (3, "1 2 3 4 0 6 7 5 8", 2, true),
        (4, "5 1 2 4 9 6 3 8 13 15 10 11 14 0 7 12", 24, true),
        (4, "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", 1, false),
    ];
    for (page, text, count, reaches) in stated {
        let position = Position::parse(text).unwrap();
        let side = position.side();
        assert_eq!(inversions(position), count, "{text}");
        let goal = Goal::BlankLast.position(side);
        assert_eq!(position.reaches(goal).is_ok(), reaches, "{text}");
        // The lesson's rule: parity of inversions (odd width), of inversions plus the
        // blank's row (even width), the same as the goal's.
        let key = |p: Position| {
            inversions(p)
                + if side.is_multiple_of(2) {
                    p.blank() / side
                } else {
                    0
                }
        };
        assert_eq!(key(position) % 2 == key(goal) % 2, reaches, "{text}");
        for (file, words) in page_words("inversions", page) {
            assert!(
                words.contains(&count.to_string()),
                "{file} page {page}: {count}"
            );
        }
    }
    let c = Position::parse("1 2 3 4 0 6 7 5 8").unwrap();
    assert_eq!(
        c.after("DR").unwrap(),
        Goal::BlankLast.position(3),
        "C is two moves away"
    );
    let sixteen: u64 = (1..=16).product();
    assert_eq!(sixteen, 20_922_789_888_000);
    assert_eq!(sixteen / 2, 10_461_394_944_000);
}

/// The reopening lesson: A* expands exactly 543 different positions (its 559 expansions less
/// the 16 of positions put back in OPEN), and the search that never reopens returns its 22
/// moves because a position on its path was closed with a g above its true distance.
#[test]
fn the_reopening_lessons_claims_hold_on_its_position() {
    use frontier_games::games::sandbox::PathAlgorithm;
    use frontier_games::games::sliding::{Position, PuzzleHeuristic, SlidingProblem};
    use frontier_games::search::{Algorithm, Run, Search};
    use std::collections::{HashMap, HashSet, VecDeque};
    let lesson = shipped()
        .into_iter()
        .find(|(_, l)| l.id == "reopening")
        .expect("shipped")
        .1;
    let Some(Scene::Sliding(scene)) = &lesson.pages[1].scene else {
        panic!("a puzzle page");
    };
    let (start, goal) = (scene.start, scene.goal_position());
    let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::Inconsistent).unwrap();
    let mut astar = Search::new(problem.clone(), Algorithm::AStar);
    let mut expanded = HashSet::new();
    let mut expansions = 0;
    while astar.step().is_some() {
        if let Some((_, state)) = Run::last_expanded(&astar) {
            expansions += 1;
            expanded.insert(state);
        }
    }
    assert_eq!((expansions, expanded.len()), (559, 543));
    // True distances from the start, by BFS.
    let mut distance: HashMap<Position, u32> = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for (_, next) in at.moves() {
            if !distance.contains_key(&next) {
                distance.insert(next, distance[&at] + 1);
                queue.push_back(next);
            }
        }
    }
    let never_reopens = PathAlgorithm::parse("wastar:1")
        .unwrap()
        .best_first()
        .unwrap();
    let mut search = Search::new(problem, never_reopens);
    while search.step().is_some() {}
    let path = Run::path(&search).expect("a path");
    assert_eq!(path.len() - 1, 22);
    // Before the goal (which is reached 2 moves dear, whatever happened), a position on the
    // path was already reached with a g above its true distance.
    let before_goal = &path[..path.len() - 1];
    let too_dear = before_goal
        .iter()
        .enumerate()
        .filter(|(g, state)| *g as u32 > distance[state])
        .count();
    assert!(
        too_dear > 0,
        "some position on the path was closed with too high a g"
    );
    assert_eq!(distance[&goal], 20);
}

/// The heuristics-table lesson's figures are the table the app makes (100 positions a depth,
/// seed 1, toward the goal with the blank first): means and b* at depths 12, 20 and 24, and
/// the order of the columns from depth 10 on.
#[test]
fn the_heuristics_tables_figures_are_the_tables() {
    use frontier_games::games::sliding::{Position, PuzzleHeuristic, compare_heuristics};
    let depths: Vec<usize> = (2..=24).step_by(2).collect();
    let heuristics = [
        PuzzleHeuristic::Misplaced,
        PuzzleHeuristic::Manhattan,
        PuzzleHeuristic::LinearConflict,
    ];
    let rows = compare_heuristics(
        Position::blank_first(3),
        &depths,
        100,
        1,
        &heuristics,
        None,
        |_| {},
    )
    .unwrap();
    let at = |depth: usize| rows.iter().find(|r| r.depth == depth).unwrap();
    let means = |depth: usize| -> Vec<u64> {
        at(depth)
            .cells
            .iter()
            .map(|c| c.mean.round() as u64)
            .collect()
    };
    let b = |depth: usize, i: usize| format!("{:.2}", at(depth).cells[i].b_star.unwrap());
    assert_eq!(means(12)[..2], [71, 25]);
    assert_eq!(means(20), [2560, 306, 177]);
    assert_eq!(means(24)[..2], [13_710, 1138]);
    assert_eq!([b(12, 0), b(20, 0), b(24, 0)], ["1.26", "1.39", "1.41"]);
    assert_eq!([b(12, 1), b(20, 1)], ["1.11", "1.22"]);
    for row in rows.iter().filter(|r| r.depth >= 10) {
        let [h1, h2, lc] = [row.cells[0].mean, row.cells[1].mean, row.cells[2].mean];
        assert!(h1 > h2 && h2 > lc, "depth {}", row.depth);
    }
    // b*: Manhattan's lower than misplaced tiles' from depth 6, a tie at 2 and 4.
    for row in &rows {
        let (h1, h2) = (row.cells[0].b_star, row.cells[1].b_star);
        if row.depth >= 6 {
            assert!(h2 < h1, "depth {}", row.depth);
        } else {
            assert_eq!(h1, h2, "depth {}", row.depth);
        }
    }
    for (file, words) in page_words("heuristics-table", 1) {
        assert!(words.contains("2,560") && words.contains("306"), "{file}");
    }
    for (file, words) in page_words("heuristics-table", 3) {
        assert!(words.contains("177") && words.contains("13,710"), "{file}");
        assert!(words.contains("1,138"), "{file}");
    }
}

/// The IDA*-memory lesson's memory figures: A* over 10 MiB, Frontier's IDA* with its table
/// about 51 MiB, IDA* holding its path about 12 KiB and never more than 42 positions long.
#[test]
fn the_ida_star_lessons_memory_is_what_it_says() {
    use frontier_games::games::sandbox::PathAlgorithm;
    use frontier_games::games::sliding::Holding;
    let lesson = shipped()
        .into_iter()
        .find(|(_, l)| l.id == "ida-star-memory")
        .expect("shipped")
        .1;
    let Some(Scene::Sliding(scene)) = &lesson.pages[1].scene else {
        panic!("a puzzle page");
    };
    assert_eq!(scene.holding, Holding::PathOnly);
    let mib = |bytes: usize| bytes as f64 / (1 << 20) as f64;
    let held = |search: &str, holding: Holding| {
        let algorithm = PathAlgorithm::parse(search).unwrap();
        let mut run = scene
            .fresh_run_holding(algorithm, scene.heuristic, holding)
            .unwrap();
        let (mut most, mut deepest) = (0, 0);
        while run.next().is_some() {
            if holding == Holding::PathOnly {
                most = most.max(run.memory_bytes());
                deepest = deepest.max(run.visited_len());
            }
        }
        (run.memory_bytes(), most, deepest)
    };
    let (astar, _, _) = held("astar", Holding::Table);
    let (table, _, _) = held("idastar", Holding::Table);
    let (path, most, deepest) = held("idastar", Holding::PathOnly);
    assert!(
        mib(astar) > 10.0 && mib(astar) < mib(table),
        "A* {}",
        mib(astar)
    );
    assert!((50.5..51.5).contains(&mib(table)), "table {}", mib(table));
    assert!(
        (11.0..13.0).contains(&(path as f64 / 1024.0)),
        "path {path}"
    );
    assert!(most < 16 * 1024, "at most {most} bytes along the way");
    assert_eq!(deepest, 42, "the path at its deepest: 42 positions");
    assert_eq!(406_931 - 277_648, 129_283);
    for page in [1, 2] {
        for (file, words) in page_words("ida-star-memory", page) {
            assert!(
                words.contains("10 MiB") || words.contains("12 KiB"),
                "{file}"
            );
        }
    }
}

/// The bidirectional-BFS lesson's layers: the sizes it names, 6,053 positions within 14
/// moves of the goal (and as many of the start, the goal turned round), 181,292 within 29,
/// and bidirectional BFS expanding exactly the 6,053 on each side.
#[test]
fn the_bidirectional_bfs_lessons_layers_are_the_puzzles() {
    use frontier_games::games::sliding::{
        Goal, Position, PuzzleHeuristic, SlidingProblem, positions_by_depth,
    };
    use frontier_games::search::{BiSearch, Run, Side};
    let goal = Goal::Snail.position(3);
    let layers: Vec<usize> = positions_by_depth(goal).iter().map(Vec::len).collect();
    for (depth, size) in [(0, 1), (1, 4), (6, 60), (10, 376), (15, 3084), (20, 18_612)] {
        assert_eq!(layers[depth], size, "depth {depth}");
    }
    let within = |d: usize| layers[..=d].iter().sum::<usize>();
    assert_eq!((within(14), within(29)), (6053, 181_292));
    assert_eq!(layers[30], 148);
    assert_eq!(layers.len(), 31);
    let widest = (0..layers.len()).max_by_key(|&d| layers[d]).unwrap();
    assert_eq!(
        (widest, layers[widest]),
        (22, 24_968),
        "the layers stop growing after 22"
    );
    let start = Position::parse("5 6 7 4 0 8 3 2 1").unwrap();
    let from_start: Vec<usize> = positions_by_depth(start).iter().map(Vec::len).collect();
    assert_eq!(from_start, layers, "the start's layers are the goal's");
    let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::Zero).unwrap();
    let mut search = BiSearch::with_algorithm(problem, frontier_games::search::Algorithm::Bfs);
    let (mut forward, mut backward) = (0, 0);
    while let Some(step) = search.step() {
        if step.event.is_final() {
            break;
        }
        match Run::last_expanded(&search).map(|(side, _)| side) {
            Some(Side::Forward) => forward += 1,
            Some(Side::Backward) => backward += 1,
            None => {}
        }
    }
    assert_eq!((forward, backward), (6053, 6053));
    for (file, words) in page_words("bidirectional-bfs", 3) {
        for figure in ["3,084", "18,612", "6,053", "181,292", "24,968"] {
            assert!(words.contains(figure), "{file}: {figure}");
        }
    }
}
