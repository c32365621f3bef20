/**
 * The pure planner of a scheduling run: plain orders and routes in, the optimizer's {@link Problem} built on one
 * time axis (seconds since local midnight of the run's date in the workspace's time zone), solved, and turned
 * back into per-route stop sequences with instants, kilometres and loads, plus the orders left out with their
 * reason. No state, no clock, no ids: everything it needs is in its input.
 * @see `docs/api-contract.md` sections 5 and 9
 */
import {
  type Budget,
  type Job,
  type Priority,
  type Problem,
  type Solution,
  solve,
  type UnassignedReason,
  type Vehicle,
} from "@dispatchkit/optimizer";
// Types only: the contract generated from openapi.yaml.
import type { components } from "@dispatchkit/sdk";
import { type GeoPoint, greatCircleLegs, greatCircleTravel, type TravelMode, type TravelProvider } from "../geo.js";
import { localInstant, minutesOfDay } from "../time.js";

/** A time window as orders and routes carry it: local `HH:MM` times of day. */
interface LocalWindow {
  startTime: string;
  endTime: string;
}

/** An order as the planner needs it. */
export interface PlanOrder {
  uuid: string;
  location: GeoPoint;
  timeWindows: readonly LocalWindow[];
  /** Service seconds. */
  duration: number;
  load: number;
  tags: readonly string[];
  priority: Priority;
  /**
   * Keep the order on this route (the run may re-sequence it there but not move it). Used to guarantee that
   * an order already placed is never dropped.
   */
  pinnedRouteUuid?: string;
}

/** A route as the planner needs it. */
export interface PlanRoute {
  uuid: string;
  startTime: string;
  endTime: string;
  startLocation: GeoPoint;
  /** null or absent: an open route that ends at its last stop. */
  endLocation?: GeoPoint | null;
  /** null or absent: unlimited. */
  capacity?: number | null;
  tags: readonly string[];
}

/** Everything one planning call needs. */
export interface PlanInput {
  /** The run's date, `YYYY-MM-DD`. */
  date: string;
  /** The workspace's IANA time zone. */
  timezone: string;
  orders: readonly PlanOrder[];
  routes: readonly PlanRoute[];
  travelMode: TravelMode;
  travel: TravelProvider;
  /** Seed of the solver. */
  seed: number;
  minimizeRoutes?: boolean;
  balance?: boolean;
  /** Fixed cost of each route used, in seconds of travel (the solver's `vehicleCost`; default 0). */
  routeCost?: number;
  /** Search effort (default `fast`, see docs/scheduling.md). */
  budget?: Budget;
  /** Exact iteration count; overrides `budget`. */
  iterations?: number;
}

/** One planned stop. Instants are epoch milliseconds. */
interface PlanStop {
  /** 1-based position on the route. */
  sequence: number;
  orderUuid: string;
  arrivalTime: number;
  /** Start of service (arrival plus any wait for the window). */
  serviceStartTime: number;
  departureTime: number;
  /** Seconds spent waiting for the window. */
  idleSeconds: number;
  distanceFromPreviousStopInKilometers: number;
  durationFromPreviousStopInSeconds: number;
  /** The order's own load. */
  load: number;
}

/** One route's plan. */
interface PlanRouteResult {
  routeUuid: string;
  /** Departure from the start location: the shift start (the fake's timelines leave then). */
  startTime: number;
  /** Arrival at the end location, or departure from the last stop on an open route. */
  endTime: number;
  stops: PlanStop[];
  /** The leg from the last stop to the end location (0 on an open route). */
  endLeg: { distanceInKilometers: number; durationInSeconds: number };
  distanceInKilometers: number;
  /** From the shift start to the end: driving, service and waiting. */
  workingTimeInSeconds: number;
  idleTimeInSeconds: number;
  load: number;
}

/** An order the run could not place. */
export interface PlanUnscheduled {
  orderUuid: string;
  reason: UnassignedReason;
}

/** The planner's answer. */
export interface PlanResult {
  /** Routes with at least one stop, in input order. */
  routes: PlanRouteResult[];
  /** In input order. */
  unscheduled: PlanUnscheduled[];
  /** The contract's `SolutionSummary`. */
  summary: components["schemas"]["SolutionSummary"];
}

/** A skill that only one route has: pins an order to that route. */
const pinSkill = (routeUuid: string) => `\u0000route:${routeUuid}`;

/** Kilometres with metre precision. */
const km = (metres: number) => Math.round(metres) / 1000;

