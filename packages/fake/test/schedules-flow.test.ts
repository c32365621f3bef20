import { createClient } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { DATE, DEPOT, pointNear } from "./schedules-support.js";

const server = useFakeServer();
const clientOf = () => createClient({ baseUrl: server.fake.baseUrl, token: server.fake.token });

describe("the whole flow through the SDK", () => {
  it("v2: create orders → create routes → schedule → solution and timeline → publish → complete → delete", async () => {
    const { fake } = server;
    const client = clientOf();
    const workspaceUuid = fake.workspaces[0]!.uuid;

    // 1. Orders (one batch), one of them geocoded from its address alone.
    const created = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: [
        {
          deliveryDate: DATE,
          name: "Ada",
          locations: [pointNear(1)],
          timeWindows: [{ startTime: "09:00", endTime: "12:00" }],
        },
        { deliveryDate: DATE, name: "Grace", locations: [pointNear(2)], load: 2 },
        { deliveryDate: DATE, name: "Alan", locations: [{ address: "Unter den Linden 77, Berlin" }] },
        { deliveryDate: DATE, name: "Edsger", locations: [pointNear(3)] },
      ],
    });
    expect(created.response.status).toBe(201);
    const orders = created.data!.data;
    expect(orders.every((o) => o.status === "not_scheduled")).toBe(true);

    // 2. Routes.
    const routes = await client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [
          { name: "Van 1", date: DATE, startTime: "08:00", endTime: "17:00", startLocation: DEPOT, capacity: 10 },
          { name: "Van 2", date: DATE, startTime: "08:00", endTime: "17:00", startLocation: DEPOT, endLocation: DEPOT },
        ],
      },
    });
    expect(routes.response.status).toBe(201);
    const routeUuids = routes.data!.data.map((r) => r.uuid);

    // 3. Schedule all, poll, read the solution.
    const started = await client.POST("/v2/schedules", { body: { workspaceUuid, date: DATE } });
    expect(started.response.status).toBe(202);
    const actionUuid = started.data!.actionUuid;
    const polled = await client.GET("/v2/schedules/actions/{actionUuid}", { params: { path: { actionUuid } } });
    expect(polled.data).toMatchObject({ status: "finished", actionSummary: { ordersScheduled: 4, committed: true } });
    const solution = (await client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid } } }))
      .data!;
    expect(solution.summary.ordersScheduled).toBe(4);
    const planned = solution.routes[0]!;

    // 4. The orders and the route carry the plan; the timeline matches the solution.
    const order = await client.GET("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: planned.stops[0]!.orderUuid } },
    });
    expect(order.data).toMatchObject({ status: "scheduled", routeUuid: planned.routeUuid });
    const listed = await client.GET("/v2/routes", { params: { query: { workspaceUuid, date: DATE } } });
    const route = listed.data!.data.find((r) => r.uuid === planned.routeUuid)!;
    expect(route).toMatchObject({
      ordersCount: planned.stops.length,
      distanceInKilometers: planned.distanceInKilometers,
      workingTimeInSeconds: planned.workingTimeInSeconds,
    });
    const timeline = await client.GET("/v2/routes/{routeUuid}/timeline", {
      params: { path: { routeUuid: planned.routeUuid } },
    });
    const stops = timeline.data!.data.filter((s) => s.type === "delivering_stop");
    expect(stops.map((s) => s.orders[0]?.uuid)).toEqual(planned.stops.map((s) => s.orderUuid));
    expect(stops.map((s) => s.estimatedArrivalTime)).toEqual(planned.stops.map((s) => s.arrivalTime));
    expect(stops[0]?.plannedArrivalTime).toBeNull();

    // 5. Publish the routes the plan uses (an empty route cannot be published).
    const used = solution.routes.map((r) => r.routeUuid);
    const published = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid, date: DATE, routeUuids: used },
    });
    expect(published.response.status).toBe(202);
    const publishAction = await client.GET("/v2/routes/actions/{actionUuid}", {
      params: { path: { actionUuid: published.data!.actionUuid } },
    });
    expect(publishAction.data, JSON.stringify(publishAction.data)).toMatchObject({ status: "finished" });
    const afterPublish = await client.GET("/v2/routes/{routeUuid}/timeline", {
      params: { path: { routeUuid: planned.routeUuid } },
    });
    const firstStop = afterPublish.data!.data.find((s) => s.type === "delivering_stop")!;
    expect(firstStop.plannedArrivalTime).toBe(planned.stops[0]!.arrivalTime);

    // A published route is locked for scheduling: a new schedule-all leaves it and its orders alone.
    const again = await client.POST("/v2/schedules", { body: { workspaceUuid, date: DATE } });
    const againAction = await client.GET("/v2/schedules/{actionUuid}", {
      params: { path: { actionUuid: again.data!.actionUuid } },
    });
    expect(againAction.data).toMatchObject(
      used.length === routeUuids.length
        ? { status: "failed", reason: "no_routes" }
        : { status: "failed", reason: "no_orders" },
    );

    // 6. Complete the first stop.
    const first = planned.stops[0]!.orderUuid;
    const completed = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: first } },
      body: { status: "delivered", notes: "Front desk" },
    });
    expect(completed.response.status).toBe(200);
    expect(completed.data).toMatchObject({ status: "delivered", deliveryNotes: "Front desk" });
    const live = await client.GET("/v2/routes/{routeUuid}/timeline", {
      params: { path: { routeUuid: planned.routeUuid } },
    });
    const done = live.data!.data.find((s) => s.orders[0]?.uuid === first)!;
    expect(done.actualArrivalTime).not.toBeNull();

    // 7. Delete: a completed order fails, an unpublished unscheduled one is deleted.
    const extra = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: { deliveryDate: DATE, locations: [pointNear(9)] },
    });
    const extraUuid = extra.data!.data[0]!.uuid;
    const deleted = await client.DELETE("/v2/orders", { body: [extraUuid, first] });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toMatchObject({
      deleted: [{ uuid: extraUuid }],
      failed: [{ uuid: first, reason: "order_completed" }],
    });
    const gone = await client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: extraUuid } } });
    expect(gone.response.status).toBe(404);
    expect(routeUuids).toContain(planned.routeUuid);
  });

  it("v1 and v2 on the same data: v1 orders and routes are scheduled by v2 and read back through v1", async () => {
    const { fake } = server;
    const client = clientOf();
    const workspace = fake.workspaces[0]!;

    const v1Orders = await client.POST("/v1/orders", {
      params: { query: { workspaceId: workspace.workspaceId } },
      body: [
        { deliveryDate: DATE, name: "v1 order", locations: [pointNear(4)] },
        { deliveryDate: DATE, name: "v1 order 2", locations: [pointNear(5)], tags: ["fridge"] },
      ],
    });
    expect(v1Orders.response.status).toBe(201);
    const v2Orders = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid } },
      body: [{ deliveryDate: DATE, name: "v2 order", locations: [pointNear(6)] }],
    });
    const v1Routes = await client.POST("/v1/routes", {
      params: { query: { workspaceId: workspace.workspaceId } },
      body: [{ name: "v1 van", date: DATE, startTime: "08:00", endTime: "17:00", startLocation: DEPOT }],
    });
    expect(v1Routes.response.status).toBe(201);

    const started = await client.POST("/v2/schedules", { body: { workspaceUuid: workspace.uuid, date: DATE } });
    const actionUuid = started.data!.actionUuid;
    const solution = (await client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid } } }))
      .data!;
    const [plain, fridge] = (v1Orders.data as { data: { uuid: string }[] }).data;
    expect(solution.unscheduled).toEqual([{ orderUuid: fridge!.uuid, reason: "tags" }]);
    expect(solution.routes[0]?.stops.map((s) => s.orderUuid).sort()).toEqual(
      [plain!.uuid, v2Orders.data!.data[0]!.uuid].sort(),
    );

    const readV1 = await client.GET("/v1/orders/{orderUuid}", { params: { path: { orderUuid: plain!.uuid } } });
    expect(readV1.data).toMatchObject({ status: "scheduled", workspaceId: workspace.workspaceId });
    const routesV1 = await client.GET("/v1/routes", {
      params: { query: { workspaceId: workspace.workspaceId, date: DATE } },
    });
    expect(routesV1.data?.data[0]).toMatchObject({ ordersCount: 2 });
    // v1 keeps its rule: a scheduled order cannot be updated through v1.
    const put = await client.PUT("/v1/orders/{orderUuid}", {
      params: { path: { orderUuid: plain!.uuid } },
      body: { deliveryDate: DATE, locations: [pointNear(4)] },
    });
    expect(put.response.status).toBe(400);
  });
});
