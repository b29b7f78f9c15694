//! `frontier puzzle`: solves sliding-puzzle positions (八数码, the 15-puzzle) given on the
//! command line or one a line in a file, with the board's searches and the puzzle's
//! heuristics.

use std::path::{Path, PathBuf};

use super::Status;
use super::args::{Args, number};
use crate::files::{read_text, write_bytes};
use crate::games::sandbox::PathAlgorithm;
use crate::games::sandbox::algorithms::Shape;
use crate::games::sliding::search_tree::{
    SearchTree, tables_markdown, tables_sketch, tables_wording, tree_sketch, tree_wording,
};
use crate::games::sliding::{
    Goal, Holding, Position, PuzzleHeuristic, SlidingProblem, compare_heuristics,
    run_on_puzzle_holding,
};
use crate::i18n::{Language, set_language};
use crate::render::sketch::Sketch;
use crate::search::{Algorithm, Budget, Outcome, effective_branching_factor};
use crate::tr;

pub fn puzzle(mut args: Args) -> Status {
    match run(&mut args) {
        Ok(status) => status,
        Err(message) => Status::BadInput(message),
    }
}

/// The positions to solve: the argument itself when it reads as one, else the file it
/// names, a position a line (`#` starts a comment).
fn positions(argument: &str) -> Result<Vec<Position>, String> {
    if let Ok(position) = Position::parse(argument) {
        return Ok(vec![position]);
    }
    let path = Path::new(argument);
    if !path.exists() {
        return Position::parse(argument)
            .map(|p| vec![p])
            .map_err(String::from);
    }
    let text = read_text(path)?;
    let mut out = vec![];
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let position =
            Position::parse(line).map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))?;
        out.push(position);
    }
    if out.is_empty() {
        return Err(format!("{}: no positions in the file", path.display()));
    }
    Ok(out)
}

/// `bytes` as the output writes them: `12.3 KiB`.
fn kibibytes(bytes: usize) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

/// How the output names a goal.
fn goal_name(goal: Goal) -> &'static str {
    match goal {
        Goal::Snail => "snail",
        Goal::BlankFirst => "blank first",
        Goal::BlankLast => "blank last",
        Goal::Custom(_) => "given",
    }
}

fn run(args: &mut Args) -> Result<Status, String> {
    if args.flag("--compare-heuristics") {
        return compare(args);
    }
    let algorithm = args
        .parsed("--algo", PathAlgorithm::parse)?
        .unwrap_or(PathAlgorithm::search(Algorithm::AStar));
    let heuristic = args
        .parsed("--heuristic", PuzzleHeuristic::parse)?
        .unwrap_or(PuzzleHeuristic::LinearConflict);
    let goal = args.parsed("--goal", Goal::parse)?.unwrap_or(Goal::Snail);
    let max_expansions = args.parsed("--max-expansions", number::<usize>)?;
    let tsv = args.flag("--tsv");
    let holding = if args.flag("--path-only") {
        if !matches!(algorithm.descriptor().shape, Shape::Deepening(_)) {
            return Err(
                "--path-only is for the iterative deepening searches (idastar, iddfs): the \
                 others keep every position they reach"
                    .into(),
            );
        }
        Holding::PathOnly
    } else {
        Holding::Table
    };
    let drawings = Drawings::read(args)?;
    let argument = args.positional("POSITION (\"1 2 3 4 5 6 7 8 0\") or a FILE of positions")?;
    args.finish()?;
    let positions = positions(&argument)?;
    if drawings.wanted() {
        let [start] = positions[..] else {
            return Err("--tree and --tables draw the search of one position".into());
        };
        let problem = SlidingProblem::new(start, goal.position(start.side()), heuristic)?;
        return drawings.write(problem, algorithm);
    }
    let budget = max_expansions.map_or(Budget::UNLIMITED, |n| Budget::default().expansions(n));
    let mut all_solved = true;
    for (i, &start) in positions.iter().enumerate() {
        let goal_name = goal_name(goal);
        let goal = goal.position(start.side());
        let what = |e: String| {
            if positions.len() == 1 {
                e
            } else {
                format!("position {}: {e}", i + 1)
            }
        };
        let problem = SlidingProblem::new(start, goal, heuristic).map_err(what)?;
        let mut engine = run_on_puzzle_holding(problem, algorithm, budget, holding)?;
        let result = engine.run_to_end();
        let distinct = engine.visited_len();
        let millis = result.elapsed.as_secs_f64() * 1e3;
        let (status, length, moves) = match &result.outcome {
            Outcome::Found { path, .. } => {
                let moves = SlidingProblem::moves_of(path);
                ("solved", moves.len().to_string(), moves)
            }
            Outcome::NoPath => ("no-solution", String::new(), String::new()),
            Outcome::GaveUp(limit) => {
                all_solved = false;
                if !tsv {
                    println!("position {}: gave up: {limit}", i + 1);
                }
                ("unsolved", String::new(), String::new())
            }
        };
        if tsv {
            println!(
                "{}\t{status}\t{length}\t{}\t{millis:.3}\t{moves}",
                i + 1,
                result.expanded
            );
        } else {
            println!("position {}: {start}", i + 1);
            println!("goal: {goal} ({goal_name})");
            if algorithm.descriptor().guarantees.heuristic {
                println!("algorithm: {algorithm}, {} heuristic", heuristic.code());
            } else {
                // BFS, DFS and the like read no heuristic: naming one would mislead.
                println!("algorithm: {algorithm}");
            }
            if status == "solved" {
                println!("moves: {length}");
                println!("solution (the blank's moves): {moves}");
                if let Some(b) = effective_branching_factor(result.expanded, moves.len()) {
                    println!("effective branching factor: {b:.3}");
                }
            }
            // A deepening search keeps no record of what earlier iterations expanded.
            if matches!(algorithm.descriptor().shape, Shape::Deepening(_)) {
                println!("expanded: {}", result.expanded);
            } else {
                println!(
                    "expanded: {} (distinct positions: {distinct})",
                    result.expanded
                );
            }
            println!(
                "memory held at the end: {}",
                kibibytes(engine.memory_bytes())
            );
            println!("time: {millis:.3} ms");
        }
    }
    Ok(if all_solved {
        Status::Success
    } else {
        Status::Failure
    })
}

