import { describe, expect, it } from "vitest";
import { type GeoPoint, greatCircleKm, greatCircleLegs, greatCircleTravel, hashGeocoder } from "../geo.js";
import { isoWithOffset, localInstant } from "../time.js";
import { buildProblem, ON_DEMAND_TRAVEL_POINTS, type PlanOrder, type PlanRoute, plan } from "./planner.js";

const berlin = { latitude: 52.52, longitude: 13.405 };
const area = { ...berlin, radiusKm: 15 };

describe("travel", () => {
  it("is great-circle × 1.3 at 40 km/h by car and 15 km/h by bicycle", () => {
    const b = { latitude: 52.5, longitude: 13.4 };
    const gc = greatCircleKm(berlin, b);
    expect(gc).toBeGreaterThan(2.2);
    expect(gc).toBeLessThan(2.3);
    const car = greatCircleTravel([berlin, b], "car");
    const bike = greatCircleTravel([berlin, b], "bicycle");
    expect(car.distances[0]?.[1]).toBe(Math.round(gc * 1.3 * 1000));
    expect(car.durations[0]?.[1]).toBe(Math.round((Math.round(gc * 1300) / 40_000) * 3600));
    expect(bike.durations[1]?.[0]).toBe(Math.round((Math.round(gc * 1300) / 15_000) * 3600));
    expect(car.durations[0]?.[0]).toBe(0);
  });

  it("gives the same numbers on demand (greatCircleLegs) as in the matrices, for every pair and mode", () => {
    const points: GeoPoint[] = Array.from({ length: 40 }, (_, i) => hashGeocoder(`p${i}`, { ...area, radiusKm: 30 }));
    for (const mode of ["car", "bicycle"] as const) {
      const matrix = greatCircleTravel(points, mode);
      const legs = greatCircleLegs(points, mode);
      for (let a = 0; a < points.length; a++) {
        for (let b = 0; b < points.length; b++) {
          expect(legs.distance(a, b)).toBe(matrix.distances[a]![b]);
          expect(legs.duration(a, b)).toBe(matrix.durations[a]![b]);
        }
      }
    }
    expect(greatCircleTravel(points.slice(0, 2), "car").distances[0]![1]).toBe(
      Math.round(greatCircleKm(points[0]!, points[1]!) * 1.3 * 1000),
    );
  });
});

describe("geocoding", () => {
  it("places the same address on the same point inside the service area", () => {
    const a = hashGeocoder("Alexanderplatz 1, Berlin", area);
    expect(hashGeocoder("  alexanderplatz 1,   BERLIN ", area)).toEqual(a);
    expect(hashGeocoder("Alexanderplatz 2, Berlin", area)).not.toEqual(a);
    for (let i = 0; i < 200; i++) {
      const p = hashGeocoder(`Street ${i}`, area);
      expect(greatCircleKm(berlin, p)).toBeLessThanOrEqual(15.001);
    }
  });
});

