import { createClient } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { DATE, editStoredOrder, pollRun, seedOrders, seedRoutes, solutionOf, startRun } from "./schedules-support.js";
import { orderIn, routeIn } from "./support/inspect.js";

const server = useFakeServer();
const clientOf = () => createClient({ baseUrl: server.fake.baseUrl, token: server.fake.token });
const workspaceUuid = () => server.fake.workspaces[0]!.uuid;

describe("POST /v2/schedules: schedule all", () => {
  it("plans every not_scheduled order of the date across the routes and commits the plan", async () => {
    const { fake } = server;
    const client = clientOf();
    const orders = seedOrders(
      fake,
      Array.from({ length: 12 }, () => ({})),
    );
    const other = seedOrders(fake, [{ deliveryDate: "2026-11-25" }]);
    const routes = seedRoutes(fake, [{ capacity: 8 }, { capacity: 8, endLocation: { address: "Depot" } }]);
    const actionUuid = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });

    const action = await pollRun(client, actionUuid);
    expect(action).toMatchObject({
      actionUuid,
      actionName: "schedule",
      status: "finished",
      actionSummary: { routesUsed: 2, ordersScheduled: 12, ordersUnscheduled: 0, committed: true },
    });
    expect(action.finishedAt).toBe(action.createdAt); // the default policy runs the work at once

    const solution = await solutionOf(client, actionUuid);
    expect(solution.committed).toBe(true);
    expect(solution.date).toBe(DATE);
    expect(solution.unscheduled).toEqual([]);
    expect(solution.routes.flatMap((r) => r.stops.map((s) => s.orderUuid)).sort()).toEqual(
      orders.map((o) => o.uuid).sort(),
    );
    for (const route of solution.routes) {
      expect(route.load).toBeLessThanOrEqual(8);
      expect(route.stops.map((s) => s.sequence)).toEqual(route.stops.map((_, i) => i + 1));
      expect(route.stops[0]?.arrivalTime).toMatch(/^2026-11-24T\d\d:\d\d:\d\d\.000\+01:00$/);
      // The committed route carries the plan: its orders in sequence, its totals and timeline.
      const record = routeIn(fake, route.routeUuid)!;
      expect(record.orderUuids).toEqual(route.stops.map((s) => s.orderUuid));
      expect(record.distanceInKilometers).toBe(route.distanceInKilometers);
      expect(record.workingTimeInSeconds).toBe(route.workingTimeInSeconds);
      const stops = record.stops.filter((e) => e.type === "delivering_stop");
      expect(stops.map((e) => e.orders[0]?.uuid)).toEqual(route.stops.map((s) => s.orderUuid));
      expect(stops.map((e) => Date.parse(e.estimatedArrivalTime ?? ""))).toEqual(
        route.stops.map((s) => Date.parse(s.arrivalTime)),
      );
    }
    expect(solution.summary).toMatchObject({ routesUsed: 2, ordersScheduled: 12, ordersUnscheduled: 0 });
    const total = solution.routes.reduce((s, r) => s + r.distanceInKilometers, 0);
    expect(solution.summary.distanceInKilometers).toBeCloseTo(total, 6);
    for (const order of orders) {
      const record = orderIn(fake, order.uuid)!;
      expect(record.status).toBe("scheduled");
      expect(routes.map((r) => r.uuid)).toContain(record.routeUuid);
    }
    expect(orderIn(fake, other[0]!.uuid)?.status).toBe("not_scheduled");
  });

  it("reports each unscheduled reason: tags, time_window, capacity", async () => {
    const { fake } = server;
    const client = clientOf();
    const [fits, tagged, early, heavy] = seedOrders(fake, [
      {},
      { tags: ["fridge"] },
      { timeWindows: [{ startTime: "05:00", endTime: "06:00" }] },
      { load: 50 },
    ]);
    seedRoutes(fake, [{ capacity: 10, tags: ["bike"] }]);
    const actionUuid = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    const solution = await solutionOf(client, actionUuid);
    expect(solution.routes.flatMap((r) => r.stops.map((s) => s.orderUuid))).toEqual([fits!.uuid]);
    expect(solution.unscheduled).toEqual([
      { orderUuid: tagged!.uuid, reason: "tags" },
      { orderUuid: early!.uuid, reason: "time_window" },
      { orderUuid: heavy!.uuid, reason: "capacity" },
    ]);
    expect(solution.summary.ordersUnscheduled).toBe(3);
    expect(orderIn(fake, tagged!.uuid)).toMatchObject({ status: "not_scheduled", routeUuid: null });
  });

  it("fails with no_routes or no_orders when there is nothing to do, and the solution answers 409", async () => {
    const { fake } = server;
    const client = clientOf();
    seedOrders(fake, [{}]);
    const noRoutes = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    expect(await pollRun(client, noRoutes)).toMatchObject({ status: "failed", reason: "no_routes" });
    const res = await client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid: noRoutes } } });
    expect(res.response.status).toBe(409);
    expect(res.error?.code).toBe("ACTION_NOT_FINISHED");

    seedRoutes(fake, [{ date: "2026-11-30" }]);
    const noOrders = await startRun(client, { workspaceUuid: workspaceUuid(), date: "2026-11-30" });
    expect(await pollRun(client, noOrders)).toMatchObject({ status: "failed", reason: "no_orders" });
  });

  it("leaves locked and published routes and their orders alone", async () => {
    const { fake } = server;
    const client = clientOf();
    const orders = seedOrders(
      fake,
      Array.from({ length: 8 }, () => ({})),
    );
    const [locked, published, free] = seedRoutes(fake, [{}, {}, {}]);
    const onLocked = [orders[0]!.uuid, orders[1]!.uuid];
    const onPublished = [orders[2]!.uuid, orders[3]!.uuid];
    fake.control.assignOrders(locked!.uuid, onLocked);
    fake.control.assignOrders(published!.uuid, onPublished);
    const lock = await client.PATCH("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: locked!.uuid } },
      body: { locked: true },
    });
    expect(lock.response.status).toBe(200);
    const publish = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceUuid(), date: DATE, routeUuids: [published!.uuid] },
    });
    expect(publish.response.status).toBe(202);
    expect(routeIn(fake, published!.uuid)?.status).toBe("published");
    const before = [routeIn(fake, locked!.uuid), routeIn(fake, published!.uuid)];

    const actionUuid = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    const solution = await solutionOf(client, actionUuid);
    expect(solution.routes.map((r) => r.routeUuid)).toEqual([free!.uuid]);
    expect(solution.routes[0]?.stops.map((s) => s.orderUuid).sort()).toEqual(
      orders
        .slice(4)
        .map((o) => o.uuid)
        .sort(),
    );
    expect([routeIn(fake, locked!.uuid), routeIn(fake, published!.uuid)]).toEqual(before);
    for (const uuid of onLocked) expect(orderIn(fake, uuid)?.routeUuid).toBe(locked!.uuid);
    for (const uuid of onPublished) expect(orderIn(fake, uuid)?.routeUuid).toBe(published!.uuid);
  });

  it("never drops an order already placed, even when new orders crowd the routes", async () => {
    const { fake } = server;
    const client = clientOf();
    const [a, b] = seedRoutes(fake, [{ capacity: 5 }, { capacity: 5 }]);
    const placed = seedOrders(
      fake,
      Array.from({ length: 6 }, () => ({ priority: "low" as const })),
    );
    fake.control.assignOrders(
      a!.uuid,
      placed.slice(0, 3).map((o) => o.uuid),
    );
    fake.control.assignOrders(
      b!.uuid,
      placed.slice(3).map((o) => o.uuid),
    );
    const crowd = seedOrders(
      fake,
      Array.from({ length: 8 }, () => ({ priority: "high" as const })),
    );

    const actionUuid = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    const solution = await solutionOf(client, actionUuid);
    const planned = new Set(solution.routes.flatMap((r) => r.stops.map((s) => s.orderUuid)));
    for (const order of placed) {
      expect(planned.has(order.uuid)).toBe(true);
      expect(orderIn(fake, order.uuid)?.status).toBe("scheduled");
    }
    expect(solution.summary.ordersScheduled).toBe(10);
    expect(solution.unscheduled).toHaveLength(4);
    expect(solution.unscheduled.every((u) => crowd.some((o) => o.uuid === u.orderUuid))).toBe(true);
    expect(solution.unscheduled.every((u) => u.reason === "capacity")).toBe(true);
  });

  it("keeps a placed order that no longer fits anywhere on its route with the previous plan", async () => {
    const { fake } = server;
    const client = clientOf();
    const [a, b] = seedRoutes(fake, [{}, {}]);
    const placed = seedOrders(fake, [{}, {}, {}]);
    fake.control.assignOrders(
      a!.uuid,
      placed.map((o) => o.uuid),
    );
    // The order's window became impossible after it was placed (as an update can leave it, with a violation).
    editStoredOrder(fake, placed[1]!.uuid, { timeWindows: [{ startTime: "05:00", endTime: "05:30" }] });
    const before = routeIn(fake, a!.uuid);
    const fresh = seedOrders(fake, [{}, {}]);

    const actionUuid = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    const solution = await solutionOf(client, actionUuid);
    expect(routeIn(fake, a!.uuid)).toEqual(before);
    expect(solution.routes.find((r) => r.routeUuid === a!.uuid)?.stops.map((s) => s.orderUuid)).toEqual(
      placed.map((o) => o.uuid),
    );
    expect(
      solution.routes
        .find((r) => r.routeUuid === b!.uuid)
        ?.stops.map((s) => s.orderUuid)
        .sort(),
    ).toEqual(fresh.map((o) => o.uuid).sort());
    expect(solution.unscheduled).toEqual([]);
  });
});

