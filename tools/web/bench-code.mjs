// A student's search in Python in the browser against the desktop, in one run
// (tools/web/bench-code.sh): the desktop's figures come from `cargo bench -p frontier-script
// --bench record` (read from stdin, with the links it prints), the browser's from the same
// programs run in the page's Python worker. Prints, for each problem, the worker's first
// run (loading Python with it) and the median of three warm runs, expansions a second, the
// engine's own search run to its end in the page ("To end"), and the ratios.

import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as web from "./tests/page.js";

const desktop = readFileSync(0, "utf8");
const figure = (key) => {
  const line = desktop.split("\n").find((l) => l.startsWith(key + ":"));
  if (!line) throw new Error(`the desktop bench printed no ${key}`);
  return line.slice(key.length + 1).trim();
};
const site = new URL("../../target/site/", import.meta.url).pathname;
for (const file of ["frontier_bg.wasm", "frontier_script_bg.wasm"]) {
  const bytes = readFileSync(site + file);
  console.log(`${file}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped`);
}

const server = await web.serve();
const chromium = await web.browser();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Seconds from `start()` until `done(state)` holds, polled every 10 ms. */
async function timed(page, start, done, what) {
  const began = Date.now();
  await start();
  await web.until(page, done, what, 300);
  return (Date.now() - began) / 1000;
}

for (const [name, tab, desktopLine] of [
  ["board", "pathfinding", "BFS, 256 x 256 open board"],
  ["puzzle", "sliding", "A*, 30-move 8-puzzle"],
]) {
  const page = await web.open(chromium, server.url + "#" + figure(`${name} code link`));
  const first = await timed(page, async () => {}, (s) => s[tab].code.ran, "the first run");
  const expansions = (await web.state(page))[tab].code.expansions;
  const warm = [];
  for (let i = 0; i < 3; i++) {
    warm.push(await timed(
      page,
      () => web.click(page, "Run code"),
      (s) => !s[tab].code.running && s[tab].code.ran,
      "a warm run",
    ));
  }
  await page.context().close();
  const builtIn = await web.open(chromium, server.url + "#" + figure(`${name} built-in link`));
  const toEnd = await timed(
    builtIn,
    () => web.click(builtIn, "To end"),
    (s) => (tab === "pathfinding" ? s.pathfinding.atEnd : s.sliding.solution.length > 0),
    "the built-in search to its end",
  );
  await builtIn.context().close();
  const run = median(warm);
  const desktopSeconds = Number(figure(desktopLine).match(/in ([0-9.]+) s/)[1]);
  console.log(
    `${desktopLine}, browser: ${expansions} expansions; first run ${first.toFixed(2)} s (Python loading with it), ` +
      `warm ${warm.map((t) => t.toFixed(2)).join(", ")} s, median ${run.toFixed(2)} s (${(expansions / run).toFixed(0)}/s); ` +
      `the page's own search To end ${toEnd.toFixed(2)} s; the browser takes ${(run / desktopSeconds).toFixed(1)}x the desktop's ${desktopSeconds} s`,
  );
}
await chromium.close();
server.close();
