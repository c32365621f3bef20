/**
 * The domain's event list and recorded customer notifications. Webhook delivery reads
 * `State.events`; tests read both through the fake (`fake.events`, `fake.notifications`).
 * @see `docs/api-contract.md` section 6
 */
import type { Context } from "./context.js";
import { trackingLink } from "./orders.js";
import type { EventRecord, NotificationRecord, OrderRecord, RouteRecord } from "./records.js";
import { toRouteView, toTimelineView } from "./views.js";

/** Record `route.published` or `route.eta_updated` with the route and its timeline as they are now. */
export function emitRouteEvent(
  ctx: Context,
  type: "route.published" | "route.eta_updated",
  route: RouteRecord,
): EventRecord {
  const event: EventRecord = {
    id: ctx.ids.eventId(),
    organizationId: route.organizationId,
    workspaceUuid: route.workspaceUuid,
    createdAt: ctx.clock.now(),
    type,
    data: { route: toRouteView(route), timeline: toTimelineView(ctx, route) },
  };
  ctx.state.events.push(event);
  return event;
}

/** Record `order.status_updated` for a completed order. */
export function emitOrderStatusUpdated(ctx: Context, order: OrderRecord, routeUuid: string): EventRecord {
  const status = order.status === "missed" ? "missed" : "delivered";
  const event: EventRecord = {
    id: ctx.ids.eventId(),
    organizationId: order.organizationId,
    workspaceUuid: order.workspaceUuid,
    createdAt: ctx.clock.now(),
    type: "order.status_updated",
    data: {
      order: {
        uuid: order.uuid,
        status,
        deliveryTime: new Date(order.deliveryTime ?? ctx.clock.now()).toISOString(),
        deliveryMissedReason: order.deliveryMissedReason,
        deliveryNotes: order.deliveryNotes,
        location: { ...order.location },
      },
      route: { uuid: routeUuid },
    },
  };
  ctx.state.events.push(event);
  return event;
}

/** Record the customer notification of a completed order. */
export function recordCompletionNotification(ctx: Context, order: OrderRecord, routeUuid: string): NotificationRecord {
  const link = trackingLink(order.uuid);
  const who = order.name ?? order.orderNumber;
  const message =
    order.status === "missed"
      ? `We missed your delivery ${order.orderNumber} (${who}): ${order.deliveryMissedReason ?? "no reason given"}. Details: ${link}`
      : `Your order ${order.orderNumber} (${who}) was delivered. Details: ${link}`;
  const notification: NotificationRecord = {
    id: ctx.ids.uuid(),
    organizationId: order.organizationId,
    workspaceUuid: order.workspaceUuid,
    orderUuid: order.uuid,
    routeUuid,
    kind: order.status === "missed" ? "order_missed" : "order_delivered",
    email: order.email,
    phone: order.phone,
    message,
    trackingLink: link,
    createdAt: ctx.clock.now(),
  };
  ctx.state.notifications.push(notification);
  return notification;
}
