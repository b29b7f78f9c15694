//! `frontier assignment` (a teacher's file checked, the starter file written, the shipped
//! ones listed) and `frontier grade` (a class's submissions graded on every core, into a
//! report, a CSV and Gradescope's results.json).
//!
//! Exit codes: 0 everything passed (check) or was graded (grade), 1 a reference solution
//! lost points, 2 bad input.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use frontier_script::{Graded, Tests, grade, points};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::Status;
use super::args::{Args, number};
use crate::assignments::{Assignment, Check, Instance, parse_assignment, shipped};
use crate::files::{read_text, write_text};
use crate::games::sandbox::{GridProblem, Heuristic};
use crate::games::sliding::{PuzzleHeuristic, SlidingProblem};
use crate::i18n::{Language, set_language};
use crate::search::{Algorithm, Outcome, Search};
use crate::tr;

/// The most threads `--jobs` starts.
const MAX_JOBS: usize = 256;

pub fn assignment(mut args: Args) -> Status {
    let outcome = match args.positional("check, starter or list").as_deref() {
        Ok("check") => check(&mut args),
        Ok("starter") => starter(&mut args),
        Ok("list") => args.finish().map(|()| {
            for (file, text) in shipped::ASSIGNMENTS {
                if let Ok(assignment) = parse_assignment(text) {
                    say!("{file}\t{}\t{}", assignment.id, assignment.title);
                }
            }
            Status::Success
        }),
        Ok(other) => Err(format!(
            "unknown `frontier assignment {}`: expected check, starter or list",
            crate::files::quote(other)
        )),
        Err(e) => Err(e.clone()),
    };
    outcome.unwrap_or_else(Status::BadInput)
}

/// The assignment `name` names: a file, else a shipped assignment's id in `language`.
fn load(name: &str, language: Option<Language>) -> Result<Assignment, String> {
    let path = Path::new(name);
    let text = if path.exists() || name.ends_with(".toml") {
        read_text(path)?
    } else {
        let tag = language.unwrap_or(Language::English).tag();
        shipped::text(name, tag)
            .ok_or_else(|| {
                format!("no assignment file `{name}`, and no shipped assignment of that id (frontier assignment list)")
            })?
            .to_owned()
    };
    parse_assignment(&text).map_err(|e| format!("{name}: {e}"))
}

fn language_option(args: &mut Args) -> Result<Option<Language>, String> {
    args.parsed("--language", |tag| match tag {
        "en" => Ok(Language::English),
        "zh-CN" => Ok(Language::Chinese),
        other => Err(format!("unknown language `{other}` (expected en or zh-CN)")),
    })
}

fn starter(args: &mut Args) -> Result<Status, String> {
    let language = language_option(args)?;
    let name = args.positional("ASSIGNMENT (a file or a shipped id)")?;
    args.finish()?;
    let assignment = load(&name, language)?;
    say!("{}", assignment.starter_file().trim_end());
    Ok(Status::Success)
}

