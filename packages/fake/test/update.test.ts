import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, createOrders, orderInput, publish, scheduledRoute } from "./support/flow.js";
import { contextOf } from "./support/internals.js";

const server = useFakeServer();

describe("PUT /v2/orders/{orderUuid}", () => {
  it("updates an unscheduled order at once (200), resetting omitted fields to their defaults", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const [uuid = ""] = await createOrders(fake, 1, { duration: 900, phone: "+4930123" });
    const res = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: uuid } },
      body: orderInput(0, { name: "Renamed" }) as never,
    });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ name: "Renamed", duration: 300, phone: null, orderNumber: "ORD-1" });
  });

  it("answers 200 for a scheduled order when only non-scheduling fields change", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders } = await scheduledRoute(fake, 1);
    const res = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: orderInput(0, { instructions: "Ring twice", customFields: { floor: 3 } }) as never,
    });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ status: "scheduled", instructions: "Ring twice", customFields: { floor: 3 } });
  });

  it("runs an update action when constraints change, recomputing the route and listing violations", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 2, { capacity: 2 });
    const before = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    const res = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: orderInput(0, { load: 5, duration: 1800 }) as never,
    });
    expect(res.response.status).toBe(202);
    expect(res.data).toMatchObject({ actionName: "update", status: "pending" });
    const poll = await client.GET("/v2/orders/actions/{actionUuid}", {
      params: { path: { actionUuid: (res.data as { actionUuid: string }).actionUuid } },
    });
    expect(poll.data).toMatchObject({
      status: "finished",
      actionSummary: { orders: [{ uuid: orders[0], status: "scheduled", routeUuid: route, violations: ["capacity"] }] },
    });
    const after = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    // the second stop now starts 1,500 s later (service 1,800 s instead of 300 s)
    const shift = (t?: string | null) => Date.parse(t ?? "");
    expect(shift(after.data?.data[2]?.estimatedArrivalTime) - shift(before.data?.data[2]?.estimatedArrivalTime)).toBe(
      1_500_000,
    );
  });

  it("takes the order off its route when deliveryDate changes", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 2);
    const res = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: orders[1] ?? "" } },
      body: orderInput(1, { deliveryDate: "2026-11-24" }) as never,
    });
    expect(res.response.status).toBe(202);
    const poll = await client.GET("/v2/orders/actions/{actionUuid}", {
      params: { path: { actionUuid: (res.data as { actionUuid: string }).actionUuid } },
    });
    expect(poll.data?.actionSummary).toEqual({
      orders: [{ uuid: orders[1], status: "not_scheduled", routeUuid: null, violations: [] }],
    });
    const read = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    expect(read.data?.ordersCount).toBe(1);
  });

  it("refuses completed orders (409 ORDER_COMPLETED), unknown fields (400) and unknown orders (404)", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 1);
    await publish(fake, [route]);
    await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: { status: "missed", missedReason: "nobody home" },
    });
    const completed = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: orderInput(0) as never,
    });
    expect(completed.response.status).toBe(409);
    expect(completed.error?.code).toBe("ORDER_COMPLETED");
    const [fresh = ""] = await createOrders(fake, 1);
    const unknownField = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: fresh } },
      body: { ...orderInput(0), weight: 3 } as never,
    });
    expect(unknownField.error?.details).toEqual([{ path: "weight", message: 'unknown field "weight"' }]);
    const missing = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: "00000000-0000-4000-8000-000000000000" } },
      body: orderInput(0) as never,
    });
    expect(missing.response.status).toBe(404);
  });
});

describe("PUT /v2/orders/{orderUuid}: what starts an update action", () => {
  it("each scheduling field changed alone starts one (202); the same fields again answer at once (200)", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const changes: Record<string, Record<string, unknown>> = {
      timeWindows: { timeWindows: [{ startTime: "09:00", endTime: "12:00" }] },
      duration: { duration: 600 },
      load: { load: 3 },
      tags: { tags: ["fragile"] },
      priority: { priority: "high" },
      location: { locations: [{ address: "Elsewhere, Berlin", latitude: 52.5, longitude: 13.45 }] },
    };
    const statuses: Record<string, number[]> = {};
    for (const [field, change] of Object.entries(changes)) {
      const { orders } = await scheduledRoute(fake, 1);
      const put = () =>
        client.PUT("/v2/orders/{orderUuid}", {
          params: { path: { orderUuid: orders[0] ?? "" } },
          body: orderInput(0, change) as never,
        });
      statuses[field] = [(await put()).response.status, (await put()).response.status];
    }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(changes).map((field) => [field, [202, 200]])));
  });
});

