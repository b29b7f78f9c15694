// The first load on a school's network (tools/web/bench.sh runs it; alone:
// `node tools/web/bench-load.mjs` after tools/web/build.sh): the time to the app's first
// frame with the download throttled to 10 and 3 Mbit/s (Chromium's network emulation, 20 ms
// latency, a fresh cache each load), the site served as a bare server sends it (every file
// as it is) and as a host set up as the README advises (the build's gzipped files).

import * as web from "./tests/page.js";

const chromium = await web.browser();

async function firstFrame(url, mbit) {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 800 } });
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
  await context.close();
  return { ms, bytes };
}

for (const precompressed of [false, true]) {
  const server = await web.serve(undefined, { precompressed });
  for (const mbit of [10, 3]) {
    const { ms, bytes } = await firstFrame(server.url, mbit);
    const served = precompressed ? "gzipped files" : "files as they are";
    console.log(`first frame at ${mbit} Mbit/s, ${served}: ${(ms / 1000).toFixed(1)} s (${(bytes / 1e6).toFixed(2)} MB over the network)`);
  }
  server.close();
}
await chromium.close();
