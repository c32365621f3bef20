import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { assign, clientOf, createOrders, createRoute, DATE, routeInput, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

describe("POST /v2/routes and POST /v1/routes", () => {
  it("creates routes (v2 body and v1 array) readable in both versions", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspace = workspaceOf(fake);
    const v2 = await client.POST("/v2/routes", {
      body: {
        workspaceUuid: workspace.uuid,
        routes: [
          routeInput(0, { capacity: 10, tags: ["cold"], driver: { name: "Ada" } }) as never,
          routeInput(1, { endLocation: { address: "Depot, Berlin", latitude: 52.5, longitude: 13.4 } }) as never,
        ],
      },
    });
    expect(v2.response.status).toBe(201);
    expect(v2.data?.data[0]).toMatchObject({
      workspaceUuid: workspace.uuid,
      name: "Route 0",
      date: DATE,
      capacity: 10,
      tags: ["cold"],
      driver: { name: "Ada", email: null, phone: null },
      locked: false,
      status: "planned",
      publishedAt: null,
      ordersCount: 0,
      distanceInKilometers: 0,
      workingTimeInSeconds: 0,
      endLocation: null,
    });
    expect(v2.data?.data[0]?.timeline.uri).toBe(`/v2/routes/${v2.data?.data[0]?.uuid}/timeline`);
    const v1 = await client.POST("/v1/routes", {
      params: { query: { workspaceId: workspace.workspaceId } },
      body: [routeInput(2, { date: "2026-11-24" }) as never],
    });
    expect(v1.response.status).toBe(201);
    expect(v1.data?.data[0]).toMatchObject({ workspaceId: workspace.workspaceId, name: "Route 2" });

    const today = await client.GET("/v2/routes", { params: { query: { workspaceUuid: workspace.uuid, date: DATE } } });
    expect(today.data?.data.map((r) => r.name)).toEqual(["Route 0", "Route 1"]);
    const tomorrowV1 = await client.GET("/v1/routes", {
      params: { query: { workspaceId: workspace.workspaceId, date: "2026-11-24" } },
    });
    expect(tomorrowV1.data?.data.map((r) => r.name)).toEqual(["Route 2"]);
    const one = await client.GET("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: v1.data?.data[0]?.uuid ?? "" } },
    });
    expect(one.data?.workspaceUuid).toBe(workspace.uuid);
  });

  it("is all or nothing, naming routes[i].field (v2) and [i].field (v1)", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspace = workspaceOf(fake);
    const bad = await client.POST("/v2/routes", {
      body: {
        workspaceUuid: workspace.uuid,
        routes: [routeInput(0) as never, routeInput(1, { startTime: "18:00" }) as never],
      },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.details).toEqual([{ path: "routes[1].endTime", message: expect.stringContaining("after") }]);
    const badV1 = await client.POST("/v1/routes", {
      params: { query: { workspaceId: workspace.workspaceId } },
      body: [routeInput(0, { startTime: "9am" }) as never, routeInput(1, { vehicle: "van" }) as never],
    });
    expect(badV1.error?.details?.map((d) => d.path)).toEqual(["[0].startTime", "[1].vehicle"]);
    const list = await client.GET("/v2/routes", { params: { query: { workspaceUuid: workspace.uuid } } });
    expect(list.data?.metadata.totalItems).toBe(0);
  });
});

describe("PATCH /v2/routes/{routeUuid}", () => {
  it("locks and unlocks a route", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const route = await createRoute(fake);
    const locked = await client.PATCH("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: route } },
      body: { locked: true },
    });
    expect(locked.data?.locked).toBe(true);
    const unlocked = await client.PATCH("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: route } },
      body: { locked: false },
    });
    expect(unlocked.data?.locked).toBe(false);
    const bad = await client.PATCH("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: route } },
      body: { locked: "yes" } as never,
    });
    expect(bad.error?.details?.[0]?.path).toBe("locked");
    const missing = await client.PATCH("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: "not-a-uuid" } },
      body: { locked: true },
    });
    expect(missing.response.status).toBe(404);
  });
});

describe("GET /v2/routes/{routeUuid}/timeline", () => {
  it("computes stop times forward from the shift start, in the workspace's offset, with totals", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const orders = await createOrders(fake, 2, { timeWindows: [{ startTime: "10:00", endTime: "12:00" }] });
    const route = await createRoute(fake, { endLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 } });
    assign(fake, route, orders);
    const { data } = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    const stops = data?.data ?? [];
    expect(stops.map((s) => s.type)).toEqual(["start_location", "delivering_stop", "delivering_stop", "end_location"]);
    expect(stops[0]).toMatchObject({
      sequence: 0,
      orders: [],
      estimatedArrivalTime: "2026-11-23T09:00:00.000+01:00",
      plannedArrivalTime: null,
      actualArrivalTime: null,
    });
    // the first window opens at 10:00: the driver waits, service starts at 10:00, lasts 300 s
    expect(stops[1]?.estimatedArrivalTime).toBe("2026-11-23T10:00:00.000+01:00");
    expect(stops[1]?.orders[0]).toMatchObject({ uuid: orders[0], status: "scheduled" });
    expect(stops[1]?.distanceFromPreviousStopInKilometers).toBeGreaterThan(2);
    expect(stops[2]?.estimatedArrivalTime?.startsWith("2026-11-23T10:05")).toBe(true);
    const page = await client.GET("/v2/routes/{routeUuid}/timeline", {
      params: { path: { routeUuid: route }, query: { perPage: 3, page: 2 } },
    });
    expect(page.data?.data.map((s) => s.sequence)).toEqual([3]);
    const routeBody = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    const distance = stops.reduce((sum, s) => sum + s.distanceFromPreviousStopInKilometers, 0);
    expect(routeBody.data?.ordersCount).toBe(2);
    expect(routeBody.data?.distanceInKilometers).toBeCloseTo(distance, 2);
    const end = Date.parse(stops[3]?.estimatedArrivalTime ?? "");
    expect(routeBody.data?.workingTimeInSeconds).toBe((end - Date.parse("2026-11-23T08:00:00Z")) / 1000);
  });

  it("uses the workspace's own zone (America/New_York is -05:00 in November)", async () => {
    const { fake } = server;
    const other = fake.control.createOrganization({ workspaces: [{ timezone: "America/New_York" }] });
    const client = clientOf(fake, other.token);
    const created = await client.POST("/v2/routes", {
      body: { workspaceUuid: other.workspaces[0]?.uuid ?? "", routes: [routeInput(0) as never] },
    });
    const uuid = created.data?.data[0]?.uuid ?? "";
    const { data } = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: uuid } } });
    expect(data?.data[0]?.estimatedArrivalTime).toBe("2026-11-23T09:00:00.000-05:00");
  });
});
