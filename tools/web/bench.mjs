// The web build against the desktop build, in one run (tools/web/bench.sh): the desktop's
// figures come from `cargo bench --bench app_speed` (its output is read from stdin), the
// web's from the same board and level in headless Chromium. Prints the download size, the
// time to the first frame (median of 5 cold loads), A* "To end" on a 256 x 256 board and
// the frame time while it runs, a Sokoban hint, and the ratios.

import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as web from "./tests/page.js";

const desktop = readFileSync(0, "utf8");
const figure = (key) => {
  const line = desktop.split("\n").find((l) => l.startsWith(key + ":"));
  if (!line) throw new Error(`the desktop bench printed no ${key}`);
  return line.slice(key.length + 1).trim();
};
const site = new URL("../../target/site/", import.meta.url).pathname;
for (const file of ["frontier_bg.wasm", "frontier.js", "index.html"]) {
  const bytes = readFileSync(site + file);
  console.log(`${file}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped`);
}

const server = await web.serve();
const chromium = await web.browser();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const loads = [];
for (let i = 0; i < 5; i++) {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(server.url + "?test");
  await page.waitForFunction(() => window.frontierTestState && JSON.parse(window.frontierTestState).frames >= 1, null, { polling: "raf", timeout: 60000 });
  loads.push(await page.evaluate(() => performance.now()));
  await context.close();
}
console.log(`first frame, 5 cold loads: ${loads.map((t) => t.toFixed(0)).join(", ")} ms; median ${median(loads).toFixed(0)} ms`);

// A* To end on the desktop bench's board.
const page = await web.open(chromium, server.url + "#" + figure("board link"));
// (A link opens its view with no Getting started over it.)
await web.until(page, (s) => s.pathfinding.width === 256, "the 256 x 256 board");
const button = await web.find(page, "To end");
await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
const run = await page.evaluate(async () => {
  const read = () => JSON.parse(window.frontierTestState);
  const [t0, f0, a0] = [performance.now(), read().frames, read().advanceMs];
  while (!read().pathfinding.atEnd) await new Promise((r) => requestAnimationFrame(r));
  const s = read();
  return { ms: performance.now() - t0, frames: s.frames - f0, steps: s.pathfinding.step, stepping: s.advanceMs - a0 };
});
const desktopSteps = Number(figure("desktop_to_end_steps"));
const desktopFrames = Number(figure("desktop_to_end_frames"));
const desktopRate = Number(figure("desktop_steps_per_ms"));
const webRate = run.steps / run.stepping;
console.log(`A* To end, 256 x 256: web ${run.frames} frames for ${run.steps} steps in ${run.ms.toFixed(0)} ms (a frame every ${(run.ms / run.frames).toFixed(1)} ms while it runs); desktop ${desktopFrames} frames for ${desktopSteps} steps`);
console.log(`  steps per millisecond of the frames' work: web ${webRate.toFixed(0)}, desktop ${desktopRate.toFixed(0)}; desktop / web ${(desktopRate / webRate).toFixed(2)}`);
if (run.steps !== desktopSteps) console.log(`  (the step counts differ: web ${run.steps}, desktop ${desktopSteps})`);
// Played (not run to the end): how long a frame takes, and how much of it is the search's
// own work; the rest is egui's layout and drawing the board.
const reset = await web.find(page, "Reset");
await page.mouse.click(reset.x + reset.w / 2, reset.y + reset.h / 2);
await web.frames(page, 3);
const play = await web.find(page, "Play");
await page.mouse.click(play.x + play.w / 2, play.y + play.h / 2);
const played = await page.evaluate(async () => {
  const read = () => JSON.parse(window.frontierTestState);
  await new Promise((r) => setTimeout(r, 500));
  const [t0, f0, a0] = [performance.now(), read().frames, read().advanceMs];
  await new Promise((r) => setTimeout(r, 3000));
  const s = read();
  return { ms: performance.now() - t0, frames: s.frames - f0, work: s.advanceMs - a0 };
});
console.log(`A* playing on 256 x 256 at 1280 x 800: a frame every ${(played.ms / played.frames).toFixed(1)} ms, of which ${(played.work / played.frames).toFixed(1)} ms the search's steps (${played.frames} frames in ${(played.ms / 1000).toFixed(1)} s)`);
await page.context().close();

// A Sokoban hint on Microban 144.
const level = await web.open(chromium, server.url + "#" + figure("level link"));

await web.until(level, (s) => s.tab === "sokoban", "the level");
const hint = await web.find(level, "Hint");
const t0 = Date.now();
await level.mouse.click(hint.x + hint.w / 2, hint.y + hint.h / 2);
const answered = await web.until(level, (s) => s.sokoban.hint.startsWith("Hint:"), "the hint", 120);
const webHint = Date.now() - t0;
const desktopHint = Number(figure("desktop_hint_ms"));
console.log(`hint on Microban 144: web ${webHint} ms, desktop ${desktopHint} ms; web / desktop ${(webHint / desktopHint).toFixed(2)}`);
console.log(`  ${answered.sokoban.hint}`);
await level.context().close();

await chromium.close();
server.close();