/// Checks a teacher's file: it loads, every test's problem is said, heuristic questions'
/// tiers are set beside what Frontier's own heuristics score, and a reference solution,
/// if given, scores full marks.
fn check(args: &mut Args) -> Result<Status, String> {
    let language = language_option(args)?;
    let reference = args.option("--reference")?;
    let name = args.positional("ASSIGNMENT (a file or a shipped id)")?;
    args.finish()?;
    let assignment = load(&name, language)?;
    set_language(assignment.language);
    let questions = match assignment.questions.len() {
        1 => "1 question".to_owned(),
        n => format!("{n} questions"),
    };
    say!(
        "{}: {questions}, {} points",
        assignment.id,
        points(assignment.points())
    );
    for question in &assignment.questions {
        let check = match &question.check {
            Check::Search(rule) => rule.code().to_owned(),
            Check::Heuristic { .. } => "heuristic".to_owned(),
        };
        say!(
            "  {} ({check}, {} points): {}",
            question.function,
            points(question.points),
            question.title
        );
        let defined = format!("def {}(", question.function);
        if !question.starter.trim().is_empty() && !question.starter.contains(&defined) {
            say!(
                "    warning: the starter has no `{defined}...`: students start without the function"
            );
        }
        for test in &question.tests {
            let hidden = if test.hidden { " [hidden]" } else { "" };
            let unreachable = if reaches_goal(&test.instance) {
                ""
            } else {
                " (no path: a function that returns None passes it)"
            };
            say!(
                "    {}{hidden}: {}{unreachable}",
                test.name,
                test.instance.describe()
            );
        }
        if let Check::Heuristic { tiers } = &question.check {
            for tier in tiers {
                say!(
                    "    tier: at most {} expansions in all earns {}",
                    tier.expansions,
                    points(tier.points)
                );
            }
            for (name, expansions) in peer_expansions(question) {
                say!(
                    "    A* with {name}: {expansions} expansions in all, earning {}",
                    points(question.tier_points(expansions))
                );
            }
        }
    }
    let Some(reference) = reference else {
        return Ok(Status::Success);
    };
    let source = read_submission(Path::new(&reference))?;
    let graded = grade(&assignment, &source, Tests::All);
    say!("{}", report(&reference, &graded).trim_end());
    Ok(if graded.score() + 1e-9 >= assignment.points() {
        say!("the reference solution scores full marks");
        Status::Success
    } else {
        Status::Failure
    })
}

/// Whether the test's problem has a path to its goal.
fn reaches_goal(instance: &Instance) -> bool {
    match instance {
        Instance::Board { .. } => instance.grid_problem().is_some_and(|problem| {
            let outcome = Search::new(problem, Algorithm::Bfs).run().outcome;
            matches!(outcome, Outcome::Found { .. })
        }),
        // A position that loads reaches its goal (its parity was checked).
        Instance::Puzzle { .. } => true,
    }
}

/// What A* expands over a heuristic question's tests with each of Frontier's own
/// admissible heuristics, for setting its tiers.
fn peer_expansions(question: &crate::assignments::Question) -> Vec<(&'static str, usize)> {
    let names = [
        "zero",
        "misplaced",
        "manhattan",
        "linear-conflict",
        "chebyshev",
        "octile",
    ];
    names
        .into_iter()
        .filter_map(|name| {
            let total: Option<usize> = (question.tests.iter())
                .map(|test| astar_with(name, &test.instance))
                .sum();
            total.map(|total| (name, total))
        })
        .collect()
}

/// A*'s expansions on `instance` with Frontier's heuristic `name`, if it has one of that
/// name there and it is admissible.
fn astar_with(name: &str, instance: &Instance) -> Option<usize> {
    match instance {
        Instance::Board {
            board,
            connectivity,
            ..
        } => {
            let heuristic = Heuristic::parse(name).ok()?;
            if !heuristic.is_admissible(*connectivity, board.min_cost()) {
                return None;
            }
            let problem = GridProblem::new(board.clone(), *connectivity, heuristic);
            Some(Search::new(problem, Algorithm::AStar).run().expanded)
        }
        Instance::Puzzle { start, goal, .. } => {
            let heuristic = PuzzleHeuristic::parse(name).ok()?;
            let problem = SlidingProblem::new(*start, *goal, heuristic).ok()?;
            Some(Search::new(problem, Algorithm::AStar).run().expanded)
        }
    }
}

/// The most of a submission read: a program is a few KB; past this it is cut (and then
/// fails as Python), so one huge file cannot take the batch's memory.
const MAX_SUBMISSION_BYTES: u64 = 1 << 20;

/// A submission's text: not UTF-8, or too long, it is read as far as it goes, said on
/// stderr (it then fails as Python, not the batch).
fn read_submission(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut bytes = vec![];
    file.take(MAX_SUBMISSION_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_SUBMISSION_BYTES {
        bytes.truncate(MAX_SUBMISSION_BYTES as usize);
        eprintln!(
            "{}: longer than 1 MB, graded as far as that",
            path.display()
        );
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(not_utf8) => {
            eprintln!("{}: not UTF-8, graded as far as it reads", path.display());
            String::from_utf8_lossy(not_utf8.as_bytes()).into_owned()
        }
    })
}

