#!/usr/bin/env bash
# The web build against the desktop build in one run: sizes, the first frame, A* "To end"
# on a 256 x 256 board, a Sokoban hint, and the ratios; then the first load throttled to a
# school's network (bench-load.mjs). Builds both first.
#   usage: tools/web/bench.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
tools/web/build.sh >/dev/null
(cd tools/web/tests && [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error)
cargo bench --quiet --bench app_speed | tee /dev/stderr | node tools/web/bench.mjs
node tools/web/bench-load.mjs
