// The standalone fake's console (/_fake/console) in Chromium, against a built server seeded through the API: 16
// orders on 3 vans of capacity 5 (one left unscheduled), scheduled and published, on the fake's today; 250 orders
// and 12 empty routes the day before; a webhook subscription to a local receiver. One page walks the panels in
// order, so the tests run serially on it. One more test starts the built `dispatch-fake` command with its demo data
// (as `npm start` does) and plans, publishes and drives that day from the console alone. Saves screenshots of every
// panel into docs/images/console-*.png (CONSOLE_SCREENSHOTS=<folder> sets another; CI writes to a temp folder).
import { mkdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { chromiumPath, NO_CHROMIUM, root } from "./chromium.js";
import { type Call, DATE, PREVIOUS_DATE, seedPlan, startDemoCli, startFake } from "./console-seed.js";

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
let timeZone: string;

/** Load the console afresh on a tab (a new page load: the date it opens on, not one picked before). */
const open = async (tab: string) => {
  // From the console's own URL, a goto that changes only the hash would not load the page again.
  await page.goto("about:blank");
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
  const { data: routes } = await api("GET", `/v2/routes?workspaceUuid=${workspaceUuid}&date=${DATE}`);
  used = routes.filter((r: Json) => r.ordersCount > 0);
  scheduled = routes.reduce((n: number, r: Json) => n + r.ordersCount, 0);
  unscheduled = seeded.orders.length - scheduled;
  // The day before: a long list (the card must follow a click far down) and more routes than the fixed palette.
  await seedPlan(api, { orders: 250, routes: 12, capacity: 25, schedule: false, date: PREVIOUS_DATE });
  const { data: workspaces } = await api("GET", "/v2/workspaces");
  timeZone = workspaces[0].timezone;

  // One page for the serial tests, in the worker's browser (the config's chromium and flags).
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  watch(page, running.url);
});

/** Record a page's console errors, uncaught exceptions and requests to anywhere but `url` in {@link problems}. */
function watch(watched: Page, url: string): void {
  watched.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  watched.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  watched.on("request", (request) => {
    if (!request.url().startsWith(url) && !request.url().startsWith("data:"))
      problems.push(`loaded from elsewhere: ${request.url()}`);
  });
}

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