/// The submissions named: files, and every `.py` file of each folder named, in order.
fn submissions(named: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut files = vec![];
    for name in named {
        let path = PathBuf::from(name);
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(&path)
                .map_err(|e| format!("{name}: {e}"))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "py"))
                .collect();
            found.sort();
            files.extend(found);
        } else if path.is_file() {
            files.push(path);
        } else {
            return Err(format!(
                "no submission `{name}` (a .py file or a folder of them)"
            ));
        }
    }
    if files.is_empty() {
        return Err("no submissions to grade: name .py files or folders holding them".into());
    }
    Ok(files)
}

pub fn grade_command(mut args: Args) -> Status {
    run_grade(&mut args).unwrap_or_else(Status::BadInput)
}

fn run_grade(args: &mut Args) -> Result<Status, String> {
    let language = language_option(args)?;
    let csv_file = args.option("--csv")?;
    let gradescope = args.option("--gradescope")?;
    let reports = args.option("--reports")?;
    let jobs = match args.parsed("--jobs", number::<usize>)? {
        Some(0) => return Err("--jobs must be at least 1".into()),
        Some(n) => n.min(MAX_JOBS),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let name = args.positional("ASSIGNMENT (a file or a shipped id)")?;
    let mut named = vec![];
    while let Ok(word) = args.positional("SUBMISSION.py") {
        named.push(word);
    }
    args.finish()?;
    let assignment = load(&name, language)?;
    let files = submissions(&named)?;
    if gradescope.is_some() && files.len() != 1 {
        return Err(format!(
            "--gradescope writes one submission's results.json (Gradescope grades one at a time); {} submissions were named",
            files.len()
        ));
    }
    let language = language.unwrap_or(assignment.language);
    let sources = files
        .iter()
        .map(|file| read_submission(file))
        .collect::<Result<Vec<String>, String>>()?;

    let shown = files.len() > 1 && std::io::stderr().is_terminal();
    let bar = if shown {
        let bar =
            ProgressBar::with_draw_target(Some(files.len() as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:40} {pos}/{len} submissions, {elapsed} (about {eta} left)",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("cannot start {jobs} threads: {e}"))?;
    let began = std::time::Instant::now();
    let (sender, results) = std::sync::mpsc::channel();
    let mut graded: BTreeMap<usize, Graded> = BTreeMap::new();
    std::thread::scope(|scope| {
        let (sources, assignment) = (&sources, &assignment);
        scope.spawn(move || {
            pool.install(|| {
                (0..sources.len())
                    .into_par_iter()
                    .for_each_with(sender, |sender, i| {
                        // Messages are per thread: each grader speaks the assignment's language.
                        set_language(language);
                        let _ = sender.send((i, grade(assignment, &sources[i], Tests::All)));
                    })
            })
        });
        for (i, result) in results {
            graded.insert(i, result);
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    let elapsed = began.elapsed();
    set_language(language);

    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    if files.len() == 1 {
        say!("{}", report(&names[0], &graded[&0]).trim_end());
    } else {
        for (i, name) in names.iter().enumerate() {
            say!("{}", summary_line(name, &graded[&i]));
        }
    }
    let count = match files.len() {
        1 => "1 submission".to_owned(),
        n => format!("{n} submissions"),
    };
    eprintln!(
        "graded {count} in {:.1} s ({:.2} s each, {jobs} {})",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() / files.len() as f64,
        if jobs == 1 { "thread" } else { "threads" }
    );
    if let Some(folder) = reports {
        std::fs::create_dir_all(&folder).map_err(|e| format!("{folder}: {e}"))?;
        for (i, file) in files.iter().enumerate() {
            let out = Path::new(&folder).join(report_name(file, i));
            write_text(&out, &report(&names[i], &graded[&i]))?;
        }
    }
    if let Some(out) = csv_file {
        write_text(Path::new(&out), &csv_text(&names, &graded)?)?;
    }
    if let Some(out) = gradescope {
        write_text(Path::new(&out), &gradescope_json(&assignment, &graded[&0]))?;
    }
    Ok(Status::Success)
}

/// The report's file name for submission `file` (number `index`): its path as named, its
/// separators made dashes, so that `a/hw.py` and `b/hw.py` get a report each.
fn report_name(file: &Path, index: usize) -> String {
    let named = file.with_extension("").display().to_string();
    let name: String = named
        .trim_start_matches(['.', '/', '\\'])
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | ':') {
                '-'
            } else {
                c
            }
        })
        .collect();
    if name.is_empty() {
        format!("submission-{index}.txt")
    } else {
        format!("{name}.txt")
    }
}

/// One line a submission: its score and each question's.
fn summary_line(name: &str, graded: &Graded) -> String {
    let questions: Vec<String> = graded
        .questions
        .iter()
        .map(|q| format!("{} {}/{}", q.function, points(q.score), points(q.max_score)))
        .collect();
    format!(
        "{name}\t{}/{}\t{}",
        points(graded.score()),
        points(graded.max_score()),
        questions.join("  ")
    )
}

/// A submission's report: each question's score and message, each test's outcome.
pub fn report(name: &str, graded: &Graded) -> String {
    let mut text = format!(
        "{name}: {} / {}\n",
        points(graded.score()),
        points(graded.max_score())
    );
    for question in &graded.questions {
        text.push_str(&format!(
            "\n{} ({}): {} / {} {}\n  {}\n",
            question.function,
            question.title,
            points(question.score),
            points(question.max_score),
            question.status.code(),
            question.message
        ));
        for test in &question.tests {
            text.push_str(&format!("  {}\n", test_line(test)));
        }
    }
    text
}

/// A test's outcome in a line: ok or FAIL, its name (marked when hidden), its message.
fn test_line(test: &frontier_script::TestGraded) -> String {
    let mark = if test.passed {
        tr!("grade-report-ok")
    } else {
        tr!("grade-report-fail")
    };
    let hidden = if test.hidden {
        format!(" {}", tr!("grade-report-hidden"))
    } else {
        String::new()
    };
    format!("{mark} {}{hidden}: {}", test.name, test.message)
}

/// The CSV: a row per submission and question.
fn csv_text(names: &[String], graded: &BTreeMap<usize, Graded>) -> Result<String, String> {
    // RFC 4180's line ends, which every spreadsheet reads.
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(vec![]);
    let failed = |e: csv::Error| e.to_string();
    writer
        .write_record([
            "submission",
            "question",
            "score",
            "max_score",
            "status",
            "message",
        ])
        .map_err(failed)?;
    for (i, name) in names.iter().enumerate() {
        for question in &graded[&i].questions {
            writer
                .write_record([
                    name.as_str(),
                    question.function.as_str(),
                    &points(question.score),
                    &points(question.max_score),
                    question.status.code(),
                    question.message.as_str(),
                ])
                .map_err(failed)?;
        }
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// Gradescope's results.json: a test a question, its output the question's message and
/// each test's outcome.
fn gradescope_json(assignment: &Assignment, graded: &Graded) -> String {
    let tests: Vec<serde_json::Value> = graded
        .questions
        .iter()
        .map(|question| {
            let mut output = question.message.clone();
            for test in &question.tests {
                output.push_str(&format!("\n{}", test_line(test)));
            }
            serde_json::json!({
                "name": format!("{}: {}", question.function, question.title),
                "score": question.score,
                "max_score": question.max_score,
                "status": if question.score + 1e-9 >= question.max_score { "passed" } else { "failed" },
                "output": output,
            })
        })
        .collect();
    let results = serde_json::json!({
        "score": graded.score(),
        "output": format!("{}: {} / {}", assignment.title, points(graded.score()), points(graded.max_score())),
        "tests": tests,
    });
    serde_json::to_string_pretty(&results).unwrap_or_default()
}
