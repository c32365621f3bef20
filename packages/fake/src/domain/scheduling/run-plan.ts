/**
 * The planning of a scheduling run as plain data in and out, with no state: what a run sends to be planned (a
 * what-if's own routes and orders, or a committing run's candidates under the keep-placed policy) and what comes
 * back. The fake plans at once in its own thread; a host may plan elsewhere (the standalone server's worker thread)
 * and answer later, with the same answer for the same request.
 * @see docs/decisions/0007-background-actions.md
 */
import type { TravelProvider } from "../geo.js";
import { type KeepPlacedOrder, type KeepPlacedRoute, planKeepingPlaced } from "./keep-placed.js";
import { type PlanInput, type PlanResult, type PlanUnscheduled, plan } from "./planner.js";

/** A plan's input without its travel provider (a function, which only the thread that plans supplies). */
type PlanJob = Omit<PlanInput, "travel">;

/** What a run asks to be planned. */
export type RunPlanRequest =
  | { mode: "what_if"; input: PlanJob }
  | {
      mode: "commit";
      routes: KeepPlacedRoute[];
      orders: KeepPlacedOrder[];
      base: Omit<PlanJob, "routes" | "orders">;
    };

/** What comes back: a what-if's plan, or a committing run's new sequence of each route that changes. */
export type RunPlanResult =
  | { mode: "what_if"; result: PlanResult }
  | { mode: "commit"; assignment: [string, string[]][]; unscheduled: PlanUnscheduled[] };

/** Plans runs away from the fake's thread (a host's worker): the same answer as {@link planRun}, later. */
export interface RunPlanner {
  plan(request: RunPlanRequest): Promise<RunPlanResult>;
}

/** Plan a run now, with `travel` for its distances and durations. */
export function planRun(request: RunPlanRequest, travel: TravelProvider): RunPlanResult {
  if (request.mode === "what_if") return { mode: "what_if", result: plan({ ...request.input, travel }) };
  const { assignment, unscheduled } = planKeepingPlaced(request.routes, request.orders, { ...request.base, travel });
  return { mode: "commit", assignment: [...assignment], unscheduled };
}
