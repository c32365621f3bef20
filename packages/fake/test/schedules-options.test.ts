import { createFake } from "@dispatchkit/fake";
import { createClient } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import type { TravelProvider } from "../src/domain/geo.js";
import { seedOf } from "../src/domain/scheduling/runs.js";
import { DATE, pollRun, seedOrders, seedRoutes, solutionOf, startRun } from "./schedules-support.js";
import { routeIn } from "./support/inspect.js";

const server = useFakeServer();
const clientOf = (token = server.fake.token) => createClient({ baseUrl: server.fake.baseUrl, token });
const workspaceUuid = () => server.fake.workspaces[0]!.uuid;

describe("POST /v2/schedules options", () => {
  it("travelMode bicycle plans and stores the route at 15 km/h instead of 40 km/h", async () => {
    const working: Record<string, number> = {};
    for (const travelMode of ["car", "bicycle"] as const) {
      server.fake.reset();
      const { fake } = server;
      seedOrders(
        fake,
        Array.from({ length: 5 }, () => ({})),
      );
      const [route] = seedRoutes(fake, [{}]);
      const actionUuid = await startRun(clientOf(), {
        workspaceUuid: workspaceUuid(),
        date: DATE,
        options: { travelMode },
      });
      const solution = await solutionOf(clientOf(), actionUuid);
      expect(routeIn(fake, route!.uuid)?.travelMode).toBe(travelMode);
      working[travelMode] = solution.routes[0]!.workingTimeInSeconds;
    }
    expect(working.bicycle).toBeGreaterThan(working.car!);
  });

  it("minimizeRoutes uses as few routes as the orders allow", async () => {
    const { fake } = server;
    seedOrders(
      fake,
      Array.from({ length: 10 }, () => ({})),
    );
    seedRoutes(fake, [{}, {}, {}, {}]);
    const actionUuid = await startRun(clientOf(), {
      workspaceUuid: workspaceUuid(),
      date: DATE,
      options: { minimizeRoutes: true },
    });
    const action = await pollRun(clientOf(), actionUuid);
    expect(action.actionSummary).toEqual({ routesUsed: 1, ordersScheduled: 10, ordersUnscheduled: 0, committed: true });
  });

  it("without minimizeRoutes (omitted or false) each driver serves the orders near their start; with it, one drives", async () => {
    // Two drivers 20 km apart, three orders near each: two routes travel least, one route is fewer routes.
    const west = { address: "West depot", latitude: 52.52, longitude: 13.2 };
    const east = { address: "East depot", latitude: 52.52, longitude: 13.5 };
    const near = (p: typeof west, i: number) => ({
      address: `${p.address} stop ${i}`,
      latitude: p.latitude + 0.004 * i,
      longitude: p.longitude + 0.003,
    });
    const routesUsed: Record<string, number | undefined> = {};
    for (const [name, options] of [
      ["omitted", undefined],
      ["false", { minimizeRoutes: false }],
      ["true", { minimizeRoutes: true }],
    ] as const) {
      server.fake.reset();
      const { fake } = server;
      seedOrders(
        fake,
        [1, 2, 3].flatMap((i) => [{ locations: [near(west, i)] }, { locations: [near(east, i)] }]),
      );
      seedRoutes(fake, [
        { startLocation: west, endLocation: west },
        { startLocation: east, endLocation: east },
      ]);
      const body = { workspaceUuid: workspaceUuid(), date: DATE, ...(options ? { options } : {}) };
      const action = await pollRun(clientOf(), await startRun(clientOf(), body));
      routesUsed[name] =
        action.actionSummary && "routesUsed" in action.actionSummary ? action.actionSummary.routesUsed : undefined;
    }
    expect(routesUsed).toEqual({ omitted: 2, false: 2, true: 1 });
  });

  it("routeCost: a second driver only when the route saves more travel time than it costs", async () => {
    // The two-depot layout below: one driver serving both clusters drives about an hour more than two drivers.
    const west = { address: "West depot", latitude: 52.52, longitude: 13.2 };
    const east = { address: "East depot", latitude: 52.52, longitude: 13.5 };
    const near = (p: typeof west, i: number) => ({
      address: `${p.address} stop ${i}`,
      latitude: p.latitude + 0.004 * i,
      longitude: p.longitude + 0.003,
    });
    const routesUsed: Record<string, number | undefined> = {};
    for (const [name, options] of [
      ["zero", { routeCost: 0 }],
      ["ten minutes", { routeCost: 600 }],
      ["three hours", { routeCost: 3 * 3600 }],
    ] as const) {
      server.fake.reset();
      const { fake } = server;
      seedOrders(
        fake,
        [1, 2, 3].flatMap((i) => [{ locations: [near(west, i)] }, { locations: [near(east, i)] }]),
      );
      seedRoutes(fake, [
        { startLocation: west, endLocation: west },
        { startLocation: east, endLocation: east },
      ]);
      const action = await pollRun(
        clientOf(),
        await startRun(clientOf(), { workspaceUuid: workspaceUuid(), date: DATE, options }),
      );
      routesUsed[name] =
        action.actionSummary && "routesUsed" in action.actionSummary ? action.actionSummary.routesUsed : undefined;
    }
    expect(routesUsed).toEqual({ zero: 2, "ten minutes": 2, "three hours": 1 });
    for (const routeCost of [-1, 1.5, 86_401, "60"]) {
      const res = await clientOf().POST("/v2/schedules", {
        body: {
          workspaceUuid: workspaceUuid(),
          date: DATE,
          options: { minimizeRoutes: false, balance: false, travelMode: "car", routeCost: routeCost as number },
        },
      });
      expect(res.response.status).toBe(400);
      expect(res.error?.details?.[0]?.path).toBe("options.routeCost");
    }
  });

  it("balance (true) spreads a cluster over the drivers that one driver would serve alone (omitted or false)", async () => {
    const working: Record<string, number[]> = {}; // stops per route used
    for (const [name, options] of [
      ["omitted", undefined],
      ["false", { balance: false }],
      ["true", { balance: true }],
    ] as const) {
      server.fake.reset();
      const { fake } = server;
      seedOrders(
        fake,
        Array.from({ length: 8 }, () => ({})),
      );
      seedRoutes(fake, [{}, {}]);
      const body = { workspaceUuid: workspaceUuid(), date: DATE, ...(options ? { options } : {}) };
      const solution = await solutionOf(clientOf(), await startRun(clientOf(), body));
      working[name] = solution.routes.map((r) => r.stops.length).sort((a, b) => a - b);
    }
    expect(working).toEqual({ omitted: [8], false: [8], true: [3, 5] });
  });

  it("seeds the solver with the FNV-1a hash of the run's action uuid", () => {
    // The published FNV-1a 32-bit test vectors, and a uuid.
    expect(seedOf("")).toBe(0x811c9dc5);
    expect(seedOf("a")).toBe(0xe40c292c);
    expect(seedOf("foobar")).toBe(0xbf9cf968);
    expect(seedOf("3f1c0f5e-0c53-4f0a-9a57-2b1d5f0a6e21")).toBe(0x52a34351);
  });
});

