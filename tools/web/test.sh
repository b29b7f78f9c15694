#!/usr/bin/env bash
# The browser tests: builds the site (tools/web/build.sh), then drives it in headless
# Chromium through the DevTools protocol (playwright-core, tools/web/tests/). Installs what
# it needs the first time: Debian's chromium package, and the Node packages the lock file
# names (npm ci). The desktop's `cargo test` needs none of this.
#   usage: tools/web/test.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null; then
    if command -v apt-get >/dev/null; then
        apt-get update -q >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null
    else
        echo "test.sh: the browser tests need Chromium (set CHROMIUM to its path)" >&2
        exit 2
    fi
fi
if ! command -v node >/dev/null; then
    echo "test.sh: the browser tests need Node.js 18 or newer" >&2
    exit 2
fi
if [ "${1:-}" != "--no-build" ]; then
    tools/web/build.sh
fi
# The tests make links with the desktop build's `frontier link`.
cargo build --quiet --bin frontier
cd tools/web/tests
if [ ! -d node_modules ] || ! diff -q package-lock.json node_modules/.package-lock.json >/dev/null 2>&1; then
    npm ci --no-audit --no-fund --loglevel=error
fi
CHROMIUM="${CHROMIUM:-$(command -v chromium)}" node --test --test-concurrency=1
