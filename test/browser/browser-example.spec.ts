// examples/browser in Chromium: the page built (the built fake and SDK bundled by esbuild, msw's
// mockServiceWorker.js next to it) and served; the fake answers through msw's service worker, and the page shows the
// scheduled plan: the status line, one table row per scheduled stop, one line per route on the map.

import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { chromiumPath, NO_CHROMIUM, requireFiles, root } from "./chromium.js";

test.skip(chromiumPath === undefined, NO_CHROMIUM);

/** What examples/browser/build.mjs exports. */
interface ExampleBuild {
  buildExample(outdir: string): Promise<string>;
  serveDirectory(dir: string): Promise<{ server: Server; url: string }>;
}

const ORDERS = 15;

test("examples/browser schedules its orders through msw's service worker and draws the plan, with no console error", async ({
  page,
}, testInfo) => {
  requireFiles(
    ["packages/sdk/dist/index.js", "packages/fake/dist/index.js", "packages/optimizer/dist/index.js"],
    "run `npm run build` first",
  );
  const buildFile = join(root, "examples/browser/build.mjs");
  const { buildExample, serveDirectory } = (await import(buildFile)) as ExampleBuild;
  const workDir = await mkdtemp(join(tmpdir(), "browser-example-"));
  const { server, url } = await serveDirectory(await buildExample(workDir));
  try {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
    await page.setViewportSize({ width: 1120, height: 640 });

    await page.goto(url);
    const status = page.locator("#status");
    await page.waitForSelector('#status:is([data-state="done"], [data-state="failed"])', { timeout: 60_000 });
    const text = (await status.textContent()) ?? "";
    await expect(status, `the page ended: ${text}`).toHaveAttribute("data-state", "done");

    const controlled = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(controlled, "the page is controlled by msw's worker").toMatch(/\/mockServiceWorker\.js$/);

    const match = /^Scheduled (\d+) of (\d+) orders on (\d+) routes for 2026-11-24, \d+\.\d km in all\.$/.exec(text);
    expect(match, `the status line reads "Scheduled N of ${ORDERS} orders on R routes …"`).not.toBeNull();
    const [scheduled = 0, total = 0, routes = 0] = (match ?? []).slice(1).map(Number);
    expect(total, `all ${ORDERS} orders were planned`).toBe(ORDERS);
    expect(scheduled).toBeGreaterThan(0);
    expect(routes).toBeGreaterThan(0);
    await expect(page.locator("#plan tr.stop"), "one row per scheduled stop").toHaveCount(scheduled);
    await expect(page.locator("#plan tr.unscheduled"), "one row per unscheduled order").toHaveCount(total - scheduled);
    await expect(page.locator("#plan tr.route"), "a row per route").toHaveCount(routes);
    await expect(page.locator("#map polyline"), "a line per route").toHaveCount(routes);
    await expect(page.locator("#map circle"), "a dot per stop on the map").toHaveCount(scheduled);
    const arrivals = await page.locator("#plan tr.stop td:nth-child(5)").allTextContents();
    expect(arrivals).toHaveLength(scheduled);
    for (const arrival of arrivals) {
      expect(arrival, "every arrival is a time within the 08:00–17:00 shift").toMatch(/^(0[89]|1[0-6]):[0-5]\d$/);
    }
    expect(consoleErrors, "no console error").toEqual([]);

    await page.screenshot({
      path: process.env.EXAMPLE_SCREENSHOT ?? testInfo.outputPath("browser-example.png"),
      fullPage: true,
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await rm(workDir, { recursive: true, force: true });
  }
});
