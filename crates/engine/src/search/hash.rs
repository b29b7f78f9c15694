//! The hasher for search states: rustc's Fx hash, from the maintained `rustc-hash` crate.
//! States are hashed millions of times and never come from an adversary, so speed wins over
//! DoS resistance here.
//!
//! ```
//! use std::hash::BuildHasher;
//! use frontier_engine::search::{FxBuildHasher, FxHashMap};
//! let mut counts: FxHashMap<&str, u32> = FxHashMap::default();
//! *counts.entry("frontier").or_default() += 1;
//! assert_eq!(counts["frontier"], 1);
//! let build = FxBuildHasher;
//! assert_eq!(build.hash_one(42u64), build.hash_one(42u64));
//! ```

pub use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet, FxHasher};
