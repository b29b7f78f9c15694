//! The search tree and the OPEN and CLOSED tables of a search of the puzzle, drawn the way
//! the textbooks and their exams draw them (`record`: the run recorded node by node;
//! `layout`: where each node goes; `drawing`: the tree as a sketch; `open_closed`: the
//! tables as Markdown and as a sketch).

mod drawing;
mod layout;
mod open_closed;
mod record;
mod wording;

pub use drawing::{BOARD, ROW_HEIGHT, SLOT_WIDTH, TreeWording, board_corner, tree_sketch};
pub use layout::{Place, TreeLayout};
pub use open_closed::{TablesWording, row_cells, tables_markdown, tables_sketch};
pub use record::{
    Kind, MAX_TREE_NODES, NoTree, Ranked, SearchTree, TableRow, TreeEnd, TreeNode, trim,
};
pub use wording::{heuristic_letter, search_name, tables_wording, tree_wording};
