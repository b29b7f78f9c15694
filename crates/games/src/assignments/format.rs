//! Reading an assignment file (TOML, see docs/assignments.md): every problem is reported
//! with the line it is on, and an assignment with any problem loads nothing.

use std::ops::Range;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::instances::{PuzzleAsked, PuzzleFault, Puzzles, maze, puzzle};
use super::{Assignment, Check, Instance, Question, Test, Tier};
use crate::games::ParseError;
use crate::games::sandbox::generate::Generator;
use crate::games::sandbox::{Connectivity, Heuristic, parse_board_or_map, presets};
use crate::i18n::{Language, Message};
use crate::msg;
use crate::search::judge::Rule;

/// The most questions, and tests of one question: a file with more is a mistake.
const MAX_QUESTIONS: usize = 50;
const MAX_TESTS: usize = 100;

/// The most cells of a board a heuristic question checks every cell of.
const MAX_HEURISTIC_CELLS: usize = 250_000;

/// The expansions a test allows unless its question says.
const DEFAULT_MAX_EXPANSIONS: usize = 100_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AssignmentFile {
    id: Spanned<String>,
    title: String,
    language: Spanned<String>,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    text: String,
    #[serde(default)]
    question: Vec<Spanned<QuestionFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuestionFile {
    function: Spanned<String>,
    title: String,
    #[serde(default)]
    text: String,
    check: Spanned<String>,
    points: Spanned<f64>,
    #[serde(default)]
    starter: String,
    max_expansions: Option<Spanned<usize>>,
    #[serde(default)]
    tier: Vec<Spanned<TierFile>>,
    #[serde(default)]
    test: Vec<Spanned<TestFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TierFile {
    expansions: usize,
    points: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TestFile {
    name: String,
    #[serde(default)]
    hidden: bool,
    weight: Option<Spanned<f64>>,
    board: Option<Spanned<String>>,
    board_text: Option<Spanned<String>>,
    maze: Option<Spanned<MazeFile>>,
    puzzle: Option<Spanned<String>>,
    puzzle_depth: Option<Spanned<DepthFile>>,
    goal: Option<Spanned<String>>,
    #[serde(default)]
    diagonal: bool,
    heuristic: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MazeFile {
    generator: String,
    width: usize,
    height: usize,
    seed: u64,
    #[serde(default)]
    terrain: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DepthFile {
    depth: usize,
    seed: u64,
}

/// The line (from 1) of a byte offset in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let before = &text.as_bytes()[..offset.min(text.len())];
    before.iter().filter(|&&b| b == b'\n').count() + 1
}

/// Where things are in the file, and the positions by depth of each goal drawn from.
struct Reader<'a> {
    text: &'a str,
    puzzles: Puzzles,
}

impl Reader<'_> {
    fn at(&self, span: Range<usize>) -> usize {
        line_of(self.text, span.start)
    }

    fn bad<T>(&self, span: Range<usize>, message: Message) -> Result<T, ParseError> {
        Err(ParseError::at(self.at(span), message))
    }
}

/// Reads an assignment, building every test's problem.
pub fn parse_assignment(text: &str) -> Result<Assignment, ParseError> {
    let file: AssignmentFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map_or(0, |span| line_of(text, span.start));
        ParseError::at(
            line,
            msg!("assignment-not-toml", why = e.message().trim().to_string()),
        )
    })?;
    let mut reader = Reader {
        text,
        puzzles: Puzzles::default(),
    };
    let id = file.id.get_ref().trim();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return reader.bad(file.id.span(), msg!("lesson-bad-id"));
    }
    let language = match file.language.get_ref().as_str() {
        "en" => Language::English,
        "zh-CN" => Language::Chinese,
        other => {
            let language = other.to_string();
            return reader.bad(
                file.language.span(),
                msg!("lesson-bad-language", language = language),
            );
        }
    };
    if file.question.is_empty() || file.question.len() > MAX_QUESTIONS {
        let max = MAX_QUESTIONS;
        return Err(ParseError::whole(msg!("assignment-questions", max = max)));
    }
    let mut questions: Vec<Question> = vec![];
    for question in file.question {
        let span = question.span();
        let question = read_question(&mut reader, span.clone(), question.into_inner())?;
        if questions.iter().any(|q| q.function == question.function) {
            let function = question.function;
            return reader.bad(span, msg!("assignment-function-twice", function = function));
        }
        questions.push(question);
    }
    Ok(Assignment {
        id: id.to_string(),
        title: file.title,
        language,
        summary: file.summary,
        text: file.text,
        questions,
    })
}

