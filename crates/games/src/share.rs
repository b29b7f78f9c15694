//! A view of the app in a link: the board (or Sokoban level, or lesson page), the search, its
//! options and the step, in the part of a URL after `#`, so that a teacher can send exactly
//! what the class should see. The view is written as RON, deflated, and spelled in URL-safe
//! base64 after a version mark: `https://…/#v1.…`. Reading a link back checks all of it: a
//! link that is not Frontier's, is cut short, or names a board or search that does not read
//! is refused with a message that says which.
//!
//! ```
//! use frontier_games::games::sandbox::Board;
//! use frontier_games::share::{self, Opened, View};
//! let view = View::Board {
//!     board: Board::new(3, 1).to_text(),
//!     search: "bfs".into(),
//!     heuristic: "manhattan".into(),
//!     diagonal: false,
//!     step: 2,
//!     compare: None,
//!     program: None,
//! };
//! let link = share::link("https://example.org/frontier/", &view);
//! let Ok(Opened::Board { board, step, .. }) = share::open(&link) else { panic!() };
//! assert_eq!((board.width(), step), (3, 2));
//! assert!(share::open("https://example.org/frontier/#v1.garbage").is_err());
//! ```

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};

use crate::games::link::LinkBoard;
use crate::games::sandbox::algorithms::Shape;
use crate::games::sandbox::{Board, Connectivity, Heuristic, PathAlgorithm, parse_board_or_map};
use crate::games::sliding::{Goal, Position, PuzzleHeuristic, SlidingGame};
use crate::games::snake::play::Planner;
use crate::games::snake::{MAX_SIDE, MIN_SIDE, SnakeGame, Status as SnakeStatus};
use crate::games::sokoban::Level;
use crate::games::sokoban::level::parse_level;
use crate::games::sokoban::solver::{SokobanAlgorithm, parse_algorithm};
use crate::grid::{Dir, Grid, Pos};
use crate::i18n::Message;
use crate::{msg, tr};

/// What a link's fragment starts with: the format's version.
pub const MARK: &str = "v1.";

/// The most a link's view may inflate to (a 4096 x 4096 board is about 16 MiB of text).
const MAX_VIEW_BYTES: usize = 16 << 20;

/// A view as a link carries it: texts in the formats Frontier reads and writes (boards, XSB,
/// lessons) and the command line's names for searches and heuristics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum View {
    /// The Pathfinding tab: a board (the board format), its search (and the one compared
    /// with it, if any) and the step shown.
    Board {
        board: String,
        search: String,
        heuristic: String,
        diagonal: bool,
        step: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compare: Option<String>,
        /// The student's program, when the search is their own (`code`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        program: Option<String>,
    },
    /// The Sokoban tab: a level (XSB) to play, or, with a search, to watch solved.
    Level {
        xsb: String,
        title: String,
        search: Option<String>,
        step: usize,
    },
    /// A lesson page: a shipped lesson by its id, any other with its whole text (TOML).
    Lesson {
        id: String,
        text: Option<String>,
        page: usize,
    },
    /// The Link (连连看) tab's board.
    LinkBoard { board: String },
    /// The sliding puzzle tab: a position (tiles row by row, 0 the blank) and its goal
    /// (`snail`, `blank-first`, `blank-last` or a position) to play, or, with a search and
    /// its heuristic (and the one compared with it, if any), to watch solved to `step`.
    Puzzle {
        position: String,
        goal: String,
        search: Option<String>,
        heuristic: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compare: Option<(String, String)>,
        step: usize,
        /// The student's program, when the search is their own (`code`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        program: Option<String>,
    },
    /// The Snake tab: the board (rows of `#` and `.`), the food's seed, who steers
    /// (`player`, `classic` or `cycle`) and the moves made, a LURD letter each.
    Snake {
        walls: Vec<String>,
        seed: u64,
        pilot: String,
        moves: String,
    },
}