test("it opens on the fake's today, which has routes, not on the first date with routes", async () => {
  await open("overview");
  await expect(page.locator("#date option").first(), "the day before has routes too").toHaveAttribute(
    "value",
    PREVIOUS_DATE,
  );
  await expect(page.locator("#date")).toHaveValue(DATE);
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

test("the card follows a click far down a 250-order list", async () => {
  await open("orders");
  await page.selectOption("#date", PREVIOUS_DATE);
  await expect(page.locator("tr.clickable")).toHaveCount(250);
  for (const index of [120, 249, 3, 239]) {
    const row = page.locator("tr.clickable").nth(index);
    const uuid = await row.getAttribute("data-order");
    await row.click();
    const card = page.locator(`#order-details[data-order="${uuid}"]`);
    await expect(card, `the card of row ${index + 1} is shown`).toHaveCount(1);
    await expect(card, `the card of row ${index + 1} is in view`).toBeInViewport({ ratio: 0.9 });
    await expect(row, `row ${index + 1} stays in view`).toBeInViewport();
  }
  await shot("orders-long");
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
  const form = page.locator(`form.missed-form[data-route="${used[1].uuid}"]`);
  await form.locator(".missed-reason").fill("Gate locked");
  await form.locator(".send-missed").click();
  await page.waitForFunction(() => document.querySelectorAll(".gantt .gantt-actual").length === 2);
  await shot("driver");
});

/** The local clock time of an instant in the workspace's time zone, `HH:MM`. */
const localTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );
const ordersOf = async (date: string): Promise<Json[]> =>
  (await api("GET", `/v2/orders?workspaceUuid=${workspaceUuid}&perPage=500`)).data.filter(
    (o: Json) => o.deliveryDate === date,
  );
/** Open an order's card from the orders panel of the date shown. */
const cardOf = async (uuid: string) => {
  await page.locator(`tr.clickable[data-order="${uuid}"]`).click();
  const card = page.locator(`#order-details[data-order="${uuid}"]`);
  await expect(card).toHaveCount(1);
  return card;
};
const field = (card: ReturnType<Page["locator"]>, name: string) => card.locator(`dt:text-is("${name}") + dd`);

test("the order card says when an order was delivered or missed, and nothing of the sort for an open one", async () => {
  await api("POST", "/_fake/driver/complete", {
    routeUuid: used[1].uuid,
    status: "missed",
    missedReason: "Nobody home",
  });
  const orders = await ordersOf(DATE);
  const delivered = orders.find((o) => o.status === "delivered");
  const missed = orders.find((o) => o.status === "missed" && o.deliveryMissedReason === "Nobody home");
  const scheduledOrder = orders.find((o) => o.status === "scheduled");
  await open("orders");
  const deliveredCard = await cardOf(delivered.uuid);
  await expect(field(deliveredCard, "Delivered at")).toHaveText(localTime(delivered.deliveryTime));
  await expect(deliveredCard.locator("dl")).not.toContainText("Missed");
  const missedCard = await cardOf(missed.uuid);
  await expect(field(missedCard, "Missed at")).toHaveText(localTime(missed.deliveryTime));
  await expect(field(missedCard, "Missed reason")).toHaveText("Nobody home");
  await expect(missedCard.locator("dl")).not.toContainText("Delivered at");
  const openCard = await cardOf(scheduledOrder.uuid);
  await expect(openCard.locator("dt").first()).toHaveText("Order");
  await expect(openCard.locator("dl")).not.toContainText("Delivered at");
  await expect(openCard.locator("dl")).not.toContainText("Missed");
});

test("the timeline shows only its date: a stop completed the next day is listed below, not drawn", async () => {
  const route = used[2] ?? used[0];
  const stop = await api("POST", "/_fake/driver/complete", {
    routeUuid: route.uuid,
    status: "delivered",
    at: "2026-11-25T09:00:00.000Z",
  });
  // Read from the orders, not the timelines: the tests never read a timeline (see the journal's check below).
  const localDate = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(iso));
  expect(localDate(stop.completedAt), "completed the next day").toBe("2026-11-25");
  const completedToday = (await ordersOf(DATE)).filter(
    (o) => o.deliveryTime !== null && localDate(o.deliveryTime) === DATE,
  ).length;
  await open("timelines");
  await page.waitForSelector(".gantt .gantt-planned");
  await expect(page.locator(".gantt .gantt-actual"), "only the stops completed on the date").toHaveCount(
    completedToday,
  );
  await expect(page.locator(`.gantt .gantt-actual[data-order="${stop.orderUuid}"]`)).toHaveCount(0);
  await expect(page.locator(`.gantt .gantt-elsewhere[data-order="${stop.orderUuid}"]`)).toHaveCount(1);
  await expect(page.locator("#gantt-elsewhere")).toContainText(`Nov 25, ${localTime(stop.completedAt)}`);
  // The chart's hours stay the route's day: nothing is drawn past its last hour line.
  const right = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll(".gantt line")].map((l) => Number(l.getAttribute("x1")))),
  );
  const drawn = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll(".gantt .gantt-actual, .gantt .gantt-planned, .gantt .gantt-estimated")].map(
        (r) => Number(r.getAttribute("x")) + Number(r.getAttribute("width")),
      ),
    ),
  );
  expect(drawn).toBeLessThanOrEqual(right + 1);
  await shot("timelines");
  // The card gives the completion's date, as it is not today.
  await open("orders");
  await expect(field(await cardOf(stop.orderUuid), "Delivered at")).toHaveText(
    `Nov 25, ${localTime(stop.completedAt)}`,
  );
});

/** Hue (degrees) and chroma (0–1) of a CSS `rgb(…)` colour. */
function hueOf(colour: string): { hue: number; chroma: number } {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => Number(n) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  if (chroma === 0) return { hue: 0, chroma };
  const hue = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return { hue: hue * 60, chroma };
}

/** The colours the page gives routes and statuses, as computed (`rgb(…)`). */
const coloursOnPage = () =>
  page.evaluate(() => {
    const of = (selector: string, property: string) =>
      [...document.querySelectorAll(selector)].map((e) => getComputedStyle(e).getPropertyValue(property));
    return {
      route: [
        ...of(".route-swatch", "background-color"),
        ...of(".map .route-path", "stroke"),
        ...of(".map .depot", "stroke"),
        ...of(".map .stop", "stroke"),
        ...of(".gantt .label", "fill"),
      ],
      status: [
        ...of(".status", "color"),
        ...of(".status", "background-color"),
        ...of(".status-swatch", "background-color"),
        ...of(".map .stop", "fill"),
        ...of(".map .unscheduled path", "stroke"),
        ...of(".gantt .gantt-actual", "fill"),
        ...of(".gantt .gantt-estimated", "fill"),
      ],
    };
  });