/**
 * Build the optimizer's problem. Locations: route starts, route ends, then orders (one index per distinct
 * point). Times: seconds since local midnight of `date` (the real elapsed time, so daylight-saving days work).
 */
export function buildProblem(input: PlanInput): { problem: Problem; origin: number; points: GeoPoint[] } {
  const origin = localInstant(input.date, 0, input.timezone);
  // Memoized: thousands of orders share a few distinct times, and each conversion looks up the zone's offset.
  const secondsOf = new Map<string, number>();
  const seconds = (time: string) => {
    let s = secondsOf.get(time);
    if (s === undefined) {
      s = (localInstant(input.date, minutesOfDay(time), input.timezone) - origin) / 1000;
      secondsOf.set(time, s);
    }
    return s;
  };
  const points: GeoPoint[] = [];
  const index = new Map<string, number>();
  const locate = (p: GeoPoint) => {
    const key = `${p.latitude},${p.longitude}`;
    let i = index.get(key);
    if (i === undefined) {
      i = points.length;
      points.push({ latitude: p.latitude, longitude: p.longitude });
      index.set(key, i);
    }
    return i;
  };
  const vehicles: Vehicle[] = input.routes.map((route) => {
    const vehicle: Vehicle = {
      id: route.uuid,
      start: locate(route.startLocation),
      shiftStart: seconds(route.startTime),
      shiftEnd: seconds(route.endTime),
      skills: [...route.tags, pinSkill(route.uuid)],
    };
    if (route.endLocation) vehicle.end = locate(route.endLocation);
    if (route.capacity !== undefined && route.capacity !== null) vehicle.capacity = route.capacity;
    return vehicle;
  });
  const jobs: Job[] = input.orders.map((order) => ({
    id: order.uuid,
    location: locate(order.location),
    service: order.duration,
    load: order.load,
    priority: order.priority,
    skills: order.pinnedRouteUuid ? [...order.tags, pinSkill(order.pinnedRouteUuid)] : [...order.tags],
    timeWindows: order.timeWindows
      .map((w) => ({ start: seconds(w.startTime), end: seconds(w.endTime) }))
      .sort((a, b) => a.start - b.start),
  }));
  return { problem: { jobs, vehicles, travel: travelOf(input, points) }, origin, points };
}

/**
 * From this many points on, the default great-circle travel is computed on demand rather than as two square
 * matrices (which take 1.7 GB at 10,000 points), and the points' planar positions let the optimizer find
 * neighbours without measuring every pair (docs/decisions/0012-optimizer.md). The optimizer stores
 * problems this large sparse too. An injected provider always gets the whole list and answers with matrices.
 */
export const ON_DEMAND_TRAVEL_POINTS = 3000;

function travelOf(input: PlanInput, points: GeoPoint[]): Problem["travel"] {
  if (input.travel !== greatCircleTravel || points.length < ON_DEMAND_TRAVEL_POINTS) {
    const matrix = input.travel(points, input.travelMode);
    return { size: points.length, durations: matrix.durations, distances: matrix.distances };
  }
  const legs = greatCircleLegs(points, input.travelMode);
  let meanLat = 0;
  for (const p of points) meanLat += p.latitude / points.length;
  // Kilometres on an equirectangular projection around the points' mean latitude: plenty for nearest neighbours.
  const kmPerDegree = (Math.PI / 180) * 6371;
  const kx = kmPerDegree * Math.cos((meanLat * Math.PI) / 180);
  const positions = points.map((p): [number, number] => [p.longitude * kx, p.latitude * kmPerDegree]);
  return { size: points.length, durations: legs.duration, distances: legs.distance, positions };
}

/**
 * Turn the optimizer's solution (on the seconds axis) into the planner's answer (instants, km). As in the fake's
 * route timelines, a route leaves its start at its shift start (waiting, if any, happens at the stops), so its
 * working time runs from the shift start and its idle time is working time minus travel and service.
 */