/// A view read from a link and checked: what the app opens.
#[derive(Clone, Debug)]
pub enum Opened {
    Board {
        board: Board,
        algorithm: PathAlgorithm,
        heuristic: Heuristic,
        connectivity: Connectivity,
        step: usize,
        compare: Option<PathAlgorithm>,
        /// The student's program, when the link carries one.
        program: Option<String>,
    },
    Level {
        level: Level,
        title: String,
        algorithm: Option<SokobanAlgorithm>,
        step: usize,
    },
    Lesson {
        id: String,
        text: Option<String>,
        page: usize,
    },
    LinkBoard(LinkBoard),
    Puzzle {
        start: Position,
        goal: Goal,
        /// The search watched and its heuristic: None to play the position.
        search: Option<(PathAlgorithm, PuzzleHeuristic)>,
        compare: Option<(PathAlgorithm, PuzzleHeuristic)>,
        step: usize,
        /// The student's program, when the link carries one.
        program: Option<String>,
    },
    Snake {
        walls: Grid<bool>,
        seed: u64,
        /// The planner steering, None for the player.
        planner: Option<Planner>,
        moves: Vec<Dir>,
    },
}

/// The most moves a Snake link replays: a won game on the largest board takes about
/// 100,000 (40 x 40 cells, some 60 moves an apple).
pub const MAX_SNAKE_MOVES: usize = 1_000_000;

/// The part of the link after `#`.
pub fn fragment(view: &View) -> String {
    let text = ron::ser::to_string(view).expect("a view is plain data");
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
    format!("{MARK}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The link to `view` on the page at `page` (its address without a fragment).
pub fn link(page: &str, view: &View) -> String {
    let page = page.split('#').next().unwrap_or(page);
    format!("{page}#{}", fragment(view))
}

/// Reads the view a link (or just its fragment, with or without `#`) carries.
pub fn read(link: &str) -> Result<View, String> {
    let link = link.trim();
    let fragment = link.rsplit_once('#').map_or(link, |(_, f)| f);
    let Some(data) = fragment.strip_prefix(MARK) else {
        // Another version's mark is `v`, a number and a dot; anything else is no link of ours.
        let version = fragment.split_once('.').map(|(mark, _)| mark);
        return Err(match version {
            Some(mark)
                if mark.len() > 1
                    && mark.starts_with('v')
                    && mark[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                tr!("share-other-version", version = mark)
            }
            _ => tr!("share-not-frontier"),
        });
    };
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|e| match e {
            base64::DecodeError::InvalidByte(at, byte) => tr!(
                "share-damaged",
                why = tr!(
                    "share-stray-letter",
                    letter = crate::files::quote(&char::from(byte).to_string()),
                    at = at + 1
                )
            ),
            // A link cut anywhere but at a whole group of letters.
            _ => tr!("share-cut-short"),
        })?;
    let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_VIEW_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                tr!("share-too-large", mib = MAX_VIEW_BYTES >> 20)
            }
            _ => tr!("share-cut-short"),
        })?;
    let text = String::from_utf8(text).map_err(|_| tr!("share-cut-short"))?;
    ron::from_str(&text).map_err(|e| tr!("share-damaged", why = e.to_string()))
}

/// Reads and checks the view a link carries.
pub fn open(link: &str) -> Result<Opened, String> {
    read(link)?.check()
}

