//! Reading a lesson file (TOML, see docs/formats.md, "Writing a lesson"): every problem is
//! reported with the line it is on, and a lesson with any problem loads nothing.

use serde::Deserialize;
use toml::Spanned;

use super::scene::{
    BoardScene, LinkScene, RunTo, Scene, SlidingScene, SlidingView, SnakeScene, SokobanScene,
    YourSearch,
};
use super::{Lesson, Page, Question, QuestionKind};
use crate::games::ParseError;
use crate::games::sandbox::{Connectivity, Heuristic, PathAlgorithm};
use crate::grid::Pos;
use crate::i18n::Language;
use crate::msg;
use crate::search::predict::Measure;

/// The most pages a lesson may have: a file with more is a mistake, not a lesson.
const MAX_PAGES: usize = 200;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    id: Spanned<String>,
    title: String,
    language: Spanned<String>,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    page: Vec<Spanned<PageFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PageFile {
    title: String,
    text: String,
    board: Option<BoardFile>,
    sokoban: Option<SokobanFile>,
    snake: Option<SnakeFile>,
    link: Option<LinkFile>,
    sliding: Option<SlidingFile>,
    question: Option<Spanned<QuestionFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    preset: Option<Spanned<String>>,
    text: Option<Spanned<String>>,
    algorithm: Spanned<String>,
    compare: Option<Spanned<String>>,
    moves: Option<Spanned<u32>>,
    heuristic: Option<Spanned<String>>,
    run: Option<Spanned<String>>,
    stop: Option<Spanned<String>>,
    program: Option<Spanned<String>>,
    check: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SokobanFile {
    preset: Option<Spanned<String>>,
    level: Option<Spanned<usize>>,
    text: Option<Spanned<String>>,
    algorithm: Spanned<String>,
    states: Option<Spanned<String>>,
    run: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SnakeFile {
    width: Spanned<usize>,
    height: Spanned<usize>,
    planner: Spanned<String>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    moves: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkFile {
    preset: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SlidingFile {
    position: Spanned<String>,
    goal: Option<Spanned<String>>,
    algorithm: Spanned<String>,
    heuristic: Option<Spanned<String>>,
    compare: Option<Spanned<String>>,
    compare_heuristic: Option<Spanned<String>>,
    run: Option<Spanned<String>>,
    view: Option<Spanned<String>>,
    holding: Option<Spanned<String>>,
    program: Option<Spanned<String>>,
    check: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuestionFile {
    kind: Spanned<String>,
    prompt: String,
    #[serde(default)]
    explain: String,
    measure: Option<Spanned<String>>,
    choices: Option<Vec<String>>,
    answer: Option<Spanned<usize>>,
    longer: Option<Spanned<String>>,
    shorter: Option<Spanned<String>>,
    solution: Option<Spanned<[i32; 2]>>,
    #[serde(default)]
    exact: bool,
}

/// The line (from 1) of a byte offset in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    // Bytes, not a str slice: an offset inside a character must not panic.
    let before = &text.as_bytes()[..offset.min(text.len())];
    before.iter().filter(|&&b| b == b'\n').count() + 1
}

/// Reads a lesson, checking every board, level, algorithm and question it names.
pub fn parse_lesson(text: &str) -> Result<Lesson, ParseError> {
    let file: LessonFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map_or(0, |span| line_of(text, span.start));
        ParseError::at(
            line,
            msg!("lesson-not-toml", why = e.message().trim().to_string()),
        )
    })?;
    let at = |span: std::ops::Range<usize>| line_of(text, span.start);
    let id = file.id.get_ref().trim();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(ParseError::at(at(file.id.span()), msg!("lesson-bad-id")));
    }
    let language = match file.language.get_ref().as_str() {
        "en" => Language::English,
        "zh-CN" => Language::Chinese,
        other => {
            return Err(ParseError::at(
                at(file.language.span()),
                msg!("lesson-bad-language", language = other.to_string()),
            ));
        }
    };
    if file.page.is_empty() {
        return Err(ParseError::whole(msg!("lesson-no-pages")));
    }
    if file.page.len() > MAX_PAGES {
        return Err(ParseError::whole(msg!(
            "lesson-too-many-pages",
            max = MAX_PAGES
        )));
    }
    let mut pages = vec![];
    for page in file.page {
        let line = at(page.span());
        let page = page.into_inner();
        pages.push(read_page(page, line, &at)?);
    }
    Ok(Lesson {
        id: id.to_string(),
        title: file.title,
        language,
        summary: file.summary,
        pages,
    })
}

fn read_page(
    page: PageFile,
    line: usize,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<Page, ParseError> {
    let scenes = [
        page.board.is_some(),
        page.sokoban.is_some(),
        page.snake.is_some(),
        page.link.is_some(),
        page.sliding.is_some(),
    ];
    if scenes.iter().filter(|&&s| s).count() > 1 {
        return Err(ParseError::at(line, msg!("lesson-two-scenes")));
    }
    let scene = if let Some(board) = page.board {
        Some(Scene::Board(read_board(board, line, at)?))
    } else if let Some(sokoban) = page.sokoban {
        Some(Scene::Sokoban(read_sokoban(sokoban, line, at)?))
    } else if let Some(snake) = page.snake {
        Some(Scene::Snake(read_snake(snake, at)?))
    } else if let Some(link) = page.link {
        Some(Scene::Link(read_link(link, at)?))
    } else if let Some(sliding) = page.sliding {
        Some(Scene::Sliding(read_sliding(sliding, line, at)?))
    } else {
        None
    };
    let question = match page.question {
        Some(question) => Some(read_question(question, scene.as_ref(), at)?),
        None => None,
    };
    Ok(Page {
        title: page.title,
        text: page.text,
        scene,
        question,
    })
}

fn bad(at: usize, message: crate::i18n::Message) -> ParseError {
    ParseError::at(at, message)
}

fn read_run(
    run: Option<Spanned<String>>,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<RunTo, ParseError> {
    match run {
        None => Ok(RunTo::Start),
        Some(run) => RunTo::parse(run.get_ref()).ok_or_else(|| {
            bad(
                at(run.span()),
                msg!("lesson-bad-run", run = run.get_ref().clone()),
            )
        }),
    }
}

fn read_algorithm(
    name: &Spanned<String>,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<PathAlgorithm, ParseError> {
    PathAlgorithm::parse(name.get_ref())
        .map_err(|why| bad(at(name.span()), msg!("lesson-bad-value", why = why)))
}

fn read_board(
    file: BoardFile,
    line: usize,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<BoardScene, ParseError> {
    let board = match (&file.preset, &file.text) {
        (Some(preset), None) => {
            let name = format!("{}.board", preset.get_ref());
            crate::games::sandbox::presets::board(&name).ok_or_else(|| {
                bad(
                    at(preset.span()),
                    msg!("lesson-no-preset", name = preset.get_ref().clone()),
                )
            })?
        }
        (None, Some(text)) => crate::games::sandbox::parse_board_or_map(text.get_ref().trim())
            .map_err(|e| {
                // The board's own line numbers count from its first row, inside the string.
                let first = at(text.span());
                bad(first + e.line, msg!("lesson-bad-board", why = e.message))
            })?,
        _ => return Err(bad(line, msg!("lesson-board-source"))),
    };
    let algorithm = read_algorithm(&file.algorithm, at)?;
    let compare = match &file.compare {
        Some(name) => Some(read_algorithm(name, at)?),
        None => None,
    };
    let connectivity = match &file.moves {
        None => Connectivity::Four,
        Some(moves) => match moves.get_ref() {
            4 => Connectivity::Four,
            8 => Connectivity::Eight,
            other => {
                return Err(bad(
                    at(moves.span()),
                    msg!("lesson-bad-moves", moves = *other),
                ));
            }
        },
    };
    let heuristic = match &file.heuristic {
        None => Heuristic::natural(connectivity),
        Some(name) => Heuristic::parse(name.get_ref())
            .map_err(|why| bad(at(name.span()), msg!("lesson-bad-value", why = why)))?,
    };
    let first_meeting = match &file.stop {
        None => false,
        Some(stop) => match stop.get_ref().as_str() {
            "first-meeting" => true,
            "proven" => false,
            other => {
                return Err(bad(
                    at(stop.span()),
                    msg!("lesson-bad-stop", stop = other.to_string()),
                ));
            }
        },
    };
    let run_line = file.run.as_ref().map_or(line, |run| at(run.span()));
    let code = read_code(file.program, file.check, line, at)?;
    let scene = BoardScene {
        first_meeting,
        code,
        board,
        algorithm,
        compare,
        connectivity,
        heuristic,
        run: read_run(file.run, at)?,
    };
    // A run that never reaches its event is a mistake in the lesson, found now.
    scene.prepare().map_err(|message| bad(run_line, message))?;
    Ok(scene)
}

/// A page's own search: `program` and `check` both, or neither.
fn read_code(
    program: Option<Spanned<String>>,
    check: Option<Spanned<String>>,
    line: usize,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<Option<YourSearch>, ParseError> {
    match (program, check) {
        (None, None) => Ok(None),
        (Some(program), Some(check)) => {
            let rule = crate::search::judge::Rule::parse(check.get_ref())
                .map_err(|why| bad(at(check.span()), msg!("lesson-bad-value", why = why)))?;
            Ok(Some(YourSearch {
                program: program.into_inner(),
                check: rule,
            }))
        }
        _ => Err(bad(line, msg!("lesson-code-fields"))),
    }
}

fn read_sliding(
    file: SlidingFile,
    line: usize,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<SlidingScene, ParseError> {
    use crate::games::sliding::{Goal, Position, PuzzleHeuristic};
    let value = |text: &Spanned<String>, why: String| {
        bad(at(text.span()), msg!("lesson-bad-value", why = why))
    };
    let start = Position::parse(file.position.get_ref())
        .map_err(|why| value(&file.position, why.to_string()))?;
    let goal = match &file.goal {
        None => Goal::BlankFirst,
        Some(goal) => match goal.get_ref().as_str() {
            "blank first" => Goal::BlankFirst,
            "blank last" => Goal::BlankLast,
            "snail" => Goal::Snail,
            text => {
                Goal::Custom(Position::parse(text).map_err(|why| value(goal, why.to_string()))?)
            }
        },
    };
    start
        .reaches(goal.position(start.side()))
        .map_err(|why| value(&file.position, why.to_string()))?;
    let heuristic = |name: &Option<Spanned<String>>| match name {
        None => Ok(PuzzleHeuristic::Manhattan),
        Some(name) => PuzzleHeuristic::parse(name.get_ref()).map_err(|why| value(name, why)),
    };
    let compare = match &file.compare {
        Some(name) => Some((
            read_algorithm(name, at)?,
            heuristic(&file.compare_heuristic)?,
        )),
        None => None,
    };
    let run_line = file.run.as_ref().map_or(line, |run| at(run.span()));
    let algorithm = read_algorithm(&file.algorithm, at)?;
    let view = match &file.view {
        None => SlidingView::Boards,
        Some(view) => {
            let chosen = match view.get_ref().as_str() {
                "boards" => SlidingView::Boards,
                "tree" => SlidingView::Tree,
                "tables" => SlidingView::Tables,
                "heuristics" => SlidingView::Heuristics,
                other => {
                    let why = format!(
                        "unknown view `{other}` (expected boards, tree, tables or heuristics)"
                    );
                    return Err(value(view, why));
                }
            };
            let draws_tree = matches!(chosen, SlidingView::Tree | SlidingView::Tables);
            if draws_tree && algorithm.best_first().is_none() {
                let why = format!(
                    "{} has no search tree: the tree and the tables are drawn for bfs, dfs, \
                     dijkstra, astar, wastar and greedy",
                    algorithm.code()
                );
                return Err(value(view, why));
            }
            chosen
        }
    };
    let holding = match &file.holding {
        None => crate::games::sliding::Holding::Table,
        Some(holding) => {
            if algorithm.deepening().is_none() {
                let why = "`holding` is for the iterative deepening searches (idastar, iddfs)";
                return Err(value(holding, why.to_owned()));
            }
            match holding.get_ref().as_str() {
                "table" => crate::games::sliding::Holding::Table,
                "path" => crate::games::sliding::Holding::PathOnly,
                other => {
                    let why = format!("unknown holding `{other}` (expected table or path)");
                    return Err(value(holding, why));
                }
            }
        }
    };
    let code = read_code(file.program, file.check, line, at)?;
    let scene = SlidingScene {
        start,
        goal,
        view,
        holding,
        code,
        algorithm,
        heuristic: heuristic(&file.heuristic)?,
        compare,
        run: read_run(file.run, at)?,
    };
    // A search that does not run on a puzzle, or a run that never reaches its event, is a
    // mistake in the lesson, found now.
    scene.prepare().map_err(|message| bad(run_line, message))?;
    Ok(scene)
}

fn read_sokoban(
    file: SokobanFile,
    line: usize,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<SokobanScene, ParseError> {
    let (level, collection, index) = match (&file.preset, &file.level, &file.text) {
        (Some(preset), Some(number), None) => {
            let name = format!("{}.xsb", preset.get_ref());
            let entries = crate::games::sokoban::presets::collection(&name).ok_or_else(|| {
                bad(
                    at(preset.span()),
                    msg!("lesson-no-preset", name = preset.get_ref().clone()),
                )
            })?;
            let entry = number
                .get_ref()
                .checked_sub(1)
                .and_then(|i| entries.into_iter().nth(i))
                .ok_or_else(|| {
                    bad(
                        at(number.span()),
                        msg!("lesson-no-level", level = *number.get_ref()),
                    )
                })?;
            let level = entry
                .level
                .map_err(|e| bad(at(preset.span()), msg!("lesson-bad-level", why = e.message)))?;
            let text = crate::games::sokoban::presets::COLLECTIONS
                .iter()
                .find(|(file, _)| *file == name)
                .map_or("", |(_, text)| text);
            (level, (name, text.to_string()), number.get_ref() - 1)
        }
        (None, None, Some(text)) => {
            let level = crate::games::sokoban::level::parse_level(text.get_ref()).map_err(|e| {
                bad(
                    at(text.span()) + e.line,
                    msg!("lesson-bad-level", why = e.message),
                )
            })?;
            (level, ("lesson.xsb".to_string(), text.get_ref().clone()), 0)
        }
        _ => return Err(bad(line, msg!("lesson-level-source"))),
    };
    if let Err(why) = level.check() {
        return Err(bad(line, msg!("lesson-bad-level", why = why.message())));
    }
    let algorithm = crate::games::sokoban::solver::parse_algorithm(file.algorithm.get_ref())
        .map_err(|why| {
            bad(
                at(file.algorithm.span()),
                msg!("lesson-bad-value", why = why),
            )
        })?;
    let detail = match &file.states {
        None => crate::games::sokoban::solver::Detail::Pushes,
        Some(states) => match states.get_ref().as_str() {
            "pushes" => crate::games::sokoban::solver::Detail::Pushes,
            "moves" => crate::games::sokoban::solver::Detail::Moves,
            other => {
                return Err(bad(
                    at(states.span()),
                    msg!("lesson-bad-states", states = other.to_string()),
                ));
            }
        },
    };
    let run_line = file.run.as_ref().map_or(line, |run| at(run.span()));
    let scene = SokobanScene {
        level,
        collection,
        index,
        algorithm,
        detail,
        run: read_run(file.run, at)?,
    };
    scene.prepare().map_err(|message| bad(run_line, message))?;
    Ok(scene)
}

fn read_snake(
    file: SnakeFile,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<SnakeScene, ParseError> {
    let planner = crate::games::snake::play::Planner::parse(file.planner.get_ref())
        .map_err(|why| bad(at(file.planner.span()), msg!("lesson-bad-value", why = why)))?;
    let scene = SnakeScene {
        width: *file.width.get_ref(),
        height: *file.height.get_ref(),
        planner,
        seed: file.seed,
        moves: file.moves,
    };
    scene
        .prepare()
        .map_err(|message| bad(at(file.width.span()), message))?;
    Ok(scene)
}

fn read_link(
    file: LinkFile,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<LinkScene, ParseError> {
    let name = format!("{}.link", file.preset.get_ref());
    crate::games::link::presets::board(&name).map_err(|_| {
        bad(
            at(file.preset.span()),
            msg!("lesson-no-preset", name = file.preset.get_ref().clone()),
        )
    })?;
    Ok(LinkScene { preset: name })
}

fn read_question(
    question: Spanned<QuestionFile>,
    scene: Option<&Scene>,
    at: &dyn Fn(std::ops::Range<usize>) -> usize,
) -> Result<Question, ParseError> {
    let line = at(question.span());
    let question = question.into_inner();
    let kind_line = at(question.kind.span());
    let board = match scene {
        Some(Scene::Board(board)) => Some(board),
        _ => None,
    };
    let needs_board = || bad(kind_line, msg!("lesson-question-needs-board"));
    let kind = match question.kind.get_ref().as_str() {
        "predict" => {
            let board = board.ok_or_else(needs_board)?;
            if board.compare.is_some() {
                return Err(bad(kind_line, msg!("lesson-question-one-run")));
            }
            QuestionKind::Predict {
                exact: question.exact,
            }
        }
        "joins" => {
            let board = board.ok_or_else(needs_board)?;
            if board.compare.is_some() {
                return Err(bad(kind_line, msg!("lesson-question-one-run")));
            }
            QuestionKind::Joins
        }
        "lowest" => {
            board.ok_or_else(needs_board)?;
            let measure = match question.measure.as_ref().map(|m| m.get_ref().as_str()) {
                Some("f") | None => Measure::F,
                Some("g") => Measure::G,
                Some("h") => Measure::H,
                Some(other) => {
                    let span = question.measure.as_ref().map_or(line, |m| at(m.span()));
                    return Err(bad(
                        span,
                        msg!("lesson-bad-measure", measure = other.to_string()),
                    ));
                }
            };
            QuestionKind::Lowest(measure)
        }
        "choice" => {
            let choices = question.choices.unwrap_or_default();
            if choices.len() < 2 {
                return Err(bad(line, msg!("lesson-few-choices")));
            }
            let answer = question
                .answer
                .ok_or_else(|| bad(line, msg!("lesson-no-answer")))?;
            let index = answer.get_ref().wrapping_sub(1);
            if index >= choices.len() {
                return Err(bad(
                    at(answer.span()),
                    msg!("lesson-answer-out-of-range", count = choices.len()),
                ));
            }
            QuestionKind::Choice {
                choices,
                answer: index,
            }
        }
        "paint-wall" => {
            let board = board.ok_or_else(needs_board)?;
            let (Some(longer), Some(shorter), Some(solution)) =
                (&question.longer, &question.shorter, &question.solution)
            else {
                return Err(bad(line, msg!("lesson-paint-wall-fields")));
            };
            let longer = read_algorithm(longer, at)?;
            let shorter = read_algorithm(shorter, at)?;
            let [x, y] = *solution.get_ref();
            let kind = QuestionKind::PaintWall {
                longer,
                shorter,
                solution: Pos::new(x, y),
            };
            // The lesson's own answer must pass its own check.
            let painted = board.with_wall(Pos::new(x, y));
            let passes = painted
                .as_ref()
                .map(|painted| super::check::paint_wall(board, painted, longer, shorter).is_right())
                .unwrap_or(false);
            if !passes {
                return Err(bad(at(solution.span()), msg!("lesson-solution-fails")));
            }
            kind
        }
        "code" => {
            let code = match scene {
                Some(Scene::Board(board)) => board.code.as_ref(),
                Some(Scene::Sliding(sliding)) => sliding.code.as_ref(),
                _ => None,
            };
            if code.is_none() {
                return Err(bad(kind_line, msg!("lesson-code-question-needs-program")));
            }
            QuestionKind::Code
        }
        other => {
            return Err(bad(
                kind_line,
                msg!("lesson-bad-question-kind", kind = other.to_string()),
            ));
        }
    };
    Ok(Question {
        prompt: question.prompt,
        explain: question.explain,
        kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r#"
id = "tiny"
title = "Tiny"
language = "en"

[[page]]
title = "One"
text = "Hello"
"#;

    #[test]
    fn a_minimal_lesson_reads() {
        let lesson = parse_lesson(MINIMAL).unwrap();
        assert_eq!(lesson.id, "tiny");
        assert_eq!(lesson.pages.len(), 1);
        assert!(lesson.pages[0].scene.is_none());
    }

    #[test]
    fn errors_name_the_line_they_are_on() {
        let broken = MINIMAL.replace(
            "text = \"Hello\"",
            "text = \"Hello\"\n[page.board]\npreset = \"maze\"\nalgorithm = \"astr\"",
        );
        let e = parse_lesson(&broken).unwrap_err();
        assert_eq!(e.line, 11, "{e}");
        assert!(e.to_string().contains("astr"), "{e}");
        let unknown = MINIMAL.replace("title = \"One\"", "title = \"One\"\ncolour = 3");
        let e = parse_lesson(&unknown).unwrap_err();
        assert_eq!(e.line, 8, "{e}");
        let not_toml = MINIMAL.replace("id = \"tiny\"", "id = tiny");
        assert_eq!(parse_lesson(&not_toml).unwrap_err().line, 2);
    }
}
