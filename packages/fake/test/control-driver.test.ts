import { createFake, type Fake } from "@dispatchkit/fake";
import { createClient, publishAndWait, unwrap } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, orderInput, publish, routeInput, scheduledRoute } from "./support/flow.js";
import { orderIn, routeIn } from "./support/inspect.js";

const server = useFakeServer();

/** A published route with `n` orders (no time windows, so the driver never waits). */
async function publishedRoute(fake: Fake, n: number) {
  const scenario = await scheduledRoute(fake, n);
  expect((await publish(fake))?.status).toBe("finished");
  return scenario;
}

async function timeline(fake: Fake, routeUuid: string) {
  const page = await unwrap(clientOf(fake).GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid } } }));
  return page.data;
}

const stripIds = <T extends { id: string }>(records: readonly T[]) => records.map(({ id: _id, ...rest }) => rest);

describe("the driver, by hand (fake.driver)", () => {
  it("a completion by the driver has the API's effects: order, timeline, ETAs, notification, events", async () => {
    // Two fakes with the same seed and the same calls: one completes through the API, the other by the driver.
    const twins = [createFake({ now: "2026-11-23T08:00:00Z" }), createFake({ now: "2026-11-23T08:00:00Z" })];
    const results = [];
    for (const [i, fake] of twins.entries()) {
      const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (r) => fake.fetch(r) });
      const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
      const orders = await unwrap(
        client.POST("/v2/orders", {
          params: { query: { workspaceUuid } },
          body: [0, 1, 2].map((k) => ({
            deliveryDate: "2026-11-23",
            email: `c${k}@example.com`,
            locations: [{ address: `Street ${k}`, latitude: 52.52 + k / 100, longitude: 13.4 }],
          })),
        }),
      );
      const [route] = (
        await unwrap(
          client.POST("/v2/routes", {
            body: {
              workspaceUuid,
              routes: [
                {
                  name: "R",
                  date: "2026-11-23",
                  startTime: "09:00",
                  endTime: "17:00",
                  startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
                },
              ],
            },
          }),
        )
      ).data;
      const uuids = orders.data.map((o) => o.uuid);
      fake.control.assignOrders(route?.uuid ?? "", uuids);
      await unwrap(client.POST("/v2/routes/publish", { body: { workspaceUuid, date: "2026-11-23" } }));
      fake.clock.advance(3_600_000);
      const at = "2026-11-23T08:40:00.000Z";
      if (i === 0) {
        await unwrap(
          client.POST("/v2/orders/{orderUuid}/complete", {
            params: { path: { orderUuid: uuids[0] ?? "" } },
            body: { status: "missed", missedReason: "Nobody home", notes: "Card left", completedAt: at },
          }),
        );
      } else {
        const stop = fake.driver.complete(uuids[0] ?? "", {
          status: "missed",
          missedReason: "Nobody home",
          notes: "Card left",
          at,
        });
        expect(stop).toEqual({
          orderUuid: uuids[0],
          routeUuid: route?.uuid,
          status: "missed",
          arrivedAt: Date.parse(at),
          completedAt: Date.parse(at),
          missedReason: "Nobody home",
          notes: "Card left",
        });
      }
      const order = await unwrap(
        client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: uuids[0] ?? "" } } }),
      );
      const stops = await unwrap(
        client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route?.uuid ?? "" } } }),
      );
      results.push({
        order,
        timeline: stops.data,
        events: stripIds(fake.events),
        notifications: stripIds(fake.notifications),
      });
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0]?.events.map((e) => e.type)).toEqual([
      "route.published",
      "order.status_updated",
      "route.eta_updated",
    ]);
    expect(results[0]?.order).toMatchObject({ status: "missed", deliveryTime: "2026-11-23T08:40:00.000Z" });
  });

  it("arrive records the actual arrival, re-estimates the stops after it and emits route.eta_updated", async () => {
    const { fake } = server;
    const { orders, route } = await publishedRoute(fake, 3);
    const before = await timeline(fake, route);
    const planned = Date.parse(before[1]?.plannedArrivalTime ?? "");
    const late = planned + 15 * 60_000;
    const stop = fake.driver.arrive(orders[0] ?? "", { at: new Date(late) });
    expect(stop).toMatchObject({ orderUuid: orders[0], routeUuid: route, status: "scheduled", arrivedAt: late });
    const after = await timeline(fake, route);
    expect(Date.parse(after[1]?.actualArrivalTime ?? "")).toBe(late);
    expect(after[1]?.actualDepartureTime).toBeNull();
    // 15 minutes late at the first stop: every later estimate moves 15 minutes.
    for (const i of [1, 2, 3]) {
      expect(Date.parse(after[i]?.estimatedArrivalTime ?? "") - Date.parse(before[i]?.estimatedArrivalTime ?? "")).toBe(
        15 * 60_000,
      );
    }
    expect(fake.events.map((e) => e.type)).toEqual(["route.published", "route.eta_updated"]);

    // Completing it keeps the arrival: the service took from arrival to completion.
    const done = fake.driver.complete(orders[0] ?? "", { status: "delivered", at: late + 240_000, notes: "Porch" });
    expect(done).toMatchObject({ status: "delivered", arrivedAt: late, completedAt: late + 240_000, notes: "Porch" });
    const completed = await timeline(fake, route);
    expect(Date.parse(completed[1]?.actualDepartureTime ?? "")).toBe(late + 240_000);
    expect(fake.notifications.map((n) => [n.orderUuid, n.kind])).toEqual([[orders[0], "order_delivered"]]);
  });

  it("completeNext completes the route's stops in sequence (delivered by default)", async () => {
    const { fake } = server;
    const { orders, route } = await publishedRoute(fake, 3);
    const sequence = (await timeline(fake, route)).flatMap((s) => s.orders.map((o) => o.uuid));
    expect(fake.driver.completeNext(route).orderUuid).toBe(sequence[0]);
    expect(fake.driver.completeNext(route, { status: "missed", missedReason: "Gate locked" })).toMatchObject({
      orderUuid: sequence[1],
      status: "missed",
      missedReason: "Gate locked",
    });
    expect(fake.driver.completeNext(route).orderUuid).toBe(sequence[2]);
    expect(new Set(sequence)).toEqual(new Set(orders));
    expect(() => fake.driver.completeNext(route)).toThrow(/every stop of route .* is already completed/);
  });

  it("refuses what a driver cannot do, naming the field or the rule, and changes nothing", async () => {
    const { fake } = server;
    const { orders } = await publishedRoute(fake, 2);
    const planned = await scheduledRoute(fake, 1);
    fake.driver.complete(orders[0] ?? "", { status: "delivered" });
    const before = fake.inspect();
    const refusals: [() => unknown, RegExp][] = [
      [() => fake.driver.arrive("nope"), /Failed to find order: no order with id "nope"/],
      [() => fake.driver.arrive(orders[0] ?? ""), /Failed to arrive at stop: order .* is already delivered/],
      [() => fake.driver.arrive(planned.orders[0] ?? ""), /is not on a published route/],
      [() => fake.driver.complete(orders[0] ?? "", { status: "missed" }), /already delivered/],
      [() => fake.driver.complete(planned.orders[0] ?? "", { status: "delivered" }), /not on a published route/],
      [
        () => fake.driver.complete(orders[1] ?? "", { status: "delivered", missedReason: "x" }),
        /missedReason: missedReason is only allowed when status is missed/,
      ],
      [
        () => fake.driver.complete(orders[1] ?? "", { status: "lost" as "missed" }),
        /status: must be delivered or missed/,
      ],
      [
        () => fake.driver.complete(orders[1] ?? "", { status: "delivered", at: "yesterday" }),
        /at: must be an ISO-8601/,
      ],
      [() => fake.driver.completeNext("nope"), /Failed to find route/],
      [() => fake.driver.completeNext(planned.route), /route .* is not published/],
      [() => fake.driver.auto({ missRate: 1.5 }), /missRate: must be between 0 and 1/],
    ];
    for (const [act, message] of refusals) expect(act).toThrow(message);
    fake.driver.arrive(orders[1] ?? "");
    const arrived = fake.inspect();
    expect(() => fake.driver.arrive(orders[1] ?? "")).toThrow(/the driver already arrived/);
    expect(fake.inspect()).toEqual(arrived);
    expect(before.events.length + 1).toBe(arrived.events.length);
    expect(fake.driver.autoDriver).toBeNull();
  });
});

