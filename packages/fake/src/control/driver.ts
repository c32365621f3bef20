/**
 * Driver simulation: what a route's driver does in the driver app, by hand (`fake.driver.arrive`, `complete`,
 * `completeNext`) or by an auto-driver that works through every published route along its timeline as the
 * fake's clock moves (`fake.driver.auto`). Completions are the API's completion (`domain/completion.ts`), so
 * they have the same effects: timeline, ETAs, customer notification, events.
 */
import type { Context } from "../domain/context.js";
import { arriveAtStop, completeAsDriver, nextStop, type RouteStop } from "../domain/driver.js";
import { DomainError } from "../domain/errors.js";
import { createRandom } from "../domain/ids.js";
import type { OrderRecord } from "../domain/records.js";
import { parseWith } from "../http/input.js";
import type { components } from "./generated/control-openapi.js";
import { autoDriverSchema, completionSchema, type Instant, instantField } from "./schemas.js";

type Schemas = components["schemas"];

/** How a driver completes a stop. */
export interface DriverCompletion {
  status: "delivered" | "missed";
  /**
   * When: epoch ms, an ISO-8601 instant or a Date. By default, what a dispatcher expects of the stop: after the
   * driver arrived, a delivery at the arrival plus the order's service time and a miss at the arrival; at a stop
   * still ahead on the clock (a future route), its estimated departure (delivered) or arrival (missed); otherwise
   * the fake's now.
   */
  at?: Instant;
  /** Delivery notes (at most 2,000 characters). */
  notes?: string;
  /** Why it was missed (only with `missed`; at most 1,000 characters). */
  missedReason?: string;
}

/**
 * A stop as the driver left it: its order's status and the driver's times (`DriverStop` of control-openapi.yaml, with
 * the times as epoch ms).
 */
export type DriverStop = Omit<Schemas["DriverStop"], "arrivedAt" | "completedAt"> & {
  /** When the driver arrived (null before). */
  arrivedAt: number | null;
  /** When the order was completed (its `deliveryTime`; null before). */
  completedAt: number | null;
};

/** Options of {@link FakeDriver.auto}. */
export interface AutoDriverOptions {
  /** Share of stops missed, 0 to 1 (default 0: every order delivered). */
  missRate?: number;
  /** Seed of the draws that decide which stops are missed (default 1): the same seed misses the same stops. */
  seed?: number;
  /** The reason of a missed stop (default `"Recipient not available"`). */
  missedReason?: string;
  /** Only these routes (default: every published route, also those published later). */
  routeUuids?: readonly string[];
}

/** The auto-driver's settings while it runs. */
export interface AutoDriverSettings {
  missRate: number;
  seed: number;
  missedReason: string;
  /** Null: every published route. */
  routeUuids: readonly string[] | null;
}

/** The drivers of a fake's routes. */
export interface FakeDriver {
  /**
   * The driver arrives at an order's stop (default: now): its actual arrival is recorded, the stops after it are
   * re-estimated and `route.eta_updated` is emitted. The order must be on a published route and not completed.
   */
  arrive(orderUuid: string, options?: { at?: Instant }): DriverStop;
  /**
   * The driver completes an order delivered or missed: the same effects as the API's complete (timeline, ETAs,
   * customer notification, `order.status_updated` then `route.eta_updated`).
   */
  complete(orderUuid: string, completion: DriverCompletion): DriverStop;
  /** Complete the next stop of a published route in sequence (default `delivered`). */
  completeNext(routeUuid: string, completion?: Partial<DriverCompletion>): DriverStop;
  /**
   * Start the auto-driver: as the clock moves (`fake.advance`, `fake.runUntilIdle`), it arrives at each stop of
   * every published route at the stop's estimated arrival and completes it at its estimated departure, or misses
   * it on arrival with probability `missRate` (seeded, deterministic). Calling it again changes the settings.
   */
  auto(options?: AutoDriverOptions): AutoDriverSettings;
  /** Stop the auto-driver. */
  stop(): void;
  /** The auto-driver's settings while it runs, else null. */
  readonly autoDriver: AutoDriverSettings | null;
}

/** The driver simulation of one fake, and its auto-driver's due work for the fake's background. */
export interface DriverSimulation {
  readonly driver: FakeDriver;
  /** When the auto-driver's next step is due (epoch ms), or null when it is off or has nothing left. */
  nextDueAt(): number | null;
  /** Run every auto-driver step due at or before the clock's now, in time order. */
  runDue(): void;
}

/** One step of the auto-driver: arrive at a stop, or complete a stop it is at. */
interface Step {
  at: number;
  stop: RouteStop;
}

interface AutoState extends AutoDriverSettings {
  random: () => number;
  /** Orders the auto-driver decided to deliver when it arrived (they are completed at their departure). */
  delivering: Set<string>;
}

const UINT32 = 2 ** 32;

function toDriverStop(order: OrderRecord, stop: RouteStop | undefined): DriverStop {
  return {
    orderUuid: order.uuid,
    routeUuid: stop?.route.uuid ?? order.routeUuid ?? "",
    status: order.status === "delivered" || order.status === "missed" ? order.status : "scheduled",
    arrivedAt: stop?.entry.actualArrival ?? null,
    completedAt: order.deliveryTime,
    missedReason: order.deliveryMissedReason,
    notes: order.deliveryNotes,
  };
}

