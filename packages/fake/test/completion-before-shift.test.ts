// Regression: completing an order on a published route before the route's shift start (the README's flow does
// it: `completedAt` defaults to now, the route is for tomorrow) answered `workingTimeInSeconds: -82800` and a
// timeline that ran backwards. The route now starts at the earlier of its shift start and its earliest actual
// arrival less the drive there, and estimated instants never go backwards (`docs/api-contract.md` section 4).
import type { GeoPoint, TravelProvider } from "@dispatchkit/fake";
import { createClient, publishAndWait, scheduleAndWait, unwrap } from "@dispatchkit/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { clientOf, workspaceOf } from "./support/flow.js";

const same = (a: GeoPoint, b: GeoPoint) => a.latitude === b.latitude && a.longitude === b.longitude;
/** Every drive between two different places takes 10 minutes over 5 km: times are easy to check by hand. */
const tenMinuteLegs: TravelProvider = (points) => ({
  durations: points.map((a) => points.map((b) => (same(a, b) ? 0 : 600))),
  distances: points.map((a) => points.map((b) => (same(a, b) ? 0 : 5000))),
});

// The fake's clock is 2026-11-23T08:00Z (09:00 in Berlin); the routes are for the next day.
const server = useFakeServer({ travel: tenMinuteLegs });
const TOMORROW = "2026-11-24";
const DEPOT = { address: "Depot, Berlin", latitude: 52.5, longitude: 13.4 };

/** `n` orders of 300 s without windows, each at its own place, on one published route for tomorrow. */
async function publishedRoute(n: number, extra: Record<string, unknown> = {}) {
  const { fake } = server;
  const client = clientOf(fake);
  const workspaceUuid = workspaceOf(fake).uuid;
  const { data: orders } = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: Array.from({ length: n }, (_, i) => ({
        name: `Customer ${i}`,
        deliveryDate: TOMORROW,
        locations: [{ address: `Street ${i}, Berlin`, latitude: 52.51 + i * 0.01, longitude: 13.41 }],
      })),
    }),
  );
  const { data: routes } = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [
          { name: "Van 1", date: TOMORROW, startTime: "08:00", endTime: "18:00", startLocation: DEPOT, ...extra },
        ],
      },
    }),
  );
  const route = routes[0]!.uuid;
  fake.control.assignOrders(
    route,
    orders.map((o) => o.uuid),
  );
  await publishAndWait(client, { workspaceUuid, date: TOMORROW });
  return { client, route, orders: orders.map((o) => o.uuid) };
}

async function readRoute(client: ReturnType<typeof clientOf>, routeUuid: string) {
  const route = await unwrap(client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid } } }));
  const timeline = await unwrap(client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid } } }));
  return { route, stops: timeline.data };
}

const times = (stop: Record<string, unknown> | undefined) => ({
  estimated: stop?.estimatedArrivalTime,
  actual: [stop?.actualArrivalTime, stop?.actualDepartureTime],
});

