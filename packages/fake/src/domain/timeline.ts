/**
 * A route's computed timeline: times are computed forward from the shift start (travel from the context's
 * provider, waiting for a window to open, then the order's service duration). A stop's "arrival" is when
 * service starts (after any wait), its departure when service ends.
 *
 * Three kinds of times per stop: planned (copied from the estimates at publish, then fixed), estimated
 * (recomputed on every change; after a driver's arrival or a completion, the stops that follow are re-estimated
 * from it), actual (from arrivals and completions).
 *
 * Completions are facts the timeline must hold even when they contradict the plan (a driver who starts
 * before the shift, a `completedAt` days early, stops completed out of sequence). So the route starts at the
 * earlier of its shift start and its earliest actual arrival less the direct drive there, and the estimated
 * instants never go backwards: a completed stop is estimated at its actual times unless the stop before it
 * ends later. Every instant, estimated or actual, then lies between the start and the end, and the working
 * time is never negative.
 * @see `docs/api-contract.md` sections 4 and 9
 */
import type { Context } from "./context.js";
import type { OrderRecord, RouteRecord, TimelineEntry } from "./records.js";
import { localInstant, minutesOfDay } from "./time.js";

/** The violations an order can have on its route (an update action reports them). */
export type Violation = "time_window" | "capacity" | "tags" | "shift";

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The actual times of a completed stop. */
type CompletedTimes = { actualArrival: number; actualDeparture: number };

function timezoneOf(ctx: Context, route: RouteRecord): string {
  return ctx.state.workspaces.get(route.workspaceUuid)?.timezone ?? "UTC";
}

/** The instant of a `HH:MM` time of day on the route's date, in its workspace's zone. */
function routeInstant(ctx: Context, route: RouteRecord, time: string): number {
  return localInstant(route.date, minutesOfDay(time), timezoneOf(ctx, route));
}

/** The order's windows on a date as instants, sorted. */
function windowInstants(order: OrderRecord, date: string, timeZone: string): { start: number; end: number }[] {
  return order.timeWindows
    .map((w) => ({
      start: localInstant(date, minutesOfDay(w.startTime), timeZone),
      end: localInstant(date, minutesOfDay(w.endTime), timeZone),
    }))
    .sort((a, b) => a.start - b.start);
}

/** When service can start for a driver arriving at `arrival`: the arrival, or the next window's start. */
function serviceStart(windows: { start: number; end: number }[], arrival: number): number {
  if (windows.length === 0) return arrival;
  for (const w of windows) {
    if (arrival <= w.end) return Math.max(arrival, w.start);
  }
  return arrival; // too late for every window: served on arrival (a time_window violation)
}

/** The route's orders still in the state, in its order; drops the others from the route. */
function liveOrders(ctx: Context, route: RouteRecord): OrderRecord[] {
  const orders: OrderRecord[] = [];
  for (const uuid of route.orderUuids) {
    const order = ctx.state.orders.get(uuid);
    if (order) orders.push(order);
  }
  if (orders.length !== route.orderUuids.length) route.orderUuids = orders.map((o) => o.uuid);
  return orders;
}

/** The route's timeline as it was: its stops by order uuid, its start and its end. */
function previousEntries(route: RouteRecord): {
  previous: Map<string, TimelineEntry>;
  previousStart: TimelineEntry | undefined;
  previousEnd: TimelineEntry | undefined;
} {
  const previous = new Map<string, TimelineEntry>();
  let previousStart: TimelineEntry | undefined;
  let previousEnd: TimelineEntry | undefined;
  for (const entry of route.timeline) {
    if (entry.orderUuid) previous.set(entry.orderUuid, entry);
    else if (entry.type === "start_location") previousStart = entry;
    else previousEnd = entry;
  }
  return { previous, previousStart, previousEnd };
}

/**
 * Recompute a route's timeline and totals from its `orderUuids`, keeping planned and actual times of the
 * stops that stay. Orders missing from the state are dropped from the route.
 */