/// Whether `name` can be a Python function's name.
fn is_python_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with("_frontier")
        && !matches!(name, "problem" | "search" | "frontier")
}

fn read_question(
    reader: &mut Reader,
    span: Range<usize>,
    file: QuestionFile,
) -> Result<Question, ParseError> {
    let function = file.function.get_ref().trim().to_string();
    if !is_python_name(&function) {
        return reader.bad(
            file.function.span(),
            msg!("assignment-bad-function", function = function),
        );
    }
    let points = *file.points.get_ref();
    if !(points.is_finite() && points > 0.0 && points <= 1000.0) {
        return reader.bad(file.points.span(), msg!("assignment-bad-points"));
    }
    let check = match file.check.get_ref().trim() {
        "heuristic" => {
            let mut tiers = vec![];
            for tier in &file.tier {
                let TierFile {
                    expansions,
                    points: earned,
                } = *tier.get_ref();
                if !(earned.is_finite() && earned >= 0.0 && earned <= points) {
                    return reader.bad(
                        tier.span(),
                        msg!("assignment-bad-tier", points = points.to_string()),
                    );
                }
                tiers.push(Tier {
                    expansions,
                    points: earned,
                });
            }
            if tiers.is_empty() {
                return reader.bad(span, msg!("assignment-no-tiers"));
            }
            tiers.sort_by(|a, b| b.points.total_cmp(&a.points));
            // More points for fewer expansions, else a tier is never the best one reached.
            if tiers
                .windows(2)
                .any(|pair| pair[0].expansions >= pair[1].expansions)
            {
                return reader.bad(span, msg!("assignment-tiers-order"));
            }
            Check::Heuristic { tiers }
        }
        other => match Rule::parse(other) {
            Ok(_) if !file.tier.is_empty() => {
                return reader.bad(file.tier[0].span(), msg!("assignment-tiers-on-search"));
            }
            Ok(rule) => Check::Search(rule),
            Err(_) => {
                let check = other.to_string();
                return reader.bad(
                    file.check.span(),
                    msg!("assignment-bad-check", check = check),
                );
            }
        },
    };
    if file.test.is_empty() || file.test.len() > MAX_TESTS {
        let max = MAX_TESTS;
        return reader.bad(span, msg!("assignment-tests", max = max));
    }
    let mut tests = vec![];
    for test in file.test {
        let span = test.span();
        tests.push(read_test(reader, span, test.into_inner(), &check)?);
    }
    let max_expansions = match &file.max_expansions {
        Some(max) if *max.get_ref() == 0 => {
            return reader.bad(max.span(), msg!("assignment-bad-max-expansions"));
        }
        Some(max) => *max.get_ref(),
        None => DEFAULT_MAX_EXPANSIONS,
    };
    Ok(Question {
        function,
        title: file.title,
        text: file.text,
        check,
        points,
        starter: file.starter,
        max_expansions,
        tests,
    })
}