describe("PUT /v2/orders/{orderUuid}: the update action", () => {
  const actionOf = async (fake: Parameters<typeof clientOf>[0], actionUuid: string) =>
    (await clientOf(fake).GET("/v2/orders/actions/{actionUuid}", { params: { path: { actionUuid } } })).data;

  it("on a published route re-sends the route's ETAs (route.eta_updated); on an open route sends nothing", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const open = await scheduledRoute(fake, 2);
    const published = await scheduledRoute(fake, 2);
    await publish(fake, [published.route]);
    for (const [orderUuid, change] of [
      [open.orders[0], { load: 2 }],
      [open.orders[1], { deliveryDate: "2026-11-24" }],
      [published.orders[0], { load: 2 }],
      [published.orders[1], { deliveryDate: "2026-11-24" }],
    ] as const) {
      const res = await client.PUT("/v2/orders/{orderUuid}", {
        params: { path: { orderUuid: orderUuid ?? "" } },
        body: orderInput(0, change) as never,
      });
      expect(res.response.status).toBe(202);
    }
    const routeEvents = fake.events.map((e) => [e.type, (e.data as { route: { uuid: string } }).route.uuid]);
    expect(routeEvents).toEqual([
      ["route.published", published.route],
      ["route.eta_updated", published.route],
      ["route.eta_updated", published.route],
    ]);
  });

  it("fails, changing nothing, when its order was deleted before it ran", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders } = await scheduledRoute(fake, 1);
    const uuid = orders[0] ?? "";
    fake.actions.hold(["update"]);
    const update = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: uuid } },
      body: orderInput(0, { load: 4 }) as never,
    });
    expect(update.response.status).toBe(202);
    const deleted = await client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: uuid } } });
    expect(deleted.response.status).toBe(202);
    const before = structuredClone(contextOf(fake).state);
    fake.actions.release();
    expect(await actionOf(fake, (update.data as { actionUuid: string }).actionUuid)).toMatchObject({
      status: "failed",
      reason: `order ${uuid} was deleted before the update ran`,
    });
    // Only the action itself changed: it ended (its work no longer pending).
    const after = contextOf(fake).state;
    expect({ ...after, actions: null, works: null }).toEqual({ ...before, actions: null, works: null });
  });

  it("finishes off any route when an earlier update took its order off the route before it ran", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 2);
    const uuid = orders[0] ?? "";
    fake.actions.hold(["update"]);
    const moved = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: uuid } },
      body: orderInput(0, { deliveryDate: "2026-11-24" }) as never,
    });
    const loaded = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: uuid } },
      body: orderInput(0, { load: 4 }) as never,
    });
    expect([moved.response.status, loaded.response.status]).toEqual([202, 202]);
    fake.actions.release();
    expect(await actionOf(fake, (loaded.data as { actionUuid: string }).actionUuid)).toMatchObject({
      status: "finished",
      actionSummary: { orders: [{ uuid, status: "not_scheduled", routeUuid: null, violations: [] }] },
    });
    const read = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    expect(read.data?.ordersCount).toBe(1);
  });

  it("fails, changing nothing, when its order was completed before it ran", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 1);
    const uuid = orders[0] ?? "";
    await publish(fake, [route]);
    fake.actions.hold(["update"]);
    const update = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: uuid } },
      body: orderInput(0, { load: 4 }) as never,
    });
    expect(update.response.status).toBe(202);
    const completed = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: uuid } },
      body: { status: "delivered" },
    });
    expect(completed.response.status).toBe(200);
    const before = structuredClone(contextOf(fake).state);
    fake.actions.release();
    expect(await actionOf(fake, (update.data as { actionUuid: string }).actionUuid)).toMatchObject({
      status: "failed",
      reason: `Failed to update order: order ${uuid} is already delivered, and completed orders cannot change`,
    });
    const after = contextOf(fake).state;
    expect({ ...after, actions: null, works: null }).toEqual({ ...before, actions: null, works: null });
  });
});

describe("PUT /v1/orders/{orderUuid}", () => {
  it("updates only not_scheduled orders (else 400), keeping v2 packages", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const [plain = ""] = await createOrders(fake, 1, { packages: [{ quantity: 1 }] });
    const ok = await client.PUT("/v1/orders/{orderUuid}", {
      params: { path: { orderUuid: plain } },
      body: orderInput(0, { name: "v1 name" }) as never,
    });
    expect(ok.data).toMatchObject({ name: "v1 name", status: "not_scheduled" });
    const v2 = await client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: plain } } });
    expect(v2.data?.packages).toEqual([{ barcode: null, description: null, quantity: 1 }]);
    const { orders } = await scheduledRoute(fake, 1);
    const refused = await client.PUT("/v1/orders/{orderUuid}", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: orderInput(0) as never,
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.message).toMatch(/not_scheduled/);
    const packages = await client.PUT("/v1/orders/{orderUuid}", {
      params: { path: { orderUuid: plain } },
      body: orderInput(0, { packages: [] }) as never,
    });
    expect(packages.error?.details?.[0]?.path).toBe("packages");
  });
});
