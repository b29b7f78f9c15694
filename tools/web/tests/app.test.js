// The web build as a user meets it, in headless Chromium (run by tools/web/test.sh).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import * as web from "./page.js";

const frontier = web.frontier;

const ROOT = new URL("../../../", import.meta.url).pathname;
let server;
let chromium;

before(async () => {
  server = await web.serve();
  chromium = await web.browser();
});

after(async () => {
  await chromium?.close();
  server?.close();
});

test("the page draws the app, not a blank or an error", async () => {
  const page = await web.open(chromium, server.url);
  const s = await web.state(page);
  assert.equal(s.tab, "pathfinding");
  await web.find(page, "Pathfinding");
  await web.find(page, "Getting started");
  // The canvas holds a picture of many colours (a blank or error canvas has one or two).
  const shot = await page.locator("canvas").screenshot();
  const colours = new Set();
  const png = decodePngRows(shot);
  for (let i = 0; i < png.pixels.length; i += 4 * 97) colours.add(png.pixels.readUInt32BE(i));
  assert.ok(colours.size > 20, `${colours.size} colours`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("clicking Step advances the search", async () => {
  const page = await web.open(chromium, server.url);
  await web.dismissGettingStarted(page);
  assert.equal((await web.state(page)).pathfinding.step, 0);
  await web.click(page, "Step");
  await web.until(page, (s) => s.pathfinding.step === 1, "step 1");
  await web.click(page, "Step");
  await web.until(page, (s) => s.pathfinding.step === 2, "step 2");
  await page.context().close();
});

test("a link made by `frontier link` opens its board, search and step", async () => {
  const board = `${ROOT}presets/boards/maze.board`;
  const link = frontier("link", board, "--algo", "bfs", "--step", "5", "--page", server.url);
  const page = await web.open(chromium, link);
  const s = await web.until(page, (s) => s.pathfinding.step === 5, "the link's step");
  assert.equal(s.pathfinding.algorithm, "bfs");
  const map = (text) => text.split("\n").slice(text.split("\n").indexOf("map"));
  assert.deepEqual(map(s.pathfinding.board), map(readFileSync(board, "utf8")));
  // A link cut short: a clear message, and the app's own board.
  const broken = await web.open(chromium, link.slice(0, link.length - 40));
  const b = await web.until(broken, (s) => s.notice !== "", "the message");
  assert.match(b.notice, /The link could not be opened: the link is cut short or damaged/);
  assert.equal(b.pathfinding.step, 0);
  assert.deepEqual(broken.errors, []);
  await page.context().close();
  await broken.context().close();
});

test("links made by `frontier link` open the sliding puzzle's search and a Snake game at their step", async () => {
  const puzzle = frontier("link", "--puzzle", "2 8 3 1 6 4 7 0 5", "--algo", "astar",
    "--heuristic", "manhattan", "--step", "4", "--page", server.url);
  const page = await web.open(chromium, puzzle);
  const s = await web.until(page, (s) => s.tab === "sliding" && s.sliding.step === 4, "step 4");
  assert.equal(s.sliding.mode, "Watch");
  assert.equal(s.sliding.position, "2 8 3 1 6 4 7 0 5");
  const snake = frontier("link", "--snake", "--size", "8", "--seed", "4", "--planner", "classic",
    "--step", "30", "--page", server.url);
  const game = await web.open(chromium, snake);
  const g = await web.until(game, (s) => s.tab === "snake" && s.snake.moves === 30, "move 30");
  assert.equal(g.snake.pilot, "Classic");
  assert.deepEqual(page.errors, []);
  assert.deepEqual(game.errors, []);
  await page.context().close();
  await game.context().close();
});

test("the A*-by-hand lesson draws the search tree and the OPEN and CLOSED tables in the page", async () => {
  const link = frontier("link", "--lesson", "a-star-by-hand", "--step", "3", "--page", server.url);
  const page = await web.open(chromium, link);
  let s = await web.until(page, (s) => s.tab === "sliding" && s.sliding.middle === "Tree" &&
    s.sliding.tree && s.sliding.tree.recorded === 7, "the tree to the goal");
  assert.equal(s.sliding.tree.rows, 8, "a row a step, from step 0");
  await web.click(page, "OPEN/CLOSED");
  s = await web.until(page, (s) => s.sliding.middle === "Tables", "the tables");
  await web.find(page, "S13(5) (goal)");
  await web.click(page, "Heuristics table");
  await web.until(page, (s) => s.sliding.middle === "Heuristics", "the heuristics table");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a lesson page opens from a link and its question is answered", async () => {
  const link = frontier("link", "--lesson", "frontier-bfs", "--step", "3", "--page", server.url);
  const page = await web.open(chromium, link);
  await web.until(page, (s) => s.lesson.open && s.lesson.page === 3, "the lesson page");
  await web.click(page, "A diamond");
  await web.click(page, "Check my answer");
  const s = await web.until(page, (s) => s.lesson.answered, "the answer judged");
  assert.equal(s.lesson.right, true);
  await page.context().close();
});

test("the interface speaks the browser's language on a first visit", async () => {
  const page = await web.open(chromium, server.url, { locale: "zh-CN" });
  assert.equal((await web.state(page)).language, "zh-CN");
  await web.find(page, "寻路");
  await page.context().close();
});

test("an export comes out as a download that decodes as a PNG", async () => {
  const page = await web.open(chromium, server.url);
  await web.dismissGettingStarted(page);
  await web.click(page, "File");
  await web.click(page, "Export the Pathfinding board or run as PNG, SVG or GIF…");
  await web.click(page, "PNG picture of the step shown");
  const downloaded = page.waitForEvent("download");
  await web.click(page, "Choose a file and export…");
  const download = await downloaded;
  assert.match(download.suggestedFilename(), /\.png$/);
  const bytes = readFileSync(await download.path());
  const png = decodePngRows(bytes);
  const s = await web.state(page);
  assert.equal(png.width % s.pathfinding.width, 0, `${png.width} px for ${s.pathfinding.width} cells`);
  await page.context().close();
});

test("a touch drag paints a wall", async () => {
  const page = await web.open(chromium, server.url, { touch: true });
  await web.dismissGettingStarted(page);
  await web.tap(page, "Wall");
  const s = await web.state(page);
  // Cells (2,1) to (2,4) of the first board are floor.
  for (let y = 1; y <= 4; y++) assert.equal(web.isWall(s.pathfinding.board, 2, y), false, `(2,${y})`);
  const session = await page.context().newCDPSession(page);
  const touch = async (type, points) =>
    session.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((p) => ({ x: p.x, y: p.y })) });
  await touch("touchStart", [web.cell(s, 2, 1)]);
  for (let y = 1; y <= 4; y += 0.5) {
    await touch("touchMove", [web.cell(s, 2, y)]);
    await web.frames(page, 1);
  }
  await touch("touchEnd", []);
  const after = await web.until(page, (t) => web.isWall(t.pathfinding.board, 2, 4), "the wall painted");
  for (let y = 1; y <= 4; y++) assert.equal(web.isWall(after.pathfinding.board, 2, y), true, `(2,${y})`);
  await page.context().close();
});

test("a damaged saved state is kept aside in the browser's storage and said so", async () => {
  const page = await web.open(chromium, server.url, { storage: { "frontier-state": "not a saved state" } });
  const s = await web.until(page, (s) => s.notice !== "", "the message");
  assert.match(s.notice, /could not be used/);
  assert.match(s.notice, /frontier-state\.bak-/);
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("frontier-state.bak-")).map((k) => localStorage.getItem(k)),
  );
  assert.deepEqual(kept, ["not a saved state"]);
  await page.context().close();
});