describe("POST /v2/schedules: schedule specific", () => {
  it("plans only the given orders on the given routes", async () => {
    const { fake } = server;
    const client = clientOf();
    const orders = seedOrders(
      fake,
      Array.from({ length: 6 }, () => ({})),
    );
    const [r1, r2] = seedRoutes(fake, [{}, {}]);
    const chosen = orders.slice(0, 3).map((o) => o.uuid);
    const actionUuid = await startRun(client, {
      workspaceUuid: workspaceUuid(),
      date: DATE,
      orders: chosen,
      routes: [r2!.uuid],
    });
    const solution = await solutionOf(client, actionUuid);
    expect(solution.routes.map((r) => r.routeUuid)).toEqual([r2!.uuid]);
    expect(solution.routes[0]?.stops.map((s) => s.orderUuid).sort()).toEqual([...chosen].sort());
    for (const order of orders.slice(3)) expect(orderIn(fake, order.uuid)?.status).toBe("not_scheduled");
    expect(routeIn(fake, r1!.uuid)?.orderUuids).toEqual([]);
  });

  it("keeps the orders already on the given routes, and moves a given order off its old route", async () => {
    const { fake } = server;
    const client = clientOf();
    const orders = seedOrders(
      fake,
      Array.from({ length: 5 }, () => ({})),
    );
    const [r1, r2] = seedRoutes(fake, [{}, {}]);
    fake.control.assignOrders(r1!.uuid, [orders[0]!.uuid, orders[1]!.uuid]);
    fake.control.assignOrders(r2!.uuid, [orders[2]!.uuid]);
    const actionUuid = await startRun(client, {
      workspaceUuid: workspaceUuid(),
      date: DATE,
      orders: [orders[1]!.uuid, orders[3]!.uuid],
      routes: [r2!.uuid],
    });
    const solution = await solutionOf(client, actionUuid);
    expect(solution.routes.map((r) => r.routeUuid)).toEqual([r2!.uuid]);
    expect(solution.routes[0]?.stops.map((s) => s.orderUuid).sort()).toEqual(
      [orders[1]!.uuid, orders[2]!.uuid, orders[3]!.uuid].sort(),
    );
    expect(routeIn(fake, r1!.uuid)?.orderUuids).toEqual([orders[0]!.uuid]);
    expect(orderIn(fake, orders[1]!.uuid)?.routeUuid).toBe(r2!.uuid);
    expect(orderIn(fake, orders[4]!.uuid)?.status).toBe("not_scheduled");
  });

  it("answers 404 naming an unknown order or route, 400 for a malformed uuid or another date, 409 for a locked route", async () => {
    const { fake } = server;
    const client = clientOf();
    const [order] = seedOrders(fake, [{}]);
    const [route, lockedRoute] = seedRoutes(fake, [{}, {}]);
    const [later] = seedOrders(fake, [{ deliveryDate: "2026-11-25" }]);
    lockedRoute!.locked = true;
    const missing = "8c1f2e3d-4b5a-4c6d-9e8f-0a1b2c3d4e5f";
    const post = (body: Record<string, unknown>) =>
      client.POST("/v2/schedules", { body: { workspaceUuid: workspaceUuid(), date: DATE, ...body } as never });

    let res = await post({ orders: [order!.uuid, missing], routes: [route!.uuid] });
    expect(res.response.status).toBe(404);
    expect(res.error?.message).toContain(missing);
    expect(res.error?.details).toEqual([{ path: "orders[1]", message: expect.stringContaining(missing) }]);

    res = await post({ orders: [order!.uuid], routes: [missing] });
    expect(res.response.status).toBe(404);
    expect(res.error?.details?.[0]?.path).toBe("routes[0]");

    res = await post({ orders: ["not-a-uuid"], routes: [route!.uuid] });
    expect(res.response.status).toBe(400);
    expect(res.error?.details?.[0]?.path).toBe("orders[0]");

    res = await post({ orders: [later!.uuid], routes: [route!.uuid] });
    expect(res.response.status).toBe(400);
    expect(res.error?.details?.[0]?.path).toBe("orders[0]");

    res = await post({ orders: [order!.uuid], routes: [lockedRoute!.uuid] });
    expect(res.response.status).toBe(409);
    expect(res.error?.code).toBe("CONFLICT");

    res = await post({ orders: [order!.uuid] });
    expect(res.response.status).toBe(400);
    expect(res.error?.details?.[0]?.path).toBe("routes");
    expect(fake.inspect().counts.actions).toBe(0);
  });
});

