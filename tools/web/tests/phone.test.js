// The page on a student's phone and a school's network (run by tools/web/test.sh with the
// rest): the first load, links copied and opened, a reload.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
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

test("the first load shows the module's bytes as they arrive, in the app's colours, gzipped on the way, the Chinese font when needed", async () => {
  for (const [scheme, background] of [["dark", "rgb(27, 27, 27)"], ["light", "rgb(248, 248, 248)"]]) {
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme, locale: "zh-CN" });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send("Network.enable");
    // A school's shared 10 Mbit/s: the download takes a few seconds, the bar has time to move.
    await session.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: (10e6 / 8) * 1,
      uploadThroughput: (10e6 / 8) * 1,
    });
    const encodings = {};
    page.on("response", async (response) => {
      const name = new URL(response.url()).pathname.split("/").pop();
      encodings[name] = (await response.allHeaders())["content-encoding"] ?? "none";
    });
    await page.goto(server.url + "?test", { waitUntil: "commit" });
    const seen = [];
    while (!(await page.evaluate(() => window.frontierTestState))) {
      const shown = await page.evaluate(() => ({
        text: document.getElementById("loading-text")?.textContent ?? "",
        bytes: document.getElementById("loading-bytes")?.textContent ?? "",
        width: document.getElementById("loading-done")?.style.width ?? "",
        background: getComputedStyle(document.body).backgroundColor,
      }));
      if (shown.bytes && seen.at(-1)?.bytes !== shown.bytes) seen.push(shown);
      await page.waitForTimeout(100);
    }
    assert.ok(seen.length >= 3, `the count moved: ${JSON.stringify(seen)}`);
    for (const shown of seen) {
      assert.match(shown.bytes, /^\d+\.\d MB \/ \d+\.\d MB$/, "the module's own size, in Chinese punctuation");
      assert.equal(shown.background, background, scheme);
    }
    assert.match(seen[0].text, /正在加载 Frontier…|正在启动…/);
    const percents = seen.map((s) => parseFloat(s.width));
    assert.ok(percents.every((p, i) => i === 0 || p >= percents[i - 1]), `${percents}`);
    assert.equal(encodings["frontier_bg.wasm"], "gzip");
    assert.equal(encodings["frontier.js"], "gzip");
    // A Chinese page asked for the Chinese font beside the module, and draws with it.
    assert.ok("NotoSansSC-Frontier.otf" in encodings, JSON.stringify(encodings));
    await web.until(page, (t) => t.cjkFont, "the Chinese font");
    await context.close();
  }
  // An English page starts without it: the font is asked for once the module is in.
  const context = await chromium.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  const page = await context.newPage();
  const asked = {};
  page.on("request", (request) => (asked[new URL(request.url()).pathname.split("/").pop()] = Date.now()));
  const done = {};
  page.on("requestfinished", (request) => (done[new URL(request.url()).pathname.split("/").pop()] = Date.now()));
  await page.goto(server.url + "?test");
  const s = await web.until(page, (t) => t.cjkFont, "the Chinese font, later");
  assert.ok(asked["NotoSansSC-Frontier.otf"] >= done["frontier_bg.wasm"], JSON.stringify({ asked, done }));
  assert.equal(s.language, "en");
  await context.close();
});

/** The Pathfinding board's link, copied with File → Copy link; the notice and any window. */
async function copyLink(page) {
  // A phone's menu bar has one Menu where a desktop's has File.
  const labels = (await web.widgets(page)).map((w) => w.label);
  await web.click(page, labels.includes("Menu") ? "Menu" : "File");
  await web.click(page, "Copy link");
  await web.frames(page, 5);
}

test("Copy link is said only once the browser has copied it; refused, the link is shown to copy by hand", async () => {
  // A browser that copies: the link is on the clipboard and the status line says so.
  const granted = await web.open(chromium, server.url);
  await granted.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await web.dismissGettingStarted(granted);
  await copyLink(granted);
  const said = await web.until(granted, (s) => s.tabNotice.startsWith("Link copied"), "the copy said");
  const link = await granted.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#v1\./);
  assert.match(said.tabNotice, new RegExp(`\\(${link.length} characters\\)`));
  await granted.context().close();

  // A page over plain http (no async clipboard), where the older copy is refused too; and
  // a browser whose clipboard throws as it is called: the link is shown, the app draws on.
  const refusals = {
    "no clipboard": () => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
      document.execCommand = () => false;
    },
    "a clipboard that throws": () => {
      Object.defineProperty(Navigator.prototype, "clipboard", {
        get: () => ({ writeText: () => { throw new TypeError("writeText is not allowed here"); } }),
      });
      document.execCommand = () => { throw new Error("execCommand is gone"); };
    },
  };
  for (const [what, refuse] of Object.entries(refusals)) {
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await context.addInitScript(refuse);
    const page = await context.newPage();
    page.errors = [];
    page.on("pageerror", (error) => page.errors.push(String(error)));
    await page.goto(server.url + "?test");
    await web.until(page, (s) => s.frames >= 3, "the first frames");
    await web.dismissGettingStarted(page);
    await copyLink(page);
    await web.find(page, "Copy this link");
    await web.find(page, "The link");
    const s = await web.until(page, (t) => t.refusedLink !== "", `${what}: the link shown`);
    assert.match(s.refusedLink, /^http:\/\/127\.0\.0\.1:\d+\/#v1\./, what);
    assert.ok(!s.tabNotice.startsWith("Link copied"), `${what}: ${s.tabNotice}`);
    // Still drawing: a step is taken and shown.
    await web.click(page, "Close");
    await web.click(page, "Step");
    await web.until(page, (t) => t.pathfinding.step === 1, `${what}: a step after the refusal`);
    assert.deepEqual(page.errors, [], what);
    await context.close();
  }
});

