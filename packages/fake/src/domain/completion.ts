/**
 * Completing an order (delivered or missed), as a driver would in the driver app.
 * @see `docs/api-contract.md` section 3 (Complete)
 */
import type { Context } from "./context.js";
import { DomainError } from "./errors.js";
import { emitOrderStatusUpdated, emitRouteEvent, recordCompletionNotification } from "./events.js";
import { ordersChanged } from "./list-index.js";
import { getOrder } from "./orders.js";
import type { OrderRecord, Principal } from "./records.js";
import { recomputeRoute } from "./timeline.js";

/** What every completion may set. */
interface CompletionFields {
  /** Epoch ms; defaults to now. */
  completedAt?: number | undefined;
  notes?: string | undefined;
}

/**
 * What a completion sets (already shape-checked at the edge): a delivery may carry a signature (base64 PNG), a
 * miss a reason, never the other way round.
 */
export type CompletionInput =
  | (CompletionFields & { status: "delivered"; signature?: string | undefined; missedReason?: undefined })
  | (CompletionFields & { status: "missed"; missedReason?: string | undefined; signature?: undefined });

/**
 * Complete an order of the caller's organization (the API's complete): see {@link completeOnRoute}. 404 for an
 * unknown or foreign order.
 */
export function completeOrder(ctx: Context, principal: Principal, uuid: string, input: CompletionInput): OrderRecord {
  return completeOnRoute(ctx, getOrder(ctx, principal, uuid), input);
}

/**
 * Complete an order on a published route, whoever completes it (the API, or its driver in the driver app): sets
 * its status and completion fields, records the stop's actual arrival (the arrival the driver reported, else
 * `completedAt` minus the service duration for a delivery and `completedAt` for a miss) and departure
 * (`completedAt`), re-estimates the remaining stops from that time, records a customer notification and emits
 * `order.status_updated` then `route.eta_updated`. 409 ORDER_COMPLETED when already completed, 409
 * ORDER_NOT_PUBLISHED when not on a published route.
 */
export function completeOnRoute(ctx: Context, order: OrderRecord, input: CompletionInput): OrderRecord {
  const uuid = order.uuid;
  if (order.status === "delivered" || order.status === "missed") {
    throw new DomainError(
      "ORDER_COMPLETED",
      `Failed to complete order: order ${uuid} is already ${order.status}; completion is not reversible`,
    );
  }
  const route = order.routeUuid ? ctx.state.routes.get(order.routeUuid) : undefined;
  if (route?.status !== "published") {
    throw new DomainError(
      "ORDER_NOT_PUBLISHED",
      `Failed to complete order: order ${uuid} is not on a published route; publish its route first`,
    );
  }
  const completedAt = input.completedAt ?? ctx.clock.now();
  order.status = input.status;
  ordersChanged(ctx, order);
  order.deliveryTime = completedAt;
  order.deliveryMissedReason = input.missedReason ?? null;
  order.deliveryNotes = input.notes ?? null;
  order.signatureUrl =
    input.signature === undefined ? null : `https://track.dispatch.example.com/o/${order.uuid}/signature.png`;
  order.updatedAt = ctx.clock.now();

  const entry = route.timeline.find((e) => e.orderUuid === order.uuid);
  if (entry) {
    const service = input.status === "delivered" ? order.duration * 1000 : 0;
    entry.actualArrival ??= completedAt - service;
    entry.actualDeparture = completedAt;
  }
  route.updatedAt = ctx.clock.now();
  recomputeRoute(ctx, route);
  recordCompletionNotification(ctx, order, route.uuid);
  emitOrderStatusUpdated(ctx, order, route.uuid);
  emitRouteEvent(ctx, "route.eta_updated", route);
  return order;
}
