/**
 * Scheduling runs: the `schedule` action in its three modes (schedule all, schedule specific, what-if). A run
 * is checked at request time, then its work selects what to plan, plans it, commits the plan (except what-if)
 * and records the solution.
 * @see `docs/api-contract.md` section 5
 */
import type { Budget } from "@dispatchkit/optimizer";
import { startAction } from "../actions.js";
import type { ActionOutcome, Context, WorkStep } from "../context.js";
import { greatCircleTravel, type TravelMode } from "../geo.js";
import type { ScheduleWorkParams } from "../inputs.js";
import type { ActionRecord, OrderRecord, Principal, RouteRecord } from "../records.js";
import { assignOrdersToRoute } from "../routes.js";
import { selectCandidates, whatIfCandidates } from "./candidates.js";
import type { KeepPlacedOrder, KeepPlacedRoute } from "./keep-placed.js";
import { checkScheduleRequest, type ScheduleRequest } from "./requests.js";
import { planRun, type RunPlanner, type RunPlanRequest, type RunPlanResult } from "./run-plan.js";
import { committedResult, fromPlan, recordRun } from "./solutions.js";

export type { ScheduleWorkParams } from "../inputs.js";

/** How hard the fake's solver searches on every run (iteration budgets; see docs/scheduling.md). */
const SCHEDULING_BUDGET: Budget = "fast";

/**
 * The solver's seed of a run: the 32-bit FNV-1a hash of its action uuid (itself from the fake's seed), so a
 * fake created with the same seed plans the same requests the same way.
 */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
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
  const workspace = checkScheduleRequest(ctx, principal, request);
  return startAction(
    ctx,
    principal,
    { kind: "schedule", params: { workspace, request } },
    {
      workspaceUuid: workspace.uuid,
    },
  );
}

/**
 * How many times a run planned elsewhere is planned again because its routes or orders changed meanwhile, before it
 * plans at once instead (so a run ends even while a client keeps changing the day).
 */
const ELSEWHERE_ATTEMPTS = 3;

/**
 * The work of a `schedule` action, against the state at the moment it runs: select → plan → commit → record. With a
 * `planner` (a host's worker thread) the plan is made there and the action stays pending meanwhile; the commit then
 * runs against the state of that moment if the run's routes and orders are still what was planned, and plans again
 * if not. The plan is the same either way: the same request gives the same answer wherever it is made. A custom
 * travel provider (a function) plans in the fake's thread.
 */
export function runSchedule(
  ctx: Context,
  action: ActionRecord,
  params: ScheduleWorkParams,
  planner?: RunPlanner,
): WorkStep {
  const { workspace, request } = params;
  const options = request.options ?? {};
  const travelMode: TravelMode = options.travelMode ?? "car";
  const base = {
    date: request.date,
    timezone: workspace.timezone,
    travelMode,
    seed: seedOf(action.uuid),
    minimizeRoutes: options.minimizeRoutes === true,
    balance: options.balance === true,
    routeCost: options.routeCost ?? 0,
    budget: SCHEDULING_BUDGET,
  };
  const run = { date: request.date, mode: request.mode };
  const elsewhere = ctx.travel === greatCircleTravel ? planner : undefined;

  if (request.mode === "what_if") {
    const ask: RunPlanRequest = { mode: "what_if", input: { ...base, ...whatIfCandidates(ctx, workspace, request) } };
    const record = (ctx: Context, answer: RunPlanResult) =>
      answer.mode === "what_if"
        ? recordRun(ctx, action, workspace, { ...run, committed: false }, fromPlan(answer.result))
        : unexpected(answer);
    if (!elsewhere) return record(ctx, planRun(ask, ctx.travel));
    return elsewhere.plan(ask).then((answer) => (ctx: Context) => record(ctx, answer));
  }

  const attempt = (ctx: Context, attempts: number): WorkStep => {
    const { routes, orders } = selectCandidates(ctx, workspace, request);
    if (routes.length === 0) return { status: "failed", reason: "no_routes" };
    if (orders.length === 0) return { status: "failed", reason: "no_orders" };
    const ask: RunPlanRequest = { mode: "commit", routes: routes.map(keptRoute), orders: orders.map(keptOrder), base };
    if (!elsewhere || attempts >= ELSEWHERE_ATTEMPTS) return commit(ctx, routes, planRun(ask, ctx.travel));
    const asked = JSON.stringify(ask);
    return elsewhere.plan(ask).then((answer) => (ctx: Context) => {
      const now = selectCandidates(ctx, workspace, request);
      const same =
        JSON.stringify({ ...ask, routes: now.routes.map(keptRoute), orders: now.orders.map(keptOrder) }) === asked;
      return same ? commit(ctx, now.routes, answer) : attempt(ctx, attempts + 1);
    });
  };
  const commit = (ctx: Context, routes: readonly RouteRecord[], answer: RunPlanResult): ActionOutcome => {
    if (answer.mode !== "commit") return unexpected(answer);
    const assignment = new Map(answer.assignment);
    // Commit: every route of the run gets its new sequence (emptied routes included), in one pass.
    for (const route of routes) {
      const sequence = assignment.get(route.uuid);
      if (sequence) assignOrdersToRoute(ctx, route.uuid, sequence, { travelMode });
    }
    return recordRun(
      ctx,
      action,
      workspace,
      { ...run, committed: true },
      committedResult(ctx, routes, answer.unscheduled),
    );
  };
  return attempt(ctx, 0);
}

/** A planner that answered another mode than asked: a bug of the host's planner. */
function unexpected(answer: RunPlanResult): never {
  throw new Error(`Failed to plan the run: the planner answered a ${answer.mode} plan`);
}

/** A route as the keep-placed planning reads it (only what it reads: it may be sent to another thread). */
const keptRoute = (r: RouteRecord): KeepPlacedRoute => ({
  uuid: r.uuid,
  startTime: r.startTime,
  endTime: r.endTime,
  startLocation: r.startLocation,
  endLocation: r.endLocation,
  capacity: r.capacity,
  tags: r.tags,
});

/** An order as the keep-placed planning reads it. */
const keptOrder = (o: OrderRecord): KeepPlacedOrder => ({
  uuid: o.uuid,
  routeUuid: o.routeUuid,
  status: o.status,
  location: o.location,
  timeWindows: o.timeWindows,
  duration: o.duration,
  load: o.load,
  tags: o.tags,
  priority: o.priority,
});