test("an opened link leaves the address bar, so a reload keeps what the student did since", async () => {
  const link = frontier("link", `${ROOT}presets/boards/maze.board`, "--algo", "bfs", "--step", "5", "--page", server.url);
  const page = await web.open(chromium, link, { touch: true });
  await web.until(page, (s) => s.pathfinding.step === 5, "the link's step");
  assert.equal(new URL(page.url()).hash, "", "the fragment is gone");
  assert.equal(new URL(page.url()).search, "?test", "the rest of the address stays");
  // The student's own edit: a wall on a floor cell of the maze.
  let s = await web.state(page);
  const lines = s.pathfinding.board.split("\n");
  const map = lines.indexOf("map");
  let floor;
  for (let y = 1; y < 6 && !floor; y++) {
    for (let x = 1; x < 6 && !floor; x++) {
      const ends = lines.filter((l) => /^(start|goal) /.test(l)).map((l) => l.split(" ").slice(1).join(" "));
      const plain = lines[map + 1 + y][x] === "." && !ends.includes(`${x} ${y}`);
      if (plain) floor = [x, y];
    }
  }
  assert.ok(floor, "a floor cell near the corner");
  await web.tap(page, "Wall");
  const at = web.cell(s, ...floor);
  const session = await page.context().newCDPSession(page);
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at] });
  await web.frames(page, 2);
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  s = await web.until(page, (t) => web.isWall(t.pathfinding.board, ...floor), "the wall painted");
  const saved = await page.evaluate(() => localStorage.getItem("frontier-state"));
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await page.waitForFunction((before) => localStorage.getItem("frontier-state") !== before, saved);
  await page.reload();
  const again = await web.until(page, (t) => t.frames >= 3, "the page again");
  assert.equal(web.isWall(again.pathfinding.board, ...floor), true, "the student's wall is still there");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** A phone held upright, touch and all, the page at `url`. */
async function phone(url) {
  const context = await chromium.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (error) => page.errors.push(String(error)));
  const [base, fragment] = url.split("#");
  await page.goto(base + "?test" + (fragment ? "#" + fragment : ""));
  await web.until(page, (s) => s.frames >= 3, "the first frames");
  return page;
}

/** The controls on screen a finger presses that are less than 44 px high. */
async function tooSmall(page) {
  const pressed = ["Button", "CheckBox", "ComboBox", "RadioButton", "Slider", "SpinButton", "TextInput", "Tab"];
  return (await web.widgets(page))
    .filter((w) => pressed.includes(w.role) && w.y + w.h > 0 && w.y < 844 && w.x < 390)
    .filter((w) => w.h < 43.5)
    .map((w) => `${w.label || w.value} (${w.role}) ${Math.round(w.w)} x ${Math.round(w.h)}`);
}