test("route colours never equal status colours, nor come near their hues", async () => {
  const route = new Set<string>();
  const status = new Set<string>();
  const add = (found: { route: string[]; status: string[] }) => {
    for (const c of found.route) route.add(c);
    for (const c of found.status) status.add(c);
  };
  await open("map");
  await page.waitForSelector(".map .route-path");
  await page.locator(".map .stop").first().click();
  await page.waitForSelector("#order-details .status");
  add(await coloursOnPage());
  await open("timelines");
  await page.waitForSelector(".gantt .gantt-actual");
  add(await coloursOnPage());
  await open("map");
  await page.selectOption("#date", PREVIOUS_DATE);
  await expect(page.locator(".legend .route-swatch")).toHaveCount(12);
  add(await coloursOnPage());
  const hues = (colours: Set<string>) =>
    [...colours].map((c) => ({ c, ...hueOf(c) })).filter((c) => c.chroma >= 0.05 && !/, 0\)$/.test(c.c));
  expect(hues(route).length, "12 routes give 12 colours at least").toBeGreaterThanOrEqual(12);
  expect(status, "delivered green is a status colour").toContain("rgb(46, 125, 50)");
  expect(status, "missed red is a status colour").toContain("rgb(198, 40, 40)");
  expect(
    [...route].filter((c) => status.has(c)),
    "no colour is both",
  ).toEqual([]);
  const near = hues(route).flatMap((r) =>
    hues(status)
      .filter((st) => Math.min(Math.abs(r.hue - st.hue), 360 - Math.abs(r.hue - st.hue)) < 30)
      .map((st) => `${r.c} (route) near ${st.c} (status)`),
  );
  expect(near, "every route hue is 30° or more from every status hue").toEqual([]);
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
  await expect(page.locator("#pending-actions time.created").first(), "today's times have no date").toHaveText(
    /^\d\d:\d\d:\d\d$/,
  );
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

test("the date you pick stays, though a read that began before the pick answers after it", async () => {
  await open("orders");
  let started = 0;
  let finished = 0;
  // Every read of the orders is held 700 ms: a pick lands while one is in flight.
  await page.route(/\/v2\/orders\?/, async (route) => {
    started++;
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue().catch(() => undefined);
  });
  const ordersRead = (request: { url(): string }) => {
    if (/\/v2\/orders\?/.test(request.url())) finished++;
  };
  page.on("requestfinished", ordersRead);
  try {
    for (const [i, date] of [PREVIOUS_DATE, DATE, PREVIOUS_DATE, DATE, PREVIOUS_DATE, DATE].entries()) {
      const before = started;
      await expect.poll(() => started, { timeout: 10_000 }).toBeGreaterThan(before);
      await page.selectOption("#date", date);
      const picked = finished;
      // Two reads answer after the pick: the one in flight (begun before it) and the next.
      await expect.poll(() => finished, { timeout: 15_000 }).toBeGreaterThanOrEqual(picked + 2);
      expect(await page.inputValue("#date"), `try ${i + 1}: the picked date stays`).toBe(date);
      await expect(page.locator("#panel h2").first(), `try ${i + 1}: the panel shows it`).toContainText(
        `Orders of ${date}`,
      );
    }
  } finally {
    page.off("requestfinished", ordersRead);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
  await expect(page.locator("#problem"), "an abandoned read is no problem").toHaveText("");
});

test("the console's reads are not journaled", async () => {
  // Only the tests' own calls are (they never read a timeline).
  const { data: journal } = await api("GET", "/_fake/journal");
  expect(journal.filter((e: Json) => e.operationId === "getRouteTimeline")).toEqual([]);
});

test("once the clock has passed the plan's days, it opens on the first date with routes and times carry dates", async () => {
  await api("POST", "/_fake/clock/advance", { ms: 3 * 24 * 3600_000 });
  await open("actions");
  await expect(page.locator("#date"), "today has no routes").toHaveValue(PREVIOUS_DATE);
  const created = page.locator("#all-actions time.created");
  await expect(created.first()).toHaveText(/^Nov 24, \d\d:\d\d:\d\d$/);
  await open("webhooks");
  await expect(page.locator("#deliveries .attempts li").first()).toHaveText(/^Nov 2[45], \d\d:\d\d:\d\d /);
  await open("control");
  // The oldest call, from the day the plan was seeded.
  await expect(page.locator("#journal time.at").last()).toHaveText(/^Nov 24, \d\d:\d\d:\d\d$/);
  await open("orders");
  await page.selectOption("#date", DATE);
  const delivered = (await ordersOf(DATE)).find((o) => o.status === "delivered" && o.deliveryTime.startsWith(DATE));
  await expect(field(await cardOf(delivered.uuid), "Delivered at")).toHaveText(
    `Nov 24, ${localTime(delivered.deliveryTime)}`,
  );
});

test("from the demo data, the console schedules, publishes and drives the day without curl", async ({ browser }) => {
  // The demo data as `npm start` seeds it: 24 orders, 3 empty routes, nothing scheduled, on the fake's today.
  const demo = await startDemoCli();
  const demoPage = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  watch(demoPage, demo.url);
  try {
    const { data: workspaces } = await demo.api("GET", "/v2/workspaces");
    const demoWorkspace: string = workspaces[0].uuid;
    const routesOfDay = async (): Promise<Json[]> =>
      (await demo.api("GET", `/v2/routes?workspaceUuid=${demoWorkspace}&date=${DATE}`)).data;
    const ordersOfDay = async (): Promise<Json[]> =>
      (await demo.api("GET", `/v2/orders?workspaceUuid=${demoWorkspace}&perPage=500`)).data;
    const firstStop = async (routeUuid: string): Promise<Json> =>
      (await demo.api("GET", `/v2/routes/${routeUuid}/timeline`)).data.find(
        (st: Json) => st.type === "delivering_stop",
      );
    const tab = async (name: string) => {
      // The tabs' links: the page is never loaded again, so the console keeps what it started.
      await demoPage.click(`nav a[href="#${name}"]`);
      await demoPage.waitForSelector(`#panel[data-tab="${name}"]`);
    };
    await demoPage.goto(`${demo.url}/_fake/console#map`);
    await expect(demoPage.locator("#date")).toHaveValue(DATE);
    await expect(demoPage.locator("#plan h2")).toHaveText(`Schedule and publish ${DATE}`);
    await expect(demoPage.locator(".map .unscheduled"), "nothing scheduled yet").toHaveCount(24);
    await expect(demoPage.locator(".map .route-path")).toHaveCount(0);

    // Publishing empty routes publishes nothing: each route is skipped, and says why.
    await demoPage.click("#publish");
    await expect(demoPage.locator('#publish-outcome[data-status="finished"]')).toContainText(
      "0 published · 3 skipped · 0 failed",
    );
    await expect(demoPage.locator("#publish-outcome li")).toHaveText([
      "Demo route 1: route has no orders",
      "Demo route 2: route has no orders",
      "Demo route 3: route has no orders",
    ]);

    // A request the API refuses (an injected fault) says why, and starts nothing.
    await demo.api("POST", "/_fake/faults", { operationId: "createSchedule", status: 503, times: 1 });
    await demoPage.click("#schedule");
    await expect(demoPage.locator('#schedule-outcome[data-status="error"]')).toContainText("POST /v2/schedules: 503");
    expect((await demo.api("GET", "/v2/schedules")).data, "no run started").toEqual([]);
    // Chromium logs the refused request as an error of the page: the one expected here, taken out of the problems.
    const refused = () => problems.findIndex((p) => p.includes("status of 503"));
    await expect.poll(refused, { message: "the refused request was logged" }).toBeGreaterThanOrEqual(0);
    problems.splice(refused(), 1);

    // Schedule with the options picked: the request carries them, and the run's counts show.
    await demoPage.selectOption("#schedule-travel-mode", "bicycle");
    await demoPage.check("#schedule-balance");
    const sent = demoPage.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/v2/schedules"));
    await demoPage.click("#schedule");
    expect((await sent).postDataJSON()).toEqual({
      workspaceUuid: demoWorkspace,
      date: DATE,
      options: { minimizeRoutes: false, balance: true, travelMode: "bicycle" },
    });
    await expect(demoPage.locator('#schedule-outcome[data-status="finished"]')).toContainText(
      "orders scheduled · 0 unscheduled",
    );
    const { data: runs } = await demo.api("GET", "/v2/schedules");
    expect(runs, "one run, from the console").toHaveLength(1);
    const usedRoutes = (await routesOfDay()).filter((r) => r.ordersCount > 0);
    await expect(demoPage.locator("#schedule-outcome")).toContainText(
      `${runs[0].actionSummary.routesUsed} routes used · 24 orders scheduled`,
    );
    expect(usedRoutes.length, "the demo's 24 orders need two routes at least").toBeGreaterThanOrEqual(2);
    await expect(demoPage.locator(".map .route-path"), "the map shows the plan").toHaveCount(usedRoutes.length);
    await expect(demoPage.locator(".map .stop")).toHaveCount(24);
    await expect(demoPage.locator(".map .unscheduled")).toHaveCount(0);

    await demoPage.click("#publish");
    await expect(demoPage.locator('#publish-outcome[data-status="finished"]')).toContainText(
      `${usedRoutes.length} published · ${3 - usedRoutes.length} skipped · 0 failed`,
    );
    await demoPage.screenshot({ path: join(shots, "console-plan.png") });

    // A second run finds every route published (locked): it fails, and says why.
    await demoPage.click("#schedule");
    await expect(demoPage.locator('#schedule-outcome[data-status="failed"]')).toContainText("reason: no_routes");

    await tab("timelines");
    await expect(demoPage.locator(".gantt .gantt-planned"), "the timelines show the plan").toHaveCount(24);
    await tab("driver");
    const [first, second] = [usedRoutes[0], usedRoutes[1]];
    const deliveredStop = await firstStop(first.uuid);
    const missedStop = await firstStop(second.uuid);
    await demoPage.locator(`button.deliver[data-route="${first.uuid}"]`).click();
    await expect(demoPage.locator(".gantt .gantt-actual")).toHaveCount(1);

    // Missed asks why; without a reason, it sends nothing.
    await demoPage.locator(`button.miss[data-route="${second.uuid}"]`).click();
    const form = demoPage.locator(`form.missed-form[data-route="${second.uuid}"]`);
    await expect(form.locator(".missed-reason")).toBeFocused();
    await form.locator(".send-missed").click();
    await expect(form.locator("[role=alert]")).toContainText("Give a reason");
    await form.locator(".missed-reason").fill("Nobody home");
    await expect(form.locator("[role=alert]"), "typing clears the message").toHaveText("");
    await form.locator(".missed-notes").fill("Left a card in the letterbox");
    // Away from the form, the panel is drawn again: what was typed stays.
    await demoPage.locator("#panel h2").first().click();
    await demoPage.evaluate(() => (window as unknown as { dispatchConsole: { draw(): void } }).dispatchConsole.draw());
    await expect(form.locator(".missed-reason")).toHaveValue("Nobody home");
    await expect(form.locator(".missed-notes")).toHaveValue("Left a card in the letterbox");
    expect(
      (await ordersOfDay()).filter((o) => o.status === "missed"),
      "nothing sent yet",
    ).toEqual([]);
    await demoPage.screenshot({ path: join(shots, "console-missed.png") });
    await form.locator(".send-missed").click();
    await expect(form).toHaveCount(0);
    await expect(demoPage.locator(".gantt .gantt-actual")).toHaveCount(2);

    // Completed without a time, each stop the clock has not reached is completed at its estimate.
    const orders = await ordersOfDay();
    const delivered = orders.find((o) => o.uuid === deliveredStop.orders[0].uuid);
    const missed = orders.find((o) => o.uuid === missedStop.orders[0].uuid);
    expect([delivered.status, missed.status]).toEqual(["delivered", "missed"]);
    expect(Date.parse(delivered.deliveryTime), "delivered at the estimated departure").toBe(
      Date.parse(deliveredStop.plannedDepartureTime),
    );
    expect(Date.parse(missed.deliveryTime), "missed at the estimated arrival").toBe(
      Date.parse(missedStop.estimatedArrivalTime),
    );
    expect([missed.deliveryMissedReason, missed.deliveryNotes]).toEqual([
      "Nobody home",
      "Left a card in the letterbox",
    ]);

    await tab("orders");
    await demoPage.locator(`tr.clickable[data-order="${missed.uuid}"]`).click();
    const card = demoPage.locator(`#order-details[data-order="${missed.uuid}"]`);
    await expect(field(card, "Missed reason")).toHaveText("Nobody home");
    await expect(field(card, "Delivery notes")).toHaveText("Left a card in the letterbox");
    await demoPage.screenshot({ path: join(shots, "console-order-missed.png") });
    await demoPage.locator(`tr.clickable[data-order="${delivered.uuid}"]`).click();
    const deliveredCard = demoPage.locator(`#order-details[data-order="${delivered.uuid}"]`);
    await expect(field(deliveredCard, "Delivered at")).toBeVisible();
    await expect(field(deliveredCard, "Delivery notes")).toHaveText("none");
  } finally {
    await demoPage.close();
    await demo.close();
  }
});

test("no page logged a console error or loaded anything from elsewhere", () => {
  expect(problems).toEqual([]);
});