impl View {
    /// The view's texts and names read: the board parsed, the search known, and so on.
    pub fn check(self) -> Result<Opened, String> {
        let problem = |part: &str, why: String| {
            let part = match part {
                "board" => tr!("share-part-board"),
                "search" => tr!("share-part-search"),
                "heuristic" => tr!("share-part-heuristic"),
                "position" => tr!("share-part-position"),
                "goal" => tr!("share-part-goal"),
                "snake" => tr!("share-part-snake"),
                "pilot" => tr!("share-part-pilot"),
                "moves" => tr!("share-part-moves"),
                _ => tr!("share-part-level"),
            };
            tr!("share-bad-part", part = part, why = why)
        };
        Ok(match self {
            View::Board {
                board,
                search,
                heuristic,
                diagonal,
                step,
                compare,
                program,
            } => Opened::Board {
                board: parse_board_or_map(&board).map_err(|e| problem("board", e.to_string()))?,
                algorithm: PathAlgorithm::parse_saved(&search).map_err(|e| problem("search", e))?,
                heuristic: Heuristic::parse(&heuristic).map_err(|e| problem("heuristic", e))?,
                connectivity: if diagonal {
                    Connectivity::Eight
                } else {
                    Connectivity::Four
                },
                step,
                compare: compare
                    .map(|c| PathAlgorithm::parse(&c))
                    .transpose()
                    .map_err(|e| problem("search", e))?,
                program,
            },
            View::Level {
                xsb,
                title,
                search,
                step,
            } => {
                let level = parse_level(&xsb).map_err(|e| problem("level", e.to_string()))?;
                level.check().map_err(|e| problem("level", e.to_string()))?;
                Opened::Level {
                    level,
                    title,
                    algorithm: search
                        .map(|s| parse_algorithm(&s))
                        .transpose()
                        .map_err(|e| problem("search", e))?,
                    step,
                }
            }
            View::Lesson { id, text, page } => Opened::Lesson { id, text, page },
            View::LinkBoard { board } => Opened::LinkBoard(
                LinkBoard::parse(&board).map_err(|e| problem("board", e.to_string()))?,
            ),
            View::Puzzle {
                position,
                goal,
                search,
                heuristic,
                compare,
                step,
                program,
            } => {
                let start =
                    Position::parse(&position).map_err(|e| problem("position", e.to_string()))?;
                let goal = Goal::parse(&goal).map_err(|e| problem("goal", e))?;
                SlidingGame::new(start, goal.position(start.side()))
                    .map_err(|e| problem("position", e.to_string()))?;
                let heuristic =
                    PuzzleHeuristic::parse(&heuristic).map_err(|e| problem("heuristic", e))?;
                let puzzle_search = |code: &str| {
                    let search =
                        PathAlgorithm::parse_saved(code).map_err(|e| problem("search", e))?;
                    if search.descriptor().shape == Shape::Own && !search.is_your_code() {
                        let why = tr!("share-not-on-puzzle", search = search.code());
                        return Err(problem("search", why));
                    }
                    Ok(search)
                };
                let compare = match compare {
                    Some((search, heuristic)) => Some((
                        puzzle_search(&search)?,
                        PuzzleHeuristic::parse(&heuristic).map_err(|e| problem("heuristic", e))?,
                    )),
                    None => None,
                };
                Opened::Puzzle {
                    start,
                    goal,
                    search: search
                        .map(|s| puzzle_search(&s).map(|s| (s, heuristic)))
                        .transpose()?,
                    compare,
                    step,
                    program,
                }
            }
            View::Snake {
                walls,
                seed,
                pilot,
                moves,
            } => {
                let walls = snake_walls(&walls).map_err(|e| problem("snake", e))?;
                let planner = match pilot.as_str() {
                    "player" => None,
                    other => Some(Planner::parse(other).map_err(|e| problem("pilot", e))?),
                };
                let moves = snake_moves(&walls, seed, &moves).map_err(|e| problem("moves", e))?;
                Opened::Snake {
                    walls,
                    seed,
                    planner,
                    moves,
                }
            }
        })
    }
}

/// A Snake board's walls from rows of `#` (a wall) and `.`, its size within Snake's limits.
fn snake_walls(rows: &[String]) -> Result<Grid<bool>, String> {
    let (width, height) = (rows.first().map_or(0, |r| r.chars().count()), rows.len());
    let sides = MIN_SIDE..=MAX_SIDE;
    if !sides.contains(&width) || !sides.contains(&height) {
        return Err(tr!(
            "share-snake-size",
            width = width,
            height = height,
            min = MIN_SIDE,
            max = MAX_SIDE
        ));
    }
    let mut walls = Grid::new(width, height, false);
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(tr!("share-snake-ragged", row = y + 1));
        }
        for (x, cell) in row.chars().enumerate() {
            let wall = match cell {
                '#' => true,
                '.' => false,
                other => {
                    let letter = crate::files::quote(&other.to_string());
                    return Err(tr!("share-snake-cell", letter = letter, row = y + 1));
                }
            };
            walls.set(Pos::new(x as i32, y as i32), wall);
        }
    }
    Ok(walls)
}

