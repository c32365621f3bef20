/**
 * What a route's driver does in the driver app: arrive at a stop, complete its order delivered or missed. A
 * completion here is the API's completion ({@link completeOnRoute}): same timeline, ETAs, notification and events.
 * @see `docs/api-contract.md` section 3 (Complete)
 */
import { type CompletionInput, completeOnRoute } from "./completion.js";
import type { Context } from "./context.js";
import { DomainError, notFound } from "./errors.js";
import { emitRouteEvent } from "./events.js";
import type { OrderRecord, RouteRecord, TimelineEntry } from "./records.js";
import { recomputeRoute } from "./timeline.js";

/** A stop of a route: its order and its timeline entry. */
export interface RouteStop {
  order: OrderRecord;
  route: RouteRecord;
  entry: TimelineEntry;
}

/** The order of `uuid`, whatever its organization (the driver app acts for the service). 404 when unknown. */
function orderOf(ctx: Context, uuid: string): OrderRecord {
  const order = ctx.state.orders.get(uuid);
  if (!order) throw notFound("order", uuid);
  return order;
}

/** The stop of an order that is still to be served on a published route, or the reason it has none. */
function openStop(ctx: Context, order: OrderRecord, verb: string): RouteStop {
  if (order.status === "delivered" || order.status === "missed") {
    throw new DomainError("ORDER_COMPLETED", `Failed to ${verb}: order ${order.uuid} is already ${order.status}`);
  }
  const route = order.routeUuid ? ctx.state.routes.get(order.routeUuid) : undefined;
  const entry = route?.timeline.find((e) => e.orderUuid === order.uuid);
  if (route?.status !== "published" || !entry) {
    throw new DomainError(
      "ORDER_NOT_PUBLISHED",
      `Failed to ${verb}: order ${order.uuid} is not on a published route; publish its route first`,
    );
  }
  return { order, route, entry };
}

/**
 * The next stop of a published route that its driver has not completed, in sequence, or null when every stop is
 * done. 404 for an unknown route, 409 CONFLICT for a route that is not published.
 */
export function nextStop(ctx: Context, routeUuid: string): RouteStop | null {
  const route = ctx.state.routes.get(routeUuid);
  if (!route) throw notFound("route", routeUuid);
  if (route.status !== "published") {
    throw new DomainError("CONFLICT", `Failed to find the next stop: route ${routeUuid} is not published`);
  }
  for (const entry of route.timeline) {
    const order = entry.orderUuid ? ctx.state.orders.get(entry.orderUuid) : undefined;
    if (order && order.status !== "delivered" && order.status !== "missed") return { order, route, entry };
  }
  return null;
}

/**
 * The driver arrives at an order's stop at `at` (default now): the stop's actual arrival is recorded, its
 * departure and the stops after it are re-estimated from it (service starts on arrival), and `route.eta_updated`
 * is emitted. 404 unknown order; 409 ORDER_COMPLETED, ORDER_NOT_PUBLISHED, or CONFLICT when already arrived.
 */
export function arriveAtStop(ctx: Context, orderUuid: string, at?: number): RouteStop {
  const stop = openStop(ctx, orderOf(ctx, orderUuid), "arrive at stop");
  if (stop.entry.actualArrival !== null) {
    throw new DomainError(
      "CONFLICT",
      `Failed to arrive at stop: the driver already arrived at order ${orderUuid} at ${new Date(stop.entry.actualArrival).toISOString()}`,
    );
  }
  stop.entry.actualArrival = at ?? ctx.clock.now();
  stop.route.updatedAt = ctx.clock.now();
  recomputeRoute(ctx, stop.route);
  emitRouteEvent(ctx, "route.eta_updated", stop.route);
  // recomputeRoute replaced the timeline: hand back the entry that is in it now.
  return { ...stop, entry: stop.route.timeline.find((e) => e.orderUuid === orderUuid) ?? stop.entry };
}

/**
 * The driver completes an order delivered or missed: the API's completion ({@link completeOnRoute}), for an order
 * of any organization. 404 unknown order; 409 ORDER_COMPLETED or ORDER_NOT_PUBLISHED.
 */
export function completeAsDriver(ctx: Context, orderUuid: string, input: CompletionInput): OrderRecord {
  return completeOnRoute(ctx, orderOf(ctx, orderUuid), input);
}