function toPlanResult(input: PlanInput, solution: Solution, origin: number, problem: Problem): PlanResult {
  const at = (s: number) => origin + Math.round(s * 1000);
  const shiftStart = new Map(problem.vehicles.map((v) => [v.id, v.shiftStart]));
  const serviceOf = new Map(input.orders.map((o) => [o.uuid, o.duration]));
  const loadOf = new Map(input.orders.map((o) => [o.uuid, o.load]));
  const byVehicle = new Map(solution.routes.map((r) => [r.vehicleId, r]));
  const routes: PlanRouteResult[] = [];
  for (const route of input.routes) {
    const planned = byVehicle.get(route.uuid);
    if (!planned || planned.stops.length === 0) continue;
    const leave = Math.min(planned.start, shiftStart.get(route.uuid) ?? planned.start);
    let stopsDistance = 0;
    let stopsDuration = 0;
    const stops = planned.stops.map((s, i): PlanStop => {
      stopsDistance += s.distanceFromPrevious;
      stopsDuration += s.durationFromPrevious;
      return {
        sequence: i + 1,
        orderUuid: s.jobId,
        arrivalTime: at(s.arrival),
        serviceStartTime: at(s.serviceStart),
        departureTime: at(s.departure),
        idleSeconds: Math.round(s.waiting + (i === 0 ? planned.start - leave : 0)),
        distanceFromPreviousStopInKilometers: km(s.distanceFromPrevious),
        durationFromPreviousStopInSeconds: Math.round(s.durationFromPrevious),
        load: loadOf.get(s.jobId) ?? 0,
      };
    });
    const working = Math.round(planned.end - leave);
    let service = 0;
    for (const s of planned.stops) service += serviceOf.get(s.jobId) ?? 0;
    routes.push({
      routeUuid: route.uuid,
      startTime: at(leave),
      endTime: at(planned.end),
      stops,
      endLeg: {
        distanceInKilometers: km(planned.distance - stopsDistance),
        durationInSeconds: Math.round(planned.duration - stopsDuration),
      },
      distanceInKilometers: km(planned.distance),
      workingTimeInSeconds: working,
      idleTimeInSeconds: Math.max(0, working - Math.round(planned.duration) - Math.round(service)),
      load: planned.load,
    });
  }
  const reasonOf = new Map(solution.unassigned.map((u) => [u.jobId, u.reason]));
  const unscheduled: PlanUnscheduled[] = [];
  for (const order of input.orders) {
    const reason = reasonOf.get(order.uuid);
    if (reason) unscheduled.push({ orderUuid: order.uuid, reason });
  }
  return { routes, unscheduled, summary: summarize(routes, unscheduled.length, (r) => r.idleTimeInSeconds) };
}

/** What {@link summarize} adds up of one route. */
export interface RouteTotals {
  distanceInKilometers: number;
  workingTimeInSeconds: number;
  stops: readonly unknown[];
}

/**
 * Totals over a set of routes (a fresh plan or the committed routes of a run); `idleOf` gives each route's
 * waiting time, which the two callers know in different ways.
 */
export function summarize<R extends RouteTotals>(
  routes: readonly R[],
  ordersUnscheduled: number,
  idleOf: (route: R) => number,
): PlanResult["summary"] {
  let distance = 0;
  let working = 0;
  let idle = 0;
  let scheduled = 0;
  for (const r of routes) {
    distance += r.distanceInKilometers;
    working += r.workingTimeInSeconds;
    idle += idleOf(r);
    scheduled += r.stops.length;
  }
  return {
    routesUsed: routes.length,
    ordersScheduled: scheduled,
    ordersUnscheduled,
    distanceInKilometers: Math.round(distance * 1000) / 1000,
    workingTimeInSeconds: working,
    idleTimeInSeconds: idle,
  };
}

/**
 * Plan a run: build the problem, solve it, convert the answer. Hard constraints (time windows, capacity, tags,
 * shift start and end) are the solver's; what cannot be placed comes back in `unscheduled` with its reason.
 *
 * @example
 * ```ts
 * const result = plan({
 *   date: "2026-11-23", timezone: "Europe/Berlin", travelMode: "car", travel: greatCircleTravel, seed: 7,
 *   routes: [{ uuid: "r1", startTime: "08:00", endTime: "17:00", tags: [],
 *              startLocation: { latitude: 52.52, longitude: 13.405 } }],
 *   orders: [{ uuid: "o1", location: { latitude: 52.5, longitude: 13.4 }, timeWindows: [], duration: 300,
 *              load: 1, tags: [], priority: "normal" }],
 * });
 * // result.routes[0].stops[0].orderUuid === "o1"
 * ```
 */
export function plan(input: PlanInput): PlanResult {
  const { problem, origin } = buildProblem(input);
  const options: Parameters<typeof solve>[1] = { seed: input.seed, budget: input.budget ?? "fast" };
  if (input.iterations !== undefined) options.iterations = input.iterations;
  if (input.minimizeRoutes) options.minimizeRoutes = true;
  if (input.balance) options.balance = true;
  if (input.routeCost !== undefined && input.routeCost > 0) options.vehicleCost = input.routeCost;
  const solution = solve(problem, options);
  return toPlanResult(input, solution, origin, problem);
}