/// `--tree OUT.svg|.png`, `--tables OUT.md|.svg|.png`, `--step N` and `--language`: the
/// search tree and the OPEN and CLOSED tables, drawn instead of the solution printed.
struct Drawings {
    tree: Option<PathBuf>,
    tables: Option<PathBuf>,
    step: Option<usize>,
}

impl Drawings {
    fn read(args: &mut Args) -> Result<Drawings, String> {
        let drawings = Drawings {
            tree: args.option("--tree")?.map(PathBuf::from),
            tables: args.option("--tables")?.map(PathBuf::from),
            step: args.parsed("--step", number::<usize>)?,
        };
        if let Some(language) = args.parsed("--language", |tag| match tag {
            "en" => Ok(Language::English),
            "zh-CN" => Ok(Language::Chinese),
            other => Err(format!("unknown language `{other}` (expected en or zh-CN)")),
        })? {
            set_language(language);
        }
        Ok(drawings)
    }

    fn wanted(&self) -> bool {
        self.tree.is_some() || self.tables.is_some()
    }

    /// Records the search to `--step` (or its end, or as far as the tree is drawn), then
    /// writes the drawings asked for.
    fn write(&self, problem: SlidingProblem, algorithm: PathAlgorithm) -> Result<Status, String> {
        let mut tree =
            SearchTree::new(problem, algorithm).map_err(|_| tr!("sliding-tree-not-best-first"))?;
        tree.grow_to(self.step.unwrap_or(usize::MAX));
        let step = self.step.unwrap_or(usize::MAX).min(tree.recorded());
        if let Some(full) = tree.full_at().filter(|&at| at == step) {
            eprintln!(
                "{}",
                tr!("sliding-tree-full", step = full, nodes = tree.nodes().len())
            );
        }
        if let Some(path) = &self.tree {
            let sketch = tree_sketch(&tree, step, &tree_wording(&tree, algorithm, step));
            write_sketch(path, &sketch, None)?;
            println!("search tree at step {step}: {}", path.display());
        }
        if let Some(path) = &self.tables {
            let wording = tables_wording(&tree, algorithm);
            let markdown = tables_markdown(&tree, step, &wording);
            write_sketch(path, &tables_sketch(&tree, step, &wording), Some(&markdown))?;
            println!("OPEN and CLOSED tables to step {step}: {}", path.display());
        }
        Ok(Status::Success)
    }
}

/// Writes `sketch` as the file's extension says: `.svg`, `.png`, or (with `markdown`)
/// `.md`.
fn write_sketch(path: &Path, sketch: &Sketch, markdown: Option<&str>) -> Result<(), String> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let bytes = match (extension.as_str(), markdown) {
        ("svg", _) => sketch.svg().into_bytes(),
        ("png", _) => sketch.png(2.0).map_err(|m| m.to_string())?,
        ("md", Some(text)) => text.as_bytes().to_vec(),
        _ => {
            let kinds = if markdown.is_some() {
                ".md, .svg or .png"
            } else {
                ".svg or .png"
            };
            return Err(format!(
                "{}: expected a file ending {kinds}",
                path.display()
            ));
        }
    };
    write_bytes(path, &bytes)
}

