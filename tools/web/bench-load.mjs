// The first load on a school's network (tools/web/bench.sh runs it; alone:
// `node tools/web/bench-load.mjs` after tools/web/build.sh): the time to the app's first
// frame with the download throttled to 10 and 3 Mbit/s (Chromium's network emulation, 20 ms
// latency, a fresh cache each load), the site served as a bare server sends it (every file
// as it is) and as a host set up as the README advises (the build's gzipped files); an
// English page and a Chinese one, with the time the Chinese font arrived.

import * as web from "./tests/page.js";

const chromium = await web.browser();

async function firstFrame(url, mbit, locale = "en-US") {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 800 }, locale });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: true });
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: (mbit * 1e6) / 8,
    uploadThroughput: (mbit * 1e6) / 8,
  });
  let bytes = 0;
  session.on("Network.loadingFinished", (event) => (bytes += event.encodedDataLength));
  await page.goto(url + "?test");
  await page.waitForFunction(
    () => window.frontierTestState && JSON.parse(window.frontierTestState).frames >= 1,
    null,
    { polling: 100, timeout: 120_000 },
  );
  const ms = await page.evaluate(() => performance.now());
  // The Chinese font: with the module on a Chinese page, after the first frame otherwise.
  await page.waitForFunction(() => JSON.parse(window.frontierTestState).cjkFont, null, { polling: 100, timeout: 120_000 });
  const font = await page.evaluate(() => performance.now());
  await context.close();
  return { ms, bytes, font };
}

for (const precompressed of [false, true]) {
  const server = await web.serve(undefined, { precompressed });
  for (const mbit of [10, 3]) {
    const served = precompressed ? "gzipped files" : "files as they are";
    for (const locale of precompressed ? ["en-US", "zh-CN"] : ["en-US"]) {
      const { ms, bytes, font } = await firstFrame(server.url, mbit, locale);
      console.log(`first frame at ${mbit} Mbit/s, ${served}, ${locale}: ${(ms / 1000).toFixed(1)} s (the Chinese font at ${(font / 1000).toFixed(1)} s; ${(bytes / 1e6).toFixed(2)} MB over the network in all)`);
    }
  }
  server.close();
}
await chromium.close();
