//! Frontier's games and everything else that needs no GUI: the rules, formats and solvers
//! of each game (`games`), the lessons, the exported pictures (`render`), shared links, the
//! files users hand us and the two languages. Built on the engine (`search`, `grid`), which
//! it re-exports so that a path reads the same in every crate; the app sits on top.

pub use frontier_engine::{grid, search};

pub mod assets;
pub mod assignments;
pub mod files;
pub mod games;
pub mod history;
pub mod i18n;
pub mod judged;
pub mod lessons;
pub mod names;
pub mod palette;
pub mod render;
pub mod share;
pub mod teach;
pub mod watch;