/// The depths `--depths` names: `A..B` (every second depth from A, as the textbook's table
/// has them), `A..B:S` (every S-th), or a list `A,B,C`.
fn depths(text: &str) -> Result<Vec<usize>, String> {
    let wrong = || format!("`{text}`: expected A..B, A..B:STEP or a list such as 4,8,12");
    if let Some((range, step)) = text.split_once("..").map(|(a, rest)| {
        let (b, step) = rest.split_once(':').unwrap_or((rest, "2"));
        ((a, b), step)
    }) {
        let (from, to) = (number::<usize>(range.0)?, number::<usize>(range.1)?);
        let step = number::<usize>(step)?;
        if step == 0 || from > to || to > 31 {
            return Err(wrong());
        }
        return Ok((from..=to).step_by(step).collect());
    }
    let list = text
        .split(',')
        .map(|d| number::<usize>(d.trim()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| wrong())?;
    if list.is_empty() || list.iter().any(|&d| d > 31) {
        return Err(wrong());
    }
    Ok(list)
}

/// `frontier puzzle --compare-heuristics`: the textbook's table of A*'s expansions and b*
/// per solution depth, for each heuristic.
fn compare(args: &mut Args) -> Result<Status, String> {
    let depths = args
        .parsed("--depths", depths)?
        .unwrap_or_else(|| (2..=24).step_by(2).collect());
    let per_depth = args.parsed("--per-depth", number::<usize>)?.unwrap_or(100);
    if per_depth == 0 || per_depth > 100_000 {
        return Err("--per-depth: from 1 to 100000 positions a depth".to_owned());
    }
    let seed = args.parsed("--seed", number::<u64>)?.unwrap_or(1);
    let heuristics = args
        .parsed("--heuristic", |list| {
            list.split(',')
                .map(|h| PuzzleHeuristic::parse(h.trim()))
                .collect::<Result<Vec<_>, _>>()
        })?
        .unwrap_or_else(|| {
            vec![
                PuzzleHeuristic::Misplaced,
                PuzzleHeuristic::Manhattan,
                PuzzleHeuristic::LinearConflict,
                PuzzleHeuristic::PatternDatabase,
            ]
        });
    // The book's goal has the blank first.
    let goal = args
        .parsed("--goal", Goal::parse)?
        .unwrap_or(Goal::BlankFirst);
    let generated = match args.option("--count")?.as_deref() {
        None | Some("expanded") => false,
        Some("generated") => true,
        Some(other) => {
            return Err(format!(
                "--count: `{other}`: expected expanded or generated"
            ));
        }
    };
    // Iterative deepening to depth 10 by default: the book's column goes to 12, where it
    // expands millions of positions for each one.
    let ids_to = args.parsed("--ids-to", number::<usize>)?.unwrap_or(10);
    if ids_to > 14 {
        return Err("--ids-to: at most 14 (IDS expands about three times more a move)".into());
    }
    let ids_to = (ids_to > 0).then_some(ids_to);
    let tsv = args.flag("--tsv");
    args.finish()?;
    let goal = goal.position(3);
    let counted = if generated { "generated" } else { "expanded" };
    // The count asked for, and its b*.
    let shown = |c: &crate::games::sliding::Cell| {
        if generated {
            (c.generated, c.generated_b_star)
        } else {
            (c.mean, c.b_star)
        }
    };
    let mut names: Vec<&str> = heuristics.iter().map(|h| h.code()).collect();
    if ids_to.is_some() {
        // IDS's column: expansions (its generated positions are not counted).
        names.push("ids");
    }
    if tsv {
        let columns: Vec<String> = names
            .iter()
            .map(|n| format!("{n}_{counted}\t{n}_b*"))
            .collect();
        say!("depth\tinstances\t{}", columns.join("\t"));
    } else {
        say!(
            "A* on {per_depth} random positions a depth toward {goal} (seed {seed}): mean positions {counted}, and b*"
        );
        if let Some(depth) = ids_to {
            say!("ids: iterative deepening holding its path, positions expanded, to depth {depth}");
        }
        let header: Vec<String> = names.iter().map(|n| format!("{n:>24}")).collect();
        say!("{:>5}  {}", "depth", header.join(""));
    }
    compare_heuristics(goal, &depths, per_depth, seed, &heuristics, ids_to, |row| {
        let mut shown_cells: Vec<(Option<f64>, Option<f64>)> = row
            .cells
            .iter()
            .map(|c| {
                let (n, b) = shown(c);
                (Some(n), b)
            })
            .collect();
        if ids_to.is_some() {
            shown_cells.push(match row.ids {
                Some((n, b)) if !generated => (Some(n), b),
                _ => (None, None),
            });
        }
        if tsv {
            let cells: Vec<String> = shown_cells
                .iter()
                .map(|(n, b)| {
                    let n = n.map_or(String::new(), |n| format!("{n:.1}"));
                    format!("{n}\t{}", b.map_or(String::new(), |b| format!("{b:.2}")))
                })
                .collect();
            say!("{}\t{}\t{}", row.depth, row.instances, cells.join("\t"));
        } else {
            let cells: Vec<String> = shown_cells
                .iter()
                .map(|(n, b)| {
                    let n = n.map_or("-".to_owned(), |n| format!("{n:.0}"));
                    let b = b.map_or("-".to_owned(), |b| format!("{b:.2}"));
                    format!("{n:>16} {b:>7}")
                })
                .collect();
            say!("{:>5}  {}", row.depth, cells.join(""));
        }
    })?;
    Ok(Status::Success)
}
