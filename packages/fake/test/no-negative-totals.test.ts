/**
 * No total or duration in any answer is ever negative, and no timeline runs backwards, over scenarios that bend
 * time: the README's flow (a completion the day before the shift), completions a week early and the next day,
 * out of sequence, a missed stop, driver arrivals before the shift, an update and a deletion on a published
 * route, an end location, a day when clocks change, what-if and minimized runs. Every answer the fake sends in
 * these tests is walked, whatever its operation.
 */
import { createClient, type DispatchClient, publishAndWait, scheduleAndWait, unwrap } from "@dispatchkit/sdk";
import { beforeEach, describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { workspaceOf } from "./support/flow.js";

const server = useFakeServer();

/** Keys whose numbers are totals, durations, distances, loads or counts: none may be negative. */
const NON_NEGATIVE =
  /InSeconds$|InKilometers$|^duration$|^load$|^ordersCount$|^routesUsed$|^orders(Scheduled|Unscheduled)$|^total(Pages|Items)$|^sequence$/;
const INSTANT = /Time$/;

interface Finding {
  url: string;
  path: string;
  value: unknown;
}

const negatives: Finding[] = [];
const backwards: Finding[] = [];
let answers = 0;

/** Walk a JSON answer: numbers under {@link NON_NEGATIVE} keys, and the instants of a timeline in order. */
function walk(url: string, value: unknown, path: string, key: string): void {
  if (typeof value === "number" && NON_NEGATIVE.test(key) && value < 0) negatives.push({ url, path, value });
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      walk(url, v, `${path}[${i}]`, key);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walk(url, v, `${path}.${k}`, k);
  }
}

/** A timeline's estimated instants never go backwards; a solution stop's departure is never before its arrival. */
function checkOrder(url: string, body: unknown): void {
  if (url.includes("/timeline")) {
    const stops = (body as { data: Record<string, string | null>[] }).data;
    let previous = -Infinity;
    stops.forEach((stop, i) => {
      for (const key of Object.keys(stop).filter((k) => INSTANT.test(k))) {
        const at = stop[key];
        if (at && Number.isNaN(Date.parse(at))) backwards.push({ url, path: `[${i}].${key}`, value: at });
      }
      const at = stop.estimatedArrivalTime ? Date.parse(stop.estimatedArrivalTime) : null;
      if (at !== null) {
        if (at < previous)
          backwards.push({ url, path: `[${i}].estimatedArrivalTime`, value: stop.estimatedArrivalTime });
        previous = at;
      }
    });
  }
  if (url.endsWith("/solution")) {
    const routes = (body as { routes: { stops: { arrivalTime: string; departureTime: string }[] }[] }).routes;
    for (const route of routes) {
      for (const stop of route.stops) {
        if (Date.parse(stop.departureTime) < Date.parse(stop.arrivalTime)) {
          backwards.push({ url, path: "stops", value: stop });
        }
      }
    }
  }
}

server.server.events.on("response:mocked", ({ request, response }) => {
  if (!request.url.startsWith(server.fake.baseUrl) || response.type === "error") return;
  const copy = response.clone();
  if (!copy.headers.get("content-type")?.includes("json")) return;
  void copy.json().then((body: unknown) => {
    answers += 1;
    walk(request.url, body, "", "");
    checkOrder(request.url, body);
  });
});

beforeEach(() => {
  negatives.length = 0;
  backwards.length = 0;
  answers = 0;
});

const TOMORROW = "2026-11-24";
const DEPOT = { address: "Depot, Berlin", latitude: 52.5, longitude: 13.4 };

/** `n` orders for `date` near the depot, `routes` routes of that date, scheduled (not yet published). */
async function scheduled(
  n: number,
  options: { date?: string; routes?: number; route?: Record<string, unknown>; order?: Record<string, unknown> } = {},
) {
  const { fake } = server;
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
  const workspaceUuid = workspaceOf(fake).uuid;
  const date = options.date ?? TOMORROW;
  const { data: orders } = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: Array.from({ length: n }, (_, i) => ({
        name: `Customer ${i}`,
        deliveryDate: date,
        locations: [{ address: `Street ${i}`, latitude: 52.51 + i * 0.004, longitude: 13.41 - i * 0.003 }],
        ...options.order,
      })),
    }),
  );
  const { data: routes } = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: Array.from({ length: options.routes ?? 1 }, (_, i) => ({
          name: `Van ${i}`,
          date,
          startTime: "08:00",
          endTime: "18:00",
          startLocation: DEPOT,
          ...options.route,
        })),
      },
    }),
  );
  const plan = await scheduleAndWait(client, { workspaceUuid, date });
  return { client, workspaceUuid, date, orders: orders.map((o) => o.uuid), routes: routes.map((r) => r.uuid), plan };
}