fn read_test(
    reader: &mut Reader,
    span: Range<usize>,
    file: TestFile,
    check: &Check,
) -> Result<Test, ParseError> {
    let weight = match &file.weight {
        Some(weight) if !(weight.get_ref().is_finite() && *weight.get_ref() > 0.0) => {
            return reader.bad(weight.span(), msg!("assignment-bad-weight"));
        }
        Some(weight) => *weight.get_ref(),
        None => 1.0,
    };
    let boards = [
        file.board.is_some(),
        file.board_text.is_some(),
        file.maze.is_some(),
    ];
    let puzzles = [file.puzzle.is_some(), file.puzzle_depth.is_some()];
    let sources = boards.iter().chain(&puzzles).filter(|&&s| s).count();
    if sources != 1 {
        return reader.bad(span, msg!("assignment-one-problem"));
    }
    let instance = if boards.contains(&true) {
        if let Some(goal) = &file.goal {
            return reader.bad(goal.span(), msg!("assignment-board-goal"));
        }
        let board = read_board(reader, &file)?;
        let connectivity = if file.diagonal {
            Connectivity::Eight
        } else {
            Connectivity::Four
        };
        let heuristic = match &file.heuristic {
            Some(name) => Heuristic::parse(name.get_ref()).or_else(|why| {
                reader.bad(name.span(), msg!("assignment-bad-heuristic", why = why))
            })?,
            None => Heuristic::natural(connectivity),
        };
        if matches!(check, Check::Heuristic { .. })
            && board.width() * board.height() > MAX_HEURISTIC_CELLS
        {
            let max = MAX_HEURISTIC_CELLS;
            return reader.bad(span, msg!("assignment-board-too-big", max = max));
        }
        Instance::Board {
            board: Arc::new(board),
            connectivity,
            heuristic,
        }
    } else if file.diagonal {
        return reader.bad(span, msg!("assignment-puzzle-diagonal"));
    } else {
        read_puzzle(reader, span, &file, check)?
    };
    Ok(Test {
        name: file.name,
        hidden: file.hidden,
        weight,
        instance,
    })
}

fn read_board(
    reader: &Reader,
    file: &TestFile,
) -> Result<crate::games::sandbox::Board, ParseError> {
    if let Some(preset) = &file.board {
        let name = format!("{}.board", preset.get_ref());
        return presets::board(&name).ok_or_else(|| {
            let name = preset.get_ref().clone();
            ParseError::at(
                reader.at(preset.span()),
                msg!("lesson-no-preset", name = name),
            )
        });
    }
    if let Some(text) = &file.board_text {
        return parse_board_or_map(text.get_ref().trim()).map_err(|e| {
            let first = reader.at(text.span());
            ParseError::at(first + e.line, msg!("lesson-bad-board", why = e.message))
        });
    }
    let spanned = file.maze.as_ref().expect("a board source was found");
    let MazeFile {
        generator,
        width,
        height,
        seed,
        terrain,
    } = spanned.get_ref();
    let generator = Generator::parse(generator)
        .or_else(|why| reader.bad(spanned.span(), msg!("assignment-bad-maze", why = why)))?;
    if !(3..=256).contains(width) || !(3..=256).contains(height) {
        return reader.bad(spanned.span(), msg!("assignment-maze-size"));
    }
    Ok(maze(generator, *width, *height, *seed, *terrain))
}

/// The text of a field, if given.
fn text_of(field: &Option<Spanned<String>>) -> Option<&str> {
    field.as_ref().map(|f| f.get_ref().as_str())
}