describe("the auto-driver (fake.driver.auto) as the clock advances", () => {
  it("works through a published route along its timeline: arrivals and completions at the planned times, events in order", async () => {
    const { fake } = server;
    const { route } = await publishedRoute(fake, 3);
    const planned = await timeline(fake, route);
    expect(fake.driver.auto()).toEqual({
      missRate: 0,
      seed: 1,
      missedReason: "Recipient not available",
      routeUuids: null,
    });
    const start = fake.clock.now();
    await fake.advance(10 * 3_600_000);
    expect(fake.clock.now()).toBe(start + 10 * 3_600_000);

    const driven = await timeline(fake, route);
    for (const i of [1, 2, 3]) {
      expect(driven[i]?.orders[0]?.status).toBe("delivered");
      expect(driven[i]?.actualArrivalTime).toBe(planned[i]?.plannedArrivalTime);
      expect(driven[i]?.actualDepartureTime).toBe(planned[i]?.plannedDepartureTime);
    }
    const perStop = ["route.eta_updated", "order.status_updated", "route.eta_updated"];
    expect(fake.events.map((e) => e.type)).toEqual(["route.published", ...perStop, ...perStop, ...perStop]);
    // Each step ran at its instant on the clock: arrival at the planned arrival, completion at the planned departure.
    const instants = fake.events.slice(1).map((e) => new Date(e.createdAt).toISOString());
    const iso = (s: string | null | undefined) => new Date(s ?? "").toISOString();
    expect(instants).toEqual(
      [1, 2, 3].flatMap((i) => [
        iso(planned[i]?.plannedArrivalTime),
        iso(planned[i]?.plannedDepartureTime),
        iso(planned[i]?.plannedDepartureTime),
      ]),
    );
    expect(fake.notifications).toHaveLength(3);
  });

  it("misses stops at the seeded rate, the same stops for the same seed, and stops when told", async () => {
    const outcome = async (seed: number) => {
      const fake = server.fake;
      fake.reset();
      const { route } = await publishedRoute(fake, 8);
      fake.driver.auto({ missRate: 0.5, seed, missedReason: "Closed" });
      await fake.advance(12 * 3_600_000);
      const stops = (await timeline(fake, route)).slice(1);
      return stops.map((s) => s.orders[0]?.status);
    };
    const first = await outcome(3);
    expect(await outcome(3)).toEqual(first);
    expect(first).toContain("missed");
    expect(first).toContain("delivered");
    expect(server.fake.notifications.filter((n) => n.kind === "order_missed").length).toBe(
      first.filter((s) => s === "missed").length,
    );
    expect(server.fake.notifications.find((n) => n.kind === "order_missed")?.message).toMatch(/: Closed\. Details/);

    const { fake } = server;
    fake.reset();
    const { route } = await publishedRoute(fake, 2);
    fake.driver.auto({ routeUuids: [route] });
    fake.driver.stop();
    expect(fake.driver.autoDriver).toBeNull();
    await fake.advance(12 * 3_600_000);
    expect((await timeline(fake, route)).slice(1).map((s) => s.orders[0]?.status)).toEqual(["scheduled", "scheduled"]);
    fake.driver.auto();
    fake.reset();
    expect(fake.driver.autoDriver).toBeNull();
  });
});

