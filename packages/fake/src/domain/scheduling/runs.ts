/**
 * Scheduling runs: the `schedule` action in its three modes (schedule all, schedule specific, what-if), the
 * commit of a plan to orders and routes, and the stored solution of each run.
 * @see contract.md section 5
 */

import type { Budget } from "@dispatchkit/optimizer";
import { type ActionOutcome, type ActionRecord, getAction, listActions, startAction } from "../actions.js";
import { DomainError, type ErrorDetail, validationFailed } from "../errors.js";
import { resolveLocation, travelOf } from "../locations.js";
import { checkOrderInput, type OrderFields, type OrderInput, type OrderRecord, orderFields } from "../orders.js";
import {
  assignOrdersToRoute,
  isCalendarDate,
  isLockedForScheduling,
  type RouteInput,
  type RouteRecord,
} from "../routes.js";
import type { Context, Principal, Workspace } from "../state.js";
import { getWorkspace } from "../workspaces.js";
import { minutesOfDay } from "./local-time.js";
import {
  type PlanOrder,
  type PlanResult,
  type PlanRoute,
  type PlanRouteResult,
  type PlanUnscheduled,
  plan,
  summarize,
} from "./planner.js";
import type { TravelMode } from "./travel.js";

/** Options of a run (contract.md section 5 `options`). */
export interface ScheduleOptions {
  minimizeRoutes?: boolean | undefined;
  balance?: boolean | undefined;
  travelMode?: TravelMode | undefined;
}

/** A what-if order: an order input with an optional caller-chosen uuid and an optional delivery date. */
export interface WhatIfOrderInput extends Omit<OrderInput, "deliveryDate"> {
  uuid?: string | undefined;
  deliveryDate?: string | undefined;
}

/** A what-if route: a route input with an optional caller-chosen uuid. */
export interface WhatIfRouteInput extends RouteInput {
  uuid?: string | undefined;
}

/** A run as requested (already shape-checked at the edge); the mode follows from the body. */
export type ScheduleRequest =
  | { mode: "all"; workspaceUuid: string; date: string; options?: ScheduleOptions | undefined }
  | {
      mode: "specific";
      workspaceUuid: string;
      date: string;
      orders: readonly string[];
      routes: readonly string[];
      options?: ScheduleOptions | undefined;
    }
  | {
      mode: "what_if";
      workspaceUuid: string;
      date: string;
      whatIf: { orders: readonly WhatIfOrderInput[]; routes: readonly WhatIfRouteInput[] };
      options?: ScheduleOptions | undefined;
    };

/** One planned stop of a stored solution (instants in epoch ms). */
export interface SolutionStopRecord {
  sequence: number;
  orderUuid: string;
  arrivalTime: number;
  departureTime: number;
  distanceFromPreviousStopInKilometers: number;
  load: number;
}

/** One route of a stored solution. */
export interface SolutionRouteRecord {
  routeUuid: string;
  stops: SolutionStopRecord[];
  distanceInKilometers: number;
  workingTimeInSeconds: number;
  load: number;
}

/** The stored result of a finished run (`GET /v2/schedules/{actionUuid}/solution`). */
export interface ScheduleRunRecord {
  actionUuid: string;
  organizationId: string;
  workspaceUuid: string;
  /** Time zone of the workspace when the run ended (instants are answered in its offset). */
  timezone: string;
  date: string;
  mode: ScheduleRequest["mode"];
  committed: boolean;
  summary: PlanResult["summary"];
  routes: SolutionRouteRecord[];
  unscheduled: PlanUnscheduled[];
}

/** How hard the fake's solver searches on every run (iteration budgets; see docs/scheduling.md). */
export const SCHEDULING_BUDGET: Budget = "fast";

/** 32-bit FNV-1a of a string: the solver's seed comes from the run's action uuid (itself from the fake's seed). */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0 || 1;
}

function conflict(message: string, path: string): DomainError {
  return new DomainError("CONFLICT", `Failed to schedule: ${message}`, [{ path, message }]);
}

