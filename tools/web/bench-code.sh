#!/usr/bin/env bash
# A student's search in Python, desktop and browser in one run: the record bench on the
# desktop, then the same programs in the page's Python worker. Builds both first.
#   usage: tools/web/bench-code.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
tools/web/build.sh >/dev/null
(cd tools/web/tests && [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error)
cargo bench --quiet -p frontier-script --bench record | tee /dev/stderr | node tools/web/bench-code.mjs
