import { createFake } from "@dispatchkit/fake";
import { createClient } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import type { TravelProvider } from "../src/domain/geo.js";
import { DATE, pollRun, seedOrders, seedRoutes, solutionOf, startRun } from "./schedules-support.js";
import { contextOf } from "./support/internals.js";

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
      expect(contextOf(fake).state.routes.get(route!.uuid)?.travelMode).toBe(travelMode);
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
