import { buildModel, type Model, serviceStart } from "./model.js";
import { reasonAlone, reasonLeftOut } from "./reasons.js";
import { Rng } from "./rng.js";
import type { CostParams, PlanState } from "./route-state.js";
import { search } from "./search.js";
import type {
  Budget,
  PlannedRoute,
  PlannedStop,
  Problem,
  Solution,
  SolveOptions,
  TravelFunction,
  Unassigned,
} from "./types.js";

/** Iterations of each budget relative to `default`. */
const BUDGET_FACTORS: Record<Budget, number> = { fast: 0.1, default: 1, thorough: 8 };

/**
 * Default iteration count for a budget and a number of jobs. Each iteration costs about O(jobs) (the recreate
 * scans every insertion position of the removed jobs), so the count decreases with the problem size to keep the
 * running time reasonable: see docs/optimizer.md for the measured times.
 */
export function budgetIterations(budget: Budget, jobs: number): number {
  // Callers from plain JavaScript can pass any string: an unknown budget is an error, not the default.
  if (!Object.hasOwn(BUDGET_FACTORS, budget)) {
    throw new RangeError(
      `Failed to solve: budget ${JSON.stringify(budget)} is not one of "fast", "default", "thorough"`,
    );
  }
  const n = Math.max(jobs, 1);
  // default: 20 000 iterations at 100 jobs (about 0.5 s), 50 000 at 200, ~154 000 at 1000 (10 to 20 s).
  const base =
    n <= 100 ? 20_000 * Math.max(0.2, n / 100) : n <= 200 ? 20_000 + 300 * (n - 100) : 50_000 * (n / 200) ** 0.7;
  return Math.max(100, Math.round(base * BUDGET_FACTORS[budget]));
}

/**
 * Plan routes for a vehicle-routing problem with time windows (VRPTW).
 *
 * Objective, lexicographic: serve as many jobs as possible, higher priority first (a `high` job is never left out to
 * make room for `normal` or `low` ones, nor a `normal` one for `low` ones); then, with `minimizeRoutes`, use as
 * few vehicles as possible; then minimize the total travel duration (plus `vehicleCost` per used vehicle; with
 * `balance`, plus a balance term, see {@link SolveOptions.balance} and docs/optimizer.md).
 *
 * Every job left out is reported with a reason, decided as follows (first match): `no_route` when there is no
 * vehicle; `tags` when no vehicle has all its skills; `capacity` when its load exceeds the capacity of every vehicle
 * with the skills; `time_window` when, even alone on such a vehicle, service cannot start inside one of its windows;
 * `shift` when the windows can be met but not within any such vehicle's shift. A job feasible alone but still left
 * out (no room left in the plan) is `capacity` when every vehicle that could serve it alone lacks the spare load,
 * else `no_route`.
 *
 * The search is deterministic for a given problem, seed and iteration count: it never reads a clock or
 * `Math.random`. The time cap (`timeLimitMs`) only applies when a clock is passed as `now` (wall or CPU time, or a
 * counter), and then makes the result depend on the clock; the annealing then cools with the clock too, so
 * `{ iterations: 1e9, timeLimitMs, now }` is an anytime search that returns the best plan found in that time.
 *
 * @example
 * ```ts
 * import { solve } from "@dispatchkit/optimizer";
 *
 * const solution = solve({
 *   travel: { size: 3, durations: [[0, 600, 900], [600, 0, 400], [900, 400, 0]] },
 *   vehicles: [{ id: "van-1", start: 0, end: 0, shiftStart: 8 * 3600, shiftEnd: 18 * 3600, capacity: 10 }],
 *   jobs: [
 *     { id: "a", location: 1, service: 300, load: 2, timeWindows: [{ start: 9 * 3600, end: 12 * 3600 }] },
 *     { id: "b", location: 2, service: 300, load: 3 },
 *   ],
 * }, { seed: 7, budget: "fast" });
 * // solution.routes[0].stops.map((s) => s.jobId) is a visiting order of "a" and "b";
 * // solution.unassigned is [] and solution.summary.duration the total travel time.
 * ```
 */
