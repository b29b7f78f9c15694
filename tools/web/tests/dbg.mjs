import * as web from "./page.js";
const server = await web.serve();
const chromium = await web.browser();
const link = "http://127.0.0.1:1/#v1.ASoA1f9MZXNzb24oaWQ6ImZyb250aWVyLWJmcyIsdGV4dDpOb25lLHBhZ2U6Myk".replace("http://127.0.0.1:1/", server.url);
for (const [name, url, size] of [["lesson", link, [390, 844]], ["home", server.url, [390, 844]], ["tablet", server.url, [820, 1180]], ["side", server.url, [844, 390]]]) {
  const context = await chromium.newContext({ viewport: { width: size[0], height: size[1] }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log("ERR", String(e)));
  await page.goto(url.replace("#", "?test#").replace(/\/\?test$/, "/?test"));
  if (!url.includes("#")) await page.goto(server.url + "?test");
  await web.until(page, (s) => s.frames >= 3, "first");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: "/tmp/w/ph-" + name + ".png" });
  const ws = (await web.widgets(page)).filter((w) => !["Label","TextRun","Window","Canvas","GenericContainer","Unknown"].includes(w.role) && w.w > 0);
  const small = ws.sort((a, b) => Math.min(a.w,a.h) - Math.min(b.w,b.h)).slice(0, 8).map((w) => [w.label || w.value, w.role, Math.round(w.w), Math.round(w.h)]);
  const s = await web.state(page);
  console.log(name, "controls", ws.length, "smallest", JSON.stringify(small), "area", JSON.stringify(s.pathfinding.area));
  await context.close();
}
await chromium.close(); server.close();
