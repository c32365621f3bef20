#!/usr/bin/env node
// The browser example (examples/browser) in headless Chromium: builds the page (the built fake and SDK bundled by
// esbuild, msw's mockServiceWorker.js next to it), serves it, opens it with playwright-core driving the system's
// Chromium, and checks that the fake answered through the service worker, that the page shows the scheduled plan
// (the status line, one table row per scheduled stop, one line per route on the map) and that nothing was logged as
// a console error. Takes a screenshot.
//
// Needs `npm run build` first. Skips (exit 0) when Chromium is not installed: `apt-get install -y chromium`.
// CHROMIUM=/path/to/chrome picks another binary; EXAMPLE_SCREENSHOT=<file.png> sets where the screenshot goes.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const screenshot = process.env.EXAMPLE_SCREENSHOT ?? join(tmpdir(), "browser-example.png");
const ORDERS = 15;

const chromiumPath = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
  .filter(Boolean)
  .find((path) => existsSync(path));
if (!chromiumPath) {
  console.log("browser example: SKIPPED (no Chromium found; install it with `apt-get install -y chromium`)");
  process.exit(0);
}

const { chromium } = await import("playwright-core");
const { buildExample, serveDirectory } = await import(join(root, "examples/browser/build.mjs"));

const problems = [];
const check = (condition, what) => {
  if (!condition) problems.push(what);
};
const workDir = await mkdtemp(join(tmpdir(), "browser-example-"));
let browser;
let page;
try {
  const { server, url } = await serveDirectory(await buildExample(workDir));
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
    page = await browser.newPage({ viewport: { width: 1120, height: 640 } });
    const consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
    console.log(`browser example: ${url} in ${chromiumPath} (${browser.version()})`);

    await page.goto(url);
    const status = page.locator("#status");
    await page.waitForSelector('#status:is([data-state="done"], [data-state="failed"])', { timeout: 60_000 });
    const state = await status.getAttribute("data-state");
    const text = (await status.textContent()) ?? "";
    console.log(`  status: ${text}`);
    check(state === "done", `the page ended ${state}: ${text}`);

    const controlled = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    check(controlled?.endsWith("/mockServiceWorker.js"), `the page is controlled by msw's worker, got ${controlled}`);

    const match = /^Scheduled (\d+) of (\d+) orders on (\d+) routes for 2026-11-24, \d+\.\d km in all\.$/.exec(text);
    check(match, `the status line reads "Scheduled N of ${ORDERS} orders on R routes …", got "${text}"`);
    const [scheduled, total, routes] = (match ?? []).slice(1).map(Number);
    const stopRows = await page.locator("#plan tr.stop").count();
    const routeRows = await page.locator("#plan tr.route").count();
    const unscheduledRows = await page.locator("#plan tr.unscheduled").count();
    const lines = await page.locator("#map polyline").count();
    const dots = await page.locator("#map circle").count();
    const arrivals = await page.locator("#plan tr.stop td:nth-child(5)").allTextContents();
    console.log(
      `  table: ${routeRows} routes, ${stopRows} stops, ${unscheduledRows} unscheduled; map: ${lines} lines, ${dots} stops`,
    );
    check(total === ORDERS, `all ${ORDERS} orders were planned, got ${total}`);
    check(scheduled > 0 && stopRows === scheduled, `one row per scheduled stop (${scheduled}), got ${stopRows}`);
    check(unscheduledRows === total - scheduled, `one row per unscheduled order, got ${unscheduledRows}`);
    check(routes > 0 && routeRows === routes && lines === routes, `a row and a line per route (${routes})`);
    check(dots === scheduled, `a dot per stop on the map (${scheduled}), got ${dots}`);
    check(
      arrivals.length === scheduled && arrivals.every((t) => /^(0[89]|1[0-6]):[0-5]\d$/.test(t)),
      `every arrival is a time within the 08:00–17:00 shift: ${arrivals.join(" ")}`,
    );
    check(consoleErrors.length === 0, `no console error, got:\n    ${consoleErrors.join("\n    ")}`);

    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`browser example: screenshot ${screenshot}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
} catch (error) {
  problems.push(error instanceof Error ? error.stack : String(error));
} finally {
  await browser?.close();
  await rm(workDir, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`browser example: FAIL\n  - ${problems.join("\n  - ")}`);
  process.exit(1);
}
console.log("browser example: PASS");