/** The stop of an order as it is now (after a completion recomputed the timeline). */
function currentStop(ctx: Context, order: OrderRecord): RouteStop | undefined {
  const route = order.routeUuid ? ctx.state.routes.get(order.routeUuid) : undefined;
  const entry = route?.timeline.find((e) => e.orderUuid === order.uuid);
  return route && entry ? { order, route, entry } : undefined;
}

/**
 * When a completion without `at` happens: after an arrival, the arrival plus the service time (a delivery) or the
 * arrival (a miss); at a stop the clock has not reached, its estimated departure or arrival; else now.
 */
function defaultCompletionAt(ctx: Context, orderUuid: string, status: DriverCompletion["status"]): number | undefined {
  const order = ctx.state.orders.get(orderUuid);
  const stop = order ? currentStop(ctx, order) : undefined;
  if (!stop) return undefined;
  const { actualArrival, estimatedArrival, estimatedDeparture } = stop.entry;
  const reached =
    actualArrival ?? (estimatedArrival !== null && estimatedArrival > ctx.clock.now() ? estimatedArrival : null);
  if (reached === null) return undefined;
  // Service starts on arrival: the stop's estimated departure is its arrival plus the order's service time.
  return status === "missed" ? reached : (estimatedDeparture ?? reached);
}

function complete(ctx: Context, orderUuid: string, completion: DriverCompletion, action: string): DriverStop {
  const given = completion.at === undefined ? undefined : instantField(completion.at, "at", action);
  const status = completion.status === "missed" ? "missed" : "delivered";
  const at = given ?? defaultCompletionAt(ctx, orderUuid, status);
  const input = parseWith(
    completionSchema,
    { ...completion, ...(at !== undefined ? { at: new Date(at).toISOString() } : {}) },
    action,
  );
  const fields = { completedAt: at, notes: input.notes };
  const order = completeAsDriver(
    ctx,
    orderUuid,
    input.status === "missed"
      ? { ...fields, status: "missed", missedReason: input.missedReason }
      : { ...fields, status: "delivered" },
  );
  return toDriverStop(order, currentStop(ctx, order));
}

/** The auto-driver's next step on each route it drives, earliest first. */
function steps(ctx: Context, state: AutoState): Step[] {
  const found: Step[] = [];
  for (const route of ctx.state.routes.values()) {
    if (route.status !== "published" || (state.routeUuids && !state.routeUuids.includes(route.uuid))) continue;
    const stop = nextStop(ctx, route.uuid);
    if (!stop) continue;
    const arrived = stop.entry.actualArrival !== null;
    const at = (arrived ? stop.entry.estimatedDeparture : stop.entry.estimatedArrival) ?? ctx.clock.now();
    found.push({ at, stop });
  }
  // Stable: routes due at the same instant go in creation order.
  return found.sort((a, b) => a.at - b.at);
}

const misses = (state: AutoState) => state.random() / UINT32 < state.missRate;

function runStep(ctx: Context, state: AutoState, { at, stop }: Step): void {
  const uuid = stop.order.uuid;
  const missed = { status: "missed" as const, completedAt: at, missedReason: state.missedReason };
  if (stop.entry.actualArrival === null) {
    arriveAtStop(ctx, uuid, at);
    if (misses(state)) completeAsDriver(ctx, uuid, missed);
    else state.delivering.add(uuid);
    return;
  }
  // A stop it arrived at itself was decided then; one the test arrived at by hand is decided now.
  const deliver = state.delivering.delete(uuid) || !misses(state);
  completeAsDriver(ctx, uuid, deliver ? { status: "delivered", completedAt: at } : missed);
}

/** Build the driver simulation over a fake's context. */
export function createDriverSimulation(ctx: Context): DriverSimulation {
  let auto: AutoState | null = null;

  const driver: FakeDriver = {
    arrive(orderUuid, options = {}) {
      const at = options.at === undefined ? undefined : instantField(options.at, "at", "arrive at stop");
      const stop = arriveAtStop(ctx, orderUuid, at);
      return toDriverStop(stop.order, stop);
    },
    complete: (orderUuid, completion) => complete(ctx, orderUuid, completion, "complete order"),
    completeNext(routeUuid, completion = {}) {
      const stop = nextStop(ctx, routeUuid);
      if (!stop) {
        throw new DomainError(
          "CONFLICT",
          `Failed to complete the next stop: every stop of route ${routeUuid} is already completed`,
        );
      }
      return complete(ctx, stop.order.uuid, { status: "delivered", ...completion }, "complete the next stop");
    },
    auto(options = {}) {
      const parsed = parseWith(autoDriverSchema, { on: true, ...options }, "start the auto-driver");
      const settings: AutoDriverSettings = {
        missRate: parsed.missRate ?? 0,
        seed: parsed.seed ?? 1,
        missedReason: parsed.missedReason ?? "Recipient not available",
        routeUuids: parsed.routeUuids ?? null,
      };
      auto = { ...settings, random: createRandom(settings.seed), delivering: new Set() };
      return settings;
    },
    stop() {
      auto = null;
    },
    get autoDriver() {
      if (!auto) return null;
      const { missRate, seed, missedReason, routeUuids } = auto;
      return { missRate, seed, missedReason, routeUuids };
    },
  };

  return {
    driver,
    nextDueAt: () => (auto ? (steps(ctx, auto)[0]?.at ?? null) : null),
    runDue() {
      const state = auto;
      if (!state) return;
      for (let step = steps(ctx, state)[0]; step && step.at <= ctx.clock.now(); step = steps(ctx, state)[0]) {
        runStep(ctx, state, step);
      }
    },
  };
}
