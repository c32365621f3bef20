// The standalone fake's console (/_fake/console) in Chromium, against a built server seeded through the API: 16
// orders on 3 vans of capacity 5 (one left unscheduled), scheduled and published, a webhook subscription to a
// local receiver. One page walks the panels in order, so the tests run serially on it. Saves screenshots of every
// panel into docs/images/console-*.png (CONSOLE_SCREENSHOTS=<folder> sets another; CI writes to a temp folder).
import { mkdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { chromiumPath, NO_CHROMIUM, root } from "./chromium.js";
import { type Call, seedPlan, startFake } from "./console-seed.js";

test.skip(chromiumPath === undefined, NO_CHROMIUM);
test.describe.configure({ mode: "serial" });

const shots = process.env.CONSOLE_SCREENSHOTS ?? join(root, "docs/images");

// biome-ignore lint/suspicious/noExplicitAny: webhook bodies and API answers, read field by field.
type Json = any;
let page: Page;
let api: Call;
let running: { url: string; close(): Promise<void> };
let receiver: Server;
const received: Json[] = [];
/** Console errors, uncaught exceptions and requests elsewhere, from every page the tests open. */
const problems: string[] = [];
let workspaceUuid: string;
let used: Json[];
let scheduled: number;
let unscheduled: number;

const open = async (tab: string) => {
  await page.goto(`${running.url}/_fake/console#${tab}`);
  await page.waitForSelector(`#panel[data-tab="${tab}"]`);
};
const shot = (name: string) => page.screenshot({ path: join(shots, `console-${name}.png`) });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await mkdir(shots, { recursive: true });
  // The webhook receiver: answers 200 to every delivery.
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  ({ running, api } = await startFake());
  await api("POST", "/v2/webhooks", {
    url: receiverUrl,
    events: ["order.status_updated", "route.published", "route.eta_updated"],
  });
  const seeded = await seedPlan(api, { orders: 16, routes: 3, capacity: 5 });
  workspaceUuid = seeded.workspaceUuid;
  const { data: routes } = await api("GET", `/v2/routes?workspaceUuid=${workspaceUuid}`);
  used = routes.filter((r: Json) => r.ordersCount > 0);
  scheduled = routes.reduce((n: number, r: Json) => n + r.ordersCount, 0);
  unscheduled = seeded.orders.length - scheduled;

  // One page for the serial tests, in the worker's browser (the config's chromium and flags).
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(running.url) && !request.url().startsWith("data:"))
      problems.push(`loaded from elsewhere: ${request.url()}`);
  });
});

test.afterAll(async () => {
  await page?.close();
  await running?.close();
  receiver?.close();
});

test("the seeded plan uses at least 2 routes", () => {
  expect(used.length).toBeGreaterThanOrEqual(2);
});

test("the home page links the console, whose overview lists the workspace", async () => {
  await page.goto(`${running.url}/`);
  await page.click('a[href$="/_fake/console"]');
  await page.waitForSelector('#panel[data-tab="overview"]');
  await page.waitForSelector(".workspace table tbody tr td");
  await shot("overview");
});

test("the map draws a path per used route, a stop per scheduled order, a cross per unscheduled one", async () => {
  await open("map");
  await page.waitForSelector(".map .route-path");
  await expect(page.locator(".map .route-path"), "one path per used route").toHaveCount(used.length);
  await expect(page.locator(".map .stop"), "one stop per scheduled order").toHaveCount(scheduled);
  await expect(page.locator(".map .unscheduled"), "a cross per unscheduled order").toHaveCount(unscheduled);
  await page.locator(".map .stop").first().click();
  await page.waitForSelector("#order-details");
  await shot("map");
});

test("the orders panel opens an order's details", async () => {
  await open("orders");
  await page.locator("tr.clickable").nth(1).click();
  await page.waitForSelector("#order-details");
  await shot("orders");
});

let receivedBefore = 0;
test("completing stops from the driver panel adds their actual times to the Gantt", async () => {
  await api("POST", "/_fake/clock/advance", { ms: 2 * 3600_000 });
  receivedBefore = received.length;
  await open("driver");
  await page.waitForSelector(".gantt .gantt-planned");
  await expect(page.locator(".gantt .gantt-actual"), "no actual times before a completion").toHaveCount(0);
  await page.locator(`button.deliver[data-route="${used[0].uuid}"]`).click();
  await page.waitForSelector(".gantt .gantt-actual");
  await page.locator(`button.miss[data-route="${used[1].uuid}"]`).click();
  await page.waitForFunction(() => document.querySelectorAll(".gantt .gantt-actual").length === 2);
  await shot("driver");
  await open("timelines");
  await shot("timelines");
});

test("the webhook log shows the completion's delivery, and the receiver got it", async () => {
  await open("webhooks");
  await page.waitForFunction(() =>
    [...document.querySelectorAll("#deliveries td")].some((td) => td.textContent === "order.status_updated"),
  );
  expect(received.length, "the receiver got the completion's webhook").toBeGreaterThan(receivedBefore);
  await shot("webhooks");
});

test("a held action is released from the actions panel, and ends", async () => {
  // A scheduling run for the next day, held by policy.
  await api("PUT", "/_fake/actions/policy/schedule", { hold: true });
  const accepted = await api("POST", "/v2/schedules", { workspaceUuid, date: "2026-11-25" });
  const actionUuid: string = accepted.uuid ?? accepted.actionUuid;
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
  const released = actions.find((a: Json) => a.uuid === actionUuid);
  expect([released?.status, released?.reason], "the released action ended").toEqual(["failed", "no_routes"]);
});

test("the control panel shows its table", async () => {
  await open("control");
  await page.waitForSelector("#panel table");
  await shot("control");
});

test("the console's reads are not journaled", async () => {
  // Only the tests' own calls are (they never read a timeline).
  const { data: journal } = await api("GET", "/_fake/journal");
  expect(journal.filter((e: Json) => e.operationId === "getRouteTimeline")).toEqual([]);
});

test("no page logged a console error or loaded anything from elsewhere", () => {
  expect(problems).toEqual([]);
});
