/**
 * Routes: records, creation, queries, lock/unlock, and the order list a scheduling run commits.
 * @see `docs/api-contract.md` section 4
 */
import type { Context } from "./context.js";
import { DomainError, type ErrorDetail, notFound, validationFailed } from "./errors.js";
import type { TravelMode } from "./geo.js";
import type { RouteInput } from "./inputs.js";
import { type ListView, ordersChanged, routeListKey } from "./list-index.js";
import { resolveLocation } from "./locations.js";
import { assertOwnedWorkspace, findOwned } from "./ownership.js";
import type { Principal, RouteRecord, Workspace } from "./records.js";
import { isCalendarDate, minutesOfDay } from "./time.js";
import { recomputeRoute } from "./timeline.js";

export type { RouteInput } from "./inputs.js";

/** Whether a route is locked for scheduling: locked by PATCH, or published. */
export function isLockedForScheduling(route: RouteRecord): boolean {
  return route.locked || route.status === "published";
}

/** Semantic checks the schema cannot express: `startTime < endTime` and a real calendar date. */
export function checkRouteInput(input: RouteInput, prefix: string, out: ErrorDetail[]): void {
  if (!isCalendarDate(input.date)) {
    out.push({ path: `${prefix}date`, message: `${JSON.stringify(input.date)} is not a calendar date` });
  }
  if (minutesOfDay(input.startTime) >= minutesOfDay(input.endTime)) {
    out.push({
      path: `${prefix}endTime`,
      message: `endTime ${input.endTime} must be after startTime ${input.startTime}`,
    });
  }
}

/** The fields a route input stores, defaults applied and locations resolved (created and what-if routes alike). */
export type RouteFields = Pick<
  RouteRecord,
  "name" | "date" | "startTime" | "endTime" | "startLocation" | "endLocation" | "capacity" | "tags" | "driver"
>;

/** Apply defaults and geocode: the fields a route input stores. */
export function routeFields(ctx: Context, workspace: Workspace, input: RouteInput): RouteFields {
  return {
    name: input.name,
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    startLocation: resolveLocation(ctx, workspace, input.startLocation),
    endLocation: input.endLocation ? resolveLocation(ctx, workspace, input.endLocation) : null,
    capacity: input.capacity ?? null,
    tags: [...(input.tags ?? [])],
    driver: input.driver
      ? { name: input.driver.name, email: input.driver.email ?? null, phone: input.driver.phone ?? null }
      : null,
  };
}

/**
 * Create routes in a workspace, all or nothing. `pathPrefix(i)` names route `i` in error details
 * (`routes[3].` for v2, `[3].` for v1).
 */
export function createRoutes(
  ctx: Context,
  principal: Principal,
  workspace: Workspace,
  inputs: readonly RouteInput[],
  pathPrefix: (index: number) => string = (i) => `routes[${i}].`,
): RouteRecord[] {
  assertOwnedWorkspace(principal, workspace);
  const details: ErrorDetail[] = [];
  inputs.forEach((input, i) => {
    checkRouteInput(input, pathPrefix(i), details);
  });
  if (details.length > 0) throw validationFailed("create routes", details);
  const now = ctx.clock.now();
  const created = inputs.map(
    (input): RouteRecord => ({
      uuid: ctx.ids.uuid(),
      organizationId: principal.organizationId,
      workspaceUuid: workspace.uuid,
      ...routeFields(ctx, workspace, input),
      locked: false,
      status: "planned",
      publishedAt: null,
      travelMode: "car",
      orderUuids: [],
      timeline: [],
      distanceInKilometers: 0,
      workingTimeInSeconds: 0,
      createdAt: now,
      updatedAt: now,
    }),
  );
  for (const route of created) {
    ctx.state.routes.set(route.uuid, route);
    ctx.lists.routes.touch(ctx.state.routes, route);
    recomputeRoute(ctx, route);
  }
  return created;
}

/** A route of the caller's organization; 404 for unknown or foreign ones. */
export function getRoute(ctx: Context, principal: Principal, uuid: string): RouteRecord {
  return findOwned(ctx.state.routes, principal, "route", uuid);
}

/** The routes of a workspace, optionally of one date, in creation order (a view over the route index). */
export function listRoutes(
  ctx: Context,
  principal: Principal,
  workspace: Workspace,
  date?: string,
): ListView<RouteRecord> {
  assertOwnedWorkspace(principal, workspace);
  return ctx.lists.routes.list(ctx.state.routes, routeListKey(workspace.uuid, date));
}