describe("completing an order before its route's shift start (working time was negative)", () => {
  it("README flow completing before the shift: the route starts in time to drive to the stop", async () => {
    const { fake } = server;
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const [workspace] = (await unwrap(client.GET("/v2/workspaces"))).data;
    const workspaceUuid = workspace!.uuid;
    const stop = { address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401 };
    const { data: orders } = await unwrap(
      client.POST("/v2/orders", {
        params: { query: { workspaceUuid } },
        body: [
          {
            name: "Ada",
            deliveryDate: TOMORROW,
            locations: [stop],
            timeWindows: [{ startTime: "09:00", endTime: "12:00" }],
          },
        ],
      }),
    );
    await unwrap(
      client.POST("/v2/routes", {
        body: {
          workspaceUuid,
          routes: [{ name: "Van 1", date: TOMORROW, startTime: "08:00", endTime: "18:00", startLocation: DEPOT }],
        },
      }),
    );
    const plan = await scheduleAndWait(client, { workspaceUuid, date: TOMORROW });
    await publishAndWait(client, { workspaceUuid, date: TOMORROW });
    await unwrap(
      client.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid: orders[0]!.uuid } },
        body: { status: "delivered" }, // completedAt: now, a day before the shift
      }),
    );

    const { route, stops } = await readRoute(client, plan.routes[0]!.routeUuid);
    // 10 minutes' drive to the stop, then its 300 s of service ending at 09:00 on the 23rd.
    expect(route.workingTimeInSeconds).toBe(900);
    expect(stops.map(times)).toEqual([
      { estimated: "2026-11-23T08:45:00.000+01:00", actual: [null, null] },
      {
        estimated: "2026-11-23T08:55:00.000+01:00",
        actual: ["2026-11-23T08:55:00.000+01:00", "2026-11-23T09:00:00.000+01:00"],
      },
    ]);
    // The plan fixed at publish stays the plan.
    expect(stops.map((s) => s.plannedArrivalTime)).toEqual([
      "2026-11-24T08:00:00.000+01:00",
      "2026-11-24T09:00:00.000+01:00",
    ]);
    // The event carries the same route, and it is valid too.
    const validator = createContractValidator();
    const etaUpdated = fake.events.find((e) => e.type === "route.eta_updated");
    expect(etaUpdated?.data).toMatchObject({ route: { workingTimeInSeconds: 900 } });
    expect(
      validator.checkEvent({
        id: etaUpdated?.id,
        type: etaUpdated?.type,
        createdAt: new Date(etaUpdated?.createdAt ?? 0).toISOString(),
        data: etaUpdated?.data,
      }),
    ).toEqual([]);
  });

  it("a completion far before the shift (a week early, out of sequence): nothing runs backwards", async () => {
    const { client, route: routeUuid, orders } = await publishedRoute(3);
    await unwrap(
      client.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid: orders[1]! } },
        body: { status: "delivered", completedAt: "2026-11-17T07:00:00.000Z" },
      }),
    );
    const { route, stops } = await readRoute(client, routeUuid);
    expect(stops.map(times)).toEqual([
      // The route started a week early: the second stop's actual arrival less the 10 minutes' drive there.
      { estimated: "2026-11-17T07:45:00.000+01:00", actual: [null, null] },
      // The first stop is still pending: estimated from the shift start, as planned.
      { estimated: "2026-11-24T08:10:00.000+01:00", actual: [null, null] },
      // Completed before the stop ahead of it: its actual times stay, its estimate does not go backwards.
      {
        estimated: "2026-11-24T08:15:00.000+01:00",
        actual: ["2026-11-17T07:55:00.000+01:00", "2026-11-17T08:00:00.000+01:00"],
      },
      { estimated: "2026-11-24T08:25:00.000+01:00", actual: [null, null] },
    ]);
    // From 07:45 on the 17th to 08:30 on the 24th: a week and 45 minutes.
    expect(route.workingTimeInSeconds).toBe(7 * 86_400 + 45 * 60);
  });

  it("a missed stop before the shift: the stops after it are estimated from the miss", async () => {
    const { client, route: routeUuid, orders } = await publishedRoute(2, { endLocation: DEPOT });
    await unwrap(
      client.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid: orders[0]! } },
        body: { status: "missed", missedReason: "nobody home", completedAt: "2026-11-24T06:30:00.000Z" },
      }),
    );
    const { route, stops } = await readRoute(client, routeUuid);
    expect(stops.map(times)).toEqual([
      { estimated: "2026-11-24T07:20:00.000+01:00", actual: [null, null] },
      // Nobody served: arrival and departure are both the miss.
      {
        estimated: "2026-11-24T07:30:00.000+01:00",
        actual: ["2026-11-24T07:30:00.000+01:00", "2026-11-24T07:30:00.000+01:00"],
      },
      { estimated: "2026-11-24T07:40:00.000+01:00", actual: [null, null] },
      { estimated: "2026-11-24T07:55:00.000+01:00", actual: [null, null] },
    ]);
    // 07:20 to the arrival back at the depot at 07:55.
    expect(route.workingTimeInSeconds).toBe(35 * 60);
  });

  it("any completions, in any order, at any time: working time ≥ 0 and every instant within the route", async () => {
    const day = Date.parse("2026-11-24T00:00:00Z");
    const completion = fc.record({
      index: fc.nat({ max: 3 }),
      missed: fc.boolean(),
      // From three days before the route's date to two days after it, to the second.
      offsetSeconds: fc.integer({ min: -3 * 86_400, max: 2 * 86_400 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(completion, { maxLength: 6 }), fc.boolean(), async (completions, endAtDepot) => {
        server.fake.reset();
        const { client, route: routeUuid, orders } = await publishedRoute(4, endAtDepot ? { endLocation: DEPOT } : {});
        const done = new Set<number>();
        for (const c of completions) {
          if (done.has(c.index)) continue;
          done.add(c.index);
          const completedAt = new Date(day + c.offsetSeconds * 1000).toISOString();
          await unwrap(
            client.POST("/v2/orders/{orderUuid}/complete", {
              params: { path: { orderUuid: orders[c.index]! } },
              body: c.missed
                ? { status: "missed", missedReason: "closed", completedAt }
                : { status: "delivered", completedAt },
            }),
          );
        }
        const { route, stops } = await readRoute(client, routeUuid);
        const start = Date.parse(stops[0]!.estimatedArrivalTime!);
        const end = start + route.workingTimeInSeconds * 1000;
        expect(route.workingTimeInSeconds).toBeGreaterThanOrEqual(0);
        const estimated = stops.map((s) => Date.parse(s.estimatedArrivalTime!));
        expect(estimated).toEqual([...estimated].sort((a, b) => a - b));
        for (const s of stops) {
          for (const instant of [s.estimatedArrivalTime, s.actualArrivalTime, s.actualDepartureTime]) {
            if (instant === null) continue;
            expect(Date.parse(instant)).toBeGreaterThanOrEqual(start);
            expect(Date.parse(instant)).toBeLessThanOrEqual(end);
          }
        }
      }),
      { numRuns: 20, seed: 20261124 },
    );
  });
});
