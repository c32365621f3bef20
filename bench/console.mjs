#!/usr/bin/env node
// The console in headless Chromium against the built standalone fake (`npm run build` first): its first load, and
// the map of a date with 1,000 orders on 50 published routes. The plan is built fast with fake.control.assignOrders
// (each route takes the orders of one angular sector around the depot, nearest first), then published through
// the API. Each run opens a fresh browser context (no cache) and measures:
// - first load: navigation to the overview panel drawn with its data;
// - map ready: navigation to `#map` until 50 paths and 1,000 stops are drawn (reads 2 pages of orders, the routes
//   and 50 timelines, then draws);
// - map draw: drawing the map panel again from the data already read (the SVG alone).
// Prints the medians of RUNS runs (default 7); BENCH_SCREENSHOT=<file.png> saves the last run's map.
// Run: `npx tsx bench/console.mjs` (tsx: the seed and the Chromium lookup are shared with test/browser/*.ts).
import { arch, cpus, platform, release } from "node:os";
import { chromiumPath } from "../test/browser/chromium.ts";
import { angleOf, DATE, publishPlan, seedPlan, startFake } from "../test/browser/console-seed.ts";

const RUNS = Number(process.env.RUNS ?? 7);
const ORDERS = 1000;
const ROUTES = 50;
if (!chromiumPath) {
  console.error("bench console: no Chromium found (apt-get install -y chromium)");
  process.exit(1);
}

const { fake, running, api } = await startFake();
const { orders, workspaceUuid } = await seedPlan(api, {
  orders: ORDERS,
  routes: ROUTES,
  capacity: 100,
  schedule: false,
});
const { data: routes } = await api("GET", `/v2/routes?workspaceUuid=${workspaceUuid}&date=${DATE}&perPage=500`);
const sectors = routes.map(() => []);
orders.forEach((order, i) => {
  const turn = (angleOf(i) / (2 * Math.PI)) % 1;
  sectors[Math.floor(turn * ROUTES)].push({ order, radius: 1 + ((i * 37) % 70) / 10 });
});
routes.forEach((route, k) => {
  const stops = sectors[k].sort((a, b) => a.radius - b.radius).map((s) => s.order.uuid);
  fake.control.assignOrders(route.uuid, stops);
});
await publishPlan(api, workspaceUuid);

const { chromium } = await import("@playwright/test");
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const results = { firstLoad: [], mapReady: [], mapDraw: [] };
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    let t = performance.now();
    await page.goto(`${running.url}/_fake/console#overview`);
    await page.waitForSelector(".workspace table tbody tr td");
    results.firstLoad.push(performance.now() - t);
    await context.close();

    const mapContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const mapPage = await mapContext.newPage();
    t = performance.now();
    await mapPage.goto(`${running.url}/_fake/console#map`);
    await mapPage.waitForFunction(
      ([paths, stops]) =>
        document.querySelectorAll(".map .route-path").length === paths &&
        document.querySelectorAll(".map .stop").length === stops,
      [ROUTES, ORDERS],
      { polling: 10, timeout: 60_000 },
    );
    results.mapReady.push(performance.now() - t);
    results.mapDraw.push(
      await mapPage.evaluate(() => {
        const start = performance.now();
        window.dispatchConsole.draw();
        document.querySelector(".map")?.getBoundingClientRect();
        return performance.now() - start;
      }),
    );
    if (process.env.BENCH_SCREENSHOT && run === RUNS - 1)
      await mapPage.screenshot({ path: process.env.BENCH_SCREENSHOT });
    await mapContext.close();
  }
} finally {
  await browser.close();
  await running.close();
}
const fmt = (values) =>
  `${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
console.log(`console bench: ${ORDERS} orders on ${ROUTES} routes, ${RUNS} runs, medians`);
console.log(`  first load (overview drawn):        ${fmt(results.firstLoad)}`);
console.log(`  map ready (navigation to drawn):    ${fmt(results.mapReady)}`);
console.log(`  map draw (SVG from read data):      ${fmt(results.mapDraw)}`);
console.log(
  `  machine: ${cpus().length} x ${cpus()[0]?.model ?? "?"}, ${platform()} ${release()} ${arch()}, node ${process.version}, ${chromiumPath}`,
);