export function recomputeRoute(ctx: Context, route: RouteRecord): void {
  const timeZone = timezoneOf(ctx, route);
  const orders = liveOrders(ctx, route);
  const { previous, previousStart, previousEnd } = previousEntries(route);

  const points = [route.startLocation, ...orders.map((o) => o.location)];
  if (route.endLocation) points.push(route.endLocation);
  const matrix = ctx.travel(points, route.travelMode);
  const legSeconds = (a: number, b: number) => matrix.durations[a]?.[b] ?? 0;
  const legKm = (a: number, b: number) => (matrix.distances[a]?.[b] ?? 0) / 1000;

  const shiftStart = routeInstant(ctx, route, route.startTime);
  const completed = (entry: TimelineEntry | undefined): entry is TimelineEntry & CompletedTimes =>
    entry?.actualArrival != null && entry.actualDeparture != null;
  // A driver who completed a stop before the shift start set off at the latest by then, less the drive there.
  let start = shiftStart;
  orders.forEach((order, i) => {
    const old = previous.get(order.uuid);
    if (completed(old)) start = Math.min(start, old.actualArrival - legSeconds(0, i + 1) * 1000);
  });
  const timeline: TimelineEntry[] = [
    {
      type: "start_location",
      orderUuid: null,
      distanceFromPreviousKm: 0,
      plannedArrival: previousStart?.plannedArrival ?? null,
      plannedDeparture: previousStart?.plannedDeparture ?? null,
      estimatedArrival: start,
      estimatedDeparture: start,
      actualArrival: previousStart?.actualArrival ?? null,
      actualDeparture: previousStart?.actualDeparture ?? null,
    },
  ];
  // A pending stop is driven to from the departure of the stop before it; the first, from the shift start (the plan).
  let t = shiftStart;
  let previousDeparture = start;
  let distance = 0;
  orders.forEach((order, i) => {
    const km = legKm(i, i + 1);
    distance += km;
    const old = previous.get(order.uuid);
    let arrival: number;
    let departure: number;
    if (completed(old)) {
      // Its actual times, unless the stop before ends later (completions out of sequence): never backwards.
      arrival = Math.max(old.actualArrival, previousDeparture);
      departure = Math.max(old.actualDeparture, arrival);
    } else if (old?.actualArrival != null) {
      // The driver is at the stop: service started on arrival (never before the stop before ends).
      arrival = Math.max(old.actualArrival, previousDeparture);
      departure = arrival + order.duration * 1000;
    } else {
      arrival = serviceStart(windowInstants(order, route.date, timeZone), t + legSeconds(i, i + 1) * 1000);
      departure = arrival + order.duration * 1000;
    }
    t = departure;
    previousDeparture = departure;
    timeline.push({
      type: "delivering_stop",
      orderUuid: order.uuid,
      distanceFromPreviousKm: round3(km),
      plannedArrival: old?.plannedArrival ?? null,
      plannedDeparture: old?.plannedDeparture ?? null,
      estimatedArrival: arrival,
      estimatedDeparture: departure,
      actualArrival: old?.actualArrival ?? null,
      actualDeparture: old?.actualDeparture ?? null,
    });
  });
  let end = t;
  if (route.endLocation) {
    const last = orders.length;
    const km = orders.length > 0 ? legKm(last, last + 1) : 0;
    distance += km;
    end = orders.length > 0 ? t + legSeconds(last, last + 1) * 1000 : t;
    timeline.push({
      type: "end_location",
      orderUuid: null,
      distanceFromPreviousKm: round3(km),
      plannedArrival: previousEnd?.plannedArrival ?? null,
      plannedDeparture: previousEnd?.plannedDeparture ?? null,
      estimatedArrival: end,
      estimatedDeparture: end,
      actualArrival: previousEnd?.actualArrival ?? null,
      actualDeparture: previousEnd?.actualDeparture ?? null,
    });
  }
  route.timeline = timeline;
  route.distanceInKilometers = orders.length > 0 ? round3(distance) : 0;
  route.workingTimeInSeconds = orders.length > 0 ? Math.round((end - start) / 1000) : 0;
}

/** Fix the planned times of every stop to the current estimates (what publishing does). */
export function fixPlannedTimes(route: RouteRecord): void {
  for (const entry of route.timeline) {
    entry.plannedArrival = entry.estimatedArrival;
    entry.plannedDeparture = entry.estimatedDeparture;
  }
}

/** The constraints an order on a route breaks with the route's current timeline (empty when none). */
export function orderViolations(ctx: Context, route: RouteRecord, order: OrderRecord): Violation[] {
  const violations: Violation[] = [];
  const entry = route.timeline.find((e) => e.orderUuid === order.uuid);
  const timeZone = timezoneOf(ctx, route);
  const windows = windowInstants(order, route.date, timeZone);
  const arrival = entry?.estimatedArrival ?? null;
  if (arrival !== null && windows.length > 0 && !windows.some((w) => arrival >= w.start && arrival <= w.end)) {
    violations.push("time_window");
  }
  if (route.capacity !== null) {
    let load = 0;
    for (const uuid of route.orderUuids) load += ctx.state.orders.get(uuid)?.load ?? 0;
    if (load > route.capacity) violations.push("capacity");
  }
  if (!order.tags.every((tag) => route.tags.includes(tag))) violations.push("tags");
  const last = route.timeline[route.timeline.length - 1];
  const shiftEnd = routeInstant(ctx, route, route.endTime);
  const finish = route.endLocation ? last?.estimatedArrival : last?.estimatedDeparture;
  if (finish != null && route.orderUuids.length > 0 && finish > shiftEnd) violations.push("shift");
  return violations;
}
