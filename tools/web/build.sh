#!/usr/bin/env bash
# Builds Frontier for the browser: a static site in target/site/ (index.html, frontier.js,
# frontier_bg.wasm; and the Python worker the code panel starts the first time it runs a
# program: script-worker.js, frontier_script.js, frontier_script_bg.wasm; the Chinese font
# NotoSansSC-Frontier.otf, fetched after the first frame), each script and
# module also gzipped beside itself (NAME.gz) for a server that sends precompressed files.
# The first time it installs what it needs: the wasm32-unknown-unknown target (rustup) and
# wasm-bindgen-cli at the version Cargo.lock names (cargo install, a few minutes).
#   usage: tools/web/build.sh [OUTDIR]      (default target/site)
# Not target/web: with `--profile web` Cargo keeps the build scripts, proc-macros and
# fingerprints there, and writing the site over them would recompile everything each time.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-target/site}"
target_dir="${CARGO_TARGET_DIR:-target}"
if [ "$(realpath -m "$out")" = "$(realpath -m "$target_dir/web")" ]; then
    echo "build.sh: $out is Cargo's own folder for the web profile; write the site elsewhere" >&2
    exit 2
fi

# The toolchain rust-toolchain.toml names, installed explicitly: rustup's automatic install
# on the first cargo call may be off.
rustup toolchain install 1.96 --profile minimal -c clippy,rustfmt -t wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
# wasm-bindgen's command-line tool must be the same version as the crate in Cargo.lock.
version="$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')"
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    cargo install wasm-bindgen-cli --version "$version"
fi

cargo build --profile web --target wasm32-unknown-unknown --bin frontier
cargo build --profile web --target wasm32-unknown-unknown -p frontier-script-web --lib
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name frontier \
    "$target_dir/wasm32-unknown-unknown/web/frontier.wasm"
# The worker loads its module with importScripts, which wants the no-modules glue.
wasm-bindgen --target no-modules --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name frontier_script \
    "$target_dir/wasm32-unknown-unknown/web/frontier_script_web.wasm"
cp tools/web/script-worker.js "$out/"
# The Chinese font, fetched by the page (not inside the module: an English page starts
# without it), with its licence.
cp assets/fonts/NotoSansSC-Frontier.otf "$out/"
cp assets/fonts/OFL.txt "$out/NotoSansSC-OFL.txt"
# The page shows the module's download against its size (the bytes a browser counts are the
# uncompressed ones, whatever the server sends).
wasm_bytes="$(wc -c <"$out/frontier_bg.wasm")"
sed "s/__FRONTIER_WASM_BYTES__/$wasm_bytes/" tools/web/index.html >"$out/index.html"
for file in "$out"/frontier.js "$out"/frontier_bg.wasm "$out"/frontier_script.js \
    "$out"/frontier_script_bg.wasm "$out"/script-worker.js "$out"/index.html \
    "$out"/NotoSansSC-Frontier.otf; do
    gzip -9 -k -n -f "$file"
    printf '%s: %s bytes, %s gzipped\n' "$(basename "$file")" "$(wc -c <"$file")" "$(wc -c <"$file.gz")"
done
echo "built $out/"
