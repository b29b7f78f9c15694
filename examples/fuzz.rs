//! The hostile-input fuzzer of `tests/fuzz.rs`, for as long as wanted:
//!
//! ```sh
//! cargo run --release --example fuzz -- --runs 100000 [--seed S] [--only NAME]
//! ```
//!
//! Runs that many mutated cases per entry point (board, map, scen, xsb, lurd, link, poj,
//! saved-state, command-values), prints what failed (a panic, or an error message over
//! 1 KB) and the peak memory, and exits 1 if anything failed.

#[path = "../tests/common/fuzz.rs"]
mod fuzz;

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let runs: usize = value("--runs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let seed: u64 = value("--seed").and_then(|v| v.parse().ok()).unwrap_or(1);
    let only = value("--only");
    // Panics are caught and reported per case; keep their default messages off the screen.
    std::panic::set_hook(Box::new(|_| {}));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failed = 0;
    for (i, target) in fuzz::targets(root).iter().enumerate() {
        if only.as_deref().is_some_and(|o| o != target.name) {
            continue;
        }
        let began = Instant::now();
        let findings = fuzz::fuzz(target, runs, seed.wrapping_mul(1000) + i as u64);
        println!(
            "{:<15} {:>8} cases  {:>8} accepted  {:>4} failed  {:>7.1} s",
            target.name,
            findings.cases,
            findings.accepted,
            findings.failures.len(),
            began.elapsed().as_secs_f64()
        );
        for failure in findings.failures.iter().take(5) {
            println!("    {failure}");
        }
        failed += findings.failures.len();
    }
    if let Some(peak) = fuzz::peak_memory() {
        println!("peak memory: {} MiB", peak >> 20);
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
