/**
 * The stored solution of each finished run (`GET /v2/schedules/{actionUuid}/solution`) and the queries of runs.
 * @see `docs/api-contract.md` sections 5 and 7
 */
import { getAction, listActions, pollAction } from "../actions.js";
import type { ActionOutcome, Context } from "../context.js";
import { DomainError } from "../errors.js";
import type { ListView } from "../list-index.js";
import type {
  ActionRecord,
  Principal,
  RouteRecord,
  ScheduleMode,
  ScheduleRunRecord,
  SolutionRouteRecord,
  SolutionStopRecord,
  UnscheduledRecord,
  Workspace,
} from "../records.js";
import { type PlanResult, summarize } from "./planner.js";

/** What a run found: its routes, its unscheduled orders and their totals. */
export type RunResult = Pick<ScheduleRunRecord, "routes" | "unscheduled" | "summary">;

/** A what-if plan as stored: arrival is the start of service and the route leaves at its shift start. */
export function fromPlan(result: PlanResult): RunResult {
  const routes = result.routes.map(
    (r): SolutionRouteRecord => ({
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
  const matrix = ctx.travel(points, route.travelMode);
  let idle = 0;
  let previousDeparture = route.timeline[0]?.estimatedDeparture ?? 0;
  entries.forEach((e, i) => {
    const drive = (matrix.durations[i]?.[i + 1] ?? 0) * 1000;
    idle += Math.max(0, (e.estimatedArrival ?? 0) - previousDeparture - drive);
    previousDeparture = e.estimatedDeparture ?? previousDeparture;
  });
  return Math.round(idle / 1000);
}

/** The solution of a committed run: the run's routes that have orders now, exactly as their timelines say. */
export function committedResult(
  ctx: Context,
  routes: readonly RouteRecord[],
  unscheduled: UnscheduledRecord[],
): RunResult {
  const solutionRoutes = routes.flatMap((route) => {
    const current = ctx.state.routes.get(route.uuid);
    return current && current.orderUuids.length > 0 ? [fromRouteRecord(ctx, current)] : [];
  });
  return {
    routes: solutionRoutes,
    unscheduled,
    summary: summarize(solutionRoutes, unscheduled.length, (r) => {
      const route = ctx.state.routes.get(r.routeUuid);
      return route ? idleSeconds(ctx, route) : 0;
    }),
  };
}

/** Store a run's solution and end its action as `finished` with the run's summary. */
export function recordRun(
  ctx: Context,
  action: ActionRecord,
  workspace: Workspace,
  run: { date: string; mode: ScheduleMode; committed: boolean },
  result: RunResult,
): ActionOutcome {
  const record: ScheduleRunRecord = {
    actionUuid: action.uuid,
    organizationId: action.organizationId,
    workspaceUuid: workspace.uuid,
    timezone: workspace.timezone,
    ...run,
    ...result,
  };
  ctx.state.scheduleRuns.set(action.uuid, record);
  return {
    status: "finished",
    summary: {
      routesUsed: record.summary.routesUsed,
      ordersScheduled: record.summary.ordersScheduled,
      ordersUnscheduled: record.summary.ordersUnscheduled,
      committed: record.committed,
    },
  };
}

/** A scheduling action of the caller's organization (404 for others and for other kinds). */
function getScheduleAction(ctx: Context, principal: Principal, actionUuid: string): ActionRecord {
  return getAction(ctx, principal, actionUuid, ["schedule"]);
}

/** A scheduling action polled at its endpoint (the poll counts for an `afterPolls` policy). */
export function pollScheduleAction(ctx: Context, principal: Principal, actionUuid: string): ActionRecord {
  return pollAction(ctx, principal, actionUuid, ["schedule"]);
}

/** The organization's scheduling runs, newest first. */
export function listScheduleActions(ctx: Context, principal: Principal): ListView<ActionRecord> {
  return listActions(ctx, principal, "schedule");
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
