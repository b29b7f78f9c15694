//! Watching a run in the app: the runs, the player and the pace are `crate::watch`'s (they
//! need no GUI, so a run written elsewhere plugs into the same layer); here is the one key
//! map that drives them.

mod keys;

pub use crate::watch::*;
pub use keys::keys;