fn read_puzzle(
    reader: &mut Reader,
    span: Range<usize>,
    file: &TestFile,
    check: &Check,
) -> Result<Instance, ParseError> {
    let asked = PuzzleAsked {
        position: text_of(&file.puzzle),
        depth: file.puzzle_depth.as_ref().map(|d| {
            let DepthFile { depth, seed } = *d.get_ref();
            (depth, seed)
        }),
        goal: text_of(&file.goal),
        heuristic: text_of(&file.heuristic),
    };
    let instance = puzzle(&mut reader.puzzles, asked).or_else(|fault| {
        let at =
            |field: &Option<Spanned<String>>| field.as_ref().map_or(span.clone(), |f| f.span());
        let depth_span = file
            .puzzle_depth
            .as_ref()
            .map_or(span.clone(), |d| d.span());
        match fault {
            PuzzleFault::Heuristic(why) => reader.bad(
                at(&file.heuristic),
                msg!("assignment-bad-heuristic", why = why),
            ),
            PuzzleFault::Goal(why) => {
                reader.bad(at(&file.goal), msg!("assignment-bad-puzzle", why = why))
            }
            PuzzleFault::Position(why) => {
                reader.bad(at(&file.puzzle), msg!("assignment-bad-puzzle", why = why))
            }
            PuzzleFault::NotEightPuzzle => reader.bad(depth_span, msg!("assignment-depth-eight")),
            PuzzleFault::TooDeep { moves, farthest } => reader.bad(
                depth_span,
                msg!("assignment-too-deep", moves = moves, farthest = farthest),
            ),
        }
    })?;
    if matches!(check, Check::Heuristic { .. }) && !instance.is_eight_puzzle_or_board() {
        return reader.bad(span, msg!("assignment-depth-eight"));
    }
    Ok(instance)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "id = \"t\"\ntitle = \"T\"\nlanguage = \"en\"\n";

    /// The message key of the error reading `body` after the head, and its line.
    fn refused(body: &str) -> (String, usize) {
        let text = format!("{HEAD}{body}");
        let error = parse_assignment(&text).expect_err("refused");
        (error.message.key().to_owned(), error.line)
    }

    const BFS: &str =
        "\n[[question]]\nfunction = \"bfs\"\ntitle = \"B\"\ncheck = \"bfs\"\npoints = 2\n";
    const HEURISTIC: &str =
        "\n[[question]]\nfunction = \"h\"\ntitle = \"H\"\ncheck = \"heuristic\"\npoints = 5\n";

    #[test]
    fn a_well_formed_assignment_reads_with_its_tests_built() {
        let body = format!(
            "{BFS}\n[[question.test]]\nname = \"m\"\nmaze = {{ generator = \"prim\", width = 11, height = 9, seed = 3 }}\n\
             \n[[question.test]]\nname = \"p\"\nhidden = true\npuzzle_depth = {{ depth = 6, seed = 2 }}\ngoal = \"snail\"\n"
        );
        let assignment = parse_assignment(&format!("{HEAD}{body}")).unwrap();
        let question = &assignment.questions[0];
        assert_eq!(question.tests.len(), 2);
        assert!(question.tests[1].hidden);
        assert_eq!(question.test_points(0), 1.0);
        assert_eq!(question.max_expansions, DEFAULT_MAX_EXPANSIONS);
    }

    #[test]
    fn mistakes_are_refused_at_their_line() {
        let test = "\n[[question.test]]\nname = \"t\"\nboard = \"maze\"\n";
        assert_eq!(
            refused(&format!(
                "{BFS}\n[[question.test]]\nname = \"t\"\nboard = \"mazee\"\n"
            )),
            ("lesson-no-preset".to_owned(), 13)
        );
        assert_eq!(
            refused(&format!("{BFS}{test}{BFS}{test}")).0,
            "assignment-function-twice"
        );
        let tier = "\n[[question.tier]]\nexpansions = 10\npoints = 1\n";
        assert_eq!(
            refused(&format!("{BFS}{tier}{test}")).0,
            "assignment-tiers-on-search"
        );
        assert_eq!(
            refused(&format!("{HEURISTIC}{test}")).0,
            "assignment-no-tiers"
        );
        let backwards = "\n[[question.tier]]\nexpansions = 10\npoints = 1\n\
                         \n[[question.tier]]\nexpansions = 100\npoints = 5\n";
        assert_eq!(
            refused(&format!("{HEURISTIC}{backwards}{test}")).0,
            "assignment-tiers-order"
        );
        assert_eq!(
            refused(&format!("{BFS}{test}goal = \"snail\"\n")).0,
            "assignment-board-goal"
        );
        let puzzle = "\n[[question.test]]\nname = \"p\"\npuzzle = \"1 2 3 4 5 6 7 0 8\"\n";
        assert_eq!(
            refused(&format!("{BFS}{puzzle}diagonal = true\n")).0,
            "assignment-puzzle-diagonal"
        );
        let deep = "\n[[question.test]]\nname = \"p\"\npuzzle_depth = { depth = 35, seed = 1 }\n";
        assert_eq!(refused(&format!("{BFS}{deep}")).0, "assignment-too-deep");
        assert_eq!(refused(BFS).0, "assignment-tests");
        assert_eq!(
            refused("\n[[question]]\nfunction = \"bfs\"\n").0,
            "assignment-not-toml"
        );
    }
}
