/**
 * The domain's event list and recorded customer notifications. Webhook delivery (a later issue) reads
 * `State.events`; tests read both through the fake (`fake.events`, `fake.notifications`).
 * @see contract.md section 6
 */
// Types only: the contract generated from openapi.yaml (the domain never imports from http/).
import type { components } from "../../../sdk/src/generated/openapi.js";
import type { OrderRecord } from "./orders.js";
import { trackingLink } from "./orders.js";
import { toRouteView, toTimelineView } from "./route-view.js";
import type { RouteRecord } from "./routes.js";
import type { Context } from "./state.js";

/** The event topics. */
export type EventType = "route.published" | "route.eta_updated" | "order.status_updated";

/** Payload of `route.published` (planned timeline) and `route.eta_updated` (live timeline): the contract's. */
export type RouteEventData = components["schemas"]["RouteEventData"];

/** Payload of `order.status_updated`: the contract's. */
export type OrderStatusUpdatedData = components["schemas"]["OrderStatusUpdatedData"];

/** One emitted event; `data` is the webhook payload's `data` as it was at emission (contract §6). */
export type EventRecord = {
  /** `evt_…`, the webhook's event id. */
  id: string;
  organizationId: string;
  workspaceUuid: string;
  /** Epoch ms. */
  createdAt: number;
} & (
  | { type: "route.published"; data: RouteEventData }
  | { type: "route.eta_updated"; data: RouteEventData }
  | { type: "order.status_updated"; data: OrderStatusUpdatedData }
);

/** A customer notification the service "sent" when an order was completed. */
export interface NotificationRecord {
  /** A uuid. */
  id: string;
  organizationId: string;
  workspaceUuid: string;
  orderUuid: string;
  routeUuid: string;
  kind: "order_delivered" | "order_missed";
  /** Where it went: the order's email and phone (either may be null). */
  email: string | null;
  phone: string | null;
  /** The text sent, with the tracking link. */
  message: string;
  trackingLink: string;
  createdAt: number;
}

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