export function solve(problem: Problem, options: SolveOptions = {}): Solution {
  const vehicleCost = options.vehicleCost ?? 0;
  // Callers from plain JavaScript can pass anything: a cost that is not a number would silently poison every sum.
  if (typeof vehicleCost !== "number" || !Number.isFinite(vehicleCost) || vehicleCost < 0) {
    throw new RangeError(`Failed to solve: vehicleCost ${String(vehicleCost)} is not a finite number >= 0`);
  }
  const md = buildModel(problem);
  const rng = new Rng(options.seed ?? 1);
  const reasons = new Map<number, Unassigned["reason"]>();
  const activeList: number[] = [];
  for (let j = 0; j < md.n; j++) {
    const r = reasonAlone(md, j);
    if (r === null) activeList.push(j);
    else reasons.set(j, r);
  }
  const active = Int32Array.from(activeList);
  const balance = options.balance === true ? 1 / md.shiftScale : 0;
  let fixed = 0;
  if (options.minimizeRoutes === true) {
    let balanceBound = 0;
    if (balance > 0) {
      let serviceSum = 0;
      for (let j = 0; j < md.n; j++) serviceSum += md.service[j]!;
      const w = md.travelBound + serviceSum;
      balanceBound = md.m * balance * w * w;
    }
    fixed = md.travelBound + balanceBound;
  }
  const cp: CostParams = { fixed: fixed + vehicleCost, balance };
  const iterations = options.iterations ?? budgetIterations(options.budget ?? "default", active.length);
  const now = options.now;
  const limit = options.timeLimitMs;
  const t0 = now !== undefined && limit !== undefined ? now() : 0;
  const timeUp = now !== undefined && limit !== undefined ? () => now() - t0 >= limit : () => false;
  const progress = now !== undefined && limit !== undefined ? () => (limit > 0 ? (now() - t0) / limit : 1) : undefined;
  const result = search(md, cp, rng, active, {
    iterations: Math.max(0, Math.floor(iterations)),
    scaleByRouteLength: options.iterations === undefined,
    timeUp,
    ...(progress === undefined ? {} : { progress, budgetIterations: budgetIterations("default", active.length) }),
    minimizeRoutes: options.minimizeRoutes === true,
  });
  const plan = result.plan;
  for (const j of plan.unassigned) reasons.set(j, reasonLeftOut(md, plan, j));
  const unassigned: Unassigned[] = [...reasons.keys()]
    .sort((a, b) => a - b)
    .map((j) => ({ jobId: problem.jobs[j]!.id, reason: reasons.get(j)! }));
  return buildSolution(problem, md, plan, unassigned, result.iterations);
}

function distanceGetter(problem: Problem): TravelFunction {
  const t = problem.travel.distances ?? problem.travel.durations;
  if (typeof t === "function") return t;
  return (a, b) => (a === b ? 0 : (t[a]?.[b] ?? 0));
}

function buildSolution(
  problem: Problem,
  md: Model,
  plan: PlanState,
  unassigned: Unassigned[],
  iterations: number,
): Solution {
  const dist = distanceGetter(problem);
  const routes: PlannedRoute[] = [];
  let totDuration = 0;
  let totDistance = 0;
  let totWaiting = 0;
  let totService = 0;
  for (const route of plan.routes) {
    if (route.len === 0) continue;
    const v = route.v;
    const vehicle = problem.vehicles[v]!;
    const startLoc = md.vStart[v]!;
    const first = route.job[1]!;
    const d01 = md.tt(startLoc, md.jobLoc[first]!);
    // Leave as late as possible without changing the schedule: no waiting at the first stop.
    const shiftStart = md.vShiftStart[v]!;
    const st1 = serviceStart(md, first, shiftStart + d01);
    let t = st1 > shiftStart + d01 ? st1 - d01 : shiftStart;
    const departure = t;
    let prev = startLoc;
    let load = 0;
    let duration = 0;
    let distance = 0;
    let waiting = 0;
    const stops: PlannedStop[] = [];
    for (let p = 1; p <= route.len; p++) {
      const j = route.job[p]!;
      const l = md.jobLoc[j]!;
      const d = md.tt(prev, l);
      const dd = dist(prev, l);
      const arrival = t + d;
      let ss = serviceStart(md, j, arrival);
      // Guard against a rounding ulp when the departure was moved later.
      if (p === 1 && ss > st1) ss = st1;
      const dep = ss + md.service[j]!;
      load += md.load[j]!;
      stops.push({
        jobId: problem.jobs[j]!.id,
        arrival,
        serviceStart: ss,
        departure: dep,
        waiting: ss - arrival,
        durationFromPrevious: d,
        distanceFromPrevious: dd,
        load,
      });
      duration += d;
      distance += dd;
      waiting += ss - arrival;
      totService += md.service[j]!;
      t = dep;
      prev = l;
    }
    let end = t;
    if (vehicle.end !== undefined) {
      const d = md.tt(prev, vehicle.end);
      duration += d;
      distance += dist(prev, vehicle.end);
      end = t + d;
    }
    routes.push({ vehicleId: vehicle.id, start: departure, end, stops, duration, distance, waiting, load });
    totDuration += duration;
    totDistance += distance;
    totWaiting += waiting;
  }
  return {
    routes,
    unassigned,
    summary: {
      vehicles: routes.length,
      duration: totDuration,
      distance: totDistance,
      waiting: totWaiting,
      service: totService,
    },
    iterations,
  };
}
