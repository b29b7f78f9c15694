//! Frontier's engine: every search as a resumable iterator that yields one expansion at a
//! time, with its frontier and visited set in view (`search`), on the grid most of them
//! walk (`grid`). It knows nothing of games or of the GUI: the crates above it do.

pub mod grid;
pub mod search;
pub mod text;
