/**
 * Why a job is left out. A job is first tested alone, on each vehicle in turn (start → job → end):
 *
 * 1. `no_route`: there is no vehicle at all;
 * 2. `tags`: no vehicle has every skill the job needs;
 * 3. `capacity`: the job's load exceeds the capacity of every vehicle with the skills;
 * 4. `time_window`: on no such vehicle can service start inside one of the job's windows (leaving the start
 *    location at the shift start), whatever the shift end;
 * 5. `shift`: the windows can be met on some such vehicle, but on none of them does the vehicle then reach its
 *    end (open route: leave the job) before its shift ends.
 *
 * A job that is feasible alone on some vehicle but is still left out of the plan (the fleet is full) is reported as
 * `capacity` when every vehicle that could take it alone is used and has less spare capacity than the job's load,
 * and as `no_route` otherwise (there was room by load, but no feasible place in time).
 */
import type { Model } from "./model.js";
import { serviceStart } from "./model.js";
import type { PlanState } from "./route-state.js";
import type { UnassignedReason } from "./types.js";

/** Can vehicle v serve job j alone? */
function feasibleAlone(md: Model, j: number, v: number): "ok" | "tags" | "capacity" | "time_window" | "shift" {
  if (md.compat[j * md.m + v] === 0) return "tags";
  if (md.load[j]! > md.vCap[v]!) return "capacity";
  const lj = md.jobLoc[j]!;
  const st = serviceStart(md, j, md.vShiftStart[v]! + md.tt(md.vStart[v]!, lj));
  if (st === Number.POSITIVE_INFINITY) return "time_window";
  const back = st + md.service[j]! + md.tt(lj, md.vEnd[v]!);
  return back <= md.vShiftEnd[v]! ? "ok" : "shift";
}

const RANK = { tags: 0, capacity: 1, time_window: 2, shift: 3, ok: 4 } as const;

/** The reason job j cannot be planned even alone, or null when some vehicle can serve it alone. */
export function reasonAlone(md: Model, j: number): UnassignedReason | null {
  if (md.m === 0) return "no_route";
  let best: keyof typeof RANK = "tags";
  for (let v = 0; v < md.m; v++) {
    const r = feasibleAlone(md, j, v);
    if (r === "ok") return null;
    if (RANK[r] > RANK[best]) best = r;
  }
  return best as UnassignedReason;
}

/** The reason a job that is feasible alone was still left out of the plan. */
export function reasonLeftOut(md: Model, plan: PlanState, j: number): UnassignedReason {
  const loadJ = md.load[j]!;
  for (let v = 0; v < md.m; v++) {
    if (feasibleAlone(md, j, v) !== "ok") continue;
    const route = plan.routes[v]!;
    if (route.len === 0 || route.load + loadJ <= md.vCap[v]!) return "no_route";
  }
  return "capacity";
}
