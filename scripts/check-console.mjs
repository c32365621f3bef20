#!/usr/bin/env node
// The standalone fake's console (/_fake/console) in headless Chromium, against a built server seeded through the
// API: 16 orders on 3 vans of capacity 5 (one left unscheduled), scheduled and published, a webhook subscription to a local receiver.
// Checks that the map draws one path per used route and one stop per scheduled order, that completing a stop from
// the driver panel shows its actual time in the Gantt and a delivery in the webhook log, that a held action is
// released from the actions panel, and that no page logs a console error or loads anything from elsewhere.
// Saves screenshots of every panel into docs/images/console-*.png (CONSOLE_SCREENSHOTS=<folder> sets another).
//
// Needs `npm run build` first. Skips (exit 0) when Chromium is not installed: `apt-get install -y chromium`.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { chromiumPath, root, seedPlan, startFake } from "./console-seed.mjs";

if (!chromiumPath) {
  console.log("console check: SKIPPED (no Chromium found; install it with `apt-get install -y chromium`)");
  process.exit(0);
}
const shots = process.env.CONSOLE_SCREENSHOTS ?? join(root, "docs/images");
await mkdir(shots, { recursive: true });

// The webhook receiver: answers 200 to every delivery.
const received = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    received.push(JSON.parse(body));
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;

const { running, api } = await startFake();
const { chromium } = await import("playwright-core");
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
const problems = [];
try {
  await api("POST", "/v2/webhooks", {
    url: receiverUrl,
    events: ["order.status_updated", "route.published", "route.eta_updated"],
  });
  const { orders, workspaceUuid } = await seedPlan(api, { orders: 16, routes: 3, capacity: 5 });
  const { data: routes } = await api("GET", `/v2/routes?workspaceUuid=${workspaceUuid}`);
  const used = routes.filter((r) => r.ordersCount > 0);
  const scheduled = routes.reduce((n, r) => n + r.ordersCount, 0);
  assert.ok(used.length >= 2, `the plan uses at least 2 routes (got ${used.length})`);
  const unscheduled = orders.length - scheduled;

  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(running.url) && !request.url().startsWith("data:"))
      problems.push(`loaded from elsewhere: ${request.url()}`);
  });
  const open = async (tab) => {
    await page.goto(`${running.url}/_fake/console#${tab}`);
    await page.waitForSelector(`#panel[data-tab="${tab}"]`);
  };
  const shot = (name) => page.screenshot({ path: join(shots, `console-${name}.png`) });

  // The home page links the console.
  await page.goto(`${running.url}/`);
  await page.click('a[href$="/_fake/console"]');
  await page.waitForSelector('#panel[data-tab="overview"]');
  await page.waitForSelector(".workspace table tbody tr td");
  await shot("overview");

  await open("map");
  await page.waitForSelector(".map .route-path");
  assert.equal(await page.locator(".map .route-path").count(), used.length, "one path per used route");
  assert.equal(await page.locator(".map .stop").count(), scheduled, "one stop per scheduled order");
  assert.equal(await page.locator(".map .unscheduled").count(), unscheduled, "a cross per unscheduled order");
  await page.locator(".map .stop").first().click();
  await page.waitForSelector("#order-details");
  await shot("map");

  await open("orders");
  await page.locator("tr.clickable").nth(1).click();
  await page.waitForSelector("#order-details");
  await shot("orders");

  // The driver: complete the first used route's next stop; the Gantt gains an actual bar, the log a delivery.
  await api("POST", "/_fake/clock/advance", { ms: 2 * 3600_000 });
  const before = received.length;
  await open("driver");
  await page.waitForSelector(".gantt .gantt-planned");
  assert.equal(await page.locator(".gantt .gantt-actual").count(), 0, "no actual times before a completion");
  await page.locator(`button.deliver[data-route="${used[0].uuid}"]`).click();
  await page.waitForSelector(".gantt .gantt-actual");
  await page.locator(`button.miss[data-route="${used[1].uuid}"]`).click();
  await page.waitForFunction(() => document.querySelectorAll(".gantt .gantt-actual").length === 2);
  await shot("driver");
  await open("timelines");
  await shot("timelines");

  await open("webhooks");
  await page.waitForFunction(() =>
    [...document.querySelectorAll("#deliveries td")].some((td) => td.textContent === "order.status_updated"),
  );
  assert.ok(received.length > before, "the receiver got the completion's webhook");
  await shot("webhooks");

  // A held action, released from the console: a scheduling run for the next day, held by policy.
  await api("PUT", "/_fake/actions/policy/schedule", { hold: true });
  const accepted = await api("POST", "/v2/schedules", { workspaceUuid, date: "2026-11-25" });
  const actionUuid = accepted.uuid ?? accepted.actionUuid;
  await open("actions");
  await page.waitForSelector(`#pending-actions button.release[data-action="${actionUuid}"]`);
  await shot("actions");
  await page.locator(`#pending-actions button.release[data-action="${actionUuid}"]`).click();
  await page.waitForFunction(
    (uuid) => !document.querySelector(`#pending-actions button.release[data-action="${uuid}"]`),
    actionUuid,
  );
  const { data: actions } = await api("GET", "/_fake/actions");
  // Released, the run ends: failed, as the next day has no routes.
  const released = actions.find((a) => a.uuid === actionUuid);
  assert.deepEqual([released?.status, released?.reason], ["failed", "no_routes"], "the released action ended");

  await open("control");
  await page.waitForSelector("#panel table");
  await shot("control");

  // The console's reads are not journaled: only this script's calls are (it never reads a timeline).
  const { data: journal } = await api("GET", "/_fake/journal");
  assert.deepEqual(
    journal.filter((e) => e.operationId === "getRouteTimeline"),
    [],
    "the console's reads are not journaled",
  );
  assert.deepEqual(problems, [], "no console error, nothing loaded from elsewhere");
  console.log(
    `console check: OK (${used.length} paths, ${scheduled} stops, ${unscheduled} unscheduled, ${received.length} webhooks received; screenshots in ${shots})`,
  );
} catch (error) {
  console.error("console check: FAILED", error, problems);
  process.exitCode = 1;
} finally {
  await browser.close();
  await running.close();
  receiver.close();
}
