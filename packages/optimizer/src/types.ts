/**
 * The optimizer's problem model: plain data, no knowledge of orders, routes or HTTP.
 *
 * Times are seconds on one common axis chosen by the caller (`@dispatchkit/fake` uses seconds since local
 * midnight of the run's date); locations are indices into the travel matrices.
 *
 * @packageDocumentation
 */

/** Who is left out first when not every job fits: `low` before `normal` before `high`. */
export type Priority = "low" | "normal" | "high";

/** A hard time window: service must **start** within `[start, end]` (seconds). */
export interface TimeWindow {
  start: number;
  end: number;
}

/** One stop to visit. */
export interface Job {
  /** Caller's identifier, echoed back in the solution. */
  id: string;
  /** Index into the travel matrices. */
  location: number;
  /** Service time in seconds (default 0). */
  service?: number;
  /** Hard windows, sorted and non-overlapping; empty or absent means "any time within the shift". */
  timeWindows?: readonly TimeWindow[];
  /** Load taken by this job (default 0, never negative; the route total must not exceed the capacity). */
  load?: number;
  /** The job may only go on a vehicle that has all these skills. */
  skills?: readonly string[];
  /** Default `normal`. */
  priority?: Priority;
}

/** One vehicle (a route). */
export interface Vehicle {
  /** Caller's identifier, echoed back in the solution. */
  id: string;
  /** Index of the start location in the travel matrices. */
  start: number;
  /** Index of the end location; absent means an open route that ends at its last stop. */
  end?: number;
  /** Earliest departure from the start location (seconds). */
  shiftStart: number;
  /** Latest arrival at the end location, or latest departure from the last stop on an open route. */
  shiftEnd: number;
  /** Capacity; absent means unlimited. */
  capacity?: number;
  /** Skills this vehicle has. */
  skills?: readonly string[];
}

/** Travel between two location indices. */
export type TravelFunction = (from: number, to: number) => number;

/**
 * Travel durations (seconds) and distances (any unit; `@dispatchkit/fake` uses metres) between location indices, as
 * square matrices or as functions. `distances` defaults to `durations`.
 */
export interface Travel {
  /** Number of locations. */
  size: number;
  durations: readonly (readonly number[])[] | TravelFunction;
  distances?: readonly (readonly number[])[] | TravelFunction;
  /**
   * Optional planar positions `[x, y]` of the locations (any unit, e.g. kilometres on a local projection). Only
   * large problems use them, to find each job's nearest jobs without measuring every pair; travel still comes from
   * `durations`; there, each job's entry must be a pair of finite numbers. Without them a large problem measures
   * all pairs once (time grows with the square of the size).
   */
  positions?: readonly (readonly [number, number])[];
}

/** A whole problem. */
export interface Problem {
  jobs: readonly Job[];
  vehicles: readonly Vehicle[];
  travel: Travel;
}

/** Why a job was left out of the plan (`docs/api-contract.md` section 5). */
export type UnassignedReason = "time_window" | "capacity" | "tags" | "shift" | "no_route";

/** How hard to search. Budgets are iteration counts, so results do not depend on the machine's speed. */
export type Budget = "fast" | "default" | "thorough";

/** Seed, budget and objective switches of a `solve` call; every field is optional. */
export interface SolveOptions {
  /** Seed of the solver's own pseudo-random generator (default 1). Same input and seed give the same plan. */
  seed?: number;
  /** Search effort (default `default`). */
  budget?: Budget;
  /** Exact iteration count; overrides `budget`. */
  iterations?: number;
  /**
   * Fewer vehicles first, then travel duration (a fixed cost per used vehicle larger than any travel total, and a
   * route-elimination phase with its own budget of up to as many iterations again, so up to twice the iterations
   * in all). Jobs served still come first.
   */
  minimizeRoutes?: boolean;
  /**
   * Fixed cost of each used vehicle, in the unit of the travel durations (seconds in `@dispatchkit/fake`), added to
   * the travel minimized (default 0): a vehicle is used only when it saves more travel than this, e.g. the travel
   * time worth a driver's day. Unlike `minimizeRoutes` it is a trade-off, not a priority. Must be finite and `>= 0`.
   */
  vehicleCost?: number;
  /**
   * Spread work evenly across the vehicles: minimize `Σ travel_r + Σ (travel_r + service_r)² / H` over the routes
   * instead of the total travel, where `H` is the mean shift length of the vehicles. The quadratic term prefers
   * equal routes, at the price of some extra travel (on 8-hour shifts, moving an hour of work from an 8-hour to a
   * 4-hour route is worth up to 45 minutes of extra travel). Jobs served (and, with `minimizeRoutes`, the vehicle count)
   * still come first.
   */
  balance?: boolean;
  /**
   * Optional time cap in milliseconds, measured with `now`; only used when `now` is given. The annealing then cools
   * with the clock as well as with the iterations (whichever is further along) and stops at 95 % of the cap to run
   * its final descent, so `{ iterations: 1e9, timeLimitMs, now }` is an anytime search: it returns the best plan
   * found in that much time, better the more time it gets. With `minimizeRoutes`, route elimination takes at most
   * half of the cap.
   */
  timeLimitMs?: number;
  /**
   * Clock for the time cap, in milliseconds: `() => performance.now()` for wall time, or the process's CPU time
   * (`() => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }`) on a shared machine. The optimizer
   * never reads a clock itself; a deterministic `now` (e.g. a counter) gives deterministic plans.
   */
  now?: () => number;
}

/** One visit in a planned route. */
export interface PlannedStop {
  jobId: string;
  /** Arrival at the job's location (seconds). */
  arrival: number;
  /** Start of service: max(arrival, window start). */
  serviceStart: number;
  /** End of service. */
  departure: number;
  /** Waiting before service starts (seconds). */
  waiting: number;
  /** Travel from the previous stop (or the start location). */
  durationFromPrevious: number;
  distanceFromPrevious: number;
  /** Load carried after this stop's load is counted (cumulative route load up to and including this job). */
  load: number;
}

/** One vehicle's plan; vehicles with no job are omitted. */
export interface PlannedRoute {
  vehicleId: string;
  /** Departure from the start location. */
  start: number;
  /** Arrival at the end location, or departure from the last stop on an open route. */
  end: number;
  stops: PlannedStop[];
  /** Total travel duration and distance, including the return leg when the route has an end. */
  duration: number;
  distance: number;
  /** Waiting time summed over the stops. */
  waiting: number;
  /** Sum of the jobs' loads. */
  load: number;
}

/** A job left out of the plan, with its reason. */
export interface Unassigned {
  jobId: string;
  reason: UnassignedReason;
}

/** The plan: one route per used vehicle, the jobs left out, totals, and the iterations run. */
export interface Solution {
  routes: PlannedRoute[];
  unassigned: Unassigned[];
  /** Totals over all routes. */
  summary: { vehicles: number; duration: number; distance: number; waiting: number; service: number };
  /** Iterations actually run. */
  iterations: number;
}