describe("local time", () => {
  it("converts local times of day to instants across daylight-saving changes", () => {
    expect(new Date(localInstant("2026-11-23", 9 * 60, "Europe/Berlin")).toISOString()).toBe(
      "2026-11-23T08:00:00.000Z",
    );
    expect(new Date(localInstant("2026-07-01", 9 * 60, "Europe/Berlin")).toISOString()).toBe(
      "2026-07-01T07:00:00.000Z",
    );
    // 2026-03-29: clocks go from 02:00 to 03:00 in Berlin; local midnight is still +01:00.
    expect(new Date(localInstant("2026-03-29", 0, "Europe/Berlin")).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(new Date(localInstant("2026-03-29", 4 * 60, "Europe/Berlin")).toISOString()).toBe(
      "2026-03-29T02:00:00.000Z",
    );
    expect(isoWithOffset(Date.parse("2026-11-23T08:00:00Z"), "Europe/Berlin")).toBe("2026-11-23T09:00:00.000+01:00");
    expect(isoWithOffset(Date.parse("2026-11-23T08:00:00Z"), "America/New_York")).toBe("2026-11-23T03:00:00.000-05:00");
  });
});

describe("planner", () => {
  const route = (uuid: string, extra: Partial<PlanRoute> = {}): PlanRoute => ({
    uuid,
    startTime: "08:00",
    endTime: "17:00",
    startLocation: berlin,
    tags: [],
    ...extra,
  });
  const order = (uuid: string, extra: Partial<PlanOrder> = {}): PlanOrder => ({
    uuid,
    location: hashGeocoder(uuid, { ...area, radiusKm: 5 }),
    timeWindows: [],
    duration: 300,
    load: 1,
    tags: [],
    priority: "normal",
    ...extra,
  });
  const base = { date: "2026-11-23", timezone: "Europe/Berlin", travelMode: "car" as const, travel: greatCircleTravel };

  it("plans on local times and reports each reason", () => {
    const result = plan({
      ...base,
      seed: 3,
      routes: [route("r1", { capacity: 10, tags: ["cold"] }), route("r2", { capacity: 10, endLocation: berlin })],
      orders: [
        order("a", { timeWindows: [{ startTime: "10:00", endTime: "11:00" }] }),
        order("b", { tags: ["cold"] }),
        order("c", { tags: ["fragile"] }),
        order("d", { load: 50 }),
        order("e", { timeWindows: [{ startTime: "05:00", endTime: "06:00" }] }),
        order("f", { timeWindows: [{ startTime: "16:59", endTime: "17:00" }], duration: 3600 }),
      ],
    });
    expect(result.unscheduled).toEqual([
      { orderUuid: "c", reason: "tags" },
      { orderUuid: "d", reason: "capacity" },
      { orderUuid: "e", reason: "time_window" },
      { orderUuid: "f", reason: "shift" },
    ]);
    const stops = result.routes.flatMap((r) => r.stops);
    expect(stops.map((s) => s.orderUuid).sort()).toEqual(["a", "b"]);
    const a = stops.find((s) => s.orderUuid === "a")!;
    expect(a.serviceStartTime).toBeGreaterThanOrEqual(Date.parse("2026-11-23T09:00:00Z"));
    expect(a.serviceStartTime).toBeLessThanOrEqual(Date.parse("2026-11-23T10:00:00Z"));
    const b = result.routes.find((r) => r.stops.some((s) => s.orderUuid === "b"))!;
    expect(b.routeUuid).toBe("r1");
    expect(result.summary.ordersScheduled).toBe(2);
    expect(result.summary.ordersUnscheduled).toBe(4);
  });

  it("pins orders to a route", () => {
    const orders = ["a", "b", "c", "d"].map((u) => order(u, { pinnedRouteUuid: "r2" }));
    const result = plan({ ...base, seed: 1, routes: [route("r1"), route("r2")], orders });
    expect(result.routes.map((r) => r.routeUuid)).toEqual(["r2"]);
  });

  it("builds large problems with travel on demand and planar positions, unless a provider is injected", () => {
    const orders = Array.from({ length: ON_DEMAND_TRAVEL_POINTS }, (_, i) => order(`o${i}`));
    const input = { ...base, seed: 1, routes: [route("r1")], orders };
    const { problem, points } = buildProblem(input);
    expect(points.length).toBeGreaterThanOrEqual(ON_DEMAND_TRAVEL_POINTS);
    expect(typeof problem.travel.durations).toBe("function");
    expect(problem.travel.positions).toHaveLength(points.length);
    const legs = greatCircleLegs(points, "car");
    expect((problem.travel.durations as (a: number, b: number) => number)(5, 9)).toBe(legs.duration(5, 9));
    // Fewer points: the matrices of the provider, as before.
    const small = buildProblem({ ...input, orders: orders.slice(0, 10) }).problem;
    expect(Array.isArray(small.travel.durations)).toBe(true);
    expect(small.travel.positions).toBeUndefined();
    // An injected provider is always asked for its matrices.
    let asked = 0;
    const injected = buildProblem({
      ...input,
      travel: (p) => {
        asked = p.length;
        return { durations: [], distances: [] };
      },
    }).problem;
    expect(asked).toBe(points.length);
    expect(Array.isArray(injected.travel.durations)).toBe(true);
  });

  it("is deterministic for a seed", () => {
    const input = {
      ...base,
      seed: 9,
      routes: [route("r1", { capacity: 8 }), route("r2", { capacity: 8 })],
      orders: Array.from({ length: 14 }, (_, i) => order(`o${i}`)),
    };
    expect(plan(input)).toEqual(plan(input));
  });
});
