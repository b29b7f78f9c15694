// Driving Frontier's web build in headless Chromium for the browser tests: a static server
// for target/site on 127.0.0.1, the system's Chromium (Debian's package, software WebGL),
// and the page's test hook (index.html?test: src/app/shell/test_hook.rs), which publishes
// egui's accessibility tree (labels and places) and a summary of the app's state.

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join, extname, normalize } from "node:path";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";

const SITE = process.env.FRONTIER_WEB_DIR ?? new URL("../../../target/site/", import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm", ".otf": "font/otf" };

/** Serves the site on a free port of 127.0.0.1; resolves to { url, close }. As a host set
 * up as the README advises, it sends the build's `NAME.gz` to a browser accepting gzip
 * (unless `precompressed` is false: then every file goes as it is, as a bare server would). */
export function serve(folder = SITE, { precompressed = true } = {}) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    const file = join(folder, path.endsWith("/") ? path + "index.html" : path);
    if (!file.startsWith(folder)) {
      response.writeHead(403).end();
      return;
    }
    const headers = { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" };
    const gzip = precompressed && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    try {
      let body;
      try {
        if (!gzip) throw new Error("sent as it is");
        body = await readFile(file + ".gz");
        headers["Content-Encoding"] = "gzip";
      } catch {
        body = await readFile(file);
      }
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

const ROOT = new URL("../../../", import.meta.url).pathname;

/** `frontier ARGS…` from the native build (links, mostly): its output. */
export function frontier(...args) {
  const run = spawnSync("cargo", ["run", "--quiet", "--bin", "frontier", "--", ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`frontier ${args.join(" ")}: ${run.stderr}`);
  return run.stdout.trim();
}

/** Chromium, headless, drawing WebGL in software. */
export function browser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** A fresh page (its own storage) of `size` at `url` with the test hook on. */
export async function open(browserInstance, url, { size = [1280, 800], locale = "en-US", touch = false, storage } = {}) {
  const context = await browserInstance.newContext({
    viewport: { width: size[0], height: size[1] },
    locale,
    hasTouch: touch,
    acceptDownloads: true,
  });
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.errors = errors;
  const [base, fragment] = url.split("#");
  await page.goto(base + (base.includes("?") ? "&" : "?") + "test" + (fragment ? "#" + fragment : ""));
  await until(page, (s) => s.frames >= 3, "the first frames");
  return page;
}

/** The app's state as the hook last published it. */
export async function state(page) {
  const json = await page.evaluate(() => window.frontierTestState);
  return json ? JSON.parse(json) : { frames: 0 };
}

/** Every labelled widget on screen: { label, value, role, x, y, w, h }. */
export async function widgets(page) {
  const json = await page.evaluate(() => window.frontierTestWidgets);
  return json ? JSON.parse(json) : [];
}

/** Waits (up to `seconds`) until `check(state)` holds; throws with the last state if not. */
export async function until(page, check, what, seconds = 60) {
  const end = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < end) {
    last = await state(page);
    if (check(last)) return last;
    await page.waitForTimeout(50);
  }
  const shown = { ...last, pathfinding: { ...last?.pathfinding, board: "(left out)" } };
  throw new Error(`${what}: not reached; the state: ${JSON.stringify(shown).slice(0, 2000)}`);
}

/** The widget labelled exactly `label` (or whose label contains it, with `contains`). */
export async function find(page, label, { contains = false, seconds = 30 } = {}) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const found = (await widgets(page)).filter((w) =>
      contains ? w.label.includes(label) || w.value.includes(label) : w.label === label || w.value === label,
    );
    if (found.length > 0) return found[0];
    await page.waitForTimeout(50);
  }
  const labels = (await widgets(page)).map((w) => w.label || w.value);
  throw new Error(`no widget labelled ${JSON.stringify(label)} among ${JSON.stringify(labels).slice(0, 3000)}`);
}

/** Clicks the middle of the widget labelled `label`, then lets a few frames pass. */
export async function click(page, label, options) {
  const widget = await find(page, label, options);
  await page.mouse.click(widget.x + widget.w / 2, widget.y + widget.h / 2);
  await frames(page, 3);
  return widget;
}

/** Taps the widget labelled `label` with a finger (a touch start and end). */
export async function tap(page, label, options) {
  const widget = await find(page, label, options);
  await page.touchscreen.tap(widget.x + widget.w / 2, widget.y + widget.h / 2);
  await frames(page, 3);
  return widget;
}

/** Lets at least `count` more frames be drawn, or the app fall idle (egui draws a frame
 * only when something happened or is moving). */
export async function frames(page, count) {
  const start = (await state(page)).frames;
  let last = start;
  let still = Date.now();
  while ((await state(page)).frames < start + count) {
    const now = (await state(page)).frames;
    if (now !== last) {
      last = now;
      still = Date.now();
    } else if (Date.now() - still > 300) {
      return;
    }
    await page.waitForTimeout(20);
  }
}

/** Where cell (x, y) of the Pathfinding board is on the page. */
export function cell(s, x, y) {
  const p = s.pathfinding;
  return { x: p.cellX + x * p.cell, y: p.cellY + y * p.cell };
}

/** Whether cell (x, y) of a board's text (Frontier's format) is a wall. */
export function isWall(boardText, x, y) {
  const lines = boardText.split("\n");
  const map = lines.indexOf("map");
  const legend = lines.filter((l) => l.startsWith("legend ") && l.endsWith(" wall")).map((l) => l.split(" ")[1]);
  return legend.includes(lines[map + 1 + y][x]);
}

/** Closes the "Getting started" window a first visit opens (every page opened fresh, with
 * no link, shows it): waits for it, clicks "Got it" and waits until it is gone, clicking
 * again if it is not (once in CI it was still open after the click, and the next click,
 * on File, did nothing). */
export async function dismissGettingStarted(page) {
  const labels = ["Got it", "知道了"];
  const shown = async () => (await widgets(page)).find((w) => labels.includes(w.label));
  const end = Date.now() + 30_000;
  while (!(await shown())) {
    if (Date.now() > end) throw new Error("the Getting started window never opened");
    await page.waitForTimeout(50);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const button = await shown();
    if (!button) return;
    await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
    const gone = Date.now() + 3_000;
    while (Date.now() < gone && (await shown())) await page.waitForTimeout(50);
  }
  if (await shown()) throw new Error("the Getting started window did not close on Got it");
}