/** Read every route, timeline, order and run of the workspace (each answer is walked). */
async function readEverything(client: DispatchClient, workspaceUuid: string, date: string) {
  const routes = await unwrap(client.GET("/v2/routes", { params: { query: { workspaceUuid, date } } }));
  for (const route of routes.data) {
    await unwrap(client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route.uuid } } }));
    await unwrap(client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route.uuid } } }));
  }
  await unwrap(client.GET("/v2/orders", { params: { query: { workspaceUuid, date } } }));
  const runs = await unwrap(client.GET("/v2/schedules"));
  for (const run of runs.data.filter((r) => r.status === "finished")) {
    await unwrap(
      client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid: run.actionUuid } } }),
    );
  }
  return routes.data;
}

async function expectNothingNegative(client: DispatchClient, workspaceUuid: string, date: string) {
  const routes = await readEverything(client, workspaceUuid, date);
  // Let the last answers be walked (the listener reads copies asynchronously).
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(answers).toBeGreaterThan(5);
  expect(negatives).toEqual([]);
  expect(backwards).toEqual([]);
  return routes;
}

const complete = (client: DispatchClient, orderUuid: string, body: Record<string, unknown>) =>
  unwrap(client.POST("/v2/orders/{orderUuid}/complete", { params: { path: { orderUuid } }, body: body as never }));

describe("no total or duration is ever negative", () => {
  it("the README flow: completed the day before the shift", async () => {
    const { client, workspaceUuid, date, orders } = await scheduled(1, {
      order: { timeWindows: [{ startTime: "09:00", endTime: "12:00" }] },
    });
    await publishAndWait(client, { workspaceUuid, date });
    await complete(client, orders[0] ?? "", { status: "delivered" });
    const [route] = await expectNothingNegative(client, workspaceUuid, date);
    expect(route?.workingTimeInSeconds).toBeGreaterThan(0);
  });

  it("completions a week early, out of sequence, the next day, and a missed stop", async () => {
    const { client, workspaceUuid, date, orders } = await scheduled(4);
    await publishAndWait(client, { workspaceUuid, date });
    const [a = "", b = "", c = "", d = ""] = orders;
    await complete(client, c, { status: "delivered", completedAt: "2026-11-17T07:00:00Z" });
    await complete(client, a, { status: "missed", missedReason: "nobody home", completedAt: "2026-11-25T20:00:00Z" });
    await complete(client, d, { status: "delivered", completedAt: "2026-11-24T06:00:00Z" });
    await complete(client, b, { status: "delivered" });
    await expectNothingNegative(client, workspaceUuid, date);
  });

  it("driver arrivals before the shift, then completions", async () => {
    const { fake } = server;
    const { client, workspaceUuid, date, orders } = await scheduled(3);
    await publishAndWait(client, { workspaceUuid, date });
    const early = Date.parse("2026-11-24T05:00:00Z");
    fake.driver.arrive(orders[1] ?? "", { at: early });
    fake.driver.complete(orders[1] ?? "", { status: "delivered", at: early + 60_000 });
    fake.driver.arrive(orders[0] ?? "", { at: early + 120_000 });
    await expectNothingNegative(client, workspaceUuid, date);
  });

  it("an update and a deletion on scheduled routes, with an end location", async () => {
    const { client, workspaceUuid, date, orders } = await scheduled(4, { routes: 2, route: { endLocation: DEPOT } });
    const [a = "", b = ""] = orders;
    await unwrap(
      client.PUT("/v2/orders/{orderUuid}", {
        params: { path: { orderUuid: a } },
        body: {
          deliveryDate: date,
          locations: [{ address: "Far away", latitude: 52.6, longitude: 13.6 }],
          timeWindows: [{ startTime: "06:00", endTime: "06:30" }],
          duration: 86_400,
        },
      }),
    );
    await client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: b } } });
    await server.fake.runUntilIdle();
    await expectNothingNegative(client, workspaceUuid, date);
  });

  it("the day clocks go back in Berlin, a minimized run, and a what-if", async () => {
    const date = "2026-10-25";
    const { client, workspaceUuid } = await scheduled(5, {
      date,
      routes: 3,
      route: { startTime: "01:00", endTime: "04:00" },
      order: { timeWindows: [{ startTime: "02:00", endTime: "03:30" }] },
    });
    await scheduleAndWait(client, {
      workspaceUuid,
      date,
      options: { minimizeRoutes: true, balance: false, travelMode: "car" },
    });
    await scheduleAndWait(client, {
      workspaceUuid,
      date,
      whatIf: {
        orders: [{ name: "W", locations: [{ address: "x", latitude: 52.52, longitude: 13.41 }] }],
        routes: [{ name: "V", date, startTime: "02:00", endTime: "03:00", startLocation: DEPOT }],
      },
    } as never);
    await expectNothingNegative(client, workspaceUuid, date);
  });
});
