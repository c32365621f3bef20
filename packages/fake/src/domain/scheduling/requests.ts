/**
 * A scheduling request and its checks at request time: everything that answers 400, 404 or 409 before a
 * `schedule` action exists (nothing has changed when one of them throws).
 * @see `docs/api-contract.md` section 5
 */
import type { Context } from "../context.js";
import { DomainError, type ErrorDetail, validationFailed } from "../errors.js";
import type { ScheduleRequest, WhatIfOrderInput, WhatIfRouteInput } from "../inputs.js";
import { checkOrderInput } from "../orders.js";
import { isOwned } from "../ownership.js";
import type { Principal, Workspace } from "../records.js";
import { checkRouteInput, isLockedForScheduling } from "../routes.js";
import { isCalendarDate } from "../time.js";
import { getWorkspace } from "../workspaces.js";

export type { ScheduleRequest } from "../inputs.js";

function conflict(message: string, path: string): DomainError {
  return new DomainError("CONFLICT", `Failed to schedule orders: ${message}`, [{ path, message }]);
}

/** Checks of a specific run's uuids: exist, same workspace and date, not locked, not completed. */
function checkSpecific(
  ctx: Context,
  principal: Principal,
  workspace: Workspace,
  date: string,
  orders: readonly string[],
  routes: readonly string[],
): void {
  const details: ErrorDetail[] = [];
  routes.forEach((uuid, i) => {
    const route = ctx.state.routes.get(uuid);
    if (!isOwned(principal, route) || route.workspaceUuid !== workspace.uuid) {
      throw new DomainError("NOT_FOUND", `Failed to schedule orders: no route with id ${JSON.stringify(uuid)}`, [
        { path: `routes[${i}]`, message: `no route with id ${uuid} in workspace ${workspace.uuid}` },
      ]);
    }
    if (route.date !== date) {
      details.push({ path: `routes[${i}]`, message: `route ${uuid} is for ${route.date}, not ${date}` });
    }
  });
  orders.forEach((uuid, i) => {
    const order = ctx.state.orders.get(uuid);
    if (!isOwned(principal, order) || order.workspaceUuid !== workspace.uuid) {
      throw new DomainError("NOT_FOUND", `Failed to schedule orders: no order with id ${JSON.stringify(uuid)}`, [
        { path: `orders[${i}]`, message: `no order with id ${uuid} in workspace ${workspace.uuid}` },
      ]);
    }
    if (order.deliveryDate !== date) {
      details.push({ path: `orders[${i}]`, message: `order ${uuid} is for ${order.deliveryDate}, not ${date}` });
    }
  });
  if (details.length > 0) throw validationFailed("schedule", details);
  routes.forEach((uuid, i) => {
    const route = ctx.state.routes.get(uuid)!;
    if (route.status === "published")
      throw conflict(`route ${uuid} is published (locked for scheduling)`, `routes[${i}]`);
    if (route.locked) throw conflict(`route ${uuid} is locked`, `routes[${i}]`);
  });
  orders.forEach((uuid, i) => {
    const order = ctx.state.orders.get(uuid)!;
    if (order.status === "delivered" || order.status === "missed") {
      throw new DomainError("ORDER_COMPLETED", `Failed to schedule orders: order ${uuid} is already ${order.status}`, [
        { path: `orders[${i}]`, message: `order ${uuid} is already ${order.status}` },
      ]);
    }
    const on = order.routeUuid ? ctx.state.routes.get(order.routeUuid) : undefined;
    if (on && isLockedForScheduling(on)) {
      throw conflict(
        `order ${uuid} is on ${on.status === "published" ? "published" : "locked"} route ${on.uuid}`,
        `orders[${i}]`,
      );
    }
  });
}

/** Checks of a what-if body beyond its shape: dates, windows, shifts and unique uuids. */
function checkWhatIf(date: string, orders: readonly WhatIfOrderInput[], routes: readonly WhatIfRouteInput[]): void {
  const details: ErrorDetail[] = [];
  const seen = new Map<string, string>();
  const unique = (uuid: string | undefined, path: string) => {
    if (uuid === undefined) return;
    const first = seen.get(uuid);
    if (first) details.push({ path, message: `uuid ${uuid} is already used by ${first}` });
    else seen.set(uuid, path);
  };
  orders.forEach((order, i) => {
    const prefix = `whatIf.orders[${i}].`;
    unique(order.uuid, `${prefix}uuid`);
    if (order.deliveryDate !== undefined && order.deliveryDate !== date) {
      details.push({
        path: `${prefix}deliveryDate`,
        message: `deliveryDate ${order.deliveryDate} must be the run's date ${date}`,
      });
    }
    checkOrderInput({ ...order, deliveryDate: date }, prefix, details);
  });
  routes.forEach((route, i) => {
    const prefix = `whatIf.routes[${i}].`;
    unique(route.uuid, `${prefix}uuid`);
    if (route.date !== date) {
      details.push({ path: `${prefix}date`, message: `date ${route.date} must be the run's date ${date}` });
    }
    checkRouteInput({ ...route, date }, prefix, details);
  });
  if (details.length > 0) throw validationFailed("schedule", details);
}

/**
 * Check a scheduling request against the state as it is now: the workspace (404), the date (400), and the
 * mode's own rules. Returns the run's workspace.
 */
export function checkScheduleRequest(ctx: Context, principal: Principal, request: ScheduleRequest): Workspace {
  const workspace = getWorkspace(ctx, principal, request.workspaceUuid);
  if (!isCalendarDate(request.date)) {
    throw validationFailed("schedule", [
      { path: "date", message: `${JSON.stringify(request.date)} is not a calendar date` },
    ]);
  }
  if (request.mode === "specific") {
    checkSpecific(ctx, principal, workspace, request.date, request.orders, request.routes);
  } else if (request.mode === "what_if") {
    checkWhatIf(request.date, request.whatIf.orders, request.whatIf.routes);
  }
  return workspace;
}
