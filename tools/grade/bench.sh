#!/usr/bin/env bash
# Grading a class: 100 search-basics submissions (a tenth right, the rest with one bug
# each, written by examples/class_of_submissions.rs) graded by the release build on every
# core and on one, in the same run; the wall times and the time per submission.
#   usage: tools/grade/bench.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
count="${1:-100}"
class=target/grade-bench/class
rm -rf "$class"
cargo build --release --quiet --bin frontier --example class_of_submissions
target/release/examples/class_of_submissions "$class" "$count"
for jobs in "$(nproc)" 1; do
    start=$(date +%s.%N)
    target/release/frontier grade search-basics "$class" --jobs "$jobs" \
        --csv "target/grade-bench/grades-$jobs.csv" >/dev/null
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" -v n="$count" -v j="$jobs" \
        'BEGIN { printf "%d submissions, %d thread(s): %.1f s wall, %.2f s a submission\n", n, j, e - s, (e - s) / n }'
done
# The status column, counted (a row per submission and question).
grep -oE ",(passed|partial|failed|missing|syntax-error)," "target/grade-bench/grades-$(nproc).csv" |
    tr -d , | sort | uniq -c