/** Checks of a specific run's uuids, at request time: exist, same workspace and date, not locked, not completed. */
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
    if (!route || route.organizationId !== principal.organizationId || route.workspaceUuid !== workspace.uuid) {
      throw new DomainError("NOT_FOUND", `Failed to schedule: no route with id ${JSON.stringify(uuid)}`, [
        { path: `routes[${i}]`, message: `no route with id ${uuid} in workspace ${workspace.uuid}` },
      ]);
    }
    if (route.date !== date) {
      details.push({ path: `routes[${i}]`, message: `route ${uuid} is for ${route.date}, not ${date}` });
    }
  });
  orders.forEach((uuid, i) => {
    const order = ctx.state.orders.get(uuid);
    if (!order || order.organizationId !== principal.organizationId || order.workspaceUuid !== workspace.uuid) {
      throw new DomainError("NOT_FOUND", `Failed to schedule: no order with id ${JSON.stringify(uuid)}`, [
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
      throw new DomainError("ORDER_COMPLETED", `Failed to schedule: order ${uuid} is already ${order.status}`, [
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
    if (minutesOfDay(route.startTime) >= minutesOfDay(route.endTime)) {
      details.push({
        path: `${prefix}endTime`,
        message: `endTime ${route.endTime} must be after startTime ${route.startTime}`,
      });
    }
  });
  if (details.length > 0) throw validationFailed("schedule", details);
}

/**
 * Start a scheduling run: validates the request (400/404/409 before anything happens), then starts the
 * `schedule` action whose work plans and, except for what-if, commits. Returns the action as accepted.
 *
 * @example
 * ```ts
 * const action = startSchedule(ctx, principal, { mode: "all", workspaceUuid, date: "2026-11-24" });
 * // 202 with action; poll getScheduleAction, then getScheduleSolution
 * ```
 */
export function startSchedule(ctx: Context, principal: Principal, request: ScheduleRequest): ActionRecord {
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
  return startAction(ctx, principal, "schedule", (c, action) => runSchedule(c, action, workspace, request), {
    workspaceUuid: workspace.uuid,
  });
}

function pick(order: OrderFields): Omit<PlanOrder, "uuid"> {
  return {
    location: order.location,
    timeWindows: order.timeWindows,
    duration: order.duration,
    load: order.load,
    tags: order.tags,
    priority: order.priority,
  };
}

function planOrderOf(order: OrderRecord): PlanOrder {
  return { uuid: order.uuid, ...pick(order) };
}

function planRouteOf(route: RouteRecord): PlanRoute {
  return {
    uuid: route.uuid,
    startTime: route.startTime,
    endTime: route.endTime,
    startLocation: route.startLocation,
    endLocation: route.endLocation,
    capacity: route.capacity,
    tags: route.tags,
  };
}

/** The work of a `schedule` action, against the state at the moment it runs. */
function runSchedule(
  ctx: Context,
  action: ActionRecord,
  workspace: Workspace,
  request: ScheduleRequest,
): ActionOutcome {
  const options = request.options ?? {};
  const travelMode: TravelMode = options.travelMode ?? "car";
  const base = {
    date: request.date,
    timezone: workspace.timezone,
    travelMode,
    travel: travelOf(ctx),
    seed: seedOf(action.uuid),
    minimizeRoutes: options.minimizeRoutes === true,
    balance: options.balance === true,
    budget: SCHEDULING_BUDGET,
  };
  const record = (committed: boolean, result: Pick<ScheduleRunRecord, "routes" | "unscheduled" | "summary">) => {
    const run: ScheduleRunRecord = {
      actionUuid: action.uuid,
      organizationId: action.organizationId,
      workspaceUuid: workspace.uuid,
      timezone: workspace.timezone,
      date: request.date,
      mode: request.mode,
      committed,
      ...result,
    };
    ctx.state.scheduleRuns.set(action.uuid, run);
    return {
      status: "finished" as const,
      summary: {
        routesUsed: run.summary.routesUsed,
        ordersScheduled: run.summary.ordersScheduled,
        ordersUnscheduled: run.summary.ordersUnscheduled,
        committed,
      },
    };
  };

  if (request.mode === "what_if") {
    const routes: PlanRoute[] = request.whatIf.routes.map((r) => ({
      uuid: r.uuid ?? ctx.ids.uuid(),
      startTime: r.startTime,
      endTime: r.endTime,
      startLocation: resolveLocation(ctx, workspace, r.startLocation),
      endLocation: r.endLocation ? resolveLocation(ctx, workspace, r.endLocation) : null,
      capacity: r.capacity ?? null,
      tags: r.tags ?? [],
    }));
    const orders: PlanOrder[] = request.whatIf.orders.map((o) => {
      const uuid = o.uuid ?? ctx.ids.uuid();
      const fields = orderFields(ctx, workspace, { ...o, deliveryDate: request.date });
      return { uuid, ...pick(fields) };
    });
    const result = plan({ ...base, routes, orders });
    return record(false, fromPlan(result));
  }

  // Schedule all / specific: the run's routes and orders as of now.
  let routes: RouteRecord[];
  let orders: OrderRecord[];
  if (request.mode === "all") {
    routes = [...ctx.state.routes.values()].filter(
      (r) => r.workspaceUuid === workspace.uuid && r.date === request.date && !isLockedForScheduling(r),
    );
    const usable = new Set(routes.map((r) => r.uuid));
    orders = [...ctx.state.orders.values()].filter(
      (o) =>
        o.workspaceUuid === workspace.uuid &&
        o.deliveryDate === request.date &&
        (o.status === "not_scheduled" || (o.status === "scheduled" && o.routeUuid !== null && usable.has(o.routeUuid))),
    );
  } else {
    routes = unique(request.routes)
      .map((uuid) => ctx.state.routes.get(uuid))
      .filter((r): r is RouteRecord => r !== undefined && !isLockedForScheduling(r));
    orders = unique(request.orders)
      .map((uuid) => ctx.state.orders.get(uuid))
      .filter((o): o is OrderRecord => {
        if (!o || (o.status !== "not_scheduled" && o.status !== "scheduled")) return false;
        const on = o.routeUuid ? ctx.state.routes.get(o.routeUuid) : undefined;
        return !(on && isLockedForScheduling(on));
      });
    // Orders already on the run's routes stay on them (re-sequenced with the new ones), never dropped.
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
  }
  if (routes.length === 0) return { status: "failed", reason: "no_routes" };
  if (orders.length === 0) return { status: "failed", reason: "no_orders" };

  const { assignment, unscheduled } = planKeepingPlaced(routes, orders, base);
  // Commit: every route of the run gets its new sequence (emptied routes included), in one pass.
  for (const route of routes) {
    const sequence = assignment.get(route.uuid);
    if (sequence) assignOrdersToRoute(ctx, route.uuid, sequence, { travelMode });
  }
  const solutionRoutes = routes.flatMap((route) => {
    const current = ctx.state.routes.get(route.uuid);
    return current && current.orderUuids.length > 0 ? [fromRouteRecord(ctx, current)] : [];
  });
  return record(true, {
    routes: solutionRoutes,
    unscheduled,
    summary: summarize(solutionRoutes, unscheduled.length, (r) => {
      const route = ctx.state.routes.get(r.routeUuid);
      return route ? idleSeconds(ctx, route) : 0;
    }),
  });
}

function unique(uuids: readonly string[]): string[] {
  return [...new Set(uuids)];
}

/** One level down: new orders of a retry rank below every placed order (which count as `high`). */
const DEMOTED: Record<PlanOrder["priority"], PlanOrder["priority"]> = { high: "normal", normal: "low", low: "low" };

/**
 * Plan so that no order already placed on one of the run's routes is dropped. Placed orders count as `high`
 * priority. Attempts, until none is left out: (1) the orders' own priorities; (2) new orders one level down,
 * so that the solver never drops a placed order to make room for a new one; (3) also every placed order
 * pinned to its current route; (4) the routes of placed orders still left out keep their previous plan (out
 * of the run) and the rest is planned again. Returns the new sequence of every route that changes (routes
 * kept as they were are absent).
 */
function planKeepingPlaced(
  routes: readonly RouteRecord[],
  orders: readonly OrderRecord[],
  base: Omit<Parameters<typeof plan>[0], "routes" | "orders">,
): { assignment: Map<string, string[]>; unscheduled: PlanUnscheduled[] } {
  let runRoutes = [...routes];
  const frozen = new Set<string>();
  let attempt = 1;
  for (;;) {
    const inRun = new Set(runRoutes.map((r) => r.uuid));
    const runOrders = orders.filter((o) => !(o.routeUuid && frozen.has(o.routeUuid)));
    const placed = new Set(runOrders.filter((o) => o.routeUuid && inRun.has(o.routeUuid)).map((o) => o.uuid));
    const planOrders = runOrders.map((o): PlanOrder => {
      const p = planOrderOf(o);
      if (!placed.has(o.uuid)) return attempt >= 2 ? { ...p, priority: DEMOTED[p.priority] } : p;
      return attempt >= 3 && o.routeUuid
        ? { ...p, priority: "high", pinnedRouteUuid: o.routeUuid }
        : { ...p, priority: "high" };
    });
    const result =
      runRoutes.length > 0 ? plan({ ...base, routes: runRoutes.map(planRouteOf), orders: planOrders }) : null;
    const unscheduled: PlanUnscheduled[] =
      result?.unscheduled ?? runOrders.map((o) => ({ orderUuid: o.uuid, reason: "no_route" as const }));
    const dropped = unscheduled.filter((u) => placed.has(u.orderUuid));
    if (dropped.length === 0) {
      const assignment = new Map<string, string[]>();
      for (const route of runRoutes) assignment.set(route.uuid, []);
      for (const r of result?.routes ?? []) {
        assignment.set(
          r.routeUuid,
          r.stops.map((s) => s.orderUuid),
        );
      }
      // Orders placed on a route outside the run (schedule specific) stay where they were when left out.
      const kept = unscheduled.filter((u) => {
        const order = orders.find((o) => o.uuid === u.orderUuid);
        return !(
          order?.status === "scheduled" &&
          order.routeUuid &&
          !inRun.has(order.routeUuid) &&
          !frozen.has(order.routeUuid)
        );
      });
      return { assignment, unscheduled: kept };
    }
    if (attempt < 3) {
      attempt += 1;
      continue;
    }
    for (const u of dropped) {
      const routeUuid = orders.find((o) => o.uuid === u.orderUuid)?.routeUuid;
      if (routeUuid) frozen.add(routeUuid);
    }
    runRoutes = runRoutes.filter((r) => !frozen.has(r.uuid));
  }
}

/** A what-if plan as stored: arrival is the start of service and the route leaves at its shift start. */
function fromPlan(result: PlanResult): Pick<ScheduleRunRecord, "routes" | "unscheduled" | "summary"> {
  const routes = result.routes.map(
    (r: PlanRouteResult): SolutionRouteRecord => ({
      routeUuid: r.routeUuid,
      stops: r.stops.map((s) => ({
        sequence: s.sequence,
        orderUuid: s.orderUuid,
        arrivalTime: s.serviceStartTime,
        departureTime: s.departureTime,
        distanceFromPreviousStopInKilometers: s.distanceFromPreviousStopInKilometers,
        load: s.load,
      })),
      distanceInKilometers: r.distanceInKilometers,
      workingTimeInSeconds: r.workingTimeInSeconds,
      load: r.load,
    }),
  );
  return { routes, unscheduled: result.unscheduled, summary: result.summary };
}

/** A committed route as the solution shows it: exactly its (recomputed) timeline. */
function fromRouteRecord(ctx: Context, route: RouteRecord): SolutionRouteRecord {
  let load = 0;
  let sequence = 0;
  const stops: SolutionStopRecord[] = [];
  for (const entry of route.timeline) {
    if (entry.type !== "delivering_stop" || !entry.orderUuid) continue;
    const orderLoad = ctx.state.orders.get(entry.orderUuid)?.load ?? 0;
    load += orderLoad;
    stops.push({
      sequence: ++sequence,
      orderUuid: entry.orderUuid,
      arrivalTime: entry.estimatedArrival ?? 0,
      departureTime: entry.estimatedDeparture ?? 0,
      distanceFromPreviousStopInKilometers: entry.distanceFromPreviousKm,
      load: orderLoad,
    });
  }
  return {
    routeUuid: route.uuid,
    stops,
    distanceInKilometers: route.distanceInKilometers,
    workingTimeInSeconds: route.workingTimeInSeconds,
    load,
  };
}

/** Waiting on a route's timeline: the gaps between leaving one place and serving the next, minus driving. */
function idleSeconds(ctx: Context, route: RouteRecord): number {
  const points = [route.startLocation];
  const entries = route.timeline.filter((e) => e.type === "delivering_stop" && e.orderUuid);
  for (const e of entries) points.push(ctx.state.orders.get(e.orderUuid!)?.location ?? route.startLocation);
  const matrix = travelOf(ctx)(points, route.travelMode);
  let idle = 0;
  let previousDeparture = route.timeline[0]?.estimatedDeparture ?? 0;
  entries.forEach((e, i) => {
    const drive = (matrix.durations[i]?.[i + 1] ?? 0) * 1000;
    idle += Math.max(0, (e.estimatedArrival ?? 0) - previousDeparture - drive);
    previousDeparture = e.estimatedDeparture ?? previousDeparture;
  });
  return Math.round(idle / 1000);
}

/** A scheduling action of the caller's organization (404 for others and for other kinds). */
export function getScheduleAction(ctx: Context, principal: Principal, actionUuid: string): ActionRecord {
  return getAction(ctx, principal, actionUuid, ["schedule"]);
}

/** The organization's scheduling runs, newest first. */
export function listScheduleActions(ctx: Context, principal: Principal): ActionRecord[] {
  return listActions(ctx, principal, ["schedule"]);
}

/** The solution of a finished run; 409 ACTION_NOT_FINISHED while pending or when the run failed. */
export function getScheduleSolution(ctx: Context, principal: Principal, actionUuid: string): ScheduleRunRecord {
  const action = getScheduleAction(ctx, principal, actionUuid);
  const run = ctx.state.scheduleRuns.get(actionUuid);
  if (action.status !== "finished" || !run) {
    const why =
      action.status === "failed" ? `the run failed (${action.reason ?? "unknown"})` : "the run is still pending";
    throw new DomainError("ACTION_NOT_FINISHED", `Failed to get schedule solution: ${why}`);
  }
  return run;
}
