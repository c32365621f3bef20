/** The consistency of a fake's orders and routes, checked after concurrent or interleaved work. */
import type { Fake } from "@dispatchkit/fake";
import { expect } from "vitest";

/**
 * The state's consistency: every order on a route is listed by exactly that route, once, is `scheduled` (or
 * completed) for the route's date and workspace; every `not_scheduled` order is on no route; every route's
 * timeline has one stop per order; totals are never negative. Returns the uuids of the orders on routes.
 */
export function expectConsistent(fake: Fake): Set<string> {
  const view = fake.inspect();
  const orders = new Map(view.orders.map((o) => [o.uuid, o]));
  const placed = new Map<string, string>();
  for (const route of view.routes) {
    for (const uuid of route.orderUuids) {
      expect(placed.has(uuid), `order ${uuid} on two routes`).toBe(false);
      placed.set(uuid, route.uuid);
      const order = orders.get(uuid);
      expect(order, `route ${route.uuid} lists a lost order ${uuid}`).not.toBeUndefined();
      expect(order?.routeUuid).toBe(route.uuid);
      expect(["scheduled", "delivered", "missed"]).toContain(order?.status);
      expect(order?.deliveryDate).toBe(route.date);
      expect(order?.workspaceUuid).toBe(route.workspaceUuid);
    }
    const stops = route.stops.filter((e) => e.type === "delivering_stop").map((e) => e.orders[0]?.uuid);
    expect(stops).toEqual(route.orderUuids);
    expect(route.ordersCount).toBe(route.orderUuids.length);
    expect(route.workingTimeInSeconds).toBeGreaterThanOrEqual(0);
    expect(route.distanceInKilometers).toBeGreaterThanOrEqual(0);
  }
  for (const order of view.orders) {
    if (order.routeUuid === null) expect(order.status).toBe("not_scheduled");
    else expect(placed.get(order.uuid)).toBe(order.routeUuid);
  }
  return new Set(placed.keys());
}