/** Lock or unlock a route (PATCH). Published routes stay locked for scheduling whatever this flag says. */
export function setRouteLocked(ctx: Context, principal: Principal, uuid: string, locked: boolean): RouteRecord {
  const route = getRoute(ctx, principal, uuid);
  if (route.locked !== locked) {
    route.locked = locked;
    route.updatedAt = ctx.clock.now();
  }
  return route;
}

/**
 * Commit an order sequence to a route: the route's `orderUuids` become `orderUuids` (in that order), those
 * orders become `scheduled` on it, orders that were on this route but are not in the list become
 * `not_scheduled`, orders taken from another route leave it (and that route is recomputed), and the
 * timeline and totals are recomputed. What scheduling calls when it commits a plan; tests use it to put
 * orders on routes directly.
 *
 * Throws when an order is unknown, completed, in another workspace, or for another date, so a bad plan
 * never half-commits (all checks run before any change).
 *
 * @example
 * ```ts
 * assignOrdersToRoute(ctx, route.uuid, [orderA.uuid, orderB.uuid], { travelMode: "car" });
 * ```
 */
export function assignOrdersToRoute(
  ctx: Context,
  routeUuid: string,
  orderUuids: readonly string[],
  options: { travelMode?: TravelMode } = {},
): RouteRecord {
  const route = ctx.state.routes.get(routeUuid);
  if (!route) throw notFound("route", routeUuid);
  const unique = [...new Set(orderUuids)];
  for (const uuid of unique) {
    const order = ctx.state.orders.get(uuid);
    if (!order || order.workspaceUuid !== route.workspaceUuid) throw notFound("order", uuid);
    if (order.status === "delivered" || order.status === "missed") {
      throw new DomainError("ORDER_COMPLETED", `Failed to assign order: order ${uuid} is already ${order.status}`);
    }
    if (order.deliveryDate !== route.date) {
      throw new DomainError(
        "CONFLICT",
        `Failed to assign order: order ${uuid} is for ${order.deliveryDate}, route ${route.uuid} for ${route.date}`,
      );
    }
  }
  const now = ctx.clock.now();
  const keep = new Set(unique);
  for (const uuid of route.orderUuids) {
    if (keep.has(uuid)) continue;
    const order = ctx.state.orders.get(uuid);
    if (order && order.routeUuid === route.uuid && order.status === "scheduled") {
      order.status = "not_scheduled";
      order.routeUuid = null;
      order.updatedAt = now;
      ordersChanged(ctx, order);
    }
  }
  const touched = new Set<string>();
  for (const uuid of unique) {
    const order = ctx.state.orders.get(uuid);
    if (!order) continue;
    if (order.routeUuid && order.routeUuid !== route.uuid) {
      const other = ctx.state.routes.get(order.routeUuid);
      if (other) {
        other.orderUuids = other.orderUuids.filter((u) => u !== uuid);
        touched.add(other.uuid);
      }
    }
    if (order.routeUuid !== route.uuid || order.status !== "scheduled") {
      order.status = "scheduled";
      order.routeUuid = route.uuid;
      order.updatedAt = now;
      ordersChanged(ctx, order);
    }
  }
  route.orderUuids = unique;
  if (options.travelMode) route.travelMode = options.travelMode;
  route.updatedAt = now;
  recomputeRoute(ctx, route);
  for (const uuid of touched) {
    const other = ctx.state.routes.get(uuid);
    if (other) recomputeRoute(ctx, other);
  }
  return route;
}

/**
 * Take an order off its route (it becomes `not_scheduled`) and recompute the route. No-op when the order is
 * on no route.
 */
export function unassignOrder(ctx: Context, orderUuid: string): void {
  const order = ctx.state.orders.get(orderUuid);
  if (!order?.routeUuid) return;
  const route = ctx.state.routes.get(order.routeUuid);
  const now = ctx.clock.now();
  order.routeUuid = null;
  if (order.status === "scheduled") order.status = "not_scheduled";
  order.updatedAt = now;
  ordersChanged(ctx, order);
  if (route) {
    route.orderUuids = route.orderUuids.filter((u) => u !== orderUuid);
    route.updatedAt = now;
    recomputeRoute(ctx, route);
  }
}
