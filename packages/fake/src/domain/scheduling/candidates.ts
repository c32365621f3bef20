/**
 * Candidate selection: which routes and orders a run plans, as of the moment its action runs, and how they are
 * handed to the planner.
 * @see `docs/api-contract.md` section 5
 */
import type { Context } from "../context.js";
import { orderFields } from "../orders.js";
import type { OrderFields, OrderRecord, RouteRecord, Workspace } from "../records.js";
import { isLockedForScheduling, type RouteFields, routeFields } from "../routes.js";
import type { PlanOrder, PlanRoute } from "./planner.js";
import type { ScheduleRequest } from "./requests.js";

/** An order as the planner sees it. */
export function toPlanOrder(
  uuid: string,
  order: Pick<OrderFields, "location" | "timeWindows" | "duration" | "load" | "tags" | "priority">,
): PlanOrder {
  return {
    uuid,
    location: order.location,
    timeWindows: order.timeWindows,
    duration: order.duration,
    load: order.load,
    tags: order.tags,
    priority: order.priority,
  };
}

/** A route as the planner sees it. */
export function toPlanRoute(
  uuid: string,
  route: Pick<RouteFields, "startTime" | "endTime" | "startLocation" | "endLocation" | "capacity" | "tags">,
): PlanRoute {
  return {
    uuid,
    startTime: route.startTime,
    endTime: route.endTime,
    startLocation: route.startLocation,
    endLocation: route.endLocation,
    capacity: route.capacity,
    tags: route.tags,
  };
}

function unique(uuids: readonly string[]): string[] {
  return [...new Set(uuids)];
}

/** The stored routes and orders a committing run (all or specific) plans. */
export interface Candidates {
  routes: RouteRecord[];
  orders: OrderRecord[];
}

/**
 * What a committing run plans. Schedule all: the workspace's routes of the date that are not locked or
 * published, with the date's unscheduled orders and the orders already on those routes. Schedule specific: the
 * listed routes and orders still schedulable now, plus the orders already on those routes (re-sequenced with
 * the new ones, never dropped).
 */
export function selectCandidates(
  ctx: Context,
  workspace: Workspace,
  request: Extract<ScheduleRequest, { mode: "all" | "specific" }>,
): Candidates {
  if (request.mode === "all") {
    const routes = [...ctx.state.routes.values()].filter(
      (r) => r.workspaceUuid === workspace.uuid && r.date === request.date && !isLockedForScheduling(r),
    );
    const usable = new Set(routes.map((r) => r.uuid));
    const orders = [...ctx.state.orders.values()].filter(
      (o) =>
        o.workspaceUuid === workspace.uuid &&
        o.deliveryDate === request.date &&
        (o.status === "not_scheduled" || (o.status === "scheduled" && o.routeUuid !== null && usable.has(o.routeUuid))),
    );
    return { routes, orders };
  }
  const routes = unique(request.routes)
    .map((uuid) => ctx.state.routes.get(uuid))
    .filter(
      (r): r is RouteRecord =>
        r !== undefined && r.workspaceUuid === workspace.uuid && r.date === request.date && !isLockedForScheduling(r),
    );
  const orders = unique(request.orders)
    .map((uuid) => ctx.state.orders.get(uuid))
    .filter((o): o is OrderRecord => {
      if (!o || (o.status !== "not_scheduled" && o.status !== "scheduled")) return false;
      // Checked at request time, and again now: an update may have moved the order to another date since.
      if (o.workspaceUuid !== workspace.uuid || o.deliveryDate !== request.date) return false;
      const on = o.routeUuid ? ctx.state.routes.get(o.routeUuid) : undefined;
      return !(on && isLockedForScheduling(on));
    });
  const listed = new Set(orders.map((o) => o.uuid));
  for (const route of routes) {
    for (const uuid of route.orderUuids) {
      const order = ctx.state.orders.get(uuid);
      if (order && !listed.has(uuid) && order.status === "scheduled") {
        orders.push(order);
        listed.add(uuid);
      }
    }
  }
  return { routes, orders };
}

/**
 * What a what-if run plans: its own routes and orders, built like created ones (defaults applied, addresses
 * geocoded) under the caller's uuids or fresh ones, on the run's date. Nothing is stored.
 */
export function whatIfCandidates(
  ctx: Context,
  workspace: Workspace,
  request: Extract<ScheduleRequest, { mode: "what_if" }>,
): { routes: PlanRoute[]; orders: PlanOrder[] } {
  const routes = request.whatIf.routes.map((r) => {
    const uuid = r.uuid ?? ctx.ids.uuid();
    return toPlanRoute(uuid, routeFields(ctx, workspace, r));
  });
  const orders = request.whatIf.orders.map((o) => {
    const uuid = o.uuid ?? ctx.ids.uuid();
    return toPlanOrder(uuid, orderFields(ctx, workspace, { ...o, deliveryDate: request.date }));
  });
  return { routes, orders };
}