/// The moves of a Snake link, each checked to be one the game still takes.
fn snake_moves(walls: &Grid<bool>, seed: u64, letters: &str) -> Result<Vec<Dir>, String> {
    let mut game =
        SnakeGame::new(walls.width(), walls.height(), walls, seed).map_err(|e| e.to_string())?;
    let count = letters.chars().count();
    if count > MAX_SNAKE_MOVES {
        return Err(tr!(
            "share-snake-long",
            moves = count,
            max = MAX_SNAKE_MOVES
        ));
    }
    let mut moves = Vec::with_capacity(count);
    for (i, letter) in letters.chars().enumerate() {
        let Some(dir) = Dir::from_letter(letter) else {
            let letter = crate::files::quote(&letter.to_string());
            return Err(tr!("share-snake-letter", letter = letter, at = i + 1));
        };
        if game.status() != SnakeStatus::Playing {
            return Err(tr!("share-snake-over", at = i + 1));
        }
        game.step(dir);
        moves.push(dir);
    }
    Ok(moves)
}

/// The page `tools/web/serve.sh` serves: what a link points to when no page is known. Only
/// the computer serving it can open it.
pub const LOCAL_PAGE: &str = "http://127.0.0.1:8080/";

/// The page links point to, and where that address came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkPage {
    pub url: String,
    pub source: PageSource,
}

/// Where the page links point to was learnt, from the most deliberate choice down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageSource {
    /// Typed in the app's setting, or given with `--page`.
    Chosen,
    /// The `FRONTIER_PAGE` environment variable, when the app started.
    Environment,
    /// The page the build was made for (`FRONTIER_PAGE` when it was compiled: the published
    /// site's workflow sets it to its own address).
    Build,
    /// The browser's own page: the app is there.
    ThisPage,
    /// None known: [`LOCAL_PAGE`].
    Unknown,
}

impl LinkPage {
    /// Whether others can open a link to this page: not one only this computer serves.
    pub fn others_can_open(&self) -> bool {
        self.source != PageSource::Unknown && !is_local(&self.url)
    }
}

/// Whether `url` names this computer (127.x, localhost, ::1, 0.0.0.0): a page nobody else
/// can open.
pub fn is_local(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    }
    .to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host.starts_with("127.")
        || host == "::1"
        || host == "0.0.0.0"
}

/// Checks a page address a user gave: `http://` or `https://`, a host, no spaces and no `#`
/// (the link's view goes there). The error says what is wrong.
pub fn check_page(text: &str) -> Result<String, Message> {
    let url = text.trim();
    if url.is_empty() {
        return Err(msg!("share-page-empty"));
    }
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err(msg!("share-page-not-web", page = url));
    };
    if !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
        return Err(msg!("share-page-not-web", page = url));
    }
    if rest.split(['/', '?']).next().is_none_or(str::is_empty) {
        return Err(msg!("share-page-no-host", page = url));
    }
    if url.contains(char::is_whitespace) || url.contains('#') {
        return Err(msg!("share-page-bad-letter", page = url));
    }
    Ok(url.to_string())
}