test("a teacher's lesson link on a phone: the board across the screen above the lesson, every control a finger's size", async () => {
  const link = frontier("link", "--lesson", "frontier-bfs", "--step", "3", "--page", server.url);
  const page = await phone(link);
  let s = await web.until(page, (t) => t.lesson.open && t.lesson.page === 3, "the lesson page");
  assert.deepEqual(await tooSmall(page), []);
  const [, top, width, height] = s.pathfinding.area;
  assert.ok(width >= 390 * 0.9, `the board is ${width} px wide`);
  assert.ok(height >= 844 * 0.45, `the board is ${height} px high (${((100 * height) / 844).toFixed(0)}%)`);
  const next = await web.find(page, "Next page");
  assert.ok(next.y > top + height, "the lesson is under the board");
  // A finger steps the search and turns the page.
  const step = s.pathfinding.step;
  await web.tap(page, "Step");
  await web.until(page, (t) => t.pathfinding.step === step + 1, "a step by touch");
  await web.tap(page, "Next page");
  s = await web.until(page, (t) => t.lesson.page === 4, "the next page");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("Snake on a phone: the speed, the game's end and a new game are in the bar above the board", async () => {
  const page = await phone(server.url);
  await web.dismissGettingStarted(page);
  await web.tap(page, "Tab");
  // (The drop-down's entry, not Getting started's tab of the same name.)
  const entries = (await web.widgets(page)).filter((w) => w.label === "Snake" || w.value === "Snake");
  const entry = entries.at(-1);
  await page.touchscreen.tap(entry.x + entry.w / 2, entry.y + entry.h / 2);
  await web.until(page, (t) => t.tab === "snake", "the Snake tab");
  await web.find(page, "Speed");
  assert.deepEqual(await tooSmall(page), []);
  await web.tap(page, "Play");
  // Straight on, it meets a wall: the bar says so, in words for a finger.
  await web.find(page, "Tap Restart to play again", { contains: true, seconds: 60 });
  await web.tap(page, "Restart");
  await web.until(page, (t) => t.snake.moves === 0, "a new game");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("presentation mode fills the screen in the browser, offers the size, and gives the screen back", async () => {
  const page = await web.open(chromium, server.url, { size: [1920, 1080] });
  await web.dismissGettingStarted(page);
  await web.click(page, "View");
  await web.click(page, "Presentation mode  (F11, Esc leaves)");
  await page.waitForFunction(() => document.fullscreenElement !== null, null, { timeout: 10000 });
  await web.find(page, "Size 100%");
  await web.click(page, "Larger");
  await web.find(page, "Size 110%");
  await web.click(page, "Leave presentation (Esc)");
  await page.waitForFunction(() => document.fullscreenElement === null, null, { timeout: 10000 });
  // The sliding puzzle's typed fields are named, as a screen reader names them.
  await web.click(page, "Sliding puzzle");
  const fields = (await web.widgets(page)).filter((w) => w.role === "TextInput").map((w) => w.label);
  assert.ok(fields.includes("Position") && fields.includes("Goal position"), JSON.stringify(fields));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Swipes the sheet under the board up with a finger until the control `label` is on the
 * screen (844 px high); returns it. */
async function reach(page, label) {
  const session = await page.context().newCDPSession(page);
  for (let swipe = 0; swipe < 20; swipe++) {
    const widget = await web.find(page, label);
    if (widget.y + widget.h <= 730) return widget;
    await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 300, y: 700 }] });
    for (let y = 680; y >= 560; y -= 20) {
      await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 300, y }] });
      await web.frames(page, 1);
    }
    await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await web.frames(page, 3);
  }
  throw new Error(`${label} never came into view`);
}

test("a first visit on a phone: help in words for a finger, the paint tools and Undo in the controls' sheet", async () => {
  const page = await phone(server.url);
  // Getting started speaks of taps and fingers, not of arrow keys and F11.
  await web.find(page, "drag a finger over the board", { contains: true });
  const words = (await web.widgets(page)).map((w) => w.value).join(" ");
  assert.ok(!/Right arrow|F11|\[ and \]/.test(words), words.slice(0, 400));
  await web.tap(page, "Got it");
  // Paint a wall with a finger from the controls' sheet, and take it back with Undo.
  await web.tap(page, "Controls");
  const wall = await reach(page, "Wall");
  await page.touchscreen.tap(wall.x + wall.w / 2, wall.y + wall.h / 2);
  let s = await web.state(page);
  const lines = s.pathfinding.board.split("\n");
  const ends = lines.filter((l) => /^(start|goal) /.test(l)).map((l) => l.split(" ").slice(1).join(" "));
  let floor;
  for (let y = 1; y < s.pathfinding.height && !floor; y++) {
    for (let x = 1; x < s.pathfinding.width && !floor; x++) {
      if (!web.isWall(s.pathfinding.board, x, y) && !ends.includes(`${x} ${y}`)) floor = [x, y];
    }
  }
  const at = web.cell(s, ...floor);
  const session = await page.context().newCDPSession(page);
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at] });
  await web.frames(page, 2);
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await web.until(page, (t) => web.isWall(t.pathfinding.board, ...floor), "the wall painted by a finger");
  const undo = await reach(page, "Undo");
  await page.touchscreen.tap(undo.x + undo.w / 2, undo.y + undo.h / 2);
  await web.until(page, (t) => !web.isWall(t.pathfinding.board, ...floor), "the wall taken back");
  // Copy link on the sliding puzzle's tab makes a link (its position and searches).
  await web.tap(page, "Tab");
  const entries = (await web.widgets(page)).filter((w) => w.label === "Sliding puzzle" || w.value === "Sliding puzzle");
  const entry = entries.at(-1);
  await page.touchscreen.tap(entry.x + entry.w / 2, entry.y + entry.h / 2);
  await web.until(page, (t) => t.tab === "sliding", "the sliding puzzle");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await copyLink(page);
  s = await web.until(page, (t) => t.tabNotice !== "" || t.refusedLink !== "", "the link made");
  assert.ok(!/nothing to put in a link/.test(s.tabNotice), s.tabNotice);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