describe("the driver's default completion time (no `at`)", () => {
  /** A fake of its own (its clock reads `now`) with a published route of two orders on 2026-11-23 from 09:00. */
  async function routeAhead(now: string) {
    const fake = createFake({ now, baseUrl: "https://driver-defaults.example" });
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (r) => fake.fetch(r) });
    const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
    const created = await unwrap(
      client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body: [orderInput(0), orderInput(1)] }),
    );
    const orders = created.data.map((o) => o.uuid);
    const routes = await unwrap(client.POST("/v2/routes", { body: { workspaceUuid, routes: [routeInput(0)] } }));
    const route = routes.data[0]?.uuid ?? "";
    fake.control.assignOrders(route, orders);
    await publishAndWait(client, { workspaceUuid, date: "2026-11-23" }, { intervalMs: 1 });
    const entries = () => routeIn(fake, route)?.stops ?? [];
    return { fake, orders, route, entries };
  }

  it("after an arrival the driver reported, a delivery takes the order's service time from that arrival", async () => {
    const { fake, orders, entries } = await routeAhead("2026-11-23T08:00:00Z");
    const order = orderIn(fake, orders[0] ?? "");
    fake.driver.arrive(orders[0] ?? "", { at: "2026-11-23T09:40:00Z" });
    // Five days later on the clock: the stop still took its service time, not five days.
    await fake.advance(5 * 86_400_000);
    const stop = fake.driver.complete(orders[0] ?? "", { status: "delivered" });
    expect(stop.arrivedAt).toBe(Date.parse("2026-11-23T09:40:00Z"));
    expect(stop.completedAt).toBe(Date.parse("2026-11-23T09:40:00Z") + (order?.duration ?? 0) * 1000);
    expect(order?.duration).toBeGreaterThan(0);
    expect(Date.parse(entries()[1]?.actualDepartureTime ?? "")).toBe(stop.completedAt);
  });

  it("after an arrival, a miss is at the arrival", async () => {
    const { fake, orders } = await routeAhead("2026-11-23T08:00:00Z");
    fake.driver.arrive(orders[0] ?? "", { at: "2026-11-23T09:40:00Z" });
    const stop = fake.driver.complete(orders[0] ?? "", { status: "missed", missedReason: "Closed" });
    expect(stop.completedAt).toBe(Date.parse("2026-11-23T09:40:00Z"));
  });

  it("a stop still ahead on the clock (a future route) is completed at its estimated times, not days early", async () => {
    const { fake, route, entries } = await routeAhead("2026-11-20T08:00:00Z");
    const [first, second] = entries().filter((e) => e.type === "delivering_stop");
    const serviceMs = (orderIn(fake, first?.orders[0]?.uuid ?? "")?.duration ?? Number.NaN) * 1000;
    const delivered = fake.driver.completeNext(route);
    // Its estimated departure: the estimated arrival and the service time (the orders have no time windows).
    expect(delivered.completedAt).toBe(Date.parse(first?.estimatedArrivalTime ?? "") + serviceMs);
    expect(delivered.completedAt).toBeGreaterThan(Date.parse("2026-11-23T00:00:00Z"));
    const missed = fake.driver.completeNext(route, { status: "missed", missedReason: "Closed" });
    // Re-estimated after the first delivery: the second stop's arrival as it stands now.
    expect(missed.completedAt).toBeGreaterThanOrEqual(Date.parse(second?.estimatedArrivalTime ?? ""));
    expect(new Date(missed.completedAt ?? Number.NaN).toISOString()).toBe(
      orderIn(fake, missed.orderUuid)?.deliveryTime,
    );
  });

  it("a stop the clock has passed, without an arrival, is completed at the clock's now; an explicit `at` always wins", async () => {
    const { fake, orders, route } = await routeAhead("2026-11-23T08:00:00Z");
    await fake.advance(12 * 3_600_000);
    const now = fake.clock.now();
    expect(fake.driver.completeNext(route).completedAt).toBe(now);
    const given = fake.driver.complete(orders[1] ?? "", { status: "delivered", at: "2026-11-23T19:00:00Z" });
    expect(given.completedAt).toBe(Date.parse("2026-11-23T19:00:00Z"));
  });
});
