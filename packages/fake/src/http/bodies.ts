/**
 * Domain records → wire bodies (typed from the generated contract).
 * @see contract.md sections 3, 4, 7
 */
import type { ActionRecord } from "../domain/actions.js";
import { isoString } from "../domain/clock.js";
import { type OrderRecord, trackingLink } from "../domain/orders.js";
import { type RouteView, toRouteView } from "../domain/route-view.js";
import type { RouteRecord } from "../domain/routes.js";
import type { Context } from "../domain/state.js";
import type { components } from "./contract-types.js";

type Schemas = components["schemas"];

/** An order, v2. */
export function toOrderBody(order: OrderRecord): Schemas["Order"] {
  return {
    uuid: order.uuid,
    workspaceUuid: order.workspaceUuid,
    orderNumber: order.orderNumber,
    name: order.name,
    customerOrderNumber: order.customerOrderNumber,
    deliveryDate: order.deliveryDate,
    locations: [{ ...order.location }],
    timeWindows: order.timeWindows.map((w) => ({ ...w })),
    duration: order.duration,
    load: order.load,
    tags: [...order.tags],
    priority: order.priority,
    phone: order.phone,
    email: order.email,
    instructions: order.instructions,
    customFields: { ...order.customFields },
    packages: order.packages.map((p) => ({ ...p })),
    status: order.status,
    routeUuid: order.routeUuid,
    trackingLink: trackingLink(order.uuid),
    signatureUrl: order.signatureUrl,
    deliveryTime: order.deliveryTime === null ? null : isoString(order.deliveryTime),
    deliveryMissedReason: order.deliveryMissedReason,
    deliveryNotes: order.deliveryNotes,
    createdAt: isoString(order.createdAt),
    updatedAt: isoString(order.updatedAt),
  };
}

/** An order, v1 (`workspaceId`; no trackingLink, signatureUrl, packages). */
export function toOrderV1Body(ctx: Context, order: OrderRecord): Schemas["OrderV1"] {
  const { workspaceUuid: _w, trackingLink: _t, signatureUrl: _s, packages: _p, ...rest } = toOrderBody(order);
  return { ...rest, workspaceId: ctx.state.workspaces.get(order.workspaceUuid)?.workspaceId ?? 0 };
}

/** A route, v2. */
export function toRouteBody(route: RouteRecord): Schemas["Route"] {
  return toRouteView(route) satisfies RouteView;
}

/** A route, v1 (`workspaceId` instead of `workspaceUuid`). */
export function toRouteV1Body(ctx: Context, route: RouteRecord): Schemas["RouteV1"] {
  const { workspaceUuid: _w, ...rest } = toRouteView(route);
  return { ...rest, workspaceId: ctx.state.workspaces.get(route.workspaceUuid)?.workspaceId ?? 0 };
}

/** An action, as answered by 202s and polls (contract §7). */
export function toActionBody(action: ActionRecord): Schemas["Action"] {
  const body: Schemas["Action"] = {
    actionUuid: action.uuid,
    actionName: action.kind,
    status: action.status,
    createdAt: isoString(action.createdAt),
  };
  if (action.finishedAt !== null) body.finishedAt = isoString(action.finishedAt);
  if (action.summary !== null) body.actionSummary = action.summary;
  if (action.reason !== null) body.reason = action.reason;
  return body;
}