describe("POST /v2/schedules: validation", () => {
  it("rejects unknown fields naming them, and a bad workspace with 404", async () => {
    const client = clientOf();
    let res = await client.POST("/v2/schedules", {
      body: { workspaceUuid: workspaceUuid(), date: DATE, extra: 1, options: { speed: 2 } } as never,
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.code).toBe("VALIDATION_FAILED");
    expect(res.error?.details?.map((d) => d.path).sort()).toEqual(["extra", "options.speed"]);

    res = await client.POST("/v2/schedules", {
      body: { workspaceUuid: workspaceUuid(), date: "2026-02-30" } as never,
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.details?.[0]?.path).toBe("date");

    res = await client.POST("/v2/schedules", {
      body: { workspaceUuid: "8c1f2e3d-4b5a-4c6d-9e8f-0a1b2c3d4e5f", date: DATE } as never,
    });
    expect(res.response.status).toBe(404);
  });
});

describe("GET /v2/schedules and the two status paths", () => {
  it("lists runs newest first, paginated; both status paths answer the same action", async () => {
    const { fake } = server;
    const client = clientOf();
    seedOrders(fake, [{}]);
    seedRoutes(fake, [{}]);
    const first = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    const second = await startRun(client, { workspaceUuid: workspaceUuid(), date: "2026-12-01" });
    const list = await client.GET("/v2/schedules", { params: { query: { perPage: 1 } } });
    expect(list.data?.data.map((a) => a.actionUuid)).toEqual([second]);
    expect(list.data?.metadata).toEqual({ nextPage: "/v2/schedules?perPage=1&page=2", totalPages: 2, totalItems: 2 });
    const page2 = await client.GET("/v2/schedules", { params: { query: { perPage: 1, page: 2 } } });
    expect(page2.data?.data.map((a) => a.actionUuid)).toEqual([first]);

    const a = await client.GET("/v2/schedules/{actionUuid}", { params: { path: { actionUuid: first } } });
    const b = await client.GET("/v2/schedules/actions/{actionUuid}", { params: { path: { actionUuid: first } } });
    expect(a.data).toEqual(b.data);
    expect(a.data?.status).toBe("finished");
  });

  it("shows a held run as pending with a Retry-After hint, and its solution as 409 until released", async () => {
    const { fake } = server;
    const client = clientOf();
    seedOrders(fake, [{}, {}]);
    seedRoutes(fake, [{}]);
    fake.actions.hold(["schedule"]);
    const actionUuid = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    const poll = await client.GET("/v2/schedules/{actionUuid}", { params: { path: { actionUuid } } });
    expect(poll.data?.status).toBe("pending");
    expect(poll.response.headers.get("retry-after")).toBe("1");
    const early = await client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid } } });
    expect(early.response.status).toBe(409);
    expect(early.error?.code).toBe("ACTION_NOT_FINISHED");
    fake.actions.release(actionUuid);
    expect((await pollRun(client, actionUuid)).status).toBe("finished");
    expect((await solutionOf(client, actionUuid)).summary.ordersScheduled).toBe(2);
  });

  it("answers 404 for an unknown run", async () => {
    const client = clientOf();
    const res = await client.GET("/v2/schedules/{actionUuid}", {
      params: { path: { actionUuid: "8c1f2e3d-4b5a-4c6d-9e8f-0a1b2c3d4e5f" } },
    });
    expect(res.response.status).toBe(404);
  });
});