/** The width and pixels (RGBA rows) of an 8-bit RGB or RGBA PNG, without filters undone
 * beyond what a colour count needs: enough to tell a picture from a blank. */
function decodePngRows(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "a PNG signature");
  let offset = 8;
  let width = 0;
  const data = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") width = body.readUInt32BE(0);
    if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  return { width, pixels: inflateSync(Buffer.concat(data)) };
}

/** A small board in Frontier's format: `width` x 3, a wall down column 2. */
function smallBoard(width) {
  const rows = [0, 1, 2].map((y) => [...Array(width)].map((_, x) => (x === 2 && y < 2 ? "#" : ".")).join(""));
  return ["frontier-board 1", `size ${width} 3`, "start 0 0", `goal ${width - 1} 2`, "legend . floor 1", "legend # wall", "map", ...rows, ""].join("\n");
}

test("a board opens through the browser's file picker", async () => {
  const page = await web.open(chromium, server.url);
  await web.dismissGettingStarted(page);
  await web.click(page, "File");
  const chooser = page.waitForEvent("filechooser");
  await web.click(page, "Open board…  (Ctrl+O)");
  await (await chooser).setFiles({ name: "picked.board", mimeType: "text/plain", buffer: Buffer.from(smallBoard(7)) });
  const s = await web.until(page, (s) => s.pathfinding.width === 7, "the picked board");
  assert.equal(web.isWall(s.pathfinding.board, 2, 0), true);
  await page.context().close();
});

