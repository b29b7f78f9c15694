//! Hostile input: a seeded mutation fuzzer over every parser and entry point (see
//! `common/fuzz.rs`), a few hundred cases each. No panic, no message over 1 KB, and the
//! memory stays under 1 GiB. The same fuzzer runs for longer as
//! `cargo run --release --example fuzz -- --runs 100000`.

#[path = "common/fuzz.rs"]
mod fuzz;

use std::path::Path;

/// Cases per entry point in the test suite.
const RUNS: usize = 400;
/// The memory the whole run may peak at.
const MEMORY_CAP: u64 = 1 << 30;

#[test]
fn every_entry_point_survives_mutated_input() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = vec![];
    let mut cases = 0;
    for (i, target) in fuzz::targets(root).iter().enumerate() {
        let findings = fuzz::fuzz(target, RUNS, 1000 + i as u64);
        cases += findings.cases;
        failures.extend(findings.failures);
    }
    assert!(cases >= 9 * RUNS, "{cases} cases");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    if let Some(peak) = fuzz::peak_memory() {
        assert!(peak < MEMORY_CAP, "peaked at {} MiB", peak >> 20);
    }
}
