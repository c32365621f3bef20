/**
 * A missed order: its stop's actual times, and a miss that is as final as a delivery (a second completion is
 * refused and changes nothing).
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, publish, scheduledRoute } from "./support/flow.js";
import { inspectWithout } from "./support/inspect.js";

const server = useFakeServer();

describe("completing a missed order", () => {
  it("records the miss as the stop's arrival and departure (no service time is spent)", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 2);
    await publish(fake, [route]);
    const completedAt = "2026-11-23T10:30:00.000Z";
    const missed = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: { status: "missed", missedReason: "nobody home", completedAt },
    });
    expect(missed.data).toMatchObject({ status: "missed", deliveryTime: completedAt, signatureUrl: null });
    const timeline = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    expect(timeline.data?.data[1]).toMatchObject({
      orders: [{ uuid: orders[0], status: "missed" }],
      actualArrivalTime: "2026-11-23T11:30:00.000+01:00",
      actualDepartureTime: "2026-11-23T11:30:00.000+01:00",
    });
  });

  it("refuses a second completion of a missed order with 409 ORDER_COMPLETED, changing nothing", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 1);
    await publish(fake, [route]);
    const orderUuid = orders[0] ?? "";
    await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid } },
      body: { status: "missed", missedReason: "nobody home" },
    });
    const before = inspectWithout(fake, "idempotencyKeys");
    for (const body of [{ status: "delivered" as const }, { status: "missed" as const, missedReason: "again" }]) {
      const again = await client.POST("/v2/orders/{orderUuid}/complete", { params: { path: { orderUuid } }, body });
      expect(again.response.status).toBe(409);
      expect(again.error?.code).toBe("ORDER_COMPLETED");
      expect(again.error?.message).toBe(
        `Failed to complete order: order ${orderUuid} is already missed; completion is not reversible`,
      );
    }
    expect(inspectWithout(fake, "idempotencyKeys")).toEqual(before);
  });
});
