import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { clientOf, createOrders, publish, scheduledRoute } from "./support/flow.js";

const server = useFakeServer();

describe("POST /v2/orders/{orderUuid}/complete and /completion", () => {
  it("delivers: actual times on the stop, later ETAs re-estimated, notification and events", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 3);
    const [first = "", second = ""] = orders;
    await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: first } },
      body: {
        name: "Ada",
        email: "ada@example.com",
        deliveryDate: "2026-11-23",
        locations: [{ address: "Street 0, Berlin", latitude: 52.52, longitude: 13.405 }],
      },
    });
    await publish(fake, [route]);
    const before = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    const completedAt = "2026-11-23T10:30:00.000Z"; // an hour later than planned
    const res = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: first } },
      body: { status: "delivered", completedAt, notes: "left with neighbour", signature: "iVBORw0KGgo=" },
    });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({
      status: "delivered",
      deliveryTime: completedAt,
      deliveryNotes: "left with neighbour",
      deliveryMissedReason: null,
      signatureUrl: `https://track.dispatch.example.com/o/${first}/signature.png`,
    });
    const after = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    const stop1 = after.data?.data[1];
    expect(stop1).toMatchObject({
      orders: [{ uuid: first, status: "delivered" }],
      actualArrivalTime: "2026-11-23T11:25:00.000+01:00",
      actualDepartureTime: "2026-11-23T11:30:00.000+01:00",
      plannedArrivalTime: before.data?.data[1]?.plannedArrivalTime,
    });
    const stop2 = after.data?.data[2];
    expect(stop2?.plannedArrivalTime).toBe(before.data?.data[2]?.plannedArrivalTime);
    expect(Date.parse(stop2?.estimatedArrivalTime ?? "")).toBeGreaterThan(Date.parse(completedAt));
    expect(stop2?.actualArrivalTime).toBeNull();
    expect(fake.notifications).toEqual([
      expect.objectContaining({
        orderUuid: first,
        kind: "order_delivered",
        email: "ada@example.com",
        routeUuid: route,
      }),
    ]);
    expect(fake.events.map((e) => e.type)).toEqual(["route.published", "order.status_updated", "route.eta_updated"]);
    const validator = createContractValidator();
    for (const event of fake.events) {
      const body = {
        id: event.id,
        type: event.type,
        createdAt: new Date(event.createdAt).toISOString(),
        data: event.data,
      };
      expect(validator.checkEvent(body)).toEqual([]);
    }
    const statusEvent = fake.events[1];
    expect(statusEvent?.data).toMatchObject({
      order: { uuid: first, status: "delivered", deliveryTime: completedAt },
      route: { uuid: route },
    });

    const missed = await client.POST("/v2/orders/{orderUuid}/completion", {
      params: { path: { orderUuid: second } },
      body: { status: "missed", missedReason: "nobody home" },
    });
    expect(missed.data).toMatchObject({
      status: "missed",
      deliveryMissedReason: "nobody home",
      deliveryTime: "2026-11-23T08:00:00.000Z",
    });
    expect(fake.notifications[1]).toMatchObject({ kind: "order_missed", orderUuid: second });
  });

  it("answers 409 ORDER_NOT_PUBLISHED off a published route and 409 ORDER_COMPLETED when done", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const [loose = ""] = await createOrders(fake, 1);
    const notScheduled = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: loose } },
      body: { status: "delivered" },
    });
    expect(notScheduled.response.status).toBe(409);
    expect(notScheduled.error?.code).toBe("ORDER_NOT_PUBLISHED");
    const { orders, route } = await scheduledRoute(fake, 1);
    const unpublished = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: { status: "delivered" },
    });
    expect(unpublished.error?.code).toBe("ORDER_NOT_PUBLISHED");
    await publish(fake, [route]);
    await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: { status: "delivered" },
    });
    const again = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: { status: "missed", missedReason: "x" },
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.code).toBe("ORDER_COMPLETED");
  });

  it("validates the body: missedReason with missed only, signature with delivered only", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders } = await scheduledRoute(fake, 1);
    const orderUuid = orders[0] ?? "";
    const noReason = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid } },
      body: { status: "missed" } as never,
    });
    expect(noReason.error?.details?.[0]?.path).toBe("missedReason");
    const signature = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid } },
      body: { status: "missed", missedReason: "x", signature: "abc" } as never,
    });
    expect(signature.error?.details?.[0]?.path).toBe("signature");
    const status = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid } },
      body: { status: "lost" } as never,
    });
    expect(status.error?.details?.[0]?.path).toBe("status");
  });
});
