/**
 * Scheduling runs: the `schedule` action in its three modes (schedule all, schedule specific, what-if). A run
 * is checked at request time, then its work selects what to plan, plans it, commits the plan (except what-if)
 * and records the solution.
 * @see `docs/api-contract.md` section 5
 */
import type { Budget } from "@dispatchkit/optimizer";
import { startAction } from "../actions.js";
import type { ActionOutcome, Context } from "../context.js";
import type { TravelMode } from "../geo.js";
import type { ActionRecord, Principal, Workspace } from "../records.js";
import { assignOrdersToRoute } from "../routes.js";
import { selectCandidates, whatIfCandidates } from "./candidates.js";
import { planKeepingPlaced } from "./keep-placed.js";
import { plan } from "./planner.js";
import { checkScheduleRequest, type ScheduleRequest } from "./requests.js";
import { committedResult, fromPlan, recordRun } from "./solutions.js";

/** How hard the fake's solver searches on every run (iteration budgets; see docs/scheduling.md). */
export const SCHEDULING_BUDGET: Budget = "fast";

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
  return startAction(ctx, principal, "schedule", { workspace, request } satisfies ScheduleWorkParams, {
    workspaceUuid: workspace.uuid,
  });
}

/** What a `schedule` action's work is built from: the workspace as checked and the request. */
export interface ScheduleWorkParams {
  workspace: Workspace;
  request: ScheduleRequest;
}

/** The work of a `schedule` action, against the state at the moment it runs: select → plan → commit → record. */
export function runSchedule(ctx: Context, action: ActionRecord, params: ScheduleWorkParams): ActionOutcome {
  const { workspace, request } = params;
  const options = request.options ?? {};
  const travelMode: TravelMode = options.travelMode ?? "car";
  const base = {
    date: request.date,
    timezone: workspace.timezone,
    travelMode,
    travel: ctx.travel,
    seed: seedOf(action.uuid),
    minimizeRoutes: options.minimizeRoutes === true,
    balance: options.balance === true,
    routeCost: options.routeCost ?? 0,
    budget: SCHEDULING_BUDGET,
  };
  const run = { date: request.date, mode: request.mode };

  if (request.mode === "what_if") {
    const result = plan({ ...base, ...whatIfCandidates(ctx, workspace, request) });
    return recordRun(ctx, action, workspace, { ...run, committed: false }, fromPlan(result));
  }

  const { routes, orders } = selectCandidates(ctx, workspace, request);
  if (routes.length === 0) return { status: "failed", reason: "no_routes" };
  if (orders.length === 0) return { status: "failed", reason: "no_orders" };
  const { assignment, unscheduled } = planKeepingPlaced(routes, orders, base);
  // Commit: every route of the run gets its new sequence (emptied routes included), in one pass.
  for (const route of routes) {
    const sequence = assignment.get(route.uuid);
    if (sequence) assignOrdersToRoute(ctx, route.uuid, sequence, { travelMode });
  }
  return recordRun(ctx, action, workspace, { ...run, committed: true }, committedResult(ctx, routes, unscheduled));
}