test("a board dropped on the page opens", async () => {
  const page = await web.open(chromium, server.url);
  await web.dismissGettingStarted(page);
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], "dropped.board", { type: "text/plain" }));
    return data;
  }, smallBoard(9));
  await page.dispatchEvent("canvas", "dragover", { dataTransfer: transfer });
  await page.dispatchEvent("canvas", "drop", { dataTransfer: transfer });
  const s = await web.until(page, (s) => s.pathfinding.width === 9, "the dropped board");
  assert.equal(web.isWall(s.pathfinding.board, 2, 1), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("what was painted is still there when the page is opened again", async () => {
  const page = await web.open(chromium, server.url);
  await web.dismissGettingStarted(page);
  await web.click(page, "Wall");
  const s = await web.state(page);
  // (Column 5: the start is at (3,3), and no wall goes on it.)
  for (let y = 2; y <= 5; y++) assert.equal(web.isWall(s.pathfinding.board, 5, y), false);
  const [from, to] = [web.cell(s, 5, 2), web.cell(s, 5, 5)];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await web.until(page, (t) => web.isWall(t.pathfinding.board, 5, 5), "the wall painted");
  // Leaving the page (another tab: the page loses focus) saves it, as the next few seconds
  // would.
  const saved = await page.evaluate(() => localStorage.getItem("frontier-state"));
  await page.evaluate(() => {
    document.activeElement?.blur();
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.waitForFunction((before) => localStorage.getItem("frontier-state") !== before, saved);
  await page.reload();
  const again = await web.until(page, (t) => t.frames >= 3, "the page again");
  for (let y = 2; y <= 5; y++) assert.equal(web.isWall(again.pathfinding.board, 5, y), true, `(5,${y})`);
  await page.context().close();
});

test("the sliding puzzle is played by taps and solved by a search", async () => {
  const page = await web.open(chromium, server.url, { touch: true });
  await web.dismissGettingStarted(page);
  await web.tap(page, "Sliding puzzle");
  let s = await web.until(page, (t) => t.tab === "sliding", "the puzzle's tab");
  // A tile beside the blank: the one to its left, or to its right in the first column.
  const tiles = s.sliding.position.split(" ").map(Number);
  const blank = tiles.indexOf(0);
  const beside = tiles[blank % 3 === 0 ? blank + 1 : blank - 1];
  await web.tap(page, `Tile ${beside}`);
  s = await web.until(page, (t) => t.sliding.moves === 1, "one move played");
  const after = s.sliding.position.split(" ").map(Number);
  assert.equal(after[blank], beside, "the tapped tile slid into the blank");
  assert.equal(after.indexOf(0), tiles.indexOf(beside), "the blank took its place");
  await web.tap(page, "Watch a search solve it");
  await web.tap(page, "To end");
  s = await web.until(page, (t) => t.sliding.solution.length > 0, "a solution found");
  assert.equal(s.sliding.mode, "Watch");
  assert.match(s.sliding.solution, /^[UDLR]+$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the 15-puzzle's pattern database is made in the page, its progress shown, and the search starts", async () => {
  const page = await web.open(chromium, server.url);
  await web.dismissGettingStarted(page);
  await web.click(page, "Sliding puzzle");
  await web.until(page, (t) => t.tab === "sliding", "the puzzle's tab");
  // (A drop-down is found by what it shows; its label is a widget of its own.)
  await web.click(page, "3 x 3 (8-puzzle, 八数码)");
  await web.click(page, "4 x 4 (15-puzzle)");
  await web.until(page, (t) => t.sliding.position.split(" ").length === 16, "a 15-puzzle");
  await web.click(page, "Manhattan distance");
  await web.click(page, "pattern database");
  await web.click(page, "Watch a search solve it");
  // Made a share of each frame: the bar moves while the page keeps drawing.
  const making = await web.until(page, (t) => t.sliding.tables > 0, "the tables under way");
  assert.ok(making.sliding.tables < 1, `${making.sliding.tables}`);
  await web.find(page, "Stop making them");
  const s = await web.until(page, (t) => t.sliding.mode === "Watch", "the search started", 240);
  assert.equal(s.sliding.tables, -1, "the build is over");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("your own search in Python runs in its worker, is judged, and hostile programs stop without stopping the page", async () => {
  const folder = mkdtempSync(join(tmpdir(), "frontier-code-"));
  const starter = readFileSync(`${ROOT}crates/script/starters/bfs.en.py`, "utf8");
  const board = `${ROOT}presets/boards/maze.board`;
  /** The board opened from a link that carries `program`, run and shown at step 3. */
  const opened = async (name, program) => {
    const file = join(folder, name);
    writeFileSync(file, program);
    const link = frontier("link", board, "--program", file, "--step", "3", "--page", server.url);
    const page = await web.open(chromium, link);
    const s = await web.until(page, (t) => t.pathfinding.code.ran, `${name} run`, 120);
    return { page, s };
  };
  // The starter BFS: run in the worker, judged a correct BFS, its line lit at step 3.
  let { page, s } = await opened("bfs.py", starter);
  s = await web.until(page, (t) => t.pathfinding.step === 3, "the link's step");
  assert.equal(s.pathfinding.algorithm, "code");
  assert.equal(s.pathfinding.code.stopped, null);
  assert.match(s.pathfinding.code.verdict, /^A correct BFS on this problem/);
  assert.equal(s.pathfinding.code.line, 19);
  await web.find(page, "A correct BFS on this problem", { contains: true });
  assert.deepEqual(page.errors, []);
  await page.context().close();
  // A stack in place of the queue: the step where it stops being a BFS, in words.
  ({ page, s } = await opened("stack.py", starter.replaceAll("Queue", "Stack")));
  assert.match(s.pathfinding.code.verdict, /Your frontier behaves like a stack/);
  await page.context().close();
  // A list of 100,000 references to None is an ordinary value.
  ({ page, s } = await opened("nones.py", "def search(problem):\n    nones = [None] * 100000\n    return [problem.start] if len(nones) == 100000 else None\n"));
  assert.equal(s.pathfinding.code.stopped, null);
  assert.match(s.pathfinding.code.verdict, /path/);
  await page.context().close();
  // Recursion without end stops at the limit (or, at worst, ends the worker): the page
  // goes on drawing, and Run starts a fresh worker.
  ({ page, s } = await opened("deep.py", "def down(n):\n    return down(n + 1)\n\ndef search(problem):\n    return down(0)\n"));
  assert.match(s.pathfinding.code.stopped, /deeper than 1000|Python stopped in the browser/);
  const before = (await web.state(page)).frames;
  await web.click(page, "Run code");
  await web.until(page, (t) => t.frames > before + 2 && t.pathfinding.code.ran, "the page still drawing");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("an assignment's check runs in the Python worker and a failing test opens on its board", async () => {
  const page = await web.open(chromium, `${server.url}?test`);
  await web.dismissGettingStarted(page);
  await web.click(page, "Assignments");
  await web.click(page, "Open the assignment “Search basics: BFS, DFS, uniform-cost search and A*”");
  // The starter file: every function returns None, so every test with a path fails.
  await web.click(page, "Check");
  let s = await web.until(page, (t) => t.assignment.questions, "the check's grades", 120);
  assert.equal(s.assignment.id, "search-basics");
  assert.deepEqual(
    s.assignment.questions.map((q) => [q.function, q.score, q.status]),
    [["bfs", 0, "failed"], ["dfs", 0, "failed"], ["ucs", 0, "failed"], ["astar", 0, "failed"]],
  );
  await web.find(page, "On the tests you can see: 0 / 8.8.", { contains: true });
  // The maze opened on the Pathfinding board, the file run there as bfs.
  await web.click(page, "Show “bfs: The maze” on the board with your search (after a check, at the step that broke the rule)");
  s = await web.until(page, (t) => t.pathfinding.code.ran, "the file run on the maze", 120);
  assert.equal(s.tab, "pathfinding");
  assert.equal(s.pathfinding.algorithm, "code");
  assert.match(s.pathfinding.code.verdict, /you returned no path/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
