#!/usr/bin/env bash
# Serves the web build (tools/web/build.sh) on 127.0.0.1 for a quick look.
#   usage: tools/web/serve.sh [PORT]      (default 8080; then open http://127.0.0.1:PORT/)
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo run --quiet --release --example serve -- target/site "${1:-8080}"
