import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, createOrders, orderInput, publish, scheduledRoute } from "./support/flow.js";

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