/// The page links made here point to: the one chosen (the app's setting, `--page`), else
/// the `FRONTIER_PAGE` environment variable, else the page the build was made for, else, in
/// a browser, the page itself; with none of them, [`LOCAL_PAGE`]. An address among them that
/// does not read is passed over.
pub fn link_page(chosen: Option<&str>) -> LinkPage {
    let environment = std::env::var("FRONTIER_PAGE").ok();
    let known = [
        (chosen.map(str::to_string), PageSource::Chosen),
        (environment, PageSource::Environment),
        (
            option_env!("FRONTIER_PAGE").map(str::to_string),
            PageSource::Build,
        ),
        (this_page(), PageSource::ThisPage),
    ];
    known
        .into_iter()
        .find_map(|(url, source)| {
            Some(LinkPage {
                url: check_page(&url?).ok()?,
                source,
            })
        })
        .unwrap_or(LinkPage {
            url: LOCAL_PAGE.to_string(),
            source: PageSource::Unknown,
        })
}

/// The browser's page, without its fragment; none outside a browser.
fn this_page() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    if let Some(location) = web_sys::window().map(|w| w.location())
        && let (Ok(origin), Ok(path)) = (location.origin(), location.pathname())
    {
        return Some(format!("{origin}{path}"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_view(width: usize, height: usize) -> View {
        View::Board {
            board: Board::new(width, height).to_text(),
            search: "astar".into(),
            heuristic: "manhattan".into(),
            diagonal: true,
            step: 7,
            compare: None,
            program: None,
        }
    }

    #[test]
    fn a_page_on_this_computer_is_told_from_one_others_can_open() {
        for local in [
            "http://127.0.0.1:8080/",
            "http://localhost/frontier/",
            "https://LOCALHOST:8443",
            "http://[::1]:8080/",
            "http://0.0.0.0/",
            "http://127.1.2.3/x#y",
        ] {
            assert!(is_local(local), "{local}");
        }
        for open in [
            "https://teacher.github.io/frontier/",
            "http://intranet.school.cn/frontier/index.html",
            "http://10.0.0.5:8080/",
            "https://127host.example.org/",
        ] {
            assert!(!is_local(open), "{open}");
        }
    }

    #[test]
    fn a_page_given_is_checked_and_an_unusable_one_is_passed_over() {
        assert_eq!(
            check_page(" https://example.org/f/ "),
            Ok("https://example.org/f/".into())
        );
        for (bad, key) in [
            ("  ", "share-page-empty"),
            ("example.org/f/", "share-page-not-web"),
            ("ftp://example.org/", "share-page-not-web"),
            ("https:///f/", "share-page-no-host"),
            ("https://example.org/a page/", "share-page-bad-letter"),
            ("https://example.org/#v1.x", "share-page-bad-letter"),
        ] {
            assert_eq!(check_page(bad).map_err(|m| m.key()), Err(key), "{bad}");
        }
        let chosen = link_page(Some("https://example.org/f/"));
        assert_eq!(chosen.source, PageSource::Chosen);
        assert!(chosen.others_can_open());
        // A chosen page that does not read gives way to the next one known.
        let fallback = link_page(Some("not a page"));
        assert_ne!(fallback.source, PageSource::Chosen);
        if fallback.source == PageSource::Unknown {
            assert_eq!(fallback.url, LOCAL_PAGE);
            assert!(!fallback.others_can_open());
        }
    }

    #[test]
    fn a_view_comes_back_from_its_link_whole() {
        let compared = match board_view(4, 2) {
            View::Board {
                board,
                search,
                heuristic,
                diagonal,
                step,
                ..
            } => View::Board {
                board,
                search,
                heuristic,
                diagonal,
                step,
                compare: Some("bfs".into()),
                program: None,
            },
            other => other,
        };
        let Ok(Opened::Board { compare, .. }) = compared.clone().check() else {
            panic!("a compared view opens");
        };
        assert_eq!(compare.map(|a| a.code()), Some("bfs".to_string()));
        // A student's program goes with its board, as the search named `code`.
        let program = "def search(problem):\n    return None\n".to_string();
        let with_code = match board_view(4, 2) {
            View::Board { board, .. } => View::Board {
                board,
                search: "code".into(),
                heuristic: "manhattan".into(),
                diagonal: false,
                step: 3,
                compare: None,
                program: Some(program.clone()),
            },
            other => other,
        };
        let Ok(Opened::Board {
            algorithm,
            program: opened,
            step,
            ..
        }) = open(&link("https://example.org/f/", &with_code))
        else {
            panic!("a view with a program opens");
        };
        assert!(algorithm.is_your_code());
        assert_eq!((opened, step), (Some(program), 3));
        // A link made before searches were compared in links reads as one search.
        let older = "Board(board:\"frontier-board 1\\nsize 2 1\\nstart 0 0\\ngoal 1 0\\nmap\\n..\\n\",search:\"bfs\",heuristic:\"manhattan\",diagonal:false,step:0)";
        let view: View = ron::from_str(older).expect("an older view reads");
        assert!(matches!(view, View::Board { compare: None, .. }));
        let views = [
            board_view(4, 2),
            compared,
            View::Level {
                xsb: "#####\n#@$.#\n#####\n".into(),
                title: "One push".into(),
                search: Some("astar".into()),
                step: 1,
            },
            View::Lesson {
                id: "frontier-bfs".into(),
                text: None,
                page: 3,
            },
        ];
        for view in views {
            let link = link("https://example.org/f/index.html", &view);
            assert!(
                link.starts_with("https://example.org/f/index.html#v1."),
                "{link}"
            );
            assert!(
                link.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.:/#".contains(&b)),
                "only URL-safe letters: {link}"
            );
            assert_eq!(read(&link), Ok(view.clone()));
            // The fragment alone, with or without its `#`, reads the same.
            let fragment = fragment(&view);
            assert_eq!(read(&fragment), Ok(view.clone()));
            assert_eq!(read(&format!("#{fragment}")), Ok(view));
        }
    }

    fn puzzle_view(position: &str, search: Option<&str>) -> View {
        puzzle_toward(position, "snail", search)
    }

    fn puzzle_toward(position: &str, goal: &str, search: Option<&str>) -> View {
        View::Puzzle {
            position: position.into(),
            goal: goal.into(),
            search: search.map(String::from),
            heuristic: "manhattan".into(),
            compare: None,
            step: 5,
            program: None,
        }
    }

    fn snake_view(moves: &str) -> View {
        snake_game(vec!["......".into(); 6], "cycle", moves)
    }

    fn snake_game(walls: Vec<String>, pilot: &str, moves: &str) -> View {
        View::Snake {
            walls,
            seed: 3,
            pilot: pilot.into(),
            moves: moves.into(),
        }
    }

    #[test]
    fn a_puzzle_and_a_snake_game_come_back_from_their_links() {
        let puzzle = puzzle_view("2 8 3 1 6 4 7 0 5", Some("astar"));
        assert_eq!(read(&link("https://e.org/", &puzzle)), Ok(puzzle.clone()));
        let Ok(Opened::Puzzle {
            start,
            goal,
            search,
            step,
            ..
        }) = puzzle.check()
        else {
            panic!("a puzzle view opens");
        };
        assert_eq!(start.to_string(), "2 8 3 1 6 4 7 0 5");
        assert_eq!((goal, step), (Goal::Snail, 5));
        let (algorithm, heuristic) = search.expect("a search");
        assert_eq!(
            (algorithm.code().as_str(), heuristic.code()),
            ("astar", "manhattan")
        );
        // Without a search the position is there to play.
        let play = puzzle_view("1 2 3 8 0 4 7 6 5", None).check();
        assert!(matches!(play, Ok(Opened::Puzzle { search: None, .. })));

        let snake = snake_view("rrdd");
        assert_eq!(read(&link("https://e.org/", &snake)), Ok(snake.clone()));
        let Ok(Opened::Snake {
            walls,
            seed,
            planner,
            moves,
        }) = snake.check()
        else {
            panic!("a snake view opens");
        };
        assert_eq!((walls.width(), walls.height(), seed), (6, 6, 3));
        assert_eq!(planner, Some(Planner::Cycle));
        assert_eq!(moves, [Dir::Right, Dir::Right, Dir::Down, Dir::Down]);
    }

    #[test]
    fn a_puzzle_or_snake_link_that_does_not_play_says_which_part() {
        let mut ragged = vec!["......".to_string(); 6];
        ragged[1] = "...".into();
        let cases = [
            (
                puzzle_view("2 1 3 8 0 4 7 6 5", None),
                "the position in the link does not read",
            ),
            (
                puzzle_view("1 2 3 8 0 4 7 6", None),
                "the position in the link does not read",
            ),
            (
                puzzle_view("1 2 3 8 0 4 7 6 5", Some("jps")),
                "the search in the link does not read: jps runs on the Pathfinding board only",
            ),
            (
                puzzle_toward("1 2 3 8 0 4 7 6 5", "sideways", None),
                "the goal in the link does not read",
            ),
            (
                snake_view("rrx"),
                "the list of moves in the link does not read: `x` at move 3",
            ),
            (
                snake_game(vec!["..".into(); 2], "cycle", ""),
                "the Snake board in the link does not read: it is 2 x 2 cells",
            ),
            (
                snake_game(ragged, "cycle", ""),
                "row 2 is not as long as the first",
            ),
            (
                snake_game(vec!["......".into(); 6], "autopilot", ""),
                "the planner in the link does not read",
            ),
        ];
        for (view, expected) in cases {
            let error = open(&fragment(&view)).expect_err(expected);
            assert!(error.contains(expected), "{expected}: {error}");
        }
        // Moves into the wall end the game: a move after that is no move of a game.
        let error = open(&fragment(&snake_view(&"u".repeat(12)))).expect_err("over");
        assert!(error.contains("the game is over before move"), "{error}");
    }

    #[test]
    fn a_board_view_is_checked_into_a_board_and_its_search() {
        let Ok(Opened::Board {
            board,
            algorithm,
            connectivity,
            step,
            ..
        }) = board_view(4, 2).check()
        else {
            panic!("a good view");
        };
        assert_eq!((board.width(), board.height(), step), (4, 2, 7));
        assert_eq!(algorithm.code(), "astar");
        assert_eq!(connectivity, Connectivity::Eight);
    }

    #[test]
    fn a_broken_link_is_refused_with_what_is_wrong() {
        let good = fragment(&board_view(3, 1));
        let cases = [
            ("https://example.org/", "not a Frontier link"),
            ("#v9.abc", "made by another version of Frontier (v9)"),
            ("#v1hello world.x", "not a Frontier link"),
            ("#version.x", "not a Frontier link"),
            ("#v1.***", "damaged"),
            (&good[..good.len() / 2], "cut short"),
            (
                &fragment(&View::Board {
                    board: "frontier-board 1\nsize 2 1\n".into(),
                    search: "bfs".into(),
                    heuristic: "manhattan".into(),
                    diagonal: false,
                    step: 0,
                    compare: None,
                    program: None,
                }),
                "the board in the link does not read",
            ),
            (
                &fragment(&View::Board {
                    board: Board::new(3, 1).to_text(),
                    search: "teleport".into(),
                    heuristic: "manhattan".into(),
                    diagonal: false,
                    step: 0,
                    compare: None,
                    program: None,
                }),
                "the search in the link does not read",
            ),
        ];
        for (link, expected) in cases {
            let error = open(link).expect_err(link);
            assert!(error.contains(expected), "{link}: {error}");
            assert!(error.len() < 300, "short: {error}");
        }
    }

    #[test]
    fn a_link_that_inflates_without_end_is_refused() {
        let huge = vec![b' '; MAX_VIEW_BYTES + 1];
        let packed = miniz_oxide::deflate::compress_to_vec(&huge, 9);
        let link = format!("#{MARK}{}", URL_SAFE_NO_PAD.encode(packed));
        assert!(link.len() < 100_000, "a small link: {}", link.len());
        let error = read(&link).unwrap_err();
        assert!(error.contains("more than 16 MiB"), "{error}");
    }
}