describe("isolation", () => {
  it("another organization sees none of the runs and cannot schedule in the workspace", async () => {
    const { fake } = server;
    seedOrders(fake, [{}]);
    seedRoutes(fake, [{}]);
    const actionUuid = await startRun(clientOf(), { workspaceUuid: workspaceUuid(), date: DATE });
    const other = fake.control.createOrganization();
    const foreign = clientOf(other.token);
    const status = await foreign.GET("/v2/schedules/{actionUuid}", { params: { path: { actionUuid } } });
    expect(status.response.status).toBe(404);
    const solution = await foreign.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid } } });
    expect(solution.response.status).toBe(404);
    const list = await foreign.GET("/v2/schedules");
    expect(list.data?.data).toEqual([]);
    const run = await foreign.POST("/v2/schedules", { body: { workspaceUuid: workspaceUuid(), date: DATE } });
    expect(run.response.status).toBe(404);
  });
});

describe("injected travel and geocoding", () => {
  it("plans with the injected travel provider and geocoder", async () => {
    const calls: number[] = [];
    // Ten minutes and 5 km between any two distinct points.
    const travel: TravelProvider = (points) => {
      calls.push(points.length);
      const grid = (v: number) => points.map((_, a) => points.map((__, b) => (a === b ? 0 : v)));
      return { durations: grid(600), distances: grid(5000) };
    };
    const fake = createFake({
      now: "2026-11-23T08:00:00Z",
      travel,
      geocoder: (address) => ({ latitude: 52 + address.length / 1000, longitude: 13 }),
    });
    const [order] = seedOrders(fake, [{ locations: [{ address: "Somewhere 1" }] }]);
    expect(order?.location).toEqual({ address: "Somewhere 1", latitude: 52.011, longitude: 13 });
    seedRoutes(fake, [{}]);
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (r: Request) => fake.fetch(r) });
    const actionUuid = await startRun(client, { workspaceUuid: fake.workspaces[0]!.uuid, date: DATE });
    const solution = await solutionOf(client, actionUuid);
    expect(calls.length).toBeGreaterThan(0);
    expect(solution.routes[0]?.stops[0]).toMatchObject({
      arrivalTime: "2026-11-24T08:10:00.000+01:00",
      departureTime: "2026-11-24T08:15:00.000+01:00",
      distanceFromPreviousStopInKilometers: 5,
    });
    expect(solution.routes[0]?.workingTimeInSeconds).toBe(15 * 60);
  });
});
