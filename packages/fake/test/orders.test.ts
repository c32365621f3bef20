import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, createOrders, DATE, orderInput, scheduledRoute, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

describe("POST /v2/orders and POST /v1/orders", () => {
  it("creates one order or a batch, in request order, with defaults, numbers and tracking links", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspace = workspaceOf(fake);
    const one = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid } },
      body: { deliveryDate: DATE, locations: [{ address: "Alexanderplatz 1, Berlin" }] },
    });
    expect(one.response.status).toBe(201);
    const order = one.data?.data[0];
    expect(order).toMatchObject({
      workspaceUuid: workspace.uuid,
      orderNumber: "ORD-1",
      status: "not_scheduled",
      routeUuid: null,
      duration: 300,
      load: 1,
      priority: "normal",
      tags: [],
      timeWindows: [],
      packages: [],
      customFields: {},
      trackingLink: `https://track.dispatch.example.com/o/${order?.uuid}`,
      createdAt: "2026-11-23T08:00:00.000Z",
    });
    // geocoded deterministically, inside the service area
    const location = order?.locations[0];
    expect(location?.address).toBe("Alexanderplatz 1, Berlin");
    expect(Math.abs((location?.latitude ?? 0) - 52.52)).toBeLessThan(0.2);

    const batch = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid } },
      body: [orderInput(1), orderInput(2, { packages: [{ quantity: 2, barcode: "B1" }] })],
    });
    expect(batch.data?.data.map((o) => o.orderNumber)).toEqual(["ORD-2", "ORD-3"]);
    expect(batch.data?.data[1]?.packages).toEqual([{ barcode: "B1", description: null, quantity: 2 }]);

    const v1 = await client.POST("/v1/orders", {
      params: { query: { workspaceId: workspace.workspaceId } },
      body: [orderInput(3)],
    });
    expect(v1.response.status).toBe(201);
    expect(v1.data?.data[0]).toMatchObject({ workspaceId: workspace.workspaceId, orderNumber: "ORD-4" });
    const v2read = await client.GET("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: v1.data?.data[0]?.uuid ?? "" } },
    });
    expect(v2read.data?.workspaceUuid).toBe(workspace.uuid);
  });

  it("fails the whole batch with paths like [7].locations and stores nothing", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspace = workspaceOf(fake);
    const body: unknown[] = Array.from({ length: 9 }, (_, i) => orderInput(i));
    body[7] = { deliveryDate: DATE, locations: [] };
    body[8] = { ...orderInput(8), colour: "red" };
    const res = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid } },
      body: body as never,
    });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: "VALIDATION_FAILED" });
    const paths = res.error?.details?.map((d) => d.path);
    expect(paths).toContain("[7].locations");
    expect(paths).toContain("[8].colour");
    expect(res.error?.message).toMatch(/^Failed to create orders: \[7\]\.locations/);
    const list = await client.GET("/v2/orders", { params: { query: { workspaceUuid: workspace.uuid } } });
    expect(list.data?.metadata.totalItems).toBe(0);
  });

  it("rejects overlapping windows, start >= end, more than 1,000 orders, and an unknown workspace", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspace = workspaceOf(fake);
    const windows = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid } },
      body: orderInput(0, {
        timeWindows: [
          { startTime: "09:00", endTime: "11:00" },
          { startTime: "10:00", endTime: "12:00" },
          { startTime: "15:00", endTime: "14:00" },
        ],
      }) as never,
    });
    expect(windows.error?.details?.map((d) => d.path)).toEqual(["timeWindows[2].endTime", "timeWindows[1]"]);
    const tooMany = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid } },
      body: Array.from({ length: 1001 }, (_, i) => orderInput(i)) as never,
    });
    expect(tooMany.response.status).toBe(400);
    const unknown = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: "00000000-0000-4000-8000-000000000000" } },
      body: orderInput(0) as never,
    });
    expect(unknown.response.status).toBe(404);
  });
});

describe("GET /v2/orders", () => {
  it("filters by date and status and paginates", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspace = workspaceOf(fake);
    const { orders } = await scheduledRoute(fake, 2);
    await createOrders(fake, 3);
    await client.POST("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid } },
      body: orderInput(9, { deliveryDate: "2026-11-24" }) as never,
    });
    const all = await client.GET("/v2/orders", { params: { query: { workspaceUuid: workspace.uuid, perPage: 2 } } });
    expect(all.data?.metadata).toMatchObject({ totalItems: 6, totalPages: 3 });
    expect(all.data?.metadata.nextPage).toContain("page=2");
    const scheduled = await client.GET("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid, status: "scheduled" } },
    });
    expect(scheduled.data?.data.map((o) => o.uuid)).toEqual(orders);
    const tomorrow = await client.GET("/v2/orders", {
      params: { query: { workspaceUuid: workspace.uuid, date: "2026-11-24" } },
    });
    expect(tomorrow.data?.metadata.totalItems).toBe(1);
  });
});
