/**
 * PUT of an order: replaces all writable fields (omitted ones take their defaults). Unscheduled orders and
 * non-scheduling changes answer at once; a scheduled order whose scheduling constraints or delivery date
 * change is updated by an `update` action.
 * @see `docs/api-contract.md` section 3 (Update)
 */
import { startAction } from "./actions.js";
import type { ActionOutcome, Context } from "./context.js";
import { DomainError, type ErrorDetail, validationFailed } from "./errors.js";
import { emitRouteEvent } from "./events.js";
import type { UpdateWorkParams } from "./inputs.js";
import { ordersChanged } from "./list-index.js";
import { sameLocation } from "./locations.js";
import { checkOrderInput, getOrder, type OrderInput, orderFields } from "./orders.js";
import type { ActionRecord, OrderFields, OrderRecord, Principal } from "./records.js";
import { unassignOrder } from "./routes.js";
import { orderViolations, recomputeRoute } from "./timeline.js";

export type { UpdateWorkParams } from "./inputs.js";

/** The answer of an update: done at once (200) or an action (202). */
export type UpdateResult = { kind: "done"; order: OrderRecord } | { kind: "action"; action: ActionRecord };

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the fields the scheduler uses differ (location, windows, duration, load, tags, priority). */
function schedulingChanged(order: OrderRecord, next: OrderFields): boolean {
  return (
    !sameLocation(order.location, next.location) ||
    !sameJson(order.timeWindows, next.timeWindows) ||
    order.duration !== next.duration ||
    order.load !== next.load ||
    !sameJson(order.tags, next.tags) ||
    order.priority !== next.priority
  );
}

function apply(ctx: Context, order: OrderRecord, next: OrderFields): void {
  Object.assign(order, next);
  order.updatedAt = ctx.clock.now();
  ordersChanged(ctx, order);
}

function assertUpdatable(order: OrderRecord): void {
  if (order.status === "delivered" || order.status === "missed") {
    throw new DomainError(
      "ORDER_COMPLETED",
      `Failed to update order: order ${order.uuid} is already ${order.status}, and completed orders cannot change`,
    );
  }
}

function resolveFields(ctx: Context, order: OrderRecord, input: OrderInput, keepPackages: boolean): OrderFields {
  const details: ErrorDetail[] = [];
  checkOrderInput(input, "", details);
  if (details.length > 0) throw validationFailed("update order", details);
  // Workspaces are never deleted, so an order's workspace always exists.
  const next = orderFields(ctx, ctx.state.workspaces.get(order.workspaceUuid)!, input);
  if (keepPackages) next.packages = order.packages.map((p) => ({ ...p }));
  return next;
}

/**
 * PUT /v2/orders/{uuid}: 200 for an unscheduled order or a scheduled order whose scheduling fields did not
 * change; a 202 `update` action when a scheduled order's constraints or delivery date change (the action
 * recomputes its route and lists violations; a new date takes the order off its route); 409
 * ORDER_COMPLETED for a delivered or missed order.
 */
export function updateOrder(ctx: Context, principal: Principal, uuid: string, input: OrderInput): UpdateResult {
  const order = getOrder(ctx, principal, uuid);
  assertUpdatable(order);
  const next = resolveFields(ctx, order, input, false);
  // Completed orders were refused above: an order is scheduled exactly when it is on a route.
  if (!order.routeUuid) {
    apply(ctx, order, next);
    return { kind: "done", order };
  }
  const dateChanged = next.deliveryDate !== order.deliveryDate;
  if (!dateChanged && !schedulingChanged(order, next)) {
    apply(ctx, order, next);
    return { kind: "done", order };
  }
  const action = startAction(
    ctx,
    principal,
    { kind: "update", params: { uuid, next } },
    {
      workspaceUuid: order.workspaceUuid,
    },
  );
  return { kind: "action", action };
}

/** The work of an `update` action: apply the fields, then recompute the order's route (or take it off). */
export function runUpdate(ctx: Context, params: UpdateWorkParams): ActionOutcome {
  const { uuid, next } = params;
  const current = ctx.state.orders.get(uuid);
  if (!current) return { status: "failed", reason: `order ${uuid} was deleted before the update ran` };
  assertUpdatable(current);
  // The order's route when the action runs (a schedule run may have taken it off meanwhile).
  const route = current.routeUuid === null ? undefined : ctx.state.routes.get(current.routeUuid);
  apply(ctx, current, next);
  let violations: string[] = [];
  if (route) {
    if (current.deliveryDate !== route.date) {
      unassignOrder(ctx, current.uuid);
    } else {
      recomputeRoute(ctx, route);
      violations = orderViolations(ctx, route, current);
    }
    // Drivers of a published route see its stops change: the route's ETAs are re-sent.
    if (route.status === "published") emitRouteEvent(ctx, "route.eta_updated", route);
  }
  return {
    status: "finished",
    summary: { orders: [{ uuid, status: current.status, routeUuid: current.routeUuid, violations }] },
  };
}

/**
 * PUT /v1/orders/{uuid}: v1's rule, only `not_scheduled` orders (else 400 VALIDATION_FAILED). v1 has no
 * packages, so the order keeps its packages.
 */
export function updateOrderV1(ctx: Context, principal: Principal, uuid: string, input: OrderInput): OrderRecord {
  const order = getOrder(ctx, principal, uuid);
  if (order.status !== "not_scheduled") {
    throw validationFailed("update order", [
      {
        path: "status",
        message: `v1 updates only not_scheduled orders; order ${uuid} is ${order.status} (use PUT /v2/orders/{uuid})`,
      },
    ]);
  }
  apply(ctx, order, resolveFields(ctx, order, input, true));
  return order;
}
