/**
 * What `createFake` makes of its options before it builds anything: the base URL, seed and token, the one clock,
 * where secrets and request ids come from, and the context every domain command receives.
 */
import { createManualClock, createOffsetClock, type ManualClock } from "./domain/clock.js";
import { type Context, createActionRuntime, createState, type WorkRunners } from "./domain/context.js";
import { greatCircleTravel, hashGeocoder } from "./domain/geo.js";
import { createIds, type Ids, randomRequestIds, seededRequestIds } from "./domain/ids.js";
import { createListIndexes } from "./domain/list-index.js";
import { DEFAULT_BASE_URL, DEFAULT_TOKEN, type FakeOptions } from "./fake-api.js";
import type { Logger } from "./http/router.js";
import { systemClock } from "./system-clock.js";

/** A fake's options resolved. */
export interface FakeSettings {
  readonly baseUrl: string;
  readonly seed: number;
  readonly token: string;
  readonly clock: ManualClock;
  /** Created with `now` and no clock: the clock moves only when the test moves it. */
  readonly frozen: boolean;
  readonly log: Logger;
  /** A new id generator at the seed's start (the request ids go on: one stream for the fake's life). */
  newIds(): Ids;
}

function toInstant(now: number | string | Date): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === "string" ? Date.parse(now) : now;
  if (!Number.isFinite(ms)) throw new TypeError(`Failed to create the fake: now=${String(now)} is not a valid instant`);
  return ms;
}

/** Resolve `options` (a bad `now` throws). */
export function resolveSettings(options: FakeOptions): FakeSettings {
  const seed = options.seed ?? 1;
  const clock: ManualClock = options.clock
    ? createOffsetClock(options.clock)
    : options.now !== undefined
      ? createManualClock(toInstant(options.now))
      : createOffsetClock(systemClock);
  const random = (words: number) => crypto.getRandomValues(new Uint32Array(words));
  const entropy = options.secrets === "random" ? random : undefined;
  // One stream for the fake's life: reset and restore re-create the seeded ids but never rewind the request ids.
  const requestIds = options.requestIds === "random" ? randomRequestIds(random) : seededRequestIds(seed);
  return {
    baseUrl: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    seed,
    token: options.token ?? DEFAULT_TOKEN,
    clock,
    frozen: options.clock === undefined && options.now !== undefined,
    log: options.log ?? ((message, error) => console.error(`[dispatch-fake] ${message}`, error)),
    newIds: () => createIds(seed, entropy, requestIds),
  };
}

/** The context of a new fake: empty state, new ids, the options' services and action options. */
export function createContext(settings: FakeSettings, options: FakeOptions, runners: WorkRunners): Context {
  return {
    clock: settings.clock,
    ids: settings.newIds(),
    state: createState(),
    geocoder: options.geocoder ?? hashGeocoder,
    travel: options.travel ?? greatCircleTravel,
    actions: createActionRuntime(runners, options.actions),
    lists: createListIndexes(),
  };
}
